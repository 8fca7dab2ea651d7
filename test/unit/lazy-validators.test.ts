/**
 * Validators compiled in memory (`specforge mock`, `test`, `proxy`) are compiled per operation on
 * first use: after one request only that operation's validators exist, and they validate exactly as
 * before. `runMock` listens before it has checked every sampled answer, and says when it has.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMock } from '../../src/cli/commands/mock.js';
import { apiSpec, mockTables } from '../../src/contract/tables/api.js';
import { createMock } from '../../src/runtime/mock/server.js';
import { buildModel } from '../../src/contract/model.js';
import { compiledOperationIds, compileValidators, planValidators } from '../../src/contract/tables/validators.js';
import { validatorCompiled, type ValidateFunction } from '../../src/runtime/validation/ajv.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `lazy-validators-${process.pid}`);
const SPEC = `openapi: 3.1.0
info: { title: Lazy, version: 1.0.0 }
paths:
  /things:
    get:
      operationId: listThings
      parameters:
        - { name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 10 } }
      responses:
        '200':
          description: the things
          content:
            application/json:
              schema: { type: array, items: { $ref: '#/components/schemas/Thing' } }
    post:
      operationId: createThing
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Thing' }
      responses:
        '201':
          description: created
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Thing' }
  /things/{id}:
    get:
      operationId: constructor
      parameters:
        - { name: id, in: path, required: true, schema: { type: integer, minimum: 1 } }
      responses:
        '200':
          description: one thing
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Thing' }
components:
  schemas:
    Thing:
      type: object
      required: [name]
      additionalProperties: false
      properties:
        name: { type: string, pattern: '^[a-z]+$', maxLength: 8 }
`;

beforeAll(() => {
  mkdirSync(TMP, { recursive: true });
  writeFileSync(join(TMP, 'openapi.yaml'), SPEC);
  // Another contract (models, plans and validators are cached by content within a process).
  writeFileSync(join(TMP, 'other.yaml'), SPEC.replace('title: Lazy', 'title: Other'));
  writeFileSync(join(TMP, 'third.yaml'), SPEC.replace('title: Lazy', 'title: Third'));
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('validators compiled per operation', () => {
  it('compiles nothing before first use, then only the operation read, once', async () => {
    const model = await buildModel(join(TMP, 'openapi.yaml'));
    const validators = compileValidators(model, planValidators(model));
    expect(compiledOperationIds(validators)).toEqual([]);
    expect(Object.keys(validators.operationValidators).sort()).toEqual(['constructor', 'createThing', 'listThings']);
    const create = validators.operationValidators.createThing;
    expect(compiledOperationIds(validators)).toEqual(['createThing']);
    expect(validators.operationValidators.createThing).toBe(create);
    expect(compiledOperationIds(validators)).toEqual(['createThing']);
    const body = create?.body?.['application/json'];
    expect(body?.({ name: 'abc' })).toBe(true);
    expect(body?.({ name: 'ABC' })).toBe(false);
    expect(body?.errors?.[0]?.instancePath).toBe('/name');
    // An operationId that names a member of Object.prototype is the contract's own.
    expect(Object.hasOwn(validators.operationValidators, 'constructor')).toBe(true);
    expect(validators.operationValidators['constructor' as string]?.path?.({ id: 0 })).toBe(false);
    expect(compiledOperationIds(validators)).toEqual(['createThing', 'constructor']);
  });

  it("within an operation, each validator compiles on its first call: the body's, not yet the responses'", async () => {
    const model = await buildModel(join(TMP, 'third.yaml'));
    const validators = compileValidators(model, planValidators(model));
    const create = validators.operationValidators.createThing;
    const compiled = (target: Record<string, ValidateFunction> | undefined, key: string): boolean => {
      const fn = target?.[key];
      return fn !== undefined && validatorCompiled(fn);
    };
    expect(compiled(create?.body, 'application/json')).toBe(false);
    expect(compiled(create?.responses['201'], 'application/json')).toBe(false);
    expect(create?.body?.['application/json']?.({ name: 'abc' })).toBe(true);
    expect(compiled(create?.body, 'application/json')).toBe(true);
    expect(compiled(create?.responses['201'], 'application/json')).toBe(false);
    expect(Object.keys(create?.responses ?? {})).toEqual(['201']);
    expect(create?.responses['201']?.['application/json']?.({ name: 'ABC' })).toBe(false);
    expect(compiled(create?.responses['201'], 'application/json')).toBe(true);
  });

  it('a mock answers a request having compiled only that operation, and validates it as before', async () => {
    const model = await buildModel(join(TMP, 'other.yaml'));
    const validators = compileValidators(model, planValidators(model));
    const mock = createMock(apiSpec(model), validators, mockTables(model));
    const base = 'http://mock.test';
    const bad = await mock.fetch(new Request(`${base}/things`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"X"}' }));
    expect(bad.status).toBe(400);
    const ok = await mock.fetch(new Request(`${base}/things`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"x"}' }));
    expect(ok.status).toBe(201);
    const compiled = compiledOperationIds(validators);
    expect(compiled).toEqual(['createThing']);
    expect((await mock.fetch(new Request(`${base}/things?limit=11`))).status).toBe(400);
    expect(compiledOperationIds(validators)).toEqual(['createThing', 'listThings']);
  });
});

describe('specforge mock checks its sampled answers after it listens', () => {
  it('serves first, then says it checked every operation', async () => {
    const lines: string[] = [];
    let said: () => void = () => undefined;
    const done = new Promise<void>((ok) => (said = ok));
    const { server } = await runMock({
      cwd: TMP,
      spec: 'openapi.yaml',
      port: 0,
      host: '127.0.0.1',
      write: (t) => {
        lines.push(t);
        if (t.includes('checked the sampled answers')) said();
      },
    });
    try {
      expect(lines.some((l) => l.includes('serving openapi.yaml'))).toBe(true);
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/things/1`);
      expect(res.status).toBe(200);
      await done;
      expect(lines.at(-1)).toBe('specforge mock: checked the sampled answers of 3 operation(s)\n');
    } finally {
      await new Promise((ok) => server.close(ok));
    }
  });
});
