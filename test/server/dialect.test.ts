/**
 * Interface dialects declared in the contract (x-specforge-dialect, x-specforge-base64-json,
 * x-specforge-rules), as the container engine speaks them: an optional /v<major.minor> prefix,
 * 1/True/true booleans, JSON-encoded filters, base64 JSON headers, and cross-field rules.
 */
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModel } from '../../src/contract/model.js';
import { createMock } from '../../src/runtime/index.js';
import { createRequestListener, type AnyHandler } from '../../src/runtime/server/server.js';
import { apiSpec, mockTables } from '../../src/contract/tables/api.js';
import { compileValidators } from '../../src/contract/tables/validators.js';

const SPEC = join(resolve(import.meta.dirname, '..', 'fixtures', 'dialect'), 'openapi.yaml');
let server: Server;
let base = '';
let ping: (path: string) => Promise<Response>;

beforeAll(async () => {
  const model = await buildModel(SPEC);
  const api = apiSpec(model);
  const validators = compileValidators(model);
  const echo: AnyHandler = (ctx) => ({ status: 200, body: { query: ctx.params.query, header: ctx.params.header, body: ctx.body ?? null } });
  server = createServer(
    createRequestListener(api, validators, { ContainerList: echo, ImagePush: echo, ContainerUpdate: echo, SystemPing: () => ({ status: 200, body: 'OK' }) }),
  );
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  base = `http://127.0.0.1:${address.port}`;
  const mock = createMock(api, validators, mockTables(model));
  ping = (path) => mock.fetch(new Request(`http://mock${path}`));
});

afterAll(async () => {
  await new Promise<void>((ok) => server.close(() => ok()));
});

async function get(path: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(base + path, init);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('version prefix', () => {
  it.each(['/containers/json', '/v1.24/containers/json', '/v1.12/containers/json', '/v1.20/containers/json'])('%s is served', async (path) => {
    expect((await get(path)).status).toBe(200);
  });
  it.each([
    ['/v1.25/containers/json', 'client version 1.25 is too new. Maximum supported API version is 1.24'],
    ['/v1.11/containers/json', 'client version 1.11 is too old. Minimum supported API version is 1.12'],
    ['/v2.0/containers/json', 'client version 2.0 is too new'],
  ])('%s is a 400 with a message', async (path, message) => {
    const r = await get(path);
    expect(r.status).toBe(400);
    expect(String(r.body['message'])).toContain(message);
  });
});

describe('booleans', () => {
  it.each([
    ['1', true],
    ['True', true],
    ['true', true],
    ['0', false],
    ['False', false],
    ['false', false],
  ])('all=%s is %s', async (text, value) => {
    const r = await get(`/containers/json?all=${text}`);
    expect(r.status).toBe(200);
    expect((r.body['query'] as Record<string, unknown>)['all']).toBe(value);
  });
  it.each(['yes', 'TRUE', '2', ''])('all=%s is a 400 naming the parameter', async (text) => {
    const r = await get(`/containers/json?all=${text}`);
    expect(r.status).toBe(400);
    expect(String(r.body['message'])).toContain('"all"');
  });
});

describe('JSON-encoded filters', () => {
  it('is parsed and validated as a map of string to array of string', async () => {
    const ok = await get(`/containers/json?filters=${encodeURIComponent('{"status":["running"],"label":["a=b"]}')}`);
    expect(ok.status).toBe(200);
    expect((ok.body['query'] as Record<string, unknown>)['filters']).toEqual({ status: ['running'], label: ['a=b'] });
  });
  it.each(['{"status":"running"}', '{"status":[1]}', 'not json', '["running"]'])('filters=%s is a 400', async (text) => {
    const r = await get(`/containers/json?filters=${encodeURIComponent(text)}`);
    expect(r.status).toBe(400);
    expect(String(r.body['message'])).toContain('filters');
  });
});

describe('X-Registry-Auth', () => {
  const b64 = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString('base64url');
  it.each([
    ['password', { username: 'u', password: 'p', serveraddress: 'https://index.docker.io/v1/' }],
    ['identity token', { identitytoken: 'tok' }],
  ])('a %s AuthConfig is decoded and reaches the handler', async (_name, auth) => {
    const r = await get('/images/web/push', { method: 'POST', headers: { 'x-registry-auth': b64(auth) } });
    expect(r.status).toBe(200);
    expect((r.body['header'] as Record<string, unknown>)['x-registry-auth']).toEqual(auth);
  });
  it.each([
    ['not base64 JSON', '!!!'],
    ['an AuthConfig of neither form', b64({ username: 'u' })],
    ['both forms at once', b64({ username: 'u', password: 'p', identitytoken: 't' })],
  ])('%s is a 400 that does not echo the credential', async (_name, value) => {
    const r = await get('/images/web/push', { method: 'POST', headers: { 'x-registry-auth': value } });
    expect(r.status).toBe(400);
    expect(String(r.body['message'])).toContain('x-registry-auth');
    expect(JSON.stringify(r.body)).not.toContain(value.slice(0, 12));
  });
});

describe('cross-field rules (x-specforge-rules)', () => {
  const update = (body: unknown): Promise<{ status: number; body: Record<string, unknown> }> =>
    get('/containers/c1/update', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  it.each([
    [{ Memory: 100, MemorySwap: 200 }, 200],
    [{ Memory: 100, MemorySwap: -1 }, 200],
    [{ Memory: 100 }, 200],
    [{ Memory: 100, MemorySwap: 100 }, 400],
    [{ Memory: 100, MemorySwap: 50 }, 400],
    [{ MemorySwap: 200 }, 400],
  ])('%j is %i', async (body, status) => {
    const r = await update(body);
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    if (status === 400) expect(String(r.body['message'])).toContain('MemorySwap');
  });
});

describe('mock response headers', () => {
  it('GET /_ping answers OK as text/plain with the declared headers', async () => {
    const res = await ping('/_ping');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('OK');
    expect(res.headers.get('api-version')).toBe('1.24');
    expect(res.headers.get('ostype')).toBe('linux');
    expect(res.headers.get('docker-experimental')).toBe('false');
    const head = await ping('/v1.24/_ping');
    expect(head.status).toBe(200);
  });
});

describe('generated standalone validators', () => {
  it('enforce the cross-field rules and decode nothing by themselves', async () => {
    const { generateSpec } = await import('../../src/pipeline/generate.js');
    const { DEFAULT_TARGETS } = await import('../../src/codegen/targets.js');
    const { rmSync } = await import('node:fs');
    const { pathToFileURL } = await import('node:url');
    const out = resolve(import.meta.dirname, '..', '.tmp', `dialect-${process.pid}`);
    try {
      await generateSpec({ path: SPEC, api: 'dialect', out, targets: [...DEFAULT_TARGETS], strict: true }, { cacheDir: join(out, '.cache'), force: true });
      const v = (await import(pathToFileURL(join(out, 'validators.ts')).href)) as {
        schemaValidators: Record<string, (d: unknown) => boolean>;
      };
      const resources = v.schemaValidators['Resources'] as (d: unknown) => boolean;
      expect(resources({ Memory: 100, MemorySwap: 200 })).toBe(true);
      expect(resources({ Memory: 100, MemorySwap: -1 })).toBe(true);
      expect(resources({ Memory: 100, MemorySwap: 99 })).toBe(false);
      expect(resources({ MemorySwap: 5 })).toBe(false);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
