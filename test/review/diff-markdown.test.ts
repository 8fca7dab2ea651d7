/**
 * `specforge diff --format markdown` fits a pull-request comment the way the review's summary does:
 * on GitHub's published description 22.0.0 -> 23.0.2 (@octokit/openapi), the changes that fail
 * the run grouped by operation and capped, the others folded and capped, each list counting what
 * it leaves out and saying how to get every change (`--full`, `--format json`); `--full` lists
 * every change. One diff of the two contracts (a few seconds) is shared by the assertions.
 */
import { copyFileSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDiff } from '../../src/cli/commands/diff.js';
import { diffFiles } from '../../src/diff/report.js';
import type { Finding } from '../../src/report/findings.js';
import { DIFF_FULL_HINT, diffMarkdown } from '../../src/review/diff-summary.js';
import { BREAKING_ROWS, FOLDED_ROWS, SUMMARY_LIMIT } from '../../src/review/summary.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const BASE_FILE = join(ROOT, 'node_modules', 'octokit-openapi-22', 'generated', 'api.github.com.json');
const HEAD_FILE = join(ROOT, 'node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json');
/** GitHub refuses a comment longer than this. */
const COMMENT_LIMIT = 65_536;

let dir: string;
let summary = '';
let status = -1;
let findings: Finding[] = [];

beforeAll(async () => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'specforge-diff-markdown-')));
  copyFileSync(BASE_FILE, join(dir, 'base.json'));
  copyFileSync(HEAD_FILE, join(dir, 'head.json'));
  const out: string[] = [];
  status = await runDiff({ cwd: dir, specs: ['base.json', 'head.json'], format: 'markdown', write: (t) => out.push(t), warn: () => undefined });
  summary = out.join('');
  findings = (await diffFiles('base.json', 'head.json', { cwd: dir })).findings;
}, 180_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Rows of the summary's tables (a finding each; not the rows counting what is left out). */
function findingRows(markdown: string): string[] {
  return markdown.split('\n').filter((l) => /^\| (error|warning|info) \|/.test(l));
}

describe('diff --format markdown on GitHub 22.0.0 -> 23.0.2', () => {
  it('fits a pull-request comment: breaking changes grouped by operation and capped, the rest folded and capped', () => {
    expect(status).toBe(1);
    const breaking = findings.filter((f) => f.level === 'error');
    expect(breaking.length).toBeGreaterThan(BREAKING_ROWS);
    expect(findings.length - breaking.length).toBeGreaterThan(FOLDED_ROWS);
    expect(summary.length).toBeLessThanOrEqual(SUMMARY_LIMIT);
    expect(summary.length).toBeLessThan(COMMENT_LIMIT);
    expect(summary).toMatch(/^### specforge diff\n\n\*\*\d+ errors, \d+ warnings, \d+ info\*\*\n/);
    expect(summary).toMatch(new RegExp(`^#### Breaking changes: ${breaking.length} changes in \\d+ places$`, 'm'));
    expect(summary).toMatch(/^\*\*`(GET|POST|PUT|PATCH|DELETE) \/[^`]*`\*\* \(\d+\)$/m);
    expect(summary).toContain('<details><summary>Other changes: ');
    const rows = findingRows(summary);
    expect(rows.filter((r) => r.startsWith('| error |'))).toHaveLength(BREAKING_ROWS);
    expect(rows.filter((r) => !r.startsWith('| error |'))).toHaveLength(FOLDED_ROWS);
  });

  it('counts what it leaves out and says how to get every change', () => {
    expect(summary).toMatch(
      new RegExp(`^… and \\d+ more breaking changes in \\d+ more places not listed here: ${DIFF_FULL_HINT.replace(/[`()]/g, '\\$&')}\\.$`, 'm'),
    );
    expect(summary).toMatch(/^… and \d+ more changes in \d+ more places not listed here: every change is listed by `--full`/m);
  });

  it('--full lists every change', () => {
    const full = diffMarkdown(findings, { title: 'specforge diff', failingLevels: ['error'], full: true });
    expect(findingRows(full)).toHaveLength(findings.length);
    expect(full.length).toBeGreaterThan(COMMENT_LIMIT);
    expect(full).not.toContain('more here');
  });
});

describe('diff --format markdown of hostile contract text', () => {
  it('keeps mentions, references and markup inert in the group headings and rows', () => {
    const hostile: Finding = {
      source: 'diff',
      level: 'error',
      rule: 'response-property-removed',
      message: 'GET /x/@octocat/#1`<b>: property "<script>alert(1)</script> @octo-org/team #12" was removed | cell',
      location: { file: 'specs/a.yaml', line: 3, column: 1 },
    };
    const md = diffMarkdown([hostile], { title: 'specforge diff', failingLevels: ['error'] });
    expect(md).toContain('**``GET /x/@octocat/#1`<b>``** (1)');
    // Outside code spans (where GitHub links nothing): no markup, mention or issue reference.
    const seen = md.replace(/(`+)[\s\S]*?\1/g, '');
    expect(seen).not.toContain('<script>');
    expect(seen).not.toMatch(/(^|[^\w&;])@octo/);
    expect(seen).not.toMatch(/(^|[^\w&;])#\d/);
    expect(seen).toContain('\\| cell');
  });
});
