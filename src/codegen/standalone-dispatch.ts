/**
 * A discriminated union compiled as a dispatch on its tag, for standalone code. alternatives.ts
 * rewrites a union whose variant the data names into nested steps,
 *
 *   {if: {type: object, required: [p], properties: {p: {const: v0}}}, then: T0, else: {if: …v1…, then: T1, else: … O}}
 *
 * which Ajv compiles step by step, each with its own error plumbing (Figma's Node union: 30 steps,
 * 28 kB). Here such a chain is marked (`{[DISPATCH_KEYWORD]: chain}`) and compiled as: read the tag
 * once (an object whose own property `p` is defined), then the one step whose values hold it
 * (`tag === v`), else the last `else`. The errors are Ajv's: those of the variant (compiled from the
 * same subschema, at the same schema path), then, when it fails, one `if` error per enclosing step
 * (`must match "then" schema` at the step taken, `must match "else" schema` at each one before it),
 * pushed by the runtime's ifErrors; the `if` checks themselves report nothing, as in Ajv.
 *
 * Only a chain of plain steps is marked: each `if` exactly that shape, on the same property, with
 * string, number, boolean or null values that no two steps share, and nothing in it that declares
 * an $id or anchor. Where the chain's context would change Ajv's errors (property names, evaluated
 * properties tracked), the chain is compiled as it is.
 */
import { _, type KeywordCxt } from 'ajv';
import type { AnySchema, Ajv } from 'ajv';
import { getProperty, Name, strConcat, type Code } from 'ajv/dist/compile/codegen/index.js';
import names from 'ajv/dist/compile/names.js';

/** The keyword marking a chain (an extension name: never a keyword of a contract's schema). */
export const DISPATCH_KEYWORD = 'x-specforge-dispatch';

/** What the dispatch calls to push the `if` errors (the runtime's ifErrors; imported by the validators generator). */
export const IF_ERRORS = '__ifs';

type Scalar = string | number | boolean | null;

interface Step {
  values: Scalar[];
  then: unknown;
}

interface Chain {
  property: string;
  steps: Step[];
  otherwise: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function sameKeys(value: Record<string, unknown>, keys: readonly string[]): boolean {
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((k) => Object.hasOwn(value, k));
}

/** The property and values of `{type: 'object', required: [p], properties: {p: {const} | {enum}}}`. */
function stepTest(test: unknown): { property: string; values: Scalar[] } | undefined {
  if (!isRecord(test) || !sameKeys(test, ['type', 'required', 'properties']) || test['type'] !== 'object') return undefined;
  const required = test['required'];
  const properties = test['properties'];
  if (!Array.isArray(required) || required.length !== 1 || typeof required[0] !== 'string' || !isRecord(properties)) return undefined;
  const property = required[0];
  if (!sameKeys(properties, [property])) return undefined;
  const value = properties[property];
  if (!isRecord(value)) return undefined;
  let values: unknown[];
  if (sameKeys(value, ['const'])) values = [value['const']];
  else if (sameKeys(value, ['enum']) && Array.isArray(value['enum']) && value['enum'].length > 0) values = value['enum'] as unknown[];
  else return undefined;
  const scalar = (v: unknown): v is Scalar => v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
  return values.every(scalar) ? { property, values } : undefined;
}

/** The steps of a chain, when `schema` is one of at least two steps on one property. */
function readChain(schema: unknown): Chain | undefined {
  const steps: Step[] = [];
  let property: string | undefined;
  let node = schema;
  const seen = new Set<string>();
  while (isRecord(node) && sameKeys(node, ['if', 'then', 'else'])) {
    const test = stepTest(node['if']);
    if (test === undefined || (property !== undefined && test.property !== property)) break;
    property = test.property;
    for (const v of test.values) {
      // Values compared with ===: 0 and -0 are one value, as JSON writes them.
      const key = typeof v === 'number' ? `n${v === 0 ? 0 : v}` : JSON.stringify(v);
      if (seen.has(key)) return undefined;
      seen.add(key);
    }
    steps.push({ values: test.values, then: node['then'] });
    node = node['else'];
  }
  if (property === undefined || steps.length < 2) return undefined;
  return { property, steps, otherwise: node };
}

/** Keys that declare a base URI or an anchor, which Ajv finds only under keywords it knows. */
const DECLARES = /"\$(?:id|anchor|dynamicAnchor|recursiveAnchor|dynamicRef|recursiveRef)":/;

/**
 * A copy of `root` with each chain marked; `root` is not changed (objects without a chain are
 * shared). Nothing is marked where a $ref points inside a $defs entry (it could point into a chain).
 */
export function markDispatches<T extends { $defs: Record<string, unknown> }>(root: T): T {
  if (/"\$ref":"#\/\$defs\/[^"/]*\//.test(JSON.stringify(root))) return root;
  const mark = (node: unknown, depth: number): unknown => {
    if (depth > 200) return node;
    if (Array.isArray(node)) {
      const items = node.map((n) => mark(n, depth + 1));
      return items.every((n, i) => n === node[i]) ? node : items;
    }
    if (!isRecord(node)) return node;
    const chain = readChain(node);
    if (chain !== undefined && !DECLARES.test(JSON.stringify(node))) {
      // The variants may hold chains of their own.
      return { [DISPATCH_KEYWORD]: markInside(node, chain.steps.length, (n) => mark(n, depth + 1)) };
    }
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      // Data, not schemas.
      const next = key === 'enum' || key === 'const' || key === 'default' || key === 'examples' ? value : mark(value, depth + 1);
      if (next !== value) changed = true;
      Object.defineProperty(out, key, { value: next, enumerable: true, writable: true, configurable: true });
    }
    return changed ? out : node;
  };
  return mark(root, 0) as T;
}

