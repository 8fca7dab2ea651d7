/**
 * OpenAPI 3.2 multipart/mixed streams, part by part (test/fixtures/openapi32/multipart-parts.yaml):
 *
 * - A server (node:http and fetch) or the mock (an example whose 3rd item is invalid) that ends a
 *   stream early (an item breaks its schema, the handler's iterator throws) sends every valid part
 *   before it whole, then an opening delimiter and no close delimiter: the reader hands out those parts and then says `truncated` at the index
 *   of the item that was not sent.
 * - Binary parts (an encoding's contentType such as image/png, or a raw binary item schema) travel
 *   as bytes: Uint8Array (or Buffer) from the handler, Uint8Array to the reader, never JSON.
 * - prefixEncoding: part i is written and read by prefixEncoding[i], the rest by itemEncoding.
 * - Content-Transfer-Encoding: 7bit, 8bit and binary read as they are, base64 decoded (a schema's
 *   contentEncoding: base64 writes it), any other an error naming the part; an encoding's required
 *   header missing from a part is an error naming it.
 * - A nested multipart/mixed part (one level, as the specification asks) is read as the array of its
 *   parts and written from one; deeper ones are kept as bytes; a nested part without a boundary is a
 *   framing error, never a hang.
 * - The generated types and SDK type a binary part as Uint8Array (tsc --strict, TypeScript 5.9 and 7),
 *   and the generated SDK reads binary and nested parts by its tables.
 */
import { once } from 'node:events';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockFromSpec, runMock } from '../../src/cli/commands/mock.js';
import { runTest } from '../../src/cli/commands/test.js';
import type { ConformanceReport } from '../../src/conformance/types.js';
import { buildModel } from '../../src/contract/model.js';
import { apiSpec } from '../../src/contract/tables/api.js';
import { compileValidators } from '../../src/contract/tables/validators.js';
import { generateSpec } from '../../src/pipeline/generate.js';
import { createFetchHandler, type FetchHandler } from '../../src/runtime/server/fetch.js';
import { createRequestListener } from '../../src/runtime/server/server.js';
import type { StreamItemsSpec } from '../../src/runtime/shared/spec.js';
import { MultipartPart } from '../../src/runtime/shared/stream-parts.js';
import { readStreamItems, StreamReadError, type StreamReadOptions } from '../../src/runtime/shared/stream-read.js';
import { frameItem } from '../../src/runtime/shared/stream-write.js';
import { typecheckApp } from '../support/typecheck-app.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const FIXTURE = join(ROOT, 'test', 'fixtures', 'openapi32', 'multipart-parts.yaml');
const TMP = resolve(ROOT, 'test', '.tmp', `openapi32-streams-multipart-parts-${process.pid}`);
const encoder = new TextEncoder();

/** What each handler answers, set by the tests. */
const answers: Record<string, () => unknown> = {};
let fetchHandler: FetchHandler;
let api: ReturnType<typeof apiSpec>;
let server: Server | undefined;
let base = '';
const errors: string[] = [];

function handlers(): Record<string, () => { status: number; body: unknown }> {
  const out: Record<string, () => { status: number; body: unknown }> = {};
  for (const id of ['listCounts', 'listFrames', 'getBundle', 'listEncoded', 'getNested'])
    out[id] = () => ({ status: 200, body: (answers[id] ?? (() => []))() });
  return out;
}

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  const model = await buildModel(FIXTURE);
  api = apiSpec(model);
  const validators = compileValidators(model);
  const onError = (error: unknown): void => void errors.push(error instanceof Error ? error.message : String(error));
  fetchHandler = createFetchHandler(api, validators, handlers(), { onError });
  server = createServer(createRequestListener(api, validators, handlers(), { onError }));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}, 60_000);

afterAll(async () => {
  if (server !== undefined) {
    server.closeAllConnections();
    await new Promise<void>((done) => server?.close(() => done()));
  }
  rmSync(TMP, { recursive: true, force: true });
});

