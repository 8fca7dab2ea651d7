/**
 * OpenAPI 3.2's `discriminator.defaultMapping`, on the specification's own example (an optional
 * `petType`; a pet without it, or with a value no schema is mapped to, is an `OtherPet`): the
 * validators (in memory and generated standalone) read such a pet as the default schema, and the
 * mapped values as before; lint's example check, the mock and `diff` follow.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getLineColLocation } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createMockFromSpec } from '../../src/cli/commands/mock.js';
import { buildModel } from '../../src/contract/model.js';
import { compileValidators } from '../../src/contract/tables/validators.js';
import { lintSpecs } from '../../src/lint/lint.js';
import { generateSpec } from '../../src/pipeline/generate.js';
import type { ValidateFunction } from '../../src/runtime/index.js';
import { detailsFromAjv, type ProblemDetail } from '../../src/runtime/shared/errors.js';
import { api, diffDocs, OK, type Doc } from '../diff/helpers.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SPEC = join(ROOT, 'test', 'fixtures', 'openapi32', 'discriminator-default.yaml');
const TMP = join(ROOT, 'test', '.tmp', `discriminator-default-${process.pid}`);

type Check = (data: unknown) => { ok: boolean; details: ProblemDetail[] };
const checker =
  (fn: ValidateFunction | undefined): Check =>
  (data) => {
    if (!fn) throw new Error('no validator for Pet');
    const ok = fn(data);
    return { ok, details: detailsFromAjv('body', fn.errors) };
  };
const detail = (pointer: string, message: string): ProblemDetail => ({ in: 'body', pointer, message });

/** [name, pet, the problems expected (none: valid)]. */
const CASES: Array<[string, unknown, ProblemDetail[]]> = [
  ['a mapped value names its schema', { petType: 'Cat', name: 'Tom' }, []],
  ['no petType: the default schema', { nickname: 'Rex' }, []],
  ['a value no schema is mapped to: the default schema', { petType: 'Fish', nickname: 'Nemo' }, []],
  [
    'no petType, breaking the default schema: its problem alone',
    { nickname: 'a name longer than twenty' },
    [detail('/nickname', 'must NOT have more than 20 characters')],
  ],
  ['no petType and nothing else: the default schema says what it needs', {}, [detail('/nickname', 'is required')]],
  ['a mapped value still decides: a Cat without its name', { petType: 'Cat', nickname: 'Tom' }, [detail('/name', 'is required')]],
  ['a Dog is never read as the default', { petType: 'Dog' }, [detail('/bark', 'is required')]],
  ['not an object', 'Rex', [detail('/', 'must be object')]],
];

let inMemory: Check;
let standalone: Check;

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  inMemory = checker(compileValidators(await buildModel(SPEC), undefined, true).schemaValidators['Pet']);
  await generateSpec({ path: SPEC, api: 'pets', out: join(TMP, 'out'), targets: ['validators'], strict: true }, { cacheDir: join(TMP, 'cache'), force: true });
  const mod = (await import(pathToFileURL(join(TMP, 'out', 'validators.ts')).href)) as { schemaValidators: Record<string, ValidateFunction> };
  standalone = checker(mod.schemaValidators['Pet']);
});

afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe.each([
  ['in memory', () => inMemory],
  ['standalone', () => standalone],
] as const)('a discriminator with a defaultMapping (%s validators)', (_kind, get) => {
  it.each(CASES)('%s', (_name, data, want) => {
    const { ok, details } = get()(data);
    expect(details).toEqual(want);
    expect(ok).toBe(want.length === 0);
  });
});

