/** One error handler for every command: failures to exit codes (0 ok, 1 findings, 2 usage or input). */
import { ContractError, formatDiagnostic, UsageError, type Diagnostic } from '../contract/errors.js';
import { terminalText } from '../report/terminal.js';

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_INPUT = 2;

/** How many strict-mode diagnostics a command prints per list; the rest are counted. */
export const STRICT_PRINT_LIMIT = 20;

/**
 * Diagnostics as printed, one per line. A large contract can break Ajv's strict mode in hundreds of
 * schemas: the first STRICT_PRINT_LIMIT of those are printed and the rest counted, with where to
 * see them all (`specforge lint --format json`).
 */
export function formatDiagnostics(diagnostics: readonly Diagnostic[], limit = STRICT_PRINT_LIMIT): string {
  let out = '';
  let strict = 0;
  for (const d of diagnostics) {
    if (d.code === 'SPECFORGE_STRICT_SCHEMA' && ++strict > limit) continue;
    out += formatDiagnostic(d) + '\n';
  }
  if (strict > limit) {
    out += `… and ${strict - limit} more SPECFORGE_STRICT_SCHEMA (${strict} in all); "specforge lint <spec> --format json" lists every one\n`;
  }
  return out;
}

export function handleError(err: unknown, write: (text: string) => void = (t) => process.stderr.write(t)): number {
  if (err instanceof ContractError) {
    write(formatDiagnostics(err.diagnostics));
    return EXIT_INPUT;
  }
  if (err instanceof UsageError) {
    write(`error SPECFORGE_USAGE: ${terminalText(err.message)}\n  run "specforge --help" for usage\n`);
    return EXIT_INPUT;
  }
  const message = err instanceof Error ? err.message : String(err);
  write(`error: ${terminalText(message)}\n`);
  if (process.env['SPECFORGE_DEBUG'] && err instanceof Error && err.stack) write(err.stack + '\n');
  return EXIT_INPUT;
}
