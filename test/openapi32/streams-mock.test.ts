/**
 * OpenAPI 3.2 streams in the mock and MSW, on the LLM-style fixture
 * (test/fixtures/openapi32/llm-streams.yaml): a stream answer sends the example's items (an
 * example's dataValue is the list of items), else items sampled from the item schema
 * (deterministic per seed); `Prefer: items=, interval=` sets their count and pace within bounds;
 * the browser mock (MSW's) streams the same. The generated handler types (a stream status's body
 * is an AsyncIterable of the item) and MSW handlers compile under tsc --strict, TypeScript 5.9 and 7.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockFromSpec } from '../../src/cli/commands/mock.js';
import { buildModel } from '../../src/contract/model.js';
import { apiSpec, mockTables } from '../../src/contract/tables/api.js';
import { compileValidators } from '../../src/contract/tables/validators.js';
import { generateSpec } from '../../src/pipeline/generate.js';
import { createBrowserMock } from '../../src/runtime/mock/browser.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const FIXTURE = join(ROOT, 'test', 'fixtures', 'openapi32', 'llm-streams.yaml');
const TMP = resolve(ROOT, 'test', '.tmp', `openapi32-streams-mock-${process.pid}`);
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const TS7 = join(ROOT, 'test', '.tmp', 'ts7-cache', 'node_modules', 'typescript', 'bin', 'tsc');

beforeAll(() => mkdirSync(TMP, { recursive: true }));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('generated code', () => {
  it('types a stream status as an AsyncIterable of its item, and compiles with MSW handlers under tsc --strict (TypeScript 5.9 and 7)', async () => {
    const out = join(TMP, 'generated');
    await generateSpec(
      { path: FIXTURE, api: 'llm', out, targets: ['types', 'validators', 'server', 'mocks', 'msw'], strict: true },
      { cacheDir: join(TMP, 'cache'), force: true },
    );
    const app = join(TMP, 'app.ts');
    writeFileSync(
      app,
      `import { createServer, type Handlers } from './generated/server.js';
import { createMswHandlers } from './generated/msw.js';
import type { components } from './generated/types.js';
type Delta = components['schemas']['Delta'];
async function* deltas(): AsyncGenerator<{ event: 'delta' | 'done'; id: string; data: Delta }> {
  yield { event: 'delta', id: '1', data: { index: 0, text: 'Hel' } };
  yield { event: 'done', id: '2', data: { index: 1, text: '', finish_reason: 'stop' } };
}
const handlers: Handlers = {
  createCompletion: (ctx) => (ctx.body.prompt === '' ? { status: 400, body: { message: 'empty' } } : { status: 200, body: deltas() }),
  followJobLog: () => ({ status: 200, body: [{ at: '2026-01-01T00:00:00Z', level: 'info', message: 'started' }] }),
  watchJobProgress: (ctx) => ctx.reply(200, (async function* () { yield { percent: 50, stage: 'build' }; })()),
};
export const listener = createServer(handlers);
type Body200 = Extract<Awaited<ReturnType<Handlers['createCompletion']>>, { status: 200 }>['body'];
type Accepts<T> = T extends Body200 ? true : false;
// The item's data is the parsed Delta, not its text; an iterable of anything is not a stream of items.
export const typed: Accepts<AsyncIterable<{ data: Delta }>> = true;
export const text: Accepts<AsyncIterable<{ data: string }>> = false;
export const loose: Accepts<AsyncIterable<unknown>> = false;
export const msw = createMswHandlers({ baseUrl: 'http://127.0.0.1:4010/v1' }).handlers.length;
`,
    );
    writeFileSync(
      join(TMP, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2022', 'DOM'],
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: [],
          paths: { '@specforge/runtime/*': [join(ROOT, 'src', 'runtime', 'entry', '*.ts')] },
        },
        files: [app],
      }),
    );
    // The generated validators check one item (an event's data parsed), as the in-process ones do.
    const generated = (await import(join(out, 'validators.js'))) as {
      operationValidators: Record<string, { responses: Record<string, Record<string, (v: unknown) => boolean>> }>;
    };
    const item = generated.operationValidators['createCompletion']?.responses['200']?.['text/event-stream'];
    expect(item?.({ event: 'delta', id: '1', data: { index: 0, text: 'Hel' } })).toBe(true);
    expect(item?.({ event: 'delta', id: '1', data: '{"index":0,"text":"Hel"}' })).toBe(false);
    for (const compiler of existsSync(TS7) ? [TSC, TS7] : [TSC]) {
      const r = spawnSync(process.execPath, [compiler, '-p', join(TMP, 'tsconfig.json')], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
      expect(r.stdout + r.stderr).toBe('');
      expect(r.status).toBe(0);
    }
  }, 180_000);
});

const SSE_EXAMPLE =
  'event: delta\nid: 1\ndata: {"index":0,"text":"Hel"}\n\n' +
  'event: delta\nid: 2\ndata: {"index":1,"text":"lo"}\n\n' +
  'event: done\nid: 3\ndata: {"index":2,"text":"","finish_reason":"stop"}\n\n';
const COMPLETION = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ prompt: 'Say hello' }) };

/** The events of an SSE text, by blank line. */
function events(text: string): string[] {
  return text.split('\n\n').filter((e) => e !== '');
}

