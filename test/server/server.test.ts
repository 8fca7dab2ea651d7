/**
 * The request pipeline end to end: the fixture contract (test/fixtures/params) is modelled, turned
 * into the runtime tables and in-memory validators, and served by `createRequestListener` on a real
 * `node:http` server; requests go over the loopback interface with fetch, `node:http` or a raw socket.
 */
import { once } from 'node:events';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSpec, mockTables } from '../../src/contract/tables/api.js';
import { compileValidators, type CompiledValidators } from '../../src/contract/tables/validators.js';
import { buildModel } from '../../src/contract/model.js';
import { createMockHandlers } from '../../src/runtime/mock/engine.js';
import {
  createRequestListener,
  type AnyHandler,
  type HandlerResponse,
  type RequestContext,
  type SchemeCredential,
  type ServerOptions,
} from '../../src/runtime/server/server.js';
import type { ApiSpec } from '../../src/runtime/shared/spec.js';

const FIXTURE = 'test/fixtures/params/openapi.yaml';
const BODY_LIMIT = 64 * 1024;
const SECRET = 'db password is hunter2';

interface Detail {
  in: string;
  name?: string;
  pointer?: string;
  message: string;
}

/** The fixture's `x-specforge-error` shape. */
interface ErrorBody {
  message: string;
  status: number;
  code: string;
  details?: Detail[];
}

interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

interface Echo {
  operationId: string;
  params: { path: Record<string, unknown>; query: Record<string, unknown>; header: Record<string, unknown>; cookie: Record<string, unknown> };
  body?: unknown;
  auth?: { schemes: string[]; claims?: Record<string, unknown> };
}

let api: ApiSpec;
let validators: CompiledValidators;
const errors: Array<{ error: unknown; operationId: string | undefined }> = [];
const verified: Array<{ scheme: string; credential: string }> = [];

function echo(ctx: RequestContext, status = 200): HandlerResponse {
  const body: Record<string, unknown> = { operationId: ctx.operationId, params: ctx.params };
  if (ctx.body !== undefined) body['body'] = ctx.body;
  if (ctx.auth) {
    const auth: Record<string, unknown> = { schemes: Object.keys(ctx.auth.schemes) };
    if (ctx.auth.claims) auth['claims'] = ctx.auth.claims;
    body['auth'] = auth;
  }
  return { status, body };
}

const handlers: Record<string, AnyHandler> = {
  getItem: (ctx) => echo(ctx),
  deleteItem: () => ({ status: 204 }),
  getLatestItem: (ctx) => echo(ctx),
  search: (ctx) => echo(ctx),
  getStyles: (ctx) => echo(ctx),
  getFile: (ctx) => echo(ctx),
  createWidget: (ctx) => ({ status: 201, body: ctx.body }),
  createNote: (ctx) => echo(ctx),
  getMe: (ctx) => echo(ctx),
  getEither: (ctx) => echo(ctx),
  boom: () => {
    throw new Error(`lookup failed: ${SECRET}`);
  },
  getChecked: (ctx) => {
    switch (ctx.params.query['mode']) {
      case 'good':
        return { status: 200, body: { ok: true, count: 1 } };
      case 'bad':
        return { status: 200, body: { ok: 'yes', count: -1 } };
      case 'undeclared':
        return { status: 418, body: { ok: true, count: 1 } };
      default:
        return { status: 200, body: 'plain words', contentType: 'text/plain' };
    }
  },
};

const options: ServerOptions = {
  bodyLimit: BODY_LIMIT,
  validateResponses: true,
  onError: (error, operationId) => errors.push({ error, operationId }),
  security: {
    apiKey: (c: SchemeCredential, context) => {
      verified.push({ scheme: context.scheme, credential: c.credential });
      return c.credential !== 'revoked';
    },
    bearer: (c: SchemeCredential) => {
      if (c.credential === 'rejected') return false;
      if (c.credential === 'opaque-token') return { claims: { sub: 'verified-by-introspection' } };
      return Promise.resolve(true);
    },
  },
};

interface Running {
  server: Server;
  base: string;
  port: number;
}

async function start(listener: ReturnType<typeof createRequestListener>): Promise<Running> {
  const server = createServer(listener);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return { server, port, base: `http://127.0.0.1:${port}` };
}