/** The framing table of an operation's 200 multipart/mixed answer, as the server and the clients read it. */
function table(operationId: string): StreamItemsSpec {
  const items = api.operations.find((o) => o.id === operationId)?.responses['200']?.items?.['multipart/mixed'];
  if (items === undefined) throw new Error(`no stream table for ${operationId}`);
  return items;
}

function readOptionsOf(operationId: string, response: Response, extra: StreamReadOptions = {}): StreamReadOptions {
  const t = table(operationId);
  const options: StreamReadOptions = { contentType: response.headers.get('content-type'), ...extra };
  if (t.contentType !== undefined) options.partType = t.contentType;
  options.encoding = t;
  return options;
}

async function readAll(operationId: string, response: Response, extra: StreamReadOptions = {}): Promise<{ items: unknown[]; error?: StreamReadError }> {
  const items: unknown[] = [];
  if (response.body === null) throw new Error('no body');
  try {
    for await (const item of readStreamItems(response.body, 'multipart', readOptionsOf(operationId, response, extra))) items.push(item);
  } catch (error) {
    if (error instanceof StreamReadError) return { items, error };
    throw error;
  }
  return { items };
}

function raw(text: string | Uint8Array<ArrayBuffer>, boundary = 'b'): Response {
  return new Response(typeof text === 'string' ? encoder.encode(text) : text, { headers: { 'content-type': `multipart/mixed; boundary=${boundary}` } });
}

function concat(...parts: (string | Uint8Array)[]): Uint8Array<ArrayBuffer> {
  const bytes = parts.map((p) => (typeof p === 'string' ? encoder.encode(p) : p));
  const out = new Uint8Array(bytes.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of bytes) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}

describe('a stream that ends early keeps every valid part whole, and says it did not complete', () => {
  it('an invalid 3rd item (node:http and fetch): parts 0 and 1 read whole, then truncated at 2', async () => {
    answers['listCounts'] = () => [{ n: 1 }, { n: 2 }, { n: 'x' }, { n: 4 }];
    for (const response of [await fetch(`${base}/counts`), await fetchHandler(new Request('http://x.test/v1/counts'))]) {
      const { items, error } = await readAll('listCounts', response);
      expect(items).toEqual([{ n: 1 }, { n: 2 }]);
      expect(error).toMatchObject({ code: 'truncated', index: 2 });
    }
    expect(errors.some((e) => /stream item 2 of listCounts/.test(e))).toBe(true);
  });

  it("a handler's iterator that throws after two items: the same", async () => {
    answers['listCounts'] = () =>
      (async function* () {
        yield { n: 1 };
        yield { n: 2 };
        throw new Error('the source broke');
      })();
    for (const response of [await fetch(`${base}/counts`), await fetchHandler(new Request('http://x.test/v1/counts'))]) {
      const { items, error } = await readAll('listCounts', response);
      expect(items).toEqual([{ n: 1 }, { n: 2 }]);
      expect(error).toMatchObject({ code: 'truncated', index: 2 });
    }
  });

  it('the mock too: an example whose 3rd item breaks the schema sends the first two whole, then truncated at 2', async () => {
    const mock = await createMockFromSpec(FIXTURE);
    const response = await mock.fetch(new Request('http://mock.test/counts', { headers: { prefer: 'example=broken' } }));
    const { items, error } = await readAll('listCounts', response);
    expect(items).toEqual([{ n: 1 }, { n: 2 }]);
    expect(error).toMatchObject({ code: 'truncated', index: 2 });
  });

  it('a stream that completes still ends with its close delimiter (no error)', async () => {
    answers['listCounts'] = () => [{ n: 1 }, { n: 2 }];
    const response = await fetchHandler(new Request('http://x.test/v1/counts'));
    const text = await response.clone().text();
    expect(text.endsWith('--\r\n')).toBe(true);
    expect(await readAll('listCounts', response)).toEqual({ items: [{ n: 1 }, { n: 2 }] });
  });
});

