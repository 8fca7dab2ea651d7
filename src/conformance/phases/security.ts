/**
 * The security phase: each secured operation without its credential, and with a malformed one,
 * must answer 401 (with WWW-Authenticate for a scheme that can challenge), or 403 where the
 * operation declares 403 (the refusal specforge's server and mock pick where 401 is not declared);
 * an API key carried in Authorization is also sent empty (`Bearer ` alone), refused the same way.
 */
import type { RunContext } from '../exchange.js';
import { buildRequest, type ExampleRequest } from '../requests.js';

export async function security(ctx: RunContext): Promise<void> {
  for (const op of ctx.operations) {
    if (op.security.length === 0 || op.security.some((alt) => Object.keys(alt).length === 0)) continue;
    const challengeable = op.security.some((alt) =>
      Object.keys(alt).some((name) => {
        const scheme = ctx.model.securitySchemes.find((s) => s.name === name);
        return scheme !== undefined && scheme.type !== 'apiKey' && scheme.type !== 'mutualTLS';
      }),
    );
    const declares403 = op.responses.some((r) => r.status === '403');
    const anonymous = buildRequest(ctx.model, op, ctx.exampleValues(op), ctx.exampleBody(op), { anonymous: true });
    const cases: Array<[ExampleRequest, string]> = [[anonymous, 'no credential']];
    // An API key carried in Authorization: a scheme word without a key (`Bearer `) is an empty credential.
    const keyInAuthorization = op.security.some((alt) =>
      Object.keys(alt).some((name) => {
        const scheme = ctx.model.securitySchemes.find((s) => s.name === name);
        return scheme?.type === 'apiKey' && scheme.in === 'header' && scheme.paramName?.toLowerCase() === 'authorization';
      }),
    );
    if (challengeable) cases.push([{ ...anonymous, headers: { ...anonymous.headers, authorization: 'Bearer' } }, 'a malformed credential']);
    else if (keyInAuthorization) cases.push([{ ...anonymous, headers: { ...anonymous.headers, authorization: 'Bearer ' } }, 'an empty credential (Authorization: Bearer)']);
    for (const [request, origin] of cases) {
      const outcome = await ctx.exchange(op, 'security', request, origin, 'any');
      const response = outcome.response;
      if (!response) continue;
      const sent = outcome.sent;
      // A refusal is 401, or the 403 the operation declares (many interfaces answer 403 to a missing key).
      const refused = response.status === 401 || (response.status === 403 && declares403);
      if (!refused) {
        ctx.fail(op, 'security', { check: 'ignored_auth', message: `a request with ${origin} answers ${response.status}, not ${declares403 ? '401 or the declared 403' : '401'}`, location: `${op.pointer}/security` }, sent, response);
      } else if (challengeable && response.headers['www-authenticate'] === undefined) {
        ctx.fail(op, 'security', { check: 'ignored_auth', message: `401 without WWW-Authenticate (${origin})`, location: `${op.pointer}/security` }, sent, response);
      } else ctx.tally(op, 'ignored_auth', true);
    }
  }
}
