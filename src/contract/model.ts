/**
 * The normalized contract model: the one thing every generator reads. Built once per contract and
 * cached by the content hash of its files. Schemas are normalized to JSON Schema 2020-12 (3.0's
 * `nullable` and boolean `exclusiveMinimum` rewritten); component schema $refs stay as
 * "#/components/schemas/<name>".
 *
 * The types are model-types.ts, the builder model-builder.ts, schema normalization
 * schema-normalize.ts, the examples walk examples.ts; all are reachable from here.
 */
import { basename, dirname } from 'node:path';
import type { ContractModel } from './model-types.js';
import { ModelBuilder } from './model-builder.js';
import { displayPath, loadContractAsync, type LoadedContract } from './resolve.js';
import { detectVersion, validateStructure } from './validate.js';

export * from './model-types.js';
export { normalizeSchema } from './schema-normalize.js';
export { syntheticOperationId } from './model-builder.js';
export { collectExamples, type ExampleCheck } from './examples.js';

/**
 * True for a document that describes no HTTP interface: no `paths` and no `webhooks` (a command
 * line, or shared schemas). Targets for HTTP (server, mocks, client) produce nothing for it.
 */
export function isHttpLess(document: Record<string, unknown>): boolean {
  return document['paths'] === undefined && document['webhooks'] === undefined;
}

export interface BuildOptions {
  /** Interface name; defaults to the name of the folder that holds the entry file. */
  api?: string;
  /** Skip Redocly's structural validation (already done by the caller). */
  skipValidation?: boolean;
}

/** Models by interface name, entry file and content hash; the oldest goes first past MODEL_CACHE_SIZE. */
const cache = new Map<string, ContractModel>();
const MODEL_CACHE_SIZE = 16;

/**
 * Loads, validates and models the contract at `specPath`; cached by entry file and content hash
 * (the model names its file: the same text in another folder is another model).
 */
export async function buildModel(specPath: string, options: BuildOptions = {}): Promise<ContractModel> {
  const loaded = await loadContractAsync(specPath);
  const api = options.api ?? basename(dirname(loaded.entry.path));
  const key = `${api}\0${loaded.entry.path}\0${loaded.hash}\0${options.skipValidation ? 'unvalidated' : 'validated'}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const warnings = options.skipValidation ? [] : await validateStructure(loaded);
  const model = modelOf(loaded, api);
  model.warnings.unshift(...(loaded.conversionWarnings ?? []), ...warnings);
  if (cache.size >= MODEL_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(key, model);
  return model;
}

/**
 * The model of a loaded contract, without Redocly's structural validation: synchronous, for
 * callers that cannot wait (lint rules run inside Redocly's synchronous visitors).
 */
export function modelOf(loaded: LoadedContract, api = basename(dirname(loaded.entry.path))): ContractModel {
  return new ModelBuilder(loaded, detectVersion(loaded)).build(api, displayPath(loaded.entry.path));
}
