/**
 * fast-check arbitraries derived from JSON Schemas: values a request may carry, kept small (short
 * strings, a few array items) so that a run sends many different requests quickly. Nesting is
 * counted in objects and arrays, never in `$ref`s, and every required property gets a value at any
 * depth; recursion ends by leaving optional parts out (see schemaArbitrary). What a schema
 * states that an arbitrary cannot build directly (`allOf` of several object parts, `not`, formats
 * it does not know) is approximated; the runner checks every generated value with the contract's
 * validators and only counts it as valid data when they accept it.
 */
import fc from 'fast-check';
import type { JsonSchema } from '../contract/model.js';
import { isRecord } from '../contract/pointer.js';

type Resolve = (ref: string) => JsonSchema | undefined;

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
  return fc.string({ minLength, maxLength, unit: STRING_UNIT });
}

/** The characters of generated strings: mostly plain, sometimes one a server may mishandle. */
const STRING_UNIT = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-_'.split('')) },
  { weight: 1, arbitrary: fc.constantFrom(' ', 'é', '"', '\\', '/', '%', '😀', '<', '\u0000') },
);

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

/**
 * Where generation stands: `depth` counts real nesting only (object properties, array items), and
 * `refs` how often each `$ref` is on the way down, which is what ends a recursive schema.
 */
interface At {
  depth: number;
  refs: ReadonlyMap<string, number>;
}

/** One build of an arbitrary: how deep optional parts go, and how many schema nodes it may visit. */
interface Walk {
  resolve: Resolve;
  /** Below this depth, optional properties are left out and arrays that may be empty are empty. */
  optionalDepth: number;
  budget: number;
  /** A dry build only finds out whether a depth fits the budget: it makes no arbitrary (DRY stands for each). */
  dry: boolean;
}

/** What a dry build returns for every arbitrary it would make. */
const DRY: fc.Arbitrary<unknown> = fc.constant(null);

/** Thrown when a build visits more schema nodes than its budget (a wide recursive contract). */
class OverBudget extends Error {}

/** How often one `$ref` may be on the way down: a recursive schema nests this many times, then ends. */
const MAX_REF_VISITS = 2;
/** Schema nodes one build may visit; past it, the build is made again with shallower optional parts. */
const BUDGET = 1000;
/** How deep optional parts go, tried in order until a build fits the budget. */
const OPTIONAL_DEPTHS = [12, 8, 5, 3, 2, 1, 0];
/** Nesting past which nothing is built, whatever is required (a guard; contracts do not nest this deep). */
const HARD_DEPTH = 64;

/** Whether a schema admits no value at all: `false`, `not: {}` (zod's "never"), `not: true`. */
export function acceptsNothing(schema: unknown): boolean {
  if (schema === false) return true;
  if (!isRecord(schema) || !('not' in schema)) return false;
  const not = schema['not'];
  return not === true || (isRecord(not) && Object.keys(not).length === 0);
}

/**
 * An arbitrary of the values a schema describes (approximately; see the module comment). Every
 * required property is built at any depth (a `$ref` is no level); a recursive schema ends where
 * each `$ref` has been entered MAX_REF_VISITS times, by leaving optional properties out, arrays
 * empty, and oneOf/anyOf branches that would go deeper aside. Null only where the schema allows it
 * (or where no value can be built at all: the validators then count it invalid).
 */
export function schemaArbitrary(schema: JsonSchema | undefined, resolve: Resolve): fc.Arbitrary<unknown> {
  // Dry builds (nothing made, nodes counted) find the deepest optional parts that fit the budget;
  // then the arbitrary is made once, visiting the same nodes.
  for (const optionalDepth of OPTIONAL_DEPTHS) {
    try {
      build(schema, { resolve, optionalDepth, budget: BUDGET, dry: true }, { depth: 0, refs: new Map() });
    } catch (error) {
      if (!(error instanceof OverBudget)) throw error;
      continue;
    }
    return build(schema, { resolve, optionalDepth, budget: Infinity, dry: false }, { depth: 0, refs: new Map() }) ?? fc.constant(null);
  }
  // Even the required parts alone are more than the budget: a contract built to be expensive.
  return fc.constant(null);
}

function anyValue(): fc.Arbitrary<unknown> {
  return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean());
}

