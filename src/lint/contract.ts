/**
 * The contract a lint run reads, loaded and modelled once. lintSpecs loads each contract before
 * Redocly walks it and lends it to the rules that read specforge's model (valid-examples,
 * strict-schemas, operation-undeclared-status), which would otherwise each load and model a large
 * contract again (GitHub's 13 MB description: about a second per load). A rule run outside
 * lintSpecs (a Redocly config of your own, the rule tests) loads the contract itself.
 */
import { resolve } from 'node:path';
import { modelOf, type ContractModel } from '../contract/model.js';
import { loadContract, type LoadedContract } from '../contract/resolve.js';
import type { SourceFile } from '../contract/source.js';

const lent = new Map<string, LoadedContract>();
const models = new WeakMap<LoadedContract, { model: ContractModel } | { error: unknown }>();

/** Runs `run` with `loaded` lent to the rules as the contract at `path`. */
export async function withContract<T>(path: string, loaded: LoadedContract | undefined, run: () => Promise<T>): Promise<T> {
  if (!loaded) return run();
  const key = resolve(path);
  lent.set(key, loaded);
  try {
    return await run();
  } finally {
    lent.delete(key);
  }
}

/** The contract at `path`: the one lent for this run, or loaded now. Throws the loader's ContractError. */
export function lintedContract(path: string): LoadedContract {
  return lent.get(resolve(path)) ?? loadContract(path);
}

/** The loader's parse of the file at `path` when a lent contract read it with this very text. */
export function lentFile(path: string, text: string): SourceFile | undefined {
  for (const loaded of lent.values()) {
    const file = loaded.files.find((f) => f.path === path);
    if (file) return file.text === text ? file : undefined;
  }
  return undefined;
}

/** specforge's model of a loaded contract, built once per load. Throws what modelOf throws. */
export function lintedModel(loaded: LoadedContract): ContractModel {
  let built = models.get(loaded);
  if (!built) {
    try {
      built = { model: modelOf(loaded) };
    } catch (error) {
      built = { error };
    }
    models.set(loaded, built);
  }
  if ('error' in built) throw built.error;
  return built.model;
}
