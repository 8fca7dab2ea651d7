/**
 * readOnly and writeOnly per direction: a property the server sets (readOnly) is not required in a
 * request, one only clients send (writeOnly) not in a response, even where its object lists it in
 * `required`; directly, nested, through $ref, allOf and recursion. Named schemas get a variant per
 * direction only where they differ. The generated types, the mock and the server agree.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModel, type ContractModel } from '../../src/contract/model.js';
import { apiSpec, mockTables } from '../../src/contract/tables/api.js';
import { compileValidators, planValidators, type CompiledValidators } from '../../src/contract/tables/validators.js';
import { createMock } from '../../src/runtime/index.js';
import { generateSpec } from '../../src/pipeline/generate.js';
import { typeCheck } from '../support/type-errors.js';

const SPEC = resolve('test/fixtures/read-write/openapi.yaml');
const TMP = resolve('test/.tmp', `read-write-${process.pid}-${Math.random().toString(36).slice(2, 10)}`);
const GEN = join(TMP, 'gen');

let model: ContractModel;
let v: CompiledValidators;

beforeAll(async () => {
  model = await buildModel(SPEC);
  v = compileValidators(model);
});

afterAll(() => {
  rmSync(TMP, { recursive: true, force: true });
});

const op = (id: string) => {
  const found = v.operationValidators[id];
  if (!found) throw new Error(`no validators for ${id}`);
  return {
    request: (value: unknown): boolean => (found.body?.['application/json'] as (x: unknown) => boolean)(value),
    response: (status: string, value: unknown): boolean => (found.responses[status]?.['application/json'] as (x: unknown) => boolean)(value),
  };
};

describe('validators per direction', () => {
  it('a request may leave out required readOnly properties (direct, through $ref, nested) and may still send them', () => {
    const user = op('createUser');
    expect(user.request({ name: 'ada', password: 'p', profile: { bio: 'b' } })).toBe(true);
    expect(user.request({ id: 'u1', name: 'ada', password: 'p', created: '2024-01-01T00:00:00Z', profile: { owner: 'x', bio: 'b' } })).toBe(true);
    // What a request does need is still needed, at any depth.
    expect(user.request({ password: 'p', profile: { bio: 'b' } })).toBe(false);
    expect(user.request({ name: 'ada', profile: { bio: 'b' } })).toBe(false);
    expect(user.request({ name: 'ada', password: 'p', profile: {} })).toBe(false);
    // A readOnly property sent is still checked against its schema.
    expect(user.request({ name: 'ada', password: 'p', created: 'yesterday', profile: { bio: 'b' } })).toBe(false);
  });

  it('a response may leave out required writeOnly properties, not readOnly ones', () => {
    const user = op('createUser');
    expect(user.response('201', { id: 'u1', name: 'ada', created: '2024-01-01T00:00:00Z', profile: { owner: 'u1', bio: 'b' } })).toBe(true);
    expect(user.response('201', { name: 'ada', created: '2024-01-01T00:00:00Z', profile: { owner: 'u1', bio: 'b' } })).toBe(false);
    expect(user.response('201', { id: 'u1', name: 'ada', created: '2024-01-01T00:00:00Z', profile: { bio: 'b' } })).toBe(false);
  });

  it('a readOnly property an allOf member requires is freed in requests only', () => {
    const extended = op('putExtended');
    expect(extended.request({ label: 'l' })).toBe(true);
    expect(extended.request({})).toBe(false);
    expect(extended.response('200', { label: 'l' })).toBe(false);
    expect(extended.response('200', { label: 'l', serial: 1 })).toBe(true);
  });

  it('a recursive schema is freed at every depth', () => {
    const tree = op('plantTree');
    expect(tree.request({ children: [{ children: [{ children: [] }] }] })).toBe(true);
    expect(tree.request({ children: [{ children: [{}] }] })).toBe(false);
    expect(tree.response('200', { id: 'a', children: [{ id: 'b', children: [{ children: [] }] }] })).toBe(false);
    expect(tree.response('200', { id: 'a', children: [{ id: 'b', children: [] }] })).toBe(true);
  });

  it('a named schema validator keeps the contract as written (both directions required)', () => {
    const user = v.schemaValidators['User'] as (x: unknown) => boolean;
    expect(user({ name: 'ada', password: 'p', profile: { bio: 'b' } })).toBe(false);
    expect(user({ id: 'u1', name: 'ada', password: 'p', created: '2024-01-01T00:00:00Z', profile: { owner: 'x', bio: 'b' } })).toBe(true);
  });

  it('variants exist only where a schema differs, under names that do not depend on other operations', () => {
    const keys = Object.keys(planValidators(model).root.$defs)
      .filter((k) => /^(request|response):/.test(k))
      .sort();
    expect(keys).toEqual([
      'request:/components/schemas/Extended',
      'request:/components/schemas/Profile',
      'request:/components/schemas/Tree',
      'request:/components/schemas/User',
      'response:/components/schemas/User',
    ]);
  });
});

describe('the mock judges by direction', () => {
  it('accepts a create without the readOnly fields and answers with them', async () => {
    const mock = createMock(apiSpec(model), v, mockTables(model));
    const res = await mock.fetch(
      new Request('http://mock/users', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'ada', password: 'p', profile: { bio: 'b' } }),
      }),
    );
    expect(res.status).toBe(201);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body['id']).toBe('u1');
    expect(body).not.toHaveProperty('password');
  });
});

describe('generated code', () => {
  beforeAll(async () => {
    mkdirSync(TMP, { recursive: true });
    await generateSpec(
      { path: SPEC, api: 'rw', out: GEN, targets: ['types', 'validators', 'server', 'client'], strict: true },
      { cacheDir: join(TMP, 'cache'), force: true },
    );
  });

  it('the generated validators judge by direction as the in-memory ones do', async () => {
    const gen = (await import(pathToFileURL(join(GEN, 'validators.ts')).href)) as {
      operationValidators: Record<
        string,
        { body: Record<string, (x: unknown) => boolean>; responses: Record<string, Record<string, (x: unknown) => boolean>> }
      >;
    };
    const user = gen.operationValidators['createUser'];
    expect(user?.body['application/json']?.({ name: 'ada', password: 'p', profile: { bio: 'b' } })).toBe(true);
    expect(user?.responses['201']?.['application/json']?.({ id: 'u1', name: 'ada', created: '2024-01-01T00:00:00Z', profile: { owner: 'u1', bio: 'b' } })).toBe(
      true,
    );
    expect(user?.responses['201']?.['application/json']?.({ name: 'ada', created: '2024-01-01T00:00:00Z', profile: { owner: 'u1', bio: 'b' } })).toBe(false);
  });

  it('request types leave readOnly properties out and response types writeOnly ones (tsc)', () => {
    const good = join(TMP, 'good.ts');
    writeFileSync(
      good,
      `import { createPartialServer } from './gen/server.js';
import { createClient } from './gen/client.js';
export const server = createPartialServer({
  createUser: ({ body, reply }) => reply(201, { id: 'u1', name: body.name, created: 'now', profile: { owner: 'u1', bio: body.profile.bio } }),
  plantTree: ({ body, reply }) => reply(200, { id: 't', children: body.children.map(() => ({ id: 'c', children: [] })) }),
});
const client = createClient({ baseUrl: 'http://127.0.0.1:1' });
export const call = () => client.POST('/users', { body: { name: 'ada', password: 'p', profile: { bio: 'b' } } }).then(({ data }) => data?.id);
`,
    );
    expect(typeCheck([good]).diagnostics).toEqual([]);
    const wrong = join(TMP, 'wrong.ts');
    writeFileSync(
      wrong,
      `import { createPartialServer } from './gen/server.js';
export const server = createPartialServer({
  createUser: ({ body, reply }) => reply(201, { id: body.id, name: 'n', created: 'now', profile: { owner: 'u1', bio: 'b' } }),
  plantTree: ({ reply }) => reply(200, { children: [] }),
});
`,
    );
    const diagnostics = typeCheck([wrong]).diagnostics.join('\n');
    expect(diagnostics).toMatch(/wrong\.ts:3: Property 'id' does not exist on type/);
    expect(diagnostics).toMatch(/wrong\.ts:4: .*Property 'id' is missing/s);
  }, 300_000);
});
