/**
 * `@specforge/runtime/validators`: what generated validators import. Ajv's run-time helpers, the
 * formats, the rule checks and the linear-time engine of `pattern`; Standard Schema v1 (`standard`, `StandardValidator`); never Ajv's compiler.
 * Browser-safe.
 */
export {
  formats,
  ajvRuntime,
  pushError,
  ifErrors,
  concatErrors,
  ownProperty,
  definedOwn,
  callRef,
  type ValidateFunction,
  type ErrorObject,
  type ErrorTemplate,
} from '../validation/standalone.js';
export { compilePattern, isLinearPattern, type CompiledPattern } from '../validation/pattern.js';
export {
  standard,
  standardIssues,
  issuePath,
  STANDARD_VENDOR,
  type StandardValidator,
  type StandardValidatorProps,
  type StandardSchema,
  type StandardProps,
  type StandardResult,
  type StandardIssue,
  type StandardPathSegment,
} from '../validation/standard.js';
export * as rules from '../validation/rules.js';
export type { CheckedRule, DifferenceRule, RefersToRule } from '../validation/rules.js';
