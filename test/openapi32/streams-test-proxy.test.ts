/**
 * `specforge test` and `specforge proxy` on OpenAPI 3.2 streams (test/fixtures/openapi32/llm-streams.yaml):
 * a node:http server on 127.0.0.1 answers the completion as server-sent events, the job log as JSON
 * Lines and the progress as JSON text sequences, each correct, with a bad 3rd item (index 2), or
 * never ending. Each answer is read item by item within bounds (items, bytes, time), each item
 * checked by the item schema, the first bad one reported with its index and its text (redacted); a
 * stream that never ends is cut at the bound, not waited for, and the report says what it did not
 * read.
 */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMock } from '../../src/cli/commands/mock.js';
import { runTest } from '../../src/cli/commands/test.js';
import { createProxy } from '../../src/conformance/proxy.js';
import type { ConformanceReport } from '../../src/conformance/types.js';
import { buildModel, type ContractModel } from '../../src/contract/model.js';

const FIXTURE = resolve(import.meta.dirname, '..', 'fixtures', 'openapi32', 'llm-streams.yaml');
const SECRET = 'Bearer s3cr3t-stream-token';

type Mode = 'good' | 'bad' | 'endless' | 'endless-bad' | 'broken' | 'one-line' | 'slow-head';

let dir = '';
let spec = '';
let model: ContractModel;
const servers: Server[] = [];
const origins = new Map<Mode, string>();
/** Streams still being written, by mode: a server that never ends them must see them closed. */
const open = new Set<ServerResponse>();

/** The items of each stream: item 2 broken when `bad`, an echo of the request's credential in it. */
function items(kind: 'sse' | 'jsonl' | 'json-seq', i: number, bad: boolean, echo: string): string {
  const broken = bad && i === 2;
  if (kind === 'sse') {
    const data = broken ? { index: 'two', text: `echo ${echo}` } : { index: i, text: `t${i}` };
    return `event: delta\nid: ${i + 1}\ndata: ${JSON.stringify(data)}\n\n`;
  }
  if (kind === 'jsonl') {
    const line = broken
      ? { at: '2026-01-01T00:00:00Z', level: 'loud', message: `echo ${echo}` }
      : { at: '2026-01-01T00:00:00Z', level: 'info', message: `line ${i}` };
    return `${JSON.stringify(line)}\n`;
  }
  return `\x1e${JSON.stringify(broken ? { percent: 250 } : { percent: Math.min(100, i * 10), stage: 'build' })}\n`;
}

function handler(mode: Mode) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const echo = req.headers.authorization ?? '';
    let kind: 'sse' | 'jsonl' | 'json-seq';
    let type: string;
    if (req.method === 'POST' && path === '/v1/completions') [kind, type] = ['sse', 'text/event-stream'];
    else if (req.method === 'GET' && /^\/v1\/jobs\/[^/]+\/log$/.test(path)) [kind, type] = ['jsonl', 'application/jsonl'];
    else if (req.method === 'GET' && /^\/v1\/jobs\/[^/]+\/progress$/.test(path)) [kind, type] = ['json-seq', 'application/json-seq'];
    else {
      req.resume();
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'no such route' }));
      return;
    }
    req.resume();
    if (mode === 'slow-head') {
      // The head and the items come after 1.5 s (a completion's first token), then the stream ends.
      const timer = setTimeout(() => {
        res.writeHead(200, { 'content-type': type });
        for (let i = 0; i < 3; i++) res.write(items(kind, i, false, echo));
        res.end();
      }, 1500);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache' });
    const bad = mode === 'bad' || mode === 'endless-bad';
    if (mode === 'broken') {
      // The second item is no JSON, in every framing.
      res.end(items(kind, 0, false, echo) + (kind === 'sse' ? 'data: {not json\n\n' : kind === 'jsonl' ? '{not json\n' : '\x1e{not json\n'));
      return;
    }
    if (mode === 'one-line') {
      // One line that never ends: 64 KiB without a line break every 10 ms.
      open.add(res);
      const chunk = 'x'.repeat(64 * 1024);
      const timer = setInterval(() => res.write(chunk), 10);
      res.on('close', () => {
        clearInterval(timer);
        open.delete(res);
      });
      return;
    }
    if (mode === 'good' || mode === 'bad') {
      for (let i = 0; i < 4; i++) res.write(items(kind, i, bad, echo));
      res.end();
      return;
    }
    // Never ends: an item every 20 ms until the reader leaves.
    open.add(res);
    let i = 0;
    const timer = setInterval(() => res.write(items(kind, i++, bad, echo)), 20);
    res.on('close', () => {
      clearInterval(timer);
      open.delete(res);
    });
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sf-streams-test-'));
  spec = join(dir, 'openapi.yaml');
  copyFileSync(FIXTURE, spec);
  model = await buildModel(spec);
  for (const mode of ['good', 'bad', 'endless', 'endless-bad', 'broken', 'one-line', 'slow-head'] as const) {
    const server = createServer(handler(mode));
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    servers.push(server);
    origins.set(mode, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise<void>((ok) => server.close(() => ok()));
  }
  rmSync(dir, { recursive: true, force: true });
});

