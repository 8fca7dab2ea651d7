/**
 * `specforge review --base <git-ref>` through the built CLI, in a temporary git repository holding
 * a copy of the echo contract: clean, it passes; with a breaking change, a lint problem and a
 * hand-edited generated file it fails and reports all three in one summary and as annotations.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
let repo: string;

const git = (...args: string[]): void => {
  const r = spawnSync('git', ['-c', 'user.name=specforge', '-c', 'user.email=specforge@example.com', '-c', 'commit.gpgsign=false', ...args], {
    cwd: repo,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
};

function review(args: string[], env: Record<string, string> = {}): { status: number | null; stdout: string; stderr: string } {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GITHUB_')));
  return spawnSync(process.execPath, [CLI, 'review', ...args], { cwd: repo, encoding: 'utf8', timeout: 120_000, env: { ...clean, NO_COLOR: '1', ...env } });
}

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error('build specforge first (npm run build)');
  repo = realpathSync(mkdtempSync(join(tmpdir(), 'specforge-review-')));
  cpSync(join(ROOT, 'specs', 'echo'), join(repo, 'specs', 'echo'), { recursive: true });
  cpSync(join(ROOT, 'generated', 'echo'), join(repo, 'generated', 'echo'), { recursive: true });
  // Held to the style ruleset, as this repository's contracts are: a missing summary is a finding.
  writeFileSync(join(repo, 'specforge.config.yaml'), 'output: generated\nspecs:\n  - path: specs/echo/openapi.yaml\n    lint:\n      extends: [style]\n');
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'echo');
});

afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe('specforge review', () => {
  it('passes on an unchanged contract and says so in the summary', () => {
    const r = review(['--base', 'HEAD', '--summary', 'summary.md']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const summary = readFileSync(join(repo, 'summary.md'), 'utf8');
    expect(summary).toContain('✅ ready');
    expect(summary).toContain('generated code up to date');
  }, 180_000);

  it('fails with lint, breaking-change and drift findings together, as annotations and one summary', () => {
    const spec = join(repo, 'specs', 'echo', 'openapi.yaml');
    const text = readFileSync(spec, 'utf8');
    // A breaking change: the echo message gains a maximum length; a lint problem: a summary goes.
    const changed = text
      .replace('\n      summary: Echo a message', '')
      .replace('\n        message:\n          type: string\n', '\n        message:\n          type: string\n          maxLength: 3\n');
    expect(changed).not.toBe(text);
    writeFileSync(spec, changed);
    try {
      const client = join(repo, 'generated', 'echo', 'client.ts');
      writeFileSync(client, readFileSync(client, 'utf8') + '// edited by hand\n');
      const stepSummary = join(repo, 'step-summary.md');
      const r = review(['--base', 'HEAD', '--sarif', 'review.sarif'], { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: stepSummary });
      expect(r.status).toBe(1);
      const annotations = r.stdout.trimEnd().split('\n');
      // The breaking change is the first annotation; at most ten are printed, then a notice counting the rest.
      expect(annotations[0]).toMatch(/^::error file=specs\/echo\/openapi\.yaml,line=\d+,col=\d+,title=request-(body|property)-max-length-decreased::/);
      expect(annotations.filter((l) => l.startsWith('::error ') || l.startsWith('::warning ')).length).toBeLessThanOrEqual(10);
      expect(annotations.some((l) => /^::error file=generated\/echo\/client\.ts,line=\d+,col=1,title=stale-file::/.test(l))).toBe(true);
      const summary = readFileSync(stepSummary, 'utf8');
      expect(summary).toContain('❌ changes needed');
      // A missing summary is a convention: a warning, folded below what fails the run.
      expect(summary.indexOf('specforge/operation-summary')).toBeGreaterThan(summary.indexOf('<details><summary>Everything else'));
      // Breaking changes first, grouped by operation; then the stale files.
      expect(summary).toMatch(/^\*\*`POST \/echo`\*\* \(1\)$/m);
      expect(summary.indexOf('| generated code | error | stale-file |')).toBeGreaterThan(summary.indexOf('### Breaking changes: 1 change in 1 place'));
      const sarif = JSON.parse(readFileSync(join(repo, 'review.sarif'), 'utf8')) as {
        version: string;
        runs: Array<{
          results: Array<{ ruleId: string }>;
          tool: { driver: { rules: Array<{ id: string; shortDescription: { text: string }; defaultConfiguration: { level: string } }> } };
        }>;
      };
      expect(sarif.version).toBe('2.1.0');
      // Lint rules are described as the lint catalogue describes them, at their levels.
      expect(sarif.runs[0]?.tool.driver.rules.find((r) => r.id === 'specforge/operation-summary')).toMatchObject({
        shortDescription: { text: 'An operation without a summary.' },
        defaultConfiguration: { level: 'warning' },
      });
      const ruleIds = new Set(sarif.runs[0]?.results.map((x) => x.ruleId));
      // The shorter limit also makes the documented examples invalid: lint says so too.
      for (const id of ['specforge/operation-summary', 'specforge/valid-examples', 'stale-file']) expect(ruleIds.has(id)).toBe(true);
      expect([...ruleIds].some((id) => /max-length-decreased$/.test(id))).toBe(true);
    } finally {
      git('checkout', '-q', '--', '.');
    }
  }, 180_000);

  it.each(['stylish', 'json', 'markdown'])(
    'reports the same seeded mistakes in the %s format',
    (format) => {
      const spec = join(repo, 'specs', 'echo', 'openapi.yaml');
      const text = readFileSync(spec, 'utf8');
      writeFileSync(
        spec,
        text
          .replace('\n      summary: Echo a message', '')
          .replace('\n        message:\n          type: string\n', '\n        message:\n          type: string\n          maxLength: 3\n'),
      );
      try {
        const r = review(['--base', 'HEAD', '--format', format, '--summary', 'summary.md']);
        expect(r.status).toBe(1);
        expect(r.stdout).toContain('specforge/operation-summary');
        expect(r.stdout).toMatch(/request-(body|property)-max-length-decreased/);
        if (format === 'json') expect((JSON.parse(r.stdout) as { findings: unknown[] }).findings.length).toBeGreaterThanOrEqual(3);
      } finally {
        git('checkout', '-q', '--', '.');
      }
    },
    180_000,
  );

  it("on this repository's own contracts at HEAD, it reports nothing", () => {
    const clone = realpathSync(mkdtempSync(join(tmpdir(), 'specforge-review-self-')));
    try {
      const cloned = spawnSync('git', ['-c', 'safe.directory=*', 'clone', '-q', ROOT, clone], { encoding: 'utf8' });
      expect(cloned.status, cloned.stderr).toBe(0);
      const r = spawnSync(process.execPath, [CLI, 'review', '--base', 'HEAD', '--format', 'json', '--summary', 'summary.md'], {
        cwd: clone,
        encoding: 'utf8',
        timeout: 360_000,
      });
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout)).toMatchObject({ findings: [] });
      expect(r.status).toBe(0);
    } finally {
      rmSync(clone, { recursive: true, force: true });
    }
  }, 420_000);

  it('without --base, or with a bad --fail-on, is a usage error (exit 2, no stack trace)', () => {
    const none = review([]);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('--base');
    const bad = review(['--base', 'HEAD', '--fail-on', 'loud']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--fail-on');
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  });
});
