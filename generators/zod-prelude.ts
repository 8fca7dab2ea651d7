/**
 * The zod target's generated helpers: the prelude of checks zod has no method for (each in the
 * validators' terms), and the choice of the helpers a generated module uses.
 */

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
export function helpersFor(code: string): string[] {
  const used = new Set<string>();
  let text = code;
  for (let changed = true; changed;) {
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