async function test(mode: Mode, extra: Record<string, unknown> = {}): Promise<{ code: number; report: ConformanceReport; ms: number }> {
  let out = '';
  const started = Date.now();
  const code = await runTest({
    cwd: dir,
    spec,
    baseUrl: `${origins.get(mode) ?? ''}/v1`,
    phases: 'examples',
    format: 'json',
    progress: false,
    cache: false,
    header: [`Authorization: ${SECRET}`],
    ...extra,
    write: (t) => (out += t),
  });
  return { code, report: JSON.parse(out) as ConformanceReport, ms: Date.now() - started };
}

function streamFailures(report: ConformanceReport): Array<{ op: string; message: string; location?: string; body?: string }> {
  return report.failures
    .filter((f) => f.check === 'response_schema_conformance')
    .map((f) => ({ op: f.operationId, message: f.message, ...(f.location ? { location: f.location } : {}), ...(f.response ? { body: f.response.body } : {}) }));
}

describe('specforge test on OpenAPI 3.2 streams', () => {
  it('passes correct streams, every item read and checked', async () => {
    const { code, report } = await test('good');
    expect(streamFailures(report)).toEqual([]);
    expect(report.failures).toEqual([]);
    expect(code).toBe(0);
    for (const op of report.operations) expect(op.checks.response_schema_conformance, op.operationId).toEqual({ passed: 1, failed: 0 });
    expect(report.skipped ?? []).toEqual([]);
  }, 30_000);

  it('reports the first bad item of each stream with its index and its text, redacted', async () => {
    const { code, report } = await test('bad');
    expect(code).toBe(1);
    const failures = streamFailures(report);
    expect(failures.map((f) => f.op).sort()).toEqual(['createCompletion', 'followJobLog', 'watchJobProgress']);
    for (const f of failures) {
      expect(f.message, f.op).toMatch(/stream item 2 \(the 3rd\)/);
      expect(f.location, f.op).toMatch(/\/itemSchema$/);
    }
    const sse = failures.find((f) => f.op === 'createCompletion');
    expect(sse?.message).toMatch(/\/data\/index must be integer/);
    expect(sse?.message).toContain('"index":"two"');
    const log = failures.find((f) => f.op === 'followJobLog');
    expect(log?.message).toMatch(/\/level must be equal to one of the allowed values/);
    expect(failures.find((f) => f.op === 'watchJobProgress')?.message).toMatch(/\/percent must be <= 100/);
    // The credential the server echoed in the item is never in the report.
    expect(JSON.stringify(report)).not.toContain('s3cr3t-stream-token');
    expect(sse?.message).toContain('[REDACTED]');
    // The failure's curl line reads the stream as it arrives.
    expect(report.failures.find((f) => f.operationId === 'createCompletion')?.curl).toMatch(/^curl --no-buffer /);
  }, 30_000);

  it('cuts a stream that never ends at its time bound, and says what it did not read', async () => {
    const { code, report, ms } = await test('endless', { maxStreamTime: 400 });
    expect(ms).toBeLessThan(8000);
    expect(streamFailures(report)).toEqual([]);
    expect(code).toBe(0);
    const skipped = (report.skipped ?? []).filter((s) => s.check === 'response_schema_conformance');
    expect(skipped.map((s) => s.path).sort()).toEqual(['/completions', '/jobs/{jobId}/log', '/jobs/{jobId}/progress']);
    for (const s of skipped) {
      expect(s.reason).toMatch(/cut at 400 ms \(--max-stream-time\).*not read/);
      // How many answers were not read whole, counted.
      expect(s.streams, s.path).toBeGreaterThanOrEqual(1);
    }
  }, 30_000);

  it('says in the stylish report how many streams it did not read whole', async () => {
    let out = '';
    await runTest({
      cwd: dir,
      spec,
      baseUrl: `${origins.get('endless') ?? ''}/v1`,
      phases: 'examples',
      operations: 'followJobLog',
      progress: false,
      cache: false,
      maxStreamTime: 300,
      write: (t) => (out += t),
    });
    expect(out).toMatch(
      /response_schema_conformance not tried on 1 path \(\/jobs\/\{jobId\}\/log\): a stream was cut at 300 ms \(--max-stream-time\)[^\n]*\(1 stream not read whole\)/,
    );
  }, 30_000);

  it('records streams and replays them: the bad item is found again from the cassette, with nothing sent', async () => {
    const cassette = join(dir, 'streams.cassette.json');
    const recorded = await test('bad', { record: cassette });
    expect(streamFailures(recorded.report)).toHaveLength(3);
    let out = '';
    const code = await runTest({ cwd: dir, spec, replay: cassette, format: 'json', progress: false, cache: false, write: (t) => (out += t) });
    expect(code).toBe(1);
    const replayed = streamFailures(JSON.parse(out) as ConformanceReport);
    expect(replayed.map((f) => [f.op, /stream item 2 \(the 3rd\)/.test(f.message)]).sort()).toEqual([
      ['createCompletion', true],
      ['followJobLog', true],
      ['watchJobProgress', true],
    ]);
    expect(out).not.toContain('s3cr3t-stream-token');
  }, 30_000);

  it('cuts a stream that never ends at its item bound', async () => {
    const { report, ms } = await test('endless', { maxStreamItems: 5, maxStreamTime: 20_000, operations: 'followJobLog' });
    expect(ms).toBeLessThan(8000);
    expect(streamFailures(report)).toEqual([]);
    expect(report.skipped?.find((s) => s.path === '/jobs/{jobId}/log')?.reason).toMatch(/cut after 5 items \(--max-stream-items\)/);
  }, 30_000);

  it('takes the stream bounds from the config (test: maxStreamItems, maxStreamTime), a flag winning', async () => {
    const config = join(dir, 'specforge.config.yaml');
    writeFileSync(config, 'specs:\n  - path: openapi.yaml\n    test: { maxStreamItems: 4, maxStreamTime: 20000 }\n');
    try {
      const { report, ms } = await test('endless', { operations: 'followJobLog' });
      expect(ms).toBeLessThan(8000);
      expect(report.skipped?.find((s) => s.path === '/jobs/{jobId}/log')?.reason).toMatch(/cut after 4 items \(--max-stream-items\)/);
      const flagged = await test('endless', { operations: 'followJobLog', maxStreamItems: 6 });
      expect(flagged.report.skipped?.find((s) => s.path === '/jobs/{jobId}/log')?.reason).toMatch(/cut after 6 items/);
      writeFileSync(config, 'specs:\n  - path: openapi.yaml\n    test: { maxStreamItems: many }\n');
      await expect(test('endless', { operations: 'followJobLog' })).rejects.toThrow(/test\.maxStreamItems must be an integer/);
    } finally {
      rmSync(config, { force: true });
    }
  }, 30_000);

  it('reports the bad 3rd item of a stream that never ends, without waiting for its end', async () => {
    const { code, report, ms } = await test('endless-bad', { maxStreamTime: 20_000 });
    expect(ms).toBeLessThan(8000);
    expect(code).toBe(1);
    expect(streamFailures(report).map((f) => [f.op, /stream item 2 \(the 3rd\)/.test(f.message)])).toEqual(
      expect.arrayContaining([
        ['createCompletion', true],
        ['followJobLog', true],
        ['watchJobProgress', true],
      ]),
    );
  }, 30_000);

  it('passes the mock of the contract: its sampled streams are read item by item, every item valid', async () => {
    const { server } = await runMock({ cwd: dir, spec, port: 0, write: () => undefined, cache: false });
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      let out = '';
      const code = await runTest({
        cwd: dir,
        spec,
        baseUrl: `${origin}/v1`,
        phases: 'examples,negative',
        format: 'json',
        progress: false,
        cache: false,
        write: (t) => (out += t),
      });
      const report = JSON.parse(out) as ConformanceReport;
      expect(report.failures).toEqual([]);
      expect(code).toBe(0);
      for (const op of report.operations) expect(op.checks.response_schema_conformance?.passed, op.operationId).toBeGreaterThan(0);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((ok) => server.close(() => ok()));
    }
  }, 30_000);

  it('reports a stream whose framing breaks at the item where it breaks', async () => {
    const { code, report } = await test('broken');
    expect(code).toBe(1);
    const failures = streamFailures(report);
    expect(failures.map((f) => f.op).sort()).toEqual(['createCompletion', 'followJobLog', 'watchJobProgress']);
    for (const f of failures) expect(f.message, f.op).toMatch(/^the stream breaks at item 1 \(the 2nd\): .*not JSON/);
  }, 30_000);

  it('cuts one line that never ends at the byte bound: memory stays bounded, the run ends', async () => {
    const { report, ms } = await test('one-line', { operations: 'followJobLog', maxStreamBytes: 256 * 1024, maxStreamTime: 20_000 });
    expect(ms).toBeLessThan(8000);
    expect(streamFailures(report)).toEqual([]);
    expect(report.skipped?.find((s) => s.path === '/jobs/{jobId}/log')?.reason).toMatch(/cut at 262144 bytes \(--max-stream-bytes\)/);
  }, 30_000);

  it('waits for a stream to begin up to its time bound, and checks it', async () => {
    const { code, report } = await test('slow-head', { operations: 'followJobLog' });
    expect(report.failures).toEqual([]);
    expect(code).toBe(0);
    expect(report.operations[0]?.checks.response_schema_conformance).toEqual({ passed: 1, failed: 0 });
  }, 30_000);

  it('refuses a bound that is not a positive integer, as a usage error', async () => {
    await expect(test('good', { maxStreamItems: 'many' })).rejects.toThrow(/--max-stream-items must be an integer/);
  });
});

