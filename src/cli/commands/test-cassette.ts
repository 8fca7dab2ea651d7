/**
 * `specforge test --record <file>` and `specforge test <spec> --replay <file>` (cassette.ts), and
 * what `test`, `replay` and `proxy` share to print a report: the contract locations of failures.
 */
import { resolve } from 'node:path';
import type { ContractModel } from '../../contract/model.js';
import { displayPath } from '../../contract/resolve.js';
import { CassetteRecorder, replayCassette, streamCassette } from '../../conformance/cassette.js';
import { redactor } from '../../conformance/redact.js';
import type { ReportContext } from '../../conformance/report.js';
import type { ConformanceOptions, ConformanceReport } from '../../conformance/types.js';

/** Where a JSON pointer of the contract is, as reports show it (file relative to cwd, line, column). */
export function reportLocator(model: ContractModel, cwd: string): NonNullable<ReportContext['locate']> {
  return (pointer) => {
    try {
      const at = model.loaded.locate(pointer);
      const out: { file: string; line?: number; col?: number } = { file: displayPath(resolve(cwd, at.file), cwd) };
      if (at.line !== undefined) out.line = at.line;
      if (at.col !== undefined) out.col = at.col;
      return out;
    } catch {
      return undefined;
    }
  };
}

/**
 * A recorder for `--record`, hooked into the run's options: every exchange, redacted as reports are
 * (always: a cassette never holds a credential, `--show-secrets` or not).
 */
export function recordInto(options: ConformanceOptions): CassetteRecorder {
  const recorder = new CassetteRecorder(
    redactor({ model: options.model, ...(options.auth ? { auth: options.auth } : {}), ...(options.headers ? { headers: options.headers } : {}) }),
    'test',
  );
  options.onExchange = (x) =>
    recorder.add(x.phase, x.sent, x.response, x.error, { ...(x.truncated ? { truncated: true } : {}), ...(x.late ? { late: true } : {}) });
  return recorder;
}

/**
 * `--replay <file>`: the cassette's exchanges re-checked against the contract; nothing is sent.
 * The cassette is read as it streams (streamCassette): each exchange is parsed, checked and
 * replayed in turn, never the whole document at once. `warn` gets one line without its line feed
 * (it holds text of the recording: the caller escapes it for the terminal, then ends the line).
 */
export async function replayFile(
  file: string,
  cwd: string,
  options: Omit<ConformanceOptions, 'fetch'>,
  warn: (line: string) => void,
): Promise<ConformanceReport> {
  const { report, unrouted } = await replayCassette({ exchanges: streamCassette(resolve(cwd, file), file) }, options);
  if (unrouted.length > 0) {
    warn(
      `specforge test --replay: ${unrouted.length} recorded request${unrouted.length === 1 ? '' : 's'} match no operation of the contract now, not checked: ${unrouted.slice(0, 5).join(', ')}${unrouted.length > 5 ? ', …' : ''}`,
    );
  }
  return report;
}
