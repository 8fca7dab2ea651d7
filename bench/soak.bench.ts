/**
 * Load and soak benchmark: `specforge mock specs/engine/openapi.yaml --stateful`, started through
 * the CLI in a child process with its default connection limits, under a minute of load (phase A),
 * then a minute of the same load with a slowloris crowd alongside (phase B). Prism's mock of the
 * same contract and a bare node:http server answering fixed JSON (Node's default limits) go through
 * the same phases in the same run.
 *
 * The load (autocannon, keep-alive connections) is what a container client does: each connection
 * repeats GET /_ping, POST /containers/create (a unique name, a small body), GET
 * /containers/{id}/json of that container, GET /containers/json?all=1, GET /version and DELETE
 * /containers/{id}?force=1, so the stateful mock holds a few containers at any time, not every
 * container ever created. Prism does not know the contract's boolean spelling (x-specforge-dialect: `1`), so
 * it gets `all=true` and `force=true`.
 *
 * The crowd (phase B, bench/slowloris.ts, in a process of its own) keeps a fixed number of sockets
 * open, each reopened when the server closes it: sockets sending request headers one byte every
 * --trickle-ms, sockets that sent a POST's headers and send its body one byte every --trickle-ms, and
 * sockets left idle after one request. It opens 2 s before the load starts. With the default
 * --crowd and --connections the total stays under the mock's --max-connections (1,000).
 *
 * Reported per server and phase: requests/s, p50 and p99 latency, non-2xx answers and errors of the
 * load, the server's CPU time (share of a core, and per request), and its resident memory (VmRSS, sampled every second: at the phase's
 * start, peak, end, and the slope of a least-squares line in MB per minute). Per crowd kind: sockets
 * opened, how many the server closed and after how long, what it answered, how many were still open
 * when the phase ended. Then the ratios: specforge / Prism and phase B / phase A. Per-second figures
 * (responses, RSS, crowd sockets open) go to bench/.out/soak/results.json.
 *
 * Exits non-zero only when the harness fails (a server that does not start, a load that throws).
 *
 * Options: --duration <s> per phase (default 60), --warmup <s> (default 5), --connections <n> (load,
 * default 16), --crowd <headers,body,idle> (default 500,200,200), --trickle-ms <ms> (default 2000),
 * --servers <list> (default specforge,prism,bare).
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KINDS, type CrowdMessage, type Kind, type KindStats } from './slowloris.js';
import { arg, autocannon, CLI, cpuMs, PRISM, ROOT, rssBytes, stop, waitFor, type AutocannonRequest, type AutocannonResult } from './support.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const OUT = join(ROOT, 'bench', '.out', 'soak');
const SPEC = 'specs/engine/openapi.yaml';

function positive(name: string, fallback: string): number {
  const n = Number(arg(name, fallback));
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
}
const DURATION = positive('duration', '60');
const WARMUP = positive('warmup', '5');
const CONNECTIONS = positive('connections', '16');
const TRICKLE_MS = positive('trickle-ms', '2000');
const crowdCounts = arg('crowd', '500,200,200').split(',').map(Number);
if (crowdCounts.length !== 3 || crowdCounts.some((n) => !Number.isInteger(n) || n < 0)) throw new Error('--crowd must be three counts: headers,body,idle');
const SERVERS = arg('servers', 'specforge,prism,bare').split(',');

const CROWD: Record<Kind, number> = { headers: crowdCounts[0] as number, body: crowdCounts[1] as number, idle: crowdCounts[2] as number };
const KIND_LABEL: Record<Kind, string> = {
  headers: 'headers, 1 byte each trickle',
  body: 'body, 1 byte each trickle',
  idle: 'idle after one request',
};

// ---------------------------------------------------------------------------------------------
// The servers

interface Started {
  child: ChildProcess;
  port: number;
  /** Lines the server wrote to stderr. */
  stderrLines: () => number;
}

interface ServerDef {
  key: string;
  name: string;
  /** How the server's clients spell a true boolean query value. */
  booleanTrue: string;
  start: () => Promise<Started>;
}

const live = new Set<ChildProcess>();