describe('binary parts travel as bytes', () => {
  /** Each with the X-Frame header the encoding requires. */
  const frames = (bodies: unknown[]): MultipartPart[] => bodies.map((body, i) => new MultipartPart(body, { headers: { 'X-Frame': String(i) } }));
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x2d, 0x2d, 0x0d, 0x0a, 0x7b, 0x22]);

  it('Uint8Array and Buffer from the handler are read back as the same bytes (image/png parts, not JSON)', async () => {
    answers['listFrames'] = () => frames([png, Buffer.from([1, 2, 3]), new Uint8Array(0)]);
    const response = await fetchHandler(new Request('http://x.test/v1/frames'));
    const bytes = new Uint8Array(await response.clone().arrayBuffer());
    const text = new TextDecoder('latin1').decode(bytes);
    expect(text).toMatch(/Content-Type: image\/png\r\nX-Frame: 0\r\n\r\n\x89PNG/);
    expect(text).not.toMatch(/"\\u0089|\{"0":/);
    const { items, error } = await readAll('listFrames', response);
    expect(error).toBeUndefined();
    expect(items).toEqual([png, new Uint8Array([1, 2, 3]), new Uint8Array(0)]);
    for (const item of items) expect(item).toBeInstanceOf(Uint8Array);
  });

  it('a text or object item where bytes are declared is refused (the stream ends there, truncated)', async () => {
    answers['listFrames'] = () => frames([png, 'not bytes']);
    const { items, error } = await readAll('listFrames', await fetchHandler(new Request('http://x.test/v1/frames')));
    expect(items).toEqual([png]);
    expect(error).toMatchObject({ code: 'truncated', index: 1 });
    expect(errors.some((e) => /stream item 1 of listFrames.*bytes/.test(e))).toBe(true);
  });

  it('a binary part larger than maxItemBytes is an item-too-large error before it is whole', async () => {
    answers['listFrames'] = () => frames([new Uint8Array(4096).fill(7)]);
    const { items, error } = await readAll('listFrames', await fetchHandler(new Request('http://x.test/v1/frames')), { maxItemBytes: 1024 });
    expect(items).toEqual([]);
    expect(error).toMatchObject({ code: 'item-too-large', index: 0 });
  });

  it('the mock answers sampled binary parts as bytes', async () => {
    const mock = await createMockFromSpec(FIXTURE);
    const response = await mock.fetch(new Request('http://mock.test/frames', { headers: { prefer: 'items=2' } }));
    const { items, error } = await readAll('listFrames', response);
    expect(error).toBeUndefined();
    expect(items).toHaveLength(2);
    for (const item of items) expect(item).toBeInstanceOf(Uint8Array);
  });
});

describe('prefixEncoding: part i by prefixEncoding[i], the rest by itemEncoding', () => {
  it('writes each part with its positional Content-Type and reads it back by position', async () => {
    const image = new Uint8Array([0, 1, 2, 255]);
    answers['getBundle'] = () => [{ name: 'manifest' }, image, 'a note', 'another'];
    const response = await fetchHandler(new Request('http://x.test/v1/bundle'));
    const text = await response.clone().text();
    const types = [...text.matchAll(/Content-Type: ([^\r\n]+)/g)].map((m) => m[1]);
    expect(types).toEqual(['application/json', 'application/octet-stream', 'text/plain', 'text/plain']);
    expect(await readAll('getBundle', response)).toEqual({ items: [{ name: 'manifest' }, image, 'a note', 'another'] });
  });

  it('reads parts without a Content-Type by their position', async () => {
    const body = concat('--b\r\n\r\n{"a":1}\r\n--b\r\n\r\n', new Uint8Array([0xff, 0xfe]), '\r\n--b\r\n\r\n{"not":"json"}\r\n--b--\r\n');
    expect(await readAll('getBundle', raw(body))).toEqual({ items: [{ a: 1 }, new Uint8Array([0xff, 0xfe]), '{"not":"json"}'] });
  });

  it('the mock follows the positions too', async () => {
    const mock = await createMockFromSpec(FIXTURE);
    const response = await mock.fetch(new Request('http://mock.test/bundle', { headers: { prefer: 'items=3' } }));
    const { items, error } = await readAll('getBundle', response);
    expect(error).toBeUndefined();
    expect(items).toHaveLength(3);
    expect(items[1]).toBeInstanceOf(Uint8Array);
    expect(typeof items[2]).toBe('string');
  });
});

