/** The output formats over a fixed list of findings: what each must carry, and how hostile text is escaped. */
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/report/findings.js';
import { formatFindings, REPORT_FORMATS } from '../../src/report/format.js';

const OPTS = { tool: 'specforge', cwd: '/work/repo', title: 'specforge lint' };

const summary: Finding = {
  source: 'lint',
  rule: 'specforge/operation-summary',
  level: 'error',
  message: 'operation "echo" has no summary',
  location: { file: 'specs/echo/openapi.yaml', line: 85, column: 5, pointer: '/paths/~1echo/post' },
};
const example: Finding = {
  source: 'lint',
  rule: 'specforge/valid-examples',
  level: 'warning',
  message: 'example "plain" does not match: /message must be string',
  location: { file: 'specs/echo/openapi.yaml', line: 12, column: 20 },
};
const stale: Finding = {
  source: 'drift',
  rule: 'stale-file',
  level: 'error',
  message: 'stale: generated/echo/types.ts differs from what specs/echo/openapi.yaml produces',
  location: { file: 'generated/echo/types.ts', line: 3, column: 1 },
  detail: '--- generated/echo/types.ts (on disk)\n+++ generated/echo/types.ts (from the contract)\n@@ -3 +3 @@\n-old\n+new\n',
};
const missing: Finding = {
  source: 'drift',
  rule: 'missing-file',
  level: 'error',
  message: 'missing: specs/echo/openapi.yaml produces generated/echo/client.ts',
  location: { file: 'generated/echo/client.ts' },
};
const note: Finding = { source: 'diff', rule: 'api-path-added', level: 'info', message: 'added /pets', location: { file: 'specs/echo/openapi.yaml', line: 40, column: 3 } };
const hostile: Finding = {
  source: 'lint',
  rule: 'r,1:x',
  level: 'error',
  message: '100% of | cells <script>alert(1)</script>\nsecond line',
  location: { file: 'specs/a,b:c.yaml', line: 1, column: 1 },
  detail: 'a ``` fence inside\n',
};

const ALL = [summary, example, stale, missing, note];

describe('stylish', () => {
  it('groups by file, orders by line, prints details indented and a summary', () => {
    expect(formatFindings(ALL, 'stylish', OPTS)).toBe(
      [
        'generated/echo/client.ts',
        '  error  missing: specs/echo/openapi.yaml produces generated/echo/client.ts  missing-file',
        '',
        'generated/echo/types.ts',
        '  3:1  error  stale: generated/echo/types.ts differs from what specs/echo/openapi.yaml produces  stale-file',
        '    --- generated/echo/types.ts (on disk)',
        '    +++ generated/echo/types.ts (from the contract)',
        '    @@ -3 +3 @@',
        '    -old',
        '    +new',
        '',
        'specs/echo/openapi.yaml',
        '  12:20  warning  example "plain" does not match: /message must be string  specforge/valid-examples',
        '  40:3   info     added /pets  api-path-added',
        '  85:5   error    operation "echo" has no summary  specforge/operation-summary',
        '',
        '5 problems (3 errors, 1 warning, 1 info)',
        '',
      ].join('\n'),
    );
  });

  it('says so when there is nothing', () => {
    expect(formatFindings([], 'stylish', OPTS)).toBe('no problems\n');
  });
});

describe('json', () => {
  it('carries every finding as it is, and the totals', () => {
    const out = JSON.parse(formatFindings(ALL, 'json', OPTS)) as { tool: string; findings: Finding[]; totals: Record<string, number> };
    expect(out.tool).toBe('specforge lint');
    expect(out.findings).toEqual(ALL);
    expect(out.totals).toEqual({ errors: 3, warnings: 1, infos: 1 });
  });
});

describe('github-actions', () => {
  it('writes one workflow command per finding with file, line, column and the rule as title', () => {
    const lines = formatFindings(ALL, 'github-actions', OPTS).trimEnd().split('\n');
    expect(lines).toEqual([
      '::error file=generated/echo/client.ts,title=missing-file::missing: specs/echo/openapi.yaml produces generated/echo/client.ts',
      '::error file=generated/echo/types.ts,line=3,col=1,title=stale-file::stale: generated/echo/types.ts differs from what specs/echo/openapi.yaml produces%0A%0A--- generated/echo/types.ts (on disk)%0A+++ generated/echo/types.ts (from the contract)%0A@@ -3 +3 @@%0A-old%0A+new',
      '::warning file=specs/echo/openapi.yaml,line=12,col=20,title=specforge/valid-examples::example "plain" does not match: /message must be string',
      '::notice file=specs/echo/openapi.yaml,line=40,col=3,title=api-path-added::added /pets',
      '::error file=specs/echo/openapi.yaml,line=85,col=5,title=specforge/operation-summary::operation "echo" has no summary',
    ]);
  });

  it('escapes properties and data so a message cannot end the command or add one', () => {
    const out = formatFindings([hostile], 'github-actions', OPTS);
    expect(out).toBe('::error file=specs/a%2Cb%3Ac.yaml,line=1,col=1,title=r%2C1%3Ax::100%25 of | cells <script>alert(1)</script>%0Asecond line%0A%0Aa ``` fence inside\n');
    expect(out.trimEnd().split('\n')).toHaveLength(1);
  });
});

