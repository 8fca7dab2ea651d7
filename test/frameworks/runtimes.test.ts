/**
 * The fetch example (examples/fetch: the generated fetch handler with the pet handlers) on Bun and
 * on Deno, both installed from the npm registry as devDependencies (their binaries are the
 * registry's @oven/bun-* and @deno/* packages). The application is bundled with esbuild into one
 * ES module with no import at all, served by `Bun.serve` / `Deno.serve` on 127.0.0.1 (Deno with
 * network access to 127.0.0.1 only, no remote or npm modules), and checked over HTTP by the
 * conformance engine: no failure. Each server exits on its own after a minute at most.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../src/index.js';
import { describeFailure } from '../../src/conformance/run.js';
import { generatePets, PETS_SPEC, ROOT } from './pets.js';

const KEY = 'runtime-key-0123';
/** How long a server lives at most (it exits by itself), in ms. */
const LIFETIME = 60_000;
const children: ChildProcess[] = [];
let dir = '';

/** The first of the paths that is a binary (Bun's npm package holds a small placeholder until its postinstall links the platform package's binary). */
function binary(...candidates: string[]): string {
  const found = candidates.find((c) => existsSync(c) && statSync(c).size > 1_000_000);
  if (found === undefined) throw new Error(`no binary among ${candidates.join(', ')}`);
  return found;
}

const NM = join(ROOT, 'node_modules');

/** The server script: the bundled application on the runtime's own server, on a free port of 127.0.0.1, for LIFETIME at most. */
const SERVE = `import { createApp } from './app.mjs';
const app = createApp({ apiKey: ${JSON.stringify(KEY)} });
const quit = () => (globalThis.Deno ? globalThis.Deno.exit(0) : process.exit(0));
setTimeout(quit, ${LIFETIME});
const say = (port) => console.log('listening on http://127.0.0.1:' + port + '/api');
if (globalThis.Bun) say(globalThis.Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: app }).port);
else globalThis.Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: ({ port }) => say(port) }, app);
`;

const RUNTIMES: Array<[string, () => { cmd: string; args: string[] }]> = [
  [
    'Bun',
    () => ({
      cmd: binary(
        join(NM, 'bun', 'bin', 'bun.exe'),
        join(NM, '@oven', `bun-${process.platform}-${process.arch === 'arm64' ? 'aarch64' : process.arch}`, 'bin', 'bun'),
      ),
      args: ['--no-install', 'serve.mjs'],
    }),
  ],
  [
    'Deno',
    () => ({
      cmd: binary(join(NM, 'deno', 'deno'), join(NM, '@deno', `${process.platform}-${process.arch}-glibc`, 'deno')),
      args: ['run', '--no-config', '--no-lock', '--no-remote', '--no-npm', '--allow-net=127.0.0.1', 'serve.mjs'],
    }),
  ],
];

beforeAll(async () => {
  const gen = await generatePets('runtimes', ['types', 'validators', 'server']);
  dir = join(gen, '..', 'app');
  mkdirSync(dir, { recursive: true });
  // The example's application and handlers, beside the generated code they import.
  cpSync(join(ROOT, 'examples', 'fetch', 'src', 'app.ts'), join(dir, 'src', 'app.ts'));
  // …and the handlers the example apps share, where the app's import (../../shared/) finds them.
  cpSync(join(ROOT, 'examples', 'shared'), join(dir, '..', 'shared'), { recursive: true });
  cpSync(gen, join(dir, 'src', 'generated'), { recursive: true });
  const result = await build({
    entryPoints: [join(dir, 'src', 'app.ts')],
    outfile: join(dir, 'app.mjs'),
    bundle: true,
    platform: 'neutral',
    format: 'esm',
    mainFields: ['module', 'main'],
    metafile: true,
    logLevel: 'silent',
  });
  expect(Object.keys(result.metafile.inputs).filter((i) => i.startsWith('node:'))).toEqual([]);
  writeFileSync(join(dir, 'serve.mjs'), SERVE);
});

afterAll(() => {
  for (const child of children) child.kill();
  // The folder generatePets made (test/.tmp/runtimes-<pid>).
  if (dir) rmSync(join(dir, '..'), { recursive: true, force: true });
});

/** Starts the server under a runtime; resolves with the API's base URL it prints. */
function start(cmd: string, args: string[]): Promise<string> {
  const child = spawn(cmd, args, {
    cwd: dir,
    env: { PATH: process.env['PATH'] ?? '', HOME: dir, DENO_DIR: join(dir, '.deno'), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${cmd} did not start within 20 s: ${out}`)), 20_000);
    const read = (chunk: Buffer): void => {
      out += chunk.toString();
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+\/api)/.exec(out)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${cmd} exited (${String(code)}): ${out}`));
    });
  });
}

describe.each(RUNTIMES)('examples/fetch on %s', (name, how) => {
  it('passes the conformance run over HTTP with no failure', async () => {
    const { cmd, args } = how();
    const started = Date.now();
    const url = await start(cmd, args);
    const report = await runConformance({ spec: PETS_SPEC, fetch: (r) => fetch(r), baseUrl: url, auth: { apiKey: KEY }, maxExamples: 10, seed: 1 });
    expect(report.failures.map(describeFailure)).toEqual([]);
    expect(report.operations.map((o) => o.operationId).sort()).toEqual(['createPet', 'deletePet', 'getPet', 'listPets']);
    expect(report.requests).toBeGreaterThan(20);
    // Well within the server's own lifetime.
    expect(Date.now() - started, name).toBeLessThan(LIFETIME);
  });
});
