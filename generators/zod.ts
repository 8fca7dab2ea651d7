/**
 * zod: zod 4 schemas (`zod.ts`) for every named schema and each operation's parameters, bodies and
 * responses, printed from the same validator plan as the Ajv validators (src/contract/tables/
 * validators.ts): the same schemas after the same preparation (annotations dropped, patterns as
 * the validators compile them, unions narrowed by discriminator, readOnly and writeOnly per
 * direction), so they accept what the validators accept. Formats are checked with the validators'
 * own format functions and patterns with their linear-time engine (both from
 * `@specforge/runtime/validators`); what zod cannot say the same way is listed in ZOD_DIFFERENCES.
 * `zod` (4.x) is a peer dependency of the generated code.
 */
import type { ContractModel, JsonSchema } from '../src/contract/model.js';
import { isRecord } from '../src/contract/pointer.js';
import { LOCATIONS, planValidators, reachableKeys, type ValidatorPlan } from '../src/contract/tables/validators.js';
import { identifierPart } from '../src/codegen/ajv-standalone.js';
import { jsonLiteral, propertyKey } from '../src/codegen/escape.js';
import { formats } from '../src/runtime/validation/standalone.js';
import { runtimeEntry, type GeneratedFile, type GeneratorContext } from './context.js';

/** A keyword whose meaning the zod schemas do not carry as the validators do, and what they do instead. */
export interface ZodDifference {
  keyword: string;
  /** What the zod schemas do with it. */
  zod: string;
}

/**
 * Where the zod schemas and the Ajv validators may differ, per keyword: docs/reference/zod.md prints
 * this list (test/unit/zod-target.test.ts checks that it does), and the agreement test allows a
 * different verdict only for a schema that uses one of these keywords.
 */
export const ZOD_DIFFERENCES: readonly ZodDifference[] = [
  { keyword: 'unevaluatedProperties', zod: 'not checked: zod has no record of which properties the other keywords evaluated' },
  { keyword: 'unevaluatedItems', zod: 'not checked: zod has no record of which items the other keywords evaluated' },
  { keyword: 'x-specforge-rules compare ($data)', zod: 'not checked: a bound taken from another field of the value' },
  { keyword: 'x-specforge-rules difference and refersTo (specforgeRule)', zod: 'not checked: cross-field rules run in the Ajv validators only' },
  { keyword: '$dynamicRef, $recursiveRef', zod: 'not checked' },
];

/** The keywords of the prepared schemas behind ZOD_DIFFERENCES (a schema that uses one may get a different verdict). */
export const ZOD_UNCHECKED_KEYWORDS: readonly string[] = ['unevaluatedProperties', 'unevaluatedItems', '$data', 'specforgeRule', '$dynamicRef', '$recursiveRef'];

