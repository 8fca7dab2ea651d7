/**
 * Every transport adapter against request lines the Fetch API cannot represent or that a URL parser
 * would rewrite, sent over raw sockets (node:net) as a client other than fetch would send them: a
 * method `new Request` refuses (TRACE, CONNECT, TRACK), Host headers that are no host, absolute-form
 * and asterisk targets, `.` and `..` segments raw, percent-encoded or after a backslash, and a
 * chunked body of zero bytes. Each adapter (the node:http listener, the fetch handler behind
 * `toNodeListener`, Express, Koa, Fastify, Hono behind @hono/node-server and behind `toNodeListener`)
 * answers in the contract's error shape, never crashes, never lets the Host header pick the route,
 * and routes one request line to the same operation (or to none) as every other adapter.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import express from 'express';
import Fastify, { type FastifyInstance } from 'fastify';
import { Hono } from 'hono';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModel } from '../../src/contract/model.js';
import { apiSpec } from '../../src/contract/tables/api.js';
import { compileValidators } from '../../src/contract/tables/validators.js';
import { specforgeExpress } from '../../src/runtime/server/adapters/express.js';
import { specforgeFastify } from '../../src/runtime/server/adapters/fastify.js';
import { specforgeKoa } from '../../src/runtime/server/adapters/koa.js';
import { toNodeListener } from '../../src/runtime/server/fetch-adapter.js';
import { honoHandler } from '../../src/runtime/server/fetch-frameworks.js';
import { createFetchHandler, type FetchHandler } from '../../src/runtime/server/fetch.js';
import { createHttpServer, createRequestListener, type AnyHandler, type RequestListener } from '../../src/runtime/server/server.js';
import type { RequestHead } from '../../src/runtime/server/head.js';
import type { ApiSpec } from '../../src/runtime/shared/spec.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SPEC = join(ROOT, 'test', 'fixtures', 'hostile-adapters', 'openapi.yaml');

/** What the handlers ran, as "getItem <id>" or "createItem <body>". */
const ran: string[] = [];
/** Errors reported to onError, and rejections nobody handled while the tests ran. */
const unhandled: unknown[] = [];
const onUnhandled = (err: unknown): void => {
  unhandled.push(err);
};

// Typed over what both transports' requests have, so the same handlers serve node:http and fetch.
const handlers: Record<string, AnyHandler<RequestHead>> = {
  getItem: (ctx) => {
    ran.push(`getItem ${String(ctx.params.path['id'])}`);
    return { status: 200, body: { name: String(ctx.params.path['id']) } };
  },
  createItem: (ctx) => {
    ran.push(`createItem ${JSON.stringify(ctx.body)}`);
    return { status: 201, body: ctx.body };
  },
  fail: () => {
    throw new Error('secret detail at /srv/app/handlers.ts:42');
  },
  traceEcho: () => {
    ran.push('traceEcho');
    return { status: 200, body: 'TRACE /api/echo HTTP/1.1' };
  },
};

let api: ApiSpec;
let validators: ReturnType<typeof compileValidators>;

interface Adapter {
  name: string;
  port: number;
  close: () => Promise<void>;
}
const adapters: Adapter[] = [];

function listenOn(server: Server): Promise<number> {
  server.listen(0, '127.0.0.1');
  return once(server, 'listening').then(() => (server.address() as AddressInfo).port);
}

async function nodeAdapter(
  name: string,
  listener: (req: IncomingMessage, res: ServerResponse) => void,
  server: Server = createServer(listener),
): Promise<Adapter> {
  const port = await listenOn(server);
  return {
    name,
    port,
    close: () => {
      server.closeAllConnections();
      return new Promise((ok) => server.close(() => ok()));
    },
  };
}

function listener(): RequestListener {
  return createRequestListener(api, validators, handlers);
}

