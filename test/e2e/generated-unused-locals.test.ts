/**
 * Generated code compiles in a project with `noUnusedLocals` and `noUnusedParameters` (the Vite
 * template's settings) and `exactOptionalPropertyTypes` (@tsconfig/strictest's): every contract of specs/ with every target (the SDK, TanStack Query, MSW
 * and zod among them), in one tsc run. Validators are deferred (compiled on first use), so the
 * run stays short: their standalone code is checked by test/typecheck.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KNOWN_TARGETS } from '../../src/codegen/targets.js';
import { generateSpec } from '../../src/pipeline/generate.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
// Inside the repository, so that the generated code resolves its imports from its node_modules.
const TMP = join(ROOT, 'test', '.tmp', `generated-unused-locals-${process.pid}`);
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('generated code under noUnusedLocals, noUnusedParameters and exactOptionalPropertyTypes', () => {
  it('compiles for every contract in specs/ and every target', async () => {
    const apis = readdirSync(join(ROOT, 'specs')).sort();
    for (const api of apis) {
      await generateSpec(
        { path: join(ROOT, 'specs', api, 'openapi.yaml'), api, out: join(TMP, api), targets: [...KNOWN_TARGETS], strict: false, deferUnused: 'all' },
        { cacheDir: join(TMP, '.cache'), force: true },
      );
    }
    mkdirSync(TMP, { recursive: true });
    writeFileSync(
      join(TMP, 'tsconfig.json'),
      JSON.stringify({
        extends: '../../../tsconfig.json',
        compilerOptions: {
          noEmit: true,
          rootDir: '../../..',
          allowJs: false,
          strict: true,
          noUnusedLocals: true,
          noUnusedParameters: true,
          exactOptionalPropertyTypes: true,
          paths: { '@specforge/runtime/*': ['../../../src/runtime/entry/*.ts'] },
        },
        include: ['*/**/*.ts'],
      }),
    );
    const r = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(TMP, 'tsconfig.json')], {
      cwd: TMP,
      encoding: 'utf8',
      timeout: 240_000,
    });
    // Only the generated files are judged (the run-time sources have their own settings).
    const lines = (r.stdout + r.stderr).split('\n').filter((l) => /^[a-z-]+\/[^(]+\.ts\(/.test(l));
    expect(lines).toEqual([]);
    expect(r.error).toBeUndefined();
  }, 300_000);
});
