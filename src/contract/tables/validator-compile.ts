/**
 * A validator plan compiled in memory with Ajv (`specforge mock`, `specforge test`, lint's example
 * checks), the $defs a set of validators reaches, and Ajv's compile errors located in the contract.
 */
import type { ContractModel, JsonSchema } from '../model.js';
import { ContractError, type ErrorCode, type SourceLocation } from '../errors.js';
import { getAtPointer, joinPointer, parsePointer } from '../pointer.js';
import { documentPointer } from '../strictness.js';
import { createAjv, DEFAULT_STRICT, type StrictLevel, type ValidateFunction } from '../../runtime/validation/ajv.js';
import { PlanBuilder } from './plan-builder.js';
import { defRef, FRAGMENT_UNSAFE, ROOT_ID, type ValidatorPlan } from './validator-defs.js';
import { enforceStrictness, planValidators } from './validator-plan.js';
import { compilePlan, type CompiledValidators } from './validator-lazy.js';

export { compiledOperationIds, compilePlan, reachableKeys, selfContained, type CompiledValidators, type RuntimeOperationValidators } from './validator-lazy.js';

/**
 * Where an Ajv compile error points, in the contract: Ajv names the schema by its path under the
 * validators' root ("specforge:contract#/$defs/<key>/…", or "#/…" relative to a $defs entry, or
 * "data/$defs/<key>/…" for a schema its meta-schema refuses).
 */
function ajvLocation(model: ContractModel, plan: Pick<ValidatorPlan, 'root' | 'defPointers'>, message: string): SourceLocation | undefined {
  const match = /at "specforge:contract#([^"]*)"/.exec(message) ?? /\bdata(\/\$defs\/[^\s,]*)/.exec(message);
  if (!match) return undefined;
  let segments: string[];
  try {
    segments = parsePointer(decodeURIComponent(match[1] ?? ''));
  } catch {
    return undefined;
  }
  let pointer: string | undefined;
  if (segments[0] === '$defs' && segments[1] !== undefined) {
    pointer = joinPointer(plan.defPointers.get(segments[1]) ?? segments[1], ...segments.slice(2));
  } else {
    // Relative to the $defs entry Ajv compiled: the one entry that has this path, if only one does.
    const rel = joinPointer('', ...segments);
    const owners = Object.keys(plan.root.$defs).filter((key) => getAtPointer(plan.root.$defs[key], rel).found);
    if (owners.length === 1) pointer = joinPointer(plan.defPointers.get(owners[0] as string) ?? (owners[0] as string), ...segments);
  }
  if (pointer === undefined || !pointer.startsWith('/')) return undefined;
  return model.loaded.locate(documentPointer(model.document, pointer));
}

/** A compile error of Ajv as a ContractError, located in the contract where Ajv's message says. */
export function compileError(model: ContractModel, err: unknown, plan?: Pick<ValidatorPlan, 'root' | 'defPointers'>): ContractError {
  const message = err instanceof Error ? err.message : String(err);
  const code: ErrorCode = message.startsWith('strict mode:') ? 'SPECFORGE_STRICT_SCHEMA' : 'SPECFORGE_UNSUPPORTED_FEATURE';
  const location = (plan && ajvLocation(model, plan, message)) ?? { file: model.specPath };
  return ContractError.single(code, `a schema cannot be compiled into a validator: ${message}`, location);
}

/** Compiled validators by plan and strict level: Ajv's compilation is most of a large contract's start-up. */
const compiled = new WeakMap<ValidatorPlan, Map<StrictLevel, CompiledValidators>>();

/**
 * The validators of a contract compiled in memory; throws the strict-mode findings `strict` refuses.
 * Compiled once per plan and strict level in a process (a mock and the runner testing it, in one
 * process, share them): Ajv's validate functions keep no state between calls but `errors`, which a
 * caller reads right after its own call.
 */
export function compileValidators(model: ContractModel, plan: ValidatorPlan = planValidators(model), strict: StrictLevel = DEFAULT_STRICT): CompiledValidators {
  enforceStrictness(model, plan, strict);
  let byLevel = compiled.get(plan);
  const hit = byLevel?.get(strict);
  if (hit !== undefined) return hit;
  const out = compilePlan(plan, strict, <T>(compile: () => T): T => {
    try {
      return compile();
    } catch (err) {
      if (err instanceof ContractError) throw err;
      throw compileError(model, err, plan);
    }
  });
  if (byLevel === undefined) compiled.set(plan, (byLevel = new Map()));
  byLevel.set(strict, out);
  return out;
}

/**
 * Validators for arbitrary schemas of the contract (parameter, header and nested schema examples,
 * which have no generated validator of their own), compiled with the same plan and settings.
 */
export function compileSchemaChecks(
  model: ContractModel,
  schemas: ReadonlyArray<{ schema: JsonSchema; pointer: string }>,
  strict: StrictLevel = DEFAULT_STRICT,
): ValidateFunction[] {
  const b = new PlanBuilder(model);
  model.schemas.forEach((s) => b.refTo(`#${s.pointer.replace(FRAGMENT_UNSAFE, (c) => encodeURIComponent(c))}`, s.pointer));
  const keys = schemas.map((s, i) => b.add(`check:${i}`, s.schema, s.pointer));
  b.throwRefused();
  const plan = { root: { $id: ROOT_ID, $defs: b.defs }, defPointers: b.defPointers, strictness: strict === false ? [] : b.strictness() };
  enforceStrictness(model, plan, strict);
  const ajv = createAjv({ strict });
  try {
    ajv.addSchema(plan.root);
    return keys.map((key) => {
      const fn = ajv.getSchema(`${ROOT_ID}${defRef(key)}`);
      if (!fn) throw new Error(`no validator for ${key}`);
      return fn as ValidateFunction;
    });
  } catch (err) {
    if (err instanceof ContractError) throw err;
    throw compileError(model, err, plan);
  }
}
