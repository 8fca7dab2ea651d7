/**
 * What `specforge init` writes besides the config: an example server for the framework a team
 * runs and an example client in the style its front end uses, each importing the generated code
 * and building as written (a handler per operation is left to write: the example server answers
 * 501 until then). The questions init asks when it runs in a terminal, and their defaults.
 */
import { createInterface } from 'node:readline/promises';
import { UsageError } from '../../contract/errors.js';

export const FRAMEWORKS = ['node-http', 'express', 'fastify', 'koa', 'fetch', 'hono'] as const;
export type Framework = (typeof FRAMEWORKS)[number];
export const CLIENT_STYLES = ['path', 'sdk', 'react-query'] as const;
export type ClientStyle = (typeof CLIENT_STYLES)[number];

/** What a choice needs installed besides specforge and @specforge/runtime. */
const FRAMEWORK_PACKAGES: Record<Framework, string[]> = {
  'node-http': [],
  express: ['express', '@types/express'],
  fastify: ['fastify'],
  koa: ['koa', '@types/koa'],
  fetch: [],
  hono: ['hono'],
};
const CLIENT_PACKAGES: Record<ClientStyle, string[]> = { path: [], sdk: [], 'react-query': ['@tanstack/react-query'] };

export function packagesFor(framework: Framework, client: ClientStyle): string[] {
  return [...FRAMEWORK_PACKAGES[framework], ...CLIENT_PACKAGES[client]];
}

/** A flag's value checked against its choices. */
export function choice<T extends string>(flag: string, value: string | undefined, choices: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if ((choices as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`--${flag} must be one of ${choices.join(', ')}, not "${value}"`);
}

/** Asks one question on a terminal: a choice by name or number, Enter for the default; three tries. */
export type Ask = <T extends string>(question: string, choices: readonly T[], fallback: T) => Promise<T>;

export const askOnTerminal: Ask = async (question, choices, fallback) => {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      const listed = choices.map((c, i) => `${i + 1}) ${c}`).join('  ');
      const answer = (await rl.question(`${question}  ${listed}  [${fallback}]: `)).trim();
      if (answer === '') return fallback;
      const byNumber = Number(answer);
      const picked = Number.isInteger(byNumber) && byNumber >= 1 && byNumber <= choices.length ? choices[byNumber - 1] : choices.find((c) => c === answer);
      if (picked !== undefined) return picked;
      process.stdout.write(`  "${answer}" is not one of ${choices.join(', ')}\n`);
    }
    return fallback;
  } finally {
    rl.close();
  }
};

/** The generation targets for a client style: the defaults, with the SDK and TanStack Query when asked. */
export function targetsFor(client: ClientStyle): string[] | undefined {
  if (client === 'path') return undefined;
  const base = ['types', 'validators', 'server', 'mocks', 'client', 'cli', 'sdk'];
  return client === 'react-query' ? [...base, 'react-query', 'index'] : [...base, 'index'];
}

/** How a file at `from` (a folder, POSIX, relative to the repository) imports `to`: `./generated/todos`. */
export function importPath(from: string, to: string): string {
  const a = from === '.' || from === '' ? [] : from.split('/');
  const b = to.split('/');
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  const up = a.slice(common).map(() => '..');
  const rel = [...up, ...b.slice(common)].join('/');
  return up.length === 0 ? `./${rel}` : rel;
}

const PORT = "const port = Number(process.env['PORT'] ?? 3000);";

