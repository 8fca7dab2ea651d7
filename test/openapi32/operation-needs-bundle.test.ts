/**
 * What only some operations need travels with their tables, so a browser bundle of the others
 * carries none of it: the SDK's stream reader (server-sent events, JSON Lines, JSON text sequences,
 * multipart/mixed: about 12 kB minified) with the operations that answer streams (`readItems:
 * streamItems`), the querystring writer (OpenAPI 3.2 `in: querystring`) with those that take one
 * (`writeQuerystring: serializeQuerystring`; the path-style client is given its querystring
 * middleware the same way). A streaming operation still reads its items; a table that names stream
 * items without a reader is an error that says so, never bytes handed out as items.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSpec } from '../../src/pipeline/generate.js';
import { createSpecforgeClient, querystringMiddleware, type QuerystringSpec } from '../../src/runtime/client/client.js';
import { createSdk, type SdkOperation } from '../../src/runtime/client/sdk.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `operation-needs-bundle-${process.pid}`);
const OUT = join(TMP, 'generated');
const ENTRIES = join(ROOT, 'src', 'runtime', 'entry');
const alias = { '@specforge/runtime/client': join(ENTRIES, 'client.ts') };

const CONTRACT = `openapi: 3.2.0
info: { title: Jobs, version: 1.0.0 }
paths:
  /jobs/{id}:
    get:
      operationId: getJob
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses:
        '200':
          description: The job.
          content:
            application/json:
              schema: { type: object, required: [id], properties: { id: { type: string } } }
  /jobs/{id}/log:
    get:
      operationId: followJobLog
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses:
        '200':
          description: The job's log, a line at a time.
          content:
            application/jsonl:
              itemSchema: { type: object, required: [line], properties: { line: { type: string } } }
  /search:
    get:
      operationId: searchJobs
      parameters:
        - name: criteria
          in: querystring
          content:
            application/x-www-form-urlencoded:
              schema: { type: object, properties: { state: { type: string } } }
      responses:
        '200':
          description: The jobs found.
          content:
            application/json:
              schema: { type: array, items: { type: string } }
`;

/** The minified bundle of `source` and the run-time modules in it (paths under src/runtime/). */
async function bundle(source: string): Promise<{ code: string; modules: string[] }> {
  const entry = join(TMP, `entry-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(entry, source);
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    alias,
    logLevel: 'silent',
    metafile: true,
  });
  const inputs = Object.values(result.metafile.outputs).flatMap((o) => Object.entries(o.inputs).filter(([, i]) => i.bytesInOutput > 0));
  const modules = inputs.map(([f]) => f.replaceAll('\\', '/')).filter((f) => f.includes('src/runtime/'));
  return { code: result.outputFiles[0]?.text ?? '', modules: modules.map((f) => f.slice(f.indexOf('src/runtime/') + 'src/runtime/'.length)) };
}

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  writeFileSync(join(TMP, 'openapi.yaml'), CONTRACT);
  await generateSpec(
    { path: join(TMP, 'openapi.yaml'), api: 'jobs', out: OUT, targets: ['types', 'sdk', 'client'], strict: true },
    { cacheDir: join(TMP, '.cache'), force: true },
  );
}, 120_000);
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('the stream reader and the querystring writer, carried by the operations that need them', () => {
  it('are named in the tables of the operations that need them, and only there', () => {
    const sdk = readFileSync(join(OUT, 'sdk.ts'), 'utf8');
    const table = (name: string): string => sdk.split('\n').find((l) => l.startsWith(`const ${name}Operation: SdkOperation = `)) ?? '';
    expect(table('followJobLog')).toMatch(/"readItems":streamItems\};$/);
    expect(table('searchJobs')).toMatch(/"writeQuerystring":serializeQuerystring\};$/);
    expect(table('getJob')).not.toMatch(/readItems|writeQuerystring/);
    expect(sdk).toMatch(/^import \{ createSdk,[^\n]*, streamItems, serializeQuerystring \} from "@specforge\/runtime\/client";$/m);
    expect(readFileSync(join(OUT, 'client.ts'), 'utf8')).toContain('querystringMiddleware(querystrings)');
  });

  it('stay out of a bundle of operations that need neither, and come with those that do', async () => {
    const sdk = JSON.stringify(join(OUT, 'sdk.js'));
    const json = await bundle(`import { createSdkClient, getJob } from ${sdk};\nexport const r = getJob(createSdkClient(), { path: { id: 'a' } });\n`);
    const streaming = await bundle(
      `import { createSdkClient, followJobLog } from ${sdk};\nexport const r = followJobLog(createSdkClient(), { path: { id: 'a' } });\n`,
    );
    const search = await bundle(
      `import { createSdkClient, searchJobs } from ${sdk};\nexport const r = searchJobs(createSdkClient(), { query: { state: 'done' } });\n`,
    );
    expect(json.modules).toContain('client/sdk-request.ts');
    expect(json.modules.filter((m) => /stream|querystring/.test(m))).toEqual([]);
    expect(streaming.modules).toEqual(expect.arrayContaining(['client/stream-items.ts', 'shared/stream-read.ts', 'shared/stream-read-multipart.ts']));
    expect(streaming.modules).not.toContain('client/querystring.ts');
    expect(search.modules).toContain('client/querystring.ts');
    expect(search.modules.filter((m) => /stream/.test(m))).toEqual([]);
    expect(json.code.length).toBeLessThan(streaming.code.length - 8_000);
  });

  it('is given to the path-style client only by the contracts whose operations take a querystring', async () => {
    const withQuerystring = await bundle(`import { createClient } from ${JSON.stringify(join(OUT, 'client.js'))};\nexport const c = createClient();\n`);
    expect(withQuerystring.modules).toContain('client/querystring.ts');
    const plain = join(TMP, 'plain');
    writeFileSync(join(TMP, 'plain.yaml'), CONTRACT.slice(0, CONTRACT.indexOf('  /search:')));
    await generateSpec(
      { path: join(TMP, 'plain.yaml'), api: 'plain', out: plain, targets: ['types', 'client'], strict: true },
      { cacheDir: join(TMP, '.cache-plain'), force: true },
    );
    const without = await bundle(`import { createClient } from ${JSON.stringify(join(plain, 'client.js'))};\nexport const c = createClient();\n`);
    expect(without.modules).toContain('client/client.ts');
    expect(without.modules).not.toContain('client/querystring.ts');
  });

  it('still reads the items of a streaming answer, through the generated SDK', async () => {
    const mod = (await import(pathToFileURL(join(OUT, 'sdk.ts')).href)) as {
      createSdkClient(options: { baseUrl: string; fetch: typeof fetch }): unknown;
      followJobLog(client: unknown, args: { path: { id: string } }): Promise<{ ok: boolean; data?: AsyncIterable<unknown> }>;
    };
    const lines = '{"line":"start"}\n{"line":"done"}\n';
    const client = mod.createSdkClient({
      baseUrl: 'http://127.0.0.1:9',
      fetch: () => Promise.resolve(new Response(lines, { status: 200, headers: { 'content-type': 'application/jsonl' } })),
    });
    const result = await mod.followJobLog(client, { path: { id: 'a' } });
    const items: unknown[] = [];
    for await (const item of result.data ?? []) items.push(item);
    expect(items).toEqual([{ line: 'start' }, { line: 'done' }]);
  });

  it('is an error that says so when a table names stream items without a reader', async () => {
    const table: SdkOperation = {
      id: 'followJobLog',
      method: 'GET',
      path: '/jobs/{id}/log',
      responses: { '200': 'stream' },
      items: { '200': { type: 'application/jsonl', framing: 'jsonl' } },
    };
    const client = createSdk({}, { baseUrl: 'http://127.0.0.1:9', fetch: () => Promise.resolve(new Response('{"line":"x"}\n', { status: 200 })) });
    await expect(client.request(table, {})).rejects.toThrow(
      /followJobLog: the 200 answer is a stream of items and the operation's table gives no reader \(readItems: streamItems\)/,
    );
  });

  it('is an error that says so when a table names a querystring parameter without a writer', async () => {
    const table: SdkOperation = {
      id: 'searchJobs',
      method: 'GET',
      path: '/search',
      responses: { '200': 'json' },
      params: [{ name: 'criteria', in: 'querystring' }],
    };
    const client = createSdk({}, { baseUrl: 'http://127.0.0.1:9', fetch: () => Promise.resolve(new Response('[]', { status: 200 })) });
    await expect(client.request(table, { query: { state: 'done' } })).rejects.toThrow(
      /searchJobs: its querystring parameter needs a writer in the operation's table \(writeQuerystring: serializeQuerystring\)/,
    );
  });

  it('is an error that says so when the path-style client is given a querystring table where the middleware belongs', async () => {
    const table: Record<string, QuerystringSpec> = { 'GET /search': { contentType: 'application/x-www-form-urlencoded' } };
    // A client.ts written before the middleware was passed in hands over the table itself.
    const old = table as unknown as Parameters<typeof createSpecforgeClient>[2];
    expect(() => createSpecforgeClient({}, { baseUrl: 'http://127.0.0.1:9' }, old)).toThrow(
      /createSpecforgeClient: the querystring argument is not a middleware \(querystringMiddleware\(querystrings\)\); regenerate client\.ts/,
    );
    let sent = '';
    const client = createSpecforgeClient<Record<string, never>>(
      {},
      {
        baseUrl: 'http://127.0.0.1:9',
        fetch: (request: Request) => {
          sent = request.url;
          return Promise.resolve(new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }));
        },
      },
      querystringMiddleware(table),
    );
    const get = client.GET as unknown as (path: string, init: { params: { query: Record<string, string> } }) => Promise<unknown>;
    await get('/search', { params: { query: { state: 'done' } } });
    expect(sent).toBe('http://127.0.0.1:9/search?state=done');
  });
});
