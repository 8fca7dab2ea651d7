/**
 * fast-check arbitraries derived from JSON Schemas: values a request may carry, kept small (short
 * strings, a few array items) so that a run sends many different requests quickly. What a schema
 * states that an arbitrary cannot build directly (`allOf` of several object parts, `not`, formats
 * it does not know) is approximated; the runner checks every generated value with the contract's
 * validators and only counts it as valid data when they accept it.
 */
import fc from 'fast-check';
import type { JsonSchema } from '../contract/model.js';
import { isRecord } from '../contract/pointer.js';

type Resolve = (ref: string) => JsonSchema | undefined;

const MAX_DEPTH = 5;
const MAX_STRING = 24;
const MAX_ITEMS = 3;

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function types(schema: Record<string, unknown>): string[] {
  const t = schema['type'];
  if (typeof t === 'string') return [t];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === 'string');
  if (isRecord(schema['properties']) || Array.isArray(schema['required']) || schema['additionalProperties'] !== undefined) return ['object'];
  if (schema['items'] !== undefined) return ['array'];
  if (schema['pattern'] !== undefined || schema['format'] !== undefined || schema['minLength'] !== undefined || schema['maxLength'] !== undefined)
    return ['string'];
  if (schema['minimum'] !== undefined || schema['maximum'] !== undefined) return ['number'];
  return [];
}

function stringArbitrary(schema: Record<string, unknown>): fc.Arbitrary<string> {
  const minLength = num(schema['minLength']) ?? 0;
  const maxLength = Math.max(minLength, Math.min(num(schema['maxLength']) ?? MAX_STRING, minLength + MAX_STRING));
  // Never a filter that might reject forever (a pattern whose matches are all longer than the
  // bound, say): values outside a bound are cut or padded, and the validators judge the result.
  const bounded = (a: fc.Arbitrary<string>): fc.Arbitrary<string> =>
    a.map((s) => {
      const chars = [...s];
      if (chars.length > maxLength) return chars.slice(0, maxLength).join('');
      return chars.length < minLength ? s + 'a'.repeat(minLength - chars.length) : s;
    });
  switch (schema['format']) {
    case 'date-time':
      return fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'email':
      return bounded(fc.emailAddress());
    case 'uuid':
      return fc.uuid();
    case 'uri':
    case 'url':
      return bounded(fc.webUrl());
    case 'ipv4':
      return fc.ipV4();
    case 'ipv6':
      return fc.ipV6();
    case 'int64':
    case 'int32':
      return fc.integer({ min: -1000, max: 1000 }).map(String);
    default:
      break;
  }
  if (typeof schema['pattern'] === 'string') {
    let re: RegExp | undefined;
    try {
      re = new RegExp(schema['pattern'], 'u');
    } catch {
      re = undefined;
    }
    // A pattern's matches are kept whole (cutting one would break it); the validators judge bounds.
    if (re) {
      try {
        return fc.stringMatching(re, { size: 'xsmall' });
      } catch {
        // fast-check cannot generate from every pattern (lookaround, backreferences): plain strings
        // then, which the validators judge (a value they refuse is sent as invalid data).
      }
    }
  }
  return fc.string({
    minLength,
    maxLength,
    unit: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-_'.split('')) },
      { weight: 1, arbitrary: fc.constantFrom(' ', 'é', '"', '\\', '/', '%', '😀', '<', '\u0000') },
    ),
  });
}

function numberArbitrary(schema: Record<string, unknown>, integer: boolean): fc.Arbitrary<number> {
  let min = num(schema['minimum']);
  let max = num(schema['maximum']);
  const exMin = schema['exclusiveMinimum'];
  const exMax = schema['exclusiveMaximum'];
  if (typeof exMin === 'number') min = integer ? Math.floor(exMin) + 1 : exMin + 1e-6;
  else if (exMin === true && min !== undefined) min = integer ? min + 1 : min + 1e-6;
  if (typeof exMax === 'number') max = integer ? Math.ceil(exMax) - 1 : exMax - 1e-6;
  else if (exMax === true && max !== undefined) max = integer ? max - 1 : max - 1e-6;
  const multipleOf = num(schema['multipleOf']);
  const lo = min ?? (max !== undefined ? max - 10_000 : -10_000);
  const hi = max ?? lo + 20_000;
  if (integer || multipleOf !== undefined) {
    const step = multipleOf ?? 1;
    const from = Math.ceil(lo / step);
    const to = Math.floor(hi / step);
    if (to < from) return fc.constant(lo);
    const span = Math.min(to - from, Number.MAX_SAFE_INTEGER);
    return fc.integer({ min: 0, max: Math.min(span, 2 ** 31 - 1) }).map((i) => Number(((from + i) * step).toPrecision(15)));
  }
  return fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
}