describe('the rest of the toolchain', () => {
  it('lint passes the example without petType, and finds one the default refuses at its line', async () => {
    const clean = await lintSpecs([SPEC]);
    expect(clean[0]?.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const text = readFileSync(SPEC, 'utf8').replace('dataValue: { nickname: Rex }', 'dataValue: { nickname: Rex, petType: Cat }');
    const file = join(TMP, 'bad.yaml');
    writeFileSync(file, text);
    const [result] = await lintSpecs([file]);
    const found = (result?.problems ?? [])
      .filter((p) => p.ruleId === 'specforge/valid-examples')
      .map((p) => [p.location[0] === undefined ? undefined : getLineColLocation(p.location[0]).start.line, p.message]);
    const line = text.split('\n').findIndex((l) => l.includes('nickname: Rex, petType: Cat')) + 1;
    expect(found).toEqual([[line, expect.stringContaining('/name is required') as string]]);
  });

  it('the mock takes a pet without petType as an OtherPet, and refuses a Cat without its name naming name in its field', async () => {
    const mock = await createMockFromSpec(SPEC);
    const post = (body: unknown): Promise<Response> =>
      mock.fetch(new Request('http://mock.test/pets', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
    const ok = await post({ nickname: 'Rex' });
    expect(ok.status).toBe(201);
    const answered: unknown = await ok.json();
    expect(inMemory(answered)).toEqual({ ok: true, details: [] });
    const refused = await post({ petType: 'Cat' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: 'request does not match the contract: body /name is required', field: 'name' });
  });

  it('diff: a request that loses its defaultMapping, or whose default names another schema, is breaking; one that gains it is not', async () => {
    const pets = parse(readFileSync(SPEC, 'utf8')) as { components: { schemas: Doc } };
    const schemas = pets.components.schemas;
    const withDefault = (defaultMapping: string | undefined): Doc => {
      const pet = { ...(schemas['Pet'] as Doc), discriminator: { propertyName: 'petType', ...(defaultMapping === undefined ? {} : { defaultMapping }) } };
      const body = { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } };
      return api({ '/pets': { post: { requestBody: body, responses: OK } } }, { schemas: { ...schemas, Pet: pet } }, { openapi: '3.2.0' });
    };
    const found = async (base: Doc, head: Doc): Promise<Array<[string, string]>> =>
      (await diffDocs(join(TMP, `case-${Math.random().toString(36).slice(2)}`), base, head)).filter((f) => f.level === 'error').map((f) => [f.rule, f.message]);
    expect(await found(withDefault('OtherPet'), withDefault(undefined))).toEqual([
      ['request-body-discriminator-changed', expect.stringContaining('discriminator defaultMapping removed (was OtherPet)') as string],
    ]);
    expect(await found(withDefault('OtherPet'), withDefault('Lizard'))).toEqual([
      ['request-body-discriminator-changed', expect.stringContaining('discriminator defaultMapping now names Lizard (was OtherPet)') as string],
    ]);
    expect(await found(withDefault(undefined), withDefault('OtherPet'))).toEqual([]);
    // The same schema named as a reference is no change.
    expect(await found(withDefault('OtherPet'), withDefault('#/components/schemas/OtherPet'))).toEqual([]);
  });

  it('diff: a response that gains a defaultMapping, or whose default names another schema, is breaking; one that loses it is not', async () => {
    const pets = parse(readFileSync(SPEC, 'utf8')) as { components: { schemas: Doc } };
    const schemas = pets.components.schemas;
    const answering = (defaultMapping: string | undefined): Doc => {
      const pet = { ...(schemas['Pet'] as Doc), discriminator: { propertyName: 'petType', ...(defaultMapping === undefined ? {} : { defaultMapping }) } };
      const ok = { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } };
      return api({ '/pets': { get: { responses: ok } } }, { schemas: { ...schemas, Pet: pet } }, { openapi: '3.2.0' });
    };
    const found = async (base: Doc, head: Doc): Promise<string[]> =>
      (await diffDocs(join(TMP, `case-${Math.random().toString(36).slice(2)}`), base, head))
        .filter((f) => f.level === 'error')
        .map((f) => `${f.rule}: ${f.message}`);
    expect(await found(answering(undefined), answering('OtherPet'))).toEqual([
      expect.stringMatching(/^response-body-discriminator-changed: .*defaultMapping added \(OtherPet\)/),
    ]);
    expect(await found(answering('OtherPet'), answering('Lizard'))).toEqual([expect.stringMatching(/defaultMapping now names Lizard \(was OtherPet\)/)]);
    expect(await found(answering('OtherPet'), answering(undefined))).toEqual([]);
  });

  it('a defaultMapping that names no alternative leaves the property optional: the union as written decides', async () => {
    const file = join(TMP, 'outside.yaml');
    writeFileSync(
      file,
      `openapi: 3.2.0
info: { title: T, version: '1' }
paths: {}
components:
  schemas:
    Pet:
      oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Fish' }]
      discriminator: { propertyName: petType, defaultMapping: OtherPet }
    Cat: { type: object, required: [petType, name], properties: { petType: { const: Cat }, name: { type: string } } }
    Fish: { type: object, required: [fins], properties: { fins: { type: integer } } }
    OtherPet: { type: object, required: [nickname], properties: { nickname: { type: string } } }
`,
    );
    const check = checker(compileValidators(await buildModel(file), undefined, true).schemaValidators['Pet']);
    // Fish has no petType: the union takes it (it was refused as "/petType is required").
    expect(check({ fins: 2 })).toEqual({ ok: true, details: [] });
    expect(check({ petType: 'Cat', name: 'Tom' })).toEqual({ ok: true, details: [] });
    expect(check({ fins: 'two' }).ok).toBe(false);
  });
});
