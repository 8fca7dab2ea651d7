/**
 * OpenAPI 3.2 streams, the clients: the path-style client, the per-operation SDK and TanStack Query
 * generated from the LLM-style fixture (test/fixtures/openapi32/llm-streams.yaml) read a stream
 * answer as an AsyncIterable of typed items, as they arrive, from a small node:http server on
 * 127.0.0.1 that writes the frames by hand: server-sent deltas with JSON data, a JSON Lines log,
 * json-seq progress. Cancellation by AbortSignal and by leaving the loop (the server sees the
 * connection close), reconnection with Last-Event-ID only where asked, item validation only where
 * asked, the raw body kept for a stream type without itemSchema, the generated code under
 * tsc --strict with TypeScript 5.9 and 7, and no `node:` import reachable from the client entry.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSpec } from '../../src/pipeline/generate.js';
import { StreamReadError } from '../../src/runtime/shared/stream-read.js';
import { typecheckApp } from '../support/typecheck-app.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const FIXTURE = join(ROOT, 'test', 'fixtures', 'openapi32', 'llm-streams.yaml');
const TMP = resolve(ROOT, 'test', '.tmp', `openapi32-streams-client-${process.pid}`);
const OUT = join(TMP, 'generated');

interface Delta {
  index: number;
  text: string;
  finish_reason?: string;
}
interface Event<D> {
  data: D;
  event?: string;
  id?: string;
  retry?: number;
}
type Outcome<T> = { ok: boolean; status: number; data?: T; error?: unknown; response: Response };
interface Sdk {
  createSdkClient(options: { baseUrl: string; validateItems?: unknown }): unknown;
  createCompletion(client: unknown, args: { body: { prompt: string }; signal?: AbortSignal; stream?: object }): Promise<Outcome<AsyncIterable<Event<Delta>>>>;
  followJobLog(client: unknown, args: { path: { jobId: string } }): Promise<Outcome<AsyncIterable<unknown>>>;
  watchJobProgress(client: unknown, args: { path: { jobId: string } }): Promise<Outcome<AsyncIterable<unknown>>>;
}
interface PathClient {
  POST(path: string, init: object): Promise<{ data?: AsyncIterable<Event<Delta>>; error?: unknown; response: Response }>;
  GET(path: string, init: object): Promise<{ data?: AsyncIterable<unknown>; error?: unknown; response: Response }>;
}

/** What the test server saw: each request's Last-Event-ID, and when each response's connection closed. */
const seen: { lastEventIds: (string | undefined)[]; closed: number[] } = { lastEventIds: [], closed: [] };
/** Lets the server write the next frame of the completion (so a test proves items come before the end). */
let gate: (() => void) | undefined;
let mode: 'deltas' | 'drop' | 'endless' | 'invalid' = 'deltas';
let server: Server;
let base = '';

const delta = (id: number, text: string, extra = ''): string =>
  `event: delta\nid: ${id}\ndata: {"index":${id - 1},\ndata: "text":${JSON.stringify(text)}${extra}}\n\n`;

