/**
 * What the HTTP benchmarks share: paths, flags, autocannon's types, the servers' CPU time and memory
 * read from /proc, waiting for a server to answer and stopping it.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
/** The checkout: the first folder above this file with a package.json (run from dist/bench or, with tsx, from bench). */
export const ROOT = ((): string => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
})();
/** specforge's command line, as built into dist. */
export const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
/** Prism's command line, from node_modules. */
export const PRISM = join(dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js');

/** The value after `--name` on the command line, else `fallback`. */
export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? (process.argv[i + 1] as string) : fallback;
}

export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}

/** A request of an autocannon run; `setupRequest` and `onResponse` share one context per connection. */
export interface AutocannonRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest | undefined;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}

/** A running autocannon load: awaitable, and it reports the responses of each second. */
export interface AutocannonRun extends PromiseLike<AutocannonResult> {
  on(event: 'tick', listener: (tick: { counter: number; bytes: number }) => void): void;
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, responseTime: number) => void): void;
}
export type Autocannon = (opts: Record<string, unknown>) => AutocannonRun;
export const autocannon = require('autocannon') as Autocannon;

/** CPU time (user + system) a process has used, in milliseconds. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

/** Resident memory of a process (VmRSS), in bytes; undefined once it is gone. */
export function rssBytes(pid: number): number | undefined {
  try {
    const m = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Waits until `url` answers below 500 (at most 60 s); fails if the server exits first. */
export async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

/** Sends SIGTERM and waits for the process to exit (SIGKILL after 10 s). */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
