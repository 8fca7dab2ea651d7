/**
 * The zod target: zod 4 schemas printed from the validators' plan give the Ajv validators' verdict
 * on every documented example of every shipped contract, on values broken from them and on values
 * generated from the schemas (fast-check), except where a schema uses a keyword ZOD_DIFFERENCES
 * lists (docs/reference/zod.md prints that list). readOnly and writeOnly are per direction as in the
 * validators; recursion goes through z.lazy; the output compiles under tsc --strict.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { ZOD_DIFFERENCES, ZOD_UNCHECKED_KEYWORDS } from '../../generators/zod.js';
import { schemaArbitrary } from '../../src/conformance/arbitrary.js';
import { buildModel, collectExamples, isHttpLess, type JsonSchema } from '../../src/contract/model.js';
import { loadContract } from '../../src/contract/resolve.js';
import { planValidators, reachableKeys, type ValidatorPlan } from '../../src/contract/tables/validators.js';
import { generateSpec } from '../../src/pipeline/generate.js';
import { loadConfig } from '../../src/config/config.js';
import type { ValidateFunction } from '../../src/runtime/index.js';
import { typeCheck } from '../support/type-errors.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const config = loadConfig(ROOT);
const httpSpecs = config.specs.filter((s) => !isHttpLess(loadContract(s.path).document));
const TMP = resolve('test/.tmp', `zod-${process.pid}-${Math.random().toString(36).slice(2, 10)}`);

type OperationTable<T> = Record<string, { body?: Record<string, T>; responses: Record<string, Record<string, T>> }>;
interface Tables<T> {
  schemas: Record<string, T>;
  operations: OperationTable<T>;
}
interface AjvTables {
  schemaValidators: Record<string, ValidateFunction>;
  operationValidators: OperationTable<ValidateFunction>;
}

afterAll(() => {
  rmSync(TMP, { recursive: true, force: true });
});

/** Values broken from an example: a wrong type at the top, and each property in turn given a wrong type or left out. */
function broken(value: unknown): unknown[] {
  const out: unknown[] = [typeof value === 'number' ? 'not a number' : 12345, null, []];
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const key of Object.keys(value).slice(0, 20)) {
      const v = (value as Record<string, unknown>)[key];
      out.push({ ...value, [key]: typeof v === 'string' ? 12345 : 'not the right type' });
      const rest: Record<string, unknown> = { ...value };
      delete rest[key];
      out.push(rest);
    }
    out.push({ ...value, 'an extra property': 1 });
  }
  if (Array.isArray(value) && value.length > 0) out.push([...value, 'an extra string item'], [12345, ...value.slice(1)], [...value, ...value]);
  return out;
}

/** Whether a validator's schema (and what it reaches) uses a keyword the zod schemas do not check. */
function unchecked(plan: ValidatorPlan, exportName: string): boolean {
  const key = plan.exports.get(exportName);
  if (key === undefined) return false;
  const text = JSON.stringify([...reachableKeys(plan.root, [key])].map((k) => plan.root.$defs[k]));
  return ZOD_UNCHECKED_KEYWORDS.some((k) => text.includes(JSON.stringify(k)));
}

/** The shipped contracts, and two fixtures: hostile names, patterns and values; readOnly and writeOnly. */
const FIXTURES = [
  { api: 'hostile', path: resolve('test/fixtures/hostile/openapi.yaml'), strict: true as const },
  { api: 'read-write', path: resolve('test/fixtures/read-write/openapi.yaml'), strict: true as const },
];
const contracts: Array<{ api: string; path: string; strict: (typeof httpSpecs)[number]['strict']; out?: string }> = [...httpSpecs, ...FIXTURES];

