/**
 * What `specforge init` writes besides the config: an example server for the framework a team
 * runs and an example client in the style its front end uses, each importing the generated code
 * and building as written (a handler per operation is left to write: the example server answers
 * 501 until then). The questions init asks when it runs in a terminal, and their defaults.
 */
import { createInterface } from 'node:readline/promises';
import { UsageError } from '../../contract/errors.js';
import { framework as frameworkInfo, type FrameworkId } from '../frameworks.js';

export type Framework = FrameworkId;
/** `--framework none`: no server example (what a browser project gets unless it asks for one). */
export const NO_FRAMEWORK = 'none';
export type InitFramework = Framework | typeof NO_FRAMEWORK;
export const CLIENT_STYLES = ['path', 'sdk', 'react-query'] as const;
export type ClientStyle = (typeof CLIENT_STYLES)[number];

/** What a choice needs installed besides specforge and @specforge/runtime (the framework's from the registry). */
const CLIENT_PACKAGES: Record<ClientStyle, string[]> = { path: [], sdk: [], 'react-query': ['@tanstack/react-query'] };

export function packagesFor(framework: InitFramework, client: ClientStyle): string[] {
  if (framework === NO_FRAMEWORK) return [...CLIENT_PACKAGES[client]];
  const info = frameworkInfo(framework);
  return [...info.packages, ...info.devPackages, ...CLIENT_PACKAGES[client]];
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

/** The example server (the registry's, frameworks.ts): `generated` is the import path of the contract's generated folder. */
export function serverExample(framework: Framework, generated: string, example: boolean): string {
  const handlers = example
    ? [
        '/** A handler per operation (the Handlers type names them); one still missing answers 501. */',
        'const handlers: Partial<Handlers> = {',
        "  listTodos: ({ reply }) => reply(200, [{ id: 1, title: 'Write the contract', done: true }]),",
        '};',
      ]
    : ['/** A handler per operation (the Handlers type names them); one still missing answers 501. */', 'const handlers: Partial<Handlers> = {};'];
  const write = frameworkInfo(framework).serverExample;
  if (!write) throw new UsageError(`init writes no example server for ${framework}`);
  return lines([...write({ generated, handlers })]);
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

function lines(list: readonly string[]): string {
  return `${list.join('\n')}\n`;
}
