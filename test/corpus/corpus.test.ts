/**
 * The public corpus (test/corpus/select.ts says how it is picked): for each contract, with default
 * options, every target is generated; all of the generated code type-checks under tsc --strict (one
 * program); every documented example passes the validators specforge generates; and the mock, run
 * in process, answers one request per operation with a status the operation declares and a body
 * that its response validator accepts. A failure here is a bug in specforge, never a skip.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockFromSpec } from '../../src/cli/commands/mock.js';
import { exampleRequests } from '../../src/conformance/requests.js';
import { buildModel, type ContractModel } from '../../src/contract/model.js';
import { generateSpec } from '../../src/pipeline/generate.js';
import { DEFAULT_STRICT } from '../../src/runtime/validation/ajv.js';
import { detailsFromAjv, responseKey } from '../../src/runtime/index.js';
import { DEFAULT_TARGETS } from '../../src/codegen/targets.js';
import { compileValidators, type CompiledValidators } from '../../src/contract/tables/validators.js';
import { examplesWithValidators } from '../support/example-checks.js';
import { typeCheck } from '../support/type-errors.js';
import { selectCorpus, type CorpusEntry } from './select.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const NODE_MODULES = join(ROOT, 'node_modules');
const TMP = join(ROOT, 'test', '.tmp', `corpus-${process.pid}`);
const LIST = JSON.parse(readFileSync(join(import.meta.dirname, 'corpus.json'), 'utf8')) as { contracts: CorpusEntry[] };
/** Examples the public contracts get wrong (each with the rule it breaks): specforge must report exactly these. */
const INVALID = (JSON.parse(readFileSync(join(import.meta.dirname, 'invalid-examples.json'), 'utf8')) as { contracts: Record<string, Record<string, string>> })
  .contracts;

const nameOf = (e: CorpusEntry): string => `${e.package}/${e.path}`;
const fileOf = (e: CorpusEntry): string => join(NODE_MODULES, e.package, e.path);
const outOf = (e: CorpusEntry): string => join(TMP, nameOf(e).replace(/[^A-Za-z0-9.-]+/g, '_'));

