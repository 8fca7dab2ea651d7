/**
 * The security phase: each secured operation without its credential, and with a malformed one,
 * must not succeed (ignored_auth: a 2xx is the fault); a 401 for a scheme that can challenge must
 * carry WWW-Authenticate (auth_challenge). An API key carried in Authorization is also sent empty
 * (`Bearer ` alone).
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
    else if (keyInAuthorization)
      cases.push([{ ...anonymous, headers: { ...anonymous.headers, authorization: 'Bearer ' } }, 'an empty credential (Authorization: Bearer)']);
    for (const [request, origin] of cases) {
      // An undeclared 401 is the contract's omission, the same for every secured operation: counted
      // once for the contract, not once per operation.
      const outcome = await ctx.exchange(op, 'security', request, origin, 'any', (f) => f.check === 'status_code_conformance' && f.cause === 'status 401');
      const response = outcome.response;
      if (!response) continue;
      const sent = outcome.sent;
      // As Schemathesis judges it: only an answer that succeeds (2xx) ignores the missing credential;
      // a 403, a 404 or a redirect to a login page refuses it.
      if (response.status >= 200 && response.status < 300) {
        ctx.fail(
          op,
          'security',
          {
            check: 'ignored_auth',
            message: `a request with ${origin} succeeds with ${response.status}`,
            location: `${op.pointer}/security`,
            cause: 'succeeds',
          },
          sent,
          response,
        );
      } else ctx.tally(op, 'ignored_auth', true);
      // A 401 for a scheme that can challenge names the challenge (RFC 9110 §11.6.1): its own check.
      if (response.status === 401 && challengeable) {
        if (response.headers['www-authenticate'] === undefined) {
          ctx.fail(
            op,
            'security',
            { check: 'auth_challenge', message: `401 without WWW-Authenticate (${origin})`, location: `${op.pointer}/security`, cause: 'no WWW-Authenticate' },
            sent,
            response,
          );
        } else ctx.tally(op, 'auth_challenge', true);
      }
    }
  }
}
