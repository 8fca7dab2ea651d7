/**
 * `specforge test` as a user runs it: the built CLI in a child process against a server on
 * 127.0.0.1. The stateful mock of the engine contract passes; a deliberately faulty notes server
 * fails with the checks its faults break, in JSON and JUnit; a dry run sends nothing; bad options
 * and an unreachable server are clear errors (exit 2), not crashes.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockFromSpec, runMock } from '../../src/cli/commands/mock.js';
import type { ConformanceReport } from '../../src/conformance/run.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const NOTES = 'test/fixtures/mocks/notes/openapi.yaml';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The CLI in a child process (asynchronous: the servers under test run in this process), killed after 90 s. */
function cli(args: string[], cwd = ROOT, env: Record<string, string> = {}): Promise<Run> {
  return new Promise((ok) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, env: { ...process.env, NO_COLOR: '1', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.once('close', (code) => {
      clearTimeout(timer);
      ok({ code, stdout, stderr });
    });
  });
}

function listen(server: Server): Promise<string> {
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

function close(server: Server): Promise<void> {
  return new Promise((ok) => {
    server.close(() => ok());
    server.closeAllConnections();
  });
}

let engine: Server | undefined;
let engineUrl = '';
let faulty: Server | undefined;
let faultyUrl = '';
/** Requests the faulty server has received. */
let received = 0;
/** Empties the faulty server's store (its notes have unique names: a second run's creates would conflict). */
let resetNotes: () => void = () => undefined;

beforeAll(async () => {
  if (!existsSync(CLI)) throw new Error('build specforge first (npm run build)');
  const { server } = await runMock({ cwd: ROOT, spec: 'specs/engine/openapi.yaml', stateful: true, port: 0, host: '127.0.0.1', write: () => undefined });
  engine = server;
  engineUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The notes contract served by its stateful mock with two deliberate faults: the list answers
  // 418 (declared nowhere) and a delete says 204 but keeps the note.
  const mock = await createMockFromSpec(join(ROOT, NOTES), { stateful: true });
  resetNotes = () => mock.reset();
  faulty = createServer((req, res) => {
    received++;
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.method === 'GET' && path === '/notes') {
      res.writeHead(418, { 'content-type': 'application/json' }).end('{"message":"teapot"}');
    } else if (req.method === 'DELETE' && /^\/notes\/[^/]+$/.test(path)) {
      res.writeHead(204).end();
    } else mock.listener(req, res);
  });
  faultyUrl = await listen(faulty);
});

afterAll(async () => {
  if (engine) await close(engine);
  if (faulty) await close(faulty);
});