beforeAll(() => mkdirSync(TMP, { recursive: true }));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('the corpus', () => {
  it('is the stated rule applied to the installed packages, at least 60 contracts of Swagger 2.0, OpenAPI 3.0 and 3.1', () => {
    expect(selectCorpus(NODE_MODULES)).toEqual(LIST.contracts);
    expect(LIST.contracts.length).toBeGreaterThanOrEqual(60);
    const versions = new Set(
      LIST.contracts.map((e) => {
        const head = readFileSync(fileOf(e), 'utf8').slice(0, 4096);
        return /"swagger"\s*:\s*"2\.0"/.test(head) ? '2.0' : (/"openapi"\s*:\s*"(3\.[01])/.exec(head)?.[1] ?? 'unknown');
      }),
    );
    expect([...versions].sort()).toEqual(['2.0', '3.0', '3.1']);
    expect(Math.max(...LIST.contracts.map((e) => e.bytes))).toBeGreaterThan(2_000_000);
  });
});

describe.each(LIST.contracts.map((e) => [nameOf(e), e] as const))('%s', (_name, entry) => {
  let model: ContractModel;
  let validators: CompiledValidators;

  it('generates every target with default options', async () => {
    const result = await generateSpec(
      { path: fileOf(entry), api: 'corpus', out: outOf(entry), targets: [...DEFAULT_TARGETS], strict: DEFAULT_STRICT },
      { cacheDir: join(TMP, '.cache'), force: true },
    );
    expect(result.files.map((f) => f.path)).toEqual(expect.arrayContaining(['types.ts', 'validators.ts', 'server.ts', 'mocks.ts', 'client.ts', 'index.ts']));
    model = await buildModel(fileOf(entry));
    validators = compileValidators(model);
  }, 240_000);

  it('every documented example passes the generated validators, but those the contract itself gets wrong (listed)', () => {
    const failures: Record<string, string> = {};
    for (const { check, validate } of examplesWithValidators(model, validators)) {
      if (validate && !validate(check.example.value)) {
        const first = detailsFromAjv('body', validate.errors)[0];
        failures[check.example.pointer] = `${first?.pointer ?? '/'} ${first?.message ?? 'is invalid'}`;
      }
    }
    expect(failures).toEqual(INVALID[nameOf(entry)] ?? {});
  });

  it('the mock answers one request per operation with a declared status and a body its validator accepts', async () => {
    const mock = await createMockFromSpec(fileOf(entry));
    const invalid = new Set(Object.keys(INVALID[nameOf(entry)] ?? {}));
    const failures: string[] = [];
    for (const r of exampleRequests(model)) {
      const init: RequestInit = { method: r.method, headers: r.headers, redirect: 'manual' };
      if (r.body !== undefined) init.body = r.body;
      const res = await mock.fetch(new Request(`http://mock.test${r.url}`, init));
      const text = await res.text();
      const op = model.operations.find((o) => o.id === r.operationId);
      const declared = Object.fromEntries((op?.responses ?? []).map((d) => [d.status, true]));
      const key = responseKey(declared, res.status);
      // A request built from an example the contract gets wrong is refused; an example it gets wrong
      // is never served (a 500 that names it): both are the contract's mistakes, listed and checked above.
      const wrongBody =
        res.status === 400 &&
        op?.requestBody?.content.some((m) => m.examples.some((x) => invalid.has(x.pointer)) || usesInvalidSchemaExample(m.schema, invalid)) === true;
      const wrongAnswer = res.status === 500 && [...invalid].some((p) => text.includes(`(#${p})`));
      if (wrongBody || wrongAnswer) continue;
      if (key === undefined) {
        failures.push(`${r.operationId} (${r.method} ${r.url}): answered ${res.status}, which it does not declare: ${text.slice(0, 300)}`);
        continue;
      }
      const type = res.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
      const byType = validators.operationValidators[r.operationId]?.responses[key] ?? {};
      const declaredType = Object.keys(byType).find((t) => t.split(';')[0]?.trim().toLowerCase() === type.toLowerCase());
      const validate = declaredType === undefined ? undefined : byType[declaredType];
      // JSON bodies are checked against their schema; XML and text are serializations it does not describe.
      if (!validate || text === '' || !/json/i.test(type)) continue;
      let body: unknown;
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        failures.push(`${r.operationId}: ${type} body is not JSON: ${text.slice(0, 200)}`);
        continue;
      }
      if (!validate(body)) failures.push(`${r.operationId} ${res.status}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
    }
    // Known specforge faults, each of which must still occur (remove the entry once fixed).
    const known = KNOWN_MOCK_FAULTS[nameOf(entry)];
    expect(failures.filter((f) => !known?.test(f))).toEqual([]);
    if (known)
      expect(
        failures.some((f) => known.test(f)),
        `${nameOf(entry)}: a listed fault no longer occurs`,
      ).toBe(true);
  }, 240_000);
});

describe('the code generated for the whole corpus', () => {
  it('type-checks under tsc --strict, in one program', () => {
    const errors = checkAll();
    // Per contract, its first errors: enough to find each bug, short enough to read.
    const report = Object.fromEntries([...errors].map(([out, list]) => [out.slice(TMP.length + 1), list.slice(0, 5)]));
    expect(report).toEqual({});
  }, 600_000);
});

/**
 * specforge faults this corpus still finds (a bug, listed so the rest of the corpus keeps guarding),
 * each a pattern its failures match: none. (just-eat's restaurant search answers, a oneOf of open
 * objects that overlap, are now sampled to match one branch alone: test/unit/sample-oneof-overlap.)
 */
const KNOWN_MOCK_FAULTS: Readonly<Record<string, RegExp>> = {};

/** Whether a sampled body starts from a schema `example` the contract gets wrong (the schema, or the one it names). */
function usesInvalidSchemaExample(schema: unknown, invalid: ReadonlySet<string>): boolean {
  if (schema === null || typeof schema !== 'object') return false;
  const ref = (schema as { $ref?: unknown }).$ref;
  return (
    typeof ref === 'string' &&
    ref.startsWith('#') &&
    (invalid.has(`${decodeURIComponent(ref.slice(1))}/example`) || invalid.has(`${decodeURIComponent(ref.slice(1))}/examples/0`))
  );
}

/** One tsc --strict program over every contract's generated index.ts and mocks.ts (which imports the server); errors by output folder. */
function checkAll(): Map<string, string[]> {
  const outs = LIST.contracts.map(outOf);
  const { diagnostics } = typeCheck(outs.flatMap((o) => [join(o, 'index.ts'), join(o, 'mocks.ts')]));
  const byOut = new Map<string, string[]>();
  for (const d of diagnostics) {
    const out = outs.find((o) => d.startsWith(o + '/')) ?? '';
    byOut.set(out, [...(byOut.get(out) ?? []), d]);
  }
  return byOut;
}