describe('the mock', () => {
  it("streams the example's items, framed for the media type", async () => {
    const mock = await createMockFromSpec(FIXTURE);
    const res = await mock.fetch(new Request('http://mock.test/completions', COMPLETION));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(await res.text()).toBe(SSE_EXAMPLE);
  });

  it('samples items from the item schema, valid and the same for a seed; Prefer: items= sets the count, within bounds', async () => {
    const model = await buildModel(FIXTURE);
    const validate = compileValidators(model).operationValidators['followJobLog']?.responses['200']?.['application/jsonl'];
    const mock = await createMockFromSpec(FIXTURE);
    const text = await (await mock.fetch(new Request('http://mock.test/jobs/job_abcd/log'))).text();
    const lines = text.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(validate?.(JSON.parse(line)), line).toBe(true);
    // Deterministic: again, and from another mock of the same seed.
    expect(await (await mock.fetch(new Request('http://mock.test/jobs/job_abcd/log'))).text()).toBe(text);
    const again = await createMockFromSpec(FIXTURE);
    expect(await (await again.fetch(new Request('http://mock.test/jobs/job_abcd/log'))).text()).toBe(text);
    const other = await createMockFromSpec(FIXTURE, { seed: 7 });
    expect(await (await other.fetch(new Request('http://mock.test/jobs/job_abcd/log'))).text()).not.toBe(text);
    const five = await (await mock.fetch(new Request('http://mock.test/jobs/job_abcd/log', { headers: { prefer: 'items=5' } }))).text();
    expect(five.startsWith(text)).toBe(true);
    expect(five.split('\n').filter((l) => l !== '')).toHaveLength(5);
    const capped = await (await mock.fetch(new Request('http://mock.test/jobs/job_abcd/progress', { headers: { prefer: 'items=999999' } }))).text();
    expect(capped.split('\x1e').filter((r) => r !== '')).toHaveLength(1000);
    expect(await (await mock.fetch(new Request('http://mock.test/jobs/job_abcd/log', { headers: { prefer: 'items=0' } }))).text()).toBe('');
  });

  it('Prefer: items=5, interval=100 sends the example first, then samples, paced', async () => {
    const mock = await createMockFromSpec(FIXTURE);
    const started = Date.now();
    const res = await mock.fetch(
      new Request('http://mock.test/completions', { ...COMPLETION, headers: { ...COMPLETION.headers, prefer: 'items=5, interval=100' } }),
    );
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(Date.now() - started).toBeLessThan(90);
    let text = new TextDecoder().decode(first.value);
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += new TextDecoder().decode(chunk.value);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    const sent = events(text);
    expect(sent).toHaveLength(5);
    expect(sent.slice(0, 3).join('\n\n') + '\n\n').toBe(SSE_EXAMPLE);
    for (const e of sent.slice(3)) expect(e).toMatch(/^(event: (delta|done)\n)?(id: .*\n)?(retry: \d+\n)?data: \{.*\}$/s);
  });

  it("sends a serializedValue example's text as is, and names a missing example", async () => {
    const spec = readFileSync(FIXTURE, 'utf8').replace(
      "              itemSchema: { $ref: '#/components/schemas/LogLine' }\n",
      '              itemSchema: { $ref: \'#/components/schemas/LogLine\' }\n              examples:\n                raw:\n                  serializedValue: "{\\"at\\":\\"2026-01-01T00:00:00Z\\",\\"level\\":\\"info\\",\\"message\\":\\"hi\\"}\\n"\n',
    );
    expect(spec).toContain('serializedValue');
    writeFileSync(join(TMP, 'raw.yaml'), spec);
    const mock = await createMockFromSpec(join(TMP, 'raw.yaml'));
    const res = await mock.fetch(new Request('http://mock.test/jobs/job_abcd/log'));
    expect(res.headers.get('content-type')).toBe('application/jsonl');
    expect(await res.text()).toBe('{"at":"2026-01-01T00:00:00Z","level":"info","message":"hi"}\n');
    const missing = await mock.fetch(new Request('http://mock.test/jobs/job_abcd/log', { headers: { prefer: 'example=none' } }));
    expect(missing.status).toBe(400);
  });

  it('the browser mock (MSW handlers) streams too, pulled as read', async () => {
    const model = await buildModel(FIXTURE);
    const mock = createBrowserMock(apiSpec(model), compileValidators(model), mockTables(model));
    const res = await mock.fetch(
      new Request('http://127.0.0.1/completions', { ...COMPLETION, headers: { ...COMPLETION.headers, prefer: 'items=1000, interval=50' } }),
    );
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe(events(SSE_EXAMPLE)[0] + '\n\n');
    await reader.cancel();
  });
});