describe('specforge test', () => {
  it('passes against the stateful mock of the engine contract', async () => {
    const r = await cli(['test', 'specs/engine/openapi.yaml', '--base-url', engineUrl, '--max-examples', '5']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/✔ \d+ requests in \d+ ms, seed 1: no failures/);
    expect(r.stdout).toContain('ContainerCreate (POST /containers/create)');
    expect(r.stdout).not.toContain('✖');
  });

  it('reports the faults of a faulty server as JSON, with curl commands and contract locations (exit 1)', async () => {
    resetNotes();
    const r = await cli(['test', NOTES, '--base-url', faultyUrl, '--max-examples', '5', '--format', 'json']);
    expect(r.code, r.stderr).toBe(1);
    const report = JSON.parse(r.stdout) as ConformanceReport;
    expect(report.seed).toBe(1);
    const checks = [...new Set(report.failures.map((f) => f.check))].sort();
    expect(checks).toEqual(['status_code_conformance', 'use_after_free']);
    for (const f of report.failures) {
      expect(f.curl).toMatch(new RegExp(`^curl -X [A-Z]+ '${faultyUrl.replace(/\./g, '\\.')}/notes`));
      expect(f.location).toMatch(/^\/paths\//);
    }
    expect(report.failures.find((f) => f.check === 'status_code_conformance')?.response?.status).toBe(418);
  });

  it('writes SARIF (a result per failure, at the contract) and a markdown summary, to a file with --output', async () => {
    const { mkdtempSync, readFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'specforge-test-'));
    try {
      resetNotes();
      const sarif = await cli(['test', NOTES, '--base-url', faultyUrl, '--max-examples', '3', '--format', 'sarif', '--output', join(dir, 'out.sarif')]);
      expect(sarif.code, sarif.stderr).toBe(1);
      const log = JSON.parse(readFileSync(join(dir, 'out.sarif'), 'utf8')) as {
        version: string;
        runs: Array<{ results: Array<{ ruleId: string; level: string; locations?: Array<{ physicalLocation?: { artifactLocation?: { uri?: string } } }> }> }>;
      };
      expect(log.version).toBe('2.1.0');
      // The errors are the failures; warnings say which operations never got a 2xx (the coverage summary).
      const results = (log.runs[0]?.results ?? []).filter((r) => r.level === 'error');
      expect(new Set(results.map((r) => r.ruleId.replace(/^.*\//, '')))).toEqual(new Set(['status_code_conformance', 'use_after_free']));
      expect(results[0]?.locations?.[0]?.physicalLocation?.artifactLocation?.uri).toMatch(/notes\/openapi\.yaml$/);
      resetNotes();
      const md = await cli(['test', NOTES, '--base-url', faultyUrl, '--max-examples', '3', '--format', 'markdown']);
      expect(md.code).toBe(1);
      expect(md.stdout).toMatch(/^\|.*\|$/m);
      expect(md.stdout).toContain('status_code_conformance');
      expect(md.stdout).toContain('curl -X');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes JUnit XML with a testsuite per operation and the failures', async () => {
    resetNotes();
    const r = await cli(['test', NOTES, '--base-url', faultyUrl, '--max-examples', '3', '--format', 'junit']);
    expect(r.code, r.stderr).toBe(1);
    const xml = r.stdout;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites ')).toBe(true);
    // Well-formed: every element closes in order, attribute values hold no raw markup.
    const stack: string[] = [];
    for (const m of xml.replace(/^<\?xml[^>]*\?>/, '').matchAll(/<(\/?)([A-Za-z]+)((?:\s+[a-z]+="[^"<]*")*)\s*(\/?)>/g)) {
      if (m[1]) expect(stack.pop()).toBe(m[2]);
      else if (!m[4]) stack.push(m[2] as string);
    }
    expect(stack).toEqual([]);
    const body = xml.replace(/<[^>]*>/g, '');
    expect(body).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    expect(xml).toContain('<testsuite name="listNotes"');
    expect(xml).toMatch(/<testcase name="status_code_conformance" classname="listNotes">\s*<failure message="status 418 is not declared/);
    expect(xml).toMatch(/<testcase name="use_after_free" classname="getNote">\s*<failure /);
    expect(xml).toContain('curl -X GET');
  });

  it('--dry-run prints curl commands and sends nothing', async () => {
    const before = received;
    const r = await cli(['test', NOTES, '--base-url', faultyUrl, '--max-examples', '2', '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(received).toBe(before);
    const lines = r.stdout.trim().split('\n');
    expect(lines.filter((l) => l.startsWith(`curl -X POST '${faultyUrl}/notes'`)).length).toBeGreaterThan(0);
    expect(lines.at(-1)).toMatch(/^# dry run: 6 operations, \d+ requests built, nothing sent \(seed 1\)$/);
  });

  it('an unknown check is a usage error naming the valid ones (exit 2, no stack trace)', async () => {
    const r = await cli(['test', NOTES, '--base-url', faultyUrl, '--checks', 'not_a_server_error,no_such_check']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('error SPECFORGE_USAGE: --checks: unknown check no_such_check; the checks are not_a_server_error, status_code_conformance');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('an unreachable base URL is one clear error (exit 2), not a crash', async () => {
    // A port that was just free: nothing listens on it.
    const spare = createServer();
    const url = await listen(spare);
    await close(spare);
    const r = await cli(['test', NOTES, '--base-url', url]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^error: cannot reach ${url.replace(/\./g, '\\.')}/: fetch failed: .*ECONNREFUSED`));
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('settings from specforge.config.yaml', () => {
  it("a contract's test: entry gives the base URL, phases and examples; a flag given wins", async () => {
    const { mkdirSync, writeFileSync, rmSync } = await import('node:fs');
    const dir = join(ROOT, 'test', '.tmp', `test-config-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    try {
      const spec = join(ROOT, 'specs', 'engine', 'openapi.yaml');
      writeFileSync(
        join(dir, 'specforge.config.yaml'),
        `specs:\n  - path: ${JSON.stringify(spec)}\n    test:\n      baseUrl: ${engineUrl}\n      phases: [examples]\n      maxExamples: 2\n`,
      );
      const run = await cli(['test', '--format', 'json'], dir);
      expect(run.code, run.stderr).toBe(0);
      const report = JSON.parse(run.stdout) as ConformanceReport;
      // The examples phase alone: no fuzz, negative, stateful or security requests.
      const checks = new Set(report.operations.flatMap((o) => Object.keys(o.checks)));
      expect(checks.has('negative_data_rejection')).toBe(false);
      expect(checks.has('ignored_auth')).toBe(false);
      expect(report.requests).toBeGreaterThan(10);
      const flagged = await cli(['test', '--format', 'json', '--phases', 'security'], dir);
      const flaggedChecks = new Set((JSON.parse(flagged.stdout) as ConformanceReport).operations.flatMap((o) => Object.keys(o.checks)));
      expect(flaggedChecks.has('positive_data_acceptance')).toBe(false);

      writeFileSync(join(dir, 'specforge.config.yaml'), `specs:\n  - path: ${JSON.stringify(spec)}\n    test:\n      baseURL: ${engineUrl}\n`);
      const typo = await cli(['test'], dir);
      expect(typo.code).toBe(2);
      expect(typo.stderr).toMatch(/specforge\.config\.yaml:4:7.*unknown key "baseURL"/s);
      expect(typo.stderr).toMatch(/did you mean "baseUrl"/);
      expect(typo.stderr).not.toMatch(/\n\s+at /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a server on a unix socket', () => {
  it('--socket <path> tests a server that listens on a socket, not a port', async () => {
    const { tmpdir } = await import('node:os');
    const socket = join(tmpdir(), `specforge-test-${process.pid}.sock`);
    const { server } = await runMock({ cwd: ROOT, spec: 'specs/echo/openapi.yaml', socket, write: () => undefined });
    try {
      const run = await cli(['test', 'specs/echo/openapi.yaml', '--socket', socket, '--max-examples', '3', '--format', 'json']);
      expect(run.code, run.stderr).toBe(0);
      const report = JSON.parse(run.stdout) as ConformanceReport;
      expect(report.failures).toEqual([]);
      expect(report.requests).toBeGreaterThan(10);
    } finally {
      await close(server);
    }
  });
});

describe('credentials', () => {
  it('--auth bearer=env:VAR sends that credential wherever the contract asks for one, and the security phase still sends none', async () => {
    const token = `sk_ntl_prod_${'Q'.repeat(40)}`;
    const seen = { with: 0, without: 0, malformed: 0, other: 0 };
    const mock = await createMockFromSpec(join(ROOT, 'specs', 'payments', 'openapi.yaml'), { stateful: true });
    const server = createServer((req, res) => {
      const auth = req.headers['authorization'];
      if (auth === `Bearer ${token}`) seen.with++;
      else if (auth === undefined) seen.without++;
      else if (auth === 'Bearer') seen.malformed++;
      else seen.other++;
      mock.listener(req, res);
    });
    const url = await listen(server);
    try {
      const run = await cli(
        ['test', 'specs/payments/openapi.yaml', '--base-url', url, '--max-examples', '2', '--auth', 'bearer=env:PAYMENTS_TOKEN', '--format', 'json'],
        ROOT,
        { PAYMENTS_TOKEN: token },
      );
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).not.toContain(token);
      expect(seen.with).toBeGreaterThan(20);
      expect(seen.without).toBeGreaterThan(0);
      // The security phase: no credential, and a malformed one; no other credential is ever sent.
      expect(seen.malformed).toBeGreaterThan(0);
      expect(seen.other).toBe(0);
    } finally {
      await close(server);
    }
  });
});

describe('control', () => {
  it('--tags keeps the operations with one of the tags', async () => {
    const run = await cli(['test', 'specs/engine/openapi.yaml', '--base-url', engineUrl, '--tags', 'Volume', '--phases', 'examples', '--format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    const ids = (JSON.parse(run.stdout) as ConformanceReport).operations.map((o) => o.operationId).sort();
    expect(ids).toEqual(['VolumeCreate', 'VolumeDelete', 'VolumeInspect', 'VolumeList', 'VolumePrune'].filter((id) => ids.includes(id)));
    expect(ids.length).toBeGreaterThanOrEqual(4);
    expect(ids.every((id) => id.startsWith('Volume'))).toBe(true);
  });

  it('--operations, -H, --workers, --rate-limit and --max-failures shape the run', async () => {
    const seen: Array<{ path: string; header: string | undefined; at: number }> = [];
    const mock = await createMockFromSpec(join(ROOT, NOTES), { stateful: true });
    const server = createServer((req, res) => {
      seen.push({ path: (req.url ?? '').split('?')[0] ?? '', header: req.headers['x-run'] as string | undefined, at: Date.now() });
      // A fault on every answer of the list: one failure per request that reaches it.
      if (req.method === 'GET' && req.url?.startsWith('/notes') && !/^\/notes\/[^/?]+/.test(req.url))
        res.writeHead(418, { 'content-type': 'application/json' }).end('{"message":"teapot"}');
      else mock.listener(req, res);
    });
    const url = await listen(server);
    try {
      // Only getNote, with a header on every request, two workers and at most 20 requests a second.
      const one = await cli([
        'test',
        NOTES,
        '--base-url',
        url,
        '--operations',
        'getNote',
        '--phases',
        'examples,negative,fuzz',
        '--max-examples',
        '10',
        '-H',
        'X-Run: 42',
        '--workers',
        '2',
        '--rate-limit',
        '20',
        '--format',
        'json',
      ]);
      expect(one.code, one.stderr).toBe(0);
      const report = JSON.parse(one.stdout) as ConformanceReport;
      expect(report.operations.map((o) => o.operationId)).toEqual(['getNote']);
      // The command first checks that the base URL answers at all (one GET /); then the run.
      expect(seen[0]?.path).toBe('/');
      seen.shift();
      expect(new Set(seen.map((r) => r.path.replace(/\/notes\/.*/, '/notes/{id}')))).toEqual(new Set(['/notes/{id}']));
      expect(seen.every((r) => r.header === '42')).toBe(true);
      // 20 a second: n requests take at least (n - 1) / 20 s.
      const span = (seen[seen.length - 1]?.at ?? 0) - (seen[0]?.at ?? 0);
      expect(span).toBeGreaterThanOrEqual(((seen.length - 1) / 20) * 1000 * 0.9);
      // --max-failures stops the run: the list's fault is reported once, and the run ends early.
      const stopped = await cli(['test', NOTES, '--base-url', url, '--max-failures', '1', '--format', 'json']);
      expect(stopped.code).toBe(1);
      expect((JSON.parse(stopped.stdout) as ConformanceReport).failures).toHaveLength(1);
    } finally {
      await close(server);
    }
  });
});
