/**
 * `@specforge/runtime/validators`: what generated validators import. Ajv's run-time helpers, the
 * formats, the rule checks and the linear-time engine of `pattern`; never Ajv's compiler.
 * Browser-safe.
 */
export { formats, ajvRuntime, type ValidateFunction, type ErrorObject } from '../validation/standalone.js';
export { compilePattern, isLinearPattern, type CompiledPattern } from '../validation/pattern.js';
export * as rules from '../validation/rules.js';
export type { CheckedRule, DifferenceRule, RefersToRule } from '../validation/rules.js';
