/**
 * OpenAPI 3.2 streams, multipart/mixed (RFC 2046) read item by item: the reader
 * (src/runtime/shared/stream-read-multipart.ts through readStreamItems) takes the boundary from the
 * answer's Content-Type, ignores the preamble and the epilogue, reads each part's Content-Type and
 * body (JSON parsed, text kept), ends at the close delimiter, and keeps the bounds of the other
 * framings (one part's size before it is buffered whole, items, bytes). A property: items framed by
 * the server's writer (frameItem), cut into random chunks, read back equal. Then the clients (SDK,
 * path style) read the generated server's multipart stream on 127.0.0.1 as an AsyncIterable of its
 * items, and `specforge test` checks each part against the item schema, finding a bad 3rd part.
 */
import { once } from 'node:events';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMock } from '../../src/cli/commands/mock.js';
import { runTest } from '../../src/cli/commands/test.js';
import { createProxy } from '../../src/conformance/proxy.js';
import type { ConformanceReport } from '../../src/conformance/types.js';
import { buildModel } from '../../src/contract/model.js';
import { apiSpec } from '../../src/contract/tables/api.js';
import { compileValidators } from '../../src/contract/tables/validators.js';
import { generateSpec } from '../../src/pipeline/generate.js';
import { createRequestListener } from '../../src/runtime/server/server.js';
import { readStreamItems, StreamReadError, type StreamReadOptions } from '../../src/runtime/shared/stream-read.js';
import { frameEnd, frameItem } from '../../src/runtime/shared/stream-write.js';
import { typecheckApp } from '../support/typecheck-app.js';

const encoder = new TextEncoder();
const TYPE = 'multipart/mixed; boundary=b0und';

function body(chunks: (string | Uint8Array)[]): { stream: ReadableStream<Uint8Array>; cancelled: () => boolean } {
  let cancelled = false;
  let i = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[i++];
      if (chunk !== undefined) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      else controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}

async function read(chunks: (string | Uint8Array)[], options: StreamReadOptions = { contentType: TYPE }): Promise<unknown[]> {
  const items: unknown[] = [];
  for await (const item of readStreamItems(body(chunks).stream, 'multipart', options)) items.push(item);
  return items;
}

async function failure(
  chunks: (string | Uint8Array)[],
  options: StreamReadOptions = { contentType: TYPE },
): Promise<{ error: StreamReadError; items: unknown[] }> {
  const items: unknown[] = [];
  try {
    for await (const item of readStreamItems(body(chunks).stream, 'multipart', options)) items.push(item);
  } catch (error) {
    if (error instanceof StreamReadError) return { error, items };
    throw error;
  }
  throw new Error(`no error; read ${JSON.stringify(items)}`);
}

