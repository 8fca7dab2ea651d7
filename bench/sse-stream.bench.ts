/**
 * Stream bench (OpenAPI 3.2 `itemSchema`): a client consumes a server-sent event stream of --items
 * deltas (default 10,000) from the generated server of the LLM-style fixture
 * (test/fixtures/openapi32/llm-streams.yaml), which runs in a child process (node:http, 127.0.0.1)
 * and answers createCompletion with an async generator; the runtime validates and frames each item.
 *
 * Two ways to read the same stream, measured in the same run, alternating, --runs times each:
 *   - sdk:  the generated SDK's createCompletion, `for await` over the items as they arrive
 *           (src/runtime/shared/stream-read.ts; each event's JSON data parsed);
 *   - text: what a user would otherwise write: `await res.text()`, split the body at blank lines,
 *           read each event's `data:` lines and JSON.parse them.
 * Reported per way: the time from the request to the last item (median of the runs), and memory:
 * heapUsed after global.gc() every --sample items (default 1,000), as growth over the first sample
 * (flat for a reader that holds one item at a time; the text reader holds the whole body). Timed
 * runs do not collect; memory runs do. Then the ratios sdk / text.
 *
 * Then disconnects: an endless stream, left after --sample items by an AbortSignal and by leaving
 * the `for await` loop; reported: the time from the client's leaving to the server handler's
 * iterator ending (its `finally`, reported by the child process), each --runs times (the worst).
 *
 * Needs `--expose-gc` (the Makefile passes it). Bounded: the whole run stops after --limit seconds
 * (default 300). Exits non-zero when the harness fails or a disconnect does not end the iterator
 * within --limit.
 *
 * Options: --items <n> (default 10000), --runs <n> (default 5), --sample <n> (default 1000),
 * --limit <s> (default 300).
 */
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { arg, CLI, ROOT } from './support.js';

const OUT = join(ROOT, 'bench', '.out', 'sse-stream');
const DIR = join(OUT, 'generated');
const SPEC = 'test/fixtures/openapi32/llm-streams.yaml';

function positive(name: string, fallback: string): number {
  const n = Number(arg(name, fallback));
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer`);
  return n;
}
const ITEMS = positive('items', '10000');
const RUNS = positive('runs', '5');
const SAMPLE = positive('sample', '1000');
const LIMIT_S = positive('limit', '300');

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc (make bench does)');
setTimeout(() => {
  console.error(`sse-stream: stopped after ${LIMIT_S} s`);
  process.exit(1);
}, LIMIT_S * 1000).unref();

/** The child: the generated server, createCompletion answering --items deltas (or endless ones), reporting when its iterator ends. */
const SERVER_JS = `import { createHttpServer } from '@specforge/runtime/server';
import { createServer } from './server.js';
const items = Number(process.argv[2]);
const delta = (i) => ({ event: 'delta', id: String(i + 1), data: { index: i, text: 'token ' + i } });
async function* completion(endless) {
  try {
    for (let i = 0; endless || i < items; i++) yield delta(i);
    yield { event: 'done', id: String(items + 1), data: { index: items, text: '', finish_reason: 'stop' } };
  } finally {
    process.send({ ended: performance.timeOrigin + performance.now() });
  }
}
const handlers = {
  createCompletion: ({ body }) => ({ status: 200, body: completion(body.prompt === 'endless') }),
  followJobLog: () => ({ status: 404, body: { message: 'no job' } }),
  watchJobProgress: () => ({ status: 404, body: { message: 'no job' } }),
};
const server = createHttpServer(createServer(handlers, { heartbeatMs: 0 }));
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
`;

interface Delta {
  index: number;
  text: string;
}
type Outcome = { ok: boolean; data?: AsyncIterable<{ data: Delta }> };
interface Sdk {
  createSdkClient(options: { baseUrl: string }): unknown;
  createCompletion(client: unknown, args: { body: { prompt: string }; signal?: AbortSignal }): Promise<Outcome>;
}

async function prepare(): Promise<void> {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const generate = spawnSync(
    process.execPath,
    [CLI, 'generate', '--spec', SPEC, '--out', DIR, '--targets', 'types,validators,server,sdk', '--force', '--quiet'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, SPECFORGE_CACHE_DIR: join(OUT, '.cache') },
    },
  );
  if (generate.status !== 0) throw new Error(`specforge generate: exit ${generate.status}\n${generate.stderr}`);
  const sources = readdirSync(DIR).filter((f) => f.endsWith('.ts'));
  await build({ entryPoints: sources.map((f) => join(DIR, f)), outdir: DIR, format: 'esm', platform: 'node', target: 'node20', logLevel: 'warning' });
  writeFileSync(join(DIR, 'start.mjs'), SERVER_JS);
}

/** The server child and the messages it sends (its port, then each iterator's end). */
async function startServer(): Promise<{ child: ChildProcess; base: string; ended: () => Promise<number>; clear: () => void }> {
  const child = fork(join(DIR, 'start.mjs'), [String(ITEMS)], { cwd: DIR, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting: ((at: number) => void)[] = [];
  const endings: number[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    child.on('message', (m: { port?: number; ended?: number }) => {
      if (m.port !== undefined) resolve(m.port);
      if (m.ended !== undefined) {
        const next = waiting.shift();
        if (next) next(m.ended);
        else endings.push(m.ended);
      }
    });
  });
  const clear = (): void => void endings.splice(0);
  const ended = (): Promise<number> => {
    const at = endings.shift();
    return at !== undefined ? Promise.resolve(at) : new Promise((resolve) => waiting.push(resolve));
  };
  return { child, base: `http://127.0.0.1:${port}/v1`, ended, clear };
}

