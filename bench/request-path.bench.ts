/**
 * Request-path cost: instructions per request, counted by valgrind (callgrind, all threads, the
 * garbage collector's included), for the list GET and the create POST of the bench slice
 * (bench/slice.ts), answered by
 *   - specforge's mock (request and response validation, answers from the contract's examples),
 *   - a generated server (specforge generate) with two hand-written handlers, default options,
 *   - fastify 5 with request and response schemas (Ajv validation, fast-json-stringify answers),
 *   - bare node:http answering fixed JSON (the create POST parses its body).
 * Unlike time, the count does not depend on load or on what else the machine runs, so it is compared
 * with a committed baseline (bench/baseline/request-path.json): a figure more than 10% above its
 * baseline is reported as a regression (and makes the run exit 1 with --fail-on-regression).
 *
 * Each server runs under callgrind once (--fair-sched=yes: the JIT's and the collector's threads
 * get their turn as they would on spare cores, instead of waiting behind the main thread): WARM
 * mixed requests warm the JIT; then, per route, WARM/4 requests of that route alone, the counters
 * zeroed, and windows of PER_WINDOW requests each, the counters dumped after each, until the last
 * WINDOWS windows agree within ±SETTLE (or MAX_WINDOWS were taken: the figure is then marked
 * "not settled"). A route's figure is the median of those last windows: the steady state. A switch
 * of route makes the JIT deoptimize and compile again (node's own stream and HTTP code too: each
 * load opens new connections), and under valgrind that took two to three windows of 2,000 requests
 * for every server, bare node:http included (a window ran in baseline code at +15 to +130%, the
 * compiler's threads alone at 20,000 to 65,000 instructions per request); a major collection
 * lands in one window at +40 to +150%. With a fixed count of 5 windows the median was one of those
 * windows on the list, whose figure then moved by up to ±97% between windows.
 *
 * Options: --warm-requests <n> (default 20000), --window-requests <n> (default 2000),
 * --windows <n> (default 3: settled windows the median is taken of), --max-windows <n> (default 15),
 * --settle <fraction> (default 0.02: the settled windows lie within ±2% of their median),
 * --update-baseline (record today's figures as the baseline), --fail-on-regression,
 * --servers <keys> (a subset of mock,generated,fastify,bare; bare is always measured),
 * --server <key>=<script.mjs> (one more server to measure: a script that listens on the port given
 * as its first argument and answers the slice, say a variant of bench/.out/request-path/generated.mjs).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { BARE_SERVER, itemExample, itemSchema, listBody, newItemSchema, spec } from './slice.js';
import { arg, autocannon, CLI, ROOT } from './support.js';
import { figureOf, settled as settledAt } from './windows.js';

const OUT = join(ROOT, 'bench', '.out', 'request-path');
const BASELINE = join(ROOT, 'bench', 'baseline', 'request-path.json');
const WARM = Number(arg('warm-requests', '20000'));
const PER_WINDOW = Math.max(100, Number(arg('window-requests', '2000')));
const WINDOWS = Math.max(1, Number(arg('windows', '3')));
const MAX_WINDOWS = Math.max(WINDOWS, Number(arg('max-windows', '15')));
const SETTLE = Number(arg('settle', '0.02'));
const LIMIT = 1.1;

type Route = 'list' | 'create';
interface Baseline {
  node: string;
  measured: string;
  figures: Record<string, Record<Route, number>>;
}

if (spawnSync('valgrind', ['--version'], { stdio: 'ignore' }).status !== 0 || spawnSync('callgrind_control', ['--version'], { stdio: 'ignore' }).status !== 0) {
  console.log('request path: skipped, valgrind (callgrind) is not installed (Debian: apt-get install valgrind)');
  process.exit(0);
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(join(OUT, 'slice'), { recursive: true });
const specPath = join(OUT, 'slice', 'openapi.json');
writeFileSync(specPath, JSON.stringify(spec, null, 2));

// The generated server: specforge generate, then the TypeScript transpiled file by file.
const gen = join(OUT, 'gen');
const generated = await run(process.execPath, [CLI, 'generate', '--spec', specPath, '--out', gen, '--targets', 'types,validators,server', '--quiet']);
if (generated !== 0) throw new Error(`specforge generate exited with ${generated}`);
buildSync({
  entryPoints: readdirSync(gen)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(gen, f)),
  outdir: gen,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'error',
});
const port = 'Number(process.argv[2])';
const scripts: Record<string, string> = {
  'generated.mjs': `import { createHttpServer } from '@specforge/runtime/server';
import { createServer } from './gen/server.js';
const list = ${JSON.stringify(listBody)};
process.on('SIGTERM', () => process.exit(0));
createHttpServer(createServer({
  listItems: () => ({ status: 200, body: list }),
  createItem: ({ body }) => ({ status: 201, body: { id: 'a1b2c3', ...body } }),
})).listen(${port}, '127.0.0.1');
`,
  'fastify.mjs': `import Fastify from 'fastify';
const list = ${JSON.stringify(listBody)};
const item = ${JSON.stringify(itemSchema)};
const app = Fastify({ logger: false });
process.on('SIGTERM', () => process.exit(0));
app.get('/items', { schema: { querystring: { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: 100 } } }, response: { 200: { type: 'array', items: item } } } }, async () => list);
app.post('/items', { schema: { body: ${JSON.stringify(newItemSchema)}, response: { 201: item } } }, async (request, reply) => {
  reply.code(201);
  return { id: 'a1b2c3', ...request.body };
});
await app.listen({ port: ${port}, host: '127.0.0.1' });
`,
  'bare.mjs': BARE_SERVER,
};
for (const [file, text] of Object.entries(scripts)) writeFileSync(join(OUT, file), text);

const allServers: Array<{ key: string; name: string; args: (port: number) => string[] }> = [
  { key: 'mock', name: 'specforge mock', args: (p) => [CLI, 'mock', specPath, '--port', String(p), '--host', '127.0.0.1'] },
  { key: 'generated', name: 'specforge generated server', args: (p) => [join(OUT, 'generated.mjs'), String(p)] },
  { key: 'fastify', name: 'fastify 5, schemas', args: (p) => [join(OUT, 'fastify.mjs'), String(p)] },
  { key: 'bare', name: 'bare node:http, fixed JSON', args: (p) => [join(OUT, 'bare.mjs'), String(p)] },
];

const only = arg('servers', '').split(',').filter(Boolean);
const servers = allServers.filter((s) => only.length === 0 || only.includes(s.key) || s.key === 'bare');
const extra = arg('server', '');
if (extra.includes('=')) {
  const [key, script] = extra.split(/=(.*)/s) as [string, string];
  servers.unshift({ key, name: key, args: (p) => [script, String(p)] });
}
if (process.argv.includes('--update-baseline') && (only.length > 0 || extra !== ''))
  throw new Error('--update-baseline needs every server and no other (no --servers, no --server)');
const present = (key: string): boolean => servers.some((s) => s.key === key);

const GET = { method: 'GET', path: '/items?limit=10' };
const POST = { method: 'POST', path: '/items', headers: { 'content-type': 'application/json' }, body: JSON.stringify(itemExample) };

/** Servers still running: stopped when the bench ends, however it ends (a failure of one leaves no other behind on its port). */
const running = new Set<ChildProcess>();
function spawnTracked(command: string, args: string[], options: Parameters<typeof spawn>[2]): ChildProcess {
  const child = spawn(command, args, options);
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
process.on('uncaughtException', (err) => {
  console.error(err);
  process.exit(1);
});
process.on('unhandledRejection', (err) => {
  console.error(err);
  process.exit(1);
});

/** A port nothing listens on now (the system picks it), so runs side by side do not collide. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const port = (probe.address() as AddressInfo).port;
      probe.close(() => resolve(port));
    });
  });
}

function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

async function request(port: number, r: typeof GET | typeof POST): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}${r.path}`, {
    method: r.method,
    headers: 'headers' in r ? r.headers : {},
    body: 'body' in r ? r.body : undefined,
  });
  await res.arrayBuffer();
  return res.status;
}

/**
 * Runs `callgrind_control <flag> <pid>`. Callgrind reads its commands while the program runs, not
 * while it waits in a system call, so one request at a time is sent until the command is done; at
 * most one of them lands on either side of the cut, a 1-in-PER_WINDOW error.
 */
async function control(flag: string, pid: number, port: number): Promise<void> {
  const child = spawn('callgrind_control', [flag, String(pid)], { stdio: 'ignore' });
  const done = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
  let finished = false;
  void done.then(() => (finished = true));
  const deadline = Date.now() + 120_000;
  while (!finished) {
    if (Date.now() > deadline) throw new Error(`callgrind_control ${flag} did not finish within 120 s`);
    await request(port, GET);
    await new Promise((r) => setTimeout(r, 20));
  }
  if ((await done) !== 0) throw new Error(`callgrind_control ${flag} failed`);
}

function load(port: number, requests: Array<typeof GET | typeof POST>, amount: number): PromiseLike<unknown> {
  return autocannon({ url: `http://127.0.0.1:${port}`, connections: 4, amount, requests });
}

function instructionsIn(file: string): number {
  const m = /^(?:summary|totals):\s+(\d+)/m.exec(readFileSync(file, 'utf8'));
  if (!m) throw new Error(`no instruction total in ${file}`);
  return Number(m[1]);
}

async function measure(key: string, port: number, args: string[]): Promise<Record<Route, number>> {
  const out = join(OUT, `callgrind.${key}`);
  const child: ChildProcess = spawnTracked('valgrind', ['--tool=callgrind', '--fair-sched=yes', `--callgrind-out-file=${out}`, process.execPath, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, SCARF_ANALYTICS: 'false' },
  });
  const figures = {} as Record<Route, number>;
  let dumps = 0;
  let log = '';
  child.stderr?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-4000)));
  try {
    const deadline = Date.now() + 1_800_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${key} under valgrind exited with ${child.exitCode}:\n${log}`);
      if (Date.now() > deadline)
        throw new Error(`${key} under valgrind did not start within 30 minutes (a loaded machine slows valgrind down many times over)`);
      try {
        if ((await request(port, GET)) !== 200 || (await request(port, POST)) !== 201) throw new Error(`${key} does not answer the slice as the contract says`);
        break;
      } catch (e) {
        if (e instanceof Error && e.message.includes('does not answer')) throw e;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    await load(port, [GET, POST], WARM);
    const pid = child.pid as number;
    // Each route is warmed on its own before it is measured: a switch from the mixed load to one
    // route makes the JIT compile again, and that compilation belongs to neither figure.
    const routes: Array<[Route, typeof GET | typeof POST]> = [
      ['list', GET],
      ['create', POST],
    ];
    for (const [name, route] of routes) {
      await load(port, [route], Math.ceil(WARM / 4));
      await control('-z', pid, port);
      // A dump zeroes the counters: each dump is one window.
      const windows: number[] = [];
      while (windows.length < MAX_WINDOWS && !settled(windows)) {
        await load(port, [route], PER_WINDOW);
        await control('-d', pid, port);
        dumps++;
        windows.push(instructionsIn(`${out}.${dumps}`) / PER_WINDOW);
      }
      const { figure, settled: done, range } = figureOf(windows, WINDOWS, SETTLE);
      figures[name] = figure;
      spread[key] = { ...spread[key], [name]: { all: windows, settled: done, range } } as Record<Route, Spread>;
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once('exit', r)));
  }
  return figures;
}

/** The last WINDOWS windows lie within ±SETTLE of their median. */
function settled(windows: number[]): boolean {
  return settledAt(windows, WINDOWS, SETTLE);
}

interface Spread {
  /** Every window's count per request, in order. */
  all: number[];
  settled: boolean;
  /** The spread of the windows the figure is the median of. */
  range: number;
}
const spread: Record<string, Record<Route, Spread>> = {};

console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}`);
console.log(
  `instructions per request (valgrind callgrind, all threads; per route, windows of ${PER_WINDOW} requests until the last ${WINDOWS} lie within ±${SETTLE * 100}% of their median, the figure (at most ${MAX_WINDOWS} windows), after ${WARM} mixed requests of warm-up and ${Math.ceil(WARM / 4)} of the route, 4 connections)`,
);
const figures: Record<string, Record<Route, number>> = {};
// Counts do not depend on load, so two servers share the cores at once.
for (let i = 0; i < servers.length; i += 2) {
  const pair = servers.slice(i, i + 2);
  const results = await Promise.all(
    pair.map(async (s) => {
      const port = await freePort();
      return measure(s.key, port, s.args(port));
    }),
  );
  for (const [j, s] of pair.entries()) figures[s.key] = results[j] as Record<Route, number>;
}

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
const bare = figures['bare'] as Record<Route, number>;
const fastify = figures['fastify'];
console.log('');
console.log('server'.padEnd(30) + 'list GET'.padStart(12) + '× bare'.padStart(8) + 'create POST'.padStart(14) + '× bare'.padStart(8));
for (const s of servers) {
  const f = figures[s.key] as Record<Route, number>;
  const sp = spread[s.key];
  const note = (r: Route): string => (sp ? `±${((sp[r].range * 100) / 2).toFixed(1)}%${sp[r].settled ? '' : ' NOT SETTLED'}` : '');
  console.log(
    s.name.padEnd(30) +
      fmt(f.list).padStart(12) +
      (f.list / bare.list).toFixed(2).padStart(8) +
      fmt(f.create).padStart(14) +
      (f.create / bare.create).toFixed(2).padStart(8) +
      `   settled windows ${note('list')} / ${note('create')}`,
  );
}
console.log('');
console.log('every window, in order (thousands of instructions per request):');
for (const s of servers) {
  const sp = spread[s.key];
  if (sp)
    console.log(
      `  ${s.key.padEnd(10)} list ${sp.list.all.map((w) => (w / 1000).toFixed(1)).join(' ')}; create ${sp.create.all.map((w) => (w / 1000).toFixed(1)).join(' ')}`,
    );
}
console.log('');
const goals: Array<[string, Route, number]> = [
  ['list', 'list', 1.3],
  ['create', 'create', 1.6],
];
for (const key of ['mock', 'generated'].filter(present)) {
  const f = figures[key] as Record<Route, number>;
  for (const [label, route, goal] of goals) {
    const ratio = f[route] / bare[route];
    const ok = ratio <= goal && (!fastify || f[route] < fastify[route]);
    const vsFastify = fastify ? `, ${(f[route] / fastify[route]).toFixed(2)}× fastify (goal < 1)` : '';
    console.log(`${key.padEnd(10)} ${label.padEnd(7)} ${ratio.toFixed(2)}× bare (goal ≤ ${goal}×)${vsFastify}   ${ok ? 'MET' : 'NOT MET'}`);
  }
}

