/**
 * `specforge review` of a real pull request: GitHub's published description 22.0.0 (the base
 * commit) against 23.0.2 (the working tree), as @octokit/openapi ships them. The markdown summary
 * fits a pull-request comment (breaking changes grouped by operation, capped, the rest counted),
 * the full report holds every finding, a removed path is annotated on its own line in the base,
 * and the false breaking changes unions matched by position gave are gone. One review run (about a
 * minute on two cores: lint of both versions dominates) is shared by every assertion.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReview } from '../../src/cli/commands/review.js';
import { BREAKING_ROWS, SUMMARY_LIMIT } from '../../src/review/summary.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const BASE_FILE = join(ROOT, 'node_modules', 'octokit-openapi-22', 'generated', 'api.github.com.json');
const HEAD_FILE = join(ROOT, 'node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json');

let repo: string;
let summary = '';
let full = '';
let annotations: string[] = [];
let status = -1;
let seconds = 0;

function git(...args: string[]): void {
  const r = spawnSync('git', ['-c', 'user.name=specforge', '-c', 'user.email=specforge@example.com', '-c', 'commit.gpgsign=false', ...args], {
    cwd: repo,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
}

beforeAll(async () => {
  repo = realpathSync(mkdtempSync(join(tmpdir(), 'specforge-github-pr-')));
  mkdirSync(join(repo, 'specs'));
  copyFileSync(BASE_FILE, join(repo, 'specs', 'github.json'));
  // Types only: the stale-file check runs, at a fraction of the cost of every target.
  writeFileSync(join(repo, 'specforge.config.yaml'), 'output: generated\nspecs:\n  - path: specs/github.json\n    targets: [types]\n');
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'GitHub 22.0.0');
  copyFileSync(HEAD_FILE, join(repo, 'specs', 'github.json'));
  const out: string[] = [];
  const started = performance.now();
  status = await runReview({
    cwd: repo,
    base: 'HEAD',
    format: 'github-actions',
    summary: 'summary.md',
    report: 'full-report.md',
    write: (t) => out.push(t),
    warn: () => undefined,
    env: { GITHUB_ACTIONS: 'true', GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'octo/api', GITHUB_RUN_ID: '42' },
  });
  seconds = (performance.now() - started) / 1000;
  summary = readFileSync(join(repo, 'summary.md'), 'utf8');
  full = readFileSync(join(repo, 'full-report.md'), 'utf8');
  annotations = out.join('').split('\n');
}, 400_000);

afterAll(() => {
  if (repo) rmSync(repo, { recursive: true, force: true });
});

/** The breaking-change rows of a summary (rows of the grouped tables: level error). */
function breakingRows(markdown: string): string[] {
  const start = markdown.indexOf('### Breaking changes');
  const end = markdown.indexOf('| check | level |', start);
  return markdown
    .slice(start, end < 0 ? undefined : end)
    .split('\n')
    .filter((l) => l.startsWith('| error |'));
}

describe('review of GitHub 22.0.0 -> 23.0.2', () => {
  it('fails on breaking changes, within a bounded time', () => {
    expect(status).toBe(1);
    // Measured about 55-75 s on the shared two-core machine; the bound catches a run gone quadratic.
    expect(seconds).toBeLessThan(300);
    process.stdout.write(`review of GitHub 22.0.0 -> 23.0.2: ${seconds.toFixed(1)} s, summary ${summary.length} characters, full report ${full.length}\n`);
  });

  it('writes a summary that fits a pull-request comment', () => {
    expect(summary.length).toBeGreaterThan(1000);
    expect(summary.length).toBeLessThan(SUMMARY_LIMIT);
    expect(summary.length).toBeLessThan(65_536);
  });

  it('groups breaking changes by operation, each group once, and caps them with a count of the rest and the run that holds the full report', () => {
    const total = Number(/(\d+) breaking changes?/.exec(summary)?.[1]);
    expect(total).toBeGreaterThan(BREAKING_ROWS);
    const heading = new RegExp(`^### Breaking changes: ${total} changes in (\\d+) places$`, 'm').exec(summary);
    expect(heading).not.toBeNull();
    const groups = summary.split('\n').filter((l) => /^\*\*`[^`]+`\*\* \(\d+\)$/.test(l));
    expect(new Set(groups).size).toBe(groups.length);
    expect(groups).toContain('**`removed paths`** (13)');
    expect(groups.some((g) => g.startsWith('**`POST /orgs/{org}/artifacts/metadata/deployment-record`**'))).toBe(true);
    const listed = breakingRows(summary).length;
    expect(listed).toBe(BREAKING_ROWS);
    const rest =
      /… and (\d+) more breaking changes? in (\d+) more places? not listed here: the full report is an artifact of \[this run\]\(https:\/\/github\.com\/octo\/api\/actions\/runs\/42\)/.exec(
        summary,
      );
    expect(rest).not.toBeNull();
    expect(listed + Number(rest?.[1])).toBe(total);
    // Messages in a group do not repeat the operation the group names.
    expect(summary).not.toMatch(/^\| error \| [^|]+ \| [^|]+ \| POST \/orgs\/\{org\}\/artifacts\/metadata\/deployment-record: /m);
  });

  it('writes every breaking change into the full report', () => {
    const total = Number(/(\d+) breaking changes?/.exec(summary)?.[1]);
    expect(breakingRows(full)).toHaveLength(total);
    expect(full).not.toContain('more breaking change');
  });

  it('annotates a removed path on its own line in the base, not on the head `paths` key', () => {
    const baseLines = readFileSync(BASE_FILE, 'utf8').split('\n');
    const headLines = readFileSync(HEAD_FILE, 'utf8').split('\n');
    const pathsLine = headLines.findIndex((l) => l.trim().startsWith('"paths"')) + 1;
    const removed = annotations.filter((l) => l.includes('title=api-path-removed::'));
    expect(removed.length).toBeGreaterThan(0);
    for (const line of removed) {
      const at = Number(/,line=(\d+),/.exec(line)?.[1]);
      const path = /::path (\S+) was removed/.exec(line)?.[1] as string;
      expect(at).not.toBe(pathsLine);
      expect(baseLines[at - 1]?.trim().startsWith(`${JSON.stringify(path)}:`)).toBe(true);
    }
  });

  it('reports none of the false breaking changes of unions matched by position', () => {
    expect(full).not.toContain('enum value "SkuPricing" removed');
    expect(full).not.toMatch(/labels\}? of anyOf\/oneOf removed/);
    expect(full).not.toMatch(/rules\/branches\/\{branch\}.*\(required\) was removed/);
    expect(full).not.toMatch(/alternative max_file_size added/);
    expect(full).toMatch(/alternative license_compliance_scanning added to anyOf\/oneOf/);
  });
});
