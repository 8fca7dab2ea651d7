/**
 * The TanStack Query integration's types, as a React app uses them: test/fixtures/tanstack/app.tsx
 * (useQuery with a select that changes the data type, useSuspenseQuery and useQueries over the
 * query options, useInfiniteQuery over the infinite query options, queryClient.fetchQuery and
 * fetchInfiniteQuery, a mutation, the resource's key prefix) compiles under `tsc --strict` with
 * TypeScript 5.9 and TypeScript 7, with exact-type assertions that fail to compile when a type
 * drifts. The generated files it imports are what generate writes today.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSpec } from '../../src/pipeline/generate.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const FIXTURE = join(ROOT, 'test', 'fixtures', 'tanstack');
const TMP = join(ROOT, 'test', '.tmp', `tanstack-types-${process.pid}`);
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
/** TypeScript 7 from the registry, kept between runs (as test/frameworks/fetch-types.test.ts keeps it). */
const TS7_CACHE = join(ROOT, 'test', '.tmp', 'ts7-cache');
const TS7 = join(TS7_CACHE, 'node_modules', 'typescript', 'bin', 'tsc');

beforeAll(() => {
  mkdirSync(TMP, { recursive: true });
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
        jsx: 'react-jsx',
        types: [],
        paths: { '@specforge/runtime/*': [join(ROOT, 'src', 'runtime', 'entry', '*.ts')] },
      },
      files: [join(FIXTURE, 'app.tsx')],
    }),
  );
  if (!existsSync(TS7)) {
    mkdirSync(TS7_CACHE, { recursive: true });
    writeFileSync(join(TS7_CACHE, 'package.json'), JSON.stringify({ name: 'ts7-cache', version: '1.0.0', private: true }));
    const npm = spawnSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', 'typescript@7'], {
      cwd: TS7_CACHE,
      encoding: 'utf8',
      timeout: 240_000,
    });
    if (npm.status !== 0) throw new Error(`npm install typescript@7: ${npm.stdout}${npm.stderr}`);
  }
}, 300_000);

afterAll(() => rmSync(TMP, { recursive: true, force: true }));

function tsc(compiler: string): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, [compiler, '-p', join(TMP, 'tsconfig.json')], { cwd: ROOT, encoding: 'utf8', timeout: 180_000 });
  return { status: r.status, out: r.stdout + r.stderr };
}

describe('the generated TanStack Query integration in a React app', () => {
  it('is what generate writes today', async () => {
    const out = join(TMP, 'generated');
    await generateSpec(
      { path: join(FIXTURE, 'openapi.yaml'), api: 'tanstack', out, targets: ['types', 'sdk', 'react-query'], strict: true },
      { cacheDir: join(TMP, '.cache'), force: true },
    );
    expect(readFileSync(join(out, 'react-query.ts'), 'utf8'), 'regenerate test/fixtures/tanstack/generated').toBe(
      readFileSync(join(FIXTURE, 'generated', 'react-query.ts'), 'utf8'),
    );
  });

  it('compiles under tsc --strict with TypeScript 5.9', () => {
    const r = tsc(TSC);
    expect(r.out).toBe('');
    expect(r.status).toBe(0);
  }, 200_000);

  it('compiles under tsc --strict with TypeScript 7', () => {
    expect(spawnSync(process.execPath, [TS7, '--version'], { encoding: 'utf8' }).stdout).toMatch(/^Version 7\./);
    const r = tsc(TS7);
    expect(r.out).toBe('');
    expect(r.status).toBe(0);
  }, 200_000);
});
