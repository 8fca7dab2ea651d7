/**
 * `@specforge/runtime/validators`: what generated validators import. Ajv's run-time helpers, the
 * formats, the rule checks and the linear-time engine of `pattern`; never Ajv's compiler.
 * Browser-safe.
 */
export { formats, ajvRuntime, type ValidateFunction, type ErrorObject } from '../standalone.js';
export { compilePattern, isLinearPattern, type CompiledPattern } from '../pattern.js';
export * as rules from '../rules.js';
export type { CheckedRule, DifferenceRule, RefersToRule } from '../rules.js';
