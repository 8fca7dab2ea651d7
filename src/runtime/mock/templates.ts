/** `x-specforge-mock` templates: bodies and headers evaluated against the request and the stored resource. */
import { sha256Hex } from '../shared/sha256.js';
import type { RequestContext } from '../server/context.js';
import { isRecord } from '../shared/object.js';
import { replaceFirst } from '../validation/pattern.js';
import { clone, setOwn, step, merge } from './paths.js';

export interface TemplateScope {
  /** The stored document (stateful operations). */
  resource?: unknown;
  /** The element and its position, inside a `$map`. */
  item?: unknown;
  index?: number;
}

/** The time now in each unit a template may ask for (`$now`, or `now.<unit>` in `$from` and `$format`). */
export function now(unit: unknown): number | string {
  const ms = Date.now();
  if (unit === 'nanoseconds') return ms * 1e6;
  if (unit === 'milliseconds') return ms;
  if (unit === 'iso') return new Date(ms).toISOString();
  return Math.floor(ms / 1000);
}

export function lookup(source: string, ctx: RequestContext, scope: TemplateScope): unknown {
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
    case 'resource':
      node = scope.resource;
      break;
    case 'item':
      node = scope.item;
      break;
    case 'index':
      node = scope.index;
      break;
    case 'now':
      return rest.length === 1 ? now(rest[0]) : undefined;
    default:
      return undefined;
  }
  for (const key of rest) {
    // Own properties only: "claims.constructor" must not reach Object's prototype.
    node = step(node, key);
    if (node === undefined) return undefined;
  }
  return node;
}

/** A value named by a source ("body.x") or computed by a template. */
export function operand(spec: unknown, ctx: RequestContext, scope: TemplateScope): unknown {
  return typeof spec === 'string' ? lookup(spec, ctx, scope) : evaluateTemplate(spec, ctx, scope);
}

export function truthy(v: unknown): boolean {
  return v !== undefined && v !== null && v !== false && v !== '' && !(Array.isArray(v) && v.length === 0);
}

/** A value derived deterministically from text: a UUID-shaped string, a positive integer or hex. */
export function hashed(text: string, as: unknown): string | number {
  const h = sha256Hex(text);
  if (as === 'integer') return (parseInt(h.slice(0, 12), 16) % 9_000_000_000) + 1_000_000;
  if (as === 'hex') return h;
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16] as string, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export const MAX_MAPPED = 10_000;

/** Text put into a URL: what a path may hold stays, the rest (spaces, quotes, ?, #, %) is percent-encoded. */
export function urlText(text: string): string {
  return text.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/]/gu, (ch) =>
    encodeURIComponent(ch).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
  );
}

/**
 * Evaluates a body template. Nodes with one of these keys compute a value; everything else is
 * copied with its parts evaluated:
 *
 * - `{ $from: [source, …], default? }`: the first present value of claims, path, query, header,
 *   cookie, body, resource (stateful operations), item and index (inside `$map`), or now (with a
 *   default, a null value is not present);
 * - `{ $format: 'text {source|fallback} text' }`: a string with values put in;
 * - `{ $now: seconds | milliseconds | nanoseconds | iso }`: the time;
 * - `{ $if: source, then?, else? }`: `then` when the value is present and not false, null, empty;
 * - `{ $map: { over: source or template, to: template } }`: each element as `item` (and `index`);
 * - `{ $merge: [template, …] }`: objects merged deeply, later ones win;
 * - `{ $replace: { value, pattern, with } }`: the first match of a regular expression replaced;
 * - `{ $hash: { of: template, as: uuid | integer | hex } }`: a value derived from the text.
 */
export function evaluateTemplate(template: unknown, ctx: RequestContext, scope: TemplateScope = {}): unknown {
  if (Array.isArray(template)) return template.map((t) => evaluateTemplate(t, ctx, scope));
  if (!isRecord(template)) return template;
  if (typeof template['$format'] === 'string') {
    // "{query.fromImage}:{query.tag|latest}": each {source|default} replaced by its value. In a URL
    // ("https://host/orgs/{path.org}") the values are percent-encoded, so the result stays a URI.
    const format = template['$format'];
    const inUrl = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(format);
    return format.replace(/\{([^{}|]+)(?:\|([^{}]*))?\}/g, (_m, source: string, fallback: string | undefined) => {
      const v = lookup(source.trim(), ctx, scope);
      const text = v === undefined || v === null || v === '' ? (fallback ?? '') : typeof v === 'string' ? v : JSON.stringify(v);
      return inUrl ? urlText(text) : text;
    });
  }
  if (template['$now'] !== undefined) return now(template['$now']);
  if ('$from' in template) {
    const sources = Array.isArray(template['$from']) ? template['$from'] : [template['$from']];
    // With a default, a null value counts as absent (`Labels: null` in a request means no labels).
    const skipNull = template['default'] !== undefined;
    for (const s of sources) {
      if (typeof s !== 'string') continue;
      const v = lookup(s, ctx, scope);
      if (v !== undefined && !(skipNull && v === null)) return clone(v);
    }
    return template['default'];
  }
  if ('$if' in template) {
    const branch = truthy(operand(template['$if'], ctx, scope)) ? template['then'] : template['else'];
    return branch === undefined ? undefined : evaluateTemplate(branch, ctx, scope);
  }
  if (isRecord(template['$map'])) {
    const spec = template['$map'];
    const over = operand(spec['over'], ctx, scope);
    if (!Array.isArray(over)) return [];
    return over.slice(0, MAX_MAPPED).map((item: unknown, index) => evaluateTemplate(spec['to'], ctx, { ...scope, item, index }));
  }
  if (Array.isArray(template['$merge'])) {
    return template['$merge'].reduce<unknown>((acc, t) => {
      const v = evaluateTemplate(t, ctx, scope);
      return v === undefined ? acc : acc === undefined ? v : merge(acc, v);
    }, undefined);
  }
  if (isRecord(template['$replace'])) {
    const spec = template['$replace'];
    const value = evaluateTemplate(spec['value'], ctx, scope);
    if (typeof value !== 'string' || typeof spec['pattern'] !== 'string') return value;
    return replaceFirst(spec['pattern'], value, typeof spec['with'] === 'string' ? spec['with'] : '');
  }
  if (isRecord(template['$hash'])) {
    const of = evaluateTemplate(template['$hash']['of'], ctx, scope);
    return hashed(typeof of === 'string' ? of : JSON.stringify(of ?? null), template['$hash']['as']);
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(template)) {
    const value = evaluateTemplate(v, ctx, scope);
    if (value !== undefined) setOwn(out, k, value);
  }
  return out;
}

export const resourceReads = new WeakMap<object, boolean>();

/** Whether a template reads the stored resource: a `resource.` source or a `{resource.…}` placeholder. */
export function readsResource(template: unknown): boolean {
  const test = (t: unknown): boolean => /"resource\.|\{resource\./.test(JSON.stringify(t) ?? '');
  if (template === null || typeof template !== 'object') return test(template);
  let reads = resourceReads.get(template);
  if (reads === undefined) {
    reads = test(template);
    resourceReads.set(template, reads);
  }
  return reads;
}