/** The chain with its variants and last `else` passed through `mark` (the `if` tests are left as they are). */
function markInside(node: Record<string, unknown>, steps: number, mark: (n: unknown) => unknown): Record<string, unknown> {
  if (steps === 0) return mark(node) as Record<string, unknown>;
  const rest = node['else'];
  return { if: node['if'], then: mark(node['then']), else: steps === 1 ? mark(rest) : markInside(rest as Record<string, unknown>, steps - 1, mark) };
}

const N = ((names as unknown as { default?: unknown }).default ?? names) as { errors: Name; vErrors: Name; instancePath: Name };

/**
 * Registers the dispatch keyword on an Ajv instance compiling standalone code; `own` is the name
 * standalone code tests a defined own property with (the runtime's definedOwn).
 */
export function addDispatch(ajv: Ajv, own: string): void {
  ajv.addKeyword({
    keyword: DISPATCH_KEYWORD,
    schemaType: 'object',
    code(cxt: KeywordCxt) {
      const { gen, it, data } = cxt;
      const chain = readChain(cxt.schema);
      const at = _`${it.schemaPath}${getProperty(DISPATCH_KEYWORD)}`;
      if (chain === undefined || it.propertyName !== undefined || it.opts.unevaluated === true) {
        // The chain as Ajv compiles it, at the same schema path.
        const valid = gen.name('valid');
        cxt.subschema({ schema: cxt.schema as AnySchema, schemaPath: at, errSchemaPath: it.errSchemaPath, topSchemaRef: it.topSchemaRef }, valid);
        return;
      }
      const base = it.errSchemaPath;
      const path = strConcat(N.instancePath, it.errorPath);
      const tag = gen.let('tag');
      gen.if(_`${data} && typeof ${data} == "object" && !Array.isArray(${data}) && ${new Name(own)}(${data}, ${chain.property})`, () =>
        gen.assign(tag, _`${data}${getProperty(chain.property)}`),
      );
      /** The subschema at `.else` × `depth` (and `.then` for a variant), its `if` errors pushed when it fails. */
      const branch = (schema: AnySchema, depth: number, clause: 'then' | 'else'): void => {
        let schemaPath: Code = at;
        for (let i = 0; i < depth; i++) schemaPath = _`${schemaPath}.else`;
        const valid = gen.name('valid');
        const errSchemaPath = `${base}${'/else'.repeat(depth)}${clause === 'then' ? '/then' : ''}`;
        cxt.subschema({ schema, schemaPath: clause === 'then' ? _`${schemaPath}.then` : schemaPath, errSchemaPath, topSchemaRef: it.topSchemaRef }, valid);
        const last = clause === 'then' ? depth : depth - 1;
        gen.if(_`!${valid}`, () => {
          gen.assign(N.vErrors, _`${new Name(IF_ERRORS)}(${N.vErrors}, ${path}, ${base}, ${last}, ${clause})`);
          gen.assign(N.errors, _`${N.errors} + ${last + 1}`);
        });
      };
      chain.steps.forEach((step, i) => {
        const test = step.values.map((v) => _`${tag} === ${v}`).reduce((a, b) => _`${a} || ${b}`);
        if (i === 0) gen.if(test);
        else gen.elseIf(test);
        branch(step.then as AnySchema, i, 'then');
      });
      gen.else();
      branch(chain.otherwise as AnySchema, chain.steps.length, 'else');
      gen.endIf();
    },
  });
}
