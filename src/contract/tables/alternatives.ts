/**
 * Precise errors for `oneOf` and `anyOf`. Ajv reports every failing alternative's errors (one mistake
 * in a five-variant union is five lists of complaints), and errors from a `$ref` alternative carry
 * the referenced schema's path, so they cannot be sorted by alternative afterwards. Where the contract
 * says (or the schemas show) which alternative applies, the union is rewritten, before compiling,
 * into `if`/`then` steps that check only that alternative:
 *
 * - an OpenAPI `discriminator` (explicit `mapping`, the implicit component-name mapping, or a const
 *   or enum of the property in a variant): the variant the property's value names; the property
 *   missing is one error; a value that names no variant is checked against the union as written;
 *   with an OpenAPI 3.2 `defaultMapping`, the property missing or naming no variant is checked
 *   against the variant the default names;
 * - an implicit discriminator: every variant is an object that requires one property with a const
 *   (or enum) value, the values disjoint: the variant whose value the data carries, else one error
 *   listing the allowed values;
 * - variants of disjoint JSON types (`string` or `object`; `integer` and `number` overlap): the
 *   variant of the data's type, else one type error.
 *
 * Each rewrite accepts exactly what the union accepts (for a discriminator, as OpenAPI defines it:
 * the named variant decides), so only the messages change.
 */
import type { JsonSchema } from '../model.js';
import { componentName, mappingRef } from '../discriminator.js';
import { isRecord } from '../pointer.js';

/** Finds the (normalized) schema a `$ref` of the source document points at. */
export type SourceResolver = (ref: string) => JsonSchema | undefined;

const JSON_TYPES = ['null', 'boolean', 'object', 'array', 'number', 'string', 'integer'] as const;

/** Follows `$ref` chains (bounded, so a cycle gives up). */
function deref(schema: unknown, resolve: SourceResolver): Record<string, unknown> | undefined {
  let node = schema;
  for (let i = 0; i < 16 && isRecord(node); i++) {
    const ref = node['$ref'];
    if (typeof ref !== 'string') return node;
    node = resolve(ref);
  }
  return isRecord(node) && typeof node['$ref'] !== 'string' ? node : undefined;
}

function typeOfValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** The JSON types a variant can accept, when it says so plainly (`type`, `const`, `enum`); else undefined. */
function typesOf(schema: unknown, resolve: SourceResolver, depth = 0): Set<string> | undefined {
  const s = deref(schema, resolve);
  if (!s || depth > 8) return undefined;
  let types: Set<string> | undefined;
  const t = s['type'];
  if (typeof t === 'string') types = new Set([t]);
  else if (Array.isArray(t) && t.every((x) => typeof x === 'string')) types = new Set(t as string[]);
  else if ('const' in s) types = new Set([typeOfValue(s['const'])]);
  else if (Array.isArray(s['enum'])) types = new Set(s['enum'].map(typeOfValue));
  // An allOf narrows: the first member that states types decides (a common "base + extension" form).
  if (!types && Array.isArray(s['allOf'])) {
    for (const member of s['allOf']) {
      types = typesOf(member, resolve, depth + 1);
      if (types) break;
    }
  }
  if (!types || [...types].some((x) => !(JSON_TYPES as readonly string[]).includes(x))) return undefined;
  if (types.has('number')) types.add('integer');
  return types;
}

