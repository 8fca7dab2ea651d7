/**
 * The opt-in `msw` target: MSW handlers over the generated mock tables through the browser-safe
 * mock engine (`@specforge/runtime/mock-browser`). Behind `setupServer` from msw/node, the global
 * fetch lists, creates, reads and deletes through the stateful mock, `Prefer: code=` picks a
 * declared answer, bad requests get the contract's errors; the handlers bundle for a browser with no
 * node: module.
 */
import { build } from 'esbuild';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, generatePets, ROOT } from './pets.js';

interface MswMock {
  handlers: unknown[];
  reset(): void;
}
type Setup = { listen(o?: { onUnhandledRequest?: 'bypass' | 'error' }): void; close(): void; resetHandlers(...h: unknown[]): void; use(...h: unknown[]): void };

let gen: string;
let server: Setup;
let mock: MswMock;
const BASE = 'http://localhost:8080/api';
const writeHeaders = { 'x-api-key': API_KEY, 'x-request-id': 'r1', 'content-type': 'application/json' };

beforeAll(async () => {
  gen = await generatePets('msw', ['types', 'validators', 'server', 'mocks', 'msw']);
  const { createMswHandlers } = (await import(join(gen, 'msw.ts'))) as { createMswHandlers: (o?: { stateful?: boolean; baseUrl?: string }) => MswMock };
  const { setupServer } = (await import('msw/node')) as unknown as { setupServer: (...h: unknown[]) => Setup };
  mock = createMswHandlers({ stateful: true });
  server = setupServer(...mock.handlers);
  server.listen({ onUnhandledRequest: 'error' });
});

afterAll(() => server?.close());

describe('generated MSW handlers (setupServer)', () => {
  it('list, create, read and delete through the stateful mock with the global fetch', async () => {
    mock.reset();
    // The collection starts from the documented list example (the stateful mock's seed).
    const seed = [{ id: 1, name: 'Rex', kind: 'dog' }];
    expect(await (await fetch(`${BASE}/pets`)).json()).toEqual(seed);
    const created = await fetch(`${BASE}/pets`, { method: 'POST', headers: writeHeaders, body: JSON.stringify({ name: 'Tom', kind: 'cat' }) });
    expect(created.status).toBe(201);
    const pet = (await created.json()) as { id: number; name: string; kind: string };
    expect(pet).toEqual({ id: 2, name: 'Tom', kind: 'cat' });
    expect(await (await fetch(`${BASE}/pets/2`)).json()).toEqual(pet);
    expect(await (await fetch(`${BASE}/pets`)).json()).toEqual([...seed, pet]);
    const removed = await fetch(`${BASE}/pets/2`, { method: 'DELETE', headers: { 'x-api-key': API_KEY } });
    expect(removed.status).toBe(204);
    expect((await fetch(`${BASE}/pets/2`)).status).toBe(404);
    expect(await (await fetch(`${BASE}/pets`)).json()).toEqual(seed);
    // reset() forgets what was created.
    await fetch(`${BASE}/pets`, { method: 'POST', headers: writeHeaders, body: JSON.stringify({ name: 'Kit', kind: 'cat' }) });
    mock.reset();
    expect(await (await fetch(`${BASE}/pets`)).json()).toEqual(seed);
  });

  it('Prefer: code= picks a declared answer; requests that break the contract get its errors', async () => {
    const forced = await fetch(`${BASE}/pets`, { headers: { prefer: 'code=400' } });
    expect(forced.status).toBe(400);
    expect(Object.keys((await forced.json()) as object).sort()).toEqual(['code', 'message']);
    const noKey = await fetch(`${BASE}/pets`, {
      method: 'POST',
      headers: { 'x-request-id': 'r', 'content-type': 'application/json' },
      body: '{"name":"Rex","kind":"dog"}',
    });
    expect(noKey.status).toBe(401);
    const invalid = await fetch(`${BASE}/pets`, { method: 'POST', headers: writeHeaders, body: '{"name":"Rex","kind":"lion"}' });
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(await invalid.json())).toContain('/kind');
  });

  it('answers only under its base URL: another origin is not intercepted', async () => {
    const { createMswHandlers } = (await import(join(gen, 'msw.ts'))) as { createMswHandlers: (o?: { baseUrl?: string }) => MswMock };
    const moved = createMswHandlers({ baseUrl: 'https://pets.example.org/v9' });
    server.use(...moved.handlers);
    try {
      const examples = await fetch('https://pets.example.org/v9/pets');
      expect(examples.status).toBe(200);
      // Stateless: the documented example.
      expect(await examples.json()).toEqual([{ id: 1, name: 'Rex', kind: 'dog' }]);
    } finally {
      server.resetHandlers(...mock.handlers);
    }
    await expect(fetch('http://127.0.0.1:9/elsewhere')).rejects.toThrow();
  });
});

describe('browser bundles', () => {
  it('the generated msw.ts and @specforge/runtime/mock-browser bundle for a browser with no node: module', async () => {
    for (const entry of [join(gen, 'msw.ts'), join(ROOT, 'src', 'runtime', 'entry', 'mock-browser.ts')]) {
      const result = await build({
        entryPoints: [entry],
        bundle: true,
        write: false,
        platform: 'browser',
        format: 'esm',
        metafile: true,
        logLevel: 'silent',
        alias: { '@specforge/runtime': join(ROOT, 'src', 'runtime', 'entry') },
      });
      const inputs = Object.keys(result.metafile.inputs);
      expect(inputs.filter((i) => i.startsWith('node:') || /busboy|mock\/server\.|server\/(node-http|reply|fail|upgrade)\./.test(i))).toEqual([]);
      expect(result.outputFiles.map((f) => f.text).join('\n')).not.toMatch(/from\s*["']node:|require\(["']node:/);
      expect(inputs.some((i) => i.includes('mock/engine.ts'))).toBe(true);
    }
  });
});
