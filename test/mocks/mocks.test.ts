/**
 * Mocks that behave like the real service: stateful resources and state machines declared in the
 * contract (no per-contract mock code: every scenario below runs through the same engine), per-request
 * control, dynamic sampling, response validation naming the example at fault, and the ways a mock
 * runs (listener, fetch handler, reset, unix socket).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockFromSpec } from '../../src/cli/commands/mock.js';
import { buildModel } from '../../src/contract/model.js';
import { compileValidators } from '../../src/contract/tables/validators.js';
import type { Mock, MockServerOptions } from '../../src/runtime/index.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'mocks');
const TMP = join(ROOT, 'test', '.tmp', `mocks-${process.pid}`);

beforeAll(() => mkdirSync(TMP, { recursive: true }));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

function client(mock: Mock): (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<Answer> {
  return async (method, path, body, headers = {}) => {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const res = await mock.fetch(new Request(`http://mock.test${path}`, init));
    const text = await res.text();
    const type = res.headers.get('content-type') ?? '';
    return { status: res.status, body: text && type.includes('json') ? (JSON.parse(text) as unknown) : text, headers: res.headers };
  };
}

async function mockOf(name: string, options: MockServerOptions = {}): Promise<Mock> {
  return createMockFromSpec(join(FIXTURES, name, 'openapi.yaml'), options);
}

/** The same create-list-read-delete scenario, driven only by what each contract declares. */
const CRUD: Array<
  [string, { list: string; listItems: (b: unknown) => unknown[]; create: string; body: unknown; idOf: (b: unknown) => string; item: (id: string) => string }]
> = [
  [
    'pets (integer ids, array list)',
    {
      list: '/pets',
      listItems: (b) => b as unknown[],
      create: '/pets',
      body: { name: 'tweety', kind: 'bird' },
      idOf: (b) => String((b as { id: number }).id),
      item: (id) => `/pets/${id}`,
    },
  ],
  [
    'volumes (name ids, wrapped list)',
    {
      list: '/volumes',
      listItems: (b) => (b as { Volumes: unknown[] }).Volumes,
      create: '/volumes/create',
      body: { Name: 'cache', Driver: 'local' },
      idOf: (b) => (b as { Name: string }).Name,
      item: (id) => `/volumes/${id}`,
    },
  ],
];

describe.each(CRUD)('stateful resources: %s', (name, s) => {
  const folder = name.split(' ')[0] as string;

  it('create, list, read, delete, then read is 404', async () => {
    const call = client(await mockOf(folder, { stateful: true }));
    const before = await call('GET', s.list);
    expect(before.status).toBe(200);
    const seeded = s.listItems(before.body).length;
    expect(seeded).toBeGreaterThan(0);

    const created = await call('POST', s.create, s.body);
    expect(created.status).toBe(201);
    const id = s.idOf(created.body);
    expect(created.body).toMatchObject(s.body as object);

    const listed = await call('GET', s.list);
    expect(s.listItems(listed.body)).toHaveLength(seeded + 1);
    expect(s.listItems(listed.body).map(s.idOf)).toContain(id);

    const read = await call('GET', s.item(id));
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject(s.body as object);

    const removed = await call('DELETE', s.item(id));
    expect(removed.status).toBe(204);
    const gone = await call('GET', s.item(id));
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ message: expect.stringContaining(id) as unknown });
    expect(s.listItems((await call('GET', s.list)).body)).toHaveLength(seeded);
    expect((await call('DELETE', s.item(id))).status).toBe(404);
  });

  it('reset() and the reset endpoint forget created resources', async () => {
    const mock = await mockOf(folder, { stateful: true });
    const call = client(mock);
    const seeded = s.listItems((await call('GET', s.list)).body).length;
    await call('POST', s.create, s.body);
    expect(s.listItems((await call('GET', s.list)).body)).toHaveLength(seeded + 1);
    mock.reset();
    expect(s.listItems((await call('GET', s.list)).body)).toHaveLength(seeded);
    await call('POST', s.create, s.body);
    expect((await call('POST', '/__specforge/reset')).status).toBe(204);
    expect(s.listItems((await call('GET', s.list)).body)).toHaveLength(seeded);
  });

  it('without --stateful the mock stays stateless', async () => {
    const call = client(await mockOf(folder));
    const seeded = s.listItems((await call('GET', s.list)).body).length;
    expect((await call('POST', s.create, s.body)).status).toBe(201);
    expect(s.listItems((await call('GET', s.list)).body)).toHaveLength(seeded);
  });
});

