/**
 * `@specforge/runtime/cli`: what a generated command line imports. commander with every flag,
 * variable and default of the contract, validated by the generated validators.
 */
export {
  runCli,
  createCliProgram,
  resolveCliConfiguration,
  resolveOptions,
  CliUsageError,
  type CliIo,
  type CliValidators,
  type CliProgram,
} from '../cli/program.js';
export { completionScript } from '../cli/completion.js';
export { normalizeArguments, parseBoolean, parseInteger, parseNumber } from '../cli/values.js';
export type * from '../cli/spec.js';
export { CLI_SHELLS } from '../cli/spec.js';
