/**
 * `@specforge/runtime/validators`: what generated validators import. Ajv's run-time helpers, the
 * formats, and the rule checks; never Ajv's compiler. Browser-safe.
 */
export { formats, ajvRuntime, type ValidateFunction, type ErrorObject } from '../standalone.js';
export * as rules from '../rules.js';
export type { CheckedRule, DifferenceRule, RefersToRule } from '../rules.js';
