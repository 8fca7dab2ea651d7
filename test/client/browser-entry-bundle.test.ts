/**
 * The generated `index.ts` is the browser entry the README shows: importing `createClient` from it
 * must bundle no validator (issue 41: 1,876 kB where client.js gave 8.5 kB). validators.ts is
 * written so a bundler drops what nothing uses: compiled patterns and `__standard` wrappers are
 * pure calls, the runtime's formats and helpers are read in pure calls, and what a validator
 * evaluated is set in the same pure expression that defines it. A bundle that does import the
 * validators still runs them as Node does (no temporal dead zone from the new order).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSpec } from '../../src/pipeline/generate.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `browser-entry-${process.pid}`);
const OUT = join(TMP, 'generated');
/** The same contract with every validator compiled on first use, as contracts of 400 schemas or more are by default. */
const DEFERRED = join(TMP, 'deferred');
const SPEC = join(ROOT, 'specs', 'tables', 'openapi.yaml');
const ENTRIES = join(ROOT, 'src', 'runtime', 'entry');
/** @specforge/runtime/<entry> resolved to the run-time package's sources, whose package.json says sideEffects: false. */
const alias = Object.fromEntries(['client', 'validators'].map((e) => [`@specforge/runtime/${e}`, join(ENTRIES, `${e}.ts`)]));

async function bundle(source: string, platform: 'browser' | 'node' = 'browser'): Promise<string> {
  const entry = join(TMP, `entry-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(entry, source);
  const result = await build({ entryPoints: [entry], bundle: true, minify: true, write: false, format: 'esm', platform, alias, logLevel: 'silent' });
  return result.outputFiles[0]?.text ?? '';
}

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  await generateSpec(
    { path: SPEC, api: 'tables', out: OUT, targets: ['types', 'validators', 'client', 'index'], strict: true },
    { cacheDir: join(TMP, '.cache'), force: true },
  );
  await generateSpec(
    { path: SPEC, api: 'tables', out: DEFERRED, targets: ['types', 'validators', 'client', 'index'], strict: true, deferUnused: 'all' },
    { cacheDir: join(TMP, '.cache-deferred'), force: true },
  );
}, 120_000);
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('the browser entry (index.ts)', () => {
  it.each([
    ['compiled ahead', OUT],
    ['compiled on first use', DEFERRED],
  ])('bundles createClient alone (validators %s): the same size as importing client.js, no validator, no formats', async (_mode, out) => {
    const use = 'console.log(createClient);\n';
    const fromIndex = await bundle(`import { createClient } from ${JSON.stringify(join(out, 'index.js'))};\n${use}`);
    const fromClient = await bundle(`import { createClient } from ${JSON.stringify(join(out, 'client.js'))};\n${use}`);
    expect(fromClient.length).toBeGreaterThan(1_000);
    expect(fromIndex.length).toBeLessThanOrEqual(fromClient.length + 256);
    expect(/instancePath|date-time|ucs2length|tableReference/.test(fromIndex), 'no validator code or schema in the bundle').toBe(false);
  });

  it.each([
    ['compiled ahead', OUT],
    ['compiled on first use', DEFERRED],
  ])('a bundle that imports the validators (%s) runs them as the generated module does', async (mode, out) => {
    const code = await bundle(
      `import { operationValidators, schemaValidators, errorBodyValidator } from ${JSON.stringify(join(out, 'index.js'))};
const table = operationValidators.getTable.responses['200']['application/json'];
export const results = {
  validTable: table({ kind: 'bigquery#table', tableReference: { projectId: 'p', datasetId: 'd', tableId: 't' } }),
  wrongType: table({ tableReference: { projectId: 1 } }),
  int64: schemaValidators.Int64('12'),
  int64Bad: schemaValidators.Int64('x'),
  errorBody: errorBodyValidator({ error: { code: 404, message: 'Not found' } }),
  errorBodyBad: errorBodyValidator({ error: {} }),
};
`,
      'node',
    );
    expect(/instancePath/.test(code), 'the validators are in the bundle').toBe(true);
    const file = join(TMP, `bundled-${mode === 'compiled ahead' ? 'ahead' : 'deferred'}.mjs`);
    writeFileSync(file, code);
    const { results } = (await import(pathToFileURL(file).href)) as { results: Record<string, boolean> };
    expect(results).toEqual({ validTable: true, wrongType: false, int64: true, int64Bad: false, errorBody: true, errorBodyBad: false });
  });
});