describe('specforge proxy on OpenAPI 3.2 streams', () => {
  async function through(mode: Mode, bounds: { maxStreamTime?: number; maxStreamItems?: number } = {}) {
    const lines: string[] = [];
    const proxy = await createProxy({
      model,
      upstream: `${origins.get(mode) ?? ''}/v1`,
      onViolation: (l) => lines.push(l),
      streamBounds: { items: bounds.maxStreamItems ?? 100, bytes: 1024 * 1024, ms: bounds.maxStreamTime ?? 2000 },
    });
    return { proxy, lines };
  }

  it('passes a bad stream on unchanged and reports its first bad item, with its index, live', async () => {
    const { proxy, lines } = await through('bad');
    try {
      const res = await fetch(`${proxy.origin}/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: SECRET },
        body: JSON.stringify({ prompt: 'Say hello' }),
      });
      const text = await res.text();
      expect(text.split('\n\n').filter((e) => e !== '')).toHaveLength(4);
      await expect.poll(() => lines.join('\n'), { timeout: 3000 }).toMatch(/createCompletion.*stream item 2 \(the 3rd\)/);
      const log = await fetch(`${proxy.origin}/jobs/job_abcd/log`);
      expect((await log.text()).trim().split('\n')).toHaveLength(4);
      await expect.poll(() => lines.join('\n'), { timeout: 3000 }).toMatch(/followJobLog.*stream item 2 \(the 3rd\)/);
    } finally {
      const report = await proxy.close();
      expect(report.failures.filter((f) => f.check === 'response_schema_conformance').map((f) => f.operationId)).toEqual(['createCompletion', 'followJobLog']);
      expect(JSON.stringify(report)).not.toContain('s3cr3t-stream-token');
      expect(lines.join('\n')).not.toContain('s3cr3t-stream-token');
    }
  }, 30_000);

  it('reports the bad item of a stream that never ends while it goes on, and stops checking one at its bound', async () => {
    const bad = await through('endless-bad', { maxStreamTime: 20_000 });
    const controller = new AbortController();
    try {
      const res = await fetch(`${bad.proxy.origin}/jobs/job_abcd/log`, { signal: controller.signal });
      expect(res.status).toBe(200);
      const started = Date.now();
      await expect.poll(() => bad.lines.join('\n'), { timeout: 3000 }).toMatch(/followJobLog.*stream item 2 \(the 3rd\)/);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      controller.abort();
      await bad.proxy.close();
    }
    const endless = await through('endless', { maxStreamTime: 300 });
    const second = new AbortController();
    try {
      const res = await fetch(`${endless.proxy.origin}/jobs/job_abcd/progress`, { signal: second.signal });
      expect(res.status).toBe(200);
      // The client is still served past the bound; the proxy's check of the stream has ended there.
      await expect
        .poll(() => endless.proxy.report().skipped?.find((s) => s.path === '/jobs/{jobId}/progress')?.reason ?? '', { timeout: 3000 })
        .toMatch(/cut at 300 ms \(--max-stream-time\)/);
      const reader = res.body?.getReader();
      const chunk = await reader?.read();
      expect(chunk?.done).toBe(false);
    } finally {
      second.abort();
      const report = await endless.proxy.close();
      expect(report.failures).toEqual([]);
    }
  }, 30_000);
});
