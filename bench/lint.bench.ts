/**
 * Lint benchmark: `specforge lint <contract> --format json` through the CLI, as a user runs it, on
 * generated contracts of 20,000 and 60,000 operations (bench/.out/lint/ops-<n>.yaml), against
 * Redocly CLI's `lint` (node_modules/@redocly/cli, the tool a user would run instead) on the same
 * files in the same run.
 *
 * Each operation is written so that it draws findings (no description, no 4xx response, no tag
 * declared at the top level): a finding per operation is what made lint quadratic when each one
 * was located by searching the document from its root. The goal: lint of 60,000 operations within
 * 3x the time of 20,000 (3x the size), printed as PASS or MISS; the bench exits 1 on a MISS.
 *
 * Each run is a fresh process: wall time from spawn to exit and its peak RSS (getrusage's maxRSS,
 * written at exit by a module preloaded with --import). Exit 1 (findings) is a successful run.
 *
 * Options: --runs <n> (default 1; the median is printed), --sizes 20000,60000, --timeout <s> per run
 * (default 1200), --redocly false (skip Redocly's runs).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { arg, CLI, ROOT } from './support.js';

const require = createRequire(import.meta.url);
const OUT = join(ROOT, 'bench', '.out', 'lint');
const RUNS = Math.max(1, Number(arg('runs', '1')));
const SIZES = arg('sizes', '20000,60000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
const TIMEOUT_MS = Number(arg('timeout', '1200')) * 1000;
const WITH_REDOCLY = arg('redocly', 'true') !== 'false';
const REDOCLY = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
/** Lint of 3x the operations may take at most this many times as long. */
const GOAL_RATIO = 3;

const RSS_PROBE =
  'data:text/javascript,' +
  encodeURIComponent(
    'import { writeFileSync } from "node:fs"; process.on("exit", () => writeFileSync(process.env.SPECFORGE_BENCH_RSS_FILE, String(process.resourceUsage().maxRSS)));',
  );

/** A contract of `n` operations (n/2 paths with a get and a post), each drawing a few lint findings. */
function lintContract(n: number): string {
  const lines = [
    'openapi: 3.1.0',
    'info:',
    '  title: Generated',
    '  version: 1.0.0',
    '  description: A contract generated for the lint benchmark.',
    'servers:',
    '  - url: https://api.example.com',
    'paths:',
  ];
  for (let p = 0; p < Math.ceil(n / 2); p++) {
    lines.push(`  /items${p}/{id}:`);
    lines.push('    parameters:', '      - name: id', '        in: path', '        required: true', '        schema:', '          type: string');
    for (const method of ['get', 'post']) {
      if (p * 2 + (method === 'get' ? 0 : 1) >= n) break;
      lines.push(
        `    ${method}:`,
        `      operationId: ${method}Item${p}`,
        `      summary: ${method} item ${p}`,
        `      tags: [t${p % 50}]`,
        '      responses:',
        "        '200':",
        '          description: OK',
        '          content:',
        '            application/json:',
        '              schema:',
        '                $ref: "#/components/schemas/Item"',
      );
    }
  }
  lines.push('components:', '  schemas:', '    Item:', '      type: object', '      properties:', '        id:', '          type: string');
  return lines.join('\n') + '\n';
}

interface Run {
  ms: number;
  rssKb: number;
  exit: number;
  findings?: number;
}

async function runOnce(tool: 'specforge' | 'redocly', file: string): Promise<Run> {
  mkdirSync(OUT, { recursive: true });
  const rssFile = join(OUT, `rss-${process.pid}.txt`);
  rmSync(rssFile, { force: true });
  const args =
    tool === 'specforge'
      ? ['--max-old-space-size=8192', '--import', RSS_PROBE, CLI, 'lint', file, '--format', 'json']
      : ['--max-old-space-size=8192', '--import', RSS_PROBE, REDOCLY, 'lint', file, '--format', 'summary'];
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: OUT,
    env: { ...process.env, SPECFORGE_BENCH_RSS_FILE: rssFile, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (c: Buffer) => chunks.push(c));
  child.stderr.resume();
  const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
  const exit = await new Promise<number>((done) => child.on('close', (code) => done(code ?? -1)));
  clearTimeout(timer);
  const ms = performance.now() - started;
  const rssKb = existsSync(rssFile) ? Number(readFileSync(rssFile, 'utf8')) : 0;
  rmSync(rssFile, { force: true });
  const run: Run = { ms, rssKb, exit };
  if (tool === 'specforge') {
    try {
      const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { findings?: unknown[] } | unknown[];
      run.findings = Array.isArray(parsed) ? parsed.length : (parsed.findings?.length ?? undefined);
    } catch {
      run.findings = undefined;
    }
  }
  return run;
}

function median(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.ms - b.ms);
  return sorted[Math.floor(sorted.length / 2)] as Run;
}

const s = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const mbOf = (kb: number): string => `${Math.round(kb / 1024)} MB`;

async function main(): Promise<void> {
  console.log(`lint benchmark: ${cpus().length} CPUs, node ${process.version}, ${RUNS} run(s) each, median shown`);
  const results = new Map<number, { specforge: Run; redocly?: Run }>();
  let failed = false;
  for (const n of SIZES) {
    const file = join(OUT, `ops-${n}.yaml`);
    mkdirSync(OUT, { recursive: true });
    writeFileSync(file, lintContract(n));
    console.log(`\n${n} operations: ${file} (${(statSync(file).size / 1e6).toFixed(1)} MB)`);
    const mine: Run[] = [];
    const theirs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      mine.push(await runOnce('specforge', file));
      if (WITH_REDOCLY) theirs.push(await runOnce('redocly', file));
    }
    const m = median(mine);
    if (m.exit !== 0 && m.exit !== 1) {
      console.log(`  specforge lint: FAILED (exit ${m.exit}) after ${s(m.ms)}`);
      failed = true;
    } else console.log(`  specforge lint: ${s(m.ms)}, peak RSS ${mbOf(m.rssKb)}, ${m.findings ?? '?'} findings`);
    const entry: { specforge: Run; redocly?: Run } = { specforge: m };
    if (WITH_REDOCLY) {
      const r = median(theirs);
      entry.redocly = r;
      const ok = r.exit === 0 || r.exit === 1;
      console.log(`  redocly lint:   ${ok ? '' : `exit ${r.exit}, `}${s(r.ms)}, peak RSS ${mbOf(r.rssKb)}; specforge/redocly ${(m.ms / r.ms).toFixed(2)}x`);
    }
    results.set(n, entry);
  }
  const sizes = [...results.keys()].sort((a, b) => a - b);
  const small = sizes[0];
  const large = sizes[sizes.length - 1];
  if (small !== undefined && large !== undefined && small !== large) {
    const a = results.get(small) as { specforge: Run; redocly?: Run };
    const b = results.get(large) as { specforge: Run; redocly?: Run };
    const ratio = b.specforge.ms / a.specforge.ms;
    const pass = ratio <= GOAL_RATIO * (large / small / 3);
    console.log(
      `\nspecforge lint ${large}/${small} operations: ${ratio.toFixed(2)}x the time for ${(large / small).toFixed(1)}x the size (goal <= ${GOAL_RATIO}x for 3x): ${pass ? 'PASS' : 'MISS'}`,
    );
    if (a.redocly && b.redocly) console.log(`redocly lint ${large}/${small} operations: ${(b.redocly.ms / a.redocly.ms).toFixed(2)}x`);
    if (!pass) failed = true;
  }
  if (failed) process.exitCode = 1;
}

await main();