/** The generated helpers: checks zod has no method for, each in the validators' terms. */
const PRELUDE = `type __Check = (value: unknown, ctx: z.RefinementCtx<unknown>) => void;
type __Types = Partial<Record<'string' | 'number' | 'boolean' | 'null' | 'array' | 'object', z.ZodType>>;
const __own = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);
const __isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
function __equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => __equal(x, b[i]));
  if (!__isObject(a) || !__isObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => __own(b, k) && __equal(a[k], b[k]));
}
/** Characters as the validators count them (code points, not UTF-16 units). */
function __chars(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}
function __pattern(source: string): (s: string) => boolean {
  const p = __compilePattern(source);
  return (s) => p.test(s);
}
function __format(name: string): (v: string | number) => boolean {
  const f = (__formats as Record<string, unknown>)[name];
  const test = __isObject(f) && !(f instanceof RegExp) ? f['validate'] : f;
  if (test instanceof RegExp) return (v) => test.test(String(v));
  if (typeof test === 'function') return (v) => Boolean((test as (x: unknown) => unknown)(v));
  return () => true;
}
function __multipleOf(m: number): (n: number) => boolean {
  return (n) => (n / m) % 1 === 0;
}
function __forward(schema: z.ZodType, value: unknown, ctx: z.RefinementCtx<unknown>, prefix: readonly PropertyKey[] = []): void {
  const r = schema.safeParse(value);
  if (!r.success) for (const i of r.error.issues) ctx.addIssue({ code: 'custom', message: i.message, path: [...prefix, ...i.path], input: value });
}
function __fail(ctx: z.RefinementCtx<unknown>, value: unknown, message: string, path: readonly PropertyKey[] = []): void {
  ctx.addIssue({ code: 'custom', message, path: [...path], input: value });
}
/** Type-specific keywords of a schema without \`type\`: each applies to values of its type only. */
function __byType(types: __Types): z.ZodType<unknown> {
  return z.unknown().superRefine((v, ctx) => {
    const t = v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
    const s = types[t as keyof __Types];
    if (s) __forward(s, v, ctx);
  });
}
function __required(names: readonly string[]): __Check {
  return (v, ctx) => {
    if (__isObject(v)) for (const n of names) if (!__own(v, n)) __fail(ctx, v, \`must have required property '\${n}'\`, [n]);
  };
}
function __oneOf(schemas: readonly z.ZodType[]): __Check {
  return (v, ctx) => {
    if (schemas.filter((s) => s.safeParse(v).success).length !== 1) __fail(ctx, v, 'must match exactly one schema in oneOf');
  };
}
function __not(schema: z.ZodType): __Check {
  return (v, ctx) => {
    if (schema.safeParse(v).success) __fail(ctx, v, 'must NOT be valid');
  };
}
function __ifThen(condition: z.ZodType, then: z.ZodType | undefined, otherwise: z.ZodType | undefined): __Check {
  return (v, ctx) => {
    const s = condition.safeParse(v).success ? then : otherwise;
    if (s) __forward(s, v, ctx);
  };
}
function __enum(values: readonly unknown[]): __Check {
  return (v, ctx) => {
    if (!values.some((x) => __equal(x, v))) __fail(ctx, v, 'must be equal to one of the allowed values');
  };
}
/** Properties beyond the named ones: patternProperties, then additionalProperties; propertyNames; counts; dependencies. */
function __properties(o: {
  named: readonly string[];
  patterns?: ReadonlyArray<readonly [(k: string) => boolean, z.ZodType]>;
  additional?: z.ZodType | false;
  names?: z.ZodType;
  min?: number;
  max?: number;
  dependentRequired?: Readonly<Record<string, readonly string[]>>;
  dependentSchemas?: Readonly<Record<string, z.ZodType>>;
}): __Check {
  return (v, ctx) => {
    if (!__isObject(v)) return;
    const keys = Object.keys(v);
    if (o.min !== undefined && keys.length < o.min) __fail(ctx, v, \`must NOT have fewer than \${o.min} properties\`);
    if (o.max !== undefined && keys.length > o.max) __fail(ctx, v, \`must NOT have more than \${o.max} properties\`);
    for (const k of keys) {
      if (o.names) __forward(o.names, k, ctx, [k]);
      let matched = o.named.includes(k);
      for (const [test, s] of o.patterns ?? []) {
        if (test(k)) {
          matched = true;
          __forward(s, v[k], ctx, [k]);
        }
      }
      if (matched || o.additional === undefined) continue;
      if (o.additional === false) __fail(ctx, v, 'must NOT have additional properties', [k]);
      else __forward(o.additional, v[k], ctx, [k]);
    }
    for (const [k, needs] of Object.entries(o.dependentRequired ?? {})) {
      if (__own(v, k)) for (const n of needs) if (!__own(v, n)) __fail(ctx, v, \`must have property \${n} when property \${k} is present\`, [n]);
    }
    for (const [k, s] of Object.entries(o.dependentSchemas ?? {})) if (__own(v, k)) __forward(s, v, ctx);
  };
}
/** prefixItems, items after them, uniqueItems and contains. */
function __items(o: { prefix?: readonly z.ZodType[]; rest?: z.ZodType | false; unique?: boolean; contains?: z.ZodType; minContains?: number; maxContains?: number }): __Check {
  return (v, ctx) => {
    if (!Array.isArray(v)) return;
    const prefix = o.prefix ?? [];
    v.forEach((item: unknown, i) => {
      const s = i < prefix.length ? prefix[i] : o.rest;
      if (s === false) __fail(ctx, v, \`must NOT have more than \${prefix.length} items\`, [i]);
      else if (s) __forward(s, item, ctx, [i]);
    });
    if (o.unique) {
      for (let i = 1; i < v.length; i++) {
        for (let j = 0; j < i; j++) if (__equal(v[i], v[j])) return __fail(ctx, v, \`must NOT have duplicate items (items ## \${j} and \${i} are identical)\`);
      }
    }
    if (o.contains) {
      const schema = o.contains;
      const n = v.filter((item: unknown) => schema.safeParse(item).success).length;
      if (n < (o.minContains ?? 1)) __fail(ctx, v, 'must contain at least ' + String(o.minContains ?? 1) + ' valid item(s)');
      if (o.maxContains !== undefined && n > o.maxContains) __fail(ctx, v, 'must contain at most ' + String(o.maxContains) + ' valid item(s)');
    }
  };
}
`;