describe('Content-Transfer-Encoding and the encoding headers', () => {
  it('reads 7bit, 8bit and binary as they are and decodes base64; another is an error naming the part', async () => {
    const part = (cte: string, body: string): string => `--b\r\nContent-Type: application/octet-stream\r\nContent-Transfer-Encoding: ${cte}\r\n\r\n${body}\r\n`;
    const ok = part('7bit', 'abc') + part('8BIT', 'd') + part('binary', 'e') + part('base64', 'AAEC/w==') + '--b--\r\n';
    expect(await readAll('listEncoded', raw(ok))).toEqual({
      items: [encoder.encode('abc'), encoder.encode('d'), encoder.encode('e'), new Uint8Array([0, 1, 2, 255])],
    });
    const bad = part('base64', 'AA==') + part('quoted-printable', 'x=3D') + '--b--\r\n';
    const { items, error } = await readAll('listEncoded', raw(bad));
    expect(items).toEqual([new Uint8Array([0])]);
    expect(error).toMatchObject({ code: 'framing', index: 1 });
    expect(error?.message).toMatch(/stream item 1: .*Content-Transfer-Encoding "quoted-printable"/);
    const broken = await readAll('listEncoded', raw(part('base64', 'not base64!') + '--b--\r\n'));
    expect(broken.error).toMatchObject({ code: 'parse', index: 0 });
  });

  it('contentEncoding: base64 on the item schema writes Content-Transfer-Encoding: base64, read back as the bytes', async () => {
    const bytes = new Uint8Array([0, 13, 10, 45, 45, 98, 255]);
    answers['listEncoded'] = () => [bytes];
    const response = await fetchHandler(new Request('http://x.test/v1/encoded'));
    expect(await response.clone().text()).toMatch(/Content-Transfer-Encoding: base64\r\n\r\nAA0KLS1i\/w==\r\n/);
    expect(await readAll('listEncoded', response)).toEqual({ items: [bytes] });
  });

  it('a part without a header the encoding requires is an error naming it; the writer refuses to send one', async () => {
    const part = (headers: string): string => `--b\r\nContent-Type: image/png\r\n${headers}\r\n\x01\r\n`;
    const { items, error } = await readAll('listFrames', raw(part('X-Frame: 1\r\n') + part('') + '--b--\r\n'));
    expect(items).toEqual([new Uint8Array([1])]);
    expect(error).toMatchObject({ code: 'invalid', index: 1 });
    expect(error?.message).toMatch(/stream item 1: the part has no X-Frame header/i);
    // The server does not send a part without it: the stream ends there.
    answers['listFrames'] = () => [new MultipartPart(new Uint8Array([1]), { headers: { 'X-Frame': '0' } }), new Uint8Array([2])];
    const sent = await readAll('listFrames', await fetchHandler(new Request('http://x.test/v1/frames')));
    expect(sent.items).toEqual([new Uint8Array([1])]);
    expect(sent.error).toMatchObject({ code: 'truncated', index: 1 });
    expect(errors.some((e) => /stream item 1 of listFrames.*no X-Frame header/.test(e))).toBe(true);
  });

  it("a handler picks the Content-Type among the encoding's (a type outside them, or a header with a line break, ends the stream)", async () => {
    answers['getBundle'] = () => [
      new MultipartPart({ a: 1 }, { contentType: 'application/json' }),
      new MultipartPart(new Uint8Array([1]), { headers: { 'X-Note': 'ok' } }),
      new MultipartPart('x', { contentType: 'image/png' }),
    ];
    const response = await fetchHandler(new Request('http://x.test/v1/bundle'));
    expect(await response.clone().text()).toMatch(/Content-Type: application\/octet-stream\r\nX-Note: ok\r\n\r\n\x01\r\n/);
    const { items, error } = await readAll('getBundle', response);
    expect(items).toEqual([{ a: 1 }, new Uint8Array([1])]);
    expect(error).toMatchObject({ code: 'truncated', index: 2 });
    answers['getBundle'] = () => [new MultipartPart({ a: 1 }, { headers: { 'X-Bad': 'a\r\nInjected: 1' } })];
    const bad = await readAll('getBundle', await fetchHandler(new Request('http://x.test/v1/bundle')));
    expect(bad).toMatchObject({ items: [], error: { code: 'truncated', index: 0 } });
  });
});

