/**
 * The example applications of examples/ (Express, Fastify, Koa), each as a user builds it: the
 * shared contract generated into it with the built CLI, compiled with tsc (with the pet handlers
 * all three import from examples/shared/pets.ts), started as its own
 * process on 127.0.0.1, and checked over HTTP by the conformance engine at the contract's base
 * path: no failure; and with its deliberate fault switched on (SPECFORGE_EXAMPLE_FAULT=1: getPet
 * answers a pet without its required name), the run finds it.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../src/index.js';
import { describeFailure } from '../../src/conformance/run.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const CONTRACT = join(ROOT, 'examples', 'contract', 'openapi.yaml');
const run = promisify(execFile);

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill();
});

/** Starts the built example; resolves with the URL it prints (its base path included). */
async function start(dir: string, fault: boolean): Promise<string> {
  // rootDir is examples/ (the app imports ../shared), so tsc writes dist/<app>/src/main.js.
  const child = spawn(process.execPath, [join('dist', basename(dir), 'src', 'main.js')], {
    cwd: dir,
    env: { ...process.env, PORT: '0', SPECFORGE_EXAMPLE_FAULT: fault ? '1' : '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`the example did not start within 60 s: ${output}`)), 60_000);
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+\S*)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolveUrl(m[1] as string);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the example exited (${code}): ${output}`));
    });
  });
}

describe.each(['express', 'fastify', 'koa'])('examples/%s', (name) => {
  const dir = join(ROOT, 'examples', name);

  it('builds from the contract with tsc, conforms to it over HTTP, and its deliberate fault is found', async () => {
    expect(existsSync(CLI)).toBe(true);
    await run(process.execPath, [CLI, 'generate'], { cwd: dir });
    await run(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json')], { cwd: dir });

    const url = await start(dir, false);
    expect(url).toMatch(/\/api\/v1$/);
    const report = await runConformance({ spec: CONTRACT, fetch: (request) => fetch(request), baseUrl: url, seed: 7 });
    expect(report.failures.map(describeFailure)).toEqual([]);
    expect(report.requests).toBeGreaterThan(50);
    // Every operation was reached at the base path, through the framework.
    expect(report.operations.map((o) => o.operationId).sort()).toEqual(['createPet', 'deletePet', 'getPet', 'listPets']);

    const faulty = await start(dir, true);
    const found = await runConformance({ spec: CONTRACT, fetch: (request) => fetch(request), baseUrl: faulty, seed: 7 });
    expect(found.failures.length).toBeGreaterThan(0);
    expect(found.failures.every((f) => f.operationId === 'getPet' && f.check === 'response_schema_conformance')).toBe(true);
    expect(found.failures[0]?.message).toContain("must have required property 'name'");
  }, 300_000);
});
