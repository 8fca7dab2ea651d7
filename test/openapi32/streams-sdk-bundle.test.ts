/**
 * The SDK's stream reader (server-sent events, JSON Lines, JSON text sequences, multipart/mixed:
 * about 12 kB minified) travels with the tables of the operations that answer streams
 * (`readItems: streamItems`), so a browser bundle of operations that answer JSON carries none of
 * it, and one of a streaming operation still reads its items. A table that names stream items
 * without a reader is an error that says so, never bytes handed out as items.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSpec } from '../../src/pipeline/generate.js';
import { createSdk, type SdkOperation } from '../../src/runtime/client/sdk.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `streams-sdk-bundle-${process.pid}`);
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
`;

async function bundle(source: string): Promise<string> {
  const entry = join(TMP, `entry-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(entry, source);
  const result = await build({ entryPoints: [entry], bundle: true, minify: true, write: false, format: 'esm', platform: 'browser', alias, logLevel: 'silent' });
  return result.outputFiles[0]?.text ?? '';
}

/** Strings only the stream reader holds (its error kinds and the server-sent event field names it reads). */
const READER = /idle-timeout|item-too-large|the event data/;

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  writeFileSync(join(TMP, 'openapi.yaml'), CONTRACT);
  await generateSpec(
    { path: join(TMP, 'openapi.yaml'), api: 'jobs', out: OUT, targets: ['types', 'sdk'], strict: true },
    { cacheDir: join(TMP, '.cache'), force: true },
  );
}, 120_000);
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('the SDK stream reader, carried by the streaming operations alone', () => {
  it('is named in the table of the operation that answers a stream, and only there', () => {
    const sdk = readFileSync(join(OUT, 'sdk.ts'), 'utf8');
    const table = (name: string): string => sdk.split('\n').find((l) => l.startsWith(`const ${name}Operation: SdkOperation = `)) ?? '';
    expect(table('followJobLog')).toMatch(/"readItems":streamItems\};$/);
    expect(table('getJob')).not.toContain('readItems');
    expect(sdk).toMatch(/^import \{ createSdk,[^\n]*, streamItems \} from "@specforge\/runtime\/client";$/m);
  });

  it('stays out of a bundle of operations that answer JSON, and comes with one that streams', async () => {
    const sdk = JSON.stringify(join(OUT, 'sdk.js'));
    const json = await bundle(`import { createSdkClient, getJob } from ${sdk};\nexport const r = getJob(createSdkClient(), { path: { id: 'a' } });\n`);
    const streaming = await bundle(
      `import { createSdkClient, followJobLog } from ${sdk};\nexport const r = followJobLog(createSdkClient(), { path: { id: 'a' } });\n`,
    );
    expect(READER.test(json), 'no stream reader in the JSON bundle').toBe(false);
    expect(READER.test(streaming), 'the stream reader in the streaming bundle').toBe(true);
    expect(json.length).toBeLessThan(streaming.length - 8_000);
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
});