function spawnServer(key: string, args: string[], stdout: 'pipe' | 'ignore'): { child: ChildProcess; stderrLines: () => number } {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', stdout, 'pipe'], env: { ...process.env, SCARF_ANALYTICS: 'false' } });
  live.add(child);
  child.once('exit', () => live.delete(child));
  const log = createWriteStream(join(OUT, `${key}.stderr.log`));
  let lines = 0;
  child.stderr?.on('data', (d: Buffer) => {
    for (const b of d) if (b === 10) lines++;
    log.write(d);
  });
  child.once('exit', () => log.end());
  return { child, stderrLines: () => lines };
}

/** The port from the first line of stdout matching `pattern` (at most 60 s). */
function portFromStdout(child: ChildProcess, pattern: RegExp): Promise<number> {
  return new Promise((ok, fail) => {
    let text = '';
    const timer = setTimeout(() => fail(new Error(`no port printed within 60 s; stdout: ${text.slice(0, 500)}`)), 60_000);
    const onData = (d: Buffer): void => {
      text += d.toString();
      const m = pattern.exec(text);
      if (m) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        ok(Number(m[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`server exited with ${code} before printing its port; stdout: ${text.slice(0, 500)}`));
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => ok(port));
    });
  });
}

const BARE = join(OUT, 'bare.mjs');
const BARE_SOURCE = `import { createServer } from 'node:http';
// Fixed answers for the routes the load uses, Node's default limits, no validation.
const version = JSON.stringify({ Version: '1.12.0', Os: 'linux', KernelVersion: '3.19.0-23-generic', GoVersion: 'go1.6.3', GitCommit: 'deadbee', Arch: 'amd64', ApiVersion: '1.24', BuildTime: '2016-06-14T07:09:13.444803460+00:00', Experimental: true });
const container = { Id: 'ba033ac4401106a3b513bc9d639eee123ad78ca3616b921167cd74b20e25ed39', Names: ['/boring_euclid'], Image: 'ubuntu', ImageID: '04c5d3b7b0656168630d3ba35d8889bd0e9caafcaeb3004d2bfbc47e7c5d35d2', Command: '/bin/sh', Created: 1700000000, State: 'exited', Status: 'exited', Ports: [], Labels: {}, HostConfig: { NetworkMode: 'bridge' }, NetworkSettings: { Networks: {} }, Mounts: [] };
const list = JSON.stringify([container]);
const inspect = JSON.stringify({ Id: container.Id, Created: '2026-01-01T00:00:00Z', Path: 'true', Args: [], Name: '/boring_euclid', Image: 'alpine', Config: { Image: 'alpine', Cmd: ['true'] }, HostConfig: { NetworkMode: 'default' }, State: { Status: 'created', Running: false, Paused: false, Restarting: false, OOMKilled: false, Dead: false, Pid: 0, ExitCode: 0, Error: '', StartedAt: '0001-01-01T00:00:00Z', FinishedAt: '0001-01-01T00:00:00Z' }, Mounts: [] });
const created = JSON.stringify({ Id: container.Id, Warnings: [] });
function send(res, status, type, body) { res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) }); res.end(body); }
process.on('SIGTERM', () => process.exit(0));
const server = createServer((req, res) => {
  const path = req.url.split('?')[0];
  if (req.method === 'POST' && path === '/containers/create') {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => { JSON.parse(Buffer.concat(chunks).toString()); send(res, 201, 'application/json', created); });
    return;
  }
  req.resume();
  if (req.method === 'GET' && path === '/_ping') send(res, 200, 'text/plain', 'OK');
  else if (req.method === 'GET' && path === '/version') send(res, 200, 'application/json', version);
  else if (req.method === 'GET' && path === '/containers/json') send(res, 200, 'application/json', list);
  else if (req.method === 'GET' && /^\\/containers\\/[^/]+\\/json$/.test(path)) send(res, 200, 'application/json', inspect);
  else if (req.method === 'DELETE' && /^\\/containers\\/[^/]+$/.test(path)) { res.writeHead(204); res.end(); }
  else send(res, 404, 'application/json', '{"message":"not found"}');
});
server.listen(0, '127.0.0.1', () => console.log('listening on ' + server.address().port));
`;