/** The schema a `$ref` names, and the way down with it counted; undefined past MAX_REF_VISITS. */
function enter(schema: Record<string, unknown>, w: Walk, at: At): { schema: JsonSchema | undefined; at: At } | undefined {
  let s: JsonSchema | undefined = schema;
  let refs = at.refs;
  for (let hops = 0; isRecord(s) && typeof s['$ref'] === 'string' && hops < 32; hops++) {
    const ref = s['$ref'];
    const n = refs.get(ref) ?? 0;
    if (n >= MAX_REF_VISITS) return undefined;
    refs = new Map(refs).set(ref, n + 1);
    s = w.resolve(ref);
  }
  return { schema: s, at: { depth: at.depth, refs } };
}

/** The parts of an allOf, nested allOfs and $refs flattened; undefined when a part goes past MAX_REF_VISITS. */
function allOfParts(schema: Record<string, unknown>, w: Walk, at: At): { parts: JsonSchema[]; at: At } | undefined {
  const parts: JsonSchema[] = [];
  let refs = at.refs;
  const visit = (s: unknown, hops: number): boolean => {
    if (hops > 16) return true;
    const entered = isRecord(s) ? enter(s, w, { depth: at.depth, refs }) : { schema: s as JsonSchema, at: { depth: at.depth, refs } };
    if (!entered) return false;
    refs = entered.at.refs;
    const part = entered.schema;
    if (isRecord(part) && Array.isArray(part['allOf']) && !Array.isArray(part['oneOf']) && !Array.isArray(part['anyOf'])) {
      const rest = { ...part };
      delete rest['allOf'];
      if (Object.keys(rest).length > 0) parts.push(rest);
      return part['allOf'].every((p) => visit(p, hops + 1));
    }
    if (part !== undefined) parts.push(part);
    return true;
  };
  const rest = { ...schema };
  delete rest['allOf'];
  if (!visit({ allOf: schema['allOf'] }, 0)) return undefined;
  return { parts: [rest, ...parts], at: { depth: at.depth, refs } };
}

/** Keywords that say nothing of the value (annotations). */
const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'default', 'deprecated', '$comment', 'externalDocs', 'xml']);

function build(schema: JsonSchema | undefined, w: Walk, at: At): fc.Arbitrary<unknown> | undefined {
  if (--w.budget < 0) throw new OverBudget();
  if (schema === true || schema === undefined) return w.dry ? DRY : anyValue();
  if (!isRecord(schema) || acceptsNothing(schema) || at.depth > HARD_DEPTH) return undefined;
  if (typeof schema['$ref'] === 'string') {
    const entered = enter(schema, w, at);
    if (!entered) return undefined;
    return entered.schema === undefined ? (w.dry ? DRY : anyValue()) : build(entered.schema, w, entered.at);
  }
  if ('const' in schema) return w.dry ? DRY : fc.constant(schema['const']);
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) return w.dry ? DRY : fc.constantFrom(...(schema['enum'] as unknown[]));
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list) && list.length > 0) {
      const base = { ...schema };
      delete base[key];
      delete base['discriminator'];
      const meaningful = Object.keys(base).some((k) => !ANNOTATIONS.has(k));
      // A branch that admits nothing (zod's `not: {}`) is no branch; one that cannot be built here
      // (recursion at its end) is left aside.
      const branches = list
        .filter((branch) => !acceptsNothing(branch))
        .map((branch) => build((meaningful && isRecord(branch) ? { allOf: [base, branch] } : branch) as JsonSchema, w, at))
        .filter((a): a is fc.Arbitrary<unknown> => a !== undefined);
      if (branches.length === 0) return undefined;
      return branches.length === 1 || w.dry ? branches[0] : fc.oneof(...branches);
    }
  }
  if (Array.isArray(schema['allOf']) && schema['allOf'].length > 0) {
    const flat = allOfParts(schema, w, at);
    if (!flat) return undefined;
    const parts = flat.parts.filter((p) => !(isRecord(p) && Object.keys(p).every((k) => ANNOTATIONS.has(k))));
    if (parts.some((p) => acceptsNothing(p))) return undefined;
    if (parts.length === 0) return w.dry ? DRY : anyValue();
    if (parts.length === 1) return build(parts[0], w, flat.at);
    // Objects combine: every part's properties and required names in one object schema.
    if (
      parts.every(
        (p) =>
          isRecord(p) &&
          (types(p).length === 0 || types(p).includes('object')) &&
          !Array.isArray(p['oneOf']) &&
          !Array.isArray(p['anyOf']) &&
          p['enum'] === undefined &&
          !('const' in p),
      )
    ) {
      const properties: Record<string, unknown> = {};
      const required = new Set<string>();
      for (const p of parts as Array<Record<string, unknown>>) {
        if (isRecord(p['properties'])) Object.assign(properties, p['properties']);
        if (Array.isArray(p['required'])) for (const r of p['required']) required.add(String(r));
      }
      return typedArbitrary('object', { type: 'object', properties, required: [...required] }, w, flat.at);
    }
    // Else the most telling part (an enum, a type) is built, and the validators judge the rest.
    const telling = parts.find((p) => isRecord(p) && (Array.isArray(p['enum']) || 'const' in p)) ?? parts.find((p) => isRecord(p) && types(p).length > 0);
    return build(telling ?? parts[0], w, flat.at);
  }
  const ts = types(schema);
  const nullable = schema['nullable'] === true || ts.includes('null');
  const real = ts.filter((t) => t !== 'null');
  const options = (real.length > 0 ? real : ['string', 'integer', 'boolean'])
    .map((t) => typedArbitrary(t, schema, w, at))
    .filter((a): a is fc.Arbitrary<unknown> => a !== undefined);
  if (options.length === 0) return nullable ? fc.constant(null) : undefined;
  if (w.dry) return DRY;
  const value = options.length === 1 ? (options[0] as fc.Arbitrary<unknown>) : fc.oneof(...options);
  return nullable ? fc.option(value, { nil: null, freq: 6 }) : value;
}

