/**
 * Code generation against a hostile contract: operationIds, schema and property names, enum values,
 * descriptions, summaries, examples, titles, server URLs, header and tag names that try to break out
 * of strings, comments and template literals. Every payload, if it escaped, would set
 * `globalThis.__specforgePwned`. The generated code must type-check strictly, import without setting
 * the flag, accept the contract's own examples, and be the same bytes every time.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TARGETS } from '../../generators/index.js';
import { buildModel, collectExamples, type ContractModel } from '../../src/contract/model.js';
import { setOwn } from '../../src/contract/pointer.js';
import { generateSpec, type SpecResult } from '../../src/pipeline/generate.js';
import type { SpecEntry } from '../../src/config/config.js';
import type { ValidateFunction } from '../../src/runtime/index.js';
import { typeCheck } from '../support/type-errors.js';

const FLAG = '__specforgePwned';
const SPEC = resolve('test/fixtures/hostile/openapi.yaml');
const TMP = resolve('test/.tmp', `hostile-${process.pid}-${Math.random().toString(36).slice(2, 10)}`);
const OUT = join(TMP, 'a');
const OUT_AGAIN = join(TMP, 'b');
const CACHE = join(TMP, 'cache');

const global = globalThis as Record<string, unknown>;

function entry(out: string): SpecEntry {
  return { path: SPEC, api: 'hostile', out, targets: [...ALL_TARGETS], strict: true };
}

function filesIn(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of readdirSync(dir).sort()) out.set(name, readFileSync(join(dir, name), 'utf8'));
  return out;
}

let model: ContractModel;
let first: SpecResult;

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  delete global[FLAG];
  model = await buildModel(SPEC, { api: 'hostile' });
  first = await generateSpec(entry(OUT), { cacheDir: CACHE, force: true });
});

afterAll(() => {
  rmSync(TMP, { recursive: true, force: true });
  delete global[FLAG];
});

describe('the hostile contract', () => {
  it('is a valid OpenAPI 3.1 contract whose hostile names survive modelling', () => {
    expect(model.version).toBe('3.1');
    expect(model.warnings.filter((w) => w.severity === 'error')).toEqual([]);
    expect(model.operations.map((o) => o.id)).toEqual([
      'get"Item\'*/globalThis.__specforgePwned=true;/*`${globalThis.__specforgePwned = true}`\u2028\n',
      'constructor',
      '__proto__',
      'class',
      '0day',
    ]);
    expect(model.schemas.map((s) => s.name)).toEqual(['__proto__', 'constructor', 'class', '0day', 'Weird.Name-1']);
    const proto = model.schemas[0]?.schema as Record<string, unknown>;
    expect(Object.keys(proto['properties'] as object)).toEqual([
      '0',
      '__proto__',
      'constructor',
      '"quote"',
      '*/',
      '${x}',
      'class',
      'toString',
      'line\nbreak',
      'kind',
    ]);
    expect(Object.getPrototypeOf(proto['properties'])).toBe(Object.prototype);
    expect(model.info.title).toContain('\u2028');
    expect(collectExamples(model).length).toBeGreaterThanOrEqual(10);
  });

  it('generates every target', () => {
    expect(first.files.map((f) => f.path)).toEqual([
      'api.ts',
      'client.ts',
      'fetch.ts',
      'index.ts',
      'mock-tables.ts',
      'mocks.ts',
      'msw.ts',
      'react-query.ts',
      'sdk.ts',
      'serializers.ts',
      'server.ts',
      'specforge-manifest.json',
      'types.ts',
      'validators.ts',
      'zod.ts',
    ]);
    expect(first.files.every((f) => f.state === 'written')).toBe(true);
  });
});