const DEFS: ServerDef[] = [
  {
    key: 'specforge',
    name: 'specforge mock --stateful',
    booleanTrue: '1',
    start: async () => {
      const { child, stderrLines } = spawnServer('specforge', [CLI, 'mock', SPEC, '--stateful', '--host', '127.0.0.1', '--port', '0'], 'pipe');
      const port = await portFromStdout(child, /on http:\/\/127\.0\.0\.1:(\d+)/);
      return { child, port, stderrLines };
    },
  },
  {
    key: 'prism',
    name: 'prism mock',
    booleanTrue: 'true',
    start: async () => {
      const port = await freePort();
      const { child, stderrLines } = spawnServer('prism', [PRISM, 'mock', SPEC, '-p', String(port), '-h', '127.0.0.1', '--errors', 'false'], 'ignore');
      return { child, port, stderrLines };
    },
  },
  {
    key: 'bare',
    name: 'bare node:http, fixed JSON',
    booleanTrue: '1',
    start: async () => {
      const { child, stderrLines } = spawnServer('bare', [BARE], 'pipe');
      const port = await portFromStdout(child, /listening on (\d+)/);
      return { child, port, stderrLines };
    },
  },
];

// ---------------------------------------------------------------------------------------------
// The load

const CREATE_BODY = JSON.stringify({ Image: 'alpine', Cmd: ['true'], Env: ['SOAK=1'], Labels: { bench: 'soak' }, HostConfig: { NetworkMode: 'default' } });
let names = 0;

function idOf(context: Record<string, unknown>): string | undefined {
  return typeof context['id'] === 'string' ? context['id'] : undefined;
}

/** One connection's cycle; a create that fails starts the cycle over. */
function mix(booleanTrue: string): AutocannonRequest[] {
  return [
    { method: 'GET', path: '/_ping' },
    {
      method: 'POST',
      path: '/containers/create',
      headers: { 'content-type': 'application/json' },
      body: CREATE_BODY,
      setupRequest: (req) => ({ ...req, path: `/containers/create?name=soak-${++names}` }),
      onResponse: (status, body, context) => {
        if (status !== 201) return;
        try {
          const v = JSON.parse(body) as { Id?: unknown };
          if (typeof v.Id === 'string') context['id'] = v.Id;
        } catch {
          // not JSON: the next request starts the cycle over
        }
      },
    },
    {
      method: 'GET',
      path: '/containers/{id}/json',
      setupRequest: (req, context) => (idOf(context) ? { ...req, path: `/containers/${idOf(context)}/json` } : undefined),
    },
    { method: 'GET', path: `/containers/json?all=${booleanTrue}` },
    { method: 'GET', path: '/version' },
    {
      method: 'DELETE',
      path: '/containers/{id}',
      setupRequest: (req, context) => (idOf(context) ? { ...req, path: `/containers/${idOf(context)}?force=${booleanTrue}` } : undefined),
    },
  ];
}

async function load(port: number, booleanTrue: string, seconds: number): Promise<{ result: AutocannonResult; perSecond: number[] }> {
  const perSecond = Array.from({ length: Math.floor(seconds) }, () => 0);
  const t0 = Date.now();
  const run = autocannon({ url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, duration: seconds, requests: mix(booleanTrue) });
  run.on('response', () => {
    const i = Math.floor((Date.now() - t0) / 1000);
    if (i < perSecond.length) perSecond[i] = (perSecond[i] as number) + 1;
  });
  const result = await run;
  return { result, perSecond };
}

// ---------------------------------------------------------------------------------------------
// The slowloris crowd: its own process (bench/slowloris.ts), so that its sockets' churn does not
// slow the load generator

class CrowdProcess {
  /** Crowd sockets connected, as last reported. */
  open = 0;
  readonly child: ChildProcess;
  private readonly stats: Promise<Record<Kind, KindStats>>;

