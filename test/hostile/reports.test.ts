/**
 * `specforge test` against hostile servers, and reports that are safe to publish and to print:
 * credentials (`--auth`, `-H`, a base URL's userinfo, Set-Cookie, the contract's API keys, a
 * credential the server echoes) never reach a report of any format, a curl line or `--dry-run`
 * unless `--show-secrets`; control sequences from a server's answer or a contract's names never
 * reach a terminal; a body nested 5,000 levels deep or larger than the size limit is a finding,
 * and the run ends with its report.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocs } from '../../src/cli/commands/docs.js';
import { runLint } from '../../src/cli/commands/lint.js';
import { runTest, type TestOptions } from '../../src/cli/commands/test.js';
import { formatConformance, TEST_FORMATS } from '../../src/conformance/report.js';
import { runConformance, type ConformanceReport } from '../../src/conformance/run.js';
import { buildModel, type ContractModel } from '../../src/contract/model.js';
import { formatDiagnostic } from '../../src/contract/errors.js';
import { formatFindings, REPORT_FORMATS } from '../../src/report/format.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const TMP = resolve(ROOT, 'test/.tmp', `hostile-reports-${process.pid}-${Math.random().toString(36).slice(2, 10)}`);
const SPEC = join(TMP, 'openapi.json');

// Credentials the run sends, and one the server sets: none may reach a report.
const BEARER = 'bearer-SECRET-7f3a9c';
const API_KEY = 'apikey-SECRET-51d2e8';
const QUERY_KEY = 'querykey-SECRET-9b0c44';
const COOKIE_KEY = 'cookie-SECRET-a1b2c3';
const HEADER_TOKEN = 'header-SECRET-d4e5f6';
const SET_COOKIE = 'setcookie-SECRET-0a0b0c';
const PASSWORD = 'userinfo-SECRET-hunter2';
const SECRETS = [BEARER, API_KEY, QUERY_KEY, COOKIE_KEY, HEADER_TOKEN, SET_COOKIE];

/** What a terminal would act on: ESC, BEL, other C0 but line feed and tab, C1, bidi overrides and isolates. */
const TERMINAL_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const HOSTILE_TEXT = '\u001b]0;pwned\u0007\u001b[2J\u009b31m\u202eevil\u2066';

const item = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };
const tree = { $ref: '#/components/schemas/Tree' };
const json = (schema: unknown): Record<string, unknown> => ({ content: { 'application/json': { schema } } });

const CONTRACT = {
  openapi: '3.1.0',
  info: { title: `hostile${HOSTILE_TEXT}`, version: '1.0.0' },
  paths: {
    '/echo': {
      get: {
        operationId: 'echoCredentials',
        parameters: [{ name: 'api_key', in: 'query', required: true, schema: { type: 'string' } }],
        security: [{ bearerAuth: [], headerKey: [], queryKey: [], cookieKey: [] }],
        responses: { '200': { description: 'ok', ...json(item) }, '401': { description: 'no' } },
      },
    },
    '/control': {
      get: {
        operationId: `control${HOSTILE_TEXT}Chars`,
        summary: `a summary${HOSTILE_TEXT}`,
        responses: { '200': { description: `described${HOSTILE_TEXT}`, ...json(item) } },
      },
    },
    '/deep': { get: { operationId: 'deepTree', responses: { '200': { description: 'a tree', ...json(tree) } } } },
    '/big': { get: { operationId: 'bigList', responses: { '200': { description: 'a long list', ...json({ type: 'array', items: { type: 'string' } }) } } } },
  },
  components: {
    schemas: { Tree: { type: 'object', properties: { c: tree } } },
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer' },
      headerKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      queryKey: { type: 'apiKey', in: 'query', name: 'api_key' },
      cookieKey: { type: 'apiKey', in: 'cookie', name: 'sid' },
    },
  },
};

const DEPTH = 5000;
const DEEP_BODY = '{"c":'.repeat(DEPTH) + '{}' + '}'.repeat(DEPTH);
/** A valid 2 MiB answer: an array of strings. */
const BIG_BODY = JSON.stringify(Array.from({ length: 2048 }, () => 'x'.repeat(1020)));

