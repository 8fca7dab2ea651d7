/**
 * The path-style client (`client.GET("/path")`) sends each operation only the credentials it takes,
 * as the SDK does: none to an operation whose security is `[]`, the first alternative the given
 * credentials satisfy to the others, and nothing where none is satisfied. Before, every credential
 * went with every request, public endpoints included.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSpec } from '../../src/pipeline/generate.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `path-style-security-${process.pid}`);

const CONTRACT = `openapi: 3.1.0
info: { title: Secured, version: '1' }
servers: [{ url: 'http://api.test' }]
security: [{ bearer: [] }, { key: [] }]
paths:
  /pets:
    get:
      operationId: listPets
      responses: { '200': { description: ok } }
  /health:
    get:
      operationId: health
      security: []
      responses: { '200': { description: ok } }
  /keyed/{id}:
    get:
      operationId: keyed
      security: [{ key: [], session: [] }]
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses: { '200': { description: ok } }
components:
  securitySchemes:
    bearer: { type: http, scheme: bearer }
    key: { type: apiKey, in: header, name: X-Key }
    session: { type: apiKey, in: cookie, name: sid }
`;

type CreateClient = (options: { auth?: Record<string, string>; fetch?: (request: Request) => Promise<Response> }) => {
  GET(path: string, init?: { params?: { path?: Record<string, string> } }): Promise<unknown>;
};
let createClient: CreateClient;

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  writeFileSync(join(TMP, 'openapi.yaml'), CONTRACT);
  await generateSpec(
    { path: join(TMP, 'openapi.yaml'), api: 'secured', out: join(TMP, 'gen'), targets: ['types', 'client'], strict: true },
    { cacheDir: join(TMP, 'cache'), force: true },
  );
  ({ createClient } = (await import(pathToFileURL(join(TMP, 'gen', 'client.ts')).href)) as { createClient: CreateClient });
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

/** The credential headers of the one request a call makes. */
async function sent(auth: Record<string, string>, path: string, id?: string): Promise<Record<string, string>> {
  let seen: Request | undefined;
  const client = createClient({
    auth,
    fetch: (request) => {
      seen = request;
      return Promise.resolve(new Response('{}', { headers: { 'content-type': 'application/json' } }));
    },
  });
  await client.GET(path, id === undefined ? undefined : { params: { path: { id } } });
  const out: Record<string, string> = {};
  for (const name of ['authorization', 'x-key', 'cookie']) {
    const value = seen?.headers.get(name);
    if (value !== null && value !== undefined) out[name] = value;
  }
  return out;
}

describe('the path-style client sends each operation the credentials it takes', () => {
  const all = { bearer: 'tok', key: 'k1', session: 's1' };
  it('the first alternative the credentials satisfy, only its schemes', async () => {
    expect(await sent(all, '/pets')).toEqual({ authorization: 'Bearer tok' });
    expect(await sent({ key: 'k1' }, '/pets')).toEqual({ 'x-key': 'k1' });
  });

  it('nothing to an operation whose security is []', async () => {
    expect(await sent(all, '/health')).toEqual({});
  });

  it('every scheme of an alternative that names two, and nothing when one of them is missing', async () => {
    expect(await sent(all, '/keyed/{id}', '7')).toEqual({ 'x-key': 'k1', cookie: 'sid=s1' });
    expect(await sent({ bearer: 'tok', key: 'k1' }, '/keyed/{id}', '7')).toEqual({});
  });

  it('the generated table lists only the operations that differ from the common security', async () => {
    const { operationSecurity } = (await import(pathToFileURL(join(TMP, 'gen', 'client.ts')).href)) as { operationSecurity: unknown };
    expect(operationSecurity).toEqual({ default: [['bearer'], ['key']], operations: { 'GET /health': [], 'GET /keyed/{id}': [['key', 'session']] } });
  });
});