  constructor(port: number) {
    const args = [port, CROWD.headers, CROWD.body, CROWD.idle, TRICKLE_MS].map(String);
    const child = fork(join(HERE, 'slowloris.js'), args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child = child;
    live.add(child);
    child.once('exit', () => live.delete(child));
    this.stats = new Promise((ok, fail) => {
      child.on('message', (m: CrowdMessage) => {
        if ('open' in m) this.open = m.open;
        else ok(m.stats);
      });
      child.once('exit', (code) => fail(new Error(`the slowloris crowd exited with ${code} before reporting`)));
    });
    // Rejections are awaited in stop(); until then, do not report them as unhandled.
    this.stats.catch(() => undefined);
  }

  /** Closes the crowd's sockets and returns what it saw. */
  async stop(): Promise<Record<Kind, KindStats>> {
    if (this.child.connected) this.child.send('stop');
    return await this.stats;
  }
}

// ---------------------------------------------------------------------------------------------
// Measuring

interface Sample {
  t: number;
  rss: number;
  crowdOpen: number;
}

interface PhaseFigures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  statuses: Record<string, number>;
  /** The server's CPU time over the phase's wall time (100: one core). */
  cpuPercent: number;
  /** The server's CPU time per answered request, in microseconds. */
  cpuPerRequest: number;
  /** CPU of this process (the load generator) and of the crowd's process, over the phase's wall time. */
  loadCpuPercent: number;
  crowdCpuPercent: number;
  rssStart: number;
  rssPeak: number;
  rssEnd: number;
  /** MB per minute, least squares over the phase's samples. */
  rssSlope: number;
  perSecond: number[];
  samples: Sample[];
}

interface ServerFigures {
  def: ServerDef;
  rssIdle: number;
  rssAfter: number;
  a: PhaseFigures;
  b: PhaseFigures;
  crowd: Record<Kind, KindStats>;
  stderrLines: number;
}

const MB = 1024 * 1024;

function slope(samples: Sample[]): number {
  if (samples.length < 2) return 0;
  const t0 = (samples[0] as Sample).t;
  const xs = samples.map((s) => (s.t - t0) / 60_000);
  const ys = samples.map((s) => s.rss / MB);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += ((xs[i] as number) - mx) * ((ys[i] as number) - my);
    den += ((xs[i] as number) - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

async function phase(pid: number, port: number, booleanTrue: string, crowd: CrowdProcess | undefined): Promise<PhaseFigures> {
  const samples: Sample[] = [];
  const sample = (): void => {
    const rss = rssBytes(pid);
    if (rss !== undefined) samples.push({ t: Date.now(), rss, crowdOpen: crowd?.open ?? 0 });
  };
  sample();
  const sampler = setInterval(sample, 1000);
  const crowdPid = crowd?.child.pid;
  const cpuBefore = cpuMs(pid);
  const loadBefore = process.cpuUsage();
  const crowdBefore = crowdPid === undefined ? 0 : cpuMs(crowdPid);
  const t0 = Date.now();
  try {
    const { result, perSecond } = await load(port, booleanTrue, DURATION);
    const wall = Date.now() - t0;
    const cpu = cpuMs(pid) - cpuBefore;
    const loadCpu = process.cpuUsage(loadBefore);
    const crowdCpu = crowdPid === undefined ? 0 : cpuMs(crowdPid) - crowdBefore;
    sample();
    const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, v]) => [code, v.count]));
    return {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      statuses,
      cpuPercent: (cpu * 100) / wall,
      cpuPerRequest: (cpu * 1000) / Math.max(1, result.requests.total),
      loadCpuPercent: (loadCpu.user + loadCpu.system) / 10 / wall,
      crowdCpuPercent: (crowdCpu * 100) / wall,
      rssStart: (samples[0] as Sample).rss,
      rssPeak: Math.max(...samples.map((s) => s.rss)),
      rssEnd: (samples[samples.length - 1] as Sample).rss,
      rssSlope: slope(samples),
      perSecond,
      samples,
    };
  } finally {
    clearInterval(sampler);
  }
}

async function measure(def: ServerDef): Promise<ServerFigures> {
  const { child, port, stderrLines } = await def.start();
  try {
    await waitFor(`http://127.0.0.1:${port}/_ping`, child);
    const pid = child.pid as number;
    const rssIdle = rssBytes(pid) ?? 0;
    process.stdout.write(`${def.name}: port ${port}, RSS after start-up ${(rssIdle / MB).toFixed(0)} MB; warm-up ${WARMUP} s`);
    await load(port, def.booleanTrue, WARMUP);
    process.stdout.write(`, phase A ${DURATION} s`);
    const a = await phase(pid, port, def.booleanTrue, undefined);
    process.stdout.write(`, phase B ${DURATION} s`);
    const crowd = new CrowdProcess(port);
    // The crowd opens over a second; the load starts once it is in place.
    await new Promise((r) => setTimeout(r, 2000));
    let b: PhaseFigures;
    let crowdStats: Record<Kind, KindStats>;
    try {
      b = await phase(pid, port, def.booleanTrue, crowd);
    } finally {
      crowdStats = await crowd.stop();
    }
    await new Promise((r) => setTimeout(r, 3000));
    const rssAfter = rssBytes(pid) ?? 0;
    process.stdout.write(', done\n');
    if (child.exitCode !== null) throw new Error(`${def.name} exited with ${child.exitCode} during the run`);
    return { def, rssIdle, rssAfter, a, b, crowd: crowdStats, stderrLines: stderrLines() };
  } finally {
    await stop(child);
  }
}

