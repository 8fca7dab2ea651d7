/**
 * `specforge review --deprecation-days` and the config's `diff:` settings, through the built CLI,
 * in a temporary git repository: the base revision has a deprecated path without x-sunset that the
 * working tree removes; lint is clean and the generated code matches the working tree, so the
 * breaking-change check alone decides the verdict.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const SPECS = 'output: generated\nspecs:\n  - path: specs/echo/openapi.yaml\n';
let repo: string;

const git = (...args: string[]): void => {
  const r = spawnSync('git', ['-c', 'user.name=specforge', '-c', 'user.email=specforge@example.com', '-c', 'commit.gpgsign=false', ...args], {
    cwd: repo,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
};

interface Reviewed {
  status: number | null;
  stderr: string;
  /** Rule and level of each finding. */
  findings: Array<[string, string]>;
}

function review(args: string[], config = SPECS): Reviewed {
  // review follows the base revision's config: the base commit gets this one.
  writeFileSync(join(repo, 'specforge.config.yaml'), config);
  git('add', 'specforge.config.yaml');
  git('commit', '-q', '--amend', '--no-edit', '--allow-empty');
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GITHUB_')));
  const r = spawnSync(process.execPath, [CLI, 'review', '--base', 'HEAD', '--format', 'json', '--summary', 'summary.md', ...args], {
    cwd: repo,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...clean, NO_COLOR: '1' },
  });
  const findings =
    r.status === 2
      ? []
      : (JSON.parse(r.stdout) as { findings: Array<{ rule: string; level: string }> }).findings.map((f): [string, string] => [f.rule, f.level]);
  return { status: r.status, stderr: r.stderr, findings };
}

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error('build specforge first (npm run build)');
  repo = realpathSync(mkdtempSync(join(tmpdir(), 'specforge-review-days-')));
  cpSync(join(ROOT, 'specs', 'echo'), join(repo, 'specs', 'echo'), { recursive: true });
  cpSync(join(ROOT, 'generated', 'echo'), join(repo, 'generated', 'echo'), { recursive: true });
  writeFileSync(join(repo, 'specforge.config.yaml'), SPECS);
  // The base revision: the echo contract with one more path, deprecated, with no x-sunset.
  const spec = join(repo, 'specs', 'echo', 'openapi.yaml');
  const head = readFileSync(spec, 'utf8');
  const legacy =
    "paths:\n  /echo/legacy:\n    get:\n      operationId: legacyEcho\n      summary: The old echo\n      deprecated: true\n      responses:\n        '200':\n          description: ok\n";
  const base = head.replace('\npaths:\n', `\n${legacy}`);
  expect(base).not.toBe(head);
  writeFileSync(spec, base);
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'echo with a deprecated path');
  writeFileSync(spec, head);
});

afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe('specforge review and the deprecation period', () => {
  it('without one, removing the deprecated path is info and the review passes', () => {
    const r = review([]);
    expect(r.stderr).toBe('');
    expect(r.findings).toEqual([['api-path-removed-with-deprecation', 'info']]);
    expect(r.status).toBe(0);
  }, 240_000);

  it('--deprecation-days makes it breaking: the review fails', () => {
    const r = review(['--deprecation-days', '90']);
    expect(r.findings).toEqual([['api-deprecated-sunset-missing', 'error']]);
    expect(r.status).toBe(1);
    expect(readFileSync(join(repo, 'summary.md'), 'utf8')).toContain('❌ changes needed');
  }, 240_000);

  it("the config's diff.deprecationDays does the same; the flag wins over it", () => {
    const config = `${SPECS}diff:\n  deprecationDays: 90\n`;
    expect(review([], config)).toMatchObject({ status: 1, findings: [['api-deprecated-sunset-missing', 'error']] });
    expect(review(['--deprecation-days', '0'], config)).toMatchObject({ status: 0, findings: [['api-path-removed-with-deprecation', 'info']] });
  }, 240_000);

  it("the config's diff.accept (relative to the config) accepts it; --accept wins", () => {
    writeFileSync(join(repo, 'accepted.yaml'), 'accepted:\n  - rule: api-deprecated-sunset-missing\n    path: /echo/legacy\n    reason: announced by mail\n');
    writeFileSync(join(repo, 'none.yaml'), 'accepted: []\n');
    const config = `${SPECS}diff:\n  deprecationDays: 90\n  accept: accepted.yaml\n`;
    expect(review([], config)).toMatchObject({ status: 0, findings: [['api-deprecated-sunset-missing', 'info']] });
    expect(review(['--accept', 'none.yaml'], config)).toMatchObject({ status: 1, findings: [['api-deprecated-sunset-missing', 'error']] });
  }, 240_000);

  it('a bad --deprecation-days is a usage error, and a bad diff.deprecationDays an error at file:line:col (exit 2, no stack trace)', () => {
    const flag = review(['--deprecation-days', 'soon']);
    expect(flag.status).toBe(2);
    expect(flag.stderr).toContain('--deprecation-days must be a whole number of days (0 or more), not "soon"');
    const config = review([], `${SPECS}diff:\n  deprecationDays: -5\n`);
    expect(config.status).toBe(2);
    expect(config.stderr).toContain(
      'specforge.config.yaml:5:3: error SPECFORGE_CONFIG: diff.deprecationDays must be a whole number of days (0 or more), not -5',
    );
    expect(config.stderr).not.toMatch(/\n\s+at /);
  }, 240_000);
});