describe('generated code', () => {
  it('type-checks with tsc --strict and no diagnostics', () => {
    const files = [...filesIn(OUT).keys()].filter((f) => f.endsWith('.ts')).map((f) => join(OUT, f));
    const { diagnostics, program } = typeCheck(files);
    expect(diagnostics).toEqual([]);
    expect(program.getSourceFiles().some((f) => f.fileName.endsWith('src/runtime/dist/entry/server.d.ts'))).toBe(true);
  }, 180_000);

  it('never turns a payload into code: no identifier __specforgePwned anywhere', () => {
    // The manifest is data (file names specforge chose), not code.
    for (const [name, text] of [...filesIn(OUT)].filter(([n]) => n !== 'specforge-manifest.json')) {
      const kind = name.endsWith('.js') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
      const file = ts.createSourceFile(name, text, ts.ScriptTarget.ES2022, true, kind);
      const found: string[] = [];
      const visit = (node: ts.Node): void => {
        if (ts.isIdentifier(node) && (node.text === FLAG || node.text === 'globalThis')) found.push(`${name}:${node.getStart()}`);
        if (ts.isPrivateIdentifier(node)) found.push(`${name}:${node.getStart()}`);
        ts.forEachChild(node, visit);
      };
      visit(file);
      expect(found, name).toEqual([]);
      // The payloads are there, but only as string and comment text.
      // (serializers.ts holds code only for closed schemas, and the fixture's hostile names are in open
      // ones; mocks.ts, server.ts and fetch.ts hold code only, their data and the handlers'
      // documentation are in mock-tables.ts and api.ts.)
      expect(text.includes(FLAG), name).toBe(!['index.ts', 'serializers.ts', 'mocks.ts', 'server.ts', 'fetch.ts'].includes(name));
      expect(text, name).not.toMatch(/[\u2028\u2029]/);
      expect(text, name).not.toMatch(/<\/script/i);
    }
  });

  it('types.ts holds types only: nothing in it runs', () => {
    const text = readFileSync(join(OUT, 'types.ts'), 'utf8');
    const js = ts.transpileModule(text, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, removeComments: true },
    }).outputText;
    expect(js.trim()).toBe('export {};');
  });

  it('imports without setting the flag', async () => {
    delete global[FLAG];
    for (const name of ['validators.ts', 'types.ts', 'server.ts', 'mocks.ts', 'client.ts', 'index.ts', 'zod.ts', 'sdk.ts', 'react-query.ts']) {
      await import(pathToFileURL(join(OUT, name)).href);
      expect(global[FLAG], name).toBeUndefined();
    }
  });

  it('prints every hostile string back exactly as the contract wrote it', async () => {
    const server = (await import(pathToFileURL(join(OUT, 'server.ts')).href)) as {
      api: { title: string; version: string; operations: Array<{ id: string; path: string }> };
    };
    expect(server.api.title).toBe(model.info.title);
    expect(server.api.version).toBe(model.info.version);
    expect(server.api.operations.map((o) => [o.id, o.path])).toEqual(model.operations.map((o) => [o.id, o.path]));
    const client = (await import(pathToFileURL(join(OUT, 'client.ts')).href)) as { defaultBaseUrl: string };
    expect(client.defaultBaseUrl).toBe(
      'https://example.com"; globalThis.__specforgePwned = true; ///v1"+(globalThis.__specforgePwned = true)+"/*/`${globalThis.__specforgePwned = true}`/\'\u2028',
    );
    const mocks = (await import(pathToFileURL(join(OUT, 'mocks.ts')).href)) as {
      mocks: { operations: Record<string, { primary: string; responses: Record<string, { examples: Array<{ name: string; value: unknown }> }> }> };
    };
    expect(Object.keys(mocks.mocks.operations)).toEqual(model.operations.map((o) => o.id));
    const getItem = model.operations[0];
    const op = getItem ? Object.getOwnPropertyDescriptor(mocks.mocks.operations, getItem.id)?.value : undefined;
    const mock = op ? Object.getOwnPropertyDescriptor(op.responses, op.primary)?.value : undefined;
    expect(mock?.examples.map((e: { name: string; value: unknown }) => ({ name: e.name, value: e.value }))).toEqual(
      getItem?.responses[0]?.content[0]?.examples.map((e) => ({ name: e.name, value: e.value })),
    );
    const body = mock?.examples[0]?.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.keys(body)).toContain('__proto__');
    expect(global[FLAG]).toBeUndefined();
  });

  it('validators accept the contract examples and reject what the contract forbids', async () => {
    const validators = (await import(pathToFileURL(join(OUT, 'validators.ts')).href)) as {
      schemaValidators: Record<string, ValidateFunction>;
      operationValidators: Record<
        string,
        Partial<Record<'path' | 'query' | 'header' | 'cookie', ValidateFunction>> & {
          body?: Record<string, ValidateFunction>;
          responses: Record<string, Record<string, ValidateFunction>>;
        }
      >;
    };
    const own = <T>(obj: Record<string, T> | undefined, key: string): T | undefined =>
      obj && Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
    expect(Object.keys(validators.schemaValidators)).toEqual(model.schemas.map((s) => s.name));
    expect(Object.keys(validators.operationValidators)).toEqual(model.operations.map((o) => o.id));
    let checked = 0;
    for (const e of collectExamples(model)) {
      const v = e.validator;
      if (!v) continue;
      const fn =
        v.kind === 'schema'
          ? own(validators.schemaValidators, v.name)
          : v.kind === 'request-body'
            ? own(own(validators.operationValidators, v.operationId)?.body, v.mediaType)
            : own(own(own(validators.operationValidators, v.operationId)?.responses, v.status ?? ''), v.mediaType);
      expect(fn, `${e.subject} ${e.example.pointer}`).toBeTypeOf('function');
      const ok = fn?.(e.example.value);
      expect(ok, `${e.subject} ${e.example.pointer}: ${JSON.stringify(fn?.errors)}`).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(7);
    // Parameter examples, against the validator of their location: one object per location with
    // the first example of each parameter.
    for (const op of model.operations) {
      for (const where of ['path', 'query', 'header', 'cookie'] as const) {
        const params = op.parameters.filter((p) => p.in === where && p.examples.length > 0);
        if (params.length === 0) continue;
        const value: Record<string, unknown> = {};
        for (const p of params) setOwn(value, where === 'header' ? p.name.toLowerCase() : p.name, p.examples[0]?.value);
        const fn = own(own(validators.operationValidators, op.id), where) as ValidateFunction | undefined;
        expect(fn?.(value), `${op.id} ${where}: ${JSON.stringify(fn?.errors)}`).toBe(true);
        checked += params.length;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(10);
    // Hostile property names are real properties of the validated data.
    const proto = own(validators.schemaValidators, '__proto__');
    const good = { constructor: 1, toString: 't', kind: '*/', '*/': 'x', '"quote"': 'q', '${x}': 'y', 'line\nbreak': 'z' };
    expect(proto?.(good), JSON.stringify(proto?.errors)).toBe(true);
    expect(proto?.({ ...good, constructor: 'one' })).toBe(false);
    expect(proto?.({ ...good, toString: 5 })).toBe(false);
    expect(proto?.({ ...good, '*/': 5 })).toBe(false);
    expect(proto?.({ ...good, '"quote"': 5 })).toBe(false);
    expect(proto?.({ ...good, 'line\nbreak': 5 })).toBe(false);
    expect(proto?.({ ...good, kind: 'not in enum' })).toBe(false);
    const weird = own(validators.schemaValidators, 'Weird.Name-1');
    for (const value of ['*/', '"', "'", '`', '${globalThis.__specforgePwned = true}', '</script>', '\u2028', '\n', '__proto__', '\\']) {
      expect(weird?.(value), JSON.stringify(value)).toBe(true);
    }
    expect(weird?.('*/ ')).toBe(false);
    expect(global[FLAG]).toBeUndefined();
  });

  // createAjv sets Ajv's `ownProperties`: a property named like an Object.prototype member
  // ("toString", "constructor") is never read from the prototype.
  it('validators do not mistake Object.prototype members for properties of the data', async () => {
    const validators = (await import(pathToFileURL(join(OUT, 'validators.ts')).href)) as { schemaValidators: Record<string, ValidateFunction> };
    const cls = Object.getOwnPropertyDescriptor(validators.schemaValidators, '__proto__')?.value as ValidateFunction | undefined;
    // "toString" is required: an object without its own "toString" must be refused for that reason,
    // and one with all required properties but no optional "class" must be accepted.
    expect(cls?.({ constructor: 1, toString: 't', kind: '*/' })).toBe(true);
    expect(cls?.({ constructor: 1, kind: '*/' })).toBe(false);
    expect(cls?.errors?.map((e) => e.keyword)).toEqual(['required']);
  });

  // The same on requests: the optional query parameter "constructor" may be absent.
  it('an optional query parameter named "constructor" may be absent', async () => {
    const validators = (await import(pathToFileURL(join(OUT, 'validators.ts')).href)) as {
      operationValidators: Record<string, { query?: ValidateFunction }>;
    };
    const id = model.operations[0]?.id ?? '';
    const query = Object.getOwnPropertyDescriptor(validators.operationValidators, id)?.value as { query?: ValidateFunction } | undefined;
    expect(query?.query?.({})).toBe(true);
  });

  it('is byte-identical when generated twice', async () => {
    const again = await generateSpec(entry(OUT_AGAIN), { cacheDir: CACHE, force: true });
    expect(again.files.map((f) => f.path)).toEqual(first.files.map((f) => f.path));
    const a = filesIn(OUT);
    const b = filesIn(OUT_AGAIN);
    expect([...b.keys()]).toEqual([...a.keys()]);
    for (const [name, text] of a) expect(b.get(name) === text, name).toBe(true);
    // Regenerating over the first output changes nothing.
    const over = await generateSpec(entry(OUT), { cacheDir: CACHE, force: true });
    expect(over.files.every((f) => f.state === 'unchanged')).toBe(true);
  });
});
