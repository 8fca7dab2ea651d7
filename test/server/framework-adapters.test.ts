/**
 * The generated server inside Express 4 and 5, Fastify 5 and Koa, end to end over HTTP on
 * 127.0.0.1: each adapter keeps what the node:http listener does (validation in the contract's
 * error shape, security verifiers, body limits, streaming, 501 for an operation without handler),
 * honours the contract's base path under a framework prefix, and leaves a path the contract does
 * not have to the framework (Express's and Koa's next middleware, Fastify's own 404).
 */
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
// Express 4 is installed beside Express 5 under the name express4 (npm:express@4).
import express4 from 'express4';
import Fastify, { type FastifyInstance } from 'fastify';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModel } from '../../src/contract/model.js';
import { apiSpec } from '../../src/contract/tables/api.js';
import { compileValidators } from '../../src/contract/tables/validators.js';
import { specforgeExpress } from '../../src/runtime/entry/express.js';
import { specforgeFastify } from '../../src/runtime/entry/fastify.js';
import { specforgeKoa } from '../../src/runtime/entry/koa.js';
import { createRequestListener, type AnyHandler, type RequestListener, type ServerOptions } from '../../src/runtime/server/server.js';
import type { ApiSpec } from '../../src/runtime/shared/spec.js';

const SPEC = `openapi: 3.1.0
info: { title: pets, version: 1.0.0 }
servers: [{ url: 'https://pets.example.com/api/v1' }]
security: [{ key: [] }]
x-specforge-error:
  schema: { $ref: '#/components/schemas/Problem' }
  fields: { message: message, status: status }
paths:
  /pets:
    get:
      operationId: listPets
      parameters:
        - { name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 10 } }
      responses:
        '200': { description: pets, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Pet' } } } } }
        default: { description: problem, content: { application/json: { schema: { $ref: '#/components/schemas/Problem' } } } }
    post:
      operationId: createPet
      requestBody:
        required: true
        content: { application/json: { schema: { type: object, required: [name], additionalProperties: false, properties: { name: { type: string, minLength: 1 } } } } }
      responses:
        '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
        default: { description: problem, content: { application/json: { schema: { $ref: '#/components/schemas/Problem' } } } }
  /pets/{petId}:
    delete:
      operationId: deletePet
      parameters: [{ name: petId, in: path, required: true, schema: { type: integer } }]
      responses:
        '204': { description: gone }
        default: { description: problem, content: { application/json: { schema: { $ref: '#/components/schemas/Problem' } } } }
  /events:
    get:
      operationId: events
      responses:
        '200': { description: events, content: { text/event-stream: { schema: { type: string } } } }
        default: { description: problem, content: { application/json: { schema: { $ref: '#/components/schemas/Problem' } } } }
components:
  securitySchemes:
    key: { type: apiKey, in: header, name: X-API-Key }
  schemas:
    Pet: { type: object, required: [id, name], properties: { id: { type: integer }, name: { type: string } } }
    Problem: { type: object, required: [status, message], properties: { status: { type: integer }, message: { type: string }, details: { type: array } } }
`;

let api: ApiSpec;
let validators: ReturnType<typeof compileValidators>;
/** Resolved by a test when it has read the first event; the stream's second event waits for it. */
let firstEventRead: () => void = () => undefined;

const handlers: Record<string, AnyHandler> = {
  listPets: ({ params }) => ({
    status: 200,
    body: [
      { id: 1, name: 'Rex' },
      { id: 2, name: 'Tom' },
    ].slice(0, (params.query['limit'] as number | undefined) ?? 10),
  }),
  createPet: ({ body }) => ({ status: 201, body: { id: 3, name: (body as { name: string }).name } }),
  // deletePet has no handler: a 501.
  events: () => ({
    status: 200,
    body: (async function* () {
      yield 'data: one\n\n';
      await new Promise<void>((resolve) => {
        firstEventRead = resolve;
      });
      yield 'data: two\n\n';
    })(),
  }),
};

const OPTIONS: ServerOptions = { bodyLimit: 256, security: { key: (c) => c.credential !== 'revoked' } };

