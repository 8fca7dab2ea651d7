/**
 * The zod target's printer: one zod expression per prepared schema (the validator plan's), with the
 * generated helpers (zod-prelude.ts) for what zod has no method for.
 */
import type { JsonSchema } from '../src/contract/model.js';
import { isRecord } from '../src/contract/pointer.js';
import type { ValidatorPlan } from '../src/contract/tables/validators.js';
import { identifierPart } from '../src/codegen/ajv-standalone.js';
import { jsonLiteral, propertyKey } from '../src/codegen/escape.js';
import { formats } from '../src/runtime/validation/standalone.js';

const TYPE_KEYWORDS: Record<string, readonly string[]> = {
  string: ['minLength', 'maxLength', 'pattern', 'format', 'contentEncoding', 'contentMediaType'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'format'],
  array: ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'contains', 'minContains', 'maxContains', 'additionalItems'],
  object: [
    'properties',
    'required',
    'additionalProperties',
    'patternProperties',
    'propertyNames',
    'minProperties',
    'maxProperties',
    'dependentRequired',
    'dependentSchemas',
  ],
};

const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'null', 'array', 'object'];

/** The type a format checks (ajv-formats: strings unless it says numbers). */
function formatType(name: string): 'string' | 'number' | undefined {
  const f: unknown = formats[name];
  if (f === undefined) return undefined;
  return isRecord(f) && !(f instanceof RegExp) && f['type'] === 'number' ? 'number' : 'string';
}

const isPrimitive = (v: unknown): boolean => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** The identifier of a $defs key's zod schema: readable and stable (a hash where the key loses characters). */
export function schemaName(key: string): string {
  return `z_${identifierPart(key, 60)}`;
}

export class ZodPrinter {
  constructor(private readonly plan: ValidatorPlan) {}