describe.each(contracts.map((s) => [s.api, s] as const))('the zod schemas of %s', (api, entry) => {
  let zod: Tables<ZodType> & { errorBody?: ZodType };
  let ajv: AjvTables;
  let plan: ValidatorPlan;

  beforeAll(async () => {
    const out = join(TMP, api);
    mkdirSync(out, { recursive: true });
    // The shipped contracts' validators are the committed ones; a fixture's are generated beside its zod schemas.
    await generateSpec(
      { path: entry.path, api: entry.api, strict: entry.strict, out, targets: entry.out === undefined ? ['zod', 'validators'] : ['zod'] },
      { cacheDir: join(TMP, 'cache'), force: true },
    );
    zod = (await import(pathToFileURL(join(out, 'zod.ts')).href)) as typeof zod;
    ajv = (await import(pathToFileURL(join(entry.out ?? out, 'validators.ts')).href)) as typeof ajv;
    plan = planValidators(await buildModel(entry.path, { api: entry.api }));
  });

  /** Every export with its zod schema and its Ajv validator. */
  const pairs = (): Array<{ name: string; exportName: string; z: ZodType; v: ValidateFunction }> => {
    const out: Array<{ name: string; exportName: string; z: ZodType; v: ValidateFunction }> = [];
    for (const [name, exportName] of plan.schemaExports)
      out.push({ name: `schema ${name}`, exportName, z: zod.schemas[name] as ZodType, v: ajv.schemaValidators[name] as ValidateFunction });
    const ops = ajv.operationValidators;
    for (const [id, keys] of plan.operationExports) {
      for (const [type, exportName] of Object.entries(keys.body ?? {}))
        out.push({ name: `${id} body ${type}`, exportName, z: zod.operations[id]?.body?.[type] as ZodType, v: ops[id]?.body?.[type] as ValidateFunction });
      for (const [status, byType] of Object.entries(keys.responses)) {
        for (const [type, exportName] of Object.entries(byType))
          out.push({
            name: `${id} ${status} ${type}`,
            exportName,
            z: zod.operations[id]?.responses[status]?.[type] as ZodType,
            v: ops[id]?.responses[status]?.[type] as ValidateFunction,
          });
      }
    }
    return out;
  };

  it('agree with the Ajv validators on every documented example and on values broken from them', async () => {
    const model = await buildModel(entry.path, { api: entry.api });
    const byValidator = new Map(pairs().map((p) => [p.v, p]));
    let compared = 0;
    const disagreements: string[] = [];
    for (const check of collectExamples(model)) {
      const c = check.validator;
      const ops = ajv;
      const v =
        c?.kind === 'schema'
          ? ops.schemaValidators[c.name]
          : c?.kind === 'request-body'
            ? ops.operationValidators[c.operationId]?.body?.[c.mediaType]
            : c?.kind === 'response'
              ? ops.operationValidators[c.operationId]?.responses[c.status ?? '']?.[c.mediaType]
              : undefined;
      const pair = v === undefined ? undefined : byValidator.get(v);
      if (pair === undefined) continue;
      expect(pair.z, pair.name).toBeDefined();
      for (const value of [check.example.value, ...broken(check.example.value)]) {
        const verdict = pair.v(value);
        if (pair.z.safeParse(value).success !== verdict && !unchecked(plan, pair.exportName))
          disagreements.push(`${pair.name} ${check.example.pointer}: Ajv ${verdict}, zod ${!verdict} for ${JSON.stringify(value).slice(0, 300)}`);
        compared++;
      }
    }
    expect(disagreements).toEqual([]);
    expect(compared).toBeGreaterThan(0);
  });

  it('agree with the Ajv validators on values generated from the schemas', () => {
    const resolveRef = (ref: string): JsonSchema | undefined =>
      plan.root.$defs[
        decodeURIComponent(ref.replace(/^#\/\$defs\//, ''))
          .replace(/~1/g, '/')
          .replace(/~0/g, '~')
      ];
    const disagreements: string[] = [];
    let accepted = 0;
    let compared = 0;
    for (const pair of pairs()) {
      if (unchecked(plan, pair.exportName)) continue;
      const key = plan.exports.get(pair.exportName) as string;
      const values = fc.sample(fc.oneof(schemaArbitrary(plan.root.$defs[key], resolveRef), fc.jsonValue({ maxDepth: 3 })), { numRuns: 25, seed: 7 });
      for (const value of values) {
        const verdict = pair.v(value);
        if (verdict) accepted++;
        compared++;
        if (pair.z.safeParse(value).success !== verdict) disagreements.push(`${pair.name}: Ajv ${verdict} for ${JSON.stringify(value).slice(0, 300)}`);
      }
    }
    expect(disagreements).toEqual([]);
    expect(compared).toBeGreaterThan(0);
    expect(accepted).toBeGreaterThan(0);
  }, 300_000);
});

describe('zod per direction and recursion', () => {
  let rw: Tables<ZodType>;
  beforeAll(async () => {
    const out = join(TMP, 'rw');
    await generateSpec(
      { path: resolve('test/fixtures/read-write/openapi.yaml'), api: 'rw', out, targets: ['zod'], strict: true },
      { cacheDir: join(TMP, 'cache'), force: true },
    );
    rw = (await import(pathToFileURL(join(out, 'zod.ts')).href)) as Tables<ZodType>;
  });

  it('a request may leave out a required readOnly property, a response a required writeOnly one, at any depth', () => {
    const body = rw.operations['createUser']?.body?.['application/json'] as ZodType;
    const created = rw.operations['createUser']?.responses['201']?.['application/json'] as ZodType;
    expect(body.safeParse({ name: 'ada', password: 'p', profile: { bio: 'b' } }).success).toBe(true);
    expect(body.safeParse({ password: 'p', profile: { bio: 'b' } }).success).toBe(false);
    expect(created.safeParse({ id: 'u1', name: 'ada', created: '2024-01-01T00:00:00Z', profile: { owner: 'u1', bio: 'b' } }).success).toBe(true);
    expect(created.safeParse({ id: 'u1', name: 'ada', created: 'yesterday', profile: { owner: 'u1', bio: 'b' } }).success).toBe(false);
    expect(created.safeParse({ name: 'ada', created: '2024-01-01T00:00:00Z', profile: { owner: 'u1', bio: 'b' } }).success).toBe(false);
    expect((rw.schemas['User'] as ZodType).safeParse({ name: 'ada', password: 'p', profile: { bio: 'b' } }).success).toBe(false);
    const tree = rw.operations['plantTree']?.body?.['application/json'] as ZodType;
    expect(tree.safeParse({ children: [{ children: [{ children: [] }] }] }).success).toBe(true);
    expect(tree.safeParse({ children: [{ children: [{}] }] }).success).toBe(false);
    const extended = rw.operations['putExtended']?.responses['200']?.['application/json'] as ZodType;
    expect(extended.safeParse({ label: 'l' }).success).toBe(false);
  });

  it('issues carry the path of what is wrong', () => {
    const body = rw.operations['createUser']?.body?.['application/json'] as ZodType;
    const result = body.safeParse({ name: 'ada', password: 'p', profile: { bio: 5 } });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path)).toEqual([['profile', 'bio']]);
  });
});

describe('the generated zod code', () => {
  it('compiles under tsc --strict for every shipped contract and the fixtures', () => {
    const files = [...contracts.map((s) => join(TMP, s.api, 'zod.ts')), join(TMP, 'rw', 'zod.ts')];
    for (const f of files) expect(readFileSync(f, 'utf8')).toMatch(/^import \{ z \} from "zod";$/m);
    expect(typeCheck(files).diagnostics).toEqual([]);
  }, 300_000);
});

describe('docs/reference/zod.md', () => {
  it('lists every difference of ZOD_DIFFERENCES, and no other', () => {
    const text = readFileSync(join(ROOT, 'docs', 'reference', 'zod.md'), 'utf8');
    const rows = [...text.matchAll(/^\| `([^`]+)` \| ([^|]+) \|$/gm)].map((m) => [m[1], (m[2] ?? '').trim()]);
    expect(rows).toEqual(ZOD_DIFFERENCES.map((d) => [d.keyword, d.zod]));
  });
});
