/**
 * Frontend benchmark: what a frontend team gets from specforge for Figma's (`@figma/rest-api-spec`,
 * openapi/openapi.yaml) and GitHub's (`@octokit/openapi`, generated/api.github.com.json) contracts,
 * against openapi-typescript's types and openapi-fetch, in the same run:
 *
 * - size: specforge's `generateSpec` (as the tests call it) writes the targets a frontend uses
 *   (types, validators, client, index, sdk, react-query) into bench/.out/frontend/<api>/; the size of
 *   each file and the total, validators.ts against the goal of 600 KB (Figma). openapi-typescript's
 *   types for the same contract are written into bench/.out/frontend/<api>-ots/ by its CLI;
 * - tsc: `tsc --noEmit --strict --skipLibCheck` (node_modules/typescript, TS 5.9) of (a) every file
 *   generated and (b) openapi-typescript's types alone, each in a fresh process with the same settings
 *   (ESNext, moduleResolution bundler, lib ES2022 + DOM, `@specforge/runtime/*` mapped to the runtime's
 *   built declarations src/runtime/dist/entry/*.d.ts as a downstream repository gets them, else to its
 *   sources); the median of --runs, ratio a/b against the goal of 1.5×. To show what dominates, (a) is
 *   also timed on index.ts's files alone (types, validators, client, index) and with sdk.ts added; and, as
 *   a React team's tsc sees it, everything generated beside a file of the app importing React and TanStack
 *   Query against openapi-typescript's types beside the same file (the goal stays the first measure). The same with a TS 7 compiler
 *   when one is at test/.tmp/ts7-cache/node_modules/typescript/bin/tsc, else "not measured". The same
 *   targets are also generated with `emit: js` (what init writes in a Vite or Next project) into
 *   bench/.out/frontend/<api>-js/, whose declarations and types.ts are timed the same two ways;
 * - bundle: esbuild (bundle, minify, browser, ESM; `@specforge/runtime/<entry>` aliased to
 *   src/runtime/entry/<entry>.ts) of an entry making the same three GET calls (a) with the generated
 *   sdk.js, (b) with `createClient` from the generated index.js, (c) with openapi-fetch typed by
 *   openapi-typescript's types; raw and gzip (zlib, level 9) sizes, ratio against openapi-fetch, and
 *   whether any validator code is in the specforge bundles.
 *
 * Options: --apis figma,github, --runs <n> (default 3), --skip-tsc.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { generateSpec } from '../src/pipeline/generate.js';
import { arg, ROOT } from './support.js';

const require = createRequire(import.meta.url);
const APIS = arg('apis', 'figma,github').split(',');
const RUNS = Number(arg('runs', '3'));
const SKIP_TSC = process.argv.includes('--skip-tsc');
const OUT = join(ROOT, 'bench', '.out', 'frontend');
const TARGETS = ['types', 'validators', 'client', 'index', 'sdk', 'react-query'] as const;
const VALIDATORS_GOAL_KB = 600;
const TSC_GOAL = 1.5;
/** A file of a React + TanStack Query app, type-checked beside either side's generated code. */
const APP_FILE = 'app.ts';
const APP_SOURCE = `import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
export type App = { queryClient: QueryClient; root: ReactNode };
`;
const TSC5 = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const TSC7 = join(ROOT, 'test', '.tmp', 'ts7-cache', 'node_modules', 'typescript', 'bin', 'tsc');
const OTS_CLI = join(dirname(require.resolve('openapi-typescript/package.json')), 'bin', 'cli.js');
const ENTRIES = join(ROOT, 'src', 'runtime', 'entry');
const RUNTIME_DTS = join(ROOT, 'src', 'runtime', 'dist', 'entry');
const alias = Object.fromEntries(
  readdirSync(ENTRIES)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => [`@specforge/runtime/${f.slice(0, -3)}`, join(ENTRIES, f)]),
);

/** One of the three calls: the path (openapi-fetch and createClient), the sdk function, the parameters. */
interface Call {
  path: string;
  sdk: string;
  params: { path?: Record<string, string | number>; query?: Record<string, string | number> };
}
interface Contract {
  file: string;
  calls: Call[];
}