async function stop(r: Running | undefined): Promise<void> {
  if (!r) return;
  r.server.closeAllConnections();
  await new Promise<void>((resolve) => r.server.close(() => resolve()));
}

let main: Running;
let unchecked: Running;
let mock: Running;

beforeAll(async () => {
  const model = await buildModel(FIXTURE);
  api = apiSpec(model);
  validators = compileValidators(model);
  main = await start(createRequestListener(api, validators, handlers, options));
  unchecked = await start(createRequestListener(api, validators, handlers, { bodyLimit: BODY_LIMIT }));
  mock = await start(createRequestListener(api, validators, createMockHandlers(api, mockTables(model), validators), { validateResponses: true }));
});

afterAll(async () => {
  await Promise.all([stop(main), stop(unchecked), stop(mock)]);
  expect(Object.prototype).not.toHaveProperty('polluted');
});

async function call(path: string, init: RequestInit = {}, on: Running = main): Promise<Reply> {
  const res = await fetch(on.base + path, init);
  const text = await res.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** The reply's error body, checked against the interface's error schema. */
function errorOf(r: Reply, status: number): ErrorBody {
  expect(r.status, r.text).toBe(status);
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  const ok = validators.errorBodyValidator?.(r.json);
  expect(ok, JSON.stringify(validators.errorBodyValidator?.errors)).toBe(true);
  const body = r.json as ErrorBody;
  expect(body.status).toBe(status);
  return body;
}

function echoOf(r: Reply, status = 200): Echo {
  expect(r.status, r.text).toBe(status);
  return r.json as Echo;
}

interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request through node:http, with the path sent exactly as given. */
function rawRequest(method: string, path: string, headers: Record<string, string> = {}, chunks: Array<string | Buffer> = []): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: main.port, method, path, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    const write = (i: number): void => {
      if (i >= chunks.length) {
        req.end();
        return;
      }
      req.write(chunks[i] as string | Buffer, () => setImmediate(() => write(i + 1)));
    };
    write(0);
  });
}

/** Bytes over a plain socket; everything the server sends until it closes (or 5 s pass). */
function rawSocket(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(main.port, '127.0.0.1');
    const parts: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), 5_000);
    socket.on('data', (c: Buffer) => parts.push(c));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(parts).toString('latin1'));
    });
    socket.on('error', reject);
    socket.write(bytes, 'latin1');
  });
}

function statusOfRaw(text: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
}

async function stillServing(): Promise<void> {
  const r = await call('/items/latest');
  expect(echoOf(r).operationId).toBe('getLatestItem');
}

