/**
 * `specforge test --baseline <file>`: known findings (by check, operation and cause, not by the
 * generated values of a request) are reported as known and do not fail the run; a known finding
 * that no longer occurs is reported as fixed, to be removed; `--update-baseline` writes the file
 * from the run (sorted, YAML with a comment header), keeping the reasons written by hand.
 * `test.exclude` in the config leaves checks out for an operation, with its reason in the report.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTest, type TestOptions } from '../../src/cli/commands/test.js';
import { UsageError } from '../../src/contract/errors.js';
import { writeSpec } from './support.js';

const SPEC = `openapi: 3.1.0
info: { title: items, version: 1.0.0 }
paths:
  /items:
    get:
      operationId: listItems
      parameters: [{ name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 10 } }]
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: array, items: { type: string } } } } }
  /items/{id}:
    get:
      operationId: getItem
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object, required: [id], properties: { id: { type: string } } } } } }
`;

/**
 * listItems answers 400 to an invalid limit (undeclared: a contract defect); getItem answers a body
 * without its id (a server fault) unless `fixed`.
 */
function server(fixed = false): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    if (request.method !== 'GET') return new Response(null, { status: 405, headers: { allow: 'GET' } });
    if (url.pathname === '/items') {
      const limit = url.searchParams.get('limit');
      if (limit !== null && !(/^\d+$/.test(limit) && Number(limit) >= 1 && Number(limit) <= 10))
        return Response.json({ error: `bad limit ${limit}` }, { status: 400 });
      return Response.json(['a']);
    }
    return Response.json(fixed ? { id: 'x' } : { name: 'x' });
  };
}

function folder(): string {
  return dirname(writeSpec(SPEC));
}

async function cli(cwd: string, options: Partial<TestOptions>): Promise<{ code?: number; out: string; error?: Error }> {
  const out: string[] = [];
  try {
    const code = await runTest({
      cwd,
      spec: 'openapi.yaml',
      baseUrl: 'http://api.test',
      fetch: server(),
      progress: false,
      maxExamples: 5,
      write: (t) => out.push(t),
      ...options,
    });
    return { code, out: out.join('') };
  } catch (error) {
    return { out: out.join(''), error: error as Error };
  }
}