function typedArbitrary(type: string, schema: Record<string, unknown>, w: Walk, at: At): fc.Arbitrary<unknown> | undefined {
  if (w.dry && type !== 'array' && type !== 'object') return ['string', 'integer', 'number', 'boolean', 'null'].includes(type) ? DRY : undefined;
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minItems = num(schema['minItems']) ?? 0;
      const maxItems = Math.max(minItems, Math.min(num(schema['maxItems']) ?? MAX_ITEMS, minItems + MAX_ITEMS));
      // Past the depth of optional parts, an array that may be empty is.
      if (minItems === 0 && at.depth >= w.optionalDepth) return fc.constant([]);
      const itemSchema = isRecord(schema['items']) || typeof schema['items'] === 'boolean' ? (schema['items'] as JsonSchema) : true;
      const items = build(itemSchema, w, { depth: at.depth + 1, refs: at.refs });
      if (!items) return minItems === 0 ? fc.constant([]) : undefined;
      if (w.dry) return DRY;
      return schema['uniqueItems'] === true
        ? fc.uniqueArray(items, { minLength: minItems, maxLength: maxItems, selector: (v) => JSON.stringify(v) })
        : fc.array(items, { minLength: minItems, maxLength: maxItems });
    }
    case 'object': {
      const properties = isRecord(schema['properties']) ? schema['properties'] : {};
      const required = new Set(Array.isArray(schema['required']) ? schema['required'].map(String) : []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      const readOnly = new Set<string>();
      const below: At = { depth: at.depth + 1, refs: at.refs };
      for (const [name, sub] of Object.entries(properties)) {
        // Read-only properties are the server's to set: a request leaves them out, required or not.
        const resolved = isRecord(sub) && typeof sub['$ref'] === 'string' ? w.resolve(sub['$ref']) : sub;
        if ((isRecord(resolved) && resolved['readOnly'] === true) || (isRecord(sub) && sub['readOnly'] === true)) {
          readOnly.add(name);
          continue;
        }
        if (!required.has(name) && at.depth >= w.optionalDepth) continue;
        const arbitrary = build(sub as JsonSchema, w, below);
        if (arbitrary) record[name] = arbitrary;
        // A required property no value can be built for: nor for the object (an optional one is left out).
        else if (required.has(name)) return undefined;
      }
      const extra = schema['additionalProperties'];
      for (const name of required) {
        if (name in record || readOnly.has(name)) continue;
        const arbitrary = isRecord(extra) ? build(extra, w, below) : extra === false ? undefined : w.dry ? DRY : fc.string({ minLength: 1, maxLength: 8 });
        if (!arbitrary) return undefined;
        record[name] = arbitrary;
      }
      const requiredKeys = [...required].filter((k) => k in record);
      if (w.dry) return DRY;
      return fc.record(record, { requiredKeys });
    }
    default:
      return undefined;
  }
}
