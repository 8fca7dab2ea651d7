/** mocks: handlers answering each operation with its documented example or a sampled value. */
import type { ContractModel } from '../src/contract/model.js';
import { code, jsonData } from '../src/codegen/escape.js';
import { render } from '../src/codegen/templates.js';
import { compactMockTables, mockTables } from '../src/contract/tables/api.js';
import { runtimeEntry, type GeneratedFile, type GeneratorContext } from './context.js';

export function generateMocks(model: ContractModel, ctx: GeneratorContext): GeneratedFile[] {
  const content = render('mocks', 'mocks.ts', {
    header: code(ctx.header('//').trimEnd()),
    runtimeImport: runtimeEntry(ctx, 'mock'),
    mocksJson: code(jsonData(compactMockTables(mockTables(model, ctx.warnings)))),
  });
  return [{ path: 'mocks.ts', content }];
}
