/**
 * Mock server benchmark: specforge's mock, Prism's mock server and a bare node:http server that
 * returns the same fixed JSON, on the same spec slice (a list GET and a create POST with a 20-field
 * body), loaded with autocannon on 127.0.0.1 in the same run. Prints requests per second, p99
 * latency and server CPU time per request for each, and the two ratios.
 *
 * Each server is measured in --rounds rounds, interleaved with the others, and the median of each
 * figure is printed: on a shared two-core machine, single runs vary by ±10%.
 *
 * Options: --duration <s> (default 6), --connections <n> (default 16), --rounds <n> (default 3).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { BARE_SERVER, itemExample, spec } from './slice.js';
import { arg, autocannon, CLI, cpuMs, PRISM, ROOT, waitFor } from './support.js';

const OUT = join(ROOT, 'bench', '.out', 'mock');
const DURATION = Number(arg('duration', '6'));
const CONNECTIONS = Number(arg('connections', '16'));
const ROUNDS = Number(arg('rounds', '3'));

mkdirSync(join(OUT, 'slice'), { recursive: true });
const specPath = join(OUT, 'slice', 'openapi.json');
writeFileSync(specPath, JSON.stringify(spec, null, 2));
const bare = join(OUT, 'bare.mjs');
writeFileSync(bare, BARE_SERVER);

interface Figures {
  name: string;
  rps: number;
  p99: number;
  cpuPerRequest: number;
  non2xx: number;
  errors: number;
}

async function measure(name: string, port: number, command: string, args: string[]): Promise<Figures> {
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, SCARF_ANALYTICS: 'false' } });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/items`, child);
    const load = {
      url: base,
      connections: CONNECTIONS,
      requests: [
        { method: 'GET', path: '/items?limit=10' },
        { method: 'POST', path: '/items', headers: { 'content-type': 'application/json' }, body: JSON.stringify(itemExample) },
      ],
    };
    await autocannon({ ...load, duration: 2 });
    const pid = child.pid as number;
    const before = cpuMs(pid);
    const result = await autocannon({ ...load, duration: DURATION });
    const cpu = cpuMs(pid) - before;
    return {
      name,
      rps: result.requests.average,
      p99: result.latency.p99,
      cpuPerRequest: (cpu * 1000) / Math.max(1, result.requests.total),
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once('exit', r)));
  }
}

console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}`);
console.log(
  `load: autocannon, ${CONNECTIONS} connections, ${DURATION} s per server after a 2 s warm-up, ${ROUNDS} interleaved rounds (medians), GET /items and POST /items (20-field body) alternating`,
);
const servers: Array<[string, number, string[]]> = [
  ['specforge mock (request + response validation)', 4411, [CLI, 'mock', specPath, '--port', '4411', '--host', '127.0.0.1']],
  ['prism mock', 4412, [PRISM, 'mock', specPath, '-p', '4412', '-h', '127.0.0.1', '--errors', 'false']],
  ['bare node:http, fixed JSON', 4413, [bare, '4413']],
];
const rounds: Figures[][] = servers.map(() => []);
for (let round = 0; round < ROUNDS; round++) {
  for (const [i, [name, port, args]] of servers.entries()) (rounds[i] as Figures[]).push(await measure(name, port, process.execPath, args));
}
const med = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const results: Figures[] = rounds.map((runs) => ({
  name: (runs[0] as Figures).name,
  rps: med(runs.map((r) => r.rps)),
  p99: med(runs.map((r) => r.p99)),
  cpuPerRequest: med(runs.map((r) => r.cpuPerRequest)),
  non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
  errors: runs.reduce((n, r) => n + r.errors, 0),
}));
for (const [i, runs] of rounds.entries()) console.log(`${servers[i]?.[0]}: req/s per round ${runs.map((r) => r.rps.toFixed(0)).join(', ')}`);
console.log('');
console.log('server'.padEnd(48) + 'req/s'.padStart(10) + 'p99 ms'.padStart(10) + 'CPU µs/req'.padStart(12) + 'non-2xx'.padStart(10) + 'errors'.padStart(8));
for (const r of results) {
  console.log(
    r.name.padEnd(48) +
      r.rps.toFixed(0).padStart(10) +
      r.p99.toFixed(1).padStart(10) +
      r.cpuPerRequest.toFixed(0).padStart(12) +
      String(r.non2xx).padStart(10) +
      String(r.errors).padStart(8),
  );
}
const [sf, prism, plain] = results as [Figures, Figures, Figures];
console.log('');
const vsPrism = sf.rps / prism.rps;
const vsBare = sf.rps / plain.rps;
console.log(
  `specforge / prism requests per second: ${vsPrism.toFixed(1)}×   target ≥ 10×    ${vsPrism >= 10 ? 'MET' : 'NOT MET'}  (CPU per request: ${(prism.cpuPerRequest / sf.cpuPerRequest).toFixed(1)}× less)`,
);
console.log(
  `specforge / bare requests per second:  ${(vsBare * 100).toFixed(0)}%   target ≥ 70%   ${vsBare >= 0.7 ? 'MET' : 'NOT MET'}  (CPU per request: bare ${plain.cpuPerRequest.toFixed(0)} µs, specforge ${sf.cpuPerRequest.toFixed(0)} µs)`,
);

/**
 * Instructions per request, counted by valgrind (callgrind): unlike time, the count does not depend
 * on what else the two shared cores are doing. Each server runs twice, answering WARM and then
 * WARM + MEASURED requests; the difference, divided by MEASURED, is the steady-state cost of one
 * request (start-up and JIT warm-up cancel out). All threads count, the GC's included.
 */
