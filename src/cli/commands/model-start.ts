/**
 * What `specforge test` and `specforge proxy` read from a contract before their first request: the
 * contract model and its validators. A second start on an unchanged contract takes the model and
 * the validator plan from the start-up cache (start-cache.ts, entries of kind `model`) and never
 * imports the model builder or Redocly; the validators are compiled per operation on first use
 * either way.
 *
 * From the cache, the model is the built one, but for two parts read on demand: `document` (the
 * bundled document, kept serialized in the entry: the stateful phase's links and cassettes read it)
 * and `loaded` (where a pointer is in the contract's files: reports read it for failures), which
 * loads the contract's files again on first read. A Swagger 2.0 contract is not cached (its
 * conversion cannot be loaded again synchronously).
 */
import { deserialize, serialize } from 'node:v8';
import { ContractError, type Diagnostic } from '../../contract/errors.js';
import type { ContractModel } from '../../contract/model-types.js';
import { patchesFor, reportPatchWarnings } from '../../contract/patches.js';
import { loadContract } from '../../contract/resolve.js';
import { compilePlan, selfContained, type CompiledValidators, type LazyPlan } from '../../contract/tables/validator-lazy.js';
import { defaultCacheDir, toolchainFingerprint } from '../../pipeline/generate.js';
import type { ApiSpec } from '../../runtime/shared/spec.js';
import type { StrictLevel } from '../../runtime/validation/ajv.js';
import { specforgeVersion } from '../version.js';
import { readEntry, startCacheDir, trace, writeEntry, type StartKey } from './start-cache.js';

/** An entry of kind `model`: plain data. */
interface ModelStart {
  model: Omit<ContractModel, 'loaded' | 'document'>;
  /** The bundled document, v8-serialized: deserialized when first read. */
  document: Uint8Array;
  plan: LazyPlan;
  /** What patching the contract reported (nulls read as absent, overlay actions that select nothing): said again on a start from the cache. */
  patchWarnings: Diagnostic[];
  /** The model's API table (apiSpec): what the proxy routes and judges with. */
  api: ApiSpec;
}

export interface ContractStart {
  model: ContractModel;
  /**
   * The validators, compiled per operation on first use. Call it after every usage error is told: on
   * a start without the cache it checks the contract's schemas at the strict level (a level that
   * refuses one is a ContractError) and writes the cache entry.
   */
  validators: () => CompiledValidators;
  /** The model's API table when the start has it (from the cache, or built for the entry once validators() ran); else undefined. */
  api: () => ApiSpec | undefined;
}

/**
 * Where the cache is; undefined: no cache (`--no-cache`, the in-process API). Whether a start came
 * from it is said only with $SPECFORGE_TIMINGS set (trace): test and proxy keep stderr for findings.
 */
export interface ModelCache {
  /** The working directory, whose specforge cache folder (defaultCacheDir) holds the entries. */
  cwd: string;
}

/** Runs a compilation of a cached plan, a compile error becoming a ContractError at the contract's entry file. */
export function locatedAt(specPath: string): <T>(compile: () => T) => T {
  return <T>(compile: () => T): T => {
    try {
      return compile();
    } catch (err) {
      if (err instanceof ContractError) throw err;
      const message = err instanceof Error ? err.message : String(err);
      const code = message.startsWith('strict mode:') ? 'SPECFORGE_STRICT_SCHEMA' : 'SPECFORGE_UNSUPPORTED_FEATURE';
      throw ContractError.single(code, `a schema cannot be compiled into a validator: ${message}`, { file: specPath });
    }
  };
}

/** The key of a start of the contract at `specPath` at `strict`, with the overlays and error shape registered for it. */
export function startKey(specPath: string, strict: StrictLevel): StartKey {
  const patches = patchesFor(specPath);
  return {
    fingerprint: toolchainFingerprint(),
    version: specforgeVersion(),
    specPath,
    strict: String(strict),
    overlays: patches.overlays,
    errors: patches.errors,
  };
}

/** Starts read from the cache in this process, by strict level and entry key (its files' contents included): at most 16. */
const started = new Map<string, ContractStart>();

/** The model and validators of the contract at `specPath`: from the cache when it holds them for these files, else built (and cached). */
export async function loadContractStart(specPath: string, strict: StrictLevel, cache?: ModelCache): Promise<ContractStart> {
  const dir = cache === undefined ? undefined : startCacheDir(defaultCacheDir(cache.cwd));
  const key = dir === undefined ? undefined : startKey(specPath, strict);
  if (dir !== undefined && key !== undefined) {
    const hit = readEntry<ModelStart>(dir, 'model', key);
    trace(hit === undefined ? 'start-up cache read (miss)' : `start-up cache read (hit: contract model from cache, key ${hit.key}, built ${hit.builtAt})`);
    if (hit !== undefined) {
      reportPatchWarnings(hit.start.patchWarnings);
      // The same entry read again in this process (the in-process runner called once per test): the same model and validators.
      const known = started.get(`${strict}\0${hit.key}`);
      if (known !== undefined) return known;
      const model = cachedModel(hit.start, specPath);
      const validators = compilePlan(hit.start.plan, strict, locatedAt(specPath), true);
      trace('validators planned');
      const start: ContractStart = { model, validators: () => validators, api: () => hit.start.api };
      if (started.size >= 16) started.delete(started.keys().next().value as string);
      started.set(`${strict}\0${hit.key}`, start);
      return start;
    }
  }
  const { buildModel } = await import('../../contract/model.js');
  const { compileValidators, planValidators, strictReport } = await import('../../contract/tables/validators.js');
  const { apiSpec } = await import('../../contract/tables/api.js');
  const model = await buildModel(specPath);
  trace('model built');
  let api: ApiSpec | undefined;
  return {
    model,
    api: () => api,
    validators: () => {
      const plan = planValidators(model);
      const { errors } = strictReport(model, plan, strict);
      if (errors.length > 0) throw new ContractError(errors);
      const validators = compileValidators(model, plan, strict);
      trace('validators planned');
      if (dir !== undefined && key !== undefined && model.loaded.sourceVersion !== '2.0') {
        const { loaded, document, ...rest } = model;
        const { root, exports, schemaExports, operationExports } = plan;
        const files = [...loaded.files, ...(loaded.overlays ?? [])].map((f) => ({ path: f.path, text: f.text }));
        const start: ModelStart = {
          model: rest,
          document: serialize(document),
          plan: { root, exports, schemaExports, operationExports, selfContained: selfContained(root) },
          patchWarnings: loaded.patchWarnings ?? [],
          api: (api = apiSpec(model)),
        };
        writeEntry(dir, 'model', key, files, start);
      }
      return validators;
    },
  };
}

/** The model of a cache entry: `document` deserialized and `loaded` loaded again when first read. */
function cachedModel(start: ModelStart, specPath: string): ContractModel {
  const model = { ...start.model } as ContractModel;
  let document: Record<string, unknown> | undefined;
  let loaded: ContractModel['loaded'] | undefined;
  Object.defineProperty(model, 'document', {
    enumerable: true,
    configurable: true,
    get: () => (document ??= deserialize(start.document) as Record<string, unknown>),
  });
  Object.defineProperty(model, 'loaded', {
    enumerable: true,
    configurable: true,
    get: () => (loaded ??= loadContract(specPath)),
  });
  return model;
}
