/**
 * `specforge review` on a contract that already has a lint error on the base branch, through the
 * built CLI in temporary git repositories: only findings new since the base count (`--all` counts
 * every one), a finding that moved lines is still the old one, the summary and the annotations lead
 * with the breaking change, and a shallow clone without the base says how to fetch it and still
 * writes a valid SARIF file.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const SPEC = join('specs', 'echo', 'openapi.yaml');
let repo: string;
/** Reports go here, outside the repository (a branch commits everything in it). */
let out: string;
const made: string[] = [];

function gitIn(cwd: string, ...args: string[]): string {
  const r = spawnSync(
    'git',
    ['-c', 'user.name=specforge', '-c', 'user.email=specforge@example.com', '-c', 'commit.gpgsign=false', '-c', 'protocol.file.allow=always', ...args],
    { cwd, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}
const git = (...args: string[]): string => gitIn(repo, ...args);

function cli(cwd: string, args: string[], env: Record<string, string> = {}): { status: number | null; stdout: string; stderr: string } {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GITHUB_')));
  return spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', timeout: 180_000, env: { ...clean, NO_COLOR: '1', ...env } });
}

function edit(path: string, from: string, to: string): void {
  const text = readFileSync(path, 'utf8');
  if (!text.includes(from)) throw new Error(`no ${JSON.stringify(from)} in ${path}`);
  writeFileSync(path, text.replace(from, to));
}

/** A branch off main with one commit made by `change` (generated code regenerated with it). */
function branch(name: string, change: (spec: string) => void): void {
  git('checkout', '-q', '-B', name, 'main');
  change(join(repo, SPEC));
  const gen = cli(repo, ['generate']);
  if (gen.status !== 0) throw new Error(`generate: ${gen.stderr}`);
  git('add', '-A');
  git('commit', '-qm', name, '--allow-empty');
}

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error('build specforge first');
  repo = realpathSync(mkdtempSync(join(tmpdir(), 'specforge-review-new-')));
  out = realpathSync(mkdtempSync(join(tmpdir(), 'specforge-review-out-')));
  made.push(repo, out);
  cpSync(join(ROOT, 'specs', 'echo'), join(repo, 'specs', 'echo'), { recursive: true });
  writeFileSync(join(repo, 'specforge.config.yaml'), 'output: generated\nspecs:\n  - path: specs/echo/openapi.yaml\n');
  // The base branch already has a lint error: an example that does not match its schema.
  edit(
    join(repo, SPEC),
    '                value:\n                  message: hello world\n              unicode:',
    '                value:\n                  message: 42\n              unicode:',
  );
  const gen = cli(repo, ['generate']);
  if (gen.status !== 0) throw new Error(`generate: ${gen.stderr}`);
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('commit', '-qm', 'echo with an invalid example');
}, 240_000);

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('review counts only what is new since the base', () => {
  it('passes on a branch that moves the pre-existing error down the file, counting it in one line; --all fails on it', () => {
    // Lines added above the bad example: the finding moves, it is still the one the base had.
    branch('noop', (spec) =>
      edit(
        spec,
        '      description: |\n        Echo back a given message.',
        '      description: |\n        Echo back a given message.\n        It answers at once.\n        Nothing is stored.',
      ),
    );
    const r = cli(repo, ['review', '--base', 'main', '--summary', join(out, 'summary.md')]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('1 lint finding already on main is not counted (--all reports it)');
    const summary = readFileSync(join(out, 'summary.md'), 'utf8');
    expect(summary).toContain('✅ ready');
    expect(summary).toMatch(/<details><summary>Everything else: 1 pre-existing lint<\/summary>/);
    const all = cli(repo, ['review', '--base', 'main', '--all', '--format', 'json', '--summary', join(out, 'summary.md')]);
    expect(all.status).toBe(1);
    expect((JSON.parse(all.stdout) as { findings: Array<{ rule: string }> }).findings.map((f) => f.rule)).toContain('specforge/valid-examples');
    const both = cli(repo, ['review', '--base', 'main', '--all', '--new-only']);
    expect(both.status).toBe(2);
    expect(both.stderr).toContain('--all and --new-only');
  }, 240_000);

  it('fails on a new lint error beside the old one, and on it only', () => {
    branch('new-error', (spec) =>
      edit(
        spec,
        "                value:\n                  message: 'Grüße, こんにちは 👋'\n      responses:",
        '                value:\n                  message: 7\n      responses:',
      ),
    );
    const r = cli(repo, ['review', '--base', 'main', '--format', 'json', '--summary', join(out, 'summary.md')]);
    expect(r.status).toBe(1);
    const report = JSON.parse(r.stdout) as { findings: Array<{ rule: string; message: string }>; preExisting: number };
    expect(report.preExisting).toBe(1);
    expect(report.findings.filter((f) => f.rule === 'specforge/valid-examples').map((f) => f.message)).toEqual([expect.stringContaining('example "unicode"')]);
  }, 240_000);

  it('on a branch with one breaking change, the summary starts with it and it is the first annotation', () => {
    branch('breaking', (spec) =>
      edit(spec, '        message:\n          type: string\n', '        message:\n          type: string\n          maxLength: 100\n'),
    );
    const stepSummary = join(out, 'step-summary.md');
    writeFileSync(stepSummary, '');
    const r = cli(repo, ['review', '--base', 'main', '--sarif', join(out, 'review.sarif')], { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: stepSummary });
    expect(r.status).toBe(1);
    const first = r.stdout.split('\n')[0] ?? '';
    expect(first).toMatch(/^::error file=specs\/echo\/openapi\.yaml,line=\d+,col=\d+,title=request-(body|property)-max-length-decreased::/);
    expect(r.stdout).toContain('1 lint finding(s) already on main not counted');
    const summary = readFileSync(stepSummary, 'utf8');
    const firstRow = summary.split('\n').find((l) => l.startsWith('| ') && !l.startsWith('| check') && !l.startsWith('| level') && !l.startsWith('|---'));
    // Grouped under its operation, which the row's message no longer repeats.
    expect(summary).toMatch(/^### Breaking changes: 1 change in 1 place\n\n\*\*`POST \/[^`]+`\*\* \(1\)$/m);
    expect(firstRow).toMatch(/^\| error \| request-(body|property)-max-length-decreased \| specs\/echo\/openapi\.yaml:\d+:\d+ \| request body/);
    // Everything that does not fail the run is folded away, after it.
    expect(summary.indexOf('<details>')).toBeGreaterThan(summary.indexOf(firstRow ?? '?'));
    // The SARIF file carries every finding, the pre-existing one marked as such.
    const sarif = JSON.parse(readFileSync(join(out, 'review.sarif'), 'utf8')) as {
      runs: Array<{ results: Array<{ ruleId: string; baselineState?: string }> }>;
    };
    const states = sarif.runs[0]?.results.map((x) => [x.ruleId, x.baselineState]);
    expect(states).toContainEqual(['specforge/valid-examples', 'unchanged']);
    expect(states?.some(([rule, state]) => /max-length-decreased$/.test(rule ?? '') && state === undefined)).toBe(true);
  }, 240_000);

  it('prints the breaking change first on a terminal too', () => {
    git('checkout', '-q', 'breaking');
    const r = cli(repo, ['review', '--base', 'main', '--summary', join(out, 'summary.md')]);
    expect(r.status).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('Breaking changes (1)');
    expect(lines.at(-2)).toMatch(/^✖ changes needed \(compared with main\): 1 breaking change, 0 new lint problems, generated code up to date$/);
  }, 240_000);
});

describe('the stale-code section', () => {
  it('shows added and removed lines of a hand-edited file and counts them as git diff --numstat does', () => {
    git('checkout', '-q', 'breaking');
    const file = join(repo, 'generated', 'echo', 'client.ts');
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    // Lines replaced in the middle and one added at the end.
    const edited = [...lines.slice(0, 10), '// edited by hand', '// twice', ...lines.slice(14, -1), '// the end', ''].join('\n');
    writeFileSync(file, edited);
    try {
      const r = cli(repo, ['review', '--base', 'main', '--format', 'json', '--summary', join(out, 'summary.md')]);
      const stale = (JSON.parse(r.stdout) as { findings: Array<{ rule: string; message: string; detail?: string }> }).findings.find(
        (f) => f.rule === 'stale-file',
      );
      // git compares the committed file (what the contract produces) with the edited one: the other way round.
      const [gitAdded, gitRemoved] = git('diff', '--numstat', '--', 'generated/echo/client.ts').trim().split(/\s+/).map(Number);
      expect(stale?.message).toContain(`by ${gitRemoved} added and ${gitAdded} removed line(s)`);
      expect(stale?.detail).toContain('\n-// edited by hand\n');
      expect(stale?.detail).toMatch(/\n\+[^\n]+/);
    } finally {
      git('checkout', '-q', '--', '.');
    }
  }, 240_000);
});

/** The SARIF 2.1.0 schema shipped by @microsoft/jest-sarif, with the Ajv (draft-04) it ships with. */
function sarifValidator(): (log: unknown) => string[] {
  const require = createRequire(require_resolve('@microsoft/jest-sarif/package.json'));
  const Ajv = require('ajv') as new (options: Record<string, unknown>) => {
    addMetaSchema(schema: unknown): void;
    compile(schema: unknown): ((data: unknown) => boolean) & { errors?: Array<{ dataPath?: string; message?: string }> | null };
  };
  const ajv = new Ajv({ schemaId: 'auto', allErrors: true });
  ajv.addMetaSchema(require('ajv/lib/refs/json-schema-draft-04.json'));
  const validate = ajv.compile(
    JSON.parse(readFileSync(join(ROOT, 'node_modules', '@microsoft', 'jest-sarif', 'lib', 'schemas', 'sarif-2.1.0-rtm.5.json'), 'utf8')),
  );
  return (log) => (validate(log) ? [] : (validate.errors ?? []).map((e) => `${e.dataPath ?? ''} ${e.message ?? ''}`));
}

function require_resolve(id: string): string {
  return createRequire(import.meta.url).resolve(id);
}

describe('SARIF and a missing base revision', () => {
  it('writes SARIF 2.1.0 that the schema accepts, with the tool version, end lines and SRCROOT', () => {
    git('checkout', '-q', 'breaking');
    const r = cli(repo, ['review', '--base', 'main', '--format', 'sarif', '--summary', join(out, 'summary.md')]);
    expect(r.status).toBe(1);
    const log = JSON.parse(r.stdout) as {
      runs: Array<{
        tool: { driver: { version?: string } };
        originalUriBaseIds?: Record<string, { uri?: string }>;
        results: Array<{ locations: Array<{ physicalLocation: { region?: { startLine: number; endLine?: number } } }> }>;
      }>;
    };
    expect(sarifValidator()(log)).toEqual([]);
    const run = log.runs[0];
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(run?.tool.driver.version).toBe(pkg.version);
    expect(run?.originalUriBaseIds?.['SRCROOT']?.uri).toBe(`file://${repo}/`);
    const regions = (run?.results ?? []).flatMap((x) => x.locations.map((l) => l.physicalLocation.region)).filter((x) => x !== undefined);
    expect(regions.length).toBeGreaterThan(0);
    for (const region of regions) expect(region.endLine).toBeGreaterThanOrEqual(region.startLine);
  }, 240_000);

  it('in a shallow clone without the base, says how to fetch it and writes a SARIF file with a notification', () => {
    const clone = realpathSync(mkdtempSync(join(tmpdir(), 'specforge-review-shallow-')));
    made.push(clone);
    gitIn(tmpdir(), 'clone', '-q', '--depth', '1', '--branch', 'breaking', `file://${repo}`, clone);
    const stepSummary = join(out, 'shallow-summary.md');
    const r = cli(clone, ['review', '--base', 'origin/main', '--sarif', 'review.sarif'], { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: stepSummary });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('no such revision');
    expect(r.stderr).toContain('shallow clone');
    expect(r.stderr).toContain('git fetch --no-tags --depth=1 origin main:refs/remotes/origin/main');
    expect(r.stderr).toContain('fetch-depth: 0');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    const log = JSON.parse(readFileSync(join(clone, 'review.sarif'), 'utf8')) as {
      runs: Array<{
        results: unknown[];
        invocations?: Array<{ executionSuccessful: boolean; toolExecutionNotifications: Array<{ level: string; message: { text: string } }> }>;
      }>;
    };
    expect(sarifValidator()(log)).toEqual([]);
    expect(log.runs[0]?.results).toEqual([]);
    expect(log.runs[0]?.invocations?.[0]?.executionSuccessful).toBe(false);
    expect(log.runs[0]?.invocations?.[0]?.toolExecutionNotifications[0]).toMatchObject({
      level: 'error',
      message: { text: expect.stringContaining('git fetch') },
    });
    expect(readFileSync(stepSummary, 'utf8')).toContain('not run');
    // The command it names brings the base in, and the review runs.
    gitIn(clone, 'fetch', '--no-tags', '--depth=1', 'origin', 'main:refs/remotes/origin/main');
    const again = cli(clone, ['review', '--base', 'origin/main', '--summary', join(out, 'summary.md')]);
    expect(again.stderr).toBe('');
    expect(again.status).toBe(1);
    expect(again.stdout).toMatch(/^Breaking changes \(1\)/);
  }, 240_000);
});