/** Cuts `bytes` at the given offsets (taken modulo its length). */
function cut(bytes: Uint8Array, at: number[]): Uint8Array[] {
  const points = [...new Set(at.map((n) => (bytes.length === 0 ? 0 : n % bytes.length)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const p of points) {
    out.push(bytes.subarray(from, p));
    from = p;
  }
  out.push(bytes.subarray(from));
  return out;
}

describe('multipart/mixed, read part by part', () => {
  it('reads JSON parts and text parts, ignoring the preamble and the epilogue (CRLF)', async () => {
    const text =
      'a preamble\r\n--b0und\r\nContent-Type: application/json\r\n\r\n{"n":1}\r\n--b0und\r\ncontent-type: text/plain; charset=utf-8\r\n\r\nline one\r\nline two\r\n--b0und--\r\nan epilogue';
    expect(await read([text])).toEqual([{ n: 1 }, 'line one\r\nline two']);
  });

  it('accepts LF line ends, a quoted boundary, transport padding and a part without headers', async () => {
    const text = '--b0und \n\n{"n":1}\n--b0und\nContent-Type: application/json\n\n[2]\n--b0und--\n';
    expect(await read([text], { contentType: 'multipart/mixed; charset=x; boundary="b0und"', partType: 'application/json' })).toEqual([{ n: 1 }, [2]]);
    // Without the part's own Content-Type nor the itemEncoding's, a part is text/plain (RFC 2046).
    expect(await read(['--b0und\n\n{"n":1}\n--b0und--'])).toEqual(['{"n":1}']);
  });

  it('does not take a line that merely starts with the boundary for a delimiter', async () => {
    expect(await read(['--b0und\r\nContent-Type: text/plain\r\n\r\nx\r\n--b0undary\r\n--b0und--\r\n'])).toEqual(['x\r\n--b0undary']);
  });

  it('reads items framed by the server writer, cut into random chunks, back equal', async () => {
    const json = fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);
    const cuts = fc.array(fc.nat(), { maxLength: 30 });
    await fc.assert(
      fc.asyncProperty(fc.array(json, { maxLength: 8 }), cuts, fc.constantFrom('b', 'specforge-stream-boundary', 'x y'), async (items, at, boundary) => {
        let text = 'preamble\r\n';
        const kept: unknown[] = [];
        for (const item of items) {
          const framed = frameItem('multipart', item, { boundary, contentType: 'application/json' });
          if (!framed.ok) continue;
          text += framed.text;
          kept.push(item);
        }
        text += frameEnd('multipart', { boundary });
        const got = await read(cut(encoder.encode(text), at), { contentType: `multipart/mixed; boundary="${boundary}"` });
        expect(got).toEqual(kept);
      }),
      { numRuns: 150 },
    );
    // Text parts too (the itemEncoding's text/plain), strings as they are.
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ maxLength: 30 }), { maxLength: 6 }), cuts, async (items, at) => {
        const kept = items.filter((s) => !s.includes('--b0und'));
        const text =
          kept.map((s) => (frameItem('multipart', s, { boundary: 'b0und', contentType: 'text/plain' }) as { text: string }).text).join('') + '--b0und--\r\n';
        expect(await read(cut(encoder.encode(text), at))).toEqual(kept);
      }),
      { numRuns: 100 },
    );
  });

  it('a body that ends without the close delimiter is truncated, naming the item', async () => {
    const { error, items } = await failure(['--b0und\r\n\r\nzero\r\n--b0und\r\n\r\none\r\n--b0und\r\n\r\ntw']);
    expect(items).toEqual(['zero', 'one']);
    expect(error.code).toBe('truncated');
    expect(error.index).toBe(2);
    expect(error.message).toMatch(/^stream item 2: .*close delimiter/);
    expect((await failure([''])).error.code).toBe('truncated');
  });

  it('a JSON part that is not JSON is a parse error at its index', async () => {
    const { error, items } = await failure([
      '--b0und\r\nContent-Type: application/json\r\n\r\n1\r\n--b0und\r\nContent-Type: application/json\r\n\r\n{no\r\n--b0und--\r\n',
    ]);
    expect(items).toEqual([1]);
    expect([error.code, error.index]).toEqual(['parse', 1]);
  });

  it('an answer without a boundary is a framing error, and the body is cancelled', async () => {
    const b = body(['--b0und\r\n', '\r\nx\r\n', '--b0und--']);
    const iterator = readStreamItems(b.stream, 'multipart', { contentType: 'multipart/mixed' });
    await expect(iterator.next()).rejects.toMatchObject({ code: 'framing', index: 0 });
    await expect.poll(() => b.cancelled(), { timeout: 1000 }).toBe(true);
  });

  it('a part over maxItemBytes is an error before it is buffered whole; the body is cancelled', async () => {
    const b = body(['--b0und\r\n\r\nsmall\r\n--b0und\r\n\r\n', ...Array.from({ length: 1000 }, () => 'x'.repeat(1024))]);
    const items: unknown[] = [];
    let caught: unknown;
    try {
      for await (const item of readStreamItems(b.stream, 'multipart', { contentType: TYPE, maxItemBytes: 4096 })) items.push(item);
    } catch (error) {
      caught = error;
    }
    expect(items).toEqual(['small']);
    expect(caught).toBeInstanceOf(StreamReadError);
    expect((caught as StreamReadError).code).toBe('item-too-large');
    expect((caught as StreamReadError).index).toBe(1);
    expect(b.cancelled()).toBe(true);
  });

  it('keeps the bounds on items and bytes', async () => {
    const parts = Array.from({ length: 10 }, (_, i) => `--b0und\r\n\r\n${i}\r\n`).join('') + '--b0und--\r\n';
    expect((await failure([parts], { contentType: TYPE, maxItems: 3 })).error.code).toBe('items-limit');
    expect((await failure([parts], { contentType: TYPE, maxBytes: 40 })).error.code).toBe('bytes-limit');
  });

  it('reads a long stream in linear time (no rescanning of what was read)', async () => {
    // 20,000 parts in 1-byte-aligned chunks of 7 bytes: quadratic rescanning would take far longer.
    const text = Array.from({ length: 20_000 }, (_, i) => `--b0und\r\nContent-Type: application/json\r\n\r\n{"i":${i}}\r\n`).join('') + '--b0und--\r\n';
    const bytes = encoder.encode(text);
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < bytes.length; i += 7) chunks.push(bytes.subarray(i, i + 7));
    const started = performance.now();
    const items = await read(chunks);
    expect(items).toHaveLength(20_000);
    expect(items[19_999]).toEqual({ i: 19_999 });
    expect(performance.now() - started).toBeLessThan(5000);
    // One part of 4 MiB in 1 KiB chunks: linear too.
    const big = encoder.encode(`--b0und\r\n\r\n${'y'.repeat(4 * 1024 * 1024)}\r\n--b0und--`);
    const pieces: Uint8Array[] = [];
    for (let i = 0; i < big.length; i += 1024) pieces.push(big.subarray(i, i + 1024));
    const t = performance.now();
    const [one] = await read(pieces);
    expect((one as string).length).toBe(4 * 1024 * 1024);
    expect(performance.now() - t).toBeLessThan(5000);
  }, 30_000);
});

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = resolve(ROOT, 'test', '.tmp', `openapi32-streams-multipart-${process.pid}`);
const OUT = join(TMP, 'generated');
const CONTRACT = `openapi: 3.2.0
info: { title: parts, version: 1.0.0 }
servers: [{ url: /v1 }]
paths:
  /parts:
    get:
      operationId: listParts
      responses:
        '200':
          description: the parts, each an item
          content:
            multipart/mixed:
              itemSchema:
                type: object
                required: [n]
                properties: { n: { type: integer }, label: { type: string } }
              itemEncoding: { contentType: application/json }
`;