describe('baseline', () => {
  it('without a baseline the run fails on both findings; the contract defect is marked as such', async () => {
    const { code, out } = await cli(folder(), {});
    expect(code).toBe(1);
    expect(out).toMatch(/status_code_conformance: listItems \[contract defect\]\n {3}1 operation answers 400 to invalid input and declares no response for it/);
    expect(out).toMatch(/response_schema_conformance: getItem/);
  });

  it('--update-baseline writes the findings, sorted, with a comment header; the next run is green and says they are known', async () => {
    const cwd = folder();
    const first = await cli(cwd, { baseline: 'known.yaml', updateBaseline: true });
    expect(first.error).toBeUndefined();
    expect(first.code).toBe(0);
    const text = readFileSync(join(cwd, 'known.yaml'), 'utf8');
    expect(text).toMatch(/^# specforge test baseline/);
    expect(text).toContain('--update-baseline');
    expect(text).toMatch(
      /known:\n {2}- check: response_schema_conformance\n {4}operation: getItem\n {4}cause: .*\n {2}- check: status_code_conformance\n {4}operation: listItems\n {4}cause: status 400 to invalid input\n/,
    );
    // No generated value of a request in the key.
    expect(text).not.toMatch(/limit=|bad limit/);

    const again = await cli(cwd, { baseline: 'known.yaml', seed: 7 });
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/\(known: in the baseline\)/);
    expect(again.out).toMatch(/baseline known\.yaml: 2 known \(reported, not failing\), 0 new/);
    expect(again.out).toMatch(/✔ .*2 failures \(2 known: in the baseline\)\n$/);

    // Written again from the same run: the same bytes.
    await cli(cwd, { baseline: 'known.yaml', updateBaseline: true, seed: 7 });
    expect(readFileSync(join(cwd, 'known.yaml'), 'utf8')).toBe(text);
  });

  it('a known finding that no longer occurs is reported as fixed; a new one fails the run', async () => {
    const cwd = folder();
    writeFileSync(
      join(cwd, 'known.yaml'),
      'known:\n  - { check: response_schema_conformance, operation: getItem, cause: "the body does not match the schema: / must have required property \'id\'", reason: vendor bug 12 }\n',
    );
    const fixed = await cli(cwd, { baseline: 'known.yaml', fetch: server(true) });
    expect(fixed.out).toMatch(/fixed: remove from baseline: response_schema_conformance getItem/);
    // The contract defect of listItems is not in the file: new, the run fails.
    expect(fixed.code).toBe(1);
    expect(fixed.out).toMatch(/baseline known\.yaml: 0 known \(reported, not failing\), 1 new/);
    // --update-baseline drops the fixed entry and keeps a reason written by hand for one that stays.
    const kept = await cli(cwd, { baseline: 'known.yaml', updateBaseline: true });
    expect(kept.code).toBe(0);
    expect(readFileSync(join(cwd, 'known.yaml'), 'utf8')).toContain('reason: vendor bug 12');
    await cli(cwd, { baseline: 'known.yaml', updateBaseline: true, fetch: server(true) });
    expect(readFileSync(join(cwd, 'known.yaml'), 'utf8')).not.toContain('getItem');
  });

  it('a baseline that cannot be read or has the wrong shape is a usage error naming the file', async () => {
    const cwd = folder();
    expect((await cli(cwd, { baseline: 'missing.yaml' })).error?.message).toMatch(/--baseline missing\.yaml: cannot read/);
    writeFileSync(join(cwd, 'bad.yaml'), 'known:\n  - { check: nope, operation: getItem }\n');
    const bad = await cli(cwd, { baseline: 'bad.yaml' });
    expect(bad.error).toBeInstanceOf(UsageError);
    expect(bad.error?.message).toMatch(/--baseline bad\.yaml: known\[0\]/);
    writeFileSync(join(cwd, 'syntax.yaml'), 'known: [\n');
    expect((await cli(cwd, { baseline: 'syntax.yaml' })).error?.message).toMatch(/--baseline syntax\.yaml: cannot parse/);
    expect((await cli(cwd, { updateBaseline: true })).error?.message).toMatch(/--update-baseline needs --baseline <file>/);
    expect((await cli(cwd, { baseline: 'known.yaml', updateBaseline: true, showSecrets: true })).error?.message).toMatch(
      /--update-baseline writes a file to commit: it is not written with --show-secrets/,
    );
  });
});

describe('test.exclude in the config', () => {
  function configured(exclude: string): string {
    const cwd = mkdtempSync(join(tmpdir(), 'sf-exclude-'));
    writeFileSync(join(cwd, 'openapi.yaml'), SPEC);
    writeFileSync(join(cwd, 'specforge.config.yaml'), `specs:\n  - path: openapi.yaml\n    test:\n      exclude:\n${exclude}`);
    return cwd;
  }

  it('leaves a check out for one operation and says so, with its reason', async () => {
    const cwd = configured('        - { operation: getItem, checks: [response_schema_conformance], reason: the vendor omits ids }\n');
    const { out, code } = await cli(cwd, { spec: undefined, phases: 'examples' });
    expect(code).toBe(0);
    expect(out).not.toMatch(/response_schema_conformance: getItem/);
    expect(out).toContain('not checked (config test.exclude): response_schema_conformance on getItem: the vendor omits ids');
  });

  it('an unknown operation or check, or no reason, is an error naming the entry', async () => {
    const op = await cli(configured('        - { operation: getItm, checks: [response_schema_conformance], reason: r }\n'), { spec: undefined });
    expect(op.error?.message).toMatch(/test\.exclude\[0\]: the contract has no operation getItm/);
    const check = await cli(configured('        - { operation: getItem, checks: [response_schema], reason: r }\n'), { spec: undefined });
    expect(check.error?.message).toMatch(/test\.exclude\[0\]: unknown check response_schema/);
    const misspelt = await cli(configured('        - { operation: getItem, check: [response_schema_conformance], reason: r }\n'), { spec: undefined });
    expect(misspelt.error?.message).toMatch(/specforge\.config\.yaml:5:33: error SPECFORGE_CONFIG: unknown key "check" in specs\[0\]\.test\.exclude\[0\]/);
    const reason = await cli(configured('        - { operation: getItem, checks: [response_schema_conformance] }\n'), { spec: undefined });
    expect(reason.error?.message).toMatch(/test\.exclude must be .*entry 0 gives no reason/);
  });
});