/** An arbitrary of the values a schema describes (approximately; see the module comment). */
export function schemaArbitrary(schema: JsonSchema | undefined, resolve: Resolve, depth = 0): fc.Arbitrary<unknown> {
  if (schema === true || schema === undefined) return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean());
  if (schema === false || !isRecord(schema)) return fc.constant(null);
  if (depth > MAX_DEPTH) return fc.constant(null);
  if (typeof schema['$ref'] === 'string') return schemaArbitrary(resolve(schema['$ref']), resolve, depth + 1);
  if ('const' in schema) return fc.constant(schema['const']);
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) return fc.constantFrom(...(schema['enum'] as unknown[]));
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list) && list.length > 0) {
      const base = { ...schema };
      delete base[key];
      const merged = list.map((branch) =>
        isRecord(branch) && Object.keys(base).some((k) => k !== 'description' && k !== 'title') ? { allOf: [base, branch] } : branch,
      );
      return fc.oneof(...merged.map((b) => schemaArbitrary(b as JsonSchema, resolve, depth + 1)));
    }
  }
  if (Array.isArray(schema['allOf']) && schema['allOf'].length > 0) {
    const parts = schema['allOf'].map((p) => (isRecord(p) && typeof p['$ref'] === 'string' ? resolve(p['$ref']) : p));
    // Objects combine: every part's properties and required names in one object schema.
    if (
      parts.every(
        (p) =>
          isRecord(p) &&
          (types(p).length === 0 || types(p).includes('object')) &&
          !Array.isArray(p['oneOf']) &&
          !Array.isArray(p['anyOf']) &&
          !Array.isArray(p['allOf']),
      )
    ) {
      const properties: Record<string, unknown> = {};
      const required = new Set<string>();
      for (const p of parts as Array<Record<string, unknown>>) {
        if (isRecord(p['properties'])) Object.assign(properties, p['properties']);
        if (Array.isArray(p['required'])) for (const r of p['required']) required.add(String(r));
      }
      const rest = { ...schema };
      delete rest['allOf'];
      return schemaArbitrary(
        { ...rest, type: 'object', properties: { ...properties, ...(isRecord(rest['properties']) ? rest['properties'] : {}) }, required: [...required] },
        resolve,
        depth + 1,
      );
    }
    return schemaArbitrary(parts[0] as JsonSchema, resolve, depth + 1);
  }
  const ts = types(schema);
  const nullable = schema['nullable'] === true || ts.includes('null');
  const real = ts.filter((t) => t !== 'null');
  const options = (real.length > 0 ? real : ['string', 'integer', 'boolean']).map((t) => typedArbitrary(t, schema, resolve, depth));
  const value = options.length === 1 ? (options[0] as fc.Arbitrary<unknown>) : fc.oneof(...options);
  return nullable ? fc.option(value, { nil: null, freq: 6 }) : value;
}

function typedArbitrary(type: string, schema: Record<string, unknown>, resolve: Resolve, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minItems = num(schema['minItems']) ?? 0;
      const maxItems = Math.max(minItems, Math.min(num(schema['maxItems']) ?? MAX_ITEMS, minItems + MAX_ITEMS));
      const items = schemaArbitrary(
        isRecord(schema['items']) || typeof schema['items'] === 'boolean' ? (schema['items'] as JsonSchema) : true,
        resolve,
        depth + 1,
      );
      return schema['uniqueItems'] === true
        ? fc.uniqueArray(items, { minLength: minItems, maxLength: maxItems, selector: (v) => JSON.stringify(v) })
        : fc.array(items, { minLength: minItems, maxLength: maxItems });
    }
    case 'object': {
      const properties = isRecord(schema['properties']) ? schema['properties'] : {};
      const required = new Set(Array.isArray(schema['required']) ? schema['required'].map(String) : []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      const readOnly = new Set<string>();
      for (const [name, sub] of Object.entries(properties)) {
        // Read-only properties are the server's to set: a request leaves them out, required or not.
        const resolved = isRecord(sub) && typeof sub['$ref'] === 'string' ? resolve(sub['$ref']) : sub;
        if ((isRecord(resolved) && resolved['readOnly'] === true) || (isRecord(sub) && sub['readOnly'] === true)) {
          readOnly.add(name);
          continue;
        }
        record[name] = schemaArbitrary(sub as JsonSchema, resolve, depth + 1);
      }
      for (const name of required) if (!(name in record) && !readOnly.has(name)) record[name] = fc.string({ minLength: 1, maxLength: 8 });
      const requiredKeys = [...required].filter((k) => k in record);
      return fc.record(record, { requiredKeys });
    }
    default:
      return fc.constant(null);
  }
}
