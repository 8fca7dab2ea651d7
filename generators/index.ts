/** The generator registry: each target is a pure function from the contract model to files. */
import type { ContractModel } from '../src/contract/model.js';
import { code } from '../src/codegen/escape.js';
import { render } from '../src/codegen/templates.js';
import { generateClient } from './client.js';
import type { GeneratedFile, GeneratorContext } from './context.js';
import { generateMocks } from './mocks.js';
import { generateServer } from './server.js';
import { generateTypes } from './types.js';
import { generateValidators } from './validators.js';

import type { Target } from './targets.js';
export { ALL_TARGETS, type Target } from './targets.js';
export type Generator = (model: ContractModel, ctx: GeneratorContext) => GeneratedFile[] | Promise<GeneratedFile[]>;

function generateIndex(_model: ContractModel, ctx: GeneratorContext): GeneratedFile[] {
  return [{ path: 'index.ts', content: render('index', 'index.ts', { header: code(ctx.header('//').trimEnd()) }) }];
}

export const GENERATORS: Readonly<Record<Target, Generator>> = {
  types: generateTypes,
  validators: generateValidators,
  server: generateServer,
  mocks: generateMocks,
  client: generateClient,
  index: generateIndex,
};


export { createContext, type GeneratedFile, type GeneratorContext } from './context.js';