// ---------------------------------------------------------------------------------------------
// Report

const mb = (bytes: number): string => (bytes / MB).toFixed(0);
const ms = (x: number): string => (Number.isFinite(x) ? x.toFixed(x < 10 ? 1 : 0) : '-');
const sec = (x: number | undefined): string => (x === undefined || !Number.isFinite(x) ? '-' : (x / 1000).toFixed(1));
const ratio = (x: number): string => (Number.isFinite(x) ? `${x.toFixed(x < 10 ? 2 : 1)}×` : '-');
const counts = (m: Record<string, number>): string =>
  Object.keys(m).length === 0
    ? '-'
    : Object.entries(m)
        .sort((x, y) => y[1] - x[1])
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ');

function report(results: ServerFigures[]): void {
  const head = ['server', 'phase', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'CPU %', 'µs/req', 'RSS start', 'peak', 'end MB', 'MB/min'];
  const widths = [28, 10, 9, 8, 8, 9, 8, 7, 8, 10, 6, 8, 8];
  const row = (cells: string[]): string => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('');
  console.log('');
  console.log(row(head));
  for (const r of results) {
    for (const [label, p] of [
      ['A load', r.a],
      ['B +crowd', r.b],
    ] as Array<[string, PhaseFigures]>) {
      console.log(
        row([
          label === 'A load' ? r.def.name : '',
          label,
          p.rps.toFixed(0),
          ms(p.p50),
          ms(p.p99),
          String(p.non2xx),
          String(p.errors),
          p.cpuPercent.toFixed(0),
          p.cpuPerRequest.toFixed(0),
          mb(p.rssStart),
          mb(p.rssPeak),
          mb(p.rssEnd),
          (p.rssSlope >= 0 ? '+' : '') + p.rssSlope.toFixed(1),
        ]),
      );
    }
  }
  console.log('');
  console.log(
    `RSS after start-up / 3 s after phase B (crowd gone, no load): ${results.map((r) => `${r.def.key} ${mb(r.rssIdle)} / ${mb(r.rssAfter)} MB`).join(', ')}`,
  );
  console.log(
    `CPU % of the load generator (this process) A / B, and of the crowd's process in B: ${results.map((r) => `${r.def.key} ${r.a.loadCpuPercent.toFixed(0)} / ${r.b.loadCpuPercent.toFixed(0)}, ${r.b.crowdCpuPercent.toFixed(0)}`).join('; ')}`,
  );
  console.log(
    `worst second of phase B (good clients' responses) vs median second of phase A: ${results.map((r) => `${r.def.key} ${Math.min(...r.b.perSecond)} vs ${quantile(r.a.perSecond, 0.5)}`).join(', ')}`,
  );
  for (const r of results) {
    const bad = Object.entries({ ...r.a.statuses }).filter(([code]) => !code.startsWith('2'));
    const badB = Object.entries({ ...r.b.statuses }).filter(([code]) => !code.startsWith('2'));
    if (bad.length > 0 || badB.length > 0)
      console.log(`${r.def.key} non-2xx statuses: A ${JSON.stringify(Object.fromEntries(bad))}, B ${JSON.stringify(Object.fromEntries(badB))}`);
    if (r.stderrLines > 0) console.log(`${r.def.key} wrote ${r.stderrLines} lines to stderr (bench/.out/soak/${r.def.key}.stderr.log)`);
  }

  console.log('');
  console.log(`slowloris crowd in phase B (${DURATION} s of load, crowd from 2 s before; a socket the server closes is reopened 0.2-0.3 s later):`);
  const cHead = ['server', 'crowd kind', 'opened', 'closed', 'lifetime s: median', 'max', 'first close s', 'open at end', 'answers', 'socket errors'];
  const cw = [28, 30, 8, 8, 19, 7, 14, 12];
  const crow = (cells: string[]): string =>
    cells.map((c, i) => (i < 2 ? c.padEnd(cw[i] as number) : i < cw.length ? c.padStart(cw[i] as number) : `  ${c}`)).join('');
  console.log(crow(cHead));
  for (const r of results) {
    for (const kind of KINDS) {
      const s = r.crowd[kind];
      if (CROWD[kind] === 0) continue;
      console.log(
        crow([
          kind === 'headers' ? r.def.name : '',
          `${CROWD[kind]} × ${KIND_LABEL[kind]}`,
          String(s.opened),
          String(s.closedByServer),
          sec(quantile(s.lifetimes, 0.5)),
          sec(s.lifetimes.length > 0 ? Math.max(...s.lifetimes) : undefined),
          sec(s.firstClose ?? undefined),
          String(s.openAtEnd),
          counts(s.answers),
          counts(s.errors) + (s.connectFailures > 0 ? ` (${s.connectFailures} failed to connect)` : ''),
        ]),
      );
    }
  }

  console.log('');
  console.log('phase B / phase A (good clients with the crowd alongside):');
  for (const r of results)
    console.log(`  ${r.def.name.padEnd(28)} req/s ${ratio(r.b.rps / r.a.rps)}   p99 ${ratio(r.b.p99 / r.a.p99)}   errors ${r.a.errors} -> ${r.b.errors}`);
  const sf = results.find((r) => r.def.key === 'specforge');
  const others = results.filter((r) => r !== sf);
  if (sf) {
    for (const o of others) {
      console.log(`specforge / ${o.def.key}:`);
      console.log(`  req/s        A ${ratio(sf.a.rps / o.a.rps)}   B ${ratio(sf.b.rps / o.b.rps)}`);
      console.log(`  p99 latency  A ${ratio(sf.a.p99 / o.a.p99)}   B ${ratio(sf.b.p99 / o.b.p99)}   (below 1× is faster)`);
      console.log(`  peak RSS     A ${ratio(sf.a.rssPeak / o.a.rssPeak)}   B ${ratio(sf.b.rssPeak / o.b.rssPeak)}`);
    }
  }
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  writeFileSync(BARE, BARE_SOURCE);
  const defs = SERVERS.map((key) => {
    const def = DEFS.find((d) => d.key === key);
    if (!def) throw new Error(`unknown server "${key}" (specforge, prism, bare)`);
    return def;
  });
  const crowdTotal = KINDS.reduce((n, k) => n + CROWD[k], 0);
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}`);
  console.log(
    `load: autocannon, ${CONNECTIONS} keep-alive connections, each repeating GET /_ping, POST /containers/create?name=<unique>, GET /containers/{id}/json, GET /containers/json?all=1, GET /version, DELETE /containers/{id}?force=1 (Prism: all=true, force=true)`,
  );
  console.log(
    `phases: ${WARMUP} s warm-up, A: ${DURATION} s load, B: ${DURATION} s load + a crowd of ${crowdTotal} sockets (${KINDS.map((k) => `${CROWD[k]} ${k}`).join(', ')}; trickle every ${TRICKLE_MS} ms), one server at a time`,
  );
  const total = crowdTotal + CONNECTIONS;
  console.log(
    `specforge mock: ${SPEC} --stateful with its default limits (headers 10 s, request 30 s, idle 30 s, keep-alive 5 s, 1,000 connections); load + crowd = ${total} connections${total > 1000 ? ": over the mock's cap, it refuses connections past 1,000" : ''}`,
  );
  const results: ServerFigures[] = [];
  for (const def of defs) results.push(await measure(def));
  writeFileSync(
    join(OUT, 'results.json'),
    JSON.stringify(
      results.map((r) => ({ ...r, def: r.def.key })),
      null,
      1,
    ),
  );
  report(results);
  console.log(`\nper-second samples (RSS, crowd sockets open, responses): bench/.out/soak/results.json`);
}

const killAll = (): void => {
  for (const child of live) child.kill('SIGKILL');
};
process.on('SIGINT', () => {
  killAll();
  process.exit(130);
});
main().catch((err: unknown) => {
  console.error(`\nsoak benchmark failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  killAll();
  process.exit(1);
});