function completion(req: IncomingMessage, res: ServerResponse): void {
  seen.lastEventIds.push(req.headers['last-event-id'] as string | undefined);
  res.on('close', () => seen.closed.push(Date.now()));
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
  res.flushHeaders();
  if (mode === 'deltas') {
    // A comment, one frame cut in two writes, then the next frame only once the client asks for it.
    res.write(': keep-alive\n\n' + delta(1, 'Hel').slice(0, 20));
    setTimeout(() => res.write(delta(1, 'Hel').slice(20)), 10);
    gate = () => {
      res.write(delta(2, 'lo'));
      res.end('event: done\nid: 3\ndata: {"index":2,"text":"","finish_reason":"stop"}\n\n');
    };
  } else if (mode === 'drop') {
    if (req.headers['last-event-id'] === undefined) {
      res.write('retry: 30\n\n' + delta(1, 'Hel') + delta(2, 'lo'));
      setTimeout(() => res.destroy(), 20);
    } else res.end(delta(3, '!') + 'event: done\nid: 4\ndata: {"index":3,"text":""}\n\n');
  } else if (mode === 'invalid') {
    res.end(delta(1, 'ok') + 'event: delta\nid: 2\ndata: {"index":"two","text":5}\n\n');
  } else {
    const timer = setInterval(() => res.write(delta(1, 'x')), 5);
    res.on('close', () => clearInterval(timer));
  }
}

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  await generateSpec(
    { path: FIXTURE, api: 'llm', out: OUT, targets: ['types', 'validators', 'client', 'sdk', 'react-query'], strict: true },
    { cacheDir: join(TMP, 'cache'), force: true },
  );
  // The path-style client with { dates: true } (a log line's `at` is a date-time): streams are wrapped there too.
  await generateSpec(
    { path: FIXTURE, api: 'llm', out: join(TMP, 'dated'), targets: ['types', 'client'], dates: true, strict: true },
    { cacheDir: join(TMP, 'cache'), force: true },
  );
  server = createServer((req, res) => {
    const url = req.url ?? '';
    if (req.method === 'POST' && url === '/v1/completions') return completion(req, res);
    if (url === '/v1/jobs/job_abcd/log') {
      res.writeHead(200, { 'content-type': 'application/jsonl' });
      res.write('{"at":"2026-01-01T00:00:00Z","level":"info","message":"start"}\r\n\n');
      setTimeout(() => res.end('{"at":"2026-01-01T00:00:01Z","level":"warn","message":"slow"}\n'), 10);
      return undefined;
    }
    if (url === '/v1/jobs/job_abcd/progress') {
      res.writeHead(200, { 'content-type': 'application/json-seq' });
      res.end('\u001e{"percent":10,"stage":"fetch"}\n\u001e{"percent":100}\n');
      return undefined;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: 'No such job' }));
    return undefined;
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}, 60_000);

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
  rmSync(TMP, { recursive: true, force: true });
});

async function collect<T>(items: AsyncIterable<T> | undefined): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items ?? []) out.push(item);
  return out;
}

