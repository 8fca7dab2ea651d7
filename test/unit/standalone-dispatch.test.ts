/**
 * A discriminated union in standalone validators is a dispatch on its tag (codegen/standalone-dispatch.ts):
 * one read of the tag, the variant it names, and the `if` errors of the steps pushed by the runtime's
 * ifErrors; every verdict and error object the same as Ajv's in-memory compile of the same plan,
 * for string, number, boolean and null tags, hostile tag values, inline and $ref variants, a union
 * inside a union, and a default mapping (OpenAPI 3.2).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSpec } from '../../src/pipeline/generate.js';
import type { ValidateFunction } from '../../src/runtime/validation/standalone.js';
import { markDispatches, DISPATCH_KEYWORD } from '../../src/codegen/standalone-dispatch.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `standalone-dispatch-${process.pid}`);
const HOSTILE = 'x</script>\u2028"\'`${1}';

const variant = (tag: unknown, extra: Record<string, unknown>): Record<string, unknown> => ({
  type: 'object',
  required: ['kind', ...Object.keys(extra)],
  properties: { kind: { const: tag }, ...extra },
});

const SPEC = {
  openapi: '3.2.0',
  info: { title: 'dispatch', version: '1' },
  paths: {},
  components: {
    schemas: {
      Cat: { type: 'object', required: ['petType', 'lives'], properties: { petType: { type: 'string' }, lives: { type: 'integer', maximum: 9 } } },
      Dog: { type: 'object', required: ['petType', 'bark'], properties: { petType: { type: 'string' }, bark: { type: 'string', minLength: 1 } } },
      Bird: { type: 'object', required: ['petType'], properties: { petType: { type: 'string' }, wings: { type: 'integer', minimum: 2 } } },
      Pet: {
        oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }, { $ref: '#/components/schemas/Bird' }],
        discriminator: {
          propertyName: 'petType',
          mapping: { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog', [HOSTILE]: '#/components/schemas/Bird' },
        },
      },
      DefaultPet: {
        oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }, { $ref: '#/components/schemas/Bird' }],
        discriminator: {
          propertyName: 'petType',
          mapping: { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog' },
          defaultMapping: '#/components/schemas/Bird',
        },
      },
      Mixed: {
        anyOf: [
          variant(1, { n: { type: 'number' } }),
          variant(true, { b: { type: 'boolean' } }),
          variant(null, { z: { type: 'null' } }),
          { type: 'object', required: ['kind', 'pet'], properties: { kind: { enum: ['pet', 'animal'] }, pet: { $ref: '#/components/schemas/Pet' } } },
        ],
      },
      // Inside propertyNames (errors carry the property name): compiled as the steps are.
      Names: { type: 'object', propertyNames: { anyOf: [variant('p', {}), variant('q', {}), variant('r', {})] } },
    },
  },
};

interface Validators {
  schemaValidators: Record<string, ValidateFunction>;
}

let ahead: Validators;
let memory: Validators;
let code = '';

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  writeFileSync(join(TMP, 'openapi.json'), JSON.stringify(SPEC));
  const load = async (out: string, deferUnused: false | 'all'): Promise<Validators> => {
    await generateSpec(
      { path: join(TMP, 'openapi.json'), api: 'dispatch', out: join(TMP, out), targets: ['validators'], strict: false, deferUnused },
      { cacheDir: join(TMP, 'cache'), force: true },
    );
    return (await import(pathToFileURL(join(TMP, out, 'validators.ts')).href)) as Validators;
  };
  ahead = await load('ahead', false);
  memory = await load('memory', 'all');
  code = readFileSync(join(TMP, 'ahead', 'validators.ts'), 'utf8');
}, 60_000);

afterAll(() => rmSync(TMP, { recursive: true, force: true }));

function same(name: string, value: unknown): void {
  const a = ahead.schemaValidators[name] as ValidateFunction;
  const b = memory.schemaValidators[name] as ValidateFunction;
  const verdict = a(value);
  expect(b(value)).toBe(verdict);
  expect(JSON.stringify(a.errors)).toBe(JSON.stringify(b.errors));
}

describe('discriminated unions in standalone validators', () => {
  it('compile as a dispatch on the tag, with the hostile tag escaped', () => {
    expect(code).toMatch(/^import \{[^}]*\bifErrors as __ifs\b/m);
    expect(code.match(/__ifs\(/g)?.length).toBeGreaterThan(6);
    expect(code).not.toMatch(/<\/script|\u2028/i);
    // The steps' errors come from ifErrors and templates, not object literals, but in propertyNames.
    const pet = code.split('\n').find((line) => line.startsWith('function v_Pet_')) ?? '';
    expect(pet).toContain('__ifs(');
    expect(pet).not.toContain('must match');
    const names = code.split('\n').find((line) => line.startsWith('function v_Names_')) ?? '';
    expect(names).not.toContain('__ifs(');
    expect(names).toContain('propertyName');
  });

  it('judge and report as Ajv in memory', () => {
    const tags = fc.constantFrom<unknown>('cat', 'dog', HOSTILE, 'bird', 'Bird', 1, true, null, 'pet', 'animal', 'a', 'b', 'c', 0, -0, '1', undefined);
    const leaf = fc.oneof(fc.constantFrom<unknown>(0, 3, 12, 1.5, '', 'x', true, null, [], {}), tags);
    const body = fc.dictionary(fc.constantFrom('lives', 'bark', 'wings', 'n', 'b', 'z', 'a', 'other'), leaf, { maxKeys: 4 });
    const pet = fc.record({ petType: tags, rest: body }).map(({ petType, rest }) => (petType === undefined ? rest : { ...rest, petType }));
    const value = fc.oneof(
      pet,
      fc.record({ kind: tags, rest: body, pet }).map(({ kind, rest, pet: p }) => ({ ...rest, kind, pet: p })),
      leaf,
      fc.constant([{ petType: 'cat' }]),
    );
    fc.assert(
      fc.property(value, (v) => {
        for (const name of ['Pet', 'DefaultPet', 'Mixed', 'Names']) same(name, v);
      }),
      { numRuns: 1500, seed: 41 },
    );
  });

  it('mark only chains of plain steps, without changing the root', () => {
    const step = (v: unknown, then: unknown, otherwise: unknown): Record<string, unknown> => ({
      if: { type: 'object', required: ['k'], properties: { k: { const: v } } },
      then,
      else: otherwise,
    });
    const chain = step('a', { type: 'string' }, step('b', { type: 'number' }, { type: 'null' }));
    const root = { $defs: { A: { allOf: [chain] }, B: { allOf: [step('a', {}, step('a', {}, {}))] }, C: { allOf: [step({ o: 1 }, {}, step('b', {}, {}))] } } };
    const text = JSON.stringify(root);
    const marked = markDispatches(root);
    expect(JSON.stringify(root)).toBe(text);
    expect(marked.$defs.A).toEqual({ allOf: [{ [DISPATCH_KEYWORD]: chain }] });
    // A value two steps share, or an object value: left as it is.
    expect(marked.$defs.B).toBe(root.$defs.B);
    expect(marked.$defs.C).toBe(root.$defs.C);
    // A $ref into an entry could point into a chain: nothing is marked.
    const into = { $defs: { ...root.$defs, D: { $ref: '#/$defs/A/allOf/0' } } };
    expect(markDispatches(into)).toBe(into);
  });
});
