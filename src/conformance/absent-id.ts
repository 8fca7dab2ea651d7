/**
 * The id of a document never created, built to the schema of the path parameter that names it: a
 * server that checks ids (a uuid, an integer in range, a pattern, a length) must see a well-formed
 * id, so that its answer (404) says the document is absent, not that the id is malformed (400).
 * Seeded: the same run asks for the same id.
 */
import type { JsonSchema, OperationModel, ParameterModel } from '../contract/model.js';
import { isRecord } from '../contract/pointer.js';
import { sampleFromPattern } from '../runtime/shared/regex-sample.js';
import { sampleValid } from '../runtime/shared/sample.js';
import type { CompiledValidators } from '../contract/tables/validators.js';

/** A seeded generator of numbers in [0, 1). */
function seeded(seed: number): () => number {
  let state = (seed * 2654435761) >>> 0 || 0x2545f491;
  return () => {
    let t = (state += 0x6d2b79f5);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A version-4 uuid from seeded digits. */
function uuidFrom(next: () => number): string {
  const hex = (n: number): string => Array.from({ length: n }, () => Math.floor(next() * 16).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[Math.floor(next() * 4)] ?? '8'}${hex(3)}-${hex(12)}`;
}

/** The schema behind `$ref`s and single-branch allOf/oneOf/anyOf (how code-first tools wrap a named schema). */
function unwrap(schema: JsonSchema | undefined, resolve: (ref: string) => JsonSchema | undefined, depth = 0): Record<string, unknown> {
  if (!isRecord(schema) || depth > 16) return {};
  if (typeof schema['$ref'] === 'string') return unwrap(resolve(schema['$ref']), resolve, depth + 1);
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    const list = schema[key];
    if (Array.isArray(list) && list.length === 1) return { ...unwrap(list[0] as JsonSchema, resolve, depth + 1), ...omit(schema, key) };
  }
  return schema;
}

function omit(schema: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _dropped, ...rest } = schema;
  return rest;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Candidates, most telling first: ids a server is unlikely to have given, shaped as the schema asks. */
function candidates(s: Record<string, unknown>, seed: number): unknown[] {
  const next = seeded(seed);
  const type = Array.isArray(s['type']) ? s['type'].find((t) => t !== 'null') : s['type'];
  if (Array.isArray(s['enum'])) return [...s['enum']].reverse();
  if (type === 'integer' || type === 'number') {
    const exMin = num(s['exclusiveMinimum']) ?? (s['exclusiveMinimum'] === true ? num(s['minimum']) : undefined);
    const exMax = num(s['exclusiveMaximum']) ?? (s['exclusiveMaximum'] === true ? num(s['maximum']) : undefined);
    const min = exMin !== undefined ? Math.floor(exMin) + 1 : Math.ceil(num(s['minimum']) ?? -2147483648);
    const max = exMax !== undefined ? Math.ceil(exMax) - 1 : Math.floor(num(s['maximum']) ?? 2147483647);
    if (min > max) return [];
    // High in the range (ids are counted up from 1), a little below its top, varied by the seed.
    const high = Math.min(max, 2147480000 + (seed % 1000));
    const span = high - Math.max(min, 0);
    const out = [high, span > 1000 ? high - 1 - Math.floor(next() * 1000) : high, max, min];
    return out.filter((v) => v >= min && v <= max);
  }
  const out: unknown[] = [];
  const format = typeof s['format'] === 'string' ? s['format'].toLowerCase() : undefined;
  if (format === 'uuid' || format === 'guid') out.push(uuidFrom(next));
  if (typeof s['pattern'] === 'string') {
    for (let i = 0; i < 4; i++) {
      const value = sampleFromPattern(s['pattern'], next);
      if (value !== undefined) out.push(value);
    }
  }
  const plain = `specforge-absent-${seed}`;
  const minLength = num(s['minLength']) ?? 0;
  const maxLength = num(s['maxLength']);
  let fitted = plain.length < minLength ? plain + '0'.repeat(minLength - plain.length) : plain;
  // Too long: the seed's digits kept at the end, so that short ids still differ by run.
  if (maxLength !== undefined && fitted.length > maxLength) fitted = `absent${seed}`.slice(-maxLength).padStart(Math.max(minLength, 0), '0');
  if (format === undefined || (format !== 'uuid' && format !== 'guid')) out.push(fitted);
  out.push(uuidFrom(next));
  return out;
}

/**
 * An id for `param` (a path parameter of `op`) that the operation's validators accept and that no
 * server is likely to have given: built to its schema (format uuid, integer bounds, pattern,
 * length, enum), else a value sampled from it the validators accept.
 */
export function absentId(
  op: OperationModel,
  param: ParameterModel,
  resolve: (ref: string) => JsonSchema | undefined,
  validators: CompiledValidators,
  seed: number,
): unknown {
  const fn = validators.operationValidators[op.id]?.path;
  const own = `/${param.name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  const accepts = (value: unknown): boolean =>
    !fn || fn({ [param.name]: value }) || !(fn.errors ?? []).some((e) => e.instancePath === own || e.instancePath.startsWith(`${own}/`));
  const schema = unwrap(param.schema, resolve);
  for (const value of candidates(schema, seed)) if (value !== '' && accepts(value)) return value;
  return sampleValid(param.schema, accepts, { resolve, seed: seed + 7919 }).value;
}