const now = (): number => performance.timeOrigin + performance.now();

/** Memory samples: heapUsed after a collection, every SAMPLE items. */
function sampler(collect: boolean): { at: (count: number) => void; samples: number[] } {
  const samples: number[] = [];
  return {
    samples,
    at(count) {
      if (!collect || count % SAMPLE !== 0) return;
      gc?.();
      samples.push(process.memoryUsage().heapUsed);
    },
  };
}

/** The client's CPU time (user + system) since `from`, in ms. */
function cpuSince(from: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
}

interface Run {
  ms: number;
  cpu: number;
  count: number;
  samples: number[];
}

async function viaSdk(sdk: Sdk, base: string, collect: boolean): Promise<Run> {
  const s = sampler(collect);
  const cpu = process.cpuUsage();
  const t = now();
  const result = await sdk.createCompletion(sdk.createSdkClient({ baseUrl: base }), { body: { prompt: 'bench' } });
  let count = 0;
  let chars = 0;
  for await (const item of result.data ?? []) {
    chars += item.data.text.length;
    s.at(++count);
  }
  if (chars === 0) throw new Error('no text read');
  return { ms: now() - t, cpu: cpuSince(cpu), count, samples: s.samples };
}

async function viaText(base: string, collect: boolean): Promise<Run> {
  const s = sampler(collect);
  const cpu = process.cpuUsage();
  const t = now();
  const res = await fetch(`${base}/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: 'bench' }),
  });
  const text = await res.text();
  let count = 0;
  let chars = 0;
  for (const block of text.split(/\r?\n\r?\n/)) {
    const data = block
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5));
    if (data.length === 0) continue;
    chars += (JSON.parse(data.join('\n')) as Delta).text.length;
    s.at(++count);
  }
  if (chars === 0) throw new Error('no text read');
  return { ms: now() - t, cpu: cpuSince(cpu), count, samples: s.samples };
}

/** Ms from leaving an endless stream (abort or break) to the handler's iterator ending. */
async function disconnect(sdk: Sdk, base: string, ended: () => Promise<number>, how: 'abort' | 'break'): Promise<number> {
  const controller = new AbortController();
  const result = await sdk.createCompletion(sdk.createSdkClient({ baseUrl: base }), { body: { prompt: 'endless' }, signal: controller.signal });
  let count = 0;
  let left = 0;
  try {
    for await (const _ of result.data ?? []) {
      if (++count < SAMPLE) continue;
      left = now();
      if (how === 'break') break;
      controller.abort();
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  }
  const end = await Promise.race([ended(), new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 5000))]);
  return end - left;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const mb = (bytes: number): string => (bytes / 1e6).toFixed(2);
/** Growth of the samples over the first one: the largest, and the last. */
function growth(samples: number[]): { max: number; last: number } {
  const first = samples[0] ?? 0;
  return { max: Math.max(...samples.map((x) => x - first)), last: (samples.at(-1) ?? first) - first };
}

async function main(): Promise<void> {
  await prepare();
  const server = await startServer();
  try {
    const sdk = (await import(join(DIR, 'sdk.js'))) as Sdk;
    const times: Record<'sdk' | 'text', number[]> = { sdk: [], text: [] };
    const cpu: Record<'sdk' | 'text', number[]> = { sdk: [], text: [] };
    const memory: Record<'sdk' | 'text', { max: number; last: number; base: number }[]> = { sdk: [], text: [] };
    let sdkSamples: number[] = [];
    // A warm-up of each, not counted (its iterators' ends are drained too).
    await viaSdk(sdk, server.base, false);
    await viaText(server.base, false);
    for (let run = 0; run < RUNS; run++) {
      const a = await viaSdk(sdk, server.base, false);
      const b = await viaText(server.base, false);
      if (a.count !== ITEMS + 1 || b.count !== ITEMS + 1) throw new Error(`read ${a.count} and ${b.count} items, not ${ITEMS + 1}`);
      times.sdk.push(a.ms);
      times.text.push(b.ms);
      cpu.sdk.push(a.cpu);
      cpu.text.push(b.cpu);
      gc?.();
      const base = process.memoryUsage().heapUsed;
      const m = await viaSdk(sdk, server.base, true);
      memory.sdk.push({ ...growth(m.samples), base: (m.samples[0] ?? base) - base });
      sdkSamples = m.samples;
      gc?.();
      const base2 = process.memoryUsage().heapUsed;
      const n = await viaText(server.base, true);
      memory.text.push({ ...growth(n.samples), base: (n.samples[0] ?? base2) - base2 });
    }
    // The ends of the finished streams' iterators are not disconnects.
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.clear();
    const leave: Record<'abort' | 'break', number[]> = { abort: [], break: [] };
    for (let run = 0; run < RUNS; run++) for (const how of ['abort', 'break'] as const) leave[how].push(await disconnect(sdk, server.base, server.ended, how));

    const worst = (xs: { max: number }[]): number => Math.max(...xs.map((x) => x.max));
    const atFirst = (xs: { base: number }[]): number => median(xs.map((x) => x.base));
    const lines = [
      `machine: ${cpus()[0]?.model ?? 'unknown'} x${cpus().length}, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`,
      `stream: ${ITEMS} server-sent deltas + 1 done event, ${RUNS} runs each`,
      `time to the last item (median): sdk ${median(times.sdk).toFixed(0)} ms, text ${median(times.text).toFixed(0)} ms; sdk / text ${(median(times.sdk) / median(times.text)).toFixed(2)}`,
      `client CPU time (median): sdk ${median(cpu.sdk).toFixed(0)} ms, text ${median(cpu.text).toFixed(0)} ms; sdk / text ${(median(cpu.sdk) / median(cpu.text)).toFixed(2)}`,
      `heapUsed growth after gc from item ${SAMPLE} to the last (worst run): sdk ${mb(worst(memory.sdk))} MB, text ${mb(worst(memory.text))} MB`,
      `heapUsed at item ${SAMPLE} over before the request (median): sdk ${mb(atFirst(memory.sdk))} MB, text ${mb(atFirst(memory.text))} MB`,
      `sdk heapUsed every ${SAMPLE} items, MB over the first (last run): ${sdkSamples.map((x) => mb(x - (sdkSamples[0] ?? 0))).join(', ')}`,
      `disconnect to the handler's iterator ending: abort ${leave.abort.map((x) => x.toFixed(1)).join(', ')} ms; break ${leave.break.map((x) => x.toFixed(1)).join(', ')} ms (worst ${Math.max(...leave.abort, ...leave.break).toFixed(1)} ms)`,
    ];
    console.log(lines.join('\n'));
    writeFileSync(join(OUT, 'results.json'), JSON.stringify({ items: ITEMS, runs: RUNS, times, cpu, memory, leave }, null, 2));
    if (Math.max(...leave.abort, ...leave.break) > 1000) {
      console.error('sse-stream: a disconnect did not end the handler iterator within 1 s');
      process.exitCode = 1;
    }
  } finally {
    server.child.kill();
  }
}

await main();
