/** `specforge diff`: breaking changes between two contracts, or of every contract since a git revision. */
import { UsageError } from '../../contract/errors.js';
import { diffFiles, diffRevision, type DiffReport } from '../../diff/report.js';
import { DIFF_RULE_INFO } from '../../diff/rules.js';
import { formatFindings, REPORT_FORMATS } from '../../report/format.js';
import { EXIT_FINDINGS, EXIT_OK } from '../errors.js';
import { formatOption } from '../format-option.js';

export const FAIL_ON = ['breaking', 'warning'] as const;

export interface DiffOptions {
  cwd?: string;
  /** Two contract files (base, head); with `base` set, the contracts to compare. */
  specs?: string[];
  /** Git revision to compare every contract with. */
  base?: string;
  config?: string;
  format?: string;
  failOn?: string;
  accept?: string;
  write?: (text: string) => void;
  warn?: (text: string) => void;
}

export async function runDiff(options: DiffOptions): Promise<number> {
  const cwd = options.cwd ?? process.cwd();
  const write = options.write ?? ((t: string) => process.stdout.write(t));
  const warn = options.warn ?? ((t: string) => process.stderr.write(t));
  const format = formatOption(options.format, REPORT_FORMATS, 'stylish');
  const failOn = options.failOn ?? 'breaking';
  if (!(FAIL_ON as readonly string[]).includes(failOn)) throw new UsageError(`--fail-on must be ${FAIL_ON.join(' or ')}, not "${failOn}"`);
  const specs = options.specs ?? [];
  let report: DiffReport;
  if (options.base !== undefined) {
    report = await diffRevision({ cwd, ref: options.base, specs, ...(options.config ? { config: options.config } : {}), ...(options.accept ? { accept: options.accept } : {}) });
  } else {
    if (specs.length !== 2) throw new UsageError('diff needs two contracts (<base> <head>) or --base <git-ref>');
    report = await diffFiles(specs[0] as string, specs[1] as string, { cwd, ...(options.accept ? { accept: options.accept } : {}) });
  }
  for (const e of report.unusedAccepted) warn(`warning: accepted change at ${e.where} (${e.rule}) matched no change\n`);
  write(formatFindings(report.findings, format, { title: 'specforge diff', rules: DIFF_RULE_INFO }));
  const failing = failOn === 'warning' ? ['error', 'warning'] : ['error'];
  return report.findings.some((f) => failing.includes(f.level)) ? EXIT_FINDINGS : EXIT_OK;
}