type Outcome<T> = { ok: boolean; status: number; data?: T; error?: unknown; response: Response };
interface Sdk {
  createSdkClient(options: { baseUrl: string }): unknown;
  listParts(client: unknown, args?: object): Promise<Outcome<AsyncIterable<unknown>>>;
}

const servers: Server[] = [];
/** What the generated server's handler answers, set by each test. */
let answer: unknown[] = [];
/** The raw server (not the generated one) writes this body as it is, when set. */
let raw: string | undefined;
let base = '';
let spec = '';

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  spec = join(TMP, 'openapi.yaml');
  writeFileSync(spec, CONTRACT);
  await generateSpec(
    { path: spec, api: 'parts', out: OUT, targets: ['types', 'validators', 'client', 'sdk', 'react-query'], strict: true },
    { cacheDir: join(TMP, 'cache'), force: true },
  );
  const model = await buildModel(spec);
  // The generated server's runtime validates each item it sends: a bad one ends the stream there, so
  // a server that sends one anyway (for `specforge test` to find) writes its body by hand.
  const listener = createRequestListener(
    apiSpec(model),
    compileValidators(model),
    { listParts: () => ({ status: 200, body: answer }) },
    { onError: () => undefined },
  );
  const server = createServer((req, res) => {
    if (raw !== undefined && req.url === '/v1/parts') {
      req.resume();
      res.writeHead(200, { 'content-type': 'multipart/mixed; boundary="raw-boundary"' });
      res.end(raw);
      return;
    }
    listener(req, res);
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}, 60_000);

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
  }
  rmSync(TMP, { recursive: true, force: true });
});

async function collect(items: AsyncIterable<unknown> | undefined): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const item of items ?? []) out.push(item);
  return out;
}

describe('the clients read a multipart/mixed stream item by item', () => {
  it("the SDK hands out the generated server's parts as an AsyncIterable of items", async () => {
    raw = undefined;
    answer = [{ n: 1 }, { n: 2, label: 'two' }, { n: 3 }];
    const sdk = (await import(join(OUT, 'sdk.ts'))) as Sdk;
    const result = await sdk.listParts(sdk.createSdkClient({ baseUrl: base }));
    expect(result.ok).toBe(true);
    expect(result.response.headers.get('content-type')).toMatch(/^multipart\/mixed; boundary=/);
    expect(Symbol.asyncIterator in Object(result.data)).toBe(true);
    expect(await collect(result.data)).toEqual(answer);
  });

  it('the path-style client does too', async () => {
    raw = undefined;
    answer = [{ n: 7 }, { n: 8 }];
    const { createClient } = (await import(join(OUT, 'client.ts'))) as {
      createClient: (o: { baseUrl: string }) => { GET(path: string, init?: object): Promise<{ data?: AsyncIterable<unknown>; response: Response }> };
    };
    const { data } = await createClient({ baseUrl: base }).GET('/parts', {});
    expect(await collect(data)).toEqual(answer);
  });

  it('a stream the server ends at an invalid item (a last delimiter, no close delimiter) keeps the parts before it, then is truncated', async () => {
    raw = undefined;
    answer = [{ n: 1 }, { n: 2 }, { n: 'x' }];
    const sdk = (await import(join(OUT, 'sdk.ts'))) as Sdk;
    const result = await sdk.listParts(sdk.createSdkClient({ baseUrl: base }));
    const items: unknown[] = [];
    await expect(
      (async () => {
        for await (const item of result.data ?? []) items.push(item);
      })(),
      // The server ends the 2nd part with a delimiter and sends no close delimiter: the 3rd item is missing.
    ).rejects.toMatchObject({ name: 'StreamReadError', code: 'truncated', index: 2 });
    expect(items).toEqual([{ n: 1 }, { n: 2 }]);
  });
});

