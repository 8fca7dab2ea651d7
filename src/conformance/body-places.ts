/**
 * The places of a request body that negative and coverage cases change, one at a time: the body
 * itself, every property of every nested object, the first item of every array. A schema is read
 * through what code-first frameworks wrap it in: `$ref`s, a one-item `allOf` (NestJS's named
 * enums), the parts of an `allOf` merged, a `oneOf`/`anyOf` with one branch left once the branches
 * that admit only null (3.0's `nullable`, normalized) or nothing (zod's `not: {}`) are set aside.
 * An optional property the body lacks, or an array it leaves empty, is filled in with a value
 * sampled from its schema when the body stays valid with it, so that what it holds is reached too.
 */
import type { JsonSchema } from '../contract/model.js';
import { isRecord } from '../contract/pointer.js';
import { sampleSchema } from '../runtime/shared/sample.js';
import { acceptsNothing } from './arbitrary.js';

type Resolve = (ref: string) => JsonSchema | undefined;

/** A step into a body: a property name or an array index. */
export type Step = string | number;

export interface Place {
  /** Where in the body; empty for the body itself. */
  path: Step[];
  /** The schema there, flattened (effectiveSchema). */
  schema: Record<string, unknown>;
  /** The value there in `root`. */
  value: unknown;
  /** The valid body this place is changed in: the base body, with what was filled in to reach the place. */
  root: unknown;
}

/** Places visited per body, at most; and how deep. */
const MAX_PLACES = 96;
const MAX_PLACE_DEPTH = 10;
/** Optional parts filled in per body, at most. */
const MAX_FILLS = 16;

function onlyNull(schema: unknown): boolean {
  return isRecord(schema) && (schema['type'] === 'null' || (Array.isArray(schema['enum']) && schema['enum'].length === 1 && schema['enum'][0] === null));
}

/**
 * A schema as one object of keywords: `$ref`s followed, `allOf` parts merged (properties of both
 * combined, required names joined, otherwise the first part's keyword), a `oneOf`/`anyOf` with a
 * single branch that admits something other than null merged in. Undefined for no schema.
 */
export function effectiveSchema(schema: JsonSchema | undefined, resolve: Resolve, depth = 0): Record<string, unknown> | undefined {
  if (depth > 16) return undefined;
  let s: unknown = schema;
  for (let hops = 0; isRecord(s) && typeof s['$ref'] === 'string' && hops < 16; hops++) {
    const target = resolve(s['$ref']);
    const rest = { ...s };
    delete rest['$ref'];
    // 3.1 allows keywords beside a $ref: both apply.
    s = Object.keys(rest).length > 0 && isRecord(target) ? { allOf: [target, rest] } : target;
  }
  if (!isRecord(s)) return undefined;
  let out: Record<string, unknown> = { ...s };
  const parts: unknown[] = [];
  if (Array.isArray(s['allOf'])) {
    delete out['allOf'];
    parts.push(...s['allOf']);
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = s[key];
    if (!Array.isArray(list)) continue;
    const real = list.filter((b) => !acceptsNothing(b) && !onlyNull(b));
    if (real.length !== 1) continue;
    delete out[key];
    parts.push(real[0]);
  }
  for (const part of parts) {
    const flat = effectiveSchema(part as JsonSchema, resolve, depth + 1);
    if (flat) out = merge(out, flat);
  }
  return out;
}

function merge(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...b, ...a };
  if (isRecord(a['properties']) && isRecord(b['properties'])) {
    const properties: Record<string, unknown> = { ...b['properties'] };
    for (const [name, sub] of Object.entries(a['properties'])) {
      const other = properties[name];
      properties[name] = other === undefined ? sub : { allOf: [sub, other] };
    }
    out['properties'] = properties;
  }
  if (Array.isArray(a['required']) || Array.isArray(b['required']))
    out['required'] = [...new Set([...(Array.isArray(a['required']) ? a['required'] : []), ...(Array.isArray(b['required']) ? b['required'] : [])])];
  return out;
}

