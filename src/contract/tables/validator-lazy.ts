/**
 * A validator plan compiled lazily with Ajv: one Ajv instance holds the plan, each schema's and each
 * operation's validators are compiled on first read. Imports nothing that models a contract, so a
 * start from a cached plan (src/cli/commands/start-cache.ts) stays small.
 */
import { standard } from '../../runtime/validation/standard.js';
import { createAjv, deferredValidator, prunedValidator, type StrictLevel, type ValidateFunction } from '../../runtime/validation/ajv.js';
import { isRecord, unescapeSegment } from '../pointer.js';
import { defRef, LOCATIONS, ROOT_ID, type ValidatorPlan } from './validator-defs.js';

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

/**
 * True when every $defs entry of `root` reaches the others only by `#/$defs/<key>` $refs and declares
 * no $id, anchor or dynamic reference: its entries can then be given to Ajv one closure at a time.
 */
export function selfContained(root: ValidatorPlan['root']): boolean {
  const text = JSON.stringify(root.$defs);
  return !/"\$(?:id|anchor|dynamicAnchor|dynamicRef|recursiveAnchor|recursiveRef)":/.test(text) && !/"\$ref":"(?!#\/\$defs\/)/.test(text);
}

/** A plan as compilePlan takes it; `selfContained` as selfContained() found it when the plan was made. */
export type LazyPlan = Pick<ValidatorPlan, 'root' | 'exports' | 'schemaExports' | 'operationExports'> & { selfContained?: boolean };

/** The operations each set of validators has compiled, in order: what tests read to see that compilation is per operation. */
const compiledOperations = new WeakMap<CompiledValidators, string[]>();

/** The operations whose validators `validators` has compiled so far, in the order they were first used. */
export function compiledOperationIds(validators: CompiledValidators): readonly string[] {
  return compiledOperations.get(validators) ?? [];
}

/**
 * One Ajv instance holds the whole plan (addSchema compiles nothing); each named schema's and each
 * operation's validators are compiled on first read of `schemaValidators[name]` or
 * `operationValidators[id]` and then of each of its parameters, bodies and responses, sharing the
 * component schemas Ajv has already compiled. A contract of a thousand operations thus costs, before
 * its first answer, only the operations that answer needs.
 *
 * `checked`: the plan compiled before (a plan of the start-up cache, written only once it had), so
 * Ajv's check of it against the meta-schema is skipped; a self-contained one is then handed to Ajv
 * one $defs closure at a time, when a validator first needs it, instead of whole at start.
 */
export function compilePlan(plan: LazyPlan, strict: StrictLevel, located: <T>(compile: () => T) => T, checked = false): CompiledValidators {
  const ajv = createAjv({ strict });
  const lazy = checked && plan.selfContained === true;
  const defs = plan.root.$defs;
  // Lazily: Ajv resolves `#/$defs/<key>` in this object when it compiles, so a closure added before then is found.
  const root: ValidatorPlan['root'] = lazy ? { ...plan.root, $defs: {} } : plan.root;
  const added = new Set<string>();
  const need = (key: string): void => {
    const stack = [key];
    while (stack.length > 0) {
      const k = stack.pop() as string;
      if (added.has(k) || !Object.hasOwn(defs, k)) continue;
      added.add(k);
      root.$defs[k] = defs[k] as ValidatorPlan['root']['$defs'][string];
      const refs = new Set<string>();
      refKeysIn(defs[k], refs);
      for (const r of refs) if (!added.has(r)) stack.push(r);
    }
  };
  const get = (exportName: string): ValidateFunction => {
    const key = plan.exports.get(exportName);
    if (lazy && key !== undefined) need(key);
    const fn = key === undefined ? undefined : ajv.getSchema(`${ROOT_ID}${defRef(key)}`);
    if (!fn) throw new Error(`no validator ${exportName}`);
    return standard(fn as ValidateFunction);
  };
  /** The validator of an export, compiled on its first call (its `once` compiles only what one value reaches). */
  const deferred = (exportName: string): ValidateFunction => {
    const key = plan.exports.get(exportName);
    return standard(
      deferredValidator(
        () => located(() => get(exportName)),
        (data) => (key === undefined ? undefined : located(() => prunedValidator(ajv, plan.root, key, data, lazy ? need : undefined))),
      ),
    );
  };
  located(() => (checked ? ajv.addSchema(root, undefined, undefined, false) : ajv.addSchema(root)));
  const out: CompiledValidators = { schemaValidators: {}, operationValidators: {} };
  const order: string[] = [];
  compiledOperations.set(out, order);
  for (const [name, exportName] of plan.schemaExports) onFirstRead(out.schemaValidators, name, () => located(() => get(exportName)));
  for (const [id, keys] of plan.operationExports) {
    onFirstRead(out.operationValidators, id, () =>
      located(() => {
        // Each validator of the operation compiles when it is first called: a first request
        // compiles its parameters and body, not every response schema the operation declares.
        const ov: RuntimeOperationValidators = { responses: {} };
        const lazy = (target: object, name: string, k: string): void =>
          void Object.defineProperty(target, name, { value: deferred(k), enumerable: true, configurable: true, writable: false });
        for (const where of LOCATIONS) {
          const k = keys[where];
          if (k) lazy(ov, where, k);
        }
        if (keys.body) {
          ov.body = {};
          for (const [type, k] of Object.entries(keys.body)) lazy(ov.body, type, k);
        }
        for (const [status, byType] of Object.entries(keys.responses)) {
          const m: Record<string, ValidateFunction> = {};
          for (const [type, k] of Object.entries(byType)) lazy(m, type, k);
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
