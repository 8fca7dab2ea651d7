/**
 * `specforge lint` as a command (in process): nothing on a clean copy of a contract, and a seeded
 * mistake reported in every output format with its file, line, column and rule, also in a file of
 * a split contract.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLint } from '../../src/cli/commands/lint.js';
import { ContractError, UsageError } from '../../src/contract/errors.js';
import type { Finding } from '../../src/report/findings.js';
import { REPORT_FORMATS } from '../../src/report/format.js';

const ROOT = join(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `lint-${process.pid}`);

async function lintTo(spec: string, format: string): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await runLint({ cwd: TMP, specs: [spec], format, write: (t) => (out += t) });
  return { code, out };
}

/** 1-based line of the first line of `file` that contains `text`. */
function lineOf(file: string, text: string): number {
  const i = readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((l) => l.includes(text));
  if (i < 0) throw new Error(`"${text}" not in ${file}`);
  return i + 1;
}

let echo: string;
let echoClean: string;

beforeAll(() => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(join(TMP, 'clean'), { recursive: true });
  mkdirSync(join(TMP, 'echo'), { recursive: true });
  echoClean = join(TMP, 'clean', 'openapi.yaml');
  cpSync(join(ROOT, 'specs', 'echo', 'openapi.yaml'), echoClean);
  echo = join(TMP, 'echo', 'openapi.yaml');
  const text = readFileSync(echoClean, 'utf8');
  const seeded = text.replace('      operationId: echo\n      summary: Echo a message\n', '      operationId: echo\n');
  expect(seeded).not.toBe(text);
  writeFileSync(echo, seeded);
  // The seeded contract is held to the style ruleset (a missing summary is one of its findings).
  writeFileSync(join(TMP, 'specforge.config.yaml'), 'specs:\n  - path: echo/openapi.yaml\n    lint:\n      extends: [style]\n');
});

afterAll(() => {
  rmSync(TMP, { recursive: true, force: true });
});

describe('a clean copy', () => {
  it.each(REPORT_FORMATS.map((f) => [f]))('%s: exit 0 and no finding', async (format) => {
    const { code, out } = await lintTo(echoClean, format);
    expect(code).toBe(0);
    if (format === 'json') expect((JSON.parse(out) as { findings: Finding[] }).findings).toEqual([]);
    if (format === 'github-actions') expect(out).toBe('');
    if (format === 'stylish') expect(out).toBe('✔ no findings\n');
    if (format === 'markdown') {
      expect(out).toContain('No findings.');
      expect(out).not.toContain('| level |');
    }
    if (format === 'sarif') expect((JSON.parse(out) as { runs: Array<{ results: unknown[] }> }).runs[0]?.results).toEqual([]);
  });
});

describe('a seeded mistake (an operation without a summary, a convention of the style ruleset: a warning)', () => {
  // The problem is reported on the operation's key: `post:` of /echo.
  const where = (): { file: string; line: number; column: number } => ({ file: relative(TMP, echo), line: lineOf(echo, '    post:'), column: 5 });

  it('a warning fails the run only with --fail-on warning', async () => {
    expect((await lintTo(echo, 'json')).code).toBe(0);
    expect(await runLint({ cwd: TMP, specs: [echo], format: 'json', failOn: 'warning', write: () => undefined })).toBe(1);
    await expect(runLint({ cwd: TMP, specs: [echo], failOn: 'info', write: () => undefined })).rejects.toThrow(
      /--fail-on must be error or warning, not "info"/,
    );
  });

  it('stylish names the file, the position and the rule', async () => {
    const { code, out } = await lintTo(echo, 'stylish');
    expect(code).toBe(0);
    const w = where();
    expect(out).toContain(`${w.file}\n  ${w.line}:${w.column}  warning  operation "echo" has no summary`);
    expect(out).toContain('specforge/operation-summary');
    expect(out).toContain('1 finding (0 errors, 1 warning, 0 info)');
  });

  it('json carries the finding', async () => {
    const { code, out } = await lintTo(echo, 'json');
    expect(code).toBe(0);
    const { findings } = JSON.parse(out) as { findings: Finding[] };
    expect(findings).toEqual([
      expect.objectContaining({
        source: 'lint',
        rule: 'specforge/operation-summary',
        level: 'warning',
        location: { ...where(), pointer: '/paths/~1echo/post', endLine: where().line, endColumn: where().column + 4 },
      }),
    ]);
  });

  it('github-actions annotates the line', async () => {
    const { code, out } = await lintTo(echo, 'github-actions');
    expect(code).toBe(0);
    const w = where();
    expect(out).toBe(
      `::warning file=${w.file},line=${w.line},col=${w.column},title=specforge/operation-summary::operation "echo" has no summary: add a one-line summary; docs and generated code use it as the operation's title\n`,
    );
  });

  it('markdown lists it in the job summary table', async () => {
    const { code, out } = await lintTo(echo, 'markdown');
    expect(code).toBe(0);
    const w = where();
    expect(out).toContain('## specforge lint');
    expect(out).toContain(`| warning | specforge/operation-summary | ${w.file}:${w.line}:${w.column} | operation "echo" has no summary`);
  });

  it('sarif has the result at its region', async () => {
    const { code, out } = await lintTo(echo, 'sarif');
    expect(code).toBe(0);
    const log = JSON.parse(out) as { version: string; runs: Array<{ results: Array<{ ruleId: string; locations: Array<{ physicalLocation: unknown }> }> }> };
    expect(log.version).toBe('2.1.0');
    const w = where();
    expect(log.runs[0]?.results.map((r) => [r.ruleId, r.locations[0]?.physicalLocation])).toEqual([
      [
        'specforge/operation-summary',
        {
          artifactLocation: { uri: w.file, uriBaseId: 'SRCROOT' },
          region: { startLine: w.line, startColumn: w.column, endLine: w.line, endColumn: w.column + 4 },
        },
      ],
    ]);
  });
});