/** The hostile server: echoes every credential it receives, sets a cookie, answers with control sequences. */
function hostile(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/echo') {
    const seen = {
      authorization: req.headers['authorization'],
      key: req.headers['x-api-key'],
      cookie: req.headers['cookie'],
      token: req.headers['x-tenant-token'],
      query: url.search,
    };
    // Every credential back, in a header and in the body (the body lacks `id`: a failure is reported).
    res.writeHead(200, {
      'content-type': 'application/json',
      'set-cookie': [`session=${SET_COOKIE}; Path=/; HttpOnly`, `other=${SET_COOKIE}x; Secure`],
      'x-echo': String(req.headers['authorization'] ?? ''),
      'x-echo-key': String(req.headers['x-api-key'] ?? ''),
    });
    res.end(JSON.stringify({ seen, text: `you sent ${String(req.headers['authorization'])} and ${String(req.headers['x-tenant-token'])}` }));
  } else if (url.pathname === '/control') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ note: HOSTILE_TEXT })
        .replace(/\\u001b/g, '\u001b')
        .replace(/\\u0007/g, '\u0007') + `<script>alert(1)</script>${HOSTILE_TEXT}`,
    );
  } else if (url.pathname === '/deep') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(DEEP_BODY);
  } else if (url.pathname === '/big' && req.method !== 'GET') {
    // A method the path does not have: 405 with Allow (unsupported_method).
    res.writeHead(405, { 'content-type': 'application/json', allow: 'GET' });
    res.end('{}');
  } else if (url.pathname === '/big') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(BIG_BODY);
  } else {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{}');
  }
}

let server: Server | undefined;
let base = '';
let model: ContractModel;

function listen(s: Server): Promise<string> {
  return new Promise((ok) => s.listen(0, '127.0.0.1', () => ok(`http://127.0.0.1:${(s.address() as AddressInfo).port}`)));
}

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  writeFileSync(SPEC, JSON.stringify(CONTRACT, null, 2));
  server = createServer(hostile);
  base = await listen(server);
  model = await buildModel(SPEC);
});

afterAll(async () => {
  if (server) {
    const s = server;
    await new Promise<void>((ok) => {
      s.close(() => ok());
      s.closeAllConnections();
    });
  }
  rmSync(TMP, { recursive: true, force: true });
});

const AUTH = [`bearerAuth=${BEARER}`, `headerKey=${API_KEY}`, `queryKey=${QUERY_KEY}`, `cookieKey=${COOKIE_KEY}`];

/** `specforge test` in this process; what it writes, its exit code or the error it throws. */
async function test(options: Omit<TestOptions, 'write'>): Promise<{ out: string; code?: number; error?: Error }> {
  let out = '';
  try {
    const code = await runTest({ cwd: TMP, spec: SPEC, baseUrl: base, seed: 1, maxExamples: 2, progress: false, ...options, write: (t) => (out += t) });
    return { out, code };
  } catch (error) {
    return { out, error: error as Error };
  }
}

function leaked(text: string): string[] {
  return [...SECRETS, PASSWORD].filter((s) => text.includes(s));
}

