/**
 * `specforge mock --stateful` on a contract without x-specforge-resources: collections inferred from
 * CRUD-shaped paths (said at start, one line each), `--no-infer` turning it off, and a warning when
 * nothing is kept.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMock } from '../../src/cli/commands/mock.js';

const ROOT = join(import.meta.dirname, '..', '..');
const SPEC = join(ROOT, 'test', 'fixtures', 'stateful-inference', 'openapi.yaml');
const TMP = join(ROOT, 'test', '.tmp', `inference-${process.pid}`);
const servers: Server[] = [];

async function start(options: { spec?: string; stateful?: boolean; infer?: boolean } = {}): Promise<{ url: string; said: string }> {
  let said = '';
  const { server } = await runMock({
    spec: options.spec ?? SPEC,
    port: 0,
    stateful: options.stateful ?? true,
    infer: options.infer,
    write: (t) => (said += t),
    cwd: ROOT,
  });
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, said };
}

async function call(url: string, method: string, body?: unknown): Promise<{ status: number; body: unknown; headers: Headers }> {
  const res = await fetch(url, { method, ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }) });
  const text = await res.text();
  return { status: res.status, body: text === '' ? undefined : (JSON.parse(text) as unknown), headers: res.headers };
}

afterAll(() => {
  for (const s of servers) {
    s.close();
    s.closeAllConnections();
  }
  rmSync(TMP, { recursive: true, force: true });
});

describe('mock --stateful with inferred collections', () => {
  it('says what it inferred, one line per collection', async () => {
    const { said } = await start();
    const lines = said.split('\n').filter((l) => l.includes('inferred collection'));
    expect(lines).toEqual([
      'specforge mock: inferred collection things: POST /things, GET /things, GET|PATCH|DELETE /things/{thingId} (id: its thingId property)',
      'specforge mock: inferred collection notes: POST /users/{userId}/notes, GET /users/{userId}/notes/{noteId} (id: the Location header of the create (kept as noteId))',
    ]);
  });

  it("POST then GET by id returns what was posted; list, PATCH, DELETE then GET is a 404 in the contract's error body", async () => {
    const { url } = await start();
    const created = await call(`${url}/things`, 'POST', { name: 'lamp', color: 'red' });
    expect(created.status).toBe(201);
    const thing = created.body as { thingId: string; name: string; color: string; createdAt: string };
    expect(thing).toMatchObject({ name: 'lamp', color: 'red' });
    expect(typeof thing.thingId).toBe('string');
    // Server-set fields come from the read answer's example.
    expect(thing.createdAt).toBe('2024-01-01T00:00:00Z');
    expect((await call(`${url}/things/${thing.thingId}`, 'GET')).body).toEqual(thing);
    expect((await call(`${url}/things`, 'GET')).body).toEqual([thing]);
    const patched = await call(`${url}/things/${thing.thingId}`, 'PATCH', { name: 'desk' });
    expect(patched.body).toEqual({ ...thing, name: 'desk' });
    expect((await call(`${url}/things/${thing.thingId}`, 'DELETE')).status).toBe(204);
    const gone = await call(`${url}/things/${thing.thingId}`, 'GET');
    expect(gone.status).toBe(404);
    // The contract declares its 404 as Problem ({title, status}).
    expect(gone.body).toMatchObject({ status: 404 });
    expect(typeof (gone.body as { title: unknown }).title).toBe('string');
    expect((await call(`${url}/things`, 'GET')).body).toEqual([]);
  });

  it('a collection under a parent is kept per parent, and its id comes back in the Location header', async () => {
    const { url } = await start();
    const created = await call(`${url}/users/7/notes`, 'POST', { text: 'hi' });
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';
    expect(location).toMatch(/^\/users\/7\/notes\/\d+$/);
    expect((await call(`${url}${location}`, 'GET')).body).toMatchObject({ text: 'hi' });
    expect((await call(`${url}${location.replace('/users/7/', '/users/8/')}`, 'GET')).status).toBe(404);
  });

  it('--no-infer keeps nothing, and says so', async () => {
    const { url, said } = await start({ infer: false });
    expect(said).not.toContain('inferred collection');
    expect(said).toContain('warning: --stateful keeps nothing: the contract declares no x-specforge-resources and inference is off (--no-infer)');
    const created = await call(`${url}/things`, 'POST', { name: 'lamp' });
    expect((await call(`${url}/things/${(created.body as { thingId: string }).thingId}`, 'GET')).body).toMatchObject({ name: 'Example' });
  });

  it('warns at start when no collection can be inferred and none is declared', async () => {
    mkdirSync(TMP, { recursive: true });
    const spec = join(TMP, 'flat.yaml');
    writeFileSync(
      spec,
      `openapi: 3.0.3\ninfo: { title: Flat, version: 1.0.0 }\npaths:\n  /ping:\n    post:\n      operationId: ping\n      responses:\n        '200': { description: pong, content: { application/json: { schema: { type: object } } } }\n`,
    );
    const { said } = await start({ spec });
    expect(said).toContain(
      'warning: --stateful keeps nothing: the contract declares no x-specforge-resources and no collection could be inferred from its paths',
    );
  });

  it('without --stateful, says nothing about collections', async () => {
    const { said } = await start({ stateful: false });
    expect(said).not.toMatch(/inferred|keeps nothing/);
  });
});