describe('a split contract', () => {
  it('reports a broken example in the file that holds it', async () => {
    const dir = join(TMP, 'engine');
    cpSync(join(ROOT, 'specs', 'engine'), dir, { recursive: true });
    const file = join(dir, 'volumes.yaml');
    const text = readFileSync(file, 'utf8');
    const m = /^( +)Driver: local$/m.exec(text);
    if (!m) throw new Error('no "Driver: local" example in volumes.yaml');
    writeFileSync(file, text.replace(m[0], `${m[1]}Driver: 42`));
    const line = lineOf(file, 'Driver: 42');
    const { code, out } = await lintTo(join(dir, 'openapi.yaml'), 'github-actions');
    expect(code).toBe(1);
    const lines = out.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    for (const l of lines)
      expect(l).toMatch(
        new RegExp(
          `^::error file=engine/volumes\\.yaml,line=${line},col=\\d+,title=specforge/valid-examples::example .* does not match its schema: /Volumes/0/Driver must be string`,
        ),
      );
  });
});

it('a Redocly config of your own can turn on house rules by name', async () => {
  const config = join(TMP, 'redocly.yaml');
  writeFileSync(config, 'rules:\n  specforge/operation-summary: warn\n');
  let out = '';
  const code = await runLint({ cwd: TMP, specs: [echo], format: 'json', redocly: config, failOn: 'warning', write: (t) => (out += t) });
  expect(code).toBe(1);
  const { findings } = JSON.parse(out) as { findings: Finding[] };
  expect(findings.map((f) => [f.rule, f.level, f.location.line])).toEqual([['specforge/operation-summary', 'warning', lineOf(echo, '    post:')]]);
});

it('a Redocly config of your own can extend the style ruleset (specforge/style)', async () => {
  const config = join(TMP, 'redocly-style.yaml');
  writeFileSync(config, 'extends: [specforge/style]\n');
  let out = '';
  const code = await runLint({ cwd: TMP, specs: [echo], format: 'json', redocly: config, write: (t) => (out += t) });
  expect(code).toBe(0);
  const { findings } = JSON.parse(out) as { findings: Finding[] };
  expect(findings.map((f) => [f.rule, f.level, f.location.line])).toEqual([['specforge/operation-summary', 'warning', lineOf(echo, '    post:')]]);
});

it.each([
  ['a missing file', 'nope.yaml', undefined, 'SPECFORGE_FILE_NOT_FOUND'],
  ['a YAML syntax error', 'broken.yaml', 'openapi: 3.1.0\ninfo: [unclosed\n', 'SPECFORGE_YAML_SYNTAX'],
])('%s is an input error with its code and position', async (_name, file, text, code) => {
  const spec = join(TMP, file);
  if (text !== undefined) writeFileSync(spec, text);
  const err = await lintTo(spec, 'stylish').catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ContractError);
  const d = (err as ContractError).diagnostics[0];
  expect(d?.code).toBe(code);
  if (text !== undefined) expect(d?.location).toMatchObject({ line: 3, col: 1 });
});

it('refuses an unknown format with a usage error', async () => {
  await expect(lintTo(echoClean, 'klingon')).rejects.toThrow(UsageError);
});