function jwt(claims: Record<string, unknown>): string {
  const part = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

const ITEM_HEADERS = { 'X-Trace': 'true' };
const KEY = { 'X-API-Key': 'good-key' };
const JSON_TYPE = { 'content-type': 'application/json' };

describe('parameters reach the handler parsed by style', () => {
  it('path, query, header and cookie parameters', async () => {
    const r = await call('/items/5?fields=id,name', {
      headers: { ...ITEM_HEADERS, 'X-Request-Id': 'deadbeef', cookie: 'session=abc%20def; prefs=1,2,3' },
    });
    expect(echoOf(r)).toEqual({
      operationId: 'getItem',
      params: {
        path: { id: 5 },
        query: { fields: ['id', 'name'] },
        header: { 'x-request-id': 'deadbeef', 'x-trace': true },
        cookie: { session: 'abc def', prefs: [1, 2, 3] },
      },
    });
  });

  it('optional parameters may be left out', async () => {
    const r = await call('/items/1000', { headers: ITEM_HEADERS });
    expect(echoOf(r).params).toEqual({ path: { id: 1000 }, query: {}, header: { 'x-trace': true }, cookie: {} });
  });

  it('every query style at once', async () => {
    const coords = encodeURIComponent(JSON.stringify({ lat: 1.5, long: -2 }));
    const query = [
      'q=hello+world%21',
      'limit=10',
      'sort=asc',
      'tags=a&tags=b%2Cc',
      'ids=1|2|3',
      'words=x%20y+z',
      'filter[color]=red&filter%5Bsize%5D=2',
      'exact=false',
      `coords=${coords}`,
      'unknown=ignored',
    ].join('&');
    const r = await call(`/search?${query}`);
    expect(echoOf(r).params.query).toEqual({
      q: 'hello world!',
      limit: 10,
      sort: 'asc',
      tags: ['a', 'b,c'],
      ids: [1, 2, 3],
      words: ['x', 'y', 'z'],
      filter: { color: 'red', size: 2 },
      exact: false,
      coords: { lat: 1.5, long: -2 },
    });
  });

  it('label, matrix and simple path parameters, and a simple header array', async () => {
    const r = await call('/styles/.1,2,3/;mtx=a%20b;mtx=c/R=1,G=2', { headers: { 'X-Point': '1.5, -2' } });
    expect(echoOf(r).params).toEqual({
      path: { lbl: [1, 2, 3], mtx: ['a b', 'c'], obj: { R: 1, G: 2 } },
      query: {},
      header: { 'x-point': [1.5, -2] },
      cookie: {},
    });
  });

  it('a parameter followed by literal text in one segment', async () => {
    const r = await call('/files/report.v2.json');
    expect(echoOf(r)).toMatchObject({ operationId: 'getFile', params: { path: { name: 'report.v2' } } });
  });

  it('a literal path beats a template', async () => {
    expect(echoOf(await call('/items/latest')).operationId).toBe('getLatestItem');
  });
});

describe('400: the interface error body names what broke', () => {
  interface BadRequest {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string;
  }
  const widget = (body: string): BadRequest => ({ method: 'POST', path: '/widgets', headers: { ...KEY, ...JSON_TYPE }, body });
  const cases: Array<[string, { given: BadRequest; want: { in: string; name?: string; pointer?: string; message: RegExp } }]> = [
    // path
    ['path integer below its minimum', { given: { path: '/items/0', headers: ITEM_HEADERS }, want: { in: 'path', name: 'id', message: /must be >= 1/ } }],
    ['path integer above its maximum', { given: { path: '/items/1001', headers: ITEM_HEADERS }, want: { in: 'path', name: 'id', message: /must be <= 1000/ } }],
    ['path text for an integer', { given: { path: '/items/abc', headers: ITEM_HEADERS }, want: { in: 'path', name: 'id', message: /must be integer/ } }],
    ['path fraction for an integer', { given: { path: '/items/1.5', headers: ITEM_HEADERS }, want: { in: 'path', name: 'id', message: /must be integer/ } }],
    ['path hex for an integer', { given: { path: '/items/0x1', headers: ITEM_HEADERS }, want: { in: 'path', name: 'id', message: /must be integer/ } }],
    [
      'path malformed percent-encoding',
      { given: { path: '/items/%E0%A4%A', headers: ITEM_HEADERS }, want: { in: 'path', name: 'id', message: /must be integer/ } },
    ],
    ['path pattern', { given: { path: '/files/UPPER.json' }, want: { in: 'path', name: 'name', message: /must match pattern/ } }],
    ['path label array item', { given: { path: '/styles/.1,x/;mtx=a/R=1' }, want: { in: 'path', name: 'lbl', pointer: '/1', message: /must be integer/ } }],
    ['path object property', { given: { path: '/styles/.1/;mtx=a/R=red' }, want: { in: 'path', name: 'obj', pointer: '/R', message: /must be integer/ } }],
    // header
    [
      'header pattern',
      {
        given: { path: '/items/5', headers: { ...ITEM_HEADERS, 'X-Request-Id': 'XYZ' } },
        want: { in: 'header', name: 'x-request-id', message: /must match pattern/ },
      },
    ],
    ['header missing', { given: { path: '/items/5' }, want: { in: 'header', name: 'x-trace', message: /is required/ } }],
    [
      'header wrong type',
      { given: { path: '/items/5', headers: { 'X-Trace': 'maybe' } }, want: { in: 'header', name: 'x-trace', message: /must be boolean/ } },
    ],
    [
      'header array item',
      {
        given: { path: '/styles/.1/;mtx=a/R=1', headers: { 'X-Point': '1, abc' } },
        want: { in: 'header', name: 'x-point', pointer: '/1', message: /must be number/ },
      },
    ],
    // cookie
    [
      'cookie too short',
      {
        given: { path: '/items/5', headers: { ...ITEM_HEADERS, cookie: 'session=ab' } },
        want: { in: 'cookie', name: 'session', message: /fewer than 3 characters/ },
      },
    ],
    [
      'cookie array item',
      {
        given: { path: '/items/5', headers: { ...ITEM_HEADERS, cookie: 'prefs=1,x' } },
        want: { in: 'cookie', name: 'prefs', pointer: '/1', message: /must be integer/ },
      },
    ],
    // query
    ['query missing', { given: { path: '/search' }, want: { in: 'query', name: 'q', message: /is required/ } }],
    ['query empty below minLength', { given: { path: '/search?q=' }, want: { in: 'query', name: 'q', message: /fewer than 1 characters/ } }],
    ['query above its maximum', { given: { path: '/search?q=a&limit=101' }, want: { in: 'query', name: 'limit', message: /must be <= 100/ } }],
    ['query below its minimum', { given: { path: '/search?q=a&limit=0' }, want: { in: 'query', name: 'limit', message: /must be >= 1/ } }],
    ['query text for an integer', { given: { path: '/search?q=a&limit=ten' }, want: { in: 'query', name: 'limit', message: /must be integer/ } }],
    ['query malformed percent-encoding', { given: { path: '/search?q=a&limit=%ZZ' }, want: { in: 'query', name: 'limit', message: /must be integer/ } }],
    ['query repeated scalar', { given: { path: '/search?q=a&limit=1&limit=2' }, want: { in: 'query', name: 'limit', message: /must be integer/ } }],
    ['query enum', { given: { path: '/search?q=a&sort=up' }, want: { in: 'query', name: 'sort', message: /allowed values: "asc", "desc"/ } }],
    [
      'query enum in a form array',
      { given: { path: '/items/5?fields=id,colour', headers: ITEM_HEADERS }, want: { in: 'query', name: 'fields', pointer: '/1', message: /allowed values/ } },
    ],
    ['query boolean', { given: { path: '/search?q=a&exact=yes' }, want: { in: 'query', name: 'exact', message: /must be boolean/ } }],
    ['query pipeDelimited item', { given: { path: '/search?q=a&ids=1|x' }, want: { in: 'query', name: 'ids', pointer: '/1', message: /must be integer/ } }],
    [
      'query deepObject enum',
      { given: { path: '/search?q=a&filter[color]=pink' }, want: { in: 'query', name: 'filter', pointer: '/color', message: /allowed values/ } },
    ],
    [
      'query deepObject range',
      { given: { path: '/search?q=a&filter[size]=-1' }, want: { in: 'query', name: 'filter', pointer: '/size', message: /must be >= 0/ } },
    ],
    [
      'query deepObject additional property',
      {
        given: { path: '/search?q=a&filter[shape]=round' },
        want: { in: 'query', name: 'filter', pointer: '/shape', message: /must NOT have additional properties/ },
      },
    ],
    [
      'query deepObject "__proto__"',
      {
        given: { path: '/search?q=a&filter[__proto__]=x' },
        want: { in: 'query', name: 'filter', pointer: '/__proto__', message: /must NOT have additional properties/ },
      },
    ],
    [
      'query JSON content out of range',
      {
        given: { path: `/search?q=a&coords=${encodeURIComponent('{"lat":100,"long":0}')}` },
        want: { in: 'query', name: 'coords', pointer: '/lat', message: /must be <= 90/ },
      },
    ],
    [
      'query JSON content missing property',
      {
        given: { path: `/search?q=a&coords=${encodeURIComponent('{"lat":1}')}` },
        want: { in: 'query', name: 'coords', pointer: '/long', message: /is required/ },
      },
    ],
    ['query JSON content not JSON', { given: { path: '/search?q=a&coords=%7Blat' }, want: { in: 'query', name: 'coords', message: /must be object/ } }],
    // body
    ['body missing', { given: { method: 'POST', path: '/widgets', headers: KEY }, want: { in: 'body', pointer: '/', message: /request body is required/ } }],
    ['body empty', { given: widget(''), want: { in: 'body', pointer: '/', message: /request body is required/ } }],
    ['body pattern', { given: widget('{"name":"ABC","size":1}'), want: { in: 'body', pointer: '/name', message: /must match pattern/ } }],
    ['body above its maximum', { given: widget('{"name":"a","size":11}'), want: { in: 'body', pointer: '/size', message: /must be <= 10/ } }],
    [
      'body enum',
      { given: widget('{"name":"a","size":1,"color":"blue"}'), want: { in: 'body', pointer: '/color', message: /allowed values: "red", "green"/ } },
    ],
    ['body missing property', { given: widget('{"name":"a"}'), want: { in: 'body', pointer: '/size', message: /is required/ } }],
    ['body wrong type', { given: widget('{"name":"a","size":"5"}'), want: { in: 'body', pointer: '/size', message: /must be integer/ } }],
    [
      'body additional property',
      { given: widget('{"name":"a","size":1,"extra":true}'), want: { in: 'body', pointer: '/extra', message: /must NOT have additional properties/ } },
    ],
    [
      'body "__proto__" property',
      {
        given: widget('{"name":"a","size":1,"__proto__":{"polluted":true}}'),
        want: { in: 'body', pointer: '/__proto__', message: /must NOT have additional properties/ },
      },
    ],
    ['body nested value type', { given: widget('{"name":"a","size":1,"meta":{"k":1}}'), want: { in: 'body', pointer: '/meta/k', message: /must be string/ } }],
    [
      'body array too long',
      { given: widget('{"name":"a","size":1,"tags":["a","b","c","d"]}'), want: { in: 'body', pointer: '/tags', message: /more than 3 items/ } },
    ],
    ['body not an object', { given: widget('[]'), want: { in: 'body', pointer: '/', message: /must be object/ } }],
    ['body invalid JSON', { given: widget('{"name":'), want: { in: 'body', pointer: '/', message: /not valid JSON/ } }],
    ['body with trailing garbage', { given: widget('{} x'), want: { in: 'body', pointer: '/', message: /not valid JSON/ } }],
  ];
  it.each(cases)('%s', async (_name, { given, want }) => {
    const init: RequestInit = { method: given.method ?? 'GET', headers: given.headers ?? {} };
    if (given.body !== undefined) init.body = given.body;
    const body = errorOf(await call(given.path, init), 400);
    expect(body.code).toBe('bad_request');
    const detail: Record<string, unknown> = { in: want.in, message: expect.stringMatching(want.message) };
    if (want.name !== undefined) detail['name'] = want.name;
    if (want.pointer !== undefined) detail['pointer'] = want.pointer;
    expect(body.details).toContainEqual(detail);
  });

  it('reports every violation of one request together', async () => {
    const body = errorOf(await call('/search?limit=0&sort=up&exact=1'), 400);
    expect(body.details?.map((d) => d.name).sort()).toEqual(['exact', 'limit', 'q', 'sort']);
  });

  it('a valid request passes', async () => {
    const r = await call('/widgets', {
      method: 'POST',
      headers: { ...KEY, 'content-type': 'application/json; charset=utf-8' },
      body: '{"name":"ok","size":3,"meta":{"k":"v"}}',
    });
    expect(r.status, r.text).toBe(201);
    expect(r.json).toEqual({ name: 'ok', size: 3, meta: { k: 'v' } });
  });
});

describe('routing errors', () => {
  it('404 on an unknown path, in the interface shape', async () => {
    const body = errorOf(await call('/nope'), 404);
    expect(body.code).toBe('not_found');
    expect(body.message).toContain('/nope');
  });

  it('404 with a trailing slash', async () => {
    errorOf(await call('/items/latest/'), 404);
  });

  it('405 with the sorted Allow list', async () => {
    const r = await call('/items/5', { method: 'PATCH', headers: ITEM_HEADERS });
    const body = errorOf(r, 405);
    expect(body.code).toBe('method_not_allowed');
    expect(r.headers.get('allow')).toBe('DELETE, GET, HEAD');
  });

  it('a declared DELETE next to GET works', async () => {
    const r = await call('/items/5', { method: 'DELETE' });
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
  });
});

describe('request bodies', () => {
  it('413 when Content-Length is over the limit, and the server keeps serving', async () => {
    const r = await rawRequest('POST', '/notes', { 'content-type': 'application/json', 'content-length': String(BODY_LIMIT + 1) }, [
      '{"a":"',
      'x'.repeat(BODY_LIMIT - 8),
      '"}',
    ]);
    expect(r.status).toBe(413);
    const body = JSON.parse(r.body.toString()) as ErrorBody;
    expect(body).toMatchObject({ status: 413, code: 'payload_too_large' });
    expect(body.message).toContain(String(BODY_LIMIT));
    await stillServing();
  });

  it('413 with fetch and a large body', async () => {
    const body = errorOf(await call('/notes', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify({ a: 'x'.repeat(BODY_LIMIT * 4) }) }), 413);
    expect(body.code).toBe('payload_too_large');
    await stillServing();
  });

  it('413 when a chunked body grows over the limit, and the server keeps serving', async () => {
    const chunk = 'x'.repeat(16 * 1024);
    const chunks = ['{"a":"', ...Array.from({ length: 8 }, () => chunk), '"}'];
    const r = await rawRequest('POST', '/notes', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, chunks);
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body.toString())).toMatchObject({ status: 413, code: 'payload_too_large' });
    await stillServing();
  });

  it('a chunked body under the limit is read whole', async () => {
    const r = await rawRequest('POST', '/notes', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, ['{"a":', '"b', 'c"}']);
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body.toString())).toMatchObject({ body: { a: 'bc' } });
  });

  it('413 on an operation that declares no body', async () => {
    const big = await rawRequest('GET', '/items/latest', { 'content-length': String(BODY_LIMIT * 2) }, ['x'.repeat(BODY_LIMIT * 2)]);
    expect(big.status).toBe(413);
    await stillServing();
  });

  it('415 on a content type the operation does not accept', async () => {
    const body = errorOf(await call('/widgets', { method: 'POST', headers: { ...KEY, 'content-type': 'text/plain' }, body: 'name=a' }), 415);
    expect(body.code).toBe('unsupported_media_type');
    expect(body.message).toContain('application/json');
  });

  it('415 when a body comes without a content type', async () => {
    const r = await rawRequest('POST', '/widgets', { ...KEY, 'content-length': '2' }, ['{}']);
    expect(r.status).toBe(415);
    await stillServing();
  });

  it('an optional body may be left out', async () => {
    const r = await call('/notes', { method: 'POST' });
    expect(echoOf(r)).toEqual({ operationId: 'createNote', params: { path: {}, query: {}, header: {}, cookie: {} } });
  });
});

