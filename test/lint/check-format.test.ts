/**
 * `specforge check --format`: stale, missing and extra generated files as findings (source
 * 'drift') in the shared formats, exit 1 on drift and 0 without. Runs in process on a copy of the
 * echo contract generated into a temporary folder.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck, runGenerate } from '../../src/cli/commands/generate.js';
import { UsageError } from '../../src/contract/errors.js';
import type { Finding } from '../../src/report/findings.js';

const ROOT = join(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `check-${process.pid}`);
const SPEC = join(TMP, 'echo', 'openapi.yaml');
const OUT = join(TMP, 'out');

async function check(format: string, extra: { targets?: string; diffLines?: number } = {}): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await runCheck({ cwd: TMP, spec: SPEC, out: OUT, format, diffLines: 20, ...extra, write: (t) => (out += t) });
  return { code, out };
}

beforeAll(async () => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(join(TMP, 'echo'), { recursive: true });
  cpSync(join(ROOT, 'specs', 'echo', 'openapi.yaml'), SPEC);
  expect(await runGenerate({ cwd: TMP, spec: SPEC, out: OUT, quiet: true, write: () => undefined })).toBe(0);
});

afterAll(() => {
  rmSync(TMP, { recursive: true, force: true });
});

describe('up to date', () => {
  it('exits 0; github-actions prints nothing, json an empty list, stylish says so', async () => {
    expect(await check('github-actions')).toEqual({ code: 0, out: '' });
    const json = await check('json');
    expect(json.code).toBe(0);
    expect((JSON.parse(json.out) as { findings: Finding[] }).findings).toEqual([]);
    expect(await check('stylish')).toEqual({ code: 0, out: 'generated files are up to date\n' });
  });
});

describe('drift', () => {
  it('a hand-edited file is a stale-file annotation on its first changed line, with the diff', async () => {
    const file = join(OUT, 'client.ts');
    const original = readFileSync(file, 'utf8');
    const lines = original.split('\n');
    lines.splice(2, 1, '// edited by hand');
    writeFileSync(file, lines.join('\n'));
    try {
      const { code, out } = await check('github-actions');
      expect(code).toBe(1);
      const annotations = out.trimEnd().split('\n');
      expect(annotations).toHaveLength(1);
      expect(annotations[0]).toMatch(
        /^::error file=out\/client\.ts,line=3,col=1,title=stale-file::stale: out\/client\.ts differs from what echo\/openapi\.yaml produces by 1 added and 1 removed line\(s\); run "specforge generate"%0A--- out\/client\.ts \(on disk\)%0A\+\+\+ out\/client\.ts \(from the contract\)%0A@@ -1,5 \+1,5 @@%0A [^%]*%0A [^%]*%0A-\/\/ edited by hand%0A\+/,
      );
    } finally {
      writeFileSync(file, original);
    }
  });

  it('a changed contract makes every affected file stale, in json with the diff as detail', async () => {
    const text = readFileSync(SPEC, 'utf8');
    writeFileSync(SPEC, text.replace('summary: Echo a message', 'summary: Echo a message back'));
    try {
      const { code, out } = await check('json');
      expect(code).toBe(1);
      const { findings } = JSON.parse(out) as { findings: Finding[] };
      const files = findings.map((f) => f.location.file);
      expect(files).toContain('out/types.ts');
      // The handler interface (with each operation's summary) is in api.ts.
      expect(files).toContain('out/api.ts');
      expect(files).not.toContain('out/validators.ts');
      for (const f of findings) expect(f).toMatchObject({ source: 'drift', rule: 'stale-file', level: 'error' });
      expect(findings.find((f) => f.location.file === 'out/types.ts')?.detail).toMatch(/^\+ +\* Echo a message back$/m);
    } finally {
      writeFileSync(SPEC, text);
    }
  });

  it('a deleted file is a missing-file finding without a line', async () => {
    const file = join(OUT, 'mocks.ts');
    const original = readFileSync(file, 'utf8');
    unlinkSync(file);
    try {
      const { code, out } = await check('github-actions');
      expect(code).toBe(1);
      expect(out).toBe(
        '::error file=out/mocks.ts,title=missing-file::missing: echo/openapi.yaml produces out/mocks.ts, which is not on disk; run "specforge generate"\n',
      );
    } finally {
      writeFileSync(file, original);
    }
  });

  it('a file no longer produced is an extra-file finding', async () => {
    const { code, out } = await check('markdown', { targets: 'types,validators' });
    expect(code).toBe(1);
    expect(out).toContain('## specforge check');
    for (const name of ['client.ts', 'index.ts', 'mocks.ts', 'server.ts'])
      expect(out).toContain(`| error | extra-file | out/${name} | extra: out/${name} was generated earlier`);
    expect(out).not.toContain('out/types.ts');
  });

  it('sarif points at the stale line', async () => {
    const file = join(OUT, 'index.ts');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original + '// trailing edit\n');
    try {
      const { code, out } = await check('sarif');
      expect(code).toBe(1);
      const log = JSON.parse(out) as {
        runs: Array<{
          tool: { driver: { version?: string; rules: Array<{ id: string }> } };
          originalUriBaseIds?: Record<string, { uri?: string }>;
          results: Array<{ ruleId: string; locations: Array<{ physicalLocation: unknown }> }>;
        }>;
      };
      expect(log.runs[0]?.tool.driver.rules).toMatchObject([{ id: 'stale-file' }]);
      // specforge's version, and the folder check ran in as SRCROOT, which the relative locations resolve against.
      expect(log.runs[0]?.tool.driver.version).toBe((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version);
      expect(log.runs[0]?.originalUriBaseIds?.['SRCROOT']?.uri).toBe(`${pathToFileURL(TMP).href}/`);
      const line = original.split('\n').length;
      expect(log.runs[0]?.results.map((r) => [r.ruleId, r.locations[0]?.physicalLocation])).toEqual([
        ['stale-file', { artifactLocation: { uri: 'out/index.ts', uriBaseId: 'SRCROOT' }, region: { startLine: line, startColumn: 1, endLine: line } }],
      ]);
    } finally {
      writeFileSync(file, original);
    }
  });
});

it('refuses an unknown format with a usage error', async () => {
  await expect(check('xml')).rejects.toThrow(UsageError);
});

describe('the built command line', () => {
  const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
  const run = (args: string[]): { code: number | null; stdout: string; stderr: string } => {
    // From the repository root, as the in-process generate ran: generated headers name the contract relative to it.
    const r = spawnSync(process.execPath, [CLI, ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, SPECFORGE_CACHE_DIR: join(TMP, 'cache') },
      timeout: 60_000,
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };

  it('annotates a stale file with check --format github-actions and exits 1', () => {
    const file = join(OUT, 'types.ts');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original.replace('export interface paths {', 'export interface paths { // edited'));
    try {
      const r = run(['check', '--spec', relative(ROOT, SPEC), '--out', relative(ROOT, OUT), '--format', 'github-actions']);
      expect(r.code).toBe(1);
      const line = original.split('\n').findIndex((l) => l.startsWith('export interface paths {')) + 1;
      expect(r.stdout).toMatch(new RegExp(`^::error file=${relative(ROOT, OUT)}/types\\.ts,line=${line},col=1,title=stale-file::stale: `));
      expect(r.stdout.trimEnd().split('\n')).toHaveLength(1);
    } finally {
      writeFileSync(file, original);
    }
  });

  it('exits 2 on an unknown --format, without a stack trace', () => {
    const r = run(['check', '--spec', relative(ROOT, SPEC), '--out', relative(ROOT, OUT), '--format', 'xml']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown --format "xml"');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
