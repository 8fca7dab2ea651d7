/**
 * The frameworks a generated server runs in: one registry, the one place their names are written in
 * the toolchain. `specforge init` takes its `--framework` choices, their packages and the example
 * server it writes from here; the program's help line for `--framework` lists them from here; the
 * framework tables of README.md, docs/guides/frameworks.md and examples/README.md are written from
 * here (framework-table.ts, with a drift test). test/unit/framework-registry.test.ts fails when a
 * framework's name appears as a string elsewhere in src/.
 *
 * It lives in src/cli/ because every reader is a command-line part (init, the program, the docs
 * table writer). The run-time package (src/runtime/) imports nothing from the toolchain, so its
 * adapters and entry points stay the implementation: each entry's `entry` and `adapter` below name
 * them, and the registry test checks that the run-time package exports them.
 */

/** What a server example is written against: the generated folder's import path and the handlers block. */
export interface ExampleParts {
  /** How the example imports the contract's generated folder: `./generated/todos`. */
  generated: string;
  /** The lines declaring `handlers` (a `Partial<Handlers>`). */
  handlers: readonly string[];
}

export interface FrameworkInfo {
  /** The `--framework` value, and the id a table row is known by. */
  readonly id: string;
  /** The name a reader knows it by, as tables print it. */
  readonly name: string;
  /** The run-time entry point the adapter comes from. */
  readonly entry: string;
  /** What the entry exports for it. */
  readonly adapter: string;
  /** What an application installs besides specforge and @specforge/runtime (run time). */
  readonly packages: readonly string[];
  /** ... and as development dependencies (type declarations). */
  readonly devPackages: readonly string[];
  /** The generated module whose `Handlers` type the handlers are written against. */
  readonly handlers: 'server' | 'fetch';
  /** One line: what the example server `init` writes is, or how the framework is set up without init. */
  readonly help: string;
  /** How the application runs after the install (README's third command). */
  readonly run: string;
  /** How its server gets createHttpServer's limits for slow, idle and too many clients (markdown). */
  readonly limits: string;
  /** The folder of examples/ holding an application in this framework. */
  readonly example?: string;
  /** The example server `init --framework <id>` writes, as lines; absent: init writes none. */
  readonly serverExample?: (parts: ExampleParts) => readonly string[];
}

const PORT = "const port = Number(process.env['PORT'] ?? 3000);";
const LISTENING = 'console.log(`listening on http://127.0.0.1:${port}`)';
const serverHead = (generated: string): string => `import { createPartialServer, type Handlers } from '${generated}/server.js';`;
const fetchHead = (generated: string): string[] => [
  `import { createPartialFetchHandler } from '${generated}/fetch.js';`,
  `import type { Handlers } from '${generated}/fetch.js';`,
];

