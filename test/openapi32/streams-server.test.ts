/**
 * OpenAPI 3.2 streams on the server side, on the LLM-style fixture (test/fixtures/openapi32/llm-streams.yaml):
 * the framing writer; the api tables (which media types stream items, and how); the response
 * validator of a stream media type checks ONE item (an event's JSON data parsed); the runtime
 * frames each item a handler answers (SSE, JSON Lines, JSON text sequences), ends the stream with a
 * logged error at an invalid item, sends SSE heartbeats, honours backpressure and ends the
 * handler's iterator within one second of the client leaving, on node:http, Express, Fastify, Koa
 * and the fetch handler.
 */
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request as httpRequest, createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import express from 'express';
import Fastify from 'fastify';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModel } from '../../src/contract/model.js';
import { apiSpec } from '../../src/contract/tables/api.js';
import { compileValidators } from '../../src/contract/tables/validators.js';
import { specforgeExpress } from '../../src/runtime/entry/express.js';
import { specforgeFastify } from '../../src/runtime/entry/fastify.js';
import { specforgeKoa } from '../../src/runtime/entry/koa.js';
import { createFetchHandler } from '../../src/runtime/server/fetch.js';
import { toNodeListener } from '../../src/runtime/server/fetch-adapter.js';
import { createRequestListener, type HandlerResponse, type RequestListener, type ServerOptions } from '../../src/runtime/server/server.js';
import type { ApiSpec } from '../../src/runtime/shared/spec.js';
import { frameEnd, frameItem } from '../../src/runtime/shared/stream-write.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const FIXTURE = join(ROOT, 'test', 'fixtures', 'openapi32', 'llm-streams.yaml');

let api: ApiSpec;
let validators: ReturnType<typeof compileValidators>;

beforeAll(async () => {
  const model = await buildModel(FIXTURE);
  api = apiSpec(model);
  validators = compileValidators(model);
});

const DELTAS = [
  { event: 'delta', id: '1', data: { index: 0, text: 'Hel' } },
  { event: 'delta', id: '2', data: { index: 1, text: 'lo\nthere' } },
  { event: 'done', id: '3', data: { index: 2, text: '', finish_reason: 'stop' } },
];
const SSE_TEXT =
  'event: delta\nid: 1\ndata: {"index":0,"text":"Hel"}\n\n' +
  'event: delta\nid: 2\ndata: {"index":1,"text":"lo\\nthere"}\n\n' +
  'event: done\nid: 3\ndata: {"index":2,"text":"","finish_reason":"stop"}\n\n';
const LINES = [
  { at: '2026-01-01T00:00:00Z', level: 'info', message: 'start' },
  { at: '2026-01-01T00:00:01Z', level: 'warn', message: 'slow' },
];

describe('the framing writer', () => {
  it('frames server-sent events: fields, data split into data: lines, JSON data stringified', () => {
    expect(frameItem('sse', { event: 'delta', id: '7', retry: 1000, data: { a: 1 } }, { jsonData: true })).toEqual({
      ok: true,
      text: 'event: delta\nid: 7\nretry: 1000\ndata: {"a":1}\n\n',
    });
    expect(frameItem('sse', { data: 'one\ntwo\r\nthree\rfour' })).toEqual({ ok: true, text: 'data: one\ndata: two\ndata: three\ndata: four\n\n' });
    // Text data given as a string with jsonData is a JSON string.
    expect(frameItem('sse', { data: 'x' }, { jsonData: true })).toEqual({ ok: true, text: 'data: "x"\n\n' });
  });

  it('refuses an event or id with CR, LF or NUL, a bad retry, and values that are not JSON', () => {
    for (const item of [{ id: 'a\nb', data: 'x' }, { event: 'a\rb', data: 'x' }, { id: 'a\0', data: 'x' }, { retry: -1, data: 'x' }, 'text', null]) {
      const framed = frameItem('sse', item);
      expect(framed.ok, JSON.stringify(item)).toBe(false);
    }
    expect(frameItem('jsonl', 1n).ok).toBe(false);
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;
    expect(frameItem('json-seq', cycle).ok).toBe(false);
  });

  it('frames JSON Lines, JSON text sequences and multipart/mixed parts', () => {
    expect(frameItem('jsonl', { a: 'x\ny' })).toEqual({ ok: true, text: '{"a":"x\\ny"}\n' });
    expect(frameItem('json-seq', [1])).toEqual({ ok: true, text: '\x1e[1]\n' });
    expect(frameItem('multipart', { a: 1 }, { boundary: 'b' })).toEqual({ ok: true, text: '--b\r\nContent-Type: application/json\r\n\r\n{"a":1}\r\n' });
    expect(frameItem('multipart', 'hi', { boundary: 'b', contentType: 'text/plain' })).toEqual({
      ok: true,
      text: '--b\r\nContent-Type: text/plain\r\n\r\nhi\r\n',
    });
    expect(frameItem('multipart', 'x--b', { boundary: 'b', contentType: 'text/plain' }).ok).toBe(false);
    expect(frameEnd('multipart', { boundary: 'b' })).toBe('--b--\r\n');
    expect(frameEnd('sse')).toBe('');
  });
});

