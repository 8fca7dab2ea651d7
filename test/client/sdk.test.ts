/**
 * The per-operation SDK (target `sdk`), generated for a small pet-store fixture and driven against
 * a running stateful `specforge mock` over HTTP: list, create, read, delete, a declared error typed
 * by status, credentials sent only where the operation's security asks, abort, retries (idempotent
 * methods only, Retry-After honoured and bounded) and middleware. Its types are checked with tsc
 * --strict, including errors at the value for a misspelled argument, a wrong body field and an
 * unknown security scheme; its bundle keeps only the operations imported.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMock } from '../../src/cli/commands/mock.js';
import { parseTargets } from '../../src/config/config.js';
import { generateSpec } from '../../src/pipeline/generate.js';
import { ApiError, retryAfter } from '../../src/runtime/client/sdk.js';
import { typeCheck } from '../support/type-errors.js';
import * as sdk from '../fixtures/sdk/pets/generated/sdk.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `sdk-${process.pid}`);
const SPEC = join(ROOT, 'test', 'fixtures', 'sdk', 'pets', 'openapi.yaml');
/** The fixture's generated files, committed so these tests import them with their types; a test regenerates and compares. */
const OUT = join(ROOT, 'test', 'fixtures', 'sdk', 'pets', 'generated');
const TARGETS = ['types', 'sdk', 'react-query'] as const;

let mock: { server: Server; url: string };
let slowMock: { server: Server; url: string };

async function startMock(options: { delay?: number } = {}): Promise<{ server: Server; url: string }> {
  const { server } = await runMock({
    cwd: ROOT,
    spec: SPEC,
    port: 0,
    host: '127.0.0.1',
    stateful: true,
    write: () => undefined,
    ...(options.delay ? { delay: options.delay } : {}),
  });
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function close(server: Server): Promise<void> {
  return new Promise((done) => {
    server.close(() => done());
    server.closeAllConnections();
  });
}

beforeAll(async () => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
  mock = await startMock();
  slowMock = await startMock({ delay: 5_000 });
});

afterAll(async () => {
  await close(mock.server);
  await close(slowMock.server);
  rmSync(TMP, { recursive: true, force: true });
});