function listener(options: ServerOptions = OPTIONS): RequestListener {
  return createRequestListener(api, validators, handlers, options);
}

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sf-adapters-'));
  writeFileSync(join(dir, 'openapi.yaml'), SPEC);
  const model = await buildModel(join(dir, 'openapi.yaml'));
  api = apiSpec(model);
  validators = compileValidators(model);
});

const KEY = { 'x-api-key': 'k3y' };

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** What every adapter keeps of the listener, at `base` (the framework prefix and the contract's base path). */
async function expectServed(origin: string, base: string): Promise<void> {
  const list = await fetch(`${origin}${base}/pets?limit=1`, { headers: KEY });
  expect(list.status).toBe(200);
  expect(await list.json()).toEqual([{ id: 1, name: 'Rex' }]);

  const bad = await fetch(`${origin}${base}/pets?limit=0`, { headers: KEY });
  expect(bad.status).toBe(400);
  expect(await bad.json()).toMatchObject({ status: 400, message: 'request does not match the contract: query parameter "limit" must be >= 1' });

  expect((await fetch(`${origin}${base}/pets`)).status).toBe(401);
  expect((await fetch(`${origin}${base}/pets`, { headers: { 'x-api-key': 'revoked' } })).status).toBe(401);

  const made = await fetch(`${origin}${base}/pets`, {
    method: 'POST',
    headers: { ...KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Kit' }),
  });
  expect(made.status).toBe(201);
  expect(await made.json()).toEqual({ id: 3, name: 'Kit' });
  const wrong = await fetch(`${origin}${base}/pets`, {
    method: 'POST',
    headers: { ...KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ name: '' }),
  });
  expect(wrong.status).toBe(400);
  const big = await fetch(`${origin}${base}/pets`, {
    method: 'POST',
    headers: { ...KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'x'.repeat(1000) }),
  });
  expect(big.status).toBe(413);
  expect(await big.json()).toMatchObject({ status: 413 });

  const gone = await fetch(`${origin}${base}/pets/7`, { method: 'DELETE', headers: KEY });
  expect(gone.status).toBe(501);
  expect(await gone.json()).toMatchObject({ status: 501, message: 'operation deletePet has no handler' });

  // The second event is sent only once the first has been read: the answer streams.
  const events = await fetch(`${origin}${base}/events`, { headers: KEY });
  expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = (events.body as ReadableStream<Uint8Array>).getReader();
  const first = await reader.read();
  expect(new TextDecoder().decode(first.value)).toBe('data: one\n\n');
  firstEventRead();
  let rest = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
  expect(rest).toBe('data: two\n\n');
}

const servers: Server[] = [];
const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const s of servers) s.close();
  for (const a of apps) await a.close();
});