describe('credentials in reports', () => {
  it('no credential reaches any format of the report, its curl lines or the response it shows', async () => {
    for (const format of TEST_FORMATS) {
      const { out, code, error } = await test({ operations: 'echoCredentials', auth: AUTH, header: [`X-Tenant-Token: ${HEADER_TOKEN}`], format });
      expect(error).toBeUndefined();
      expect(code).toBe(1);
      expect(leaked(out), format).toEqual([]);
      expect(out, format).toContain('[REDACTED]');
    }
  });

  it('the redacted curl line keeps its shape: scheme, header and cookie names, the query parameter', async () => {
    const { out } = await test({ operations: 'echoCredentials', auth: AUTH, header: [`X-Tenant-Token: ${HEADER_TOKEN}`], format: 'json' });
    const report = JSON.parse(out) as ConformanceReport;
    const failure = report.failures.find((f) => f.check === 'response_schema_conformance');
    expect(failure?.curl).toContain("-H 'authorization: Bearer [REDACTED]'");
    expect(failure?.curl).toContain("-H 'x-api-key: [REDACTED]'");
    expect(failure?.curl).toContain("-H 'x-tenant-token: [REDACTED]'");
    expect(failure?.curl).toMatch(/-H 'cookie: sid=\[REDACTED\]'/);
    expect(failure?.curl).toMatch(/^curl --globoff -X GET '[^']*\/echo\?api_key=\[REDACTED\]/);
    expect(failure?.response?.headers['set-cookie']).toBe('session=[REDACTED], other=[REDACTED]');
    expect(failure?.response?.headers['x-echo']).toBe('Bearer [REDACTED]');
    expect(failure?.response?.body).toContain('you sent Bearer [REDACTED] and [REDACTED]');
  });

  it('--show-secrets keeps them, for local debugging', async () => {
    const hidden = await test({ operations: 'echoCredentials', auth: AUTH, header: [`X-Tenant-Token: ${HEADER_TOKEN}`], format: 'json' });
    const shown = await test({ operations: 'echoCredentials', auth: AUTH, header: [`X-Tenant-Token: ${HEADER_TOKEN}`], format: 'json', showSecrets: true });
    expect(leaked(hidden.out)).toEqual([]);
    expect(leaked(shown.out)).toEqual(expect.arrayContaining([BEARER, API_KEY, QUERY_KEY, COOKIE_KEY, HEADER_TOKEN, SET_COOKIE]));
  });

  it('--dry-run prints curl lines without credentials (with them under --show-secrets)', async () => {
    const hidden = await test({ operations: 'echoCredentials', auth: AUTH, header: [`X-Tenant-Token: ${HEADER_TOKEN}`], dryRun: true });
    expect(hidden.code).toBe(0);
    expect(hidden.out).toContain('curl');
    expect(leaked(hidden.out)).toEqual([]);
    expect(hidden.out).toContain("-H 'authorization: Bearer [REDACTED]'");
    const shown = await test({ operations: 'echoCredentials', auth: AUTH, header: [`X-Tenant-Token: ${HEADER_TOKEN}`], dryRun: true, showSecrets: true });
    expect(shown.out).toContain(`-H 'authorization: Bearer ${BEARER}'`);
  });

  it('a base URL with a password is refused without printing it, parsable or not', async () => {
    for (const url of [base.replace('http://', `http://user:${PASSWORD}@`), `http://user:${PASSWORD}@[not-a-host`, `ftp://user:${PASSWORD}@127.0.0.1/`]) {
      const { out, error } = await test({ baseUrl: url });
      expect(error?.name).toBe('UsageError');
      expect(error?.message).not.toContain(PASSWORD);
      expect(error?.message).toContain('[REDACTED]@');
      expect(out).toBe('');
    }
  });

  it('the command line: --show-secrets and the default, through the built CLI', async () => {
    const run = (extra: string[]): Promise<{ code: number | null; stdout: string }> =>
      new Promise((ok) => {
        const child = spawn(
          process.execPath,
          [
            CLI,
            'test',
            SPEC,
            '--base-url',
            base,
            '--operations',
            'echoCredentials',
            '--auth',
            `bearerAuth=${BEARER}`,
            '-H',
            `X-Tenant-Token: ${HEADER_TOKEN}`,
            '--max-examples',
            '1',
            ...extra,
          ],
          { cwd: TMP },
        );
        let stdout = '';
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
        child.once('close', (code) => {
          clearTimeout(timer);
          ok({ code, stdout });
        });
      });
    const [hidden, shown] = await Promise.all([run(['--format', 'markdown']), run(['--format', 'markdown', '--show-secrets'])]);
    expect(hidden.code).toBe(1);
    expect(leaked(hidden.stdout)).toEqual([]);
    expect(shown.stdout).toContain(BEARER);
    expect(shown.stdout).toContain(HEADER_TOKEN);
  });
});