describe('security', () => {
  it('401 without a credential, in the interface shape', async () => {
    const body = errorOf(await call('/widgets', { method: 'POST', headers: JSON_TYPE, body: '{"name":"a","size":1}' }), 401);
    expect(body.code).toBe('unauthorized');
    expect(body.message).toMatch(/credential is required/);
  });

  it('401 when the verifier rejects the key, which it was given', async () => {
    verified.length = 0;
    const body = errorOf(await call('/widgets', { method: 'POST', headers: { 'X-API-Key': 'revoked', ...JSON_TYPE }, body: '{"name":"a","size":1}' }), 401);
    expect(body.message).toMatch(/rejected/);
    expect(verified).toEqual([{ scheme: 'apiKey', credential: 'revoked' }]);
  });

  it('401 on a bearer operation carries a Bearer challenge', async () => {
    const r = await call('/me');
    errorOf(r, 401);
    expect(r.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
  });

  it('401 for the wrong authorization scheme', async () => {
    errorOf(await call('/me', { headers: { authorization: 'Basic dXNlcjpwYXNz' } }), 401);
  });

  it('401 when the bearer verifier rejects', async () => {
    const body = errorOf(await call('/me', { headers: { authorization: 'Bearer rejected' } }), 401);
    expect(body.message).toMatch(/rejected/);
  });

  it('JWT claims reach ctx.auth.claims', async () => {
    const token = jwt({ sub: 'user-1', scope: 'read write', exp: 4_102_444_800 });
    const r = await call('/me', { headers: { authorization: `Bearer ${token}` } });
    expect(echoOf(r).auth).toEqual({ schemes: ['bearer'], claims: { sub: 'user-1', scope: 'read write', exp: 4_102_444_800 } });
  });

  it('claims a verifier returns replace the decoded ones', async () => {
    const r = await call('/me', { headers: { authorization: 'bearer opaque-token' } });
    expect(echoOf(r).auth).toEqual({ schemes: ['bearer'], claims: { sub: 'verified-by-introspection' } });
  });

  it('either of two alternatives', async () => {
    expect(echoOf(await call('/either', { headers: KEY })).auth).toEqual({ schemes: ['apiKey'] });
    const token = jwt({ sub: 'u2' });
    expect(echoOf(await call('/either', { headers: { authorization: `Bearer ${token}` } })).auth).toEqual({ schemes: ['bearer'], claims: { sub: 'u2' } });
    const none = await call('/either');
    errorOf(none, 401);
    expect(none.headers.get('www-authenticate')).toMatch(/Bearer/);
  });
});

describe('failing handlers and response validation', () => {
  it('a throwing handler gives 500 without internals, and the server survives', async () => {
    errors.length = 0;
    const r = await call('/boom');
    const body = errorOf(r, 500);
    expect(body.code).toBe('internal_error');
    expect(r.text).not.toContain('hunter2');
    expect(r.text).not.toMatch(/\bat .*:\d+:\d+/);
    expect(r.text).not.toContain('lookup failed');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.operationId).toBe('boom');
    expect(String(errors[0]?.error)).toContain('hunter2');
    await stillServing();
  });

  it('a conforming response passes', async () => {
    const r = await call('/checked?mode=good');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ ok: true, count: 1 });
  });

  it('a non-conforming response becomes a 500 naming the problem', async () => {
    errors.length = 0;
    const body = errorOf(await call('/checked?mode=bad'), 500);
    expect(body.message).toMatch(/does not match/);
    expect(body.details).toContainEqual({ in: 'response', pointer: '/ok', message: 'must be boolean' });
    expect(body.details).toContainEqual({ in: 'response', pointer: '/count', message: 'must be >= 0' });
    expect(errors).toHaveLength(1);
  });

  it('an undeclared status becomes a 500', async () => {
    const body = errorOf(await call('/checked?mode=undeclared'), 500);
    expect(body.message).toContain('418');
  });

  it('an undeclared content type becomes a 500', async () => {
    const body = errorOf(await call('/checked?mode=wrongType'), 500);
    expect(body.message).toContain('text/plain');
  });

  it('without validateResponses the handler answer goes out as it is', async () => {
    const r = await call('/checked?mode=bad', {}, unchecked);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ ok: 'yes', count: -1 });
  });
});

