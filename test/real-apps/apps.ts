/**
 * The real applications `specforge test` is run against (real-apps.test.ts), chosen by one rule:
 * an npm package that is, or ships, an example or sample server application together with its own
 * OpenAPI or Swagger description (served by the application, or a file of the package), and that
 * starts on Node 20 with no external service (no database, no network). None is written here: each
 * runs unchanged, with test/real-apps/listen-local.cjs preloaded (it binds the application to
 * 127.0.0.1 on a free port and refuses connections off the machine).
 *
 * Candidates looked at and left out: @fastify/swagger's examples/dynamic-openapi.js (does not start
 * on Fastify 5: a route without a handler), its static-specification examples (no routes behind the
 * description), @apidevtools/swagger-express-middleware's samples (its peer dependency express@4
 * conflicts with this repository's express@5), @loopback/example-todo-list and
 * @loopback/example-hello-world (not on the registry).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';

const ROOT = resolve(import.meta.dirname, '..', '..');
const require = createRequire(join(ROOT, 'package.json'));
const PRELOAD = join(ROOT, 'test', 'real-apps', 'listen-local.cjs');

/** The folder of an installed package. */
function packageDir(name: string): string {
  return join(ROOT, 'node_modules', name);
}

export interface RealApp {
  /** The key of its findings in findings.yaml. */
  name: string;
  /** The npm package (a devDependency) and its version. */
  package: string;
  framework: string;
  /** Starts the application; the port comes from its "SPECFORGE_LISTENING <port>" line. */
  start(work: string): { command: string[]; cwd: string; env?: Record<string, string> };
  /** The description: a path the application serves, or a file of the package, or one the preload writes. */
  spec: { served: string } | { file: () => string } | { written: string };
  /** The path the description's paths are under. */
  basePath: string;
  /** Overlays applied to the description (test/real-apps/), each saying why. */
  overlays?: string[];
}

export const APPS: readonly RealApp[] = [
  {
    name: 'loopback-todo',
    package: '@loopback/example-todo',
    framework: 'LoopBack 4',
    start: (work) => {
      // The example keeps its todos in ./data/db.json: a copy in a folder of the test's own.
      cpSync(join(packageDir('@loopback/example-todo'), 'data'), join(work, 'data'), { recursive: true });
      return { command: [join(packageDir('@loopback/example-todo'), 'dist', 'index.js')], cwd: work };
    },
    spec: { served: '/openapi.json' },
    basePath: '',
    overlays: ['loopback-todo.overlay.yaml'],
  },
  {
    name: 'fastify-openapi-glue-petstore',
    package: 'fastify-openapi-glue',
    framework: 'Fastify 5 (fastify-openapi-glue)',
    // The example is a Fastify plugin (with its options), run as its README says (`fastify start`):
    // registered on a Fastify server.
    start: (work) => {
      const script = join(work, 'start.mjs');
      writeFileSync(
        script,
        `import Fastify from ${JSON.stringify(require.resolve('fastify'))};\n` +
          `const plugin = await import(${JSON.stringify(join(packageDir('fastify-openapi-glue'), 'examples', 'petstore', 'index.js'))});\n` +
          'const app = Fastify(plugin.options);\napp.register(plugin.default);\nawait app.listen({ port: 0, host: "127.0.0.1" });\n',
      );
      return { command: [script], cwd: work };
    },
    spec: { file: () => join(packageDir('fastify-openapi-glue'), 'examples', 'petstore', 'petstore-openapi.v3.json') },
    basePath: '/v2',
  },
  {
    name: 'fastify-swagger-dynamic',
    package: '@fastify/swagger',
    framework: 'Fastify 5 (@fastify/swagger, Swagger 2.0)',
    start: (work) => ({
      command: [join(packageDir('@fastify/swagger'), 'examples', 'dynamic-swagger.js')],
      cwd: work,
      env: { SPECFORGE_FASTIFY_SPEC: join(work, 'swagger.json') },
    }),
    spec: { written: 'swagger.json' },
    basePath: '',
  },
  {
    name: 'koa-swagger-decorator-example',
    package: 'koa-swagger-decorator',
    framework: 'Koa (koa-swagger-decorator, zod)',
    start: (work) => ({ command: [join(packageDir('koa-swagger-decorator'), 'dist', 'example', 'main.js')], cwd: work }),
    spec: { served: '/api/swagger-json' },
    basePath: '',
  },
];

export interface Running {
  origin: string;
  work: string;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts an application and waits (at most `ms`) for its port. */
export async function startApp(app: RealApp, ms = 45_000): Promise<Running> {
  const work = mkdtempSync(join(tmpdir(), `sf-real-${app.name}-`));
  const how = app.start(work);
  const child = spawn(process.execPath, ['--require', PRELOAD, ...how.command], {
    cwd: how.cwd,
    env: { ...process.env, ...how.env, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const port = await new Promise<number>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`${app.name} did not listen within ${ms} ms:\n${text.slice(-2000)}`)), ms);
    const read = (chunk: Buffer): void => {
      text += chunk.toString();
      const m = /SPECFORGE_LISTENING (\d+)/.exec(text);
      if (m) {
        clearTimeout(timer);
        ok(Number(m[1]));
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', (c: Buffer) => (text += c.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`${app.name} exited with ${code} before listening:\n${text.slice(-2000)}`));
    });
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    work,
    child,
    output: () => text,
    stop: () =>
      new Promise<void>((ok) => {
        if (child.exitCode !== null) return ok();
        child.once('exit', () => ok());
        child.kill('SIGKILL');
      }),
  };
}