  /** `$defs` keys reached by a `$ref` of this schema. */
  ref(ref: string): string {
    const key = decodeURIComponent(ref.replace(/^#\/\$defs\//, ''))
      .replace(/~1/g, '/')
      .replace(/~0/g, '~');
    return schemaName(key);
  }

  expr(schema: JsonSchema | undefined): string {
    if (schema === undefined || schema === true) return 'z.unknown()';
    if (schema === false) return 'z.never()';
    if (!isRecord(schema)) return 'z.unknown()';
    const s = schema;
    const parts: string[] = [];
    const checks: string[] = [];
    if (typeof s['$ref'] === 'string') parts.push(this.ref(s['$ref']));

    const types = typeof s['type'] === 'string' ? [s['type']] : Array.isArray(s['type']) ? (s['type'] as string[]) : undefined;
    const enumValues = Array.isArray(s['enum']) ? (s['enum'] as unknown[]) : 'const' in s ? [s['const']] : undefined;
    const hasTypeKeywords = Object.values(TYPE_KEYWORDS).some((list) => list.some((k) => k in s));
    if (
      enumValues !== undefined &&
      enumValues.length > 0 &&
      enumValues.every(isPrimitive) &&
      !hasTypeKeywords &&
      (types === undefined || enumValues.every((v) => types.some((t) => matchesType(v, t))))
    ) {
      parts.push(`z.literal(${jsonLiteral(enumValues)})`);
    } else {
      if (enumValues !== undefined) checks.push(`__enum(${jsonLiteral(enumValues)})`);
      if (types !== undefined) {
        const branches = types.filter((t) => JSON_TYPES.includes(t)).map((t) => this.typed(s, t));
        const nonNull = branches.filter((_, i) => types[i] !== 'null');
        if (branches.length === 0) parts.push('z.never()');
        else if (branches.length === 1) parts.push(branches[0] as string);
        else if (nonNull.length === 1 && types.includes('null')) parts.push(`${nonNull[0] as string}.nullable()`);
        else parts.push(`z.union([${branches.join(', ')}])`);
      } else if (hasTypeKeywords) {
        const fmt = typeof s['format'] === 'string' ? formatType(s['format']) : undefined;
        const present = Object.entries(TYPE_KEYWORDS)
          .filter(([t, list]) => list.some((k) => k !== 'format' && k in s) || fmt === t)
          .map(([t]) => t);
        if (present.length > 0) parts.push(`__byType({ ${present.map((t) => `${t}: ${this.typed(s, t)}`).join(', ')} })`);
      }
    }
    if (Array.isArray(s['allOf'])) for (const m of s['allOf']) parts.push(this.expr(m as JsonSchema));
    if (Array.isArray(s['anyOf'])) {
      const members = s['anyOf'].map((m) => this.expr(m as JsonSchema));
      parts.push(members.length === 1 ? (members[0] as string) : `z.union([${members.join(', ')}])`);
    }
    if (Array.isArray(s['oneOf'])) {
      const members = s['oneOf'].map((m) => this.expr(m as JsonSchema));
      if (members.length === 1) parts.push(members[0] as string);
      else {
        parts.push(`z.union([${members.join(', ')}])`);
        checks.push(`__oneOf([${members.join(', ')}])`);
      }
    }
    if ('not' in s) checks.push(`__not(${this.expr(s['not'] as JsonSchema)})`);
    if ('if' in s && ('then' in s || 'else' in s)) {
      checks.push(
        `__ifThen(${this.expr(s['if'] as JsonSchema)}, ${'then' in s ? this.expr(s['then'] as JsonSchema) : 'undefined'}, ${'else' in s ? this.expr(s['else'] as JsonSchema) : 'undefined'})`,
      );
    }
    let out = parts.length === 0 ? 'z.unknown()' : (parts.reduce((a, b) => `z.intersection(${a}, ${b})`) as string);
    for (const c of checks) out += `.superRefine(${c})`;
    return out;
  }

  /** The schema of one JSON type with that type's keywords. */
  typed(s: Record<string, unknown>, type: string): string {
    const num = (k: string): number | undefined => (typeof s[k] === 'number' ? (s[k] as number) : undefined);
    const format = typeof s['format'] === 'string' ? s['format'] : undefined;
    switch (type) {
      case 'string': {
        let e = 'z.string()';
        const min = num('minLength');
        const max = num('maxLength');
        if (min !== undefined) e += `.refine((v) => __chars(v) >= ${min}, ${jsonLiteral(`must NOT have fewer than ${min} characters`)})`;
        if (max !== undefined) e += `.refine((v) => __chars(v) <= ${max}, ${jsonLiteral(`must NOT have more than ${max} characters`)})`;
        if (typeof s['pattern'] === 'string') e += `.refine(__pattern(${jsonLiteral(s['pattern'])}), ${jsonLiteral(`must match pattern "${s['pattern']}"`)})`;
        if (format !== undefined && formatType(format) === 'string')
          e += `.refine(__format(${jsonLiteral(format)}), ${jsonLiteral(`must match format "${format}"`)})`;
        return e;
      }
      case 'number':
      case 'integer': {
        let e = 'z.number()';
        if (type === 'integer') e += `.refine((v) => Number.isInteger(v), 'must be integer')`;
        const bounds: Array<[string, string]> = [
          ['minimum', 'gte'],
          ['exclusiveMinimum', 'gt'],
          ['maximum', 'lte'],
          ['exclusiveMaximum', 'lt'],
        ];
        for (const [k, method] of bounds) {
          const n = num(k);
          if (n !== undefined) e += `.${method}(${jsonLiteral(n)})`;
        }
        const m = num('multipleOf');
        if (m !== undefined) e += `.refine(__multipleOf(${jsonLiteral(m)}), ${jsonLiteral(`must be multiple of ${m}`)})`;
        if (format !== undefined && formatType(format) === 'number')
          e += `.refine(__format(${jsonLiteral(format)}), ${jsonLiteral(`must match format "${format}"`)})`;
        return e;
      }
      case 'boolean':
        return 'z.boolean()';
      case 'null':
        return 'z.null()';
      case 'array':
        return this.array(s);
      case 'object':
        return this.object(s);
      default:
        return 'z.never()';
    }
  }

  array(s: Record<string, unknown>): string {
    const prefix = Array.isArray(s['prefixItems']) ? (s['prefixItems'] as JsonSchema[]) : undefined;
    const items = s['items'] as JsonSchema | undefined;
    let e = prefix === undefined && items !== undefined && items !== false ? `z.array(${this.expr(items)})` : 'z.array(z.unknown())';
    if (typeof s['minItems'] === 'number') e += `.min(${s['minItems']})`;
    if (typeof s['maxItems'] === 'number') e += `.max(${s['maxItems']})`;
    const o: string[] = [];
    if (prefix !== undefined) {
      o.push(`prefix: [${prefix.map((p) => this.expr(p)).join(', ')}]`);
      if (items !== undefined) o.push(`rest: ${items === false ? 'false' : this.expr(items)}`);
    } else if (items === false) o.push('rest: false');
    if (s['uniqueItems'] === true) o.push('unique: true');
    if ('contains' in s) {
      o.push(`contains: ${this.expr(s['contains'] as JsonSchema)}`);
      if (typeof s['minContains'] === 'number') o.push(`minContains: ${s['minContains']}`);
      if (typeof s['maxContains'] === 'number') o.push(`maxContains: ${s['maxContains']}`);
    }
    if (o.length > 0) e += `.superRefine(__items({ ${o.join(', ')} }))`;
    return e;
  }

  object(s: Record<string, unknown>): string {
    const properties = isRecord(s['properties']) ? s['properties'] : {};
    const required = Array.isArray(s['required']) ? (s['required'] as unknown[]).filter((n): n is string => typeof n === 'string') : [];
    const named = Object.keys(properties);
    const additional = s['additionalProperties'] as JsonSchema | undefined;
    const patterns = isRecord(s['patternProperties']) ? s['patternProperties'] : undefined;
    // additionalProperties: false is a check, not z.strictObject: zod's intersections (allOf) drop a
    // strict object's unknown keys that the other side does not also refuse, which JSON Schema does not.
    const extra =
      additional === false ||
      patterns !== undefined ||
      ['propertyNames', 'minProperties', 'maxProperties', 'dependentRequired', 'dependentSchemas'].some((k) => k in s);
    const shape = named.map((name) => {
      const sub = properties[name] as JsonSchema;
      const e = this.expr(sub);
      return `${propertyKey(name)}: ${required.includes(name) ? e : `${e}.optional()`}`;
    });
    // A required property whose schema lets `undefined` through (one with no type, or none) is checked by name.
    const byName = required.filter(
      (name) =>
        !Object.hasOwn(properties, name) ||
        !(
          isRecord(properties[name]) &&
          ('type' in (properties[name] as object) || 'const' in (properties[name] as object) || 'enum' in (properties[name] as object))
        ),
    );
    const body = `{ ${shape.join(', ')} }`;
    let e: string;
    if (extra) e = `z.looseObject(${body})`;
    else if (additional === undefined || additional === true) e = `z.looseObject(${body})`;
    else e = `z.object(${body}).catchall(${this.expr(additional)})`;
    if (byName.length > 0) e += `.superRefine(__required(${jsonLiteral(byName)}))`;
    if (extra) {
      const o: string[] = [`named: ${jsonLiteral(named)}`];
      if (patterns !== undefined)
        o.push(
          `patterns: [${Object.entries(patterns)
            .map(([p, sub]) => `[__pattern(${jsonLiteral(p)}), ${this.expr(sub as JsonSchema)}]`)
            .join(', ')}]`,
        );
      if (additional !== undefined && additional !== true) o.push(`additional: ${additional === false ? 'false' : this.expr(additional)}`);
      if ('propertyNames' in s) o.push(`names: ${this.expr(s['propertyNames'] as JsonSchema)}`);
      if (typeof s['minProperties'] === 'number') o.push(`min: ${s['minProperties']}`);
      if (typeof s['maxProperties'] === 'number') o.push(`max: ${s['maxProperties']}`);
      if (isRecord(s['dependentRequired'])) o.push(`dependentRequired: ${jsonLiteral(s['dependentRequired'])}`);
      if (isRecord(s['dependentSchemas']))
        o.push(
          `dependentSchemas: { ${Object.entries(s['dependentSchemas'])
            .map(([k, sub]) => `${propertyKey(k)}: ${this.expr(sub as JsonSchema)}`)
            .join(', ')} }`,
        );
      e += `.superRefine(__properties({ ${o.join(', ')} }))`;
    }
    return e;
  }
}

function matchesType(value: unknown, type: string): boolean {
  if (type === 'null') return value === null;
  if (type === 'integer') return typeof value === 'number' && Number.isInteger(value);
  return typeof value === type;
}
