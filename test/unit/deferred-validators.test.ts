/**
 * Deferred validators (schemas no operation reaches, compiled on first use in very large contracts)
 * behave exactly like the standalone ones.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSpec } from '../../src/pipeline/generate.js';
import type { ValidateFunction } from '../../src/runtime/index.js';
import { DEFAULT_TARGETS } from '../../src/codegen/targets.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `deferred-${process.pid}`);
const SPEC = `openapi: 3.1.0
info: { title: Deferred, version: 1.0.0 }
paths:
  /things:
    post:
      operationId: createThing
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Used' }
      responses:
        '201':
          description: created
          content:
            application/json:
              schema:
                type: object
                required: [id, thing]
                properties:
                  id: { type: integer, minimum: 1 }
                  thing: { $ref: '#/components/schemas/Used' }
components:
  schemas:
    Used:
      type: object
      required: [name]
      additionalProperties: false
      properties:
        name: { type: string, pattern: '^[a-z]+$', maxLength: 8 }
    Unused:
      type: object
      required: [id, tree]
      properties:
        id: { type: integer, minimum: 1 }
        when: { type: string, format: date-time }
        used: { $ref: '#/components/schemas/Used' }
        tree: { $ref: '#/components/schemas/Tree' }
    Tree:
      type: object
      properties:
        children: { type: array, items: { $ref: '#/components/schemas/Tree' }, maxItems: 2 }
`;

interface Validators {
  schemaValidators: Record<string, ValidateFunction>;
  operationValidators: Record<string, { body?: Record<string, ValidateFunction>; responses: Record<string, Record<string, ValidateFunction>> }>;
}

let standalone: Validators;
let deferred: Validators;
let deferredSource = '';
let everything: Validators;
let everythingSource = '';

beforeAll(async () => {
  mkdirSync(join(TMP, 'spec'), { recursive: true });
  writeFileSync(join(TMP, 'spec', 'openapi.yaml'), SPEC);
  const base = { path: join(TMP, 'spec', 'openapi.yaml'), api: 'deferred', targets: [...DEFAULT_TARGETS], strict: true as const };
  await generateSpec({ ...base, out: join(TMP, 'ahead'), deferUnused: false }, { cacheDir: join(TMP, 'cache'), force: true });
  await generateSpec({ ...base, out: join(TMP, 'lazy'), deferUnused: true }, { cacheDir: join(TMP, 'cache'), force: true });
  await generateSpec({ ...base, out: join(TMP, 'auto') }, { cacheDir: join(TMP, 'cache'), force: true });
  await generateSpec({ ...base, out: join(TMP, 'all'), deferUnused: 'all' }, { cacheDir: join(TMP, 'cache'), force: true });
  everything = (await import(pathToFileURL(join(TMP, 'all', 'validators.ts')).href)) as Validators;
  everythingSource = readFileSync(join(TMP, 'all', 'validators.ts'), 'utf8');
  standalone = (await import(pathToFileURL(join(TMP, 'ahead', 'validators.ts')).href)) as Validators;
  deferred = (await import(pathToFileURL(join(TMP, 'lazy', 'validators.ts')).href)) as Validators;
  deferredSource = readFileSync(join(TMP, 'lazy', 'validators.ts'), 'utf8');
});

afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('deferred validators', () => {
  it('defer only the schemas no operation reaches', () => {
    expect(deferredSource).toContain('__deferredValidators(');
    expect(deferredSource).toMatch(/const schema\$Unused = \/\* @__PURE__ \*\/ __defer\(/); // Unused
    expect(deferredSource).not.toMatch(/const schema\$Used = \/\* @__PURE__ \*\/ __defer\(/); // Used stays standalone
    expect(readFileSync(join(TMP, 'ahead', 'validators.ts'), 'utf8')).not.toContain('__defer');
  });

  it('small contracts compile everything ahead of time by default', () => {
    expect(readFileSync(join(TMP, 'auto', 'validators.ts'), 'utf8')).toBe(readFileSync(join(TMP, 'ahead', 'validators.ts'), 'utf8'));
  });

  it('accept a valid value and refuse a broken one', () => {
    const unused = deferred.schemaValidators['Unused'] as ValidateFunction;
    expect(unused({ id: 1, tree: {} })).toBe(true);
    expect(unused({ id: 0, tree: {} })).toBe(false);
    expect(unused.errors?.[0]).toMatchObject({ instancePath: '/id', keyword: 'minimum' });
  });

  const values: Array<[string, unknown]> = [
    ['valid', { id: 1, tree: { children: [{}, { children: [] }] }, used: { name: 'abc' }, when: '2024-01-01T00:00:00Z' }],
    ['missing required', { id: 1 }],
    ['below minimum', { id: 0, tree: {} }],
    ['bad format', { id: 2, tree: {}, when: 'yesterday' }],
    ['bad nested ref', { id: 2, tree: {}, used: { name: 'ABC' } }],
    ['too many recursive items', { id: 2, tree: { children: [{}, {}, {}] } }],
    ['not an object', 'nope'],
  ];
  it.each(values)('give the same verdict and errors as standalone code: %s', (_name, value) => {
    for (const name of ['Unused', 'Tree', 'Used']) {
      const a = standalone.schemaValidators[name] as ValidateFunction;
      const b = deferred.schemaValidators[name] as ValidateFunction;
      const okA = a(value);
      const okB = b(value);
      expect(okB).toBe(okA);
      const shape = (errs: ValidateFunction['errors']): string[] => (errs ?? []).map((e) => `${e.instancePath} ${e.keyword}`).sort();
      expect(shape(b.errors)).toEqual(shape(a.errors));
    }
  });

  it('defer response validators (a server needs them only to check its own answers), and they judge alike', () => {
    // createThing's request body stays standalone; its 201 response is compiled on first use.
    expect(deferredSource).toMatch(/const op\$createThing_201_application_json = \/\* @__PURE__ \*\/ __defer\(/);
    expect(deferredSource).not.toMatch(/const op\$createThing_body_application_json = \/\* @__PURE__ \*\/ __defer\(/);
    const a = standalone.operationValidators['createThing']?.responses['201']?.['application/json'] as ValidateFunction;
    const b = deferred.operationValidators['createThing']?.responses['201']?.['application/json'] as ValidateFunction;
    for (const value of [{ id: 1, thing: { name: 'abc' } }, { id: 0, thing: { name: 'ABC' } }, { id: 2, thing: { name: 'abc', extra: 1 } }, {}]) {
      expect(b(value)).toBe(a(value));
      expect((b.errors ?? []).map((e) => e.keyword)).toEqual((a.errors ?? []).map((e) => e.keyword));
    }
  });

  it('"all" (what "auto" does for a contract of 400 schemas or more) leaves no standalone code and judges alike', () => {
    expect(everythingSource).not.toMatch(/^function validate/m);
    expect(everythingSource).not.toMatch(/^import \{[^}]*\} from "@specforge\/runtime\/validators"/m);
    expect(everythingSource).toContain('from "@specforge/runtime/compile"');
    const pairs: Array<[ValidateFunction, ValidateFunction]> = [
      [standalone.schemaValidators['Used'] as ValidateFunction, everything.schemaValidators['Used'] as ValidateFunction],
      [standalone.schemaValidators['Unused'] as ValidateFunction, everything.schemaValidators['Unused'] as ValidateFunction],
      [
        standalone.operationValidators['createThing']?.body?.['application/json'] as ValidateFunction,
        everything.operationValidators['createThing']?.body?.['application/json'] as ValidateFunction,
      ],
    ];
    for (const [a, b] of pairs) {
      for (const value of [{ name: 'abc' }, { name: 'ABC' }, { id: 1, tree: {} }, { id: 0 }, 'x']) {
        expect(b(value)).toBe(a(value));
        expect((b.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`)).toEqual((a.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`));
      }
    }
  });
});
