/**
 * The framework adapters behind a body parser the application mounted first (`express.json()`,
 * `@koa/bodyparser`), and on servers the framework made: a body the parser already read keeps the
 * listener's depth limit and `required` semantics, a parser's own error on a path of the contract is
 * answered in the contract's error shape (Express otherwise answers its page with a stack trace
 * outside production), and `applyHttpLimits` gives the framework's server the slow-client limits
 * `createHttpServer` has.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { bodyParser } from '@koa/bodyparser';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModel } from '../../src/contract/model.js';
import { apiSpec } from '../../src/contract/tables/api.js';
import { compileValidators } from '../../src/contract/tables/validators.js';
import { keepRawBody } from '../../src/runtime/server/adapters/common.js';
import { specforgeExpress } from '../../src/runtime/server/adapters/express.js';
import { specforgeFastify } from '../../src/runtime/server/adapters/fastify.js';
import { specforgeKoa } from '../../src/runtime/server/adapters/koa.js';
import { toNodeListener } from '../../src/runtime/server/fetch-adapter.js';
import { honoHandler } from '../../src/runtime/server/fetch-frameworks.js';
import { createFetchHandler } from '../../src/runtime/server/fetch.js';
import type { RequestHead } from '../../src/runtime/server/head.js';
import { applyHttpLimits, createRequestListener, type AnyHandler, type HttpServerLimits, type RequestListener } from '../../src/runtime/server/server.js';
import type { ApiSpec } from '../../src/runtime/shared/spec.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SPEC = join(ROOT, 'test', 'fixtures', 'hostile-adapters', 'openapi.yaml');

const ran: string[] = [];
const handlers: Record<string, AnyHandler<RequestHead>> = {
  getItem: (ctx) => ({ status: 200, body: { name: String(ctx.params.path['id']) } }),
  createItem: (ctx) => {
    ran.push('createItem');
    return { status: 201, body: ctx.body };
  },
  createNote: (ctx) => {
    ran.push('createNote');
    return { status: 201, body: ctx.body };
  },
};

let api: ApiSpec;
let validators: ReturnType<typeof compileValidators>;
const servers: Server[] = [];

function listener(): RequestListener {
  return createRequestListener(api, validators, handlers);
}

async function listen(server: Server): Promise<string> {
  servers.push(server);
  if (!server.listening) {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
  }
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const model = await buildModel(SPEC);
  api = apiSpec(model);
  validators = compileValidators(model);
});

afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise<void>((ok) => s.close(() => ok()));
  }
});

/** Express with express.json() mounted first (and the errors middleware after), as most applications are. */
function expressApp(verify: boolean): (req: IncomingMessage, res: ServerResponse) => void {
  const app = express();
  app.use(verify ? express.json({ verify: keepRawBody }) : express.json());
  const served = specforgeExpress(listener());
  app.use(served);
  app.use(served.errors);
  return app as unknown as (req: IncomingMessage, res: ServerResponse) => void;
}

function koaApp(): (req: IncomingMessage, res: ServerResponse) => void {
  const app = new Koa();
  // Koa logs what a middleware threw (the parser's SyntaxError): not wanted in the test output.
  app.silent = true;
  app.use(bodyParser());
  app.use(specforgeKoa(listener()));
  return app.callback();
}

const SETUPS: Array<[string, () => (req: IncomingMessage, res: ServerResponse) => void]> = [
  ['express.json() first', () => expressApp(false)],
  ['express.json({ verify: keepRawBody }) first', () => expressApp(true)],
  ['@koa/bodyparser first', () => koaApp()],
];

/** A stack frame, a module path or a source position. */
const STACK = /\bat [^"]*\([^)]*:\d+:\d+\)|node_modules|\.[cm]?[jt]s:\d+|<pre>/;

/** Sends raw bytes over a fresh connection and reads the answer's status line and body. */
function rawPost(base: string, head: string, body: string): Promise<{ status: number; body: string }> {
  const port = Number(new URL(base).port);
  return new Promise((resolveAnswer, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no answer in 5 s'));
    }, 5000);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      resolveAnswer({ status: Number(text.split(' ')[1]), body: end < 0 ? '' : text.slice(end + 4) });
    });
    socket.write(`${head}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n${body}`);
  });
}

