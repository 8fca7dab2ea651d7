/**
 * A validator plan compiled lazily with Ajv: one Ajv instance holds the plan, each schema's and each
 * operation's validators are compiled on first read. Imports nothing that models a contract, so a
 * start from a cached plan (src/cli/commands/start-cache.ts) stays small.
 */
import { standard } from '../../runtime/validation/standard.js';
import { createAjv, type StrictLevel, type ValidateFunction } from '../../runtime/validation/ajv.js';
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
export function compilePlan(
  plan: Pick<ValidatorPlan, 'root' | 'exports' | 'schemaExports' | 'operationExports'>,
  strict: StrictLevel,
  located: <T>(compile: () => T) => T,
): CompiledValidators {
  const ajv = createAjv({ strict });
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
