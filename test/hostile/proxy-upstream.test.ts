/**
 * `specforge proxy` in front of a hostile upstream: a raw node:net server on 127.0.0.1 that writes
 * its answers byte by byte. Any status line (000, 099, 600, 1000), a reason phrase with control
 * characters, invalid header names or values, or an answer that breaks (closed after its headers,
 * mid-body, an invalid chunked encoding, a body that never comes) is a 502 in the contract's error
 * shape and a finding in the report, never the end of the proxy and never a client left waiting;
 * hop-by-hop headers and those named in `Connection` are dropped both ways; the upstream's base
 * path is never escaped.
 */
import { request as httpRequest } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModel, type ContractModel } from '../../src/contract/model.js';
import { createProxy, type ValidatingProxy } from '../../src/conformance/proxy.js';
import { writeSpec } from '../conformance/support.js';
import { HOSTILE_CONTRACT } from '../fixtures/hostile-proxy/contract.js';

const OK = 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}';

/** Raw answers, by the case name in `/case/<name>` (bytes exactly as written). */
const CASES: Record<string, string | ((socket: Socket) => void)> = {
  'status-000': 'HTTP/1.1 000 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}',
  'status-099': 'HTTP/1.1 099 Low\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}',
  'status-600': 'HTTP/1.1 600 High\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}',
  'status-101': 'HTTP/1.1 101 Switching Protocols\r\nconnection: upgrade\r\nupgrade: evil\r\n\r\n',
  'status-1000': 'HTTP/1.1 1000 Huge\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}',
  'reason-esc': 'HTTP/1.1 200 O\u001b[2JK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}',
  'reason-nul': 'HTTP/1.1 200 O\u0000K\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}',
  'reason-cr': 'HTTP/1.1 200 O\rK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}',
  'reason-lf': 'HTTP/1.1 200 O\nX-Injected: 1\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}',
  'header-name': 'HTTP/1.1 200 OK\r\nBad Name: x\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}',
  'header-value': 'HTTP/1.1 200 OK\r\nx-bad: a\u0001b\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}',
  'header-nul': 'HTTP/1.1 200 OK\r\nx-bad: a\u0000b\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}',
  'after-headers': (s) => s.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n'),
  'mid-body': (s) => s.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"a":'),
  'bad-chunked': (s) => s.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n'),
  'cut-chunked': (s) => s.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n2\r\n{"\r\n'),
  // Headers, then nothing: the body never comes.
  'stalled-body': (s) => s.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{'),
};

interface RawUpstream {
  origin: string;
  /** Request heads as received: the request line and the header lines. */
  heads: string[];
  close(): Promise<void>;
}

async function rawUpstream(): Promise<RawUpstream> {
  const heads: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffered = '';
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('latin1');
      const end = buffered.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = buffered.slice(0, end);
      buffered = '';
      heads.push(head);
      const path = head.split(' ')[1] ?? '';
      if (path === '/base/stream' || path === '/stream') {
        // One event, then the connection is cut in the middle of the chunked stream.
        socket.write('HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\nb\r\ndata: one\n\n\r\n');
        setTimeout(() => socket.destroy(), 100);
        return;
      }
      if (path === '/base/case/close-delimited') {
        socket.end('HTTP/1.0 200 OK\r\ncontent-type: application/json\r\n\r\n{"whole": true}');
        return;
      }
      if (path.startsWith('/base/echo-headers') || path.startsWith('/echo-headers')) {
        socket.end(
          'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: close, x-hop-secret\r\nx-hop-secret: leaked\r\nkeep-alive: timeout=77\r\nproxy-authenticate: Basic\r\ntrailer: x-t\r\nupgrade: h2c\r\nx-kept: yes\r\n\r\n{}',
        );
        return;
      }
      const name = /\/case\/([^/?]+)/.exec(path)?.[1] ?? '';
      const answer = CASES[name];
      if (typeof answer === 'function') answer(socket);
      else socket.end(answer ?? OK);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    heads,
    close: () =>
      new Promise<void>((ok) => {
        for (const s of sockets) s.destroy();
        server.close(() => ok());
      }),
  };
}

let upstream: RawUpstream;
let model: ContractModel;
let proxy: ValidatingProxy;
const lines: string[] = [];

beforeAll(async () => {
  upstream = await rawUpstream();
  model = await buildModel(writeSpec(HOSTILE_CONTRACT));
  proxy = await createProxy({ model, upstream: `${upstream.origin}/base/`, timeoutMs: 1500, record: true, onViolation: (l) => lines.push(l) });
});

afterAll(async () => {
  await proxy.close();
  await upstream.close();
});

/** A request through the proxy that must be answered within `ms`, whatever the upstream did. */
async function through(path: string, init: RequestInit = {}, ms = 6000): Promise<Response> {
  return fetch(proxy.origin + path, { ...init, signal: AbortSignal.timeout(ms) });
}

/** A request whose target is sent exactly as written (fetch would resolve the dot segments itself). */
function rawTarget(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string; body: string; headers: Record<string, unknown> }> {
  return new Promise((ok, fail) => {
    const req = httpRequest({ host: '127.0.0.1', port: proxy.port, path, method: 'GET', headers, timeout: 6000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        ok({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type'] ?? ''),
          body: Buffer.concat(chunks).toString('utf8'),
          headers: res.headers,
        }),
      );
    });
    req.on('timeout', () => req.destroy(new Error('no answer in time')));
    req.on('error', fail);
    req.end();
  });
}

