/**
 * The request path's per-operation plan: a path without parameters is found by one map lookup
 * (the Router's `literal`), an answer's headers and serializer are decided once per operation and
 * status, and a payload given already serialized keeps its own Content-Length even when the next
 * one differs. What a client sees is the same as before: these pin it.
 */
import { once } from 'node:events';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModel } from '../../src/contract/model.js';
import { apiSpec } from '../../src/contract/tables/api.js';
import { compileValidators } from '../../src/contract/tables/validators.js';
import { Router } from '../../src/runtime/server/router.js';
import { createRequestListener, type AnyHandler, type HandlerResponse } from '../../src/runtime/server/server.js';
import type { ApiSpec } from '../../src/runtime/shared/spec.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `request-path-${process.pid}`);

const CONTRACT = `openapi: 3.1.0
info: { title: Request path, version: 1.0.0 }
paths:
  /items:
    get:
      operationId: listItems
      responses:
        '200':
          description: items
          content:
            application/json: { schema: { type: array, items: { type: string } } }
            text/plain: { schema: { type: string } }
    post:
      operationId: createItem
      requestBody:
        required: true
        content:
          application/json: { schema: { type: object, required: [name], properties: { name: { type: string } } } }
      responses:
        '201': { description: created, content: { application/json: { schema: { type: object } } } }
  /items/{id}:
    get:
      operationId: getItem
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses:
        '200': { description: one, content: { application/json: { schema: { type: string } } } }
  /#Action=Run:
    get:
      operationId: run
      responses: { '200': { description: ran } }
`;

let api: ApiSpec;
let server: Server;
let base: string;
/** What the next listItems answer is. */
let next: HandlerResponse = { status: 200, body: [] };

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  writeFileSync(join(TMP, 'openapi.yaml'), CONTRACT);
  const model = await buildModel(join(TMP, 'openapi.yaml'));
  api = apiSpec(model);
  const handlers: Record<string, AnyHandler> = {
    listItems: () => next,
    createItem: ({ body }) => ({ status: 201, body }),
    getItem: ({ params }) => ({ status: 200, body: params.path['id'] }),
  };
  server = createServer(createRequestListener(api, compileValidators(model), handlers));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
  rmSync(TMP, { recursive: true, force: true });
});

describe('routing a path without parameters', () => {
  it('finds the operation of a literal path and method by lookup, and leaves templated, fragment-qualified and other methods to match', () => {
    const router = new Router(api.operations);
    expect(router.literal('GET', '/items')?.id).toBe('listItems');
    expect(router.literal('POST', '/items')?.id).toBe('createItem');
    expect(router.literal('DELETE', '/items')).toBeUndefined();
    expect(router.literal('GET', '/items/1')).toBeUndefined();
    expect(router.literal('GET', '/')).toBeUndefined();
    expect(router.match('GET', '/items/1')).toMatchObject({ kind: 'found', raw: { id: '1' } });
  });
});

describe('answers decided once per operation and status', () => {
  it('a payload given serialized carries its own length, answer after answer', async () => {
    // Same length in characters, not in bytes: a length kept from the previous answer would be wrong.
    for (const payload of ['["aa"]', '["aa"]', '["éé"]', '["aa"]', '["éé"]', '["éé"]']) {
      next = { status: 200, body: JSON.parse(payload) as unknown, payload };
      const r = await fetch(`${base}/items`);
      const bytes = Buffer.from(await r.arrayBuffer());
      expect(r.headers.get('content-length')).toBe(String(Buffer.byteLength(payload)));
      expect(bytes.toString('utf8')).toBe(payload);
    }
  });

  it('naming the declared type, another declared type, or none gives the headers and body of that type', async () => {
    next = { status: 200, body: ['a'] };
    const none = await fetch(`${base}/items`);
    next = { status: 200, body: ['a'], contentType: 'application/json' };
    const same = await fetch(`${base}/items`);
    next = { status: 200, body: 'a', contentType: 'text/plain' };
    const text = await fetch(`${base}/items`);
    expect([none.headers.get('content-type'), await none.text()]).toEqual(['application/json', '["a"]']);
    expect([same.headers.get('content-type'), await same.text()]).toEqual(['application/json', '["a"]']);
    expect([text.headers.get('content-type'), await text.text()]).toEqual(['text/plain', 'a']);
  });

  it('answer headers given by the handler are sent with the content type and length', async () => {
    next = { status: 200, body: ['b'], headers: { 'x-trace': '1' } };
    const r = await fetch(`${base}/items`);
    expect([r.headers.get('x-trace'), r.headers.get('content-type'), r.headers.get('content-length'), await r.text()]).toEqual([
      '1',
      'application/json',
      '5',
      '["b"]',
    ]);
  });

  it('an operation that reads no query ignores one, however malformed; a templated path and a body still go through every stage', async () => {
    next = { status: 200, body: [] };
    expect((await fetch(`${base}/items?%zz=%&&=&a=b`)).status).toBe(200);
    const one = await fetch(`${base}/items/x%20y`);
    expect(await one.json()).toBe('x y');
    const bad = await fetch(`${base}/items`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(bad.status).toBe(400);
    const good = await fetch(`${base}/items`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"n"}' });
    expect([good.status, await good.json()]).toEqual([201, { name: 'n' }]);
  });
});