const WARM = Number(arg('warm-requests', '40000'));
const MEASURED = Number(arg('measured-requests', '30000'));

async function instructions(port: number, args: string[], requests: number): Promise<number> {
  const out = join(OUT, `callgrind.${port}.${requests}.out`);
  const child = spawn('valgrind', ['--tool=callgrind', `--callgrind-out-file=${out}`, process.execPath, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, SCARF_ANALYTICS: 'false' },
  });
  let log = '';
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  try {
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server under valgrind exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error('server under valgrind did not start within 180 s');
      try {
        const res = await fetch(`http://127.0.0.1:${port}/items`);
        await res.arrayBuffer();
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: 4,
      amount: requests,
      requests: [
        { method: 'GET', path: '/items?limit=10' },
        { method: 'POST', path: '/items', headers: { 'content-type': 'application/json' }, body: JSON.stringify(itemExample) },
      ],
    });
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once('exit', r)));
  }
  const m = /Collected : (\d+)/.exec(log);
  if (!m) throw new Error(`valgrind reported no instruction count:\n${log.slice(-500)}`);
  return Number(m[1]);
}

if (process.env['SPECFORGE_BENCH_INSTRUCTIONS'] !== '0' && spawnSync('valgrind', ['--version'], { stdio: 'ignore' }).status === 0) {
  console.log('');
  console.log(`instructions per request (valgrind callgrind, all threads; requests ${WARM + 1}..${WARM + MEASURED} after ${WARM} of warm-up):`);
  // Counts do not depend on load, so the four runs share the cores at once.
  const measured = [servers[0], servers[2]].filter((x): x is [string, number, string[]] => x !== undefined);
  const onPort = (args: string[], from: number, to: number): string[] => args.map((a) => (a === String(from) ? String(to) : a));
  const perRequest = await Promise.all(
    measured.map(async ([, port, args], i) => {
      const [warm, total] = await Promise.all([
        instructions(port + 100 + i, onPort(args, port, port + 100 + i), WARM),
        instructions(port + 200 + i, onPort(args, port, port + 200 + i), WARM + MEASURED),
      ]);
      return (total - warm) / MEASURED;
    }),
  );
  for (const [i, [name]] of measured.entries())
    console.log(
      `  ${name.padEnd(48)}${Math.round(perRequest[i] ?? 0)
        .toLocaleString('en-US')
        .padStart(10)}`,
    );
  const [sfI, bareI] = perRequest as [number, number];
  const ratio = bareI / sfI;
  console.log(
    `specforge / bare by instructions per request: ${(ratio * 100).toFixed(0)}%   target ≥ 70%   ${ratio >= 0.7 ? 'MET' : 'NOT MET'}  (a CPU-bound server's requests per second follow this ratio)`,
  );
}
if (sf.non2xx > 0 || sf.errors > 0) console.log(`warning: specforge answered ${sf.non2xx} non-2xx and had ${sf.errors} errors`);