describe('a hostile upstream behind specforge proxy', () => {
  it.each(Object.keys(CASES))('%s: a 502 in the contract error shape and a finding; the proxy keeps serving', async (name) => {
    const res = await through(`/case/${name}`);
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const body = (await res.json()) as { title?: unknown; status?: unknown; detail?: unknown };
    expect(body.status).toBe(502);
    expect(typeof body.title).toBe('string');
    expect(String(body.title)).toMatch(/upstream/);
    // Nothing of the hostile bytes reaches the client.
    expect(JSON.stringify(body)).not.toMatch(/[\u0000-\u001f]/);
    // The exchange is recorded with why it has no answer, and the report holds the finding (once per fault).
    const exchange = proxy.recorder?.exchanges.find((x) => x.request.url === `/case/${name}`);
    expect(exchange?.response).toBeUndefined();
    expect(exchange?.error).toMatch(/upstream/);
    expect(proxy.report().failures.some((f) => f.operationId === 'getCase' && f.check === 'not_a_server_error' && /upstream/.test(f.message))).toBe(true);
    // The proxy is still there.
    const ok = await through('/case/fine');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({});
  });

  it('an answer whose body ends when the connection closes (HTTP/1.0, no length) is passed on whole', async () => {
    const res = await through('/case/close-delimited');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ whole: true });
  });

  it('a stream cut after it started ends the client connection instead of leaving it waiting', async () => {
    const res = await through('/stream');
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(Buffer.from(first.value ?? new Uint8Array()).toString()).toContain('data: one');
    // Ends (an error or the end of the body) well before the test's own limit.
    const next = await reader.read().then(
      (r) => (r.done ? 'ended' : 'more'),
      () => 'cut',
    );
    expect(['cut', 'ended']).toContain(next);
    expect(proxy.report().failures.some((f) => f.operationId === 'stream' && f.check === 'not_a_server_error')).toBe(true);
  });

  it('drops hop-by-hop headers and the ones named in Connection, both ways', async () => {
    const before = upstream.heads.length;
    const res = await rawTarget('/echo-headers', {
      connection: 'x-client-hop, keep-alive',
      'x-client-hop': 'private',
      'keep-alive': 'timeout=9',
      te: 'trailers',
      'proxy-authorization': 'Basic c2VjcmV0OnNlY3JldA==',
      upgrade: 'websocket',
      'x-end-to-end': 'kept',
    });
    expect(res.status).toBe(200);
    const head = (upstream.heads[before] ?? '').toLowerCase();
    expect(head).toContain('x-end-to-end: kept');
    for (const name of ['x-client-hop', 'keep-alive', 'te', 'proxy-authorization', 'trailer', 'upgrade'])
      expect(head).not.toMatch(new RegExp(`\\r\\n${name}:`));
    expect(head).not.toContain('private');
    expect(res.headers['x-kept']).toBe('yes');
    for (const name of ['x-hop-secret', 'proxy-authenticate', 'trailer', 'upgrade']) expect(res.headers[name]).toBeUndefined();
    // The proxy's own connection may keep alive; the upstream's Keep-Alive is not passed on.
    expect(String(res.headers['keep-alive'] ?? '')).not.toContain('77');
  });

  it.each([
    '/../admin',
    '/%2e%2e/admin',
    '/%2E%2E/admin',
    '/case/../../admin',
    '/.%2e/admin',
    '/case/..%2f..%2fadmin',
    '/..\\admin',
    '/case/%2e%2e%5c..%5cadmin',
    '//evil.invalid/admin',
    'http://evil.invalid/admin',
  ])('never leaves the upstream origin and base path: %s', async (path) => {
    const before = upstream.heads.length;
    const res = await rawTarget(path);
    const reached = upstream.heads.slice(before).map((h) => h.split(' ')[1] ?? '');
    for (const target of reached) expect(target.startsWith('/base/')).toBe(true);
    expect(reached.join(' ')).not.toMatch(/^\/admin|\s\/admin/);
    if (reached.length === 0) {
      expect(res.status).toBe(400);
      expect(res.type).toMatch(/json/);
      const body = JSON.parse(res.body) as unknown;
      expect(JSON.stringify(body)).toMatch(/dot segment/);
    }
  });
});
