/**
 * What `specforge mock` reads from its contract, built from the contract's model: imported only when
 * the start-up cache (start-cache.ts) has no entry, since building the model loads Redocly.
 */
import { ContractError, type SourceLocation } from '../../contract/errors.js';
import { buildModel, type ContractModel } from '../../contract/model.js';
import { apiSpec, mockTables, schemaResolver } from '../../contract/tables/api.js';
import { errorShapes } from '../../contract/tables/error-shapes.js';
import { compileValidators, planValidators, selfContained, strictReport, type CompiledValidators } from '../../contract/tables/validators.js';
import type { StrictLevel } from '../../runtime/validation/ajv.js';
import type { MockStart } from './start-cache.js';

export interface BuiltStart {
  start: MockStart;
  /** Every file the contract loaded (entry, $ref-ed files, overlays), with the text read. */
  files: Array<{ path: string; text: string }>;
  /** The validators, compile errors located in the contract. */
  validators: CompiledValidators;
  model: ContractModel;
}

/** The mock's start of the contract at `specPath`, its validators at `strict` (a level that refuses a schema is an error at it). */
export async function buildMockStart(specPath: string, strict: StrictLevel): Promise<BuiltStart> {
  const model = await buildModel(specPath);
  const plan = planValidators(model);
  const { errors } = strictReport(model, plan, strict);
  if (errors.length > 0) throw new ContractError(errors);
  const errorShapeWarnings = errorShapes(model, schemaResolver(model)).warnings;
  const api = apiSpec(model);
  const tables = mockTables(model);
  const locations: Record<string, SourceLocation> = {};
  for (const op of Object.values(tables.operations)) {
    for (const r of Object.values(op.responses)) locations[r.pointer] ??= model.loaded.locate(r.pointer);
  }
  const { root, exports, schemaExports, operationExports } = plan;
  const files = [...model.loaded.files, ...(model.loaded.overlays ?? [])].map((f) => ({ path: f.path, text: f.text }));
  return {
    start: {
      api,
      tables,
      plan: { root, exports, schemaExports, operationExports, selfContained: selfContained(root) },
      errorShapeWarnings,
      // What the contract holds that specforge reads but does not yet give its meaning (an example with only a serializedValue, say).
      featureWarnings: model.unsupportedFeatures ?? [],
      patchWarnings: model.loaded.patchWarnings ?? [],
      locations,
    },
    files,
    validators: compileValidators(model, plan, strict),
    model,
  };
}