/** Whether a schema (or the one its $ref names) is the server's to set. */
export function readOnlyAt(schema: unknown, resolve: Resolve): boolean {
  if (!isRecord(schema)) return false;
  if (schema['readOnly'] === true) return true;
  const target = typeof schema['$ref'] === 'string' ? resolve(schema['$ref']) : undefined;
  return isRecord(target) && target['readOnly'] === true;
}

/** The value with the place at `path` set to `value` (or removed, for `undefined`); copies along the path, shares the rest. */
export function setAt(root: unknown, path: readonly Step[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [Step, ...Step[]];
  if (Array.isArray(root) && typeof head === 'number') {
    const copy = [...(root as unknown[])];
    copy[head] = setAt(copy[head], rest, value);
    return copy;
  }
  const copy: Record<string, unknown> = isRecord(root) ? { ...root } : {};
  const key = String(head);
  if (rest.length === 0 && value === undefined) delete copy[key];
  else copy[key] = setAt(copy[key], rest, value);
  return copy;
}

/** A place as a report names it: `order.lines[0].kind` (the body itself: `body`). */
export function placeName(path: readonly Step[]): string {
  let out = '';
  for (const step of path) out += typeof step === 'number' ? `[${step}]` : out === '' ? step : `.${step}`;
  return out === '' ? 'body' : out;
}

/**
 * The places of a valid body, depth first (the body, then each property and first item in order).
 * `valid` says whether a body is valid data (the contract's validators): a value is filled in only
 * where the body stays valid with it; without `valid`, nothing is filled in (only the places the
 * body has).
 */
export function bodyPlaces(body: unknown, schema: JsonSchema | undefined, resolve: Resolve, valid: ((body: unknown) => boolean) | undefined): Place[] {
  const out: Place[] = [];
  let fills = 0;
  const fill = (root: unknown, path: Step[], sub: unknown): unknown => {
    if (!valid || fills >= MAX_FILLS) return undefined;
    fills++;
    let sampled: unknown;
    try {
      sampled = sampleSchema(sub as JsonSchema, { resolve, seed: 1 });
    } catch {
      return undefined;
    }
    const filled = setAt(root, path, sampled);
    return valid(filled) ? filled : undefined;
  };
  const visit = (root: unknown, path: Step[], value: unknown, raw: unknown): void => {
    if (out.length >= MAX_PLACES || path.length > MAX_PLACE_DEPTH) return;
    const s = effectiveSchema(raw as JsonSchema, resolve);
    if (!s || s['readOnly'] === true) return;
    out.push({ path, schema: s, value, root });
    if (isRecord(value) && isRecord(s['properties'])) {
      for (const [name, sub] of Object.entries(s['properties'])) {
        if (readOnlyAt(sub, resolve)) continue;
        const at = [...path, name];
        if (Object.hasOwn(value, name)) visit(root, at, value[name], sub);
        else {
          const filled = fill(root, at, sub);
          if (filled !== undefined) visit(filled, at, valueAt(filled, at), sub);
        }
      }
    } else if (Array.isArray(value) && (isRecord(s['items']) || s['items'] === true)) {
      const at = [...path, 0];
      if (value.length > 0) visit(root, at, value[0], s['items']);
      else {
        const filled = fill(root, at, s['items']);
        if (filled !== undefined) visit(filled, at, valueAt(filled, at), s['items']);
      }
    }
  };
  visit(body, [], body, schema);
  return out;
}

function valueAt(root: unknown, path: readonly Step[]): unknown {
  let v = root;
  for (const step of path) v = Array.isArray(v) && typeof step === 'number' ? v[step] : isRecord(v) ? v[String(step)] : undefined;
  return v;
}

/** Up to `limit` items taken in turn from each group (the first of each, then the second of each...), so that no group crowds out the others. */
export function takeInTurn<T>(groups: ReadonlyArray<readonly T[]>, limit: number): T[] {
  const out: T[] = [];
  for (let i = 0; out.length < limit; i++) {
    let any = false;
    for (const g of groups) {
      const item = g[i];
      if (item === undefined) continue;
      any = true;
      out.push(item);
      if (out.length >= limit) break;
    }
    if (!any) break;
  }
  return out;
}
