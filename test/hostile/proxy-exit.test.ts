/**
 * `specforge proxy` (the built CLI, a child process) writes its report and its cassette however it
 * stops: SIGTERM after a hostile upstream answered a status of 000 (which used to end the
 * process with neither written), and SIGINT while a request still waits for an upstream that never
 * answers (the proxy writes its files and exits at once, without waiting for that request).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSpec } from '../conformance/support.js';
import { HOSTILE_CONTRACT } from '../fixtures/hostile-proxy/contract.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');

let upstream: Server;
let origin = '';
const sockets = new Set<Socket>();
let specFile = '';

beforeAll(async () => {
  upstream = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.once('data', (chunk: Buffer) => {
      const path = chunk.toString('latin1').split(' ')[1] ?? '';
      if (path.endsWith('/zero')) socket.end('HTTP/1.1 000 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}');
      else if (path.endsWith('/never'))
        return; // never answers
      else socket.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}');
    });
  });
  await new Promise<void>((ok) => upstream.listen(0, '127.0.0.1', ok));
  origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  specFile = writeSpec(HOSTILE_CONTRACT);
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((ok) => upstream.close(() => ok()));
});

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  dir: string;
  /** Milliseconds from the signal to the exit. */
  exitMs: number;
}

/** Starts the CLI proxy, sends `paths` through it (the last may be left waiting), then sends `signal`. */
async function runCli(signal: NodeJS.Signals, paths: string[], waitForLast: boolean, extra: string[] = []): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'sf-proxy-exit-'));
  const child = spawn(
    process.execPath,
    [
      CLI,
      'proxy',
      specFile,
      '--upstream',
      origin,
      '--port',
      '0',
      '--record',
      join(dir, 'cassette.json'),
      '--format',
      'markdown',
      '-o',
      join(dir, 'report.md'),
      ...extra,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdout.resume();
  const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((ok) => child.on('exit', (code, sig) => ok({ code, signal: sig })));
  try {
    const port = await new Promise<string>((ok, fail) => {
      const poll = setInterval(() => {
        const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(stderr);
        if (m) {
          clearInterval(poll);
          ok(m[1] as string);
        }
      }, 50);
      void exited.then(() => {
        clearInterval(poll);
        fail(new Error(`the proxy exited before listening: ${stderr}`));
      });
    });
    for (const [i, path] of paths.entries()) {
      const last = i === paths.length - 1;
      const sent = fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(20_000) })
        .then((r) => r.text())
        .catch(() => '');
      if (!last || waitForLast) await sent;
      else await new Promise((ok) => setTimeout(ok, 300));
    }
    const at = Date.now();
    child.kill(signal);
    const end = await exited;
    return { ...end, stderr, dir, exitMs: Date.now() - at };
  } finally {
    clearTimeout(killer);
  }
}

describe('the proxy writes its files on every exit', () => {
  it('SIGTERM after a status of 000: the proxy is still up, writes report and cassette, exits 1 for the finding', async () => {
    const run = await runCli('SIGTERM', ['/case/zero', '/case/fine'], true);
    expect(run.signal).toBeNull();
    expect(run.code).toBe(1);
    expect(existsSync(join(run.dir, 'report.md'))).toBe(true);
    expect(readFileSync(join(run.dir, 'report.md'), 'utf8')).toContain('not_a_server_error');
    const cassette = JSON.parse(readFileSync(join(run.dir, 'cassette.json'), 'utf8')) as { exchanges: Array<{ request: { url: string }; error?: string }> };
    expect(cassette.exchanges.map((x) => x.request.url)).toEqual(['/case/zero', '/case/fine']);
    expect(cassette.exchanges[0]?.error).toMatch(/not an HTTP status/);
  });

  it('SIGINT with a request still waiting for the upstream: files written, exit without waiting for it', async () => {
    const run = await runCli('SIGINT', ['/case/fine', '/case/never'], false, ['--timeout', '60000']);
    expect(run.signal).toBeNull();
    expect(run.exitMs).toBeLessThan(10_000);
    expect(existsSync(join(run.dir, 'report.md'))).toBe(true);
    const cassette = JSON.parse(readFileSync(join(run.dir, 'cassette.json'), 'utf8')) as { exchanges: Array<{ request: { url: string } }> };
    expect(cassette.exchanges.map((x) => x.request.url)).toContain('/case/fine');
    expect(run.stderr).toContain('exchanges recorded in');
  });
});