/** The prelude's declarations, each with its name. */
const HELPERS: ReadonlyArray<[name: string, code: string]> = PRELUDE.split(/\n(?=type |const |function |\/\*\*)/)
  .reduce<string[]>((chunks, part) => {
    // A doc comment belongs to the declaration after it.
    const last = chunks[chunks.length - 1];
    if (last !== undefined && last.startsWith('/**') && !last.includes('\n', last.indexOf('*/'))) chunks[chunks.length - 1] = `${last}\n${part}`;
    else chunks.push(part);
    return chunks;
  }, [])
  .map((code) => [/(?:type|const|function) (__\w+)/.exec(code)?.[1] ?? '', code.trimEnd()]);

/** The helpers `code` uses, and those they use, in prelude order. */
function helpersFor(code: string): string[] {
  const used = new Set<string>();
  let text = code;
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, helper] of HELPERS) {
      if (!used.has(name) && new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`).test(text)) {
        used.add(name);
        text += `\n${helper}`;
        changed = true;
      }
    }
  }
  return HELPERS.filter(([name]) => used.has(name)).map(([, helper]) => helper);
}

const TYPE_KEYWORDS: Record<string, readonly string[]> = {
  string: ['minLength', 'maxLength', 'pattern', 'format', 'contentEncoding', 'contentMediaType'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'format'],
  array: ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'contains', 'minContains', 'maxContains', 'additionalItems'],
  object: ['properties', 'required', 'additionalProperties', 'patternProperties', 'propertyNames', 'minProperties', 'maxProperties', 'dependentRequired', 'dependentSchemas'],
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
function schemaName(key: string): string {
  return `z_${identifierPart(key, 60)}`;
}

class ZodPrinter {
  constructor(private readonly plan: ValidatorPlan) {}

  /** `$defs` keys reached by a `$ref` of this schema. */
  ref(ref: string): string {
    const key = decodeURIComponent(ref.replace(/^#\/\$defs\//, '')).replace(/~1/g, '/').replace(/~0/g, '~');
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
    if (enumValues !== undefined && enumValues.length > 0 && enumValues.every(isPrimitive) && !hasTypeKeywords && (types === undefined || enumValues.every((v) => types.some((t) => matchesType(v, t))))) {
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
      checks.push(`__ifThen(${this.expr(s['if'] as JsonSchema)}, ${'then' in s ? this.expr(s['then'] as JsonSchema) : 'undefined'}, ${'else' in s ? this.expr(s['else'] as JsonSchema) : 'undefined'})`);
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
        if (format !== undefined && formatType(format) === 'string') e += `.refine(__format(${jsonLiteral(format)}), ${jsonLiteral(`must match format "${format}"`)})`;
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
        if (format !== undefined && formatType(format) === 'number') e += `.refine(__format(${jsonLiteral(format)}), ${jsonLiteral(`must match format "${format}"`)})`;
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
    const extra = additional === false || patterns !== undefined || ['propertyNames', 'minProperties', 'maxProperties', 'dependentRequired', 'dependentSchemas'].some((k) => k in s);
    const shape = named.map((name) => {
      const sub = properties[name] as JsonSchema;
      const e = this.expr(sub);
      return `${propertyKey(name)}: ${required.includes(name) ? e : `${e}.optional()`}`;
    });
    // A required property whose schema lets `undefined` through (one with no type, or none) is checked by name.
    const byName = required.filter((name) => !Object.hasOwn(properties, name) || !(isRecord(properties[name]) && ('type' in (properties[name] as object) || 'const' in (properties[name] as object) || 'enum' in (properties[name] as object))));
    const body = `{ ${shape.join(', ')} }`;
    let e: string;
    if (extra) e = `z.looseObject(${body})`;
    else if (additional === undefined || additional === true) e = `z.looseObject(${body})`;
    else e = `z.object(${body}).catchall(${this.expr(additional)})`;
    if (byName.length > 0) e += `.superRefine(__required(${jsonLiteral(byName)}))`;
    if (extra) {
      const o: string[] = [`named: ${jsonLiteral(named)}`];
      if (patterns !== undefined) o.push(`patterns: [${Object.entries(patterns).map(([p, sub]) => `[__pattern(${jsonLiteral(p)}), ${this.expr(sub as JsonSchema)}]`).join(', ')}]`);
      if (additional !== undefined && additional !== true) o.push(`additional: ${additional === false ? 'false' : this.expr(additional)}`);
      if ('propertyNames' in s) o.push(`names: ${this.expr(s['propertyNames'] as JsonSchema)}`);
      if (typeof s['minProperties'] === 'number') o.push(`min: ${s['minProperties']}`);
      if (typeof s['maxProperties'] === 'number') o.push(`max: ${s['maxProperties']}`);
      if (isRecord(s['dependentRequired'])) o.push(`dependentRequired: ${jsonLiteral(s['dependentRequired'])}`);
      if (isRecord(s['dependentSchemas'])) o.push(`dependentSchemas: { ${Object.entries(s['dependentSchemas']).map(([k, sub]) => `${propertyKey(k)}: ${this.expr(sub as JsonSchema)}`).join(', ')} }`);
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

function refKeys(node: unknown, out: Set<string>): void {
  if (Array.isArray(node)) node.forEach((n) => refKeys(n, out));
  else if (isRecord(node)) {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) out.add(decodeURIComponent(v.slice('#/$defs/'.length)).replace(/~1/g, '/').replace(/~0/g, '~'));
      else if (k !== 'enum' && k !== 'const') refKeys(v, out);
    }
  }
}

/** The $defs keys in an order where each comes after what it refers to, in groups that refer to each other (cycles). */
function orderedGroups(root: ValidatorPlan['root'], keys: Iterable<string>): string[][] {
  const edges = new Map<string, string[]>();
  const sorted = [...keys].sort();
  for (const key of sorted) {
    const refs = new Set<string>();
    refKeys(root.$defs[key], refs);
    edges.set(key, [...refs].filter((r) => r in root.$defs).sort());
  }
  // Tarjan's strongly connected components, iteratively: components come out dependencies first.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let next = 0;
  for (const start of sorted) {
    if (index.has(start)) continue;
    const work: Array<[string, number]> = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as [string, number];
      const [v, i] = frame;
      const out = edges.get(v) ?? [];
      if (i < out.length) {
        frame[1]++;
        const w = out[i] as string;
        if (!index.has(w)) {
          index.set(w, next);
          low.set(w, next++);
          stack.push(w);
          onStack.add(w);
          work.push([w, 0]);
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent[0], Math.min(low.get(parent[0]) as number, low.get(v) as number));
      if (low.get(v) === index.get(v)) {
        const group: string[] = [];
        let w: string;
        do {
          w = stack.pop() as string;
          onStack.delete(w);
          group.push(w);
        } while (w !== v);
        groups.push(group.sort());
      }
    }
  }
  // A group of one that refers to itself is a cycle too.
  return groups.map((g) => g);
}

/** The zod module of a contract's plan. */
export function zodSource(plan: ValidatorPlan, header: string, runtime: string): string {
  const printer = new ZodPrinter(plan);
  const exported = [...plan.exports.values()];
  const keys = reachableKeys(plan.root, exported);
  const lines: string[] = [
    header.trimEnd(),
    `import { z } from "zod";`,
  ];
  const body: string[] = [];
  for (const group of orderedGroups(plan.root, keys)) {
    const refs = new Set<string>();
    for (const key of group) refKeys(plan.root.$defs[key], refs);
    const cyclic = group.length > 1 || group.some((k) => refs.has(k));
    for (const key of group) {
      const e = printer.expr(plan.root.$defs[key] as JsonSchema);
      // A schema in a reference cycle is evaluated on first use, and typed as unknown (TypeScript cannot infer a type that refers to itself).
      body.push(cyclic ? `const ${schemaName(key)}: z.ZodType<unknown> = z.lazy(() => ${e});` : `const ${schemaName(key)} = ${e};`);
    }
  }
  const helpers = helpersFor(body.join('\n'));
  const imports = [/\b__compilePattern\b/.test(helpers.join('\n')) ? 'compilePattern as __compilePattern' : '', /\b__formats\b/.test(helpers.join('\n')) ? 'formats as __formats' : ''].filter(Boolean);
  if (imports.length > 0) lines.push(`import { ${imports.join(', ')} } from ${jsonLiteral(runtime)};`);
  lines.push('', ...helpers, ...body);
  const ref = (exportName: string): string => schemaName(plan.exports.get(exportName) as string);
  lines.push('');
  lines.push('/** A zod schema for each named schema of the contract, as written (both directions). */');
  lines.push('export const schemas = {');
  for (const [name, exportName] of plan.schemaExports) lines.push(`  ${propertyKey(name)}: ${ref(exportName)},`);
  lines.push('};');
  lines.push('');
  lines.push('/** zod schemas of each operation: parameters by location, request bodies (as requests carry them) and responses (as responses carry them) by status and media type. */');
  lines.push('export const operations = {');
  for (const [id, k] of plan.operationExports) {
    lines.push(`  ${propertyKey(id)}: {`);
    for (const where of LOCATIONS) {
      const name = k[where];
      if (name) lines.push(`    ${where}: ${ref(name)},`);
    }
    if (k.body) lines.push(`    body: { ${Object.entries(k.body).map(([t, n]) => `${propertyKey(t)}: ${ref(n)}`).join(', ')} },`);
    lines.push('    responses: {');
    for (const [status, byType] of Object.entries(k.responses)) lines.push(`      ${propertyKey(status)}: { ${Object.entries(byType).map(([t, n]) => `${propertyKey(t)}: ${ref(n)}`).join(', ')} },`);
    lines.push('    },');
    lines.push('  },');
  }
  lines.push('};');
  lines.push('');
  lines.push(`/** The zod schema of the interface's error body. */`);
  lines.push(`export const errorBody = ${plan.exports.has('errorBody') ? ref('errorBody') : 'undefined'};`);
  return lines.join('\n') + '\n';
}

export function generateZod(model: ContractModel, ctx: GeneratorContext): GeneratedFile[] {
  const plan = planValidators(model);
  return [{ path: 'zod.ts', content: zodSource(plan, ctx.header('//'), runtimeEntry(ctx, 'validators')) }];
}