describe('nested multipart/mixed (one level)', () => {
  it('reads a nested part as the array of its parts, by its own prefixEncoding', async () => {
    const inner = '--in\r\n\r\nhello\r\n--in\r\n\r\n\x01\x02\r\n--in--\r\n';
    const body = `--b\r\n\r\n{"a":1}\r\n--b\r\nContent-Type: multipart/mixed; boundary=in\r\n\r\n${inner}\r\n--b--\r\n`;
    expect(await readAll('getNested', raw(body))).toEqual({ items: [{ a: 1 }, ['hello', new Uint8Array([1, 2])]] });
  });

  it('writes a nested part from an array and reads it back', async () => {
    answers['getNested'] = () => [{ a: 1 }, ['text', new Uint8Array([9, 8])]];
    const response = await fetchHandler(new Request('http://x.test/v1/nested'));
    expect(await response.clone().text()).toMatch(/Content-Type: multipart\/mixed; boundary=/);
    expect(await readAll('getNested', response)).toEqual({ items: [{ a: 1 }, ['text', new Uint8Array([9, 8])]] });
  });

  it('a nested part with no boundary is a framing error naming it; a second level is kept as bytes', async () => {
    const none = await readAll('getNested', raw('--b\r\n\r\n{}\r\n--b\r\nContent-Type: multipart/mixed\r\n\r\nx\r\n--b--\r\n'));
    expect(none.items).toEqual([{}]);
    expect(none.error).toMatchObject({ code: 'framing', index: 1 });
    const deep = '--c\r\n\r\ndeep\r\n--c--';
    const inner = `--in\r\n\r\nhello\r\n--in\r\nContent-Type: multipart/mixed; boundary=c\r\n\r\n${deep}\r\n--in--`;
    const body = `--b\r\n\r\n{}\r\n--b\r\nContent-Type: multipart/mixed; boundary=in\r\n\r\n${inner}\r\n--b--\r\n`;
    expect(await readAll('getNested', raw(body))).toEqual({ items: [{}, ['hello', encoder.encode(deep)]] });
  });
});

describe('specforge test on these streams', () => {
  it("passes the contract's own mock: binary, positional and nested parts read and checked one by one", async () => {
    const { server: mock } = await runMock({ cwd: TMP, spec: FIXTURE, port: 0, write: () => undefined, cache: false });
    try {
      let out = '';
      const origin = `http://127.0.0.1:${(mock.address() as AddressInfo).port}`;
      const code = await runTest({
        cwd: TMP,
        spec: FIXTURE,
        baseUrl: origin,
        phases: 'examples',
        format: 'json',
        progress: false,
        cache: false,
        write: (t) => (out += t),
      });
      const report = JSON.parse(out) as ConformanceReport;
      expect(report.failures).toEqual([]);
      expect(report.skipped ?? []).toEqual([]);
      expect(report.operations.map((o) => o.checks.response_schema_conformance?.passed ?? 0).every((n) => n > 0)).toBe(true);
      expect(code).toBe(0);
    } finally {
      mock.closeAllConnections();
      await new Promise<void>((done) => mock.close(() => done()));
    }
  }, 30_000);
});