const CONTRACTS: Record<string, Contract> = {
  figma: {
    file: join(ROOT, 'node_modules', '@figma', 'rest-api-spec', 'openapi', 'openapi.yaml'),
    calls: [
      { path: '/v1/files/{file_key}', sdk: 'getFile', params: { path: { file_key: 'abc' }, query: { depth: 1 } } },
      { path: '/v1/files/{file_key}/comments', sdk: 'getComments', params: { path: { file_key: 'abc' } } },
      { path: '/v1/me', sdk: 'getMe', params: {} },
    ],
  },
  github: {
    file: require.resolve('@octokit/openapi/generated/api.github.com.json'),
    calls: [
      { path: '/repos/{owner}/{repo}', sdk: 'reposGet', params: { path: { owner: 'octo', repo: 'hello' } } },
      { path: '/repos/{owner}/{repo}/issues', sdk: 'issuesListForRepo', params: { path: { owner: 'octo', repo: 'hello' }, query: { state: 'open' } } },
      { path: '/user', sdk: 'usersGetAuthenticated', params: {} },
    ],
  },
};

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
function fmt(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}
function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

/** openapi-typescript's types of `spec` into `file` (GitHub's ambiguous paths allowed, as a user of that file must). */
function otsTypes(spec: string, file: string): number {
  const redocly = join(dirname(file), 'redocly.yaml');
  writeFileSync(redocly, 'rules:\n  no-ambiguous-paths: off\n  no-identical-paths: off\n');
  const start = performance.now();
  const r = spawnSync(process.execPath, [OTS_CLI, spec, '-o', file, '--redocly', redocly], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`openapi-typescript ${spec}: exit ${String(r.status)}\n${r.stderr}`);
  return performance.now() - start;
}

/** `tsc -p` of a tsconfig naming `files`, in a fresh process; the milliseconds, and the first errors when it fails. */
function typecheck(tsc: string, dir: string, name: string, files: string[]): { ms: number; errors?: string } {
  const runtime = existsSync(join(RUNTIME_DTS, 'client.d.ts')) ? join(RUNTIME_DTS, '*.d.ts') : join(ENTRIES, '*.ts');
  const tsconfig = join(dir, `tsconfig.${name}.json`);
  const compilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'bundler',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    types: [],
    paths: { '@specforge/runtime/*': [runtime] },
  };
  writeFileSync(tsconfig, JSON.stringify({ compilerOptions, files }, null, 2));
  const start = performance.now();
  const r = spawnSync(process.execPath, ['--max-old-space-size=8192', tsc, '-p', tsconfig], { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - start;
  return r.status === 0 ? { ms } : { ms, errors: `${r.stdout}${r.stderr}`.split('\n').slice(0, 10).join('\n') };
}

/** The source of an entry making the three calls, for each way of calling. */
function entrySource(kind: 'sdk' | 'index' | 'openapi-fetch', dir: string, otsDir: string, calls: Call[]): string {
  const args = (c: Call): string => JSON.stringify(Object.keys(c.params).length > 0 ? { params: c.params } : {});
  if (kind === 'sdk') {
    const names = calls.map((c) => c.sdk).join(', ');
    return `import { createSdkClient, ${names} } from ${JSON.stringify(join(dir, 'sdk.js'))};
const client = createSdkClient({ baseUrl: 'https://api.example.com' });
export const results = Promise.all([${calls.map((c) => `${c.sdk}(client, ${JSON.stringify(c.params)})`).join(', ')}]);
`;
  }
  const head =
    kind === 'index'
      ? `import { createClient } from ${JSON.stringify(join(dir, 'index.js'))};\nconst client = createClient({ baseUrl: 'https://api.example.com' });`
      : `import createClient from 'openapi-fetch';\nimport type { paths } from ${JSON.stringify(join(otsDir, 'types.js'))};\nconst client = createClient<paths>({ baseUrl: 'https://api.example.com' });`;
  return `${head}
export const results = Promise.all([${calls.map((c) => `client.GET(${JSON.stringify(c.path)}, ${args(c)})`).join(', ')}]);
`;
}

async function bundle(dir: string, name: string, source: string): Promise<{ raw: number; gzip: number; validators: boolean }> {
  const entry = join(dir, `entry-${name}.ts`);
  writeFileSync(entry, source);
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    alias,
    nodePaths: [join(ROOT, 'node_modules')],
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  writeFileSync(join(dir, `bundle-${name}.js`), code);
  const text = Buffer.from(code).toString('utf8');
  return { raw: code.length, gzip: gzipSync(code, { level: 9 }).length, validators: /instancePath|ucs2length/.test(text) };
}

const rows: string[] = [];
const goals: string[] = [];
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`runs: ${RUNS} (median); TS 7: ${existsSync(TSC7) ? TSC7 : 'no compiler at test/.tmp/ts7-cache (not measured)'}`);

