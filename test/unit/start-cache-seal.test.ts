/**
 * The start-up cache is sealed (src/cli/commands/start-cache.ts, machine-key.ts): the cache folder
 * is usually inside the checkout (node_modules/.cache), where a fork's commit could plant an entry.
 * An entry whose bytes were changed, one sealed with another key (written elsewhere) and one in the
 * unsealed format are misses: the mock serves the contract, not the planted entry. The key is this
 * user's, 0600 in a 0700 folder, and a key others may read is not used.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serialize } from 'node:v8';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockFromSpec, type StartCache } from '../../src/cli/commands/mock.js';
import { machineKeyAt } from '../../src/cli/commands/machine-key.js';
import { readStart, writeStart, type MockStart, type StartKey } from '../../src/cli/commands/start-cache.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = resolve(ROOT, 'test', '.tmp', `start-cache-seal-${process.pid}`);
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
              schema:
                type: object
                required: [id, name]
                properties: { id: { type: integer }, name: { type: string } }
              example: { id: 1, name: Rex }
`;

let dir = '';
let cacheDir = '';
let n = 0;
beforeEach(() => {
  dir = join(TMP, `case-${n++}`);
  cacheDir = join(dir, 'cache');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'openapi.yaml'), ENTRY);
});

async function firstAnswer(hits: string[]): Promise<string> {
  const cache: StartCache = { dir: cacheDir, note: (line) => hits.push(line) };
  const mock = await createMockFromSpec(join(dir, 'openapi.yaml'), {}, undefined, undefined, undefined, undefined, cache);
  return (await mock.fetch(new Request('http://mock/pets/1'))).text();
}

function entryFile(): string {
  const names = readdirSync(cacheDir).filter((f) => f.endsWith('.v8'));
  expect(names).toHaveLength(1);
  return join(cacheDir, names[0] as string);
}

describe('start-up cache: sealed entries', () => {
  it('an entry whose bytes were changed in place is a miss: the contract is served, not the entry', async () => {
    const hits: string[] = [];
    expect(await firstAnswer(hits)).toContain('Rex');
    const path = entryFile();
    const bytes = readFileSync(path);
    const at = bytes.indexOf('Rex');
    expect(at).toBeGreaterThan(0);
    bytes.write('Eve', at, 'latin1');
    writeFileSync(path, bytes);
    expect(await firstAnswer(hits)).toContain('Rex');
    expect(hits).toEqual([]);
  });

  it('an entry sealed with another key, or not sealed at all, is a miss and is rewritten', async () => {
    const hits: string[] = [];
    await firstAnswer(hits);
    const path = entryFile();
    const key: StartKey = { fingerprint: 'f', version: '1', specPath: join(dir, 'openapi.yaml'), strict: 'true', overlays: [] };
    const start = { api: {}, tables: {}, plan: {}, errorShapeWarnings: [], patchWarnings: [], locations: {} } as unknown as MockStart;
    // Another machine's key: the entry a commit would carry.
    expect(writeStart(cacheDir, key, [{ path: join(dir, 'openapi.yaml'), text: ENTRY }], start, new Date(), randomBytes(32))).toBe(true);
    expect(readStart(cacheDir, key, randomBytes(32))).toBeUndefined();
    const planted = readdirSync(cacheDir).filter((f) => f.endsWith('.v8') && join(cacheDir, f) !== path);
    expect(planted).toHaveLength(1);
    expect(readStart(cacheDir, key)).toBeUndefined();
    // The mock's own slot, overwritten with a forged entry (another key) and then with the unsealed format.
    const forged = readFileSync(join(cacheDir, planted[0] as string));
    for (const junk of [forged, serialize({ format: 1, slot: 'x', files: [], builtAt: 'now', start })]) {
      writeFileSync(path, junk);
      expect(await firstAnswer(hits)).toContain('Rex');
      expect(hits).toEqual([]);
    }
    // Rewritten, sealed with this user's key: the next start reads it.
    expect(await firstAnswer(hits)).toContain('Rex');
    expect(hits).toHaveLength(1);
  });

  it("the key is this user's: created 0600 in a 0700 folder, the same on each read; one others may read is not used", () => {
    const keyDir = join(dir, 'key');
    const key = machineKeyAt(keyDir);
    expect(key).toHaveLength(32);
    expect(machineKeyAt(keyDir)?.equals(key as Buffer)).toBe(true);
    expect(statSync(keyDir).mode & 0o777).toBe(0o700);
    const file = join(keyDir, readdirSync(keyDir)[0] as string);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    chmodSync(file, 0o644);
    expect(machineKeyAt(keyDir)).toBeUndefined();
  });
});
