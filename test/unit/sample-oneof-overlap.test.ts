/**
 * A oneOf whose branches are open objects that overlap (no branch requires what the others lack, as
 * just-eat's restaurant search answers do): the sample of any branch alone matches the others too,
 * so the sampler makes it exclusive, setting a property another branch declares (and the chosen one
 * does not) to a value that branch refuses. The validator is the judge, and the mock serves it.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockFromSpec } from '../../src/cli/commands/mock.js';
import type { Diagnostic } from '../../src/contract/errors.js';
import { createAjv } from '../../src/runtime/validation/ajv.js';
import { sampleSchema, sampleValid } from '../../src/runtime/shared/sample.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `sample-oneof-${process.pid}`);
beforeAll(() => mkdirSync(TMP, { recursive: true }));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const DEFS: Record<string, Record<string, unknown>> = {
  Search: {
    type: 'object',
    properties: { Restaurants: { type: 'array', items: { type: 'object', properties: { Eta: { type: 'number', nullable: true } } } } },
  },
  External: { type: 'object', properties: { Restaurants: { type: 'array', items: { type: 'object', properties: { Eta: { type: 'number' } } } } } },
  Web: { type: 'object', properties: { Open: { type: 'array', items: { type: 'string' } }, Closed: { type: 'array', items: { type: 'string' } } } },
};
const resolveRef = (ref: string): Record<string, unknown> | undefined => DEFS[ref.replace('#/components/schemas/', '')];
const OVERLAPPING = { oneOf: [{ $ref: '#/components/schemas/Search' }, { $ref: '#/components/schemas/External' }, { $ref: '#/components/schemas/Web' }] };

function compile(schema: Record<string, unknown>): (value: unknown) => boolean {
  const ajv = createAjv({ strict: false });
  ajv.addSchema({ $id: 'doc', components: { schemas: DEFS } });
  const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replace(/"#\/components/g, '"doc#/components')) as Record<string, unknown>);
  return (value) => validate(value) === true;
}

describe('a oneOf of overlapping open objects', () => {
  it('samples a value that matches exactly one branch', () => {
    const validate = compile(OVERLAPPING);
    for (let seed = 1; seed <= 10; seed++) {
      for (const vary of [false, true]) {
        for (let branch = 0; branch < 3; branch++) {
          const value = sampleSchema(OVERLAPPING, { resolve: resolveRef, seed, vary, branch });
          expect(validate(value), JSON.stringify(value)).toBe(true);
        }
      }
    }
  });

  it('of two branches each declaring one optional property: the value sets the other branch property to one it refuses', () => {
    const two = {
      oneOf: [
        { type: 'object', properties: { a: { type: 'string' } } },
        { type: 'object', properties: { b: { type: 'integer' } } },
      ],
    };
    const value = sampleSchema(two) as Record<string, unknown>;
    expect(value['a']).toBe('string');
    expect(Object.hasOwn(value, 'b')).toBe(true);
    expect(typeof value['b']).not.toBe('number');
    expect(compile(two)(value)).toBe(true);
    expect(sampleValid(two, compile(two)).valid).toBe(true);
  });

  it('never edits a documented example it starts from', () => {
    const example = { a: 'x' };
    const documented = {
      oneOf: [
        { type: 'object', properties: { a: { type: 'string' } }, example },
        { type: 'object', properties: { b: { type: 'integer' } } },
      ],
    };
    const value = sampleSchema(documented);
    expect(compile(documented)(value), JSON.stringify(value)).toBe(true);
    expect(value).toMatchObject({ a: 'x' });
    expect(example).toEqual({ a: 'x' });
  });

  it('is answered by the mock with a body the contract accepts, and no warning at start', async () => {
    const file = join(TMP, 'overlap.yaml');
    writeFileSync(
      file,
      stringify({
        openapi: '3.0.3',
        info: { title: 'overlap', version: '1' },
        paths: {
          '/search': { get: { operationId: 'search', responses: { '200': { description: 'ok', content: { 'application/json': { schema: OVERLAPPING } } } } } },
        },
        components: { schemas: DEFS },
      }),
    );
    const warnings: Diagnostic[] = [];
    const mock = await createMockFromSpec(file, {}, undefined, undefined, (d) => warnings.push(d));
    expect(warnings.filter((d) => d.code === 'SPECFORGE_NO_VALID_SAMPLE')).toEqual([]);
    const res = await mock.fetch(new Request('http://mock.test/search'));
    expect(res.status).toBe(200);
    expect(compile(OVERLAPPING)(await res.json())).toBe(true);
  });
});
