/**
 * The mock engine: answers each operation from its documented examples, a sampled value, or an
 * `x-specforge-mock` body template evaluated against the request.
 */
import type { AnyHandler, HandlerResponse, RequestContext } from './server.js';
import type { ApiSpec, MockSpec } from './spec.js';

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function lookup(source: string, ctx: RequestContext): unknown {
  const [head, ...rest] = source.split('.');
  let node: unknown;
  switch (head) {
    case 'claims':
      node = ctx.auth?.claims;
      break;
    case 'path':
    case 'query':
    case 'header':
    case 'cookie':
      node = ctx.params[head];
      break;
    case 'body':
      node = ctx.body;
      break;
    default:
      return undefined;
  }
  for (const key of rest) {
    // Own properties only: "claims.constructor" must not reach Object's prototype.
    if (!isRecord(node) || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

/** Evaluates a body template: `{ "$from": ["claims.sub", …], "default"?: v }` nodes take request values. */
export function evaluateTemplate(template: unknown, ctx: RequestContext): unknown {
  if (Array.isArray(template)) return template.map((t) => evaluateTemplate(t, ctx));
  if (!isRecord(template)) return template;
  if ('$from' in template) {
    const sources = Array.isArray(template['$from']) ? template['$from'] : [template['$from']];
    for (const s of sources) {
      if (typeof s !== 'string') continue;
      const v = lookup(s, ctx);
      if (v !== undefined) return v;
    }
    return template['default'];
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(template)) {
    const value = evaluateTemplate(v, ctx);
    if (value === undefined) continue;
    if (k === '__proto__') Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true });
    else out[k] = value;
  }
  return out;
}

/** Mock handlers for every operation of `api`. */
export function createMockHandlers(api: ApiSpec, mocks: Readonly<Record<string, MockSpec>>): Record<string, AnyHandler> {
  const handlers: Record<string, AnyHandler> = {};
  for (const op of api.operations) {
    const mock = mocks[op.id];
    if (!mock) continue;
    handlers[op.id] = (ctx): HandlerResponse => {
      const body = mock.template !== undefined ? evaluateTemplate(mock.template, ctx) : mock.examples.length > 0 ? mock.examples[0]?.value : mock.sample;
      const response: HandlerResponse = { status: mock.status };
      if (body !== undefined) response.body = body;
      if (mock.contentType) response.contentType = mock.contentType;
      return response;
    };
  }
  return handlers;
}
