/**
 * Generation benchmark on GitHub's public REST API description (the @octokit/openapi package):
 * specforge's full generation (types, validators, server, mocks, client) against
 * openapi-typescript generating types alone from the same file, in the same run; then a second
 * `generate` with unchanged input; then a type-check of the generated code.
 *
 * Each tool runs as a fresh process, as a user runs it; times are wall-clock medians of --runs.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUT = join(ROOT, 'bench', '.out');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? (process.argv[i + 1] as string) : fallback;
}

const RUNS = Number(arg('runs', '3'));
const SKIP_TSC = process.argv.includes('--skip-tsc');

function timed(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const start = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) {
    process.stderr.write(r.stderr.toString().slice(-4000));
    throw new Error(`${cmd} ${args.join(' ')} exited with ${String(r.status)}`);
  }
  return ms;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

function fmt(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

const source = require.resolve('@octokit/openapi/generated/api.github.com.json');
const specDir = join(OUT, 'github');
rmSync(OUT, { recursive: true, force: true });
mkdirSync(specDir, { recursive: true });
const spec = join(specDir, 'openapi.json');
copyFileSync(source, spec);
// GitHub's description has paths that differ only by parameter names, which Redocly's default rules
// reject; openapi-typescript is run with those two rules off, as a user of this file must.
const redoclyConfig = join(OUT, 'redocly.yaml');
writeFileSync(redoclyConfig, 'rules:\n  no-ambiguous-paths: off\n  no-identical-paths: off\n');
const otsCli = join(dirname(require.resolve('openapi-typescript/package.json')), 'bin', 'cli.js');
const genOut = join(OUT, 'github-gen');
const cacheDir = join(OUT, 'cache');

console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}`);
console.log(`input: @octokit/openapi api.github.com.json, ${(require('node:fs').statSync(spec).size / 1e6).toFixed(1)} MB`);
const ops = Object.values((JSON.parse(require('node:fs').readFileSync(spec, 'utf8')) as { paths: Record<string, Record<string, unknown>> }).paths).reduce(
  (n, item) => n + Object.keys(item).filter((k) => ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'].includes(k)).length,
  0,
);
console.log(`operations: ${ops}, runs: ${RUNS} (median)`);

const ots: number[] = [];
const full: number[] = [];
for (let i = 0; i < RUNS; i++) {
  ots.push(timed(process.execPath, [otsCli, spec, '-o', join(OUT, 'ots-types.ts'), '--redocly', redoclyConfig]));
  full.push(
    timed(process.execPath, [CLI, 'generate', '--spec', spec, '--out', genOut, '--force', '--quiet'], {
      SPECFORGE_CACHE_DIR: cacheDir,
    }),
  );
}
const cached: number[] = [];
for (let i = 0; i < Math.max(RUNS, 3); i++) {
  cached.push(timed(process.execPath, [CLI, 'generate', '--spec', spec, '--out', genOut, '--quiet'], { SPECFORGE_CACHE_DIR: cacheDir }));
}

const otsMs = median(ots);
const fullMs = median(full);
const cachedMs = median(cached);
console.log('');
console.log(`openapi-typescript, types only:             ${fmt(otsMs)}   (runs: ${ots.map(fmt).join(', ')})`);
console.log(`specforge generate, all targets:            ${fmt(fullMs)}   (runs: ${full.map(fmt).join(', ')})`);
console.log(`specforge generate, unchanged input:        ${fmt(cachedMs)}   (runs: ${cached.map(fmt).join(', ')})`);
console.log('');
const ratio = fullMs / otsMs;
console.log(`ratio full generation / openapi-typescript: ${ratio.toFixed(2)}×   target ≤ 1.30× (default options)   ${ratio <= 1.3 ? 'MET' : 'NOT MET'}`);
console.log(`second generate, unchanged input:           ${fmt(cachedMs)}   target < 500 ms   ${cachedMs < 500 ? 'MET' : 'NOT MET'}`);

/**
 * Type-check: `tsc --noEmit --strict` of everything specforge generated, against openapi-typescript's
 * types alone, each in a fresh process with the same settings, medians of the runs. The run-time
 * package's types come from its build (src/runtime/dist), as a downstream repository gets them.
 */
function typecheck(name: string, files: string[]): { ms: number; ok: boolean } {
  const tsconfig = join(OUT, `tsconfig.${name}.json`);
  writeFileSync(
    tsconfig,
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        types: ['node'],
        typeRoots: [join(ROOT, 'node_modules', '@types')],
        paths: { '@specforge/runtime/*': [join(ROOT, 'src', 'runtime', 'dist', 'entry', '*.d.ts')] },
      },
      files,
    }),
  );
  const start = process.hrtime.bigint();
  let ok = true;
  try {
    execFileSync(process.execPath, ['--max-old-space-size=8192', join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', tsconfig], {
      cwd: ROOT,
      stdio: 'pipe',
    });
  } catch (err) {
    ok = false;
    const out = (err as { stdout?: Buffer }).stdout?.toString() ?? '';
    console.log(out.split('\n').slice(0, 20).join('\n'));
  }
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, ok };
}

