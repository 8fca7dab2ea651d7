/**
 * `specforge test` and `specforge proxy` start from the start-up cache (src/cli/commands/model-start.ts):
 * a second run on an unchanged contract uses the cache (as $SPECFORGE_TIMINGS says; stderr is
 * otherwise left to findings) and reports exactly what the first run reported (failures located in the contract's files, read again on demand), a changed contract is a
 * miss, `--no-cache` neither reads nor writes, and a tampered entry is a miss. The in-process runner
 * (runConformance with `spec`) starts from the same cache.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runProxy } from '../../src/cli/commands/proxy.js';
import { runTest } from '../../src/cli/commands/test.js';
import { runConformance } from '../../src/index.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = resolve(ROOT, 'test', '.tmp', `model-start-${process.pid}`);
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const SPEC = `openapi: 3.1.0
info: { title: pets, version: '1' }
paths:
  /pets/{id}:
    get:
      operationId: getPet
      parameters:
        - { name: id, in: path, required: true, schema: { type: integer }, example: 1 }
      responses:
        '200':
          description: a pet
          content:
            application/json:
              schema:
                type: object
                required: [id, name]
                properties: { id: { type: integer }, name: { type: string } }
              example: { id: 1, name: Rex }
`;

let dir = '';
let n = 0;
let env: string | undefined;
let timings: string | undefined;
let stderr: string[] = [];
beforeEach(() => {
  dir = join(TMP, `case-${n++}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'openapi.yaml'), SPEC);
  env = process.env['SPECFORGE_CACHE_DIR'];
  process.env['SPECFORGE_CACHE_DIR'] = join(dir, 'cache');
  timings = process.env['SPECFORGE_TIMINGS'];
  process.env['SPECFORGE_TIMINGS'] = '1';
  stderr = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr.push(String(chunk));
    return true;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (env === undefined) delete process.env['SPECFORGE_CACHE_DIR'];
  else process.env['SPECFORGE_CACHE_DIR'] = env;
  if (timings === undefined) delete process.env['SPECFORGE_TIMINGS'];
  else process.env['SPECFORGE_TIMINGS'] = timings;
});

/** The stylish report of a run against a server whose answers lack `name` (a failure located in the contract). */
async function report(cache = true): Promise<string> {
  let out = '';
  const fetch = async (request: Request): Promise<Response> =>
    new URL(request.url).pathname === '/' ? new Response('') : Response.json({ id: 1 }, { status: 200 });
  await runTest({ cwd: dir, spec: 'openapi.yaml', baseUrl: 'http://pets.test', phases: 'examples', progress: false, fetch, cache, write: (t) => (out += t) });
  return out.replace(/\d+(\.\d+)? ?m?s\b/g, '<time>');
}

/** Whether the last run started from the cache, as $SPECFORGE_TIMINGS's trace says; clears what stderr collected. */
const fromCache = (): boolean => {
  const hit = stderr.join('').includes('start-up cache read (hit: contract model from cache, key ');
  stderr = [];
  return hit;
};
const entries = (): string[] => {
  try {
    return readdirSync(join(dir, 'cache', 'start')).filter((f) => f.startsWith('model-') && f.endsWith('.v8'));
  } catch {
    return [];
  }
};

describe('specforge test and proxy: start-up cache', () => {
  it('a second run comes from the cache and reports the same, failures located in the contract', async () => {
    const first = await report();
    expect(fromCache()).toBe(false);
    expect(entries()).toHaveLength(1);
    expect(first).toMatch(/openapi\.yaml:\d+/);
    const second = await report();
    expect(fromCache()).toBe(true);
    expect(second).toEqual(first);
  });

  it('a changed contract is a miss; --no-cache neither reads nor writes', async () => {
    await report(false);
    expect(entries()).toEqual([]);
    await report();
    await report(false);
    expect(fromCache()).toBe(false);
    writeFileSync(join(dir, 'openapi.yaml'), SPEC.replace('name: Rex', 'name: Max'));
    await report();
    expect(fromCache()).toBe(false);
    await report();
    expect(fromCache()).toBe(true);
  });

  it('a tampered entry is a miss', async () => {
    const first = await report();
    const path = join(dir, 'cache', 'start', entries()[0] as string);
    const bytes = readFileSync(path);
    bytes.write('Eve', bytes.indexOf('Rex'), 'latin1');
    writeFileSync(path, bytes);
    expect(await report()).toEqual(first);
    expect(fromCache()).toBe(false);
  });

  it('the in-process runner starts from the cache and finds the same', async () => {
    const fetchHandler = (): Response => Response.json({ id: 1 }, { status: 200 });
    const run = async (): Promise<string[]> =>
      (await runConformance({ spec: join(dir, 'openapi.yaml'), fetchHandler, phases: ['examples'] })).failures.map((f) => `${f.check} ${f.message}`);
    const first = await run();
    expect(fromCache()).toBe(false);
    expect(first.length).toBeGreaterThan(0);
    expect(await run()).toEqual(first);
    expect(fromCache()).toBe(true);
  });

  it('specforge proxy starts from the entry specforge test wrote', async () => {
    await report();
    stderr = [];
    const controller = new AbortController();
    let out = '';
    await runProxy({
      cwd: dir,
      spec: 'openapi.yaml',
      upstream: 'http://127.0.0.1:9',
      port: 0,
      write: (t) => (out += t),
      warn: (t) => stderr.push(t),
      onListening: () => controller.abort(),
      signal: controller.signal,
    });
    expect(fromCache()).toBe(true);
    expect(out).toContain('0 requests');
  });
});
