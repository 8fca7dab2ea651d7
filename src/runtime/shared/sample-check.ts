/**
 * Whether a sampled value fits a schema, for the sampler's own choices (sample.ts): which oneOf
 * branch gives a value that matches that branch alone, which enum member or documented value also
 * meets the schema's other constraints, whether an optional property's value can be kept. It reads
 * the keywords sampling has to respect (types, const, enum, lengths, patterns, ranges, items,
 * required and closed properties, compositions); formats and if/then/else are taken as met. The
 * validators stay the judge: callers that have one check the whole value (sampleValid).
 */
import { isRecord } from './object.js';

type Schema = Record<string, unknown> | boolean;
type Resolve = (ref: string) => Schema | undefined;

/** Nesting past which a value is taken to fit (the walk stays bounded on recursive schemas). */
const MAX_DEPTH = 48;

const patterns = new Map<string, RegExp | undefined>();

function pattern(source: string): RegExp | undefined {
  if (patterns.has(source)) return patterns.get(source);
  let re: RegExp | undefined;
  try {
    re = new RegExp(source, 'u');
  } catch {
    re = undefined;
  }
  if (patterns.size > 1024) patterns.clear();
  patterns.set(source, re);
  return re;
}

function typeFits(type: string, value: unknown): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === 'boolean';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'string':
      return typeof value === 'string';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isRecord(value);
    default:
      return true;
  }
}

/** JSON equality: primitives by value (an enum of hundreds of strings is checked for every sampled value), the rest by their JSON text. */
function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether `value` fits `schema` (see the module comment for what is read). */
export function fits(schema: Schema | undefined, value: unknown, resolve: Resolve | undefined, depth = 0): boolean {
  if (schema === undefined || schema === true || depth > MAX_DEPTH) return true;
  if (schema === false) return false;
  if (!isRecord(schema)) return true;
  const s = schema;
  if (typeof s['$ref'] === 'string') {
    const target = resolve?.(s['$ref']);
    if (target !== undefined && !fits(target, value, resolve, depth + 1)) return false;
  }
  const type = s['type'];
  const nullable = s['nullable'] === true && value === null;
  if (!nullable) {
    if (typeof type === 'string' && !typeFits(type, value)) return false;
    if (Array.isArray(type) && !type.some((t) => typeFits(String(t), value))) return false;
  }
  if ('const' in s && !equal(s['const'], value)) return false;
  if (Array.isArray(s['enum']) && !s['enum'].some((e) => equal(e, value)) && !nullable) return false;
  if (Array.isArray(s['allOf']) && !s['allOf'].every((sub) => fits(sub as Schema, value, resolve, depth + 1))) return false;
  if (Array.isArray(s['anyOf']) && !s['anyOf'].some((sub) => fits(sub as Schema, value, resolve, depth + 1))) return false;
  if (Array.isArray(s['oneOf']) && s['oneOf'].filter((sub) => fits(sub as Schema, value, resolve, depth + 1)).length !== 1) return false;
  if (s['not'] !== undefined && fits(s['not'] as Schema, value, resolve, depth + 1)) return false;
  if (typeof value === 'string') return stringFits(s, value);
  if (typeof value === 'number') return numberFits(s, value);
  if (Array.isArray(value)) return arrayFits(s, value, resolve, depth);
  if (isRecord(value)) return objectFits(s, value, resolve, depth);
  return true;
}

function stringFits(s: Record<string, unknown>, value: string): boolean {
  const length = [...value].length;
  if (typeof s['minLength'] === 'number' && length < s['minLength']) return false;
  if (typeof s['maxLength'] === 'number' && length > s['maxLength']) return false;
  if (typeof s['pattern'] === 'string') {
    const re = pattern(s['pattern']);
    if (re && !re.test(value)) return false;
  }
  return true;
}

function numberFits(s: Record<string, unknown>, value: number): boolean {
  if (typeof s['minimum'] === 'number' && value < s['minimum']) return false;
  if (typeof s['maximum'] === 'number' && value > s['maximum']) return false;
  if (typeof s['exclusiveMinimum'] === 'number' && value <= s['exclusiveMinimum']) return false;
  if (typeof s['exclusiveMaximum'] === 'number' && value >= s['exclusiveMaximum']) return false;
  const step = s['multipleOf'];
  if (typeof step === 'number' && step > 0) {
    const q = value / step;
    if (Math.abs(q - Math.round(q)) > 1e-9) return false;
  }
  return true;
}

function arrayFits(s: Record<string, unknown>, value: unknown[], resolve: Resolve | undefined, depth: number): boolean {
  if (typeof s['minItems'] === 'number' && value.length < s['minItems']) return false;
  if (typeof s['maxItems'] === 'number' && value.length > s['maxItems']) return false;
  const prefix = Array.isArray(s['prefixItems']) ? (s['prefixItems'] as Schema[]) : [];
  const items = s['items'] as Schema | undefined;
  for (let i = 0; i < value.length; i++) {
    const sub = i < prefix.length ? prefix[i] : items;
    if (sub !== undefined && !fits(sub, value[i], resolve, depth + 1)) return false;
  }
  if (s['uniqueItems'] === true && new Set(value.map((v) => JSON.stringify(v))).size !== value.length) return false;
  return true;
}

function objectFits(s: Record<string, unknown>, value: Record<string, unknown>, resolve: Resolve | undefined, depth: number): boolean {
  const properties = isRecord(s['properties']) ? s['properties'] : {};
  if (Array.isArray(s['required']) && !s['required'].every((name) => Object.hasOwn(value, String(name)))) return false;
  const keys = Object.keys(value);
  if (typeof s['minProperties'] === 'number' && keys.length < s['minProperties']) return false;
  if (typeof s['maxProperties'] === 'number' && keys.length > s['maxProperties']) return false;
  const patternProps = isRecord(s['patternProperties']) ? Object.entries(s['patternProperties']) : [];
  const additional = s['additionalProperties'] as Schema | undefined;
  for (const key of keys) {
    if (Object.hasOwn(properties, key)) {
      if (!fits(properties[key] as Schema, value[key], resolve, depth + 1)) return false;
      continue;
    }
    const byPattern = patternProps.filter(([p]) => pattern(p)?.test(key) === true);
    if (byPattern.length > 0) {
      if (!byPattern.every(([, sub]) => fits(sub as Schema, value[key], resolve, depth + 1))) return false;
      continue;
    }
    if (additional !== undefined && !fits(additional, value[key], resolve, depth + 1)) return false;
  }
  return true;
}