describe('generated sdk.ts', () => {
  it('names each operation by its operationId, and one without by the name specforge invents', () => {
    const source = readFileSync(join(OUT, 'sdk.ts'), 'utf8');
    for (const name of ['listPets', 'createPet', 'getPet', 'updatePet', 'deletePet', 'getPetsPetIdPhoto']) {
      expect(source).toContain(`export function ${name}<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>`);
    }
    expect(source).toContain('export function createApi<');
    expect(source).not.toMatch(/from "node:/);
  });

  it('is what generate writes today, the same bytes on every run', async () => {
    for (const run of ['first', 'second']) {
      const again = join(TMP, run);
      await generateSpec({ path: SPEC, api: 'pets', out: again, targets: [...TARGETS], strict: true }, { cacheDir: join(TMP, `.cache-${run}`), force: true });
      for (const file of ['types.ts', 'sdk.ts', 'react-query.ts'])
        expect(readFileSync(join(again, file), 'utf8'), `${file} (regenerate test/fixtures/sdk/pets/generated)`).toBe(readFileSync(join(OUT, file), 'utf8'));
    }
  });
});

describe('targets', () => {
  it('sdk and react-query are opt-in, and each asks for the targets its file imports', () => {
    expect(parseTargets(undefined, 'x')).toEqual(['types', 'validators', 'server', 'mocks', 'client', 'cli', 'index']);
    expect(parseTargets('types,sdk,react-query', '--targets')).toEqual(['types', 'sdk', 'react-query']);
    expect(() => parseTargets('types,react-query', '--targets')).toThrow(
      '--targets: target "react-query" needs "sdk" too (its file imports theirs); add it to targets',
    );
    expect(() => parseTargets(['react-query'], 'specforge.config.yaml specs[0]')).toThrow('target "react-query" needs "sdk" and "types" too');
    expect(() => parseTargets('sdk', '--targets')).toThrow('target "sdk" needs "types" too');
    expect(() => parseTargets('sdks', '--targets')).toThrow(/unknown target "sdks"; known targets: types, .*\bsdk, react-query\b/);
  });
});

describe('the SDK against a running stateful mock', () => {
  it('lists, creates, reads and deletes, with typed results', async () => {
    const client = sdk.createSdkClient({ baseUrl: mock.url, auth: { bearer: 'token' } });
    const api = sdk.createApi(client);
    const empty = await api.listPets();
    expect(empty.ok && empty.status === 200 && empty.data).toEqual([]);
    const created = await sdk.createPet(client, { body: { name: 'rex', kind: 'dog' } });
    expect(created.status).toBe(201);
    if (!created.ok) throw new Error('create failed');
    expect(created.data).toMatchObject({ name: 'rex', kind: 'dog' });
    const id = created.data.id;
    const read = await api.getPet({ path: { petId: id } });
    expect(read).toMatchObject({ ok: true, status: 200, data: { id, name: 'rex', kind: 'dog' } });
    const listed = await api.listPets({ query: { kind: 'dog', limit: 10 } });
    expect(listed.ok ? listed.data.map((p) => p.name) : undefined).toEqual(['rex']);
    const deleted = await api.deletePet({ path: { petId: id } });
    expect(deleted).toMatchObject({ ok: true, status: 204, data: undefined });
    const gone = await api.getPet({ path: { petId: id } });
    expect(gone.ok).toBe(false);
    if (gone.ok) return;
    // Narrowed by status: the 404's body is the contract's NotFound.
    expect(gone.status).toBe(404);
    expect(gone.error.code).toBe('not_found');
    expect(typeof gone.error.message).toBe('string');
  });

  it('answers a bad body with the declared 400, typed, and reads a text answer as text', async () => {
    const client = sdk.createSdkClient({ baseUrl: mock.url, auth: { bearer: 'token' } });
    const bad = await sdk.createPet(client, { body: { name: 'NOT lower case', kind: 'dog' } });
    expect(bad).toMatchObject({ ok: false, status: 400 });
    expect(bad.ok ? '' : bad.error.message).toMatch(/pattern/);
    const photo = await sdk.getPetsPetIdPhoto(client, { path: { petId: 1 }, header: { 'X-Size': 'small' } });
    expect(photo).toMatchObject({ ok: true, status: 200, data: 'a dog on a sofa' });
  });

  it('sends a credential only to operations whose security asks for it', async () => {
    const seen: Array<[string, string | null]> = [];
    const client = sdk.createSdkClient({
      baseUrl: mock.url,
      auth: { bearer: () => 'fresh-token', apiKey: 'not-asked-for' },
      middleware: [{ onRequest: ({ request, operation }) => void seen.push([operation.id, request.headers.get('authorization')]) }],
    });
    await sdk.listPets(client);
    const created = await sdk.createPet(client, { body: { name: 'tom', kind: 'cat' } });
    expect(created.status).toBe(201);
    expect(seen).toEqual([
      ['listPets', null],
      ['createPet', 'Bearer fresh-token'],
    ]);
    // Without the credential the mock answers the declared 401.
    const anonymous = await sdk.createPet(sdk.createSdkClient({ baseUrl: mock.url }), { body: { name: 'tom', kind: 'cat' } });
    expect(anonymous).toMatchObject({ ok: false, status: 401 });
  });

  it('throws an ApiError carrying the typed body on a client created with throwOnError', async () => {
    const client = sdk.createSdkClient({ baseUrl: mock.url, throwOnError: true });
    const list = await sdk.listPets(client);
    expect(Array.isArray(list.data)).toBe(true);
    const error = await sdk.getPet(client, { path: { petId: 987_654 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ operationId: 'getPet', status: 404, declared: true, error: { code: 'not_found' } });
  });

  it('stops a call when its AbortSignal aborts, without waiting for the answer', async () => {
    const client = sdk.createSdkClient({ baseUrl: slowMock.url });
    const controller = new AbortController();
    const start = Date.now();
    const pending = sdk.listPets(client, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - start).toBeLessThan(4_000);
    // An aborted signal given up front sends nothing.
    const attempts: number[] = [];
    const never = sdk.listPets(sdk.createSdkClient({ baseUrl: slowMock.url, middleware: [{ onRequest: ({ attempt }) => void attempts.push(attempt) }] }), {
      signal: AbortSignal.abort(),
    });
    await expect(never).rejects.toMatchObject({ name: 'AbortError' });
    expect(attempts).toEqual([]);
  });
});

describe('retries', () => {
  /** A server answering `script` in turn (then 200 []), counting requests by method. */
  async function scripted(
    script: Array<{ status: number; headers?: Record<string, string> }>,
  ): Promise<{ url: string; hits: string[]; times: number[]; server: Server }> {
    const hits: string[] = [];
    const times: number[] = [];
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      hits.push(req.method ?? '');
      times.push(Date.now());
      req.resume();
      const next = script.shift() ?? { status: req.method === 'POST' ? 201 : 200 };
      res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
      res.end(next.status === 201 ? '{"id":1,"name":"rex","kind":"dog"}' : next.status < 300 ? '[]' : '{"message":"busy"}');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, times, server };
  }

  it('retries an idempotent call on 503, waiting what Retry-After asks', async () => {
    const s = await scripted([
      { status: 503, headers: { 'retry-after': '1' } },
      { status: 503, headers: { 'retry-after': '1' } },
    ]);
    try {
      const result = await sdk.listPets(sdk.createSdkClient({ baseUrl: s.url }));
      expect(result).toMatchObject({ ok: true, status: 200, data: [] });
      expect(s.hits).toEqual(['GET', 'GET', 'GET']);
      expect((s.times[1] as number) - (s.times[0] as number)).toBeGreaterThanOrEqual(900);
      expect((s.times[2] as number) - (s.times[1] as number)).toBeGreaterThanOrEqual(900);
    } finally {
      await close(s.server);
    }
  });

  it('gives up after the limit and reports the undeclared status as an ApiError', async () => {
    const s = await scripted([{ status: 502 }, { status: 502 }, { status: 502 }, { status: 502 }]);
    try {
      const error = await sdk.listPets(sdk.createSdkClient({ baseUrl: s.url, retry: { limit: 2, delay: 10 } })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 502, declared: false });
      expect(s.hits).toEqual(['GET', 'GET', 'GET']);
    } finally {
      await close(s.server);
    }
  });

  it('does not retry a POST by default, nor wait for a Retry-After past maxRetryAfter', async () => {
    const s = await scripted([{ status: 503 }, { status: 503, headers: { 'retry-after': '3600' } }]);
    try {
      const client = sdk.createSdkClient({ baseUrl: s.url, auth: { bearer: 't' }, retry: { delay: 10 } });
      await expect(sdk.createPet(client, { body: { name: 'rex', kind: 'dog' } })).rejects.toMatchObject({ status: 503, declared: false });
      expect(s.hits).toEqual(['POST']);
      const start = Date.now();
      await expect(sdk.listPets(client)).rejects.toMatchObject({ status: 503 });
      expect(s.hits).toEqual(['POST', 'GET']);
      expect(Date.now() - start).toBeLessThan(5_000);
      // A POST retried when the call asks for it.
      s.hits.length = 0;
      const s2 = await scripted([{ status: 503 }]);
      try {
        const created = await sdk.createPet(sdk.createSdkClient({ baseUrl: s2.url }), {
          body: { name: 'rex', kind: 'dog' },
          retry: { methods: ['POST'], delay: 10 },
        });
        expect(created.status).toBe(201);
        expect(s2.hits).toEqual(['POST', 'POST']);
      } finally {
        await close(s2.server);
      }
    } finally {
      await close(s.server);
    }
  });

  it('retries a network failure of an idempotent call, and an error middleware may answer instead', async () => {
    // A port nobody listens on: every fetch fails.
    const probe = createServer();
    await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
    const dead = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
    await close(probe);
    const attempts: number[] = [];
    const failing = sdk.createSdkClient({ baseUrl: dead, retry: { delay: 10 }, middleware: [{ onRequest: ({ attempt }) => void attempts.push(attempt) }] });
    await expect(sdk.listPets(failing)).rejects.toBeInstanceOf(TypeError);
    expect(attempts).toEqual([1, 2, 3]);
    const rescued = sdk.createSdkClient({
      baseUrl: dead,
      retry: false,
      middleware: [
        { onError: () => new Response('[{"id":7,"name":"cached","kind":"cat"}]', { status: 200, headers: { 'content-type': 'application/json' } }) },
      ],
    });
    expect(await sdk.listPets(rescued)).toMatchObject({ ok: true, data: [{ id: 7, name: 'cached' }] });
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfter('2')).toBe(2000);
    expect(retryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(retryAfter('soon')).toBeUndefined();
    expect(retryAfter(null)).toBeUndefined();
  });
});