describe('tables and validators', () => {
  it('the api tables say which media types stream items, and how', () => {
    const responses = (id: string) => api.operations.find((op) => op.id === id)?.responses['200'];
    expect(responses('createCompletion')?.items).toEqual({ 'text/event-stream': { framing: 'sse', jsonData: true } });
    expect(responses('followJobLog')?.items).toEqual({ 'application/jsonl': { framing: 'jsonl' } });
    expect(responses('watchJobProgress')?.items).toEqual({ 'application/json-seq': { framing: 'json-seq' } });
    expect(api.operations.find((op) => op.id === 'createCompletion')?.responses['400']?.items).toBeUndefined();
  });

  it("a stream media type's response validator checks one item, an event's JSON data parsed", () => {
    const sse = validators.operationValidators['createCompletion']?.responses['200']?.['text/event-stream'];
    expect(sse).toBeDefined();
    for (const item of DELTAS) expect(sse?.(item), JSON.stringify(item)).toBe(true);
    expect(sse?.({ event: 'delta', data: '{"index":0,"text":"x"}' })).toBe(false);
    expect(sse?.({ event: 'delta', data: { index: -1, text: 'x' } })).toBe(false);
    expect(sse?.({ event: 'other', data: { index: 0, text: 'x' } })).toBe(false);
    const log = validators.operationValidators['followJobLog']?.responses['200']?.['application/jsonl'];
    expect(log?.(LINES[0])).toBe(true);
    expect(log?.({ level: 'info' })).toBe(false);
  });
});

/** Handlers of the fixture, with hooks the tests set. */
interface Probe {
  produced: number;
  ended: number | undefined;
  errors: string[];
}

function probe(): Probe {
  return { produced: 0, ended: undefined, errors: [] };
}

function handlersFor(
  p: Probe,
  mode: { delayMs?: number; firstDelayMs?: number; invalidAt?: number; size?: number; endless?: boolean },
): Record<string, () => HandlerResponse> {
  async function* deltas() {
    try {
      if (mode.firstDelayMs) await new Promise((r) => setTimeout(r, mode.firstDelayMs));
      for (let i = 0; mode.endless || i < DELTAS.length; i++) {
        if (i > 0 && mode.delayMs) await new Promise((r) => setTimeout(r, mode.delayMs));
        p.produced++;
        if (i === mode.invalidAt) yield { event: 'delta', id: String(i + 1), data: { index: -5, text: 'bad' } };
        else yield DELTAS[i % DELTAS.length];
      }
    } finally {
      p.ended = Date.now();
    }
  }
  async function* lines() {
    try {
      for (let i = 0; mode.endless || i < LINES.length; i++) {
        if (i > 0 && mode.delayMs) await new Promise((r) => setTimeout(r, mode.delayMs));
        p.produced++;
        yield mode.size ? { ...LINES[0], message: 'x'.repeat(mode.size) } : LINES[i % LINES.length];
      }
    } finally {
      p.ended = Date.now();
    }
  }
  return {
    createCompletion: () => ({ status: 200, body: deltas() }),
    followJobLog: () => ({ status: 200, body: lines() }),
    watchJobProgress: () => ({
      status: 200,
      body: (async function* () {
        yield { percent: 10, stage: 'build' };
        yield { percent: 100 };
      })(),
    }),
  };
}

