/**
 * The validator plan of a contract: every named schema and each operation's parameters (per
 * location), request bodies and responses as one Ajv root schema with $defs and export names,
 * `x-specforge-rules` compiled into it, and what Ajv's strict mode would refuse. Compiled in memory
 * here (`specforge mock`, `specforge test`, lint's example checks); the validators generator prints
 * the same plan as standalone code.
 */
export {
  DIRECTION_MARKER,
  defRef,
  directionKey,
  LOCATIONS,
  ROOT_ID,
  type Direction,
  type OperationValidatorKeys,
  type ValidatorPlan,
} from './validator-defs.js';
export { enforceStrictness, planValidators, strictReport } from './validator-plan.js';
export {
  compileError,
  compileSchemaChecks,
  compileValidators,
  compiledOperationIds,
  reachableKeys,
  selfContained,
  type CompiledValidators,
  type RuntimeOperationValidators,
} from './validator-compile.js';
