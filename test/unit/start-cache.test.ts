/**
 * The start-up cache of `specforge mock` (src/cli/commands/start-cache.ts): a second start on an
 * unchanged contract reads the cache and answers as the first did; a changed entry file, a changed
 * $ref-ed file, another toolchain fingerprint or version, or another strict level is a miss; a corrupt
 * entry is a miss and is rewritten; `--no-cache` neither reads nor writes it.
 */
import { chownSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMockFromSpec, runMock, type StartCache } from '../../src/cli/commands/mock.js';
import { readStart, writeStart, type MockStart, type StartKey } from '../../src/cli/commands/start-cache.js';
import type { Mock } from '../../src/runtime/mock/server.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = resolve(ROOT, 'test', '.tmp', `start-cache-${process.pid}`);
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const ENTRY = `openapi: 3.1.0
info: { title: pets, version: '1' }
paths:
  /pets/{id}:
    get:
      operationId: getPet
      parameters:
        - { name: id, in: path, required: true, schema: { type: integer } }
      responses:
        '200':
          description: a pet
          content:
            application/json:
              schema: { $ref: './schemas.yaml#/Pet' }
              example: { id: 1, name: Rex }
  /pets:
    post:
      operationId: createPet
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: './schemas.yaml#/Pet' }
      responses:
        '201':
          description: created
          content:
            application/json:
              schema: { $ref: './schemas.yaml#/Pet' }
`;
const SCHEMAS = `Pet:
  type: object
  required: [id, name]
  properties:
    id: { type: integer }
    name: { type: string, maxLength: 10 }
`;

let dir = '';
let cacheDir = '';
let n = 0;
beforeEach(() => {
  dir = join(TMP, `case-${n++}`);
  cacheDir = join(dir, 'cache');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'openapi.yaml'), ENTRY);
  writeFileSync(join(dir, 'schemas.yaml'), SCHEMAS);
});

/** Starts the mock with the cache at `cacheDir`; `hits` collects the lines that say it started from the cache. */
async function start(hits: string[]): Promise<Mock> {
  const cache: StartCache = { dir: cacheDir, note: (line) => hits.push(line) };
  return createMockFromSpec(join(dir, 'openapi.yaml'), {}, undefined, undefined, undefined, undefined, cache);
}