/** Every framework, in the order tables and `--framework` list them. */
export const FRAMEWORKS = [
  {
    id: 'node-http',
    name: 'node:http',
    entry: '@specforge/runtime/server',
    adapter: 'createHttpServer',
    packages: [],
    devPackages: [],
    handlers: 'server',
    help: 'the generated server, a `node:http` request listener, on its own HTTP server: no framework',
    run: '`npx tsc && node dist/todos.server.js`',
    limits: '`createHttpServer` sets them',
    serverExample: ({ generated, handlers }) => [
      "import { createHttpServer } from '@specforge/runtime/server';",
      serverHead(generated),
      '',
      ...handlers,
      '',
      PORT,
      `createHttpServer(createPartialServer(handlers)).listen(port, '127.0.0.1', () => ${LISTENING});`,
    ],
  },
  {
    id: 'express',
    name: 'Express 4/5',
    entry: '@specforge/runtime/express',
    adapter: 'specforgeExpress',
    packages: ['express'],
    devPackages: ['@types/express'],
    handlers: 'server',
    help: 'Express middleware; paths the contract does not have go on to the next middleware',
    run: '`npx tsc && node dist/todos.server.js`',
    limits: "`applyHttpLimits(app.listen(3000, '127.0.0.1'))`",
    example: 'express',
    serverExample: ({ generated, handlers }) => [
      "import express from 'express';",
      "import { specforgeExpress } from '@specforge/runtime/express';",
      serverHead(generated),
      '',
      ...handlers,
      '',
      'const app = express();',
      "// The contract's operations (under its servers[0] base path); any other path goes on to the next middleware.",
      'app.use(specforgeExpress(createPartialServer(handlers)));',
      PORT,
      `app.listen(port, '127.0.0.1', () => ${LISTENING});`,
    ],
  },
  {
    id: 'fastify',
    name: 'Fastify 5',
    entry: '@specforge/runtime/fastify',
    adapter: 'specforgeFastify',
    packages: ['fastify'],
    devPackages: [],
    handlers: 'server',
    help: "a Fastify plugin registering one route per operation (Fastify's hooks, logging and `inject()` see them)",
    run: '`npx tsc && node dist/todos.server.js`',
    limits: '`applyHttpLimits(app.server)` before `await app.listen(...)`',
    example: 'fastify',
    serverExample: ({ generated, handlers }) => [
      "import Fastify from 'fastify';",
      "import { specforgeFastify } from '@specforge/runtime/fastify';",
      serverHead(generated),
      '',
      ...handlers,
      '',
      'const app = Fastify({ logger: true });',
      '// One Fastify route per operation (hooks, logging and inject() see them).',
      'void app.register(specforgeFastify(createPartialServer(handlers)));',
      PORT,
      "app.listen({ port, host: '127.0.0.1' }).catch((err: unknown) => {",
      '  app.log.error(err);',
      '  process.exitCode = 1;',
      '});',
    ],
  },
  {
    id: 'koa',
    name: 'Koa',
    entry: '@specforge/runtime/koa',
    adapter: 'specforgeKoa',
    packages: ['koa'],
    devPackages: ['@types/koa'],
    handlers: 'server',
    help: 'Koa middleware; paths the contract does not have go on to the next middleware',
    run: '`npx tsc && node dist/todos.server.js`',
    limits: "`applyHttpLimits(app.listen(3000, '127.0.0.1'))`",
    example: 'koa',
    serverExample: ({ generated, handlers }) => [
      "import Koa from 'koa';",
      "import { specforgeKoa } from '@specforge/runtime/koa';",
      serverHead(generated),
      '',
      ...handlers,
      '',
      'const app = new Koa();',
      "// The contract's operations; any other path goes on to the next middleware.",
      'app.use(specforgeKoa(createPartialServer(handlers)));',
      PORT,
      `app.listen(port, '127.0.0.1', () => ${LISTENING});`,
    ],
  },
  {
    id: 'fetch',
    name: 'Fetch handler (Node, Bun, Deno, workers)',
    entry: '@specforge/runtime/fetch',
    adapter: 'createFetchHandler',
    packages: [],
    devPackages: [],
    handlers: 'fetch',
    help: 'a fetch-standard handler, `(Request) => Promise<Response>`, with no `node:` module in its bundle',
    run: "`npx tsc`, then serve the exported `handler` (a worker's default export, `Bun.serve`, `Deno.serve`, or `toNodeListener` on Node)",
    limits: "on Node `applyHttpLimits(createServer(toNodeListener(app)))`; on Bun, Deno and workers the runtime's own limits",
    example: 'fetch',
    serverExample: ({ generated, handlers }) => [
      // No node: module on this path: the fetch handler runs on Node, Bun, Deno and workers.
      ...fetchHead(generated),
      '',
      ...handlers,
      '',
      "/** (Request) => Promise<Response>, under the contract's base path: Deno.serve(handler), Bun.serve({ fetch: handler }), a worker's default export. */",
      'export const handler = createPartialFetchHandler(handlers);',
      'export default { fetch: handler };',
    ],
  },
  {
    id: 'hono',
    name: 'Hono',
    entry: '@specforge/runtime/fetch',
    adapter: 'honoHandler',
    packages: ['hono'],
    devPackages: [],
    handlers: 'fetch',
    help: 'a Hono app serving the fetch handler; its own routes and middleware stay beside it',
    run: '`npx tsc`, then serve the exported `app` as any Hono app',
    limits: 'under `@hono/node-server`, `applyHttpLimits(serve({ fetch: app.fetch, port: 3000 }))`',
    example: 'hono',
    serverExample: ({ generated, handlers }) => [
      "import { Hono } from 'hono';",
      "import { honoHandler } from '@specforge/runtime/fetch';",
      ...fetchHead(generated),
      '',
      ...handlers,
      '',
      'const app = new Hono();',
      "// The contract's operations, under its base path; the fetch handler answers 404 for paths it does not have.",
      "app.all('*', honoHandler(createPartialFetchHandler(handlers)));",
      'export default app;',
    ],
  },
  {
    id: 'nextjs',
    name: 'Next.js route handlers',
    entry: '@specforge/runtime/fetch',
    adapter: 'routeHandlers',
    packages: [],
    devPackages: [],
    handlers: 'fetch',
    help: 'a catch-all route, `app/api/[...path]/route.ts`, exporting `routeHandlers(createFetchHandler(handlers))` (init writes none)',
    run: '`npx next dev`',
    limits: "the platform's own limits",
  },
] as const satisfies readonly FrameworkInfo[];

/** A framework's id. */
export type FrameworkId = (typeof FRAMEWORKS)[number]['id'];

/** The frameworks `init --framework` takes: those it writes an example server for. */
export const INIT_FRAMEWORKS: readonly FrameworkId[] = FRAMEWORKS.filter((f: FrameworkInfo) => f.serverExample !== undefined).map((f) => f.id);

/** What `init` takes when neither a flag nor a terminal says. */
export const DEFAULT_FRAMEWORK: FrameworkId = 'node-http';

/** The registry entry of an id. */
export function framework(id: FrameworkId): FrameworkInfo {
  const found = FRAMEWORKS.find((f) => f.id === id);
  if (!found) throw new Error(`no framework ${id}`);
  return found;
}

/** The help line of `init --framework`. */
export function frameworkHelp(): string {
  return `the example server: ${INIT_FRAMEWORKS.join(', ')}, or none (asked on a terminal; default ${DEFAULT_FRAMEWORK}, none in a Vite or Next.js project)`;
}