function fetchHandler(): FetchHandler {
  return createFetchHandler(api, validators, handlers);
}

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUnhandled);
  const model = await buildModel(SPEC);
  api = apiSpec(model);
  validators = compileValidators(model);

  const node = listener();
  adapters.push(await nodeAdapter('node:http', node, createHttpServer(node)));
  adapters.push(await nodeAdapter('fetch (toNodeListener)', toNodeListener(fetchHandler())));

  const app = express();
  app.use(specforgeExpress(listener()));
  adapters.push(await nodeAdapter('express', app as unknown as (req: IncomingMessage, res: ServerResponse) => void));

  const koa = new Koa();
  koa.use(specforgeKoa(listener()));
  adapters.push(await nodeAdapter('koa', koa.callback()));

  const fastify: FastifyInstance = Fastify();
  await fastify.register(specforgeFastify(listener()));
  await fastify.listen({ port: 0, host: '127.0.0.1' });
  adapters.push({ name: 'fastify', port: (fastify.server.address() as AddressInfo).port, close: () => fastify.close() });

  const hono = new Hono();
  const served = fetchHandler();
  hono.all('*', honoHandler(served));
  const honoServer = serve({ fetch: hono.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await once(honoServer, 'listening');
  adapters.push({
    name: 'hono (@hono/node-server)',
    port: (honoServer.address() as AddressInfo).port,
    close: () => {
      honoServer.closeAllConnections();
      return new Promise((ok) => honoServer.close(() => ok()));
    },
  });
  adapters.push(await nodeAdapter('hono (toNodeListener)', toNodeListener(hono.fetch)));
});

afterAll(async () => {
  for (const a of adapters) await a.close();
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUnhandled);
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Decodes a chunked body. */
function unchunk(text: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const eol = text.indexOf('\r\n', at);
    if (eol < 0) return out;
    const size = parseInt(text.slice(at, eol), 16);
    if (!(size > 0)) return out;
    out += text.slice(eol + 2, eol + 2 + size);
    at = eol + 2 + size + 2;
  }
}