const otsTypecheck: number[] = [];
if (!SKIP_TSC) {
  const generated = readdirSync(genOut)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(genOut, f));
  const otsRuns = otsTypecheck;
  const allRuns: number[] = [];
  let ok = true;
  for (let i = 0; i < RUNS; i++) {
    otsRuns.push(typecheck('ots', [join(OUT, 'ots-types.ts')]).ms);
    const all = typecheck('all', generated);
    ok &&= all.ok;
    allRuns.push(all.ms);
  }
  const tcRatio = median(allRuns) / median(otsRuns);
  console.log('');
  console.log(`tsc --noEmit --strict, openapi-typescript's types alone: ${fmt(median(otsRuns))}   (runs: ${otsRuns.map(fmt).join(', ')})`);
  console.log(
    `tsc --noEmit --strict, everything specforge generated:  ${fmt(median(allRuns))}   (runs: ${allRuns.map(fmt).join(', ')}; ${generated.length} files)`,
  );
  console.log(`generated code compiles: ${ok ? 'yes' : 'NO'}`);
  console.log(`ratio type-check / openapi-typescript's types: ${tcRatio.toFixed(2)}×   target ≤ 1.50×   ${tcRatio <= 1.5 ? 'MET' : 'NOT MET'}`);
}

/**
 * The other settings of deferUnusedValidators, once each, for the record: `true` keeps what
 * validates requests as standalone code (responses compile on first use), `false` all of it.
 */
if (!SKIP_TSC) {
  console.log('');
  for (const mode of [true, false]) {
    const dir = join(OUT, `defer-${String(mode)}`);
    mkdirSync(dir, { recursive: true });
    const config = join(dir, 'specforge.config.yaml');
    writeFileSync(
      config,
      `specs:\n  - path: ${JSON.stringify(spec)}\n    out: ${JSON.stringify(join(dir, 'gen'))}\n    deferUnusedValidators: ${String(mode)}\n`,
    );
    const gen = timed(process.execPath, [CLI, 'generate', '--config', config, '--force', '--quiet'], { SPECFORGE_CACHE_DIR: join(dir, 'cache') });
    const files = readdirSync(join(dir, 'gen'))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join(dir, 'gen', f));
    const tc = typecheck(`defer-${String(mode)}`, files);
    const size = statSync(join(dir, 'gen', 'validators.ts')).size;
    console.log(
      `deferUnusedValidators: ${String(mode).padEnd(5)}  generate ${fmt(gen)} (${(gen / otsMs).toFixed(2)}× openapi-typescript)   type-check ${fmt(tc.ms)}${tc.ok ? '' : ' (FAILED)'} (${(tc.ms / median(otsTypecheck)).toFixed(2)}×)   validators.ts ${(size / 1e6).toFixed(1)} MB`,
    );
  }
}

/** The production install of the run-time package: packed, installed alone with --omit=dev, measured on disk. */
function dirBytes(path: string): number {
  const st = statSync(path);
  return st.isDirectory() ? readdirSync(path).reduce((sum, n) => sum + dirBytes(join(path, n)), 0) : st.size;
}
{
  const prod = join(OUT, 'runtime-install');
  mkdirSync(prod, { recursive: true });
  const npmFlags = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];
  execFileSync('npm', ['pack', '-w', '@specforge/runtime', '--ignore-scripts', '--pack-destination', prod], { cwd: ROOT, stdio: 'pipe' });
  writeFileSync(join(prod, 'package.json'), JSON.stringify({ name: 'bench-runtime-install', private: true }));
  execFileSync('npm', ['install', ...npmFlags, '--omit=dev', join(prod, 'specforge-runtime-0.1.0.tgz')], { cwd: prod, stdio: 'pipe' });
  const modules = join(prod, 'node_modules');
  const names = readdirSync(modules)
    .flatMap((n) => (n.startsWith('@') ? readdirSync(join(modules, n)).map((m) => `${n}/${m}`) : [n]))
    .filter((n) => !n.startsWith('.'));
  const toolchain = join(ROOT, 'node_modules');
  console.log('');
  console.log(`run-time install (npm install --omit=dev @specforge/runtime): ${names.length} packages, ${(dirBytes(modules) / 1e6).toFixed(2)} MB`);
  console.log(`   for comparison, this repository's node_modules (the toolchain and its dev tools): ${(dirBytes(toolchain) / 1e6).toFixed(0)} MB`);
}