describe('control sequences never reach a terminal', () => {
  it("test's stylish report shows a server's escapes and a contract's hostile names escaped", async () => {
    const { out, code } = await test({ operations: model.operations.find((o) => o.path === '/control')?.id ?? '' });
    expect(code).toBe(1);
    expect(out).toContain('control');
    expect(out).not.toMatch(TERMINAL_CONTROLS);
    expect(out).toContain('\\x1b]0;pwned\\x07');
    expect(out).toContain('\\u202e');
  });

  it('markdown holds no raw HTML of an answer and junit no character XML 1.0 forbids', async () => {
    const report = await runConformance({
      model,
      baseUrl: base,
      fetch: (r) => fetch(r),
      phases: ['examples'],
      operations: [model.operations.find((o) => o.path === '/control')?.id ?? ''],
    });
    expect(report.failures.length).toBeGreaterThan(0);
    const context = { spec: `spec${HOSTILE_TEXT}.json`, baseUrl: base };
    const markdown = formatConformance(report, 'markdown', context);
    expect(markdown).not.toMatch(TERMINAL_CONTROLS);
    // Outside code blocks, the answer's markup is escaped.
    const outside = markdown.replace(/(`{3,})text\n[\s\S]*?\n\1/g, '');
    expect(outside).not.toContain('<script>');
    const junit = formatConformance(report, 'junit', context);
    expect(junit).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
    expect(junit).not.toMatch(TERMINAL_CONTROLS);
  });

  it("lint's text formats and a diagnostic print a contract's text escaped", async () => {
    let out = '';
    await runLint({ cwd: TMP, specs: [SPEC], write: (t: string) => (out += t) });
    expect(out).toContain('openapi.json');
    expect(out).not.toMatch(TERMINAL_CONTROLS);
    const finding = {
      source: 'lint' as const,
      rule: 'r',
      level: 'error' as const,
      message: `bad name ${HOSTILE_TEXT}`,
      location: { file: `open${HOSTILE_TEXT}api.yaml`, line: 1 },
      detail: HOSTILE_TEXT,
    };
    for (const format of REPORT_FORMATS) {
      const text = formatFindings([finding], format);
      if (format === 'stylish' || format === 'github-actions' || format === 'markdown') expect(text, format).not.toMatch(TERMINAL_CONTROLS);
      else expect(text, format).not.toContain('\u001b');
    }
    const diagnostic = formatDiagnostic({
      code: 'SPECFORGE_INVALID_STRUCTURE',
      severity: 'error',
      message: `bad ${HOSTILE_TEXT}`,
      hint: HOSTILE_TEXT,
      location: { file: `a${HOSTILE_TEXT}.yaml`, line: 2, pointer: `/paths/${HOSTILE_TEXT}` },
    });
    expect(diagnostic).not.toMatch(TERMINAL_CONTROLS);
    expect(diagnostic).toContain('\\x1b[2J');
  });

  it("docs prints a contract's title escaped", async () => {
    const dir = join(TMP, 'docs-terminal');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'specforge.config.yaml'), `specs:\n  - path: ${JSON.stringify(SPEC)}\n    api: hostile\n`);
    let out = '';
    expect(await runDocs({ cwd: dir, out: join(dir, 'site'), write: (t: string) => (out += t) })).toBe(0);
    expect(out).toContain('hostile\\x1b]0;pwned\\x07');
    expect(out).not.toMatch(TERMINAL_CONTROLS);
  });
});

describe('hostile answers end with a report', () => {
  it('an answer 5,000 levels deep is a finding, and the run reports', async () => {
    const started = Date.now();
    const { out, code, error } = await test({ operations: 'deepTree', format: 'json' });
    expect(error).toBeUndefined();
    expect(code).toBe(1);
    const report = JSON.parse(out) as ConformanceReport;
    expect(report.failures.map((f) => f.message)).toContain('the response body nests deeper than 1000 levels; not checked');
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('a stack exhausted while checking an answer is a finding of that exchange, not the end of the run', async () => {
    // Past the depth bound (raised here), the validator itself runs out of stack.
    const report = await runConformance({
      model,
      baseUrl: base,
      fetch: (r) => fetch(r),
      phases: ['examples'],
      operations: ['deepTree', 'bigList'],
      maxJsonDepth: 100_000,
    });
    const deep = report.operations.find((o) => o.operationId === 'deepTree');
    expect(deep?.checks.response_schema_conformance?.failed).toBe(1);
    expect(report.failures.find((f) => f.operationId === 'deepTree')?.message).toMatch(/could not be checked|stack/);
    expect(report.operations.find((o) => o.operationId === 'bigList')?.checks.response_schema_conformance?.passed).toBe(1);
  });

  it('a 2 MiB answer is checked whole under the default limit, and over --max-response-size it is a finding, never "not JSON"', async () => {
    const whole = await test({ operations: 'bigList', format: 'json' });
    const checked = JSON.parse(whole.out) as ConformanceReport;
    expect(checked.failures).toEqual([]);
    expect(checked.operations[0]?.checks.response_schema_conformance?.passed).toBeGreaterThan(0);
    const limited = await test({ operations: 'bigList', format: 'json', maxResponseSize: 1024 * 1024 });
    const report = JSON.parse(limited.out) as ConformanceReport;
    const messages = report.failures.map((f) => f.message);
    expect(messages).toContain('the response body exceeds 1048576 bytes (--max-response-size); not checked');
    expect(messages.some((m) => m.includes('not JSON'))).toBe(false);
  });

  it('--max-response-size takes a number of bytes', async () => {
    const { error } = await test({ operations: 'bigList', maxResponseSize: 'lots' });
    expect(error?.message).toContain('--max-response-size must be an integer');
  });
});