/** Sends `head` (and `body`) as written over a fresh connection; the first answer, or 'closed' when the server closed without one. */
function send(port: number, head: string, body = ''): Promise<RawAnswer | 'closed'> {
  return new Promise((resolveAnswer, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer in 5 s to ${JSON.stringify(head.split('\r\n')[0])}`));
    }, 5000);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (text === '' || end < 0) {
        resolveAnswer('closed');
        return;
      }
      const [status, ...lines] = text.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      let rest = text.slice(end + 4);
      if (headers['transfer-encoding'] === 'chunked') rest = unchunk(rest);
      else if (headers['content-length'] !== undefined) rest = rest.slice(0, Number(headers['content-length']));
      resolveAnswer({ status: Number((status ?? '').split(' ')[1]), headers, body: Buffer.from(rest, 'latin1').toString('utf8') });
    });
    socket.write(`${head}\r\nConnection: close\r\n\r\n${body}`);
  });
}

/** A request line and its headers (Host first unless given). */
function request(line: string, host = '127.0.0.1', extra: string[] = []): string {
  return [line, `Host: ${host}`, ...extra].join('\r\n');
}

/** A stack frame, a module path or a source position. */
const STACK = /\bat [^"]*\([^)]*:\d+:\d+\)|node_modules|\.[cm]?[jt]s:\d+/;

/**
 * Whether a body is the contract's error shape for `status` (or, from Hono behind toNodeListener,
 * which has no error shape of its own, the minimal `{ message }`), with no stack trace in it.
 */
function expectErrorShape(answer: RawAnswer, status: number, where: string): void {
  expect(answer.status, where).toBe(status);
  expect(answer.headers['content-type'] ?? '', where).toMatch(/json/);
  const body = JSON.parse(answer.body) as { status?: unknown; message?: unknown };
  if (where.startsWith('hono (toNodeListener)') && body.status === undefined) expect(body, where).toEqual({ message: expect.any(String) as unknown });
  else expect(body, where).toMatchObject({ status, message: expect.any(String) as unknown });
  expect(answer.body, where).not.toMatch(STACK);
}

async function alive(port: number): Promise<void> {
  const after = await send(port, request('GET /api/items/alive HTTP/1.1'));
  expect(after === 'closed' ? 0 : after.status).toBe(200);
}

describe('the fetch handler behind toNodeListener survives what new Request refuses', () => {
  // Each of these killed the process: new Request() threw inside the listener.
  const HOSTILE: Array<[string, string]> = [
    ['TRACE', request('TRACE /api/items/1 HTTP/1.1')],
    ['TRACE outside the API', request('TRACE /elsewhere HTTP/1.1')],
    ['Host x:99999', request('GET /api/items/1 HTTP/1.1', 'x:99999')],
    ['Host [::1', request('GET /api/items/1 HTTP/1.1', '[::1')],
    ['Host user@evil', request('GET /api/items/1 HTTP/1.1', 'user@evil')],
    ['Host a b', request('GET /api/items/1 HTTP/1.1', 'a b')],
    ['Host %zz', request('GET /api/items/1 HTTP/1.1', '%zz')],
    ['Host with a path', request('GET /api/items/1 HTTP/1.1', '127.0.0.1/x?')],
    ['Host empty', request('GET /api/items/1 HTTP/1.1', '')],
  ];

  it.each(HOSTILE)('%s: an answer, in the error shape where it is one, and the server keeps serving', async (_name, head) => {
    const before = unhandled.length;
    for (const a of adapters.filter((x) => x.name.includes('toNodeListener'))) {
      const answer = await send(a.port, head);
      expect(answer, a.name).not.toBe('closed');
      if (answer === 'closed') continue;
      // Refused (400, 404, 405), answered (200), or a method no fetch handler can serve (501): never a 500.
      expect([200, 400, 404, 405, 501], a.name).toContain(answer.status);
      await alive(a.port);
    }
    expect(unhandled.slice(before)).toEqual([]);
  });

  it('TRACE is refused as the node:http listener refuses it (405 with Allow on an operation path, 404 elsewhere), in the error shape', async () => {
    const fetchAdapter = adapters.find((a) => a.name === 'fetch (toNodeListener)') as Adapter;
    const nodeAdapterFound = adapters.find((a) => a.name === 'node:http') as Adapter;
    for (const [line, status] of [
      ['TRACE /api/items/1 HTTP/1.1', 405],
      ['TRACE /elsewhere HTTP/1.1', 404],
    ] as const) {
      const viaFetch = await send(fetchAdapter.port, request(line));
      const viaNode = await send(nodeAdapterFound.port, request(line));
      if (viaFetch === 'closed' || viaNode === 'closed') throw new Error(`${line}: closed`);
      expectErrorShape(viaFetch, status, line);
      expect(viaFetch.status).toBe(viaNode.status);
      expect(viaFetch.headers['allow']).toBe(viaNode.headers['allow']);
    }
  });

  it('TRACE on an operation the contract declares: a 501 in the error shape that names the Fetch API, never the handler', async () => {
    const fetchAdapter = adapters.find((a) => a.name === 'fetch (toNodeListener)') as Adapter;
    ran.length = 0;
    const answer = await send(fetchAdapter.port, request('TRACE /api/echo HTTP/1.1'));
    if (answer === 'closed') throw new Error('closed');
    expectErrorShape(answer, 501, 'TRACE /api/echo');
    expect(answer.body).toContain('Fetch API');
    expect(ran).toEqual([]);
  });

  it('a fetch handler with no error shape of its own (Hono) gets a minimal JSON answer: 501 for a method the Fetch API cannot carry', async () => {
    const hono = adapters.find((a) => a.name === 'hono (toNodeListener)') as Adapter;
    const answer = await send(hono.port, request('TRACE /api/items/1 HTTP/1.1'));
    if (answer === 'closed') throw new Error('closed');
    expect(answer.status).toBe(501);
    expect(JSON.parse(answer.body)).toMatchObject({ message: expect.stringContaining('TRACE') as unknown });
  });
});

describe('what Node takes apart before any adapter', () => {
  // CONNECT is a 'connect' event no adapter listens to (Node closes the connection); TRACK is no
  // method Node's parser knows (a 400 from Node, or the listener's clientError answer).
  it.each([
    ['CONNECT (authority form)', request('CONNECT 127.0.0.1:80 HTTP/1.1')],
    ['CONNECT (a path)', request('CONNECT /api/items/1 HTTP/1.1')],
    ['TRACK', request('TRACK /api/items/1 HTTP/1.1')],
    ['a method token Node does not know', request('FOO /api/items/1 HTTP/1.1')],
    ['the asterisk form', request('OPTIONS * HTTP/1.1')],
  ])('%s: no handler runs, nothing crashes, and every adapter keeps serving', async (_name, head) => {
    const before = unhandled.length;
    for (const a of adapters) {
      ran.length = 0;
      const answer = await send(a.port, head);
      if (answer !== 'closed') expect(answer.status, a.name).toBeGreaterThanOrEqual(400);
      if (answer !== 'closed' && answer.status === 500) throw new Error(`${a.name}: 500`);
      expect(ran, a.name).toEqual([]);
      await alive(a.port);
    }
    expect(unhandled.slice(before)).toEqual([]);
  });
});

describe('the Host header never routes', () => {
  it('GET /public/anything with Host 127.0.0.1/api/items/HOSTROUTED? runs no handler in any adapter', async () => {
    for (const a of adapters) {
      ran.length = 0;
      const answer = await send(a.port, request('GET /public/anything HTTP/1.1', '127.0.0.1/api/items/HOSTROUTED?'));
      expect(ran, a.name).toEqual([]);
      expect(answer === 'closed' ? 0 : answer.status, a.name).not.toBe(200);
    }
  });

  it('a fetch handler given a URL a runtime built from such a Host header refuses it (400) rather than route by it', async () => {
    ran.length = 0;
    const handler = fetchHandler();
    const host = '127.0.0.1/api/items/HOSTROUTED?';
    const response = await handler(new Request(`http://${host}/public/anything`, { headers: { host } }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 400, message: 'the Host header is not a host and port' });
    expect(ran).toEqual([]);
    // An ordinary Host header, with a port or an IPv6 literal, is no reason to refuse.
    for (const ok of ['api.example.com:8443', '[::1]:8080']) {
      expect((await handler(new Request('http://x/api/items/1', { headers: { host: ok } }))).status).toBe(200);
    }
  });

  it('the Host header is still there for handlers to read, as a header', async () => {
    let seen: unknown;
    const handler = createFetchHandler(api, validators, {
      getItem: (ctx) => {
        seen = ctx.request.headers['host'];
        return { status: 200, body: { name: 'x' } };
      },
    });
    const server = createServer(toNodeListener(handler));
    const port = await listenOn(server);
    try {
      const answer = await send(port, request('GET /api/items/1 HTTP/1.1', 'api.example.com:8443'));
      expect(answer === 'closed' ? 0 : answer.status).toBe(200);
      expect(seen).toBe('api.example.com:8443');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

/**
 * One request line through every adapter: the operation it reaches and the status it gets are the
 * same everywhere. `..` and `.` segments (raw, percent-encoded, or after a backslash, which a URL
 * parser reads as a slash) are refused with a 400; an absolute-form target is routed by its path
 * alone; a fragment is no part of the path.
 */
const TABLE: Array<{ line: string; status: number; ran: string[] }> = [
  { line: 'GET /api/items/1 HTTP/1.1', status: 200, ran: ['getItem 1'] },
  { line: 'GET /public/../api/items/1 HTTP/1.1', status: 400, ran: [] },
  { line: 'GET /api/items/../items/2 HTTP/1.1', status: 400, ran: [] },
  { line: 'GET /api/./items/3 HTTP/1.1', status: 400, ran: [] },
  { line: 'GET /api/items/%2e%2e HTTP/1.1', status: 400, ran: [] },
  { line: 'GET /public/%2e%2e/api/items/4 HTTP/1.1', status: 400, ran: [] },
  { line: 'GET /public/%2E./api/items/5 HTTP/1.1', status: 400, ran: [] },
  { line: 'GET /public/.%2E/api/items/6 HTTP/1.1', status: 400, ran: [] },
  { line: 'GET /api/items/%2e HTTP/1.1', status: 400, ran: [] },
  { line: 'GET /public\\..\\api/items/7 HTTP/1.1', status: 400, ran: [] },
  { line: 'GET /api\\items\\8 HTTP/1.1', status: 400, ran: [] },
  { line: 'GET http://other.example/api/items/9 HTTP/1.1', status: 200, ran: ['getItem 9'] },
  { line: 'GET http://other.example/public/../api/items/10 HTTP/1.1', status: 400, ran: [] },
  { line: 'GET /api/items/11.json HTTP/1.1', status: 200, ran: ['getItem 11.json'] },
  { line: 'GET /api/items/..more HTTP/1.1', status: 200, ran: ['getItem ..more'] },
  { line: 'GET /api/items/%2e%2e%2f HTTP/1.1', status: 200, ran: ['getItem ../'] },
  { line: 'GET /api/items/%zz HTTP/1.1', status: 200, ran: ['getItem %zz'] },
  { line: 'GET /api/items/1#/../../x HTTP/1.1', status: 200, ran: ['getItem 1'] },
  { line: 'GET /api/items/2?q=/../x HTTP/1.1', status: 200, ran: ['getItem 2'] },
  { line: 'GET //api/items/3 HTTP/1.1', status: 404, ran: [] },
];

describe('one normalization of the request path in every adapter', () => {
  it.each(TABLE)('$line: $status in every adapter', async ({ line, status, ran: expected }) => {
    const seen: string[] = [];
    for (const a of adapters) {
      ran.length = 0;
      const answer = await send(a.port, request(line));
      const got = answer === 'closed' ? 0 : answer.status;
      seen.push(`${a.name}: ${got} ${JSON.stringify(ran)}`);
      // Fastify routes before the plugin sees a request: a path that matches none of its routes
      // stays Fastify's own 404, a malformed percent-encoding Fastify's own 400. @hono/node-server
      // refuses a backslash itself, with a bare 400, before Hono runs. No handler runs either way.
      if (
        (a.name === 'fastify' && ((status === 400 && got === 404) || (line.includes('%zz') && got === 400))) ||
        (a.name === 'hono (@hono/node-server)' && line.includes('\\') && got === 400)
      ) {
        expect(ran, a.name).toEqual([]);
        continue;
      }
      expect({ status: got, ran: [...ran] }, a.name).toEqual({ status, ran: expected });
      if (status === 400 && answer !== 'closed') expectErrorShape(answer, 400, `${a.name} ${line}`);
    }
    expect(seen, seen.join('\n')).toHaveLength(adapters.length);
  });
});

describe('a required body', () => {
  it('an empty chunked body is no body: 400 "request body is required" in every adapter', async () => {
    for (const a of adapters) {
      ran.length = 0;
      const answer = await send(
        a.port,
        request('POST /api/items HTTP/1.1', '127.0.0.1', ['Content-Type: application/json', 'Transfer-Encoding: chunked']),
        '0\r\n\r\n',
      );
      if (answer === 'closed') throw new Error(`${a.name}: closed`);
      expectErrorShape(answer, 400, a.name);
      expect(answer.body, a.name).toContain('request body is required');
      expect(ran, a.name).toEqual([]);
    }
  });

  it('an empty chunked body without a Content-Type is no body either', async () => {
    for (const a of adapters) {
      ran.length = 0;
      const answer = await send(a.port, request('POST /api/items HTTP/1.1', '127.0.0.1', ['Transfer-Encoding: chunked']), '0\r\n\r\n');
      if (answer === 'closed') throw new Error(`${a.name}: closed`);
      expectErrorShape(answer, 400, a.name);
      expect(ran, a.name).toEqual([]);
    }
  });
});

describe('no stack trace in any answer', () => {
  it('a handler that throws is a 500 in the error shape, without its message or stack, in every adapter', async () => {
    for (const a of adapters) {
      const answer = await send(a.port, request('GET /api/fail HTTP/1.1'));
      if (answer === 'closed') throw new Error(`${a.name}: closed`);
      expectErrorShape(answer, 500, a.name);
      expect(answer.body, a.name).not.toContain('secret detail');
    }
  });
});