describe('the SDK', () => {
  it('hands out server-sent deltas as they arrive, their JSON data parsed', async () => {
    mode = 'deltas';
    const sdk = (await import(join(OUT, 'sdk.ts'))) as Sdk;
    const client = sdk.createSdkClient({ baseUrl: base });
    const result = await sdk.createCompletion(client, { body: { prompt: 'Say hello' } });
    expect(result.ok).toBe(true);
    const items: Event<Delta>[] = [];
    for await (const item of result.data ?? []) {
      items.push(item);
      // The server writes the rest only now: the first delta came before the stream ended.
      if (items.length === 1) gate?.();
    }
    expect(items).toEqual([
      { event: 'delta', id: '1', data: { index: 0, text: 'Hel' } },
      { event: 'delta', id: '2', data: { index: 1, text: 'lo' } },
      { event: 'done', id: '3', data: { index: 2, text: '', finish_reason: 'stop' } },
    ]);
  });

  it('reads a JSON Lines log and json-seq progress item by item; an error answer stays an error', async () => {
    const sdk = (await import(join(OUT, 'sdk.ts'))) as Sdk;
    const client = sdk.createSdkClient({ baseUrl: base });
    expect(await collect((await sdk.followJobLog(client, { path: { jobId: 'job_abcd' } })).data)).toEqual([
      { at: '2026-01-01T00:00:00Z', level: 'info', message: 'start' },
      { at: '2026-01-01T00:00:01Z', level: 'warn', message: 'slow' },
    ]);
    expect(await collect((await sdk.watchJobProgress(client, { path: { jobId: 'job_abcd' } })).data)).toEqual([
      { percent: 10, stage: 'fetch' },
      { percent: 100 },
    ]);
    const missing = await sdk.followJobLog(client, { path: { jobId: 'job_zzzz' } });
    expect([missing.ok, missing.status, missing.error]).toEqual([false, 404, { message: 'No such job' }]);
  });

  it('an AbortSignal ends an endless stream and the server sees the connection close within a second', async () => {
    mode = 'endless';
    const sdk = (await import(join(OUT, 'sdk.ts'))) as Sdk;
    const controller = new AbortController();
    const result = await sdk.createCompletion(sdk.createSdkClient({ baseUrl: base }), { body: { prompt: 'x' }, signal: controller.signal });
    const before = seen.closed.length;
    let count = 0;
    let aborted = 0;
    await expect(
      (async () => {
        for await (const _ of result.data ?? []) {
          if (++count === 3) {
            aborted = Date.now();
            controller.abort();
          }
        }
      })(),
    ).rejects.toThrow(/abort/i);
    await until(() => seen.closed.length > before);
    expect((seen.closed.at(-1) ?? Infinity) - aborted).toBeLessThan(1000);
  });

  it('leaving a for-await loop cancels the body: the server sees the connection close', async () => {
    mode = 'endless';
    const sdk = (await import(join(OUT, 'sdk.ts'))) as Sdk;
    const result = await sdk.createCompletion(sdk.createSdkClient({ baseUrl: base }), { body: { prompt: 'x' } });
    const before = seen.closed.length;
    for await (const item of result.data ?? []) if (item.id === '1') break;
    const left = Date.now();
    await until(() => seen.closed.length > before);
    expect((seen.closed.at(-1) ?? Infinity) - left).toBeLessThan(1000);
  });

  it('reconnects with Last-Event-ID only where asked, waiting the server retry:', async () => {
    mode = 'drop';
    const sdk = (await import(join(OUT, 'sdk.ts'))) as Sdk;
    const client = sdk.createSdkClient({ baseUrl: base });
    seen.lastEventIds = [];
    const plain = await sdk.createCompletion(client, { body: { prompt: 'x' } });
    const got: unknown[] = [];
    await expect(
      (async () => {
        for await (const item of plain.data ?? []) got.push(item.id);
      })(),
    ).rejects.toThrow();
    expect(got).toEqual(['1', '2']);
    expect(seen.lastEventIds).toEqual([undefined]);

    seen.lastEventIds = [];
    const again = await sdk.createCompletion(client, { body: { prompt: 'x' }, stream: { reconnect: { attempts: 2 } } });
    expect((await collect(again.data)).map((item) => item.id)).toEqual(['1', '2', '3', '4']);
    expect(seen.lastEventIds).toEqual([undefined, '2']);
  });

  it('validates items only where asked (the generated validators, loaded by the caller), naming the bad item', async () => {
    mode = 'invalid';
    const sdk = (await import(join(OUT, 'sdk.ts'))) as Sdk;
    const plain = await collect((await sdk.createCompletion(sdk.createSdkClient({ baseUrl: base }), { body: { prompt: 'x' } })).data);
    expect(plain.map((item) => item.data)).toEqual([
      { index: 0, text: 'ok' },
      { index: 'two', text: 5 },
    ]);
    const { operationValidators } = (await import(join(OUT, 'validators.ts'))) as { operationValidators: unknown };
    const checked = await sdk.createCompletion(sdk.createSdkClient({ baseUrl: base, validateItems: operationValidators }), { body: { prompt: 'x' } });
    const items: unknown[] = [];
    const error = await (async () => {
      try {
        for await (const item of checked.data ?? []) items.push(item);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(items).toHaveLength(1);
    expect(error).toBeInstanceOf(StreamReadError);
    expect((error as StreamReadError).index).toBe(1);
    expect((error as StreamReadError).message).toMatch(/^stream item 1: \/data\/index/);
    // A function works too, per call.
    const once = await sdk.createCompletion(sdk.createSdkClient({ baseUrl: base }), {
      body: { prompt: 'x' },
      stream: { validate: (item: unknown) => ((item as Event<Delta>).id === '2' ? 'no second' : undefined) },
    });
    await expect(collect(once.data)).rejects.toThrow('stream item 1: no second');
  });
});

describe('the path-style client and TanStack Query', () => {
  it('client.POST / client.GET resolve with data an AsyncIterable of the items', async () => {
    mode = 'deltas';
    const { createClient } = (await import(join(OUT, 'client.ts'))) as { createClient: (o: { baseUrl: string }) => PathClient };
    const client = createClient({ baseUrl: base });
    const { data, response } = await client.POST('/completions', { body: { prompt: 'Say hello' } });
    expect(response.status).toBe(200);
    const texts: string[] = [];
    for await (const item of data ?? []) {
      texts.push(item.data.text);
      if (texts.length === 1) gate?.();
    }
    expect(texts).toEqual(['Hel', 'lo', '']);
    const log = await client.GET('/jobs/{jobId}/log', { params: { path: { jobId: 'job_abcd' } } });
    expect(await collect(log.data)).toHaveLength(2);
    const missing = await client.GET('/jobs/{jobId}/log', { params: { path: { jobId: 'job_zzzz' } } });
    expect([missing.data, missing.error]).toEqual([undefined, { message: 'No such job' }]);
  });

  it('the dated path-style client (client: { dates: true }) streams too', async () => {
    mode = 'deltas';
    const { createClient } = (await import(join(TMP, 'dated', 'client.ts'))) as { createClient: (o: { baseUrl: string }) => PathClient };
    const { data } = await createClient({ baseUrl: base }).POST('/completions', { body: { prompt: 'x' } });
    const texts: string[] = [];
    for await (const item of data ?? []) {
      texts.push(item.data.text);
      if (texts.length === 1) gate?.();
    }
    expect(texts).toEqual(['Hel', 'lo', '']);
  });

  it('the path-style client reconnects with Last-Event-ID where asked', async () => {
    mode = 'drop';
    seen.lastEventIds = [];
    const { createClient } = (await import(join(OUT, 'client.ts'))) as { createClient: (o: { baseUrl: string }) => PathClient };
    const { data } = await createClient({ baseUrl: base }).POST('/completions', { body: { prompt: 'x' }, stream: { reconnect: true } });
    expect((await collect(data)).map((item) => item.id)).toEqual(['1', '2', '3', '4']);
    expect(seen.lastEventIds).toEqual([undefined, '2']);
  });

  it('a streamed query (experimental_streamedQuery) gathers the items as its data', async () => {
    const sdk = (await import(join(OUT, 'sdk.ts'))) as Sdk;
    const rq = (await import(join(OUT, 'react-query.ts'))) as {
      followJobLogQueryOptions: (client: unknown, args: object) => { queryKey: readonly unknown[] };
    };
    const queryClient = new QueryClient();
    const options = rq.followJobLogQueryOptions(sdk.createSdkClient({ baseUrl: base }), { path: { jobId: 'job_abcd' } });
    const data = await queryClient.fetchQuery(options);
    expect(data).toEqual([
      { at: '2026-01-01T00:00:00Z', level: 'info', message: 'start' },
      { at: '2026-01-01T00:00:01Z', level: 'warn', message: 'slow' },
    ]);
    queryClient.clear();
  });
});

describe('the generated code', () => {
  it('keeps the raw body for a stream type without itemSchema', async () => {
    const spec = join(TMP, 'raw.yaml');
    writeFileSync(
      spec,
      readFileSync(FIXTURE, 'utf8').replace("itemSchema: { $ref: '#/components/schemas/LogLine' }", "schema: { $ref: '#/components/schemas/LogLine' }"),
    );
    await generateSpec(
      { path: spec, api: 'raw', out: join(TMP, 'raw'), targets: ['types', 'client', 'sdk'], strict: true },
      { cacheDir: join(TMP, 'cache'), force: true },
    );
    const sdk = readFileSync(join(TMP, 'raw', 'sdk.ts'), 'utf8');
    expect(sdk).toMatch(/FollowJobLogResult =\n {2}\| SdkSuccess<200, ReadableStream<Uint8Array> \| null>/);
    expect(sdk).toMatch(/SdkSuccess<200, AsyncIterable<paths\["\/completions"\]/);
    expect(readFileSync(join(TMP, 'raw', 'client.ts'), 'utf8')).not.toContain('"GET /jobs/{jobId}/log"');
  });

  it('compiles under tsc --strict with TypeScript 5.9 and 7, the items typed', async () => {
    // The path-style client of a contract with a streamed and a raw stream operation: both calls typed.
    const rawSpec = join(TMP, 'raw-types.yaml');
    writeFileSync(
      rawSpec,
      readFileSync(FIXTURE, 'utf8').replace("itemSchema: { $ref: '#/components/schemas/LogLine' }", "schema: { $ref: '#/components/schemas/LogLine' }"),
    );
    await generateSpec(
      { path: rawSpec, api: 'raw', out: join(TMP, 'raw-types'), targets: ['types', 'client'], strict: true },
      { cacheDir: join(TMP, 'cache'), force: true },
    );
    const app = join(TMP, 'app.ts');
    writeFileSync(
      app,
      `import { createClient } from "./generated/client.js";
import { createClient as createDatedClient } from "./dated/client.js";
import { createClient as createRawClient } from "./raw-types/client.js";
import { createSdkClient, createCompletion, followJobLog } from "./generated/sdk.js";
import { followJobLogQueryOptions } from "./generated/react-query.js";
import { operationValidators } from "./generated/validators.js";
import { QueryClient } from "@tanstack/react-query";

export async function path(): Promise<string> {
  const { data } = await createClient().POST("/completions", { body: { prompt: "hi" }, stream: { reconnect: { attempts: 2 }, maxItems: 100 } });
  let text = "";
  for await (const item of data ?? []) {
    const delta: { index: number; text: string; finish_reason?: "stop" | "length" } = item.data;
    const event: "delta" | "done" | undefined = item.event;
    text += delta.text + (event ?? "");
  }
  return text;
}

export async function sdk(signal: AbortSignal): Promise<string[]> {
  const client = createSdkClient({ validateItems: operationValidators });
  const result = await createCompletion(client, { body: { prompt: "hi" }, signal, stream: { timeoutMs: 5000 } });
  const out: string[] = [];
  if (result.ok) for await (const item of result.data) out.push(item.data.text);
  const log = await followJobLog(client, { path: { jobId: "job_abcd" } });
  if (log.ok) for await (const line of log.data) out.push(line.level);
  return out;
}

export async function dated(): Promise<string[]> {
  const client = createDatedClient();
  const out: string[] = [];
  const { data } = await client.GET("/jobs/{jobId}/log", { params: { path: { jobId: "job_abcd" } }, stream: { idleTimeoutMs: 1000 } });
  for await (const line of data ?? []) out.push(line.level);
  const progress = await client.GET("/jobs/{jobId}/progress", { params: { path: { jobId: "job_abcd" } } });
  for await (const p of progress.data ?? []) out.push(String(p.percent));
  return out;
}

export async function raw(): Promise<number> {
  const client = createRawClient();
  const { data } = await client.GET("/jobs/{jobId}/log", { params: { path: { jobId: "job_abcd" } }, parseAs: "stream" });
  const body: ReadableStream<Uint8Array> | null | undefined = data;
  const { data: deltas } = await client.POST("/completions", { body: { prompt: "x" } });
  for await (const d of deltas ?? []) return d.data.index;
  return body ? 1 : 0;
}

export async function query(): Promise<string[]> {
  const lines = await new QueryClient().fetchQuery(followJobLogQueryOptions(createSdkClient(), { path: { jobId: "job_abcd" } }));
  return lines.map((line) => line.message);
}
`,
    );
    for (const r of typecheckApp({
      dir: TMP,
      files: [app, join(OUT, 'react-query.ts')],
      lib: ['ES2022', 'DOM', 'DOM.Iterable', 'DOM.AsyncIterable'],
      compilerOptions: { noUnusedLocals: true },
    })) {
      expect(r.output).toBe('');
      expect(r.status).toBe(0);
    }
  }, 400_000);

  it('the client entry reaches no node: module (the stream reader included)', () => {
    const entry = join(ROOT, 'src', 'runtime', 'entry', 'client.ts');
    const seenFiles = new Set<string>();
    const nodeImports: string[] = [];
    const walk = (file: string): void => {
      if (seenFiles.has(file)) return;
      seenFiles.add(file);
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(?:import|export)[^'"]*?from\s+'([^']+)'/g)) {
        const spec = match[1] ?? '';
        if (spec.startsWith('node:')) nodeImports.push(`${file}: ${spec}`);
        if (spec.startsWith('.')) walk(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
      }
    };
    walk(entry);
    expect(seenFiles).toContain(join(ROOT, 'src', 'runtime', 'shared', 'stream-read.ts'));
    expect(seenFiles).toContain(join(ROOT, 'src', 'runtime', 'client', 'stream-items.ts'));
    expect(nodeImports).toEqual([]);
  });
});

async function until(test: () => boolean): Promise<void> {
  const end = Date.now() + 2000;
  while (!test() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
}
