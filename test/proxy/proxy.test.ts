/**
 * The validating proxy (`specforge proxy`, createProxy): correct traffic passes unchanged (status,
 * headers, body bytes, a stream as it is written), an upstream's faults are reported by the
 * runner's checks live and in the report, --enforce refuses an invalid request with the contract's
 * error shape without forwarding it, a bad upstream is a 502 or 504 with a body that says why, and
 * only the upstream of the command line is contacted (never the contract's servers).
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModel, type ContractModel } from '../../src/contract/model.js';
import { createProxy, type ValidatingProxy } from '../../src/conformance/proxy.js';
import { runProxy } from '../../src/cli/commands/proxy.js';
import { runTest } from '../../src/cli/commands/test.js';
import { writeSpec } from '../conformance/support.js';
import { FILE_BYTES, PETS, startUpstream, tripwire, type Upstream } from './fixture.js';

let upstream: Upstream;
let wire: Awaited<ReturnType<typeof tripwire>>;
let specFile = '';
let model: ContractModel;

beforeAll(async () => {
  upstream = await startUpstream();
  wire = await tripwire();
  // The contract names a server of its own: the proxy must never go there.
  specFile = writeSpec(PETS.replace('SERVERS_URL', wire.origin));
  model = await buildModel(specFile);
});

afterAll(async () => {
  await upstream.close();
  await wire.close();
});

async function withProxy<T>(
  options: { enforce?: boolean; upstream?: string; timeoutMs?: number },
  body: (proxy: ValidatingProxy, lines: string[]) => Promise<T>,
): Promise<T> {
  const lines: string[] = [];
  const proxy = await createProxy({
    model,
    upstream: options.upstream ?? upstream.origin,
    onViolation: (l) => lines.push(l),
    ...(options.enforce ? { enforce: true } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  try {
    return await body(proxy, lines);
  } finally {
    await proxy.close();
  }
}

/** Headers that depend on the connection or the moment, not on the answer. */
function comparable(res: Response): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  res.headers.forEach((v, k) => {
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k)) out.push([k, v]);
  });
  return out.sort();
}