describe('stateful details', () => {
  it('pets: update merges, ids are generated, aliases find a resource, a bad body never reaches the store', async () => {
    const call = client(await mockOf('pets', { stateful: true }));
    const a = await call('POST', '/pets', { name: 'nemo', kind: 'cat' });
    const b = await call('POST', '/pets', { name: 'dory', kind: 'cat' });
    expect((a.body as { id: number }).id).toBe(3);
    expect((b.body as { id: number }).id).toBe(4);
    const patched = await call('PATCH', '/pets/3', { tag: 'orange' });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ id: 3, name: 'nemo', kind: 'cat', tag: 'orange' });
    expect((await call('GET', '/pets/rex')).body).toMatchObject({ id: 1, name: 'rex' });
    const bad = await call('POST', '/pets', { name: 'NOT-LOWER', kind: 'cat' });
    expect(bad.status).toBe(400);
    expect((await call('GET', '/pets')).body as unknown[]).toHaveLength(4);
  });

  it('volumes: a duplicate name is 409 in the error shape', async () => {
    const call = client(await mockOf('volumes', { stateful: true }));
    expect((await call('POST', '/volumes/create', { Name: 'data' })).status).toBe(409);
    const generated = await call('POST', '/volumes/create', {});
    expect(generated.status).toBe(201);
    expect((generated.body as { Name: string }).Name).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('container lifecycle state machine (engine v1.24, seed section 3)', () => {
  it('moves through created, running, paused, running, exited with the seed preconditions', async () => {
    const call = client(await mockOf('containers', { stateful: true }));
    const created = await call('POST', '/containers/create?name=web', { Image: 'nginx', Cmd: ['nginx'] });
    expect(created.status).toBe(201);
    const id = (created.body as { Id: string }).Id;
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    const state = async (): Promise<string> => ((await call('GET', `/containers/${id}/json`)).body as { State: { Status: string } }).State.Status;
    expect(await state()).toBe('created');
    expect((await call('GET', '/containers/web/json')).status).toBe(200);

    expect((await call('POST', `/containers/${id}/attach`)).status).toBe(406);
    expect((await call('POST', `/containers/${id}/stop`)).status).toBe(304);
    expect((await call('POST', `/containers/${id}/start`)).status).toBe(204);
    expect(await state()).toBe('running');
    const again = await call('POST', `/containers/${id}/start`);
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect((await call('POST', `/containers/${id}/attach`)).status).toBe(200);

    expect((await call('POST', `/containers/${id}/pause`)).status).toBe(204);
    expect(await state()).toBe('paused');
    const exec = await call('POST', `/containers/${id}/exec`, { Cmd: ['ls'] });
    expect(exec.status).toBe(409);
    expect(exec.body).toMatchObject({ message: expect.stringContaining('paused') as unknown });
    expect((await call('POST', `/containers/${id}/pause`)).status).toBe(500);
    expect((await call('POST', `/containers/${id}/unpause`)).status).toBe(204);

    const exec2 = await call('POST', `/containers/${id}/exec`, { Cmd: 'ls' });
    expect(exec2.status).toBe(201);
    const execId = (exec2.body as { Id: string }).Id;
    expect((await call('GET', `/exec/${execId}/json`)).body).toMatchObject({ Id: execId });

    expect((await call('POST', `/containers/${id}/stop`)).status).toBe(204);
    expect(await state()).toBe('exited');
    expect((await call('POST', `/containers/${id}/stop`)).status).toBe(304);
    expect((await call('POST', `/containers/${id}/kill`)).status).toBe(409);
    expect((await call('POST', `/containers/${id}/restart`)).status).toBe(204);
    expect(await state()).toBe('running');

    const list = (await call('GET', '/containers/json')).body as Array<{ Id: string; State: string; Names: string[] }>;
    expect(list.find((c) => c.Id === id)).toEqual({ Id: id, Names: ['web'], Image: 'nginx', State: 'running' });
    expect((await call('DELETE', `/containers/${id}`)).status).toBe(204);
    expect((await call('POST', `/containers/${id}/start`)).status).toBe(404);
  });
});

describe('per-request control', () => {
  it('Prefer code= and __code= answer the documented example of that status', async () => {
    const call = client(await createMockFromSpec(join(ROOT, 'specs', 'echo', 'openapi.yaml')));
    for (const [path, headers] of [
      ['/echo?key=k', { prefer: 'code=401' }],
      ['/echo?key=k&__code=401', {}],
    ] as const) {
      const res = await call('POST', path, { message: 'x' }, headers);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 401, message: expect.stringContaining('UNAUTHENTICATED') as unknown });
    }
    const pets = client(await mockOf('pets'));
    const missing = await pets('GET', '/pets/1', undefined, { prefer: 'code=404' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 'not_found', message: 'no such pet' });
  });

  it('a forced status with no example answers a body sampled from its schema, its content type and required headers', async () => {
    const spec = join(FIXTURES, 'forced', 'openapi.yaml');
    const validators = compileValidators(await buildModel(spec));
    const call = client(await createMockFromSpec(spec));
    const cases: Array<[prefer: string, status: number, key: string, contentType: string | undefined]> = [
      ['code=404', 404, '404', 'application/json'],
      ['code=409', 409, '4XX', 'application/problem+json'],
      ['code=4XX', 400, '4XX', 'application/problem+json'],
      ['code=503', 503, '503', 'text/plain'],
      ['code=500', 500, 'default', 'application/json'],
      ['code=429', 429, '429', undefined],
    ];
    for (const [prefer, status, key, contentType] of cases) {
      const res = await call('GET', '/items/it_1', undefined, { prefer });
      expect(res.status, prefer).toBe(status);
      if (contentType === undefined) {
        expect(res.headers.get('content-type'), prefer).toBeNull();
        expect(Number(res.headers.get('retry-after')), prefer).toBeGreaterThanOrEqual(1);
        continue;
      }
      expect(res.headers.get('content-type')?.split(';')[0], prefer).toBe(contentType);
      const validate = validators.operationValidators['getItem']?.responses[key]?.[contentType];
      expect(validate, `${prefer}: validator`).toBeTypeOf('function');
      expect(validate?.(res.body), `${prefer}: ${JSON.stringify(res.body)}`).toBe(true);
    }
    // The same forced status answers the same body every time (sampled once, deterministically).
    const again = await call('GET', '/items/it_1', undefined, { prefer: 'code=404' });
    expect(again.body).toEqual((await call('GET', '/items/it_1?__code=404')).body);
  });

  it('Prefer example= picks a named example; unknown codes and examples are 400s that list what exists', async () => {
    const call = client(await mockOf('pets'));
    const two = await call('GET', '/pets', undefined, { prefer: 'example=two' });
    expect(two.body).toHaveLength(2);
    const badCode = await call('GET', '/pets/1', undefined, { prefer: 'code=418' });
    expect(badCode.status).toBe(400);
    expect(JSON.stringify(badCode.body)).toContain('declared: 200, 404');
    const badExample = await call('GET', '/pets/1?__example=felix');
    expect(badExample.status).toBe(400);
    expect((badExample.body as { message: string }).message).toContain('examples: "rex"');
  });

  it('dynamic=true samples a valid value, deterministic for a seed', async () => {
    const sample = async (seed: number): Promise<unknown[]> => {
      const call = client(await mockOf('pets', { seed }));
      const out: unknown[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await call('GET', '/pets/1', undefined, { prefer: 'dynamic=true' });
        expect(res.status).toBe(200);
        out.push(res.body);
      }
      return out;
    };
    const a = await sample(7);
    expect(await sample(7)).toEqual(a);
    for (const pet of a) expect(pet).toMatchObject({ id: expect.any(Number) as unknown, kind: expect.stringMatching(/^(dog|cat|bird)$/) as unknown });
    expect(JSON.stringify(await sample(8))).not.toBe(JSON.stringify(a));
  });
});