describe('a body parser mounted first', () => {
  it.each(SETUPS)('%s: JSON 5,000 levels deep is a 400 in the error shape, not a 500 with a stack trace', async (_name, make) => {
    const base = await listen(createServer(make()));
    const body = `{"name":"x","data":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const res = await fetch(`${base}/api/items`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const text = await res.text();
    expect(res.status, text.slice(0, 200)).toBe(400);
    expect(JSON.parse(text)).toMatchObject({ status: 400, message: expect.stringContaining('nests deeper than 1000 levels') as unknown });
    expect(text).not.toMatch(STACK);
  });

  // body-parser makes {} of an empty body (201 before): the adapter sees that no byte came.
  it.each(SETUPS)('%s: an empty chunked body is no body for a required body that {} would satisfy (400, the handler never runs)', async (_name, make) => {
    const base = await listen(createServer(make()));
    ran.length = 0;
    const answer = await rawPost(base, 'POST /api/notes HTTP/1.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked', '0\r\n\r\n');
    expect(answer.status, answer.body).toBe(400);
    expect(answer.body).toContain('request body is required');
    expect(ran).toEqual([]);
  });

  it.each(SETUPS)('%s: a body of Content-Length 0 is no body', async (_name, make) => {
    const base = await listen(createServer(make()));
    ran.length = 0;
    const answer = await rawPost(base, 'POST /api/notes HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 0', '');
    expect(answer.status, answer.body).toBe(400);
    expect(answer.body).toContain('request body is required');
    expect(ran).toEqual([]);
  });

  it.each(SETUPS)('%s: a JSON body the parser read is still validated and served', async (_name, make) => {
    const base = await listen(createServer(make()));
    const made = await fetch(`${base}/api/items`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"kit"}' });
    expect(made.status).toBe(201);
    expect(await made.json()).toEqual({ name: 'kit' });
    const wrong = await fetch(`${base}/api/items`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"data":1}' });
    expect(wrong.status).toBe(400);
  });

  it("Express: a parser's own errors on a path of the contract are answered by api.errors in the error shape; other paths keep Express's handling", async () => {
    const base = await listen(createServer(expressApp(false)));
    const malformed = await fetch(`${base}/api/items`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' });
    const text = await malformed.text();
    expect(malformed.status).toBe(400);
    expect(JSON.parse(text)).toMatchObject({ status: 400, message: expect.stringContaining('request body is malformed') as unknown });
    expect(text).not.toMatch(STACK);
    const large = await fetch(`${base}/api/items`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"name":"${'x'.repeat(200_000)}"}`,
    });
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ status: 413 });
    // A path the contract does not have: Express's own answer, as before.
    const elsewhere = await fetch(`${base}/elsewhere`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.headers.get('content-type')).toMatch(/html/);
  });

  it('Koa: a parser error never carries a stack trace (Koa answers its own text)', async () => {
    const base = await listen(createServer(koaApp()));
    const res = await fetch(`${base}/api/items`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' });
    expect(res.status).toBe(400);
    expect(await res.text()).not.toMatch(STACK);
  });
});

/** Opens a connection and sends the start of a request, never its end. */
async function trickle(base: string): Promise<Socket> {
  const socket = connect(Number(new URL(base).port), '127.0.0.1');
  await once(socket, 'connect');
  socket.on('error', () => undefined);
  socket.write('GET /api/items/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
  return socket;
}

/** Resolves with the milliseconds until the server closes `socket` (or `bound` when it has not). */
function closedWithin(socket: Socket, bound: number): Promise<number> {
  const started = Date.now();
  return new Promise((done) => {
    const timer = setTimeout(() => done(bound), bound);
    socket.once('close', () => {
      clearTimeout(timer);
      done(Date.now() - started);
    });
    socket.resume();
  });
}

describe('applyHttpLimits gives a framework server the limits createHttpServer has', () => {
  const SLOW = { headersTimeout: 300, requestTimeout: 1000 };
  const FEW = { headersTimeout: 10_000, maxConnections: 2 };

  const FRAMEWORKS: Array<[string, (limits: HttpServerLimits) => Promise<Server>]> = [
    [
      'Express (app.listen)',
      async (limits) => {
        const app = express();
        app.use(specforgeExpress(listener()));
        return applyHttpLimits(app.listen(0, '127.0.0.1'), limits);
      },
    ],
    [
      'Koa (app.listen)',
      async (limits) => {
        const app = new Koa();
        app.use(specforgeKoa(listener()));
        return applyHttpLimits(app.listen(0, '127.0.0.1'), limits);
      },
    ],
    [
      'Fastify (fastify.server)',
      async (limits) => {
        const app = Fastify();
        await app.register(specforgeFastify(listener()));
        applyHttpLimits(app.server, limits);
        await app.listen({ port: 0, host: '127.0.0.1' });
        return app.server;
      },
    ],
    ['fetch handler (toNodeListener)', async (limits) => applyHttpLimits(createServer(toNodeListener(createFetchHandler(api, validators, handlers))), limits)],
    [
      'Hono (serve)',
      async (limits) => {
        const app = new Hono();
        app.all('*', honoHandler(createFetchHandler(api, validators, handlers)));
        return applyHttpLimits(serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server, limits);
      },
    ],
  ];

  it.each(FRAMEWORKS)('%s: a client trickling its headers is closed after headersTimeout', async (_name, make) => {
    const base = await listen(await make(SLOW));
    const slow = await trickle(base);
    expect(await closedWithin(slow, 4000)).toBeLessThan(3000);
  });

  it.each(FRAMEWORKS)('%s: past maxConnections the idle connection is closed first and the newcomer served', async (_name, make) => {
    const base = await listen(await make(FEW));
    const first = await trickle(base);
    const firstClosed = closedWithin(first, 3000);
    const second = await trickle(base);
    const ok = await fetch(`${base}/api/items/1`);
    expect(ok.status).toBe(200);
    expect(await firstClosed).toBeLessThan(3000);
    second.destroy();
  });

  it('without it, the same Express server keeps a trickling client past the bound', async () => {
    const app = express();
    app.use(specforgeExpress(listener()));
    const server = app.listen(0, '127.0.0.1');
    const base = await listen(server);
    const slow = await trickle(base);
    expect(await closedWithin(slow, 1500)).toBe(1500);
    slow.destroy();
  });
});