describe('HEAD', () => {
  it('is answered by the GET operation with headers and no body', async () => {
    const get = await call('/items/7', { headers: ITEM_HEADERS });
    expect(get.status).toBe(200);
    const text = await rawSocket(`HEAD /items/7 HTTP/1.1\r\nHost: x\r\nX-Trace: true\r\nConnection: close\r\n\r\n`);
    expect(statusOfRaw(text)).toBe(200);
    const [head, rest] = text.split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`\\r\\ncontent-length: ${Buffer.byteLength(get.text)}\\r\\n`, 'i'));
    expect(rest).toBe('');
  });

  it('an error answer to HEAD has no body either', async () => {
    const text = await rawSocket('HEAD /nope HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(statusOfRaw(text)).toBe(404);
    expect(text.split('\r\n\r\n')[1]).toBe('');
  });

  it('a keep-alive connection stays in step after HEAD', async () => {
    const text = await rawSocket('HEAD /items/latest HTTP/1.1\r\nHost: x\r\n\r\nGET /items/latest HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    const statuses = [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1]);
    expect(statuses).toEqual(['200', '200']);
    expect(text).toContain('"operationId":"getLatestItem"');
  });
});

describe('hostile input', () => {
  it('malformed percent-encodings in path and query do not crash', async () => {
    for (const path of ['/items/%', '/items/%E0%A4%A', '/files/%C0%AF.json', '/search?q=%', '/search?q=%E0%A4%A&%zz=1', '/%%%', '/items/%00']) {
      const r = await rawRequest('GET', path, ITEM_HEADERS);
      expect(r.status, path).toBeGreaterThanOrEqual(200);
      expect(r.status, path).toBeLessThan(500);
    }
    const r = await rawRequest('GET', '/search?q=%E0%A4%A');
    expect((JSON.parse(r.body.toString()) as Echo).params.query).toEqual({ q: '%E0%A4%A' });
    await stillServing();
  });

  it('a very long path gets a 4xx', async () => {
    const long = await rawRequest('GET', `/items/${'9'.repeat(12_000)}`, ITEM_HEADERS);
    expect(long.status).toBe(400);
    const unknown = await rawRequest('GET', '/x'.repeat(6_000));
    expect(unknown.status).toBe(404);
    expect(unknown.body.length).toBeLessThan(1_000);
    const huge = await rawSocket(`GET /${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(statusOfRaw(huge)).toBeGreaterThanOrEqual(400);
    expect(statusOfRaw(huge)).toBeLessThan(500);
    await stillServing();
  });

  it('many query parameters', async () => {
    const r = await call(`/search?q=a&${'x=1&'.repeat(3_000)}limit=2`);
    expect(echoOf(r).params.query).toEqual({ q: 'a', limit: 2 });
  });

  it('deeply nested JSON gets a 4xx or a correct answer', async () => {
    for (const depth of [50, 20_000]) {
      const text = `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`;
      const r = await call('/notes', { method: 'POST', headers: JSON_TYPE, body: text });
      if (r.status === 200) expect(JSON.stringify((r.json as Echo).body)).toBe(text);
      else errorOf(r, 400);
    }
    await stillServing();
  });

  it('"__proto__" and "constructor" keys in a body stay data', async () => {
    const text = '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"nested":{"__proto__":{"polluted":1}}}';
    const r = await call('/notes', { method: 'POST', headers: JSON_TYPE, body: text });
    const got = echoOf(r).body as Record<string, unknown>;
    expect(Object.hasOwn(got, '__proto__')).toBe(true);
    expect(JSON.stringify(got)).toBe(text);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('"__proto__" in query and cookie names stays data', async () => {
    const r = await call('/search?q=a&__proto__[polluted]=1&filter[__proto__][polluted]=1&constructor[prototype][polluted]=1', {
      headers: { cookie: '__proto__=x; constructor=y' },
    });
    expect(r.status).toBe(400);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('a JWT whose claims carry "__proto__" does not pollute', async () => {
    const part = (s: string): string => Buffer.from(s).toString('base64url');
    const token = `${part('{"alg":"none"}')}.${part('{"sub":"p","__proto__":{"polluted":true}}')}.x`;
    const r = await call('/me', { headers: { authorization: `Bearer ${token}` } });
    expect(echoOf(r).auth?.claims).toMatchObject({ sub: 'p' });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('a garbled request line or header block does not take the server down', async () => {
    for (const bytes of [
      'GARBAGE\r\n\r\n',
      'GET /items/latest HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
      'GET /items/latest HTTP/1.1\r\n\0\0\0\r\n\r\n',
    ]) {
      const text = await rawSocket(bytes);
      expect(statusOfRaw(text) === 0 || statusOfRaw(text) >= 400).toBe(true);
    }
    await stillServing();
  });

  it('a client that disconnects mid-body does not take the server down', async () => {
    await new Promise<void>((resolve) => {
      const socket = connect(main.port, '127.0.0.1', () => {
        socket.write('POST /notes HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":');
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 50);
      });
    });
    await stillServing();
  });
});

describe('mock handlers', () => {
  it('answer from the x-specforge-mock template with the caller’s claims', async () => {
    const r = await call('/me', { headers: { authorization: `Bearer ${jwt({ sub: 'mock-user' })}` } }, mock);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ sub: 'mock-user', inherited: 'none' });
  });

  it('answer with a sample that satisfies the response schema', async () => {
    const r = await call('/checked?mode=good', {}, mock);
    expect(r.status).toBe(200);
    expect(validators.operationValidators['getChecked']?.responses['200']?.['application/json']?.(r.json)).toBe(true);
  });

  it('validate requests like any server', async () => {
    errorOf(await call('/checked?mode=other', {}, mock), 400);
  });
});
