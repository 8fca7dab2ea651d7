/**
 * The parts of review that need no git: annotations ordered by severity and capped, per-rule
 * severity overrides and path filters (flags, oasdiff's severity-levels file, the config),
 * `x-extensible-enum`, one count of breaking changes for diff and changelog, an operationId equal
 * to the one specforge would invent kept in the changelog, and stale-file line counts that agree
 * with `git diff --numstat`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { runChangelog } from '../../src/cli/commands/changelog.js';
import { runDiff } from '../../src/cli/commands/diff.js';
import { UsageError } from '../../src/contract/errors.js';
import { applyToFindings, parseSeverityFlags, readSeverityFile } from '../../src/diff/policy.js';
import { diffFiles } from '../../src/diff/report.js';
import type { Finding } from '../../src/report/findings.js';
import { formatFindings } from '../../src/report/format.js';
import { lineChangeCounts } from '../../src/report/line-diff.js';
import { api, OK, tmpRoot, writeFiles, type Doc } from '../diff/helpers.js';

const TMP = tmpRoot('review-policy');
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const finding = (source: Finding['source'], level: Finding['level'], rule: string, line: number): Finding => ({
  source,
  rule,
  level,
  message: `${rule} at ${line}`,
  location: { file: 'specs/a/openapi.yaml', line, column: 1 },
});

describe('github-actions annotations', () => {
  it('puts breaking changes first, then lint errors, warnings, info, and stops at ten with a notice counting the rest', () => {
    const findings: Finding[] = [
      ...Array.from({ length: 12 }, (_, i) => finding('lint', 'warning', 'specforge/schema-description', i + 1)),
      ...Array.from({ length: 3 }, (_, i) => finding('lint', 'error', 'specforge/valid-examples', 100 + i)),
      finding('drift', 'error', 'stale-file', 1),
      finding('diff', 'error', 'api-path-removed', 200),
      finding('diff', 'info', 'api-path-added', 201),
    ];
    const lines = formatFindings(findings, 'github-actions', { title: 'specforge review' }).trimEnd().split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[0]).toMatch(/^::error file=specs\/a\/openapi\.yaml,line=200,col=1,title=api-path-removed::/);
    expect(lines.slice(1, 4).every((l) => l.includes('title=specforge/valid-examples'))).toBe(true);
    expect(lines[4]).toContain('title=stale-file');
    expect(lines.slice(5, 10).every((l) => l.startsWith('::warning '))).toBe(true);
    expect(lines[10]).toBe(
      "::notice title=specforge review::8 more findings not annotated (0 error(s), 7 warning(s), 1 info): GitHub shows 10 annotations of a kind per step; every finding is in the log's summary and the SARIF file",
    );
  });

  it('prints every finding when there are ten or fewer', () => {
    const findings = Array.from({ length: 10 }, (_, i) => finding('lint', 'warning', 'r', i + 1));
    expect(formatFindings(findings, 'github-actions').trimEnd().split('\n')).toHaveLength(10);
  });
});

describe('severity overrides and path filters', () => {
  const limited = (max?: number): Doc =>
    api({
      '/pets': {
        post: {
          requestBody: {
            content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string', ...(max ? { maxLength: max } : {}) } } } } },
          },
          responses: OK,
        },
      },
      '/internal/jobs': { delete: { responses: OK } },
    });
  const base = writeFiles(join(TMP, 'policy', 'base'), { 'openapi.yaml': limited() });
  const head = writeFiles(join(TMP, 'policy', 'head'), { 'openapi.yaml': { ...limited(10), paths: { '/pets': (limited(10)['paths'] as Doc)['/pets'] } } });

  async function diff(args: Record<string, unknown>): Promise<{ code: number; findings: Finding[] }> {
    let out = '';
    const code = await runDiff({ cwd: TMP, specs: [base, head], format: 'json', write: (t) => (out += t), warn: () => undefined, ...args });
    return { code, findings: (JSON.parse(out) as { findings: Finding[] }).findings };
  }

  it('reports both breaking changes without a policy', async () => {
    const { code, findings } = await diff({});
    expect(code).toBe(1);
    expect(findings.map((f) => [f.rule, f.level])).toEqual(
      expect.arrayContaining([
        ['request-property-max-length-decreased', 'error'],
        ['api-path-removed', 'error'],
      ]),
    );
  });

  it('--severity lowers a rule (oasdiff words too) and off drops it', async () => {
    const { code, findings } = await diff({ severity: ['request-property-max-length-decreased=warn', 'api-path-removed=none'] });
    expect(code).toBe(0);
    expect(findings.map((f) => [f.rule, f.level])).toEqual([['request-property-max-length-decreased', 'warning']]);
  });

  it("reads oasdiff's severity-levels file, under the flags", async () => {
    const file = join(TMP, 'levels.txt');
    writeFileSync(file, '# levels\napi-path-removed    info\nrequest-property-max-length-decreased err\n');
    const { findings } = await diff({ severityLevels: 'levels.txt', severity: ['request-property-max-length-decreased=info'] });
    expect(findings.map((f) => [f.rule, f.level]).sort()).toEqual([
      ['api-path-removed', 'info'],
      ['request-property-max-length-decreased', 'info'],
    ]);
    writeFileSync(file, 'api-path-removed loud\n');
    expect(() => readSeverityFile(file, 'levels.txt')).toThrow(/levels\.txt:1: the level must be error, warning, info or off/);
  });

  it('--match-path and --unmatch-path keep and drop changes by API path', async () => {
    expect((await diff({ unmatchPath: '^/internal/' })).findings.map((f) => f.rule)).not.toContain('api-path-removed');
    expect((await diff({ matchPath: '^/internal/' })).findings.map((f) => f.rule)).toEqual(['api-path-removed']);
    await expect(diff({ matchPath: '(' })).rejects.toThrow(UsageError);
  });

  it('reads diff.severity, diff.matchPath and diff.unmatchPath from the config, under the flags', async () => {
    const dir = join(TMP, 'configured');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'specforge.config.yaml'), 'specs: []\ndiff:\n  severity:\n    api-path-removed: off\n  matchPath: "^/(pets|internal)"\n');
    let out = '';
    const code = await runDiff({ cwd: dir, specs: [base, head], format: 'json', write: (t) => (out += t), warn: () => undefined });
    expect(code).toBe(1);
    expect((JSON.parse(out) as { findings: Finding[] }).findings.map((f) => f.rule)).toEqual(['request-property-max-length-decreased']);
  });

  it('applies to lint findings too, by rule with or without the specforge/ prefix, and by the API path of their pointer', () => {
    const lint: Finding[] = [
      { source: 'lint', rule: 'specforge/valid-examples', level: 'error', message: 'm', location: { file: 'a.yaml', pointer: '/paths/~1internal~1jobs/get' } },
      { source: 'lint', rule: 'specforge/operation-summary', level: 'warning', message: 'm', location: { file: 'a.yaml', pointer: '/paths/~1pets/get' } },
    ];
    expect(applyToFindings(lint, { severity: parseSeverityFlags(['valid-examples=warning']) }).map((f) => f.level)).toEqual(['warning', 'warning']);
    expect(applyToFindings(lint, { unmatchPath: /^\/internal\// }).map((f) => f.rule)).toEqual(['specforge/operation-summary']);
    expect(() => parseSeverityFlags(['valid-examples'])).toThrow(/<rule>=<level>/);
  });
});

describe('x-extensible-enum', () => {
  const status = (schema: Doc): Doc =>
    api({
      '/pets': {
        get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { status: schema } } } } } } },
      },
    });

  it('a value added to an extensible enum of a response is info, not breaking (enum beside x-extensible-enum: true)', async () => {
    const b = writeFiles(join(TMP, 'ext1', 'base'), { 'openapi.yaml': status({ type: 'string', enum: ['active', 'closed'], 'x-extensible-enum': true }) });
    const h = writeFiles(join(TMP, 'ext1', 'head'), {
      'openapi.yaml': status({ type: 'string', enum: ['active', 'closed', 'frozen'], 'x-extensible-enum': true }),
    });
    const { findings } = await diffFiles(b, h, { cwd: TMP });
    expect(findings.map((f) => [f.rule, f.level])).toEqual([['response-property-extensible-enum-value-added', 'info']]);
  });

  it('a value added to an x-extensible-enum list is reported as such, at info', async () => {
    const b = writeFiles(join(TMP, 'ext2', 'base'), { 'openapi.yaml': status({ type: 'string', 'x-extensible-enum': ['active', 'closed'] }) });
    const h = writeFiles(join(TMP, 'ext2', 'head'), { 'openapi.yaml': status({ type: 'string', 'x-extensible-enum': ['active', 'closed', 'frozen'] }) });
    const { findings } = await diffFiles(b, h, { cwd: TMP });
    expect(findings.map((f) => [f.rule, f.level, f.message])).toEqual([
      ['response-property-extensible-enum-value-added', 'info', expect.stringContaining('"frozen" added')],
    ]);
  });

  it('a plain enum of a response still breaks clients when it grows', async () => {
    const b = writeFiles(join(TMP, 'ext3', 'base'), { 'openapi.yaml': status({ type: 'string', enum: ['active'] }) });
    const h = writeFiles(join(TMP, 'ext3', 'head'), { 'openapi.yaml': status({ type: 'string', enum: ['active', 'frozen'] }) });
    expect((await diffFiles(b, h, { cwd: TMP })).findings.map((f) => [f.rule, f.level])).toEqual([['response-property-enum-value-added', 'error']]);
  });
});

describe('one count of breaking changes', () => {
  // One schema shared by three operations' responses: a value added to its enum reaches all three.
  const shared = (values: string[]): Doc =>
    api(
      Object.fromEntries(
        ['/a', '/b', '/c'].map((p) => [
          p,
          {
            get: {
              operationId: p === '/a' ? 'getA' : undefined,
              responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Status' } } } } },
            },
          },
        ]),
      ),
      { schemas: { Status: { type: 'string', enum: values } } },
    );

  it('diff and changelog agree: a change of a shared schema is one breaking change', async () => {
    const b = writeFiles(join(TMP, 'count', 'base'), { 'openapi.yaml': shared(['on']) });
    const h = writeFiles(join(TMP, 'count', 'head'), { 'openapi.yaml': shared(['on', 'off']) });
    let out = '';
    await runDiff({ cwd: TMP, specs: [b, h], format: 'json', write: (t) => (out += t), warn: () => undefined });
    const diffErrors = (JSON.parse(out) as { totals: { error: number } }).totals.error;
    out = '';
    await runChangelog({ cwd: TMP, specs: [b, h], format: 'json', write: (t) => (out += t) });
    const log = JSON.parse(out) as { contracts: Array<{ counts: { breaking: number }; operations: Array<{ title: string; entries: unknown[] }> }> };
    expect(diffErrors).toBe(1);
    expect(log.contracts[0]?.counts.breaking).toBe(1);
    // Listed under every operation it reaches all the same.
    expect(log.contracts[0]?.operations.map((g) => g.title)).toEqual(['GET /a', 'GET /b', 'GET /c']);
  });

  it('the changelog keeps an operationId the contract gives, even when it equals the one specforge would invent', async () => {
    const doc = (extra: boolean): Doc =>
      api({
        '/pets/{id}': {
          get: {
            operationId: 'getPetsId',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: extra ? { ...OK, '404': { description: 'no' } } : OK,
          },
        },
      });
    const b = writeFiles(join(TMP, 'opid', 'base'), { 'openapi.yaml': doc(false) });
    const h = writeFiles(join(TMP, 'opid', 'head'), { 'openapi.yaml': doc(true) });
    let out = '';
    await runChangelog({ cwd: TMP, specs: [b, h], format: 'json', write: (t) => (out += t) });
    const log = JSON.parse(out) as { contracts: Array<{ operations: Array<{ operationId?: string }> }> };
    expect(log.contracts[0]?.operations[0]?.operationId).toBe('getPetsId');
  });
});

describe('stale-file line counts', () => {
  function numstat(before: string, after: string): { added: number; removed: number } {
    const dir = join(TMP, `numstat-${Math.random().toString(36).slice(2)}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'a'), before);
    writeFileSync(join(dir, 'b'), after);
    const r = spawnSync('git', ['diff', '--no-index', '--numstat', 'a', 'b'], { cwd: dir, encoding: 'utf8' });
    const [added, removed] = r.stdout.trim().split(/\s+/).map(Number);
    return { added: added ?? 0, removed: removed ?? 0 };
  }

  const lines = (n: number, f: (i: number) => string): string => Array.from({ length: n }, (_, i) => f(i)).join('\n');
  it.each([
    [
      'a block replaced in a long file',
      lines(3000, (i) => `line ${i}`) + '\n',
      lines(3000, (i) => (i >= 1500 && i < 1626 ? `changed ${i}` : `line ${i}`)) + '\n',
    ],
    [
      'changes at both ends of a file of repeated lines',
      lines(500, (i) => (i % 3 === 0 ? '}' : `x${i}`)) + '\n',
      'head\n' + lines(500, (i) => (i % 3 === 0 ? '}' : `x${i}`)) + 'tail\n',
    ],
    ['a last line that loses its line break', 'a\nb\nc\n', 'a\nb\nc'],
    ['an empty file', '', 'one\ntwo\n'],
  ])('agree with git diff --numstat: %s', (_name, before, after) => {
    expect(lineChangeCounts(before, after)).toEqual(numstat(before, after));
  });
});