describe('markdown', () => {
  it('has a heading, the totals, a table row per finding and each detail folded in a diff block', () => {
    const out = formatFindings(ALL, 'markdown', OPTS);
    expect(out.startsWith('## specforge lint\n\n**5 problems (3 errors, 1 warning, 1 info)**\n')).toBe(true);
    expect(out).toContain('| Level | Location | Rule | Message |');
    expect(out).toContain('| error | specs/echo/openapi.yaml:85:5 | specforge/operation-summary | operation "echo" has no summary |');
    expect(out).toContain('| error | generated/echo/client.ts | missing-file |');
    expect(out).toContain('<details><summary>generated/echo/types.ts: stale-file</summary>\n\n```diff\n--- generated/echo/types.ts (on disk)');
    expect(out).toContain('-old\n+new\n```\n\n</details>');
    expect(out.match(/^\| (error|warning|info) \|/gm)).toHaveLength(5);
  });

  it('keeps hostile text inside its cell and its fence', () => {
    const out = formatFindings([hostile], 'markdown', OPTS);
    expect(out).toContain('| error | specs/a,b:c.yaml:1:1 | r,1:x | 100% of \\| cells &lt;script&gt;alert(1)&lt;/script&gt;<br>second line |');
    expect(out).not.toContain('<script>');
    expect(out).toContain('\n````\na ``` fence inside\n````\n');
  });

  it('says so when there is nothing', () => {
    expect(formatFindings([], 'markdown', OPTS)).toBe('## specforge lint\n\nNo problems found.\n');
  });
});

describe('sarif', () => {
  interface SarifLog {
    $schema: string;
    version: string;
    runs: Array<{
      tool: { driver: { name: string; rules: Array<{ id: string }> } };
      originalUriBaseIds: Record<string, { uri: string }>;
      results: Array<{
        ruleId: string;
        ruleIndex: number;
        level: string;
        message: { text: string };
        locations: Array<{ physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region?: { startLine: number; startColumn: number } } }>;
      }>;
    }>;
  }

  it('is a SARIF 2.1.0 log with the rules of the run and a result per finding at its region', () => {
    const log = JSON.parse(formatFindings(ALL, 'sarif', OPTS)) as SarifLog;
    expect(log.version).toBe('2.1.0');
    expect(log.$schema).toBe('https://json.schemastore.org/sarif-2.1.0.json');
    expect(log.runs).toHaveLength(1);
    const run = log.runs[0];
    expect(run?.tool.driver.name).toBe('specforge');
    expect(run?.tool.driver.rules.map((r) => r.id)).toEqual(['api-path-added', 'missing-file', 'specforge/operation-summary', 'specforge/valid-examples', 'stale-file']);
    expect(run?.originalUriBaseIds['SRCROOT']?.uri).toBe('file:///work/repo/');
    expect(run?.results).toHaveLength(5);
    for (const r of run?.results ?? []) expect(run?.tool.driver.rules[r.ruleIndex]?.id).toBe(r.ruleId);
    const bySummary = run?.results.find((r) => r.ruleId === 'specforge/operation-summary');
    expect(bySummary?.level).toBe('error');
    expect(bySummary?.locations[0]?.physicalLocation).toEqual({
      artifactLocation: { uri: 'specs/echo/openapi.yaml', uriBaseId: 'SRCROOT' },
      region: { startLine: 85, startColumn: 5 },
    });
    expect(run?.results.find((r) => r.ruleId === 'api-path-added')?.level).toBe('note');
    expect(run?.results.find((r) => r.ruleId === 'specforge/valid-examples')?.level).toBe('warning');
    const noLine = run?.results.find((r) => r.ruleId === 'missing-file');
    expect(noLine?.locations[0]?.physicalLocation.region).toBeUndefined();
    expect(run?.results.find((r) => r.ruleId === 'stale-file')?.message.text).toContain('\n\n--- generated/echo/types.ts (on disk)');
  });

  it('percent-encodes file names into URIs and keeps an empty run valid', () => {
    const log = JSON.parse(formatFindings([{ ...summary, location: { file: 'specs/my api/open#api.yaml', line: 2, column: 1 } }], 'sarif', OPTS)) as SarifLog;
    expect(log.runs[0]?.results[0]?.locations[0]?.physicalLocation.artifactLocation.uri).toBe('specs/my%20api/open%23api.yaml');
    const empty = JSON.parse(formatFindings([], 'sarif', OPTS)) as SarifLog;
    expect(empty.runs[0]?.results).toEqual([]);
    expect(empty.runs[0]?.tool.driver.rules).toEqual([]);
  });
});

it('every format is covered here', () => {
  expect([...REPORT_FORMATS]).toEqual(['stylish', 'json', 'github-actions', 'markdown', 'sarif']);
});
