/**
 * `@specforge/runtime/compile`: Ajv's compiler with the settings of generated validators. Generated
 * code imports it only for the schemas of very large contracts that no operation reaches, compiled
 * on first use (the `deferUnused` setting); set `deferUnused: false` to compile everything ahead.
 */
export { createAjv, deferredValidators, type StrictLevel, type AjvSetup } from '../ajv.js';
