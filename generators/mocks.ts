/** mocks: handlers answering each operation with its documented example or a sampled value. */
import type { ContractModel } from '../src/contract/model.js';
import type { MockTablesData } from '../src/runtime/shared/spec.js';
import { code, jsonData } from '../src/codegen/escape.js';
import { render } from '../src/codegen/templates.js';
import { compactMockTables, mockTables } from '../src/contract/tables/api.js';
import { runtimeEntry, type GeneratedFile, type GeneratorContext } from './context.js';

export function generateMocks(model: ContractModel, ctx: GeneratorContext): GeneratedFile[] {
  const content = render('mocks', 'mocks.ts', {
    header: code(ctx.header('//').trimEnd()),
    runtimeImport: runtimeEntry(ctx, 'mock'),
  });
  // The tables are a file of their own that imports no node: module, so that the MSW handlers
  // (msw.ts) and other browser code use them without the node:http mock server.
  const tables = render('mocks', 'mock-tables.ts', {
    header: code(ctx.header('//').trimEnd()),
    runtimeImport: runtimeEntry(ctx, 'mock-browser'),
    mocksJson: code(jsonData(stableOrder(compactMockTables(mockTables(model, ctx.warnings))))),
  });
  return [
    { path: 'mocks.ts', content },
    { path: 'mock-tables.ts', content: tables },
  ];
}

/**
 * Operations in the contract's order; schemas, shared responses and examples (each keyed by its
 * pointer) in the order of their keys, not in the order of first use: removing an operation does not
 * move what the others use.
 */
function stableOrder(tables: MockTablesData): MockTablesData {
  const sorted = <T>(record: Record<string, T>): Record<string, T> => {
    const out: Record<string, T> = {};
    for (const key of Object.keys(record).sort()) Object.defineProperty(out, key, { value: record[key], enumerable: true, writable: true, configurable: true });
    return out;
  };
  const out: MockTablesData = { ...tables, schemas: sorted(tables.schemas) };
  if (tables.shared) out.shared = sorted(tables.shared);
  if (tables.examples) out.examples = sorted(tables.examples);
  return out;
}
