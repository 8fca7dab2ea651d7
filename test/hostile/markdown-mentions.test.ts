/**
 * Contract text in markdown outputs cannot mention users or teams, nor reference issues: every
 * markdown writer (the review summary, the lint / diff / generate findings, the `test` report, the
 * changelog, the generated cli.md, and the inline text of `markdownText`) passes a hostile text
 * through one function that puts a zero-width space (`&#8203;`) after an `@` that starts a mention
 * and in `#123` / `GH-123`, so GitHub links nobody and nothing, and the text still reads the same.
 */
import { describe, expect, it } from 'vitest';
import { code, markdownText } from '../../src/codegen/escape.js';
import { render } from '../../src/codegen/templates.js';
import type { ConformanceReport } from '../../src/conformance/run.js';
import { formatConformance } from '../../src/conformance/report.js';
import { changelogMarkdown, type Changelog } from '../../src/diff/changelog.js';
import type { Finding } from '../../src/report/findings.js';
import { formatFindings, markdownCell } from '../../src/report/format.js';
import { reviewMarkdown, type ReviewReport } from '../../src/review/summary.js';

/** Mentions of a user, a team and a user in a sentence; issue references, bare and cross-repository. */
const HOSTILE = 'ping @octocat and @acme/security-team (cc:@admin) see #123, acme/api#45 and GH-678';

/**
 * The text GitHub's reference filters would see, approximately: code spans and fenced blocks
 * removed (mentions are never linked there), entities decoded, backslash escapes removed.
 */
function visibleText(markdown: string): string {
  return markdown
    .replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1\s*$/gm, '')
    .replace(/(`+)[\s\S]*?\1/g, '')
    .replace(/&#8203;/g, '\u200b')
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

/** What GitHub would link: a mention (`@name`, `@org/team`) or an issue reference (`#123`, `GH-123`). */
const REFERENCE = /(?:^|[^A-Za-z0-9_])@[A-Za-z0-9]|#\d|\bGH-\d/i;

function expectInert(markdown: string, what: string): void {
  const seen = visibleText(markdown);
  expect(seen, what).not.toMatch(REFERENCE);
  // Still readable: with the zero-width spaces taken out, the words are all there.
  const plain = seen.replace(/\u200b/g, '');
  for (const word of ['@octocat', '@acme/security-team', '#123', 'acme/api#45', 'GH-678']) expect(plain, `${what}: ${word}`).toContain(word);
}

const finding = (source: Finding['source'], rule: string): Finding => ({
  source,
  rule,
  level: 'error',
  message: HOSTILE,
  location: { file: `specs/${HOSTILE}.yaml`, line: 3, column: 1 },
});

describe('markdown outputs built from hostile contract text', () => {
  it('markdownText and markdownCell (the two inline escapes) leave no mention or issue reference', () => {
    expectInert(markdownText(HOSTILE), 'markdownText');
    expectInert(markdownCell(HOSTILE), 'markdownCell');
    // Every form GitHub links, one at a time, at the start of the text and after punctuation.
    for (const text of ['@octocat', '(@octocat)', '@org/team', '#1', 'x #9', 'gh-1', 'GH-12', 'a/b#3']) {
      expect(visibleText(markdownText(text)), text).not.toMatch(REFERENCE);
      expect(visibleText(markdownCell(text)), text).not.toMatch(REFERENCE);
    }
  });

  it('an e-mail address and a lone "@" or "#" read as before', () => {
    expect(visibleText(markdownText('write to api@example.com, # of items, @ noon')).replace(/\u200b/g, '')).toBe(
      'write to api@example.com, # of items, @ noon',
    );
  });

  it('the lint, diff and generate findings in markdown', () => {
    expectInert(
      formatFindings(
        [finding('lint', HOSTILE), finding('drift', 'stale-file')].map((f, i) => (i === 1 ? { ...f, detail: `-${HOSTILE}\n+x\n` } : f)),
        'markdown',
        { title: HOSTILE },
      ),
      'findings markdown',
    );
  });

  it('the review summary (a pull request comment)', () => {
    const report: ReviewReport = {
      base: 'origin/main',
      lint: [finding('lint', HOSTILE)],
      preExisting: [finding('lint', 'operation-summary')],
      diff: [finding('diff', HOSTILE), { ...finding('diff', 'api-path-removed'), level: 'warning' }],
      drift: [{ ...finding('drift', 'stale-file'), detail: `-${HOSTILE}\n` }],
      newOnly: true,
      failingLevels: ['error'],
    };
    expectInert(reviewMarkdown(report, true), 'review summary');
  });

  it('the `specforge test` markdown report', () => {
    const report: ConformanceReport = {
      seed: 1,
      requests: 1,
      durationMs: 1,
      operations: [{ operationId: HOSTILE, method: 'get', path: '/x', checks: { status_code_conformance: { passed: 0, failed: 1 } } }],
      failures: [
        {
          check: 'status_code_conformance',
          message: HOSTILE,
          operationId: HOSTILE,
          phase: 'examples',
          request: { operationId: HOSTILE, method: 'GET', url: '/x', headers: {}, origin: HOSTILE },
          curl: "curl 'http://127.0.0.1/x'",
        },
      ],
      skipped: [{ check: 'unsupported_method', path: `/${HOSTILE}`, reason: HOSTILE }],
    };
    expectInert(formatConformance(report, 'markdown', { spec: HOSTILE, baseUrl: 'http://127.0.0.1:1' }), 'test report');
  });

  it('the changelog', () => {
    const entry = {
      category: 'breaking' as const,
      level: 'breaking' as const,
      rule: 'api-path-removed',
      text: HOSTILE,
      message: HOSTILE,
      pointer: '/paths',
      detail: HOSTILE,
    };
    const changelog: Changelog = {
      contracts: [
        {
          spec: 'specs/api/openapi.yaml',
          title: HOSTILE,
          since: 'origin/main',
          isNew: false,
          counts: { breaking: 1, deprecation: 0, change: 0, addition: 0 },
          version: { base: HOSTILE, head: HOSTILE, next: HOSTILE, bump: 'major', reason: HOSTILE, verdict: HOSTILE, warning: true },
          operations: [{ kind: 'operation', title: 'GET /x', method: 'get', path: '/x', operationId: 'getX', summary: HOSTILE, entries: [entry] }],
          contract: [{ kind: 'contract', title: HOSTILE, entries: [entry] }],
        },
      ],
    };
    expectInert(changelogMarkdown(changelog), 'changelog');
  });

  it('the generated cli.md', () => {
    const md = render('cli', 'cli.md', {
      header: code('<!-- generated -->'),
      name: HOSTILE,
      sections: [
        {
          title: HOSTILE,
          anchor: 'x',
          usage: 'x',
          summary: HOSTILE,
          paragraphs: [HOSTILE],
          options: [{ flags: '--x', env: 'X', type: HOSTILE, default: '', allowed: HOSTILE, paragraphs: [HOSTILE, HOSTILE] }],
          commands: [{ title: HOSTILE, anchor: 'y', summary: HOSTILE }],
        },
      ],
    });
    expectInert(md.replace(/^<!--.*-->$/m, ''), 'cli.md');
  });
});