/** Options both transports take (a ServerOptions of either). */
type Options = Pick<ServerOptions, 'onError' | 'heartbeatMs'>;

function options(p: Probe, extra: Options = {}): Options {
  return { onError: (err) => p.errors.push(err instanceof Error ? err.message : String(err)), ...extra };
}

const servers: Server[] = [];
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
  for (const close of closers) await close();
});

async function listen(listener: RequestListener | Parameters<typeof createServer>[0]): Promise<string> {
  const server = createServer(listener as Parameters<typeof createServer>[0]);
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const COMPLETION = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ prompt: 'Say hello' }) };

describe('the node:http server', () => {
  it('frames each item for its media type', async () => {
    const p = probe();
    const url = await listen(createRequestListener(api, validators, handlersFor(p, {}), options(p)));
    const sse = await fetch(`${url}/v1/completions`, COMPLETION);
    expect(sse.status).toBe(200);
    expect(sse.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(sse.headers.get('cache-control')).toBe('no-cache');
    expect(await sse.text()).toBe(SSE_TEXT);
    const log = await fetch(`${url}/v1/jobs/job_abcd/log`);
    expect(log.headers.get('content-type')).toBe('application/jsonl');
    expect(await log.text()).toBe(LINES.map((l) => JSON.stringify(l) + '\n').join(''));
    const progress = await fetch(`${url}/v1/jobs/job_abcd/progress`);
    expect(await progress.text()).toBe('\x1e{"percent":10,"stage":"build"}\n\x1e{"percent":100}\n');
    expect(p.errors).toEqual([]);
  });

  it('takes an array of items, one item alone, and text as already framed', async () => {
    const bodies: unknown[] = [[{ percent: 1 }, { percent: 2 }], { percent: 3 }, '\x1e{"percent":4}\n'];
    const url = await listen(createRequestListener(api, validators, { watchJobProgress: () => ({ status: 200, body: bodies.shift() }) }));
    expect(await (await fetch(`${url}/v1/jobs/job_abcd/progress`)).text()).toBe('\x1e{"percent":1}\n\x1e{"percent":2}\n');
    expect(await (await fetch(`${url}/v1/jobs/job_abcd/progress`)).text()).toBe('\x1e{"percent":3}\n');
    expect(await (await fetch(`${url}/v1/jobs/job_abcd/progress`)).text()).toBe('\x1e{"percent":4}\n');
  });

  it('ends the stream at an invalid item, logs its index and reason, and ends the iterator', async () => {
    const p = probe();
    const url = await listen(createRequestListener(api, validators, handlersFor(p, { invalidAt: 1 }), options(p)));
    const res = await fetch(`${url}/v1/completions`, COMPLETION);
    expect(await res.text()).toBe('event: delta\nid: 1\ndata: {"index":0,"text":"Hel"}\n\n');
    expect(p.errors).toHaveLength(1);
    expect(p.errors[0]).toMatch(/item 1 .*createCompletion.*text\/event-stream/);
    expect(p.errors[0]).toMatch(/index/);
    expect(p.produced).toBe(2);
    expect(p.ended).toBeDefined();
  });

  it('ends the stream when the handler iterator throws mid-stream, reports the cause, and keeps serving', async () => {
    const p = probe();
    const url = await listen(
      createRequestListener(
        api,
        validators,
        {
          followJobLog: () => ({
            status: 200,
            body: (async function* () {
              yield LINES[0];
              throw new Error('disk gone');
            })(),
          }),
        },
        options(p),
      ),
    );
    expect(await (await fetch(`${url}/v1/jobs/job_abcd/log`)).text()).toBe(JSON.stringify(LINES[0]) + '\n');
    expect(p.errors).toEqual(['disk gone']);
    expect((await fetch(`${url}/v1/jobs/job_abcd/log`)).status).toBe(200);
  });

  it('sends an SSE heartbeat comment while the handler is quiet (heartbeatMs), none with 0', async () => {
    const p = probe();
    const url = await listen(createRequestListener(api, validators, handlersFor(p, { firstDelayMs: 250 }), options(p, { heartbeatMs: 60 })));
    const text = await (await fetch(`${url}/v1/completions`, COMPLETION)).text();
    expect(text.startsWith(':\n\n')).toBe(true);
    expect(text.replaceAll(':\n\n', '')).toBe(SSE_TEXT);
    const q = probe();
    const quiet = await listen(createRequestListener(api, validators, handlersFor(q, { firstDelayMs: 150 }), options(q, { heartbeatMs: 0 })));
    expect(await (await fetch(`${quiet}/v1/completions`, COMPLETION)).text()).toBe(SSE_TEXT);
  });

  it('honours backpressure: a client that does not read stops the handler', async () => {
    const p = probe();
    const url = await listen(createRequestListener(api, validators, handlersFor(p, { endless: true, size: 1000 }), options(p)));
    const req = httpRequest(`${url}/v1/jobs/job_abcd/log`);
    req.end();
    const [res] = (await once(req, 'response')) as [IncomingMessage];
    res.pause();
    await new Promise((r) => setTimeout(r, 400));
    const paused = p.produced;
    await new Promise((r) => setTimeout(r, 200));
    // Stalled: nothing more produced while nobody reads (socket buffers hold a few MB at most).
    expect(p.produced).toBe(paused);
    expect(paused).toBeLessThan(20_000);
    req.destroy();
  });
});

/** Reads the first chunk of an endless stream over HTTP, leaves, and says when the handler's iterator ended. */
async function leaveMidStream(url: string, p: Probe): Promise<number> {
  const req = httpRequest(`${url}/v1/jobs/job_abcd/log`);
  req.end();
  const [res] = (await once(req, 'response')) as [IncomingMessage];
  expect(res.statusCode).toBe(200);
  await once(res, 'data');
  const left = Date.now();
  req.destroy();
  for (let i = 0; i < 40 && p.ended === undefined; i++) await new Promise((r) => setTimeout(r, 25));
  expect(p.ended).toBeDefined();
  return (p.ended ?? Infinity) - left;
}

describe('a client that leaves ends the handler iterator within one second', () => {
  const endless = { endless: true, delayMs: 20 };
  it('node:http', async () => {
    const p = probe();
    const url = await listen(createRequestListener(api, validators, handlersFor(p, endless), options(p)));
    expect(await leaveMidStream(url, p)).toBeLessThan(1000);
  });

  it('Express', async () => {
    const p = probe();
    const app = express();
    app.use(specforgeExpress(createRequestListener(api, validators, handlersFor(p, endless), options(p))));
    const server = app.listen(0, '127.0.0.1');
    servers.push(server);
    await once(server, 'listening');
    expect(await leaveMidStream(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, p)).toBeLessThan(1000);
  });

  it('Fastify', async () => {
    const p = probe();
    const app = Fastify();
    await app.register(specforgeFastify(createRequestListener(api, validators, handlersFor(p, endless), options(p))));
    closers.push(() => app.close());
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    expect(await leaveMidStream(url, p)).toBeLessThan(1000);
  });

  it('Koa', async () => {
    const p = probe();
    const app = new Koa();
    app.use(specforgeKoa(createRequestListener(api, validators, handlersFor(p, endless), options(p))));
    const server = app.listen(0, '127.0.0.1');
    servers.push(server);
    await once(server, 'listening');
    expect(await leaveMidStream(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, p)).toBeLessThan(1000);
  });

  it('the fetch handler (Hono): a reader that cancels, pull-based', async () => {
    const p = probe();
    const handler = createFetchHandler(api, validators, handlersFor(p, endless), options(p));
    const res = await handler(new Request('http://127.0.0.1/v1/jobs/job_abcd/log'));
    expect(res.headers.get('content-type')).toBe('application/jsonl');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe(JSON.stringify(LINES[0]) + '\n');
    await new Promise((r) => setTimeout(r, 150));
    // Pull-based: nothing is produced ahead of the reader.
    expect(p.produced).toBeLessThanOrEqual(2);
    const left = Date.now();
    await reader.cancel();
    for (let i = 0; i < 40 && p.ended === undefined; i++) await new Promise((r) => setTimeout(r, 25));
    expect((p.ended ?? Infinity) - left).toBeLessThan(1000);
  });

  it('the fetch handler on node:http (toNodeListener, as Hono on Node)', async () => {
    const p = probe();
    const url = await listen(toNodeListener(createFetchHandler(api, validators, handlersFor(p, endless), options(p))));
    expect(await leaveMidStream(url, p)).toBeLessThan(1000);
  });

  it('the fetch handler frames SSE and ends at an invalid item', async () => {
    const p = probe();
    const handler = createFetchHandler(api, validators, handlersFor(p, { invalidAt: 2 }), options(p));
    const res = await handler(new Request('http://127.0.0.1/v1/completions', COMPLETION));
    expect(await res.text()).toBe(SSE_TEXT.split('\n\n').slice(0, 2).join('\n\n') + '\n\n');
    expect(p.errors[0]).toMatch(/item 2 /);
    expect(p.ended).toBeDefined();
  });
});

describe('x-specforge-stream: ndjson (before OpenAPI 3.2)', () => {
  it("still sends the handler's chunks as they are, and a single message with its newline", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sf-ndjson-'));
    writeFileSync(
      join(dir, 'openapi.yaml'),
      `openapi: 3.1.0
info: { title: log, version: 1.0.0 }
paths:
  /log:
    get:
      operationId: log
      parameters: [{ name: one, in: query, schema: { type: boolean } }]
      responses:
        '200':
          description: lines
          content:
            application/x-ndjson:
              schema: { type: object, properties: { n: { type: integer } } }
              x-specforge-stream: ndjson
`,
    );
    const model = await buildModel(join(dir, 'openapi.yaml'));
    const old = apiSpec(model);
    expect(old.operations[0]?.responses['200']).toEqual({ types: ['application/x-ndjson'], ndjson: ['application/x-ndjson'] });
    const url = await listen(
      createRequestListener(old, compileValidators(model), {
        log: ({ params }) =>
          params.query['one'] === true
            ? { status: 200, body: { n: 1 } }
            : {
                status: 200,
                body: (async function* () {
                  yield '{"n":1}\n';
                  yield '{"n":2}\n';
                })(),
              },
      }),
    );
    expect(await (await fetch(`${url}/log`)).text()).toBe('{"n":1}\n{"n":2}\n');
    expect(await (await fetch(`${url}/log?one=true`)).text()).toBe('{"n":1}\n');
  });
});

