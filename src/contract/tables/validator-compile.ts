/**
 * A validator plan compiled in memory with Ajv (`specforge mock`, `specforge test`, lint's example
 * checks), the $defs a set of validators reaches, and Ajv's compile errors located in the contract.
 */
import type { ContractModel, JsonSchema } from '../model.js';
import { ContractError, type ErrorCode, type SourceLocation } from '../errors.js';
import { getAtPointer, isRecord, joinPointer, parsePointer, unescapeSegment } from '../pointer.js';
import { documentPointer } from '../strictness.js';
import { standard } from '../../runtime/validation/standard.js';
import { createAjv, DEFAULT_STRICT, type StrictLevel, type ValidateFunction } from '../../runtime/validation/ajv.js';
import { PlanBuilder } from './plan-builder.js';
import { defRef, FRAGMENT_UNSAFE, LOCATIONS, ROOT_ID, type ValidatorPlan } from './validator-defs.js';
import { enforceStrictness, planValidators } from './validator-plan.js';

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

function refKeysIn(node: unknown, out: Set<string>): void {
  if (Array.isArray(node)) {
    for (const n of node) refKeysIn(n, out);
  } else if (isRecord(node)) {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) {
        out.add(unescapeSegment(decodeURIComponent(v.slice('#/$defs/'.length))));
      } else refKeysIn(v, out);
    }
  }
}

/** The $defs keys reachable from `start` through $refs. */
export function reachableKeys(root: ValidatorPlan['root'], start: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const stack = [...start];
  while (stack.length > 0) {
    const key = stack.pop() as string;
    if (seen.has(key)) continue;
    seen.add(key);
    const refs = new Set<string>();
    refKeysIn(root.$defs[key], refs);
    for (const r of refs) if (!seen.has(r)) stack.push(r);
  }
  return seen;
}

/** The validators compiled in memory, in the shape of the generated module. */
export interface CompiledValidators {
  schemaValidators: Record<string, ValidateFunction>;
  operationValidators: Record<string, RuntimeOperationValidators>;
  errorBodyValidator?: ValidateFunction;
}

export interface RuntimeOperationValidators {
  path?: ValidateFunction;
  query?: ValidateFunction;
  header?: ValidateFunction;
  cookie?: ValidateFunction;
  body?: Record<string, ValidateFunction>;
  responses: Record<string, Record<string, ValidateFunction>>;
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
  const out = compileNow(model, plan, strict);
  if (byLevel === undefined) compiled.set(plan, (byLevel = new Map()));
  byLevel.set(strict, out);
  return out;
}

/**
 * Defines `target[key]` as compiled on first read: the getter compiles, then replaces itself with the
 * value, so later reads cost a property load. A compile error is thrown from the read, located.
 */
function onFirstRead<T>(target: Record<string, T>, key: string, compile: () => T): void {
  Object.defineProperty(target, key, {
    configurable: true,
    enumerable: true,
    get(): T {
      const value = compile();
      Object.defineProperty(target, key, { value, configurable: true, enumerable: true, writable: false });
      return value;
    },
  });
}

/** The operations each set of validators has compiled, in order: what tests read to see that compilation is per operation. */
const compiledOperations = new WeakMap<CompiledValidators, string[]>();

/** The operations whose validators `validators` has compiled so far, in the order they were first used. */
export function compiledOperationIds(validators: CompiledValidators): readonly string[] {
  return compiledOperations.get(validators) ?? [];
}

/**
 * One Ajv instance holds the whole plan (addSchema compiles nothing); each named schema's and each
 * operation's validators are compiled on first read of `schemaValidators[name]` or
 * `operationValidators[id]` (an operation's parameters, bodies and responses at once), sharing the
 * component schemas Ajv has already compiled. A contract of a thousand operations thus costs, before
 * its first answer, only the operations that answer needs.
 */
function compileNow(model: ContractModel, plan: ValidatorPlan, strict: StrictLevel): CompiledValidators {
  const ajv = createAjv({ strict });
  const located = <T>(compile: () => T): T => {
    try {
      return compile();
    } catch (err) {
      if (err instanceof ContractError) throw err;
      throw compileError(model, err, plan);
    }
  };
  const get = (exportName: string): ValidateFunction => {
    const key = plan.exports.get(exportName);
    const fn = key === undefined ? undefined : ajv.getSchema(`${ROOT_ID}${defRef(key)}`);
    if (!fn) throw new Error(`no validator ${exportName}`);
    return standard(fn as ValidateFunction);
  };
  located(() => ajv.addSchema(plan.root));
  const out: CompiledValidators = { schemaValidators: {}, operationValidators: {} };
  const order: string[] = [];
  compiledOperations.set(out, order);
  for (const [name, exportName] of plan.schemaExports) onFirstRead(out.schemaValidators, name, () => located(() => get(exportName)));
  for (const [id, keys] of plan.operationExports) {
    onFirstRead(out.operationValidators, id, () =>
      located(() => {
        const ov: RuntimeOperationValidators = { responses: {} };
        for (const where of LOCATIONS) {
          const k = keys[where];
          if (k) ov[where] = get(k);
        }
        if (keys.body) {
          ov.body = {};
          for (const [type, k] of Object.entries(keys.body)) ov.body[type] = get(k);
        }
        for (const [status, byType] of Object.entries(keys.responses)) {
          const m: Record<string, ValidateFunction> = {};
          for (const [type, k] of Object.entries(byType)) m[type] = get(k);
          ov.responses[status] = m;
        }
        order.push(id);
        return ov;
      }),
    );
  }
  if (plan.exports.has('errorBody')) out.errorBodyValidator = located(() => get('errorBody'));
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