describe.each([
  ['Express 5', express],
  ['Express 4', express4 as unknown as typeof express],
])('%s middleware', (_name, framework) => {
  it('serves the contract under a prefix and the base path, and passes other paths to next()', async () => {
    const app = framework();
    app.use('/api', specforgeExpress(listener()));
    app.use((req, res) => {
      res.status(404).json({ from: 'express', path: req.originalUrl });
    });
    const server = app.listen(0, '127.0.0.1');
    servers.push(server);
    await once(server, 'listening');
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await expectServed(origin, '/api/v1');
    // A path no operation has, and a path outside the base path: the next middleware answers.
    for (const path of ['/api/v1/unknown', '/api/pets', '/elsewhere']) {
      const res = await fetch(`${origin}${path}`, { headers: KEY });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ from: 'express', path });
    }
    // A known path with another method is the contract's 405, with Allow.
    const put = await fetch(`${origin}/api/v1/pets`, { method: 'PUT', headers: KEY });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
  });

  it('takes a JSON body express.json() already read, and mounted at the base path itself', async () => {
    const app = framework();
    app.use(framework.json());
    app.use('/api/v1', specforgeExpress(listener()));
    const server = app.listen(0, '127.0.0.1');
    servers.push(server);
    await once(server, 'listening');
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const made = await fetch(`${origin}/api/v1/pets`, {
      method: 'POST',
      headers: { ...KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Kit' }),
    });
    expect(made.status).toBe(201);
    expect(await made.json()).toEqual({ id: 3, name: 'Kit' });
    const wrong = await fetch(`${origin}/api/v1/pets`, {
      method: 'POST',
      headers: { ...KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Kit', extra: 1 }),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ status: 400 });
  });
});

describe('Fastify plugin', () => {
  it('registers a route per operation under its prefix; hooks and inject() see them; other paths stay Fastify 404s', async () => {
    const app = Fastify();
    apps.push(app);
    const seen: string[] = [];
    app.addHook('onResponse', async (request, reply) => {
      seen.push(`${request.method} ${request.routeOptions.url ?? '-'} ${reply.statusCode}`);
    });
    await app.register(specforgeFastify(listener()), { prefix: '/api' });
    await app.ready();
    expect(app.hasRoute({ method: 'GET', url: '/api/v1/pets' })).toBe(true);
    expect(app.hasRoute({ method: 'DELETE', url: '/api/v1/pets/:p1' })).toBe(true);

    const injected = await app.inject({ method: 'GET', url: '/api/v1/pets?limit=2', headers: KEY });
    expect(injected.statusCode).toBe(200);
    expect(injected.json()).toEqual([
      { id: 1, name: 'Rex' },
      { id: 2, name: 'Tom' },
    ]);
    const made = await app.inject({ method: 'POST', url: '/api/v1/pets', headers: { ...KEY, 'content-type': 'application/json' }, payload: { name: 'Kit' } });
    expect(made.statusCode).toBe(201);

    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    await expectServed(origin, '/api/v1');
    const unknown = await fetch(`${origin}/api/v1/unknown`, { headers: KEY });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'Not Found', statusCode: 404 });
    expect(seen).toContain('GET /api/v1/pets 200');
    expect(seen).toContain('DELETE /api/v1/pets/:p1 501');
  });

  it('with the base path off, the routes are the templates under the prefix', async () => {
    const app = Fastify();
    apps.push(app);
    await app.register(specforgeFastify(listener({ ...OPTIONS, basePath: false })), { prefix: '/svc' });
    const res = await app.inject({ method: 'GET', url: '/svc/pets?limit=1', headers: KEY });
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/svc/api/v1/pets', headers: KEY })).statusCode).toBe(404);
  });
});

describe('Koa middleware', () => {
  it('serves the contract at its base path and passes other paths to next()', async () => {
    const app = new Koa();
    app.use(specforgeKoa(listener()));
    app.use(async (ctx) => {
      ctx.status = 404;
      ctx.body = { from: 'koa', path: ctx.path };
    });
    const server = createServer(app.callback());
    servers.push(server);
    const origin = await listen(server);
    await expectServed(origin, '/api/v1');
    for (const path of ['/api/v1/unknown', '/pets']) {
      const res = await fetch(`${origin}${path}`, { headers: KEY });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ from: 'koa', path });
    }
  });
});

describe('the node:http listener', () => {
  it('answers 404 outside the base path, and serves at the root with basePath false or another base path', async () => {
    const server = createServer(listener());
    servers.push(server);
    const origin = await listen(server);
    expect((await fetch(`${origin}/api/v1/pets`, { headers: KEY })).status).toBe(200);
    const outside = await fetch(`${origin}/pets`, { headers: KEY });
    expect(outside.status).toBe(404);
    expect(await outside.json()).toMatchObject({ status: 404, message: 'no operation at GET /pets' });

    const root = createServer(listener({ ...OPTIONS, basePath: false }));
    servers.push(root);
    const rootOrigin = await listen(root);
    expect((await fetch(`${rootOrigin}/pets`, { headers: KEY })).status).toBe(200);

    const other = createServer(listener({ ...OPTIONS, basePath: '/v2/' }));
    servers.push(other);
    const otherOrigin = await listen(other);
    expect((await fetch(`${otherOrigin}/v2/pets`, { headers: KEY })).status).toBe(200);
    expect((await fetch(`${otherOrigin}/api/v1/pets`, { headers: KEY })).status).toBe(404);
  });
});