describe('middleware', () => {
  it('runs request hooks in order and response hooks in reverse, and may replace either', async () => {
    const order: string[] = [];
    const client = sdk.createSdkClient({ baseUrl: mock.url });
    client.use(
      {
        onRequest: ({ request }) => {
          order.push('req1');
          const headers = new Headers(request.headers);
          headers.set('x-trace', 'abc');
          return new Request(request, { headers });
        },
        onResponse: ({ response }) => void order.push(`res1:${response.headers.get('x-seen') ?? ''}`),
      },
      {
        onRequest: ({ request }) => void order.push(`req2:${request.headers.get('x-trace') ?? ''}`),
        onResponse: ({ response }) => {
          order.push('res2');
          const headers = new Headers(response.headers);
          headers.set('x-seen', 'yes');
          return new Response(response.body, { status: response.status, headers });
        },
      },
    );
    const result = await sdk.listPets(client, { query: { limit: 1 } });
    expect(result.ok).toBe(true);
    expect(order).toEqual(['req1', 'req2:abc', 'res2', 'res1:yes']);
  });

  it('writes query, path and header parameters as the contract styles them', async () => {
    const urls: string[] = [];
    const headers: Array<string | null> = [];
    const client = sdk.createSdkClient({
      baseUrl: 'http://example.invalid/v1/',
      fetch: async (request) => {
        urls.push(request.url);
        headers.push(request.headers.get('x-size'));
        return new Response('caption', { status: 200, headers: { 'content-type': 'text/plain' } });
      },
    });
    await sdk.getPetsPetIdPhoto(client, { path: { petId: 12 }, header: { 'X-Size': 'large' } });
    expect(urls).toEqual(['http://example.invalid/v1/pets/12/photo']);
    expect(headers).toEqual(['large']);
  });
});

