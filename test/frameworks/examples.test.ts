/**
 * examples/fetch (the generated fetch handler on Node's server) and examples/hono (a Hono app with
 * the fetch handler mounted at /api/*), each generated from examples/contract/registry.yaml, built
 * with tsc and driven over HTTP by the conformance engine: no failure with the real API key, and
 * the deliberate fault (PETS_FAULT=1: getPet answers a wrong shape) found. The fetch example's
 * application bundles for a neutral platform with no node: module.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../src/index.js';
import { describeFailure } from '../../src/conformance/run.js';
import { PETS_SPEC, ROOT } from './pets.js';

const TMP = join(ROOT, 'test', '.tmp', `examples-${process.pid}`);
const KEY = 'example-key-0123';
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) child.kill();
  rmSync(TMP, { recursive: true, force: true });
});

/** The example copied apart (its src without generated code, its tsconfig, examples/shared beside it), generated from the shared contract and built with tsc. */
function buildExample(app: string): string {
  const dir = join(TMP, app);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join(ROOT, 'examples', app, 'tsconfig.json'), join(dir, 'tsconfig.json'));
  cpSync(join(ROOT, 'examples', app, 'src'), join(dir, 'src'), { recursive: true, filter: (source) => !source.includes('generated') });
  // The handlers the apps share (examples/shared), beside the app as in examples/.
  cpSync(join(ROOT, 'examples', 'shared'), join(TMP, 'shared'), { recursive: true });
  const node = process.execPath;
  const gen = spawnSync(
    node,
    [
      join(ROOT, 'dist', 'src', 'cli', 'main.js'),
      'generate',
      '--spec',
      PETS_SPEC,
      '--out',
      join(dir, 'src', 'generated'),
      '--targets',
      'types,validators,server',
      '-q',
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  expect(gen.status, gen.stderr).toBe(0);
  const tsc = spawnSync(node, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(dir, 'tsconfig.json')], { cwd: dir, encoding: 'utf8' });
  expect(tsc.status, tsc.stdout + tsc.stderr).toBe(0);
  return dir;
}

/** Starts the built example on a free port of 127.0.0.1; resolves with its API's base URL. */
function start(dir: string, fault: boolean): Promise<string> {
  const child = spawn(process.execPath, [join(dir, 'dist', basename(dir), 'src', 'main.js')], {
    cwd: dir,
    env: { ...process.env, PORT: '0', PETS_API_KEY: KEY, PETS_FAULT: fault ? '1' : '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the example did not start: ${out}`)), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+\/api)/.exec(out)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`the example exited (${String(code)}): ${out}`)));
  });
}

async function conformance(baseUrl: string): Promise<string[]> {
  const report = await runConformance({ spec: PETS_SPEC, fetch: (r) => fetch(r), baseUrl, auth: { apiKey: KEY }, maxExamples: 10, seed: 1 });
  expect(report.operations.length).toBe(4);
  return report.failures.map(describeFailure);
}

describe.each(['fetch', 'hono'])('examples/%s', (app) => {
  let dir = '';

  it('builds with tsc from the shared contract', () => {
    dir = buildExample(app);
  }, 180_000);

  it('passes the conformance run over HTTP with no failure', async () => {
    const url = await start(dir, false);
    // The application's own routes live beside the API (Hono).
    if (app === 'hono') expect(await (await fetch(url.replace(/\/api$/, '/health'))).json()).toEqual({ ok: true });
    expect(await conformance(url)).toEqual([]);
  }, 180_000);

  it('finds the deliberate fault (getPet answers a wrong shape)', async () => {
    const failures = await conformance(await start(dir, true));
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.join('\n')).toMatch(/getPet[\s\S]*response_schema_conformance|response_schema_conformance[\s\S]*getPet/);
  }, 180_000);

  it('bundles its application for a neutral platform with no node: module', async () => {
    const result = await build({
      entryPoints: [join(dir, 'dist', app, 'src', 'app.js')],
      bundle: true,
      write: false,
      platform: 'neutral',
      format: 'esm',
      mainFields: ['module', 'main'],
      metafile: true,
      logLevel: 'silent',
    });
    expect(Object.keys(result.metafile.inputs).filter((i) => i.startsWith('node:'))).toEqual([]);
    expect(result.outputFiles.map((f) => f.text).join('\n')).not.toMatch(/from\s*["']node:|require\(["']node:/);
  });
});
