/** Helpers of the conformance runner's tests: a contract written to a temporary folder and modelled. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildModel, type ContractModel } from '../../src/contract/model.js';

/** Writes the contract's text to a new temporary folder; returns the file's path. */
export function writeSpec(text: string, name = 'openapi.yaml'): string {
  const dir = mkdtempSync(join(tmpdir(), 'sf-conformance-'));
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

export async function buildModelFromText(text: string): Promise<ContractModel> {
  return buildModel(writeSpec(text));
}