describe('specforge proxy', () => {
  it('passes correct traffic through unchanged and reports nothing', async () => {
    await withProxy({}, async (proxy, lines) => {
      for (const path of ['/pets/1', '/files/3']) {
        const direct = await fetch(upstream.origin + path);
        const through = await fetch(proxy.origin + path);
        expect(through.status).toBe(direct.status);
        expect(comparable(through)).toEqual(comparable(direct));
        expect(Buffer.from(await through.arrayBuffer())).toEqual(Buffer.from(await direct.arrayBuffer()));
      }
      expect(Buffer.from(await (await fetch(`${proxy.origin}/files/9`)).arrayBuffer())).toEqual(FILE_BYTES);
      const zipped = await fetch(`${proxy.origin}/pets/5`);
      expect(zipped.headers.get('content-encoding')).toBe('gzip');
      expect(await zipped.json()).toEqual({ id: 5, name: 'Zipped' });
      const cookies = (await fetch(`${proxy.origin}/pets/2`)).headers.getSetCookie();
      expect(cookies).toEqual(['a=1; Path=/', 'b=2; Path=/']);
      const created = await fetch(`${proxy.origin}/pets`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Rex"}' });
      expect(created.status).toBe(201);
      expect(await created.json()).toEqual({ id: 1, name: 'Rex' });
      const report = proxy.report();
      expect(report.failures).toEqual([]);
      expect(lines).toEqual([]);
      expect(report.requests).toBe(6);
      expect(report.operations.find((o) => o.operationId === 'getPet')?.checks.response_schema_conformance?.passed).toBe(3);
    });
  });

  it('streams an answer as the upstream writes it', async () => {
    await withProxy({}, async (proxy) => {
      const res = await fetch(`${proxy.origin}/events`);
      expect(res.headers.get('content-type')).toBe('text/event-stream');
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      // The first event arrives while the upstream still holds the second.
      const first = await reader.read();
      expect(Buffer.from(first.value ?? new Uint8Array()).toString()).toBe('data: one\n\n');
      upstream.releaseStream();
      let rest = '';
      for (let r = await reader.read(); !r.done; r = await reader.read()) rest += Buffer.from(r.value).toString();
      expect(rest).toBe('data: two\n\n');
    });
  });

  it("reports the upstream's faults with the runner's checks, live and in the report", async () => {
    await withProxy({}, async (proxy, lines) => {
      expect((await fetch(`${proxy.origin}/pets/13`)).status).toBe(500);
      expect((await fetch(`${proxy.origin}/pets/7`)).status).toBe(200);
      // Invalid (too long, an unknown property): forwarded, and the upstream accepts it.
      const invalid = await fetch(`${proxy.origin}/pets`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name":"a name far too long","x":1}',
      });
      expect(invalid.status).toBe(201);
      // No credential, and the secured route succeeds.
      expect((await fetch(`${proxy.origin}/secure`)).status).toBe(200);
      const report = proxy.report();
      const found = report.failures.map((f) => `${f.check} ${f.operationId}`).sort();
      expect(found).toEqual(['ignored_auth secure', 'negative_data_rejection createPet', 'not_a_server_error getPet', 'response_schema_conformance getPet']);
      for (const f of report.failures) expect(f.phase).toBe('proxy');
      // One line per violation as it happens, and one for the request that broke the contract.
      expect(lines.filter((l) => l.includes('✖'))).toHaveLength(4);
      expect(lines.some((l) => l.includes('POST /pets (createPet) breaks the contract, forwarded'))).toBe(true);
      expect(report.failures.find((f) => f.check === 'response_schema_conformance')?.curl).toContain(`${upstream.origin}/pets/7`);
      expect(proxy.requestViolations()).toEqual({ invalid: 1, refused: 0, unrouted: 0 });
    });
  });

  it('with --enforce, refuses an invalid request in the contract error shape without forwarding it', async () => {
    await withProxy({ enforce: true }, async (proxy, lines) => {
      const before = upstream.hits.length;
      const res = await fetch(`${proxy.origin}/pets`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":""}' });
      expect(res.status).toBe(400);
      const body = (await res.json()) as Record<string, unknown>;
      expect(typeof body['message']).toBe('string');
      const bad = await fetch(`${proxy.origin}/pets/abc`);
      expect(bad.status).toBe(400);
      expect(upstream.hits.length).toBe(before);
      // A valid request still goes through.
      expect((await fetch(`${proxy.origin}/pets/4`)).status).toBe(200);
      expect(upstream.hits.length).toBe(before + 1);
      expect(proxy.requestViolations()).toEqual({ invalid: 2, refused: 2, unrouted: 0 });
      expect(lines.filter((l) => l.includes('refused'))).toHaveLength(2);
      expect(proxy.report().failures).toEqual([]);
    });
  });

  it('answers 502 for an upstream that cannot be reached and 504 for one that does not answer, and keeps serving', async () => {
    const dead = await tripwire();
    const deadOrigin = dead.origin;
    await dead.close();
    await withProxy({ upstream: deadOrigin }, async (proxy) => {
      const res = await fetch(`${proxy.origin}/pets/1`);
      expect(res.status).toBe(502);
      expect(await res.text()).toMatch(/cannot be reached: ECONNREFUSED/);
      expect(proxy.report().failures.map((f) => f.check)).toEqual(['not_a_server_error']);
      expect((await fetch(`${proxy.origin}/pets/2`)).status).toBe(502);
    });
    await withProxy({ timeoutMs: 300 }, async (proxy) => {
      const started = Date.now();
      const res = await fetch(`${proxy.origin}/slow`);
      expect(res.status).toBe(504);
      expect(await res.text()).toMatch(/did not answer in time/);
      expect(Date.now() - started).toBeLessThan(5000);
      expect((await fetch(`${proxy.origin}/pets/1`)).status).toBe(200);
    });
  });

  it('starts from the package entry with a contract path (createProxy)', async () => {
    const { createProxy: fromEntry } = await import('../../src/index.js');
    const proxy = await fromEntry({ spec: specFile, upstream: upstream.origin });
    try {
      expect((await fetch(`${proxy.origin}/pets/7`)).status).toBe(200);
      expect(proxy.report().failures.map((f) => f.check)).toEqual(['response_schema_conformance']);
    } finally {
      await proxy.close();
    }
  });

  it("never contacts the contract's servers", () => {
    expect(wire.connections()).toBe(0);
  });

  it('runs from the command line: the report at the end, a cassette without credentials', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sf-proxy-cli-'));
    const out: string[] = [];
    const warn: string[] = [];
    const stop = new AbortController();
    const code = await runProxy({
      spec: specFile,
      upstream: upstream.origin,
      port: 0,
      format: 'json',
      record: join(dir, 'traffic.json'),
      write: (t) => out.push(t),
      warn: (t) => warn.push(t),
      signal: stop.signal,
      onListening: (proxy) => {
        void (async () => {
          await fetch(`${proxy.origin}/pets/13`, { headers: { authorization: 'Bearer secret-token-4711' } });
          await fetch(`${proxy.origin}/pets/1`, { headers: { authorization: 'Bearer secret-token-4711' } });
          stop.abort();
        })();
      },
    });
    expect(code).toBe(1);
    const report = JSON.parse(out.join('')) as { requests: number; failures: Array<{ check: string; request: { headers: Record<string, string> } }> };
    expect(report.requests).toBe(2);
    expect(report.failures.map((f) => f.check)).toEqual(['not_a_server_error']);
    expect(report.failures[0]?.request.headers['authorization']).toBe('Bearer [REDACTED]');
    expect(warn.join('')).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
    expect(warn.join('')).toMatch(/✖ not_a_server_error getPet/);
    const cassette = readFileSync(join(dir, 'traffic.json'), 'utf8');
    expect(cassette).not.toContain('secret-token-4711');
    expect((JSON.parse(cassette) as { exchanges: unknown[] }).exchanges).toHaveLength(2);
    // The proxy's cassette replays: the same fault, found with no server.
    const replayed: string[] = [];
    expect(await runTest({ spec: specFile, replay: join(dir, 'traffic.json'), format: 'json', write: (t) => replayed.push(t), progress: false })).toBe(1);
    expect((JSON.parse(replayed.join('')) as { failures: Array<{ check: string; phase: string }> }).failures.map((f) => `${f.check} ${f.phase}`)).toEqual([
      'not_a_server_error proxy',
    ]);
  });
});
