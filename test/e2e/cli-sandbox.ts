/**
 * What the command-line suites (cli-*.test.ts) share: the built CLI run in a child process, in a
 * scratch folder of the suite's own (with its own cache), so the suites run in parallel.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function readTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) out[name] = readFileSync(join(dir, name), 'utf8');
  return out;
}

/**
 * The scratch folder `test/.tmp/cli-<suite>-<pid>` (made afresh before the suite's tests, removed
 * after them), `cli` to run the built CLI with the folder's cache, and `echoCopy` for a copy of
 * the echo contract in its own folder, to edit and break.
 */
export function cliSandbox(suite: string): { TMP: string; cli: (args: string[], cwd?: string) => Run; echoCopy: (name: string) => string } {
  const TMP = join(ROOT, 'test', '.tmp', `cli-${suite}-${process.pid}`);
  beforeAll(() => {
    if (!existsSync(CLI)) throw new Error('build specforge first (npm run build)');
    rmSync(TMP, { recursive: true, force: true });
    mkdirSync(TMP, { recursive: true });
  });
  afterAll(() => {
    rmSync(TMP, { recursive: true, force: true });
  });
  const cli = (args: string[], cwd = ROOT): Run => {
    const r = spawnSync(process.execPath, [CLI, ...args], {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, SPECFORGE_CACHE_DIR: join(TMP, 'cache'), NO_COLOR: '1' },
      timeout: 120_000,
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  const echoCopy = (name: string): string => {
    const dir = join(TMP, name, 'echo');
    mkdirSync(dir, { recursive: true });
    cpSync(join(ROOT, 'specs', 'echo', 'openapi.yaml'), join(dir, 'openapi.yaml'));
    return join(dir, 'openapi.yaml');
  };
  return { TMP, cli, echoCopy };
}
