/**
 * `@specforge/runtime/compile`: Ajv's compiler with the settings of generated validators. Generated
 * code imports it only in very large contracts, for response validators and schemas no request
 * reaches, compiled on first use (`deferUnusedValidators`; `false` compiles everything ahead), and Standard Schema's `standard` for them.
 */
export { createAjv, deferredValidators, type StrictLevel, type AjvSetup } from '../validation/ajv.js';
export { standard, type StandardValidator } from '../validation/standard.js';
