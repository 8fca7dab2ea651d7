/**
 * OpenAPI links, run in the stateful phase: an operation's answer feeds the linked operation's
 * parameters, and what a link promises exists must not be a 404.
 */
import type { ParameterModel } from '../../contract/model.js';
import { getAtPointer, isRecord, resolveLocalRef } from '../../contract/pointer.js';
import type { ReceivedResponse } from '../checks.js';
import type { RunContext } from '../exchange.js';
import { buildRequest, type ExampleRequest } from '../requests.js';

/**
 * The value of a link's runtime expression ($response.body#/id, $response.header.Location,
 * $request.path.org, or a constant); `requestValue` reads the request's side, which the live run and
 * a replay know differently.
 */
export function runtimeExpressionValue(
  expression: unknown,
  response: ReceivedResponse,
  requestValue: (where: 'path' | 'query' | 'header', name: string) => unknown,
): unknown {
  if (typeof expression !== 'string' || !expression.startsWith('$')) return expression;
  if (expression.startsWith('$response.body')) {
    const hash = expression.indexOf('#');
    return hash < 0 ? response.json : getAtPointer(response.json, expression.slice(hash + 1)).value;
  }
  const header = /^\$response\.header\.(.+)$/.exec(expression);
  if (header) return response.headers[(header[1] ?? '').toLowerCase()];
  const req = /^\$request\.(path|query|header)\.(.+)$/.exec(expression);
  return req ? requestValue(req[1] as 'path' | 'query' | 'header', req[2] ?? '') : undefined;
}

/** A link's value in the live run: the parameter values sent, else the request's header. */
function linkValue(expression: unknown, sent: ExampleRequest, response: ReceivedResponse, values: ReadonlyMap<ParameterModel, unknown>): unknown {
  return runtimeExpressionValue(expression, response, (where, name) => {
    for (const [p, v] of values) if (p.in === where && p.name.toLowerCase() === name.toLowerCase()) return v;
    return where === 'header' ? sent.headers[name.toLowerCase()] : undefined;
  });
}

/**
 * OpenAPI links: after an operation answers the status a link hangs on, the linked operation is
 * called with the parameters the link computes from the request and the answer; what a link
 * promises exists (a created resource's read) must not be a 404.
 */
export async function links(ctx: RunContext): Promise<void> {
  for (const op of ctx.operations) {
    for (const declared of op.responses) {
      if (!/^2\d\d$/.test(declared.status)) continue;
      let node = getAtPointer(ctx.model.document, declared.pointer).value;
      if (isRecord(node) && typeof node['$ref'] === 'string') node = resolveLocalRef(ctx.model.document, node['$ref'])?.value;
      const links = isRecord(node) && isRecord(node['links']) ? node['links'] : undefined;
      if (!links) continue;
      const values = ctx.exampleValues(op);
      const request = buildRequest(ctx.model, op, values, ctx.exampleBody(op));
      const first = await ctx.exchange(op, 'stateful', request, `${op.id}, whose ${declared.status} has links`, 'any');
      if (!first.response || String(first.response.status) !== declared.status) continue;
      for (const [name, raw] of Object.entries(links)) {
        const link = isRecord(raw) && typeof raw['$ref'] === 'string' ? resolveLocalRef(ctx.model.document, raw['$ref'])?.value : raw;
        if (!isRecord(link) || typeof link['operationId'] !== 'string') continue;
        const target = ctx.opById(link['operationId']);
        if (!target) continue;
        const targetValues = ctx.exampleValues(target);
        for (const [key, expression] of Object.entries(isRecord(link['parameters']) ? link['parameters'] : {})) {
          const dot = key.indexOf('.');
          const [where, pname] =
            dot > 0 && ['path', 'query', 'header', 'cookie'].includes(key.slice(0, dot)) ? [key.slice(0, dot), key.slice(dot + 1)] : [undefined, key];
          const p = target.parameters.find((x) => x.name === pname && (where === undefined || x.in === where));
          const value = linkValue(expression, request, first.response, values);
          if (p && value !== undefined) targetValues.set(p, value);
        }
        const body = target.method === 'get' || target.method === 'delete' ? undefined : ctx.exampleBody(target);
        const linked = buildRequest(ctx.model, target, targetValues, body);
        const outcome = await ctx.exchange(target, 'stateful', linked, `link ${name} from ${op.id}`, 'any');
        const status = outcome.response?.status;
        if (status === undefined || status >= 500) continue;
        const sent = outcome.sent;
        if (status === 404 || status === 410) {
          ctx.fail(
            target,
            'stateful',
            {
              check: 'ensure_resource_availability',
              message: `link ${name} from ${op.id} ${declared.status} leads to ${status}`,
              location: `${declared.pointer}/links/${name}`,
            },
            sent,
            outcome.response,
          );
        } else ctx.tally(target, 'ensure_resource_availability', true);
      }
    }
  }
}