describe('the generated clients type a multipart stream by its item', () => {
  it('compiles under tsc --strict (TypeScript 5.9 and 7), the items typed', () => {
    const app = join(TMP, 'app.ts');
    writeFileSync(
      app,
      `import { createClient } from "./generated/client.js";
import { createSdkClient, listParts } from "./generated/sdk.js";
import { listPartsQueryOptions } from "./generated/react-query.js";
import { QueryClient } from "@tanstack/react-query";

export async function all(): Promise<number[]> {
  const out: number[] = [];
  const { data } = await createClient().GET("/parts", { stream: { maxItems: 10 } });
  for await (const part of data ?? []) out.push(part.n);
  const result = await listParts(createSdkClient());
  if (result.ok) for await (const part of result.data) { const label: string | undefined = part.label; out.push(part.n + (label ?? "").length); }
  const parts = await new QueryClient().fetchQuery(listPartsQueryOptions(createSdkClient()));
  return out.concat(parts.map((part) => part.n));
}
`,
    );
    for (const r of typecheckApp({
      dir: TMP,
      files: [app],
      lib: ['ES2022', 'DOM', 'DOM.Iterable', 'DOM.AsyncIterable'],
      compilerOptions: { noUnusedLocals: true },
    })) {
      expect(r.output).toBe('');
      expect(r.status).toBe(0);
    }
  }, 400_000);
});

describe('specforge proxy on a multipart/mixed stream', () => {
  it('passes the stream on unchanged and reports its bad 3rd part by its index', async () => {
    const part = (body: string): string => `--raw-boundary\r\nContent-Type: application/json\r\n\r\n${body}\r\n`;
    raw = part('{"n":1}') + part('{"n":2}') + part('{"n":"three"}') + '--raw-boundary--\r\n';
    const lines: string[] = [];
    const proxy = await createProxy({
      model: await buildModel(spec),
      upstream: base,
      onViolation: (l) => lines.push(l),
      streamBounds: { items: 100, bytes: 1024 * 1024, ms: 2000 },
    });
    try {
      const res = await fetch(`${proxy.origin}/parts`);
      expect(await res.text()).toBe(raw);
      await expect.poll(() => lines.join('\n'), { timeout: 3000 }).toMatch(/listParts.*stream item 2 \(the 3rd\)/);
    } finally {
      raw = undefined;
      const report = await proxy.close();
      expect(report.failures.filter((f) => f.check === 'response_schema_conformance').map((f) => f.operationId)).toEqual(['listParts']);
      expect(report.skipped ?? []).toEqual([]);
    }
  }, 30_000);
});

describe('specforge test on a multipart/mixed stream', () => {
  async function test(): Promise<{ code: number; report: ConformanceReport }> {
    let out = '';
    const code = await runTest({ cwd: TMP, spec, baseUrl: base, phases: 'examples', format: 'json', progress: false, cache: false, write: (t) => (out += t) });
    return { code, report: JSON.parse(out) as ConformanceReport };
  }

  it('checks every part of a correct stream against the item schema', async () => {
    raw = undefined;
    answer = [{ n: 1 }, { n: 2 }, { n: 3 }];
    const { code, report } = await test();
    expect(report.failures).toEqual([]);
    expect(report.skipped ?? []).toEqual([]);
    expect(report.operations[0]?.checks.response_schema_conformance).toEqual({ passed: 1, failed: 0 });
    expect(code).toBe(0);
  }, 30_000);

  it('reports a bad 3rd part by its index', async () => {
    const part = (body: string): string => `--raw-boundary\r\nContent-Type: application/json\r\n\r\n${body}\r\n`;
    raw = 'preamble\r\n' + part('{"n":1}') + part('{"n":2}') + part('{"n":"three"}') + part('{"n":4}') + '--raw-boundary--\r\n';
    try {
      const { code, report } = await test();
      expect(code).toBe(1);
      const failures = report.failures.filter((f) => f.check === 'response_schema_conformance');
      expect(failures).toHaveLength(1);
      expect(failures[0]?.message).toMatch(/stream item 2 \(the 3rd\)/);
      expect(failures[0]?.message).toMatch(/\/n must be integer/);
    } finally {
      raw = undefined;
    }
  }, 30_000);

  it("passes the contract's own mock: its sampled parts are read and checked one by one", async () => {
    const { server } = await runMock({ cwd: TMP, spec, port: 0, write: () => undefined, cache: false });
    try {
      let out = '';
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const code = await runTest({
        cwd: TMP,
        spec,
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
      expect(report.operations[0]?.checks.response_schema_conformance?.passed).toBeGreaterThan(0);
      expect(code).toBe(0);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    }
  }, 30_000);
});