async function answers(mock: Mock): Promise<string[]> {
  const out: string[] = [];
  const requests = [
    new Request('http://mock/pets/1'),
    new Request('http://mock/pets/abc'),
    new Request('http://mock/pets', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id":2,"name":"a name far too long"}' }),
    new Request('http://mock/pets', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id":2,"name":"Tom"}' }),
  ];
  for (const r of requests) {
    const res = await mock.fetch(r);
    out.push(`${res.status} ${await res.text()}`);
  }
  return out;
}

function entries(folder = cacheDir): string[] {
  try {
    return readdirSync(folder).filter((f) => f.endsWith('.v8'));
  } catch {
    return [];
  }
}

describe('specforge mock: start-up cache', () => {
  it('a second start on an unchanged contract comes from the cache and answers the same', async () => {
    const hits: string[] = [];
    const first = await answers(await start(hits));
    expect(hits).toEqual([]);
    expect(entries()).toHaveLength(1);
    const second = await answers(await start(hits));
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatch(/^contract model from cache \(key [0-9a-f]{12}\), built \d{4}-\d\d-\d\dT/);
    expect(second).toEqual(first);
    expect(first[0]).toMatch(/^200 /);
    expect(first[1]).toMatch(/^400 /);
    expect(first[2]).toMatch(/^400 /);
  });

  it('a changed entry file is a miss, and the new contract is served', async () => {
    const hits: string[] = [];
    await start(hits);
    writeFileSync(join(dir, 'openapi.yaml'), ENTRY.replace('{ id: 1, name: Rex }', '{ id: 1, name: Max }'));
    const mock = await start(hits);
    expect(hits).toEqual([]);
    expect((await answers(mock))[0]).toContain('Max');
    await start(hits);
    expect(hits).toHaveLength(1);
  });

  it('a changed $ref-ed file is a miss', async () => {
    const hits: string[] = [];
    await start(hits);
    writeFileSync(join(dir, 'schemas.yaml'), SCHEMAS.replace('maxLength: 10', 'maxLength: 100'));
    const mock = await start(hits);
    expect(hits).toEqual([]);
    expect((await answers(mock))[2]).toMatch(/^201 /);
  });

  it('another strict level is a miss', async () => {
    const hits: string[] = [];
    await start(hits);
    await createMockFromSpec(join(dir, 'openapi.yaml'), {}, true, undefined, undefined, undefined, { dir: cacheDir, note: (l) => hits.push(l) });
    expect(hits).toEqual([]);
    expect(entries()).toHaveLength(2);
  });

  it('another toolchain fingerprint or version is a miss; a changed file listed in the entry is a miss', () => {
    const file = join(dir, 'schemas.yaml');
    const key: StartKey = { fingerprint: 'f1', version: '1.0.0', specPath: join(dir, 'openapi.yaml'), strict: 'true', overlays: [] };
    const data = { api: {}, tables: {}, plan: {}, errorShapeWarnings: [], patchWarnings: [], locations: {} } as unknown as MockStart;
    expect(writeStart(cacheDir, key, [{ path: file, text: SCHEMAS }], data)).toBe(true);
    expect(readStart(cacheDir, key)?.start).toEqual(data);
    expect(readStart(cacheDir, { ...key, fingerprint: 'f2' })).toBeUndefined();
    expect(readStart(cacheDir, { ...key, version: '1.0.1' })).toBeUndefined();
    expect(readStart(cacheDir, { ...key, overlays: ['/x/overlay.yaml'] })).toBeUndefined();
    expect(readStart(cacheDir, { ...key, errors: { shape: 'problem' } })).toBeUndefined();
    writeFileSync(file, SCHEMAS + '# changed\n');
    expect(readStart(cacheDir, key)).toBeUndefined();
    // A file that changed between loading and writing: nothing is written.
    expect(writeStart(cacheDir, { ...key, fingerprint: 'f3' }, [{ path: file, text: SCHEMAS }], data)).toBe(false);
  });

  it.runIf(process.getuid?.() === 0)('an entry another user owns is a miss', async () => {
    const hits: string[] = [];
    await start(hits);
    const [name] = entries();
    chownSync(join(cacheDir, name as string), 4242, 4242);
    await start(hits);
    expect(hits).toEqual([]);
  });

  it('a corrupt entry is a miss, never a crash, and is rewritten', async () => {
    const hits: string[] = [];
    const first = await answers(await start(hits));
    const [name] = entries();
    const path = join(cacheDir, name as string);
    for (const junk of [Buffer.from('not an entry'), readFileSync(path).subarray(0, 100), Buffer.alloc(0)]) {
      writeFileSync(path, junk);
      expect(await answers(await start(hits))).toEqual(first);
      expect(hits).toEqual([]);
      expect(readFileSync(path).length).toBeGreaterThan(1000);
    }
    await start(hits);
    expect(hits).toHaveLength(1);
  });

  it('--no-cache neither reads nor writes the cache', async () => {
    const env = process.env['SPECFORGE_CACHE_DIR'];
    process.env['SPECFORGE_CACHE_DIR'] = cacheDir;
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const run = async (cache: boolean): Promise<void> => {
        const { server } = await runMock({ cwd: dir, spec: 'openapi.yaml', port: 0, cache, write: () => undefined });
        await new Promise((ok) => server.close(ok));
      };
      // $SPECFORGE_CACHE_DIR is specforge's cache folder; start-ups go in its start/ folder.
      const starts = join(cacheDir, 'start');
      await run(false);
      expect(entries(starts)).toEqual([]);
      await run(true);
      expect(entries(starts)).toHaveLength(1);
      stderr.mockClear();
      await run(false);
      expect(stderr.mock.calls.map((c) => String(c[0])).join('')).not.toContain('from cache');
      await run(true);
      expect(stderr.mock.calls.map((c) => String(c[0])).join('')).toContain('specforge mock: contract model from cache (key ');
    } finally {
      stderr.mockRestore();
      if (env === undefined) delete process.env['SPECFORGE_CACHE_DIR'];
      else process.env['SPECFORGE_CACHE_DIR'] = env;
    }
  });
});
