/**
 * Every generated validator is also a Standard Schema v1 (`~standard`): through it, every example of
 * every shipped contract, and values broken from them, get Ajv's verdict, and each issue carries a
 * path into the value (array indices as numbers, the missing or extra property named). The types
 * compile against `@standard-schema/spec`'s StandardSchemaV1.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildModel, isHttpLess } from '../../src/contract/model.js';
import { loadContract } from '../../src/contract/resolve.js';
import { loadConfig } from '../../src/config/config.js';
import type { StandardIssue, StandardResult, StandardValidator } from '../../src/runtime/validation/standard.js';
import { standard } from '../../src/runtime/validation/standard.js';
import type { ValidateFunction } from '../../src/runtime/index.js';
import { examplesWithValidators, type GeneratedValidators } from '../support/example-checks.js';
import { typeCheck } from '../support/type-errors.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const config = loadConfig(ROOT);
const httpSpecs = config.specs.filter((s) => !isHttpLess(loadContract(s.path).document));
const TMP = resolve('test/.tmp', `standard-${process.pid}-${Math.random().toString(36).slice(2, 10)}`);

afterAll(() => {
  rmSync(TMP, { recursive: true, force: true });
});

function viaStandard(fn: ValidateFunction, value: unknown): StandardResult<unknown> {
  const props = (fn as Partial<StandardValidator>)['~standard'];
  if (props === undefined) throw new Error('a generated validator without ~standard');
  expect(props.version).toBe(1);
  expect(props.vendor).toBe('specforge');
  return props.validate(value);
}

/** Values broken from an example: a wrong type at the top, and each property in turn given a wrong type or left out. */
function broken(value: unknown): unknown[] {
  const out: unknown[] = [typeof value === 'number' ? 'not a number' : 12345];
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const key of Object.keys(value).slice(0, 20)) {
      const v = (value as Record<string, unknown>)[key];
      out.push({ ...value, [key]: typeof v === 'string' ? 12345 : 'not the right type' });
      const rest: Record<string, unknown> = { ...value };
      delete rest[key];
      out.push(rest);
    }
  }
  if (Array.isArray(value) && value.length > 0) out.push([...value, 'an extra string item'], [12345, ...value.slice(1)]);
  return out;
}

/** Whether a path's segments up to the last lead through the value (the last may name what is missing or extra). */
function leadsThrough(value: unknown, path: readonly PropertyKey[]): boolean {
  let node = value;
  for (const key of path.slice(0, -1)) {
    if (Array.isArray(node) && typeof key === 'number' && key < node.length) node = node[key];
    else if (node !== null && typeof node === 'object' && !Array.isArray(node) && typeof key === 'string' && Object.hasOwn(node, key))
      node = (node as Record<string, unknown>)[key];
    else return false;
  }
  return true;
}

describe.each(httpSpecs.map((s) => [s.api, s] as const))('the generated validators of %s through ~standard', (_api, entry) => {
  it('agree with Ajv on every example and on values broken from them, with paths into the value', async () => {
    const model = await buildModel(entry.path, { api: entry.api });
    const validators = (await import(pathToFileURL(join(entry.out, 'validators.ts')).href)) as GeneratedValidators;
    let compared = 0;
    let refused = 0;
    for (const { check, generated } of examplesWithValidators(model, validators)) {
      if (generated === undefined) continue;
      for (const value of [check.example.value, ...broken(check.example.value)]) {
        const verdict = generated(value);
        const errors = generated.errors;
        const result = viaStandard(generated, value);
        expect(result.issues === undefined, `${check.example.pointer}: ${JSON.stringify(value).slice(0, 200)}`).toBe(verdict);
        compared++;
        if (result.issues === undefined) {
          expect(result.value).toBe(value);
          continue;
        }
        refused++;
        expect(result.issues).toHaveLength(errors?.length ?? 1);
        for (const issue of result.issues as StandardIssue[]) {
          expect(typeof issue.message).toBe('string');
          expect(Array.isArray(issue.path)).toBe(true);
          expect(leadsThrough(value, issue.path as PropertyKey[]), JSON.stringify(issue)).toBe(true);
        }
      }
    }
    expect(compared).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});

describe('issues', () => {
  it('name the missing or extra property and count array items as numbers', () => {
    const fn: ValidateFunction = Object.assign((_: unknown) => false, {
      errors: [
        {
          keyword: 'required',
          instancePath: '/items/1',
          schemaPath: '#/required',
          params: { missingProperty: 'id' },
          message: "must have required property 'id'",
        },
        {
          keyword: 'additionalProperties',
          instancePath: '/0',
          schemaPath: '#/additionalProperties',
          params: { additionalProperty: 'a~b/c' },
          message: 'must NOT have additional properties',
        },
        { keyword: 'type', instancePath: '/0/x~1y~0z', schemaPath: '#/type', params: { type: 'string' }, message: 'must be string' },
      ],
    });
    const v = standard(fn);
    expect(standard(fn)).toBe(v);
    const result = v['~standard'].validate({ items: [{}, {}], '0': { 'x/y~z': 1 } });
    expect(result.issues?.map((i) => i.path)).toEqual([
      ['items', 1, 'id'],
      ['0', 'a~b/c'],
      ['0', 'x/y~z'],
    ]);
    expect(result.issues?.[0]?.message).toBe("must have required property 'id'");
  });
});

describe('types', () => {
  it('a generated validator is a StandardSchemaV1 of @standard-schema/spec (tsc)', () => {
    mkdirSync(TMP, { recursive: true });
    const file = join(TMP, 'consumer.ts');
    const echo = relative(TMP, join(ROOT, 'generated', 'echo', 'validators.js')).replace(/\\/g, '/');
    writeFileSync(
      file,
      `import type { StandardSchemaV1 } from '@standard-schema/spec';
import { errorBodyValidator, operationValidators, schemaValidators } from '${echo.startsWith('.') ? echo : `./${echo}`}';

/** What a library that takes any Standard Schema does with one. */
export async function check<S extends StandardSchemaV1>(schema: S, value: unknown): Promise<StandardSchemaV1.InferOutput<S> | readonly (readonly (PropertyKey | StandardSchemaV1.PathSegment)[] | undefined)[]> {
  const result = await schema['~standard'].validate(value);
  return result.issues ? result.issues.map((i) => i.path) : result.value;
}
export const one: StandardSchemaV1 = schemaValidators.echoMessage;
export const body = check(operationValidators.echo.body['application/json'], {});
export const answer: StandardSchemaV1 | undefined = errorBodyValidator;
export const direct = operationValidators.echo.body['application/json']({ message: 'hi' });
`,
    );
    expect(typeCheck([file]).diagnostics).toEqual([]);
  }, 120_000);
});
