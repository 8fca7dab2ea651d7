/** The generator registry: each target is a pure function from the contract model to files. */
import { isHttpLess, type ContractModel } from '../src/contract/model.js';
import { code } from '../src/codegen/escape.js';
import { render } from '../src/codegen/templates.js';
import { generateCli } from './cli.js';
import { generateClient } from './client.js';
import type { GeneratedFile, GeneratorContext } from './context.js';
import { generateMocks } from './mocks.js';
import { generateReactQuery } from './react-query.js';
import { generateSdk } from './sdk.js';
import { generateDates } from './dates.js';
import { generateServer } from './server.js';
import { generateValidators } from './validators.js';
import { generateZod } from './zod.js';
import { generateMsw } from './msw.js';

import type { Target } from '../src/codegen/targets.js';
export { ALL_TARGETS, DEFAULT_TARGETS, KNOWN_TARGETS, OPT_IN_TARGETS, type Target } from '../src/codegen/targets.js';
export type Generator = (model: ContractModel, ctx: GeneratorContext) => GeneratedFile[] | Promise<GeneratedFile[]>;

/** Targets that only make sense for an HTTP interface produce nothing for a contract without one. */
function httpOnly(generator: Generator): Generator {
  return (model, ctx) => (isHttpLess(model.document) ? [] : generator(model, ctx));
}

/**
 * index.ts: the browser-safe modules among the targets generated (types, validators, client); the
 * server, mocks and command line import Node.js modules and are imported from their own files.
 */
function generateIndex(model: ContractModel, ctx: GeneratorContext): GeneratedFile[] {
  const has = (target: Target): boolean => ctx.targets.includes(target);
  const http = !isHttpLess(model.document);
  const data = { header: code(ctx.header('//').trimEnd()), types: has('types'), validators: has('validators'), client: http && has('client'), empty: false };
  data.empty = !data.types && !data.validators && !data.client;
  return [{ path: 'index.ts', content: render('index', 'index.ts', data) }];
}

export const GENERATORS: Readonly<Record<Target, Generator>> = {
  // openapi-typescript loads the TypeScript compiler: only when types are printed in this thread.
  types: async (model, ctx) => (await import('./types.js')).generateTypes(model, ctx),
  validators: generateValidators,
  server: httpOnly(generateServer),
  mocks: httpOnly(generateMocks),
  // `client: { dates: true }`: dates.ts comes with the SDK, or with the path-style client when there is no SDK.
  client: httpOnly((model, ctx) => {
    const dates = ctx.dates && !ctx.targets.includes('sdk') ? generateDates(model, ctx) : undefined;
    return [...generateClient(model, ctx), ...(dates ? [dates.file] : [])];
  }),
  sdk: httpOnly((model, ctx) => {
    const dates = ctx.dates ? generateDates(model, ctx) : undefined;
    return [...generateSdk(model, ctx, dates?.readers), ...(dates ? [dates.file] : [])];
  }),
  'react-query': httpOnly(generateReactQuery),
  cli: generateCli,
  index: generateIndex,
  zod: generateZod,
  msw: httpOnly(generateMsw),
};

export { createContext, type GeneratedFile, type GeneratorContext } from './context.js';