describe('a stale example never reaches a client', () => {
  it('is a 500 that names the example and its location', async () => {
    const dir = join(TMP, 'stale');
    mkdirSync(dir, { recursive: true });
    const text = readFileSync(join(FIXTURES, 'pets', 'openapi.yaml'), 'utf8').replace(
      'rex: { value: { id: 1, name: rex, kind: dog } }',
      'rex: { value: { id: 1, name: rex, kind: fish } }',
    );
    writeFileSync(join(dir, 'openapi.yaml'), text);
    const call = client(await createMockFromSpec(join(dir, 'openapi.yaml')));
    const res = await call('GET', '/pets/1');
    expect(res.status).toBe(500);
    const message = JSON.stringify(res.body);
    expect(message).toContain('example \\"rex\\"');
    expect(message).toContain('#/paths/~1pets~1{petId}/get/responses/200/content/application~1json/examples/rex');
    expect(message).toContain('/kind');
  });
});

describe('where a mock runs', () => {
  it('delays answers by --delay', async () => {
    const call = client(await mockOf('pets', { delay: 150 }));
    const start = performance.now();
    expect((await call('GET', '/pets')).status).toBe(200);
    expect(performance.now() - start).toBeGreaterThanOrEqual(140);
  });

  it('serves on a unix socket from the command line, statefully', async () => {
    const socket = join(TMP, 'mock.sock');
    const child = spawn(
      process.execPath,
      [join(ROOT, 'dist', 'src', 'cli', 'main.js'), 'mock', join(FIXTURES, 'pets', 'openapi.yaml'), '--socket', socket, '--stateful'],
      { cwd: ROOT },
    );
    try {
      await new Promise<void>((ok, fail) => {
        child.stdout.on('data', (d: Buffer) => (d.toString().includes('unix:') ? ok() : undefined));
        child.once('exit', (code) => fail(new Error(`mock exited with ${String(code)}`)));
        setTimeout(() => fail(new Error('mock did not start')), 30_000);
      });
      const send = (method: string, path: string, body?: string): Promise<{ status: number; body: string }> =>
        new Promise((ok, fail) => {
          const req = httpRequest({ socketPath: socket, method, path, headers: body ? { 'content-type': 'application/json' } : {} }, (res) => {
            let data = '';
            res.on('data', (c: Buffer) => (data += c.toString()));
            res.on('end', () => ok({ status: res.statusCode ?? 0, body: data }));
          });
          req.on('error', fail);
          req.end(body);
        });
      expect((await send('POST', '/pets', JSON.stringify({ name: 'bubbles', kind: 'cat' }))).status).toBe(201);
      const list = await send('GET', '/pets');
      expect(list.status).toBe(200);
      expect(list.body).toContain('bubbles');
    } finally {
      child.kill('SIGTERM');
    }
  });
});
