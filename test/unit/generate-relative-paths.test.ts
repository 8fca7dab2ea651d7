/**
 * generateSpec called with relative paths (the programmatic API; the CLI resolves its own) reads the
 * contract and writes the output relative to the working directory, instead of refusing every file as
 * landing "outside" the output folder.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSpec } from '../../src/pipeline/generate.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = resolve(ROOT, 'test', '.tmp', `generate-relative-${process.pid}`);
const start = process.cwd();

beforeAll(() => {
  mkdirSync(TMP, { recursive: true });
  writeFileSync(
    join(TMP, 'openapi.yaml'),
    'openapi: 3.1.0\ninfo: { title: Rel, version: 1.0.0 }\npaths:\n  /a:\n    get:\n      operationId: getA\n      responses:\n        "204": { description: none }\n',
  );
  process.chdir(TMP);
});
afterAll(() => {
  process.chdir(start);
  rmSync(TMP, { recursive: true, force: true });
});

describe('generateSpec with relative paths', () => {
  it('writes into the output folder relative to the working directory', async () => {
    const result = await generateSpec({ path: 'openapi.yaml', api: 'rel', out: 'gen', targets: ['types'], strict: true }, { cacheDir: 'cache', force: true });
    expect(result.entry.out).toBe(join(TMP, 'gen'));
    expect(existsSync(join(TMP, 'gen', 'types.ts'))).toBe(true);
    expect(readFileSync(join(TMP, 'gen', 'types.ts'), 'utf8')).toMatch(/"\/a"/);
    expect(existsSync(join(TMP, 'cache'))).toBe(true);
  });
});
