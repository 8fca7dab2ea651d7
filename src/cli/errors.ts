/** One error handler for every command: failures to exit codes (0 ok, 1 findings, 2 usage or input). */
import { ContractError, formatDiagnostic, UsageError } from '../contract/errors.js';

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_INPUT = 2;

export function handleError(err: unknown, write: (text: string) => void = (t) => process.stderr.write(t)): number {
  if (err instanceof ContractError) {
    for (const d of err.diagnostics) write(formatDiagnostic(d) + '\n');
    return EXIT_INPUT;
  }
  if (err instanceof UsageError) {
    write(`error SPECFORGE_USAGE: ${err.message}\n  run "specforge --help" for usage\n`);
    return EXIT_INPUT;
  }
  const message = err instanceof Error ? err.message : String(err);
  write(`error: ${message}\n`);
  if (process.env['SPECFORGE_DEBUG'] && err instanceof Error && err.stack) write(err.stack + '\n');
  return EXIT_INPUT;
}