describe('the generated types and SDK', () => {
  it('type a binary part as Uint8Array (tsc --strict, TypeScript 5.9 and 7)', async () => {
    const out = join(TMP, 'generated');
    await generateSpec(
      { path: FIXTURE, api: 'parts', out, targets: ['types', 'validators', 'server', 'client', 'sdk'], strict: true },
      { cacheDir: join(TMP, 'cache'), force: true },
    );
    const app = join(TMP, 'app.ts');
    writeFileSync(
      app,
      `import { createSdkClient, listFrames } from "./generated/sdk.js";
import { createServer, type Handlers } from "./generated/server.js";
import { MultipartPart } from "@specforge/runtime/server";
export async function sizes(): Promise<number[]> {
  const out: number[] = [];
  const result = await listFrames(createSdkClient());
  if (result.ok) for await (const frame of result.data) { const bytes: Uint8Array = frame; out.push(bytes.byteLength); }
  return out;
}
const handlers: Handlers = {
  listCounts: () => ({ status: 200, body: [{ n: 1 }] }),
  listFrames: () => ({ status: 200, body: [new Uint8Array([1]), new MultipartPart(new Uint8Array([2]), { headers: { "X-Frame": "1" } })] }),
  getBundle: () => ({ status: 200, body: [] }),
  listEncoded: () => ({ status: 200, body: [new Uint8Array([3])] }),
  getNested: () => ({ status: 200, body: [] }),
};
export const listener = createServer(handlers);
type Body200 = Extract<Awaited<ReturnType<Handlers['listFrames']>>, { status: 200 }>['body'];
type Accepts<T> = T extends Body200 ? true : false;
export const bytes: Accepts<Uint8Array[]> = true;
export const text: Accepts<string[]> = false;
`,
    );
    for (const r of typecheckApp({ dir: TMP, files: [app], lib: ['ES2022', 'DOM', 'DOM.Iterable', 'DOM.AsyncIterable'] })) {
      expect(r.output).toBe('');
      expect(r.status).toBe(0);
    }
    // The generated SDK reads the parts as bytes, and a nested part as its array, by its tables.
    const sdk = (await import(join(out, 'sdk.ts'))) as Record<string, (client: unknown) => Promise<{ ok: boolean; data?: AsyncIterable<unknown> }>> & {
      createSdkClient(options: { baseUrl: string }): unknown;
    };
    const client = sdk.createSdkClient({ baseUrl: base });
    answers['listFrames'] = () => [new MultipartPart(new Uint8Array([5, 0, 255]), { headers: { 'X-Frame': '0' } })];
    answers['getNested'] = () => [{ a: 1 }, ['text', new Uint8Array([9])]];
    const collect = async (call: string): Promise<unknown[]> => {
      const items: unknown[] = [];
      for await (const item of (await sdk[call]?.(client))?.data ?? []) items.push(item);
      return items;
    };
    expect(await collect('listFrames')).toEqual([new Uint8Array([5, 0, 255])]);
    expect(await collect('getNested')).toEqual([{ a: 1 }, ['text', new Uint8Array([9])]]);
  }, 400_000);
});

describe('a part labelled as bytes is judged by its encoding, not let through unread', () => {
  it('a JSON item sent as application/octet-stream is an invalid item at its index, not bytes the schema never sees', async () => {
    const body =
      '--b\r\nContent-Type: application/json\r\n\r\n{"n":1}\r\n--b\r\nContent-Type: application/octet-stream\r\n\r\nnot a json object at all\r\n--b--\r\n';
    const read = await readAll('listCounts', raw(body));
    expect(read.items).toEqual([{ n: 1 }]);
    expect(read.error).toMatchObject({ code: 'invalid', index: 1 });
    expect(read.error?.message).toMatch(/Content-Type "application\/octet-stream" is not one its encoding allows \(application\/json\)/);
    // A positional encoding that names bytes takes them; the text part after it keeps its own.
    const bundle = '--b\r\nContent-Type: application/json\r\n\r\n{}\r\n--b\r\nContent-Type: application/octet-stream\r\n\r\nxy\r\n--b--\r\n';
    expect((await readAll('getBundle', raw(bundle))).error).toBeUndefined();
  });

  it('a handler that gives bytes where the encoding names JSON ends the stream at that item', () => {
    const json = frameItem('multipart', encoder.encode('no'), { boundary: 'b', encoding: { contentType: 'application/json' } });
    expect(json).toMatchObject({ ok: false, reason: expect.stringMatching(/bytes where its encoding is application\/json/) as string });
    const png = frameItem('multipart', encoder.encode('png'), { boundary: 'b', encoding: { contentType: 'image/png', binary: true } });
    expect(png.ok).toBe(true);
  });
});