describe('multipart/mixed (best effort)', () => {
  it("frames each item as a part of itemEncoding's content type, with the boundary in the answer's Content-Type", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sf-mixed-'));
    writeFileSync(
      join(dir, 'openapi.yaml'),
      `openapi: 3.2.0
info: { title: parts, version: 1.0.0 }
paths:
  /parts:
    get:
      operationId: parts
      responses:
        '200':
          description: parts
          content:
            multipart/mixed:
              itemSchema: { type: object, required: [n], properties: { n: { type: integer } } }
              itemEncoding: { contentType: application/json }
`,
    );
    const model = await buildModel(join(dir, 'openapi.yaml'));
    const spec = apiSpec(model);
    expect(spec.operations[0]?.responses['200']?.items).toEqual({ 'multipart/mixed': { framing: 'multipart', contentType: 'application/json' } });
    const p = probe();
    const url = await listen(
      createRequestListener(spec, compileValidators(model), { parts: () => ({ status: 200, body: [{ n: 1 }, { n: 2 }, { n: 'x' }] }) }, options(p)),
    );
    const res = await fetch(`${url}/parts`);
    expect(res.headers.get('content-type')).toBe('multipart/mixed; boundary=specforge-stream-boundary');
    const part = (n: number): string => `--specforge-stream-boundary\r\nContent-Type: application/json\r\n\r\n{"n":${n}}\r\n`;
    // Ended early: a last delimiter (the 2nd part is whole) and no close delimiter (a reader sees it truncated).
    expect(await res.text()).toBe(part(1) + part(2) + '--specforge-stream-boundary\r\n');
    expect(p.errors).toHaveLength(1);
    expect(p.errors[0]).toMatch(/^stream item 2 of parts \(multipart\/mixed\) was not sent, the stream ended: \/n must be integer/);
  });
});
