/**
 * `specforge init --framework <name> --client <style>`: the config lists the targets the client
 * style needs, and the example server and client it writes build with tsc as written, for every
 * framework of the registry (src/cli/frameworks.ts) and every client style (path, sdk,
 * react-query), the fetch and Hono ones bundling with no node: module. Flags left out are asked on a terminal and take their defaults elsewhere.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInit } from '../../src/cli/commands/init.js';
import { CLIENT_STYLES, type Ask } from '../../src/cli/commands/init-examples.js';
import { FRAMEWORKS, INIT_FRAMEWORKS, type FrameworkInfo } from '../../src/cli/frameworks.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
// Inside the repository, so that the examples resolve @specforge/runtime and the frameworks from its node_modules.
const TMP = join(ROOT, 'test', '.tmp', `init-frameworks-${process.pid}`);
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const quiet = (): void => undefined;

beforeAll(() => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
});
afterAll(() => {
  rmSync(TMP, { recursive: true, force: true });
});

// Every framework init takes (the registry's), each with a client style in turn.
const CASES = INIT_FRAMEWORKS.map((framework, i) => [framework, CLIENT_STYLES[i % CLIENT_STYLES.length] ?? 'path'] as const);
/** The frameworks whose example is written against fetch.ts (no node: type): fetch and Hono. */
const FETCH_BASED = new Set(FRAMEWORKS.filter((f: FrameworkInfo) => f.handlers === 'fetch').map((f) => f.id));

describe('init --framework --client', () => {
  it('writes an example server and client per framework and client style that build with tsc', async () => {
    for (const [framework, client] of CASES) {
      const dir = join(TMP, framework);
      mkdirSync(dir);
      await runInit({ cwd: dir, framework, client, write: quiet });
      const server = readFileSync(join(dir, 'src', 'todos.server.ts'), 'utf8');
      // The fetch and Hono examples type their handlers with fetch.ts's Handlers: no node: type.
      expect(server).toContain(
        FETCH_BASED.has(framework) ? "import type { Handlers } from './generated/todos/fetch.js';" : "from './generated/todos/server.js'",
      );
      if (FETCH_BASED.has(framework)) expect(server).not.toContain('server.js');
      const config = readFileSync(join(dir, 'specforge.config.yaml'), 'utf8');
      if (client === 'react-query') expect(config).toContain('targets: [types, validators, server, mocks, client, cli, sdk, react-query, index]');
      else if (client === 'sdk') expect(config).toContain('targets: [types, validators, server, mocks, client, cli, sdk, index]');
      else expect(config).not.toContain('targets:');
      expect(existsSync(join(dir, 'src', 'generated', 'todos', client === 'path' ? 'client.ts' : client === 'sdk' ? 'sdk.ts' : 'react-query.ts'))).toBe(true);
    }
    expect(readFileSync(join(TMP, 'express', 'src', 'todos.server.ts'), 'utf8')).toContain("import { specforgeExpress } from '@specforge/runtime/express';");
    expect(readFileSync(join(TMP, 'fastify', 'src', 'todos.server.ts'), 'utf8')).toContain('specforgeFastify(createPartialServer(handlers))');
    expect(readFileSync(join(TMP, 'koa', 'src', 'todos.server.ts'), 'utf8')).toContain('specforgeKoa(createPartialServer(handlers))');
    expect(readFileSync(join(TMP, 'hono', 'src', 'todos.server.ts'), 'utf8')).toContain("import { Hono } from 'hono';");
    // One tsc over them all: strict, as a user's project would compile them.
    writeFileSync(
      join(TMP, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          skipLibCheck: true,
          noEmit: true,
          types: ['node'],
        },
        include: ['*/src/**/*.ts'],
      }),
    );
    const tsc = await promisify(execFile)(process.execPath, [TSC, '-p', join(TMP, 'tsconfig.json')], { cwd: TMP }).then(
      () => '',
      (err: { stdout?: string }) => err.stdout ?? String(err),
    );
    expect(tsc).toBe('');
    // The fetch and Hono examples run on workers runtimes: their bundles hold no node: module.
    const { build } = await import('esbuild');
    for (const framework of INIT_FRAMEWORKS.filter((f) => FETCH_BASED.has(f))) {
      const entry = join(TMP, framework, 'src', 'todos.server.ts');
      expect(readFileSync(entry, 'utf8')).toContain('createPartialFetchHandler(handlers)');
      const result = await build({
        entryPoints: [entry],
        bundle: true,
        write: false,
        platform: 'neutral',
        format: 'esm',
        mainFields: ['module', 'main'],
        metafile: true,
        logLevel: 'silent',
      });
      expect(
        Object.keys(result.metafile.inputs).filter((i) => i.startsWith('node:')),
        framework,
      ).toEqual([]);
    }
  }, 300_000);

  it('asks what the flags leave open when it can ask, and takes the defaults when it cannot', async () => {
    const asked: string[] = [];
    const ask: Ask = async (question, choices, fallback) => {
      asked.push(`${question} ${choices.join('|')} [${fallback}]`);
      return choices.find((c) => c === 'sdk') ?? fallback;
    };
    const dir = join(TMP, 'asked');
    mkdirSync(dir);
    await runInit({ cwd: dir, framework: 'koa', ask, generate: false, write: quiet });
    expect(asked).toEqual(['Which client style? path|sdk|react-query [path]']);
    expect(readFileSync(join(dir, 'src', 'todos.client.ts'), 'utf8')).toContain('createSdkClient');
    expect(readFileSync(join(dir, 'src', 'todos.server.ts'), 'utf8')).toContain('specforgeKoa');

    // Not on a terminal (as under vitest), nothing asked: node:http and the path-style client.
    const plain = join(TMP, 'plain');
    mkdirSync(plain);
    await runInit({ cwd: plain, generate: false, write: quiet });
    expect(readFileSync(join(plain, 'src', 'todos.server.ts'), 'utf8')).toContain('createHttpServer(createPartialServer(handlers))');
    expect(readFileSync(join(plain, 'src', 'todos.client.ts'), 'utf8')).toContain("import { createClient } from './generated/todos/client.js';");
  });

  it('refuses an unknown framework or client style, naming the choices, and writes nothing', async () => {
    const dir = join(TMP, 'refused');
    mkdirSync(dir);
    await expect(runInit({ cwd: dir, framework: 'rails', write: quiet })).rejects.toThrow(
      `--framework must be one of ${INIT_FRAMEWORKS.join(', ')}, none, not "rails"`,
    );
    await expect(runInit({ cwd: dir, client: 'graphql', write: quiet })).rejects.toThrow('--client must be one of path, sdk, react-query, not "graphql"');
    expect(existsSync(join(dir, 'specforge.config.yaml'))).toBe(false);
  });
});