for (const api of APIS) {
  const contract = CONTRACTS[api];
  if (!contract) throw new Error(`unknown api ${api}; known: ${Object.keys(CONTRACTS).join(', ')}`);
  const dir = join(OUT, api);
  const otsDir = join(OUT, `${api}-ots`);
  rmSync(dir, { recursive: true, force: true });
  rmSync(otsDir, { recursive: true, force: true });
  mkdirSync(otsDir, { recursive: true });

  const jsDir = join(OUT, `${api}-js`);
  rmSync(jsDir, { recursive: true, force: true });
  let start = performance.now();
  await generateSpec({ path: contract.file, api, out: dir, targets: [...TARGETS], strict: false }, { cacheDir: join(OUT, '.cache'), force: true });
  const generateMs = performance.now() - start;
  start = performance.now();
  await generateSpec(
    { path: contract.file, api, out: jsDir, targets: [...TARGETS], strict: false, emit: 'js' },
    { cacheDir: join(OUT, '.cache'), force: true },
  );
  const generateJsMs = performance.now() - start;
  const otsMs = otsTypes(contract.file, join(otsDir, 'types.ts'));
  const generated = readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort();
  // emit: js: what tsc reads of it is the declarations and types.ts (the .js files are the bundler's).
  const declared = readdirSync(jsDir)
    .filter((f) => f.endsWith('.ts'))
    .sort();
  for (const d of [dir, jsDir, otsDir]) writeFileSync(join(d, APP_FILE), APP_SOURCE);
  const sizes = generated.map((f) => [f, statSync(join(dir, f)).size] as const);
  const total = sizes.reduce((n, [, s]) => n + s, 0);
  const otsSize = statSync(join(otsDir, 'types.ts')).size;
  const validatorsSize = sizes.find(([f]) => f === 'validators.ts')?.[1] ?? 0;
  console.log(`\n${api}: generated in ${fmt(generateMs)}, with emit: js in ${fmt(generateJsMs)} (openapi-typescript ${fmt(otsMs)}) into ${dir}`);
  for (const [f, s] of sizes) console.log(`  ${f.padEnd(16)} ${kb(s).padStart(12)}`);
  const jsSizes = readdirSync(jsDir)
    .filter((f) => /\.(?:d\.ts|js|ts)$/.test(f) && f !== APP_FILE)
    .sort()
    .map((f) => [f, statSync(join(jsDir, f)).size] as const);
  console.log(`  emit: js: ${jsSizes.map(([f, n]) => `${f} ${kb(n)}`).join(', ')}`);
  rows.push(`| ${api} | generate (emit: ts / emit: js) | ${fmt(generateMs)} / ${fmt(generateJsMs)} | ${fmt(otsMs)} (types) | |`);
  for (const [f, n] of jsSizes.filter(([f]) => f.endsWith('.d.ts'))) rows.push(`| ${api} | emit: js, ${f} | ${kb(n)} | | |`);
  console.log(`  ${'total'.padEnd(16)} ${kb(total).padStart(12)}   (openapi-typescript types.ts ${kb(otsSize)})`);
  rows.push(`| ${api} | generated files, total | ${kb(total)} | ${kb(otsSize)} (types.ts) | ${(total / otsSize).toFixed(2)}× |`);
  for (const [f, s] of sizes) rows.push(`| ${api} | ${f} | ${kb(s)} | | |`);
  if (api === 'figma')
    goals.push(`figma validators.ts ${kb(validatorsSize)}: goal < ${VALIDATORS_GOAL_KB} KB ${validatorsSize < VALIDATORS_GOAL_KB * 1024 ? 'MET' : 'NOT MET'}`);

  if (!SKIP_TSC) {
    for (const [label, tsc] of [
      ['TS 5.9', TSC5],
      ['TS 7', TSC7],
    ] as const) {
      if (!existsSync(tsc)) {
        rows.push(`| ${api} | tsc (${label}) | not measured | | |`);
        continue;
      }
      // What dominates: index.ts's files (types, validators, client, index), then with the SDK, then everything.
      const core = generated.filter((f) => !['sdk.ts', 'react-query.ts'].includes(f));
      // The last set is what a React team's tsc adds: both sides also load a file of the app that imports
      // React and TanStack Query, whose declarations (csstype alone is 0.9 MB) any such project parses anyway.
      // Then the same with emit: js (the declarations and types.ts), as init writes it in a Vite or Next project.
      const sets: Array<[string, string[], 'ots' | 'otsApp', string]> = [
        ['types, validators, client, index', core, 'ots', dir],
        ['the same + sdk', [...core, 'sdk.ts'], 'ots', dir],
        ['all generated files', generated, 'ots', dir],
        ['all generated files, in a React + TanStack Query app', [...generated, APP_FILE], 'otsApp', dir],
        ['emit: js, all generated files', declared, 'ots', jsDir],
        ['emit: js, all generated files, in a React + TanStack Query app', [...declared, APP_FILE], 'otsApp', jsDir],
      ];
      const times = sets.map((): number[] => []);
      const base = { ots: [] as number[], otsApp: [] as number[] };
      for (let i = 0; i < RUNS; i++) {
        sets.forEach(([name, files, , where], j) => {
          const a = typecheck(tsc, where, `set${j}`, files);
          if (a.errors !== undefined) console.log(`${api} ${label}: tsc of ${name} failed:\n${a.errors}`);
          times[j]?.push(a.ms);
        });
        for (const [key, files] of [
          ['ots', ['types.ts']],
          ['otsApp', ['types.ts', APP_FILE]],
        ] as const) {
          const b = typecheck(tsc, otsDir, key, [...files]);
          if (b.errors !== undefined) console.log(`${api} ${label}: tsc of openapi-typescript's types (${key}) failed:\n${b.errors}`);
          base[key].push(b.ms);
        }
      }
      console.log(`  tsc ${label}: openapi-typescript's types ${fmt(median(base.ots))} (${base.ots.map(fmt).join(', ')})`);
      console.log(`  tsc ${label}: openapi-typescript's types in the app ${fmt(median(base.otsApp))} (${base.otsApp.map(fmt).join(', ')})`);
      sets.forEach(([name, , against], j) => {
        const runs = times[j] ?? [];
        const ratio = median(runs) / median(base[against]);
        console.log(`  tsc ${label}: ${name} ${fmt(median(runs))} (${runs.map(fmt).join(', ')}): ${ratio.toFixed(2)}×`);
        const baseLabel = against === 'ots' ? fmt(median(base.ots)) : `${fmt(median(base.otsApp))} (types + the app file)`;
        rows.push(`| ${api} | \`tsc --noEmit --strict\` (${label}), ${name} | ${fmt(median(runs))} | ${baseLabel} | ${ratio.toFixed(2)}× |`);
        // The goal is the issue's measure: everything generated against openapi-typescript's types alone, in either emit.
        if (name === 'all generated files' || name === 'emit: js, all generated files')
          goals.push(
            `${api} tsc ${label}, ${name === 'all generated files' ? 'emit: ts' : 'emit: js'} ${ratio.toFixed(2)}×: goal ≤ ${TSC_GOAL}× ${ratio <= TSC_GOAL ? 'MET' : 'NOT MET'}`,
          );
      });
    }
  }

  const fetchBundle = await bundle(otsDir, 'openapi-fetch', entrySource('openapi-fetch', dir, otsDir, contract.calls));
  rows.push(`| ${api} | bundle, openapi-fetch (3 calls) | ${kb(fetchBundle.raw)} / ${kb(fetchBundle.gzip)} gzip | | 1.00× |`);
  for (const [kind, from, emit] of [
    ['sdk', dir, ''],
    ['index', dir, ''],
    ['sdk', jsDir, ' (emit: js)'],
  ] as const) {
    const b = await bundle(from, kind, entrySource(kind, from, otsDir, contract.calls));
    const ratio = b.gzip / fetchBundle.gzip;
    const label = `${kind === 'sdk' ? 'sdk.js functions' : 'index.js createClient'}${emit}`;
    console.log(
      `  bundle ${label}: ${kb(b.raw)} raw, ${kb(b.gzip)} gzip (openapi-fetch ${kb(fetchBundle.raw)}, ${kb(fetchBundle.gzip)} gzip): ${ratio.toFixed(2)}× gzip`,
    );
    rows.push(`| ${api} | bundle, ${label} (3 calls) | ${kb(b.raw)} / ${kb(b.gzip)} gzip | ${kb(fetchBundle.gzip)} gzip | ${ratio.toFixed(2)}× |`);
    goals.push(`${api} browser bundle (${label}) without validators: ${b.validators ? 'NOT MET (validator code in the bundle)' : 'MET'}`);
  }
}

console.log('\n| contract | measure | specforge | openapi-typescript / openapi-fetch | ratio |');
console.log('| --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);
console.log('');
for (const goal of goals) console.log(goal);