let regressions = 0;
if (process.argv.includes('--update-baseline')) {
  mkdirSync(join(ROOT, 'bench', 'baseline'), { recursive: true });
  const rounded = Object.fromEntries(Object.entries(figures).map(([k, f]) => [k, { list: Math.round(f.list), create: Math.round(f.create) }]));
  const baseline: Baseline = { node: process.version, measured: new Date().toISOString().slice(0, 10), figures: rounded };
  writeFileSync(BASELINE, JSON.stringify(baseline, null, 2) + '\n');
  console.log(`\nbaseline written: ${BASELINE}`);
} else {
  const baseline = JSON.parse(readFileSync(BASELINE, 'utf8')) as Baseline;
  console.log(
    `\nagainst the baseline of ${baseline.measured} (node ${baseline.node}${baseline.node === process.version ? '' : `; this run: ${process.version}, so node's own share differs`}):`,
  );
  for (const key of ['mock', 'generated'].filter(present)) {
    for (const route of ['list', 'create'] as const) {
      const was = baseline.figures[key]?.[route];
      const now = (figures[key] as Record<Route, number>)[route];
      if (was === undefined) continue;
      const change = now / was;
      const flag = change > LIMIT ? 'REGRESSION (over +10%)' : change < 1 / LIMIT ? 'faster: update the baseline (--update-baseline)' : 'ok';
      if (change > LIMIT) regressions++;
      console.log(
        `  ${key.padEnd(10)} ${route.padEnd(7)} ${fmt(was).padStart(10)} -> ${fmt(now).padStart(10)}  ${((change - 1) * 100).toFixed(1).padStart(6)}%  ${flag}`,
      );
    }
  }
}
if (regressions > 0 && process.argv.includes('--fail-on-regression')) process.exitCode = 1;