/** The example server: `generated` is the import path of the contract's generated folder. */
export function serverExample(framework: Framework, generated: string, example: boolean): string {
  const handlers = example
    ? [
        '/** A handler per operation (the Handlers type names them); one still missing answers 501. */',
        'const handlers: Partial<Handlers> = {',
        "  listTodos: ({ reply }) => reply(200, [{ id: 1, title: 'Write the contract', done: true }]),",
        '};',
      ]
    : ['/** A handler per operation (the Handlers type names them); one still missing answers 501. */', 'const handlers: Partial<Handlers> = {};'];
  const head = [`import { createPartialServer, type Handlers } from '${generated}/server.js';`];
  const listening = 'console.log(`listening on http://127.0.0.1:${port}`)';
  switch (framework) {
    case 'node-http':
      return lines([
        "import { createHttpServer } from '@specforge/runtime/server';",
        ...head,
        '',
        ...handlers,
        '',
        PORT,
        `createHttpServer(createPartialServer(handlers)).listen(port, '127.0.0.1', () => ${listening});`,
      ]);
    case 'express':
      return lines([
        "import express from 'express';",
        "import { specforgeExpress } from '@specforge/runtime/express';",
        ...head,
        '',
        ...handlers,
        '',
        'const app = express();',
        "// The contract's operations (under its servers[0] base path); any other path goes on to the next middleware.",
        'app.use(specforgeExpress(createPartialServer(handlers)));',
        PORT,
        `app.listen(port, '127.0.0.1', () => ${listening});`,
      ]);
    case 'fastify':
      return lines([
        "import Fastify from 'fastify';",
        "import { specforgeFastify } from '@specforge/runtime/fastify';",
        ...head,
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
      ]);
    case 'koa':
      return lines([
        "import Koa from 'koa';",
        "import { specforgeKoa } from '@specforge/runtime/koa';",
        ...head,
        '',
        ...handlers,
        '',
        'const app = new Koa();',
        "// The contract's operations; any other path goes on to the next middleware.",
        'app.use(specforgeKoa(createPartialServer(handlers)));',
        PORT,
        `app.listen(port, '127.0.0.1', () => ${listening});`,
      ]);
    case 'fetch':
      return lines([
        // No node: module on this path: the fetch handler runs on Node, Bun, Deno and workers.
        `import { createPartialFetchHandler } from '${generated}/fetch.js';`,
        `import type { Handlers } from '${generated}/fetch.js';`,
        '',
        ...handlers,
        '',
        "/** (Request) => Promise<Response>, under the contract's base path: Deno.serve(handler), Bun.serve({ fetch: handler }), a worker's default export. */",
        'export const handler = createPartialFetchHandler(handlers);',
        'export default { fetch: handler };',
      ]);
    case 'hono':
      return lines([
        "import { Hono } from 'hono';",
        "import { honoHandler } from '@specforge/runtime/fetch';",
        `import { createPartialFetchHandler } from '${generated}/fetch.js';`,
        `import type { Handlers } from '${generated}/fetch.js';`,
        '',
        ...handlers,
        '',
        'const app = new Hono();',
        "// The contract's operations, under its base path; the fetch handler answers 404 for paths it does not have.",
        "app.all('*', honoHandler(createPartialFetchHandler(handlers)));",
        'export default app;',
      ]);
  }
}

/** The example client for a client style. */
export function clientExample(style: ClientStyle, generated: string, example: boolean): string {
  const baseUrl = "// The contract's first server URL unless told otherwise: createClient({ baseUrl: 'http://127.0.0.1:4010' }).";
  switch (style) {
    case 'path':
      return lines([
        `import { createClient } from '${generated}/client.js';`,
        '',
        baseUrl,
        'export const client = createClient();',
        ...(example
          ? [
              '',
              '/** The todos, through the path-string client (openapi-fetch): typed by the contract. */',
              'export async function todos() {',
              "  const { data, error } = await client.GET('/todos', { params: { query: { limit: 10 } } });",
              '  if (error) throw new Error(error.message);',
              '  return data;',
              '}',
            ]
          : []),
      ]);
    case 'sdk':
      return lines([
        `import { createSdkClient${example ? ', listTodos' : ''} } from '${generated}/sdk.js';`,
        '',
        baseUrl.replace('createClient', 'createSdkClient'),
        'export const client = createSdkClient();',
        ...(example
          ? [
              '',
              '/** The todos, through a per-operation function: typed results and errors, an AbortSignal. */',
              'export async function todos(signal?: AbortSignal) {',
              '  const result = await listTodos(client, { query: { limit: 10 }, ...(signal ? { signal } : {}) });',
              '  if (!result.ok) throw new Error(`listTodos answered ${result.status}`);',
              '  return result.data;',
              '}',
            ]
          : []),
      ]);
    case 'react-query':
      return lines([
        "import { QueryClient } from '@tanstack/react-query';",
        `import { createSdkClient } from '${generated}/sdk.js';`,
        ...(example ? [`import { listTodosQueryOptions, useListTodos } from '${generated}/react-query.js';`] : []),
        '',
        baseUrl.replace('createClient', 'createSdkClient'),
        'export const client = createSdkClient();',
        'export const queryClient = new QueryClient();',
        ...(example
          ? [
              '',
              '/** In a component: const { data } = useTodos(); */',
              'export function useTodos() {',
              '  return useListTodos(client, { query: { limit: 10 } });',
              '}',
              '',
              '/** Outside React (a loader, a test): the same query through the QueryClient. */',
              'export function prefetchTodos() {',
              '  return queryClient.prefetchQuery(listTodosQueryOptions(client, { query: { limit: 10 } }));',
              '}',
            ]
          : []),
      ]);
  }
}

function lines(list: string[]): string {
  return `${list.join('\n')}\n`;
}