describe('types', () => {
  it('compile under tsc --strict, with errors at the value for a misspelled argument, a wrong body field and an unknown scheme', () => {
    const use = join(TMP, 'use.ts');
    writeFileSync(
      use,
      `import { createApi, createSdkClient, createPet, getPet, listPets } from '../../fixtures/sdk/pets/generated/sdk.js';
export async function ok(): Promise<number> {
  const client = createSdkClient({ auth: { bearer: () => 'token' } });
  const r = await createApi(client).listPets({ query: { limit: 3 } });
  const c = await createPet(client, { body: { name: 'rex', kind: 'dog' } });
  const g = await getPet(client, { path: { petId: 1 } });
  const missing: 'not_found' | undefined = g.ok ? undefined : g.error.code;
  const thrown = await listPets(createSdkClient({ throwOnError: true }));
  return (r.ok ? r.data.length : 0) + (c.ok ? c.data.id : c.status) + thrown.data.length + (missing ? 1 : 0);
}
export async function misspelledArgument(): Promise<void> {
  await listPets(createSdkClient(), { querry: { limit: 3 } });
}
export async function wrongBodyField(): Promise<void> {
  await createPet(createSdkClient(), { body: { nam: 'rex', kind: 'dog' } });
}
export function unknownScheme(): void {
  createSdkClient({ auth: { bearr: 'token' } });
}
export async function readOnlyInBody(): Promise<void> {
  await createPet(createSdkClient(), { body: { id: 3, name: 'rex', kind: 'dog' } });
}
`,
    );
    const { diagnostics } = typeCheck([use, join(OUT, 'react-query.ts')]);
    const at = (line: number): string[] => diagnostics.filter((d) => d.startsWith(`${use}:${line}:`));
    expect(diagnostics.filter((d) => !d.startsWith(`${use}:`))).toEqual([]);
    expect(at(2).concat(at(3), at(4), at(5), at(6), at(7), at(8), at(9))).toEqual([]);
    expect(at(12).join('\n')).toMatch(/'querry' does not exist/);
    expect(at(15).join('\n')).toMatch(/'nam' does not exist/);
    expect(at(18).join('\n')).toMatch(/'bearr' does not exist/);
    expect(at(21).join('\n')).toMatch(/'id'|Type 'number' is not assignable to type 'undefined'/);
    expect(diagnostics).toHaveLength(4);
  }, 120_000);
});

describe('bundles', () => {
  const alias = { '@specforge/runtime/client': join(ROOT, 'src', 'runtime', 'entry', 'client.ts') };

  it('keep only the operations imported (tree-shaking), with no node: module', async () => {
    const entry = join(TMP, 'one.ts');
    writeFileSync(
      entry,
      `import { createSdkClient, getPet } from '../../fixtures/sdk/pets/generated/sdk.js';\nexport const read = (id: number) => getPet(createSdkClient(), { path: { petId: id } });\n`,
    );
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      alias,
      logLevel: 'silent',
      minifySyntax: true,
    });
    const text = result.outputFiles[0]?.text ?? '';
    expect(text).toContain('"/pets/{petId}"');
    for (const other of ['createPet', 'deletePet', 'listPets', 'updatePet', 'getPetsPetIdPhoto']) expect(text).not.toContain(other);
    expect(text).not.toMatch(/["']node:/);
    // The grouping object keeps them all.
    const all = join(TMP, 'all.ts');
    writeFileSync(
      all,
      `import { createSdkClient, createApi } from '../../fixtures/sdk/pets/generated/sdk.js';\nexport const api = createApi(createSdkClient());\n`,
    );
    const grouped =
      (await build({ entryPoints: [all], bundle: true, write: false, format: 'esm', platform: 'browser', alias, logLevel: 'silent' })).outputFiles[0]?.text ??
      '';
    for (const id of ['createPet', 'deletePet', 'listPets']) expect(grouped).toContain(`"${id}"`);
  });
});