/** The values a variant allows for `property` (const or enum of its own or its allOf members' properties). */
function propertyValues(schema: unknown, property: string, resolve: SourceResolver, depth = 0): unknown[] | undefined {
  const s = deref(schema, resolve);
  if (!s || depth > 8) return undefined;
  const props = s['properties'];
  const p = isRecord(props) && Object.hasOwn(props, property) ? deref(props[property], resolve) : undefined;
  if (p && 'const' in p) return [p['const']];
  if (p && Array.isArray(p['enum'])) return p['enum'];
  if (Array.isArray(s['allOf'])) {
    for (const member of s['allOf']) {
      const found = propertyValues(member, property, resolve, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

/** Whether a variant requires `property` (itself or through an allOf member). */
function requires(schema: unknown, property: string, resolve: SourceResolver, depth = 0): boolean {
  const s = deref(schema, resolve);
  if (!s || depth > 8) return false;
  if (Array.isArray(s['required']) && s['required'].includes(property)) return true;
  return Array.isArray(s['allOf']) && s['allOf'].some((m) => requires(m, property, resolve, depth + 1));
}

/** The index of the variant a 3.2 `defaultMapping` names, when it names one of them. */
function defaultVariant(discriminator: Record<string, unknown>, source: unknown[]): number | undefined {
  const target = discriminator['defaultMapping'];
  if (typeof target !== 'string') return undefined;
  const ref = mappingRef(target);
  const index = source.findIndex((v) => isRecord(v) && v['$ref'] === ref);
  return index < 0 ? undefined : index;
}

function valueKey(v: unknown): string {
  return JSON.stringify(v);
}

/** `if` the data is an object whose `property` is `value`. */
function whenProperty(property: string, values: unknown[]): Record<string, unknown> {
  return { type: 'object', required: [property], properties: { [property]: values.length === 1 ? { const: values[0] } : { enum: values } } };
}

/** Nested `if`/`then`/`else` steps, the last `else` being `otherwise`. */
function chain(steps: Array<{ when: Record<string, unknown>; then: JsonSchema }>, otherwise: JsonSchema): JsonSchema {
  let out: JsonSchema = otherwise;
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i] as { when: Record<string, unknown>; then: JsonSchema };
    out = { if: step.when, then: step.then, else: out };
  }
  return out;
}

/** Values of the discriminator property to the index of the variant they name. */
function discriminatorValues(
  discriminator: Record<string, unknown>,
  source: unknown[],
  resolve: SourceResolver,
): Map<string, { value: unknown; index: number }> | undefined {
  const property = discriminator['propertyName'];
  if (typeof property !== 'string') return undefined;
  const byRef = new Map<string, number>();
  source.forEach((v, i) => {
    if (isRecord(v) && typeof v['$ref'] === 'string') byRef.set(v['$ref'], i);
  });
  const out = new Map<string, { value: unknown; index: number }>();
  const add = (value: unknown, index: number): boolean => {
    const key = valueKey(value);
    const prior = out.get(key);
    if (prior && prior.index !== index) return false; // one value naming two variants: no rewrite
    out.set(key, { value, index });
    return true;
  };
  const mapping = isRecord(discriminator['mapping']) ? discriminator['mapping'] : {};
  for (const [value, target] of Object.entries(mapping)) {
    if (typeof target !== 'string') continue;
    const index = byRef.get(mappingRef(target));
    if (index !== undefined && !add(value, index)) return undefined;
  }
  const mappedTargets = new Set(Object.values(mapping));
  for (const [ref, index] of byRef) {
    const name = componentName(ref);
    // The implicit mapping (the component's name) holds for variants the explicit mapping leaves out.
    if (name !== undefined && !mappedTargets.has(ref) && !mappedTargets.has(name) && !out.has(valueKey(name)) && !add(name, index)) return undefined;
  }
  for (let i = 0; i < source.length; i++) {
    for (const value of propertyValues(source[i], property, resolve) ?? []) if (!add(value, i)) return undefined;
  }
  return out.size > 0 ? out : undefined;
}

/** A property that every variant requires with const or enum values, the values disjoint across variants. */
function implicitDiscriminator(
  source: unknown[],
  resolve: SourceResolver,
): { property: string; values: Map<string, { value: unknown; index: number }> } | undefined {
  const first = deref(source[0], resolve);
  if (!first) return undefined;
  const candidates = new Set<string>();
  const collect = (s: Record<string, unknown> | undefined, depth: number): void => {
    if (!s || depth > 8) return;
    if (isRecord(s['properties'])) for (const k of Object.keys(s['properties'])) candidates.add(k);
    if (Array.isArray(s['allOf'])) for (const m of s['allOf']) collect(deref(m, resolve), depth + 1);
  };
  collect(first, 0);
  for (const property of [...candidates].sort()) {
    const values = new Map<string, { value: unknown; index: number }>();
    let ok = true;
    for (let i = 0; i < source.length && ok; i++) {
      const vs = requires(source[i], property, resolve) ? propertyValues(source[i], property, resolve) : undefined;
      if (!vs || vs.length === 0 || typesOf(source[i], resolve)?.has('object') !== true) ok = false;
      for (const value of vs ?? []) {
        if (values.has(valueKey(value))) ok = false;
        else values.set(valueKey(value), { value, index: i });
      }
    }
    if (ok) return { property, values };
  }
  return undefined;
}

/** Steps from discriminator values: one `if` per variant, with every value that names it. */
function propertySteps(
  property: string,
  values: Map<string, { value: unknown; index: number }>,
  prepared: JsonSchema[],
): Array<{ when: Record<string, unknown>; then: JsonSchema }> {
  const byIndex = new Map<number, unknown[]>();
  for (const { value, index } of values.values()) byIndex.set(index, [...(byIndex.get(index) ?? []), value]);
  return [...byIndex.entries()].sort((a, b) => a[0] - b[0]).map(([index, vs]) => ({ when: whenProperty(property, vs), then: prepared[index] as JsonSchema }));
}

/**
 * Rewrites the `oneOf` or `anyOf` of `prepared` (a schema already prepared for Ajv, whose variants
 * are `prepared[keyword]`) when one alternative can be chosen from the data; `source` is the
 * normalized schema it was prepared from (its discriminator and unprepared variants).
 */
export function narrowAlternatives(prepared: Record<string, unknown>, source: Record<string, unknown>, resolve: SourceResolver): Record<string, unknown> {
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const variants = prepared[keyword];
    const sourceVariants = source[keyword];
    if (!Array.isArray(variants) || !Array.isArray(sourceVariants) || variants.length < 2 || variants.length !== sourceVariants.length) continue;
    const union = { [keyword]: variants };
    let rewritten: JsonSchema | undefined;
    const discriminator = source['discriminator'];
    const explicit = isRecord(discriminator) ? discriminatorValues(discriminator, sourceVariants, resolve) : undefined;
    if (explicit && isRecord(discriminator)) {
      // OpenAPI requires the discriminator property: without it, one error saying so; with a value no
      // variant is named by, the union as written decides. OpenAPI 3.2's defaultMapping makes the
      // property optional: without it, or with a value no variant is named by, the default decides.
      const property = discriminator['propertyName'] as string;
      const present = { type: 'object', required: [property] };
      const fallback = defaultVariant(discriminator, sourceVariants);
      // A defaultMapping that names no alternative (a contract error) makes the property optional
      // still: without it, the union as written decides.
      const otherwise: JsonSchema =
        fallback !== undefined
          ? (variants[fallback] as JsonSchema)
          : typeof discriminator['defaultMapping'] === 'string'
            ? union
            : { if: present, then: union, else: present };
      rewritten = chain(propertySteps(property, explicit, variants as JsonSchema[]), otherwise);
    } else {
      const implicit = implicitDiscriminator(sourceVariants, resolve);
      if (implicit) {
        const all = [...implicit.values.values()].map((v) => v.value);
        rewritten = chain(propertySteps(implicit.property, implicit.values, variants as JsonSchema[]), whenProperty(implicit.property, all));
      } else {
        const types = sourceVariants.map((v) => typesOf(v, resolve));
        const seen = new Set<string>();
        const disjoint = types.every((t) => t !== undefined && [...t].every((x) => !seen.has(x)) && [...t].every((x) => seen.add(x)));
        if (disjoint) {
          const steps = (types as Array<Set<string>>).map((t, i) => ({
            when: { type: [...t].filter((x) => x !== 'integer' || !t.has('number')) },
            then: variants[i] as JsonSchema,
          }));
          const allTypes = [...seen].filter((x) => x !== 'integer' || !seen.has('number')).sort();
          rewritten = chain(steps, { type: allTypes });
        }
      }
    }
    if (rewritten === undefined) continue;
    const out: Record<string, unknown> = { ...prepared };
    delete out[keyword];
    out['allOf'] = [...(Array.isArray(out['allOf']) ? (out['allOf'] as unknown[]) : []), rewritten];
    return out;
  }
  return prepared;
}
