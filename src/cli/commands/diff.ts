/** `specforge diff`: breaking changes between two contracts, or of every contract since a git revision. */
import { terminalText } from '../../report/terminal.js';
import { UsageError } from '../../contract/errors.js';
import { resolveRevision } from '../../contract/git-base.js';
import { diffFiles, diffRevision, type DiffReport } from '../../diff/report.js';
import { DIFF_RULE_INFO } from '../../diff/rules.js';
import { policyOf } from '../../diff/policy.js';
import { diffSettingsFor, loadConfig, type DiffSettings } from '../../config/config.js';
import { formatFindings, REPORT_FORMATS } from '../../report/format.js';
import type { FindingLevel } from '../../report/findings.js';
import { diffMarkdown } from '../../review/diff-summary.js';
import { EXIT_FINDINGS, EXIT_OK } from '../errors.js';
import { formatOption } from '../format-option.js';
import { specforgeVersion } from '../version.js';

export const FAIL_ON = ['breaking', 'warning'] as const;

export interface DiffOptions {
  cwd?: string;
  /** Two contract files (base, head); with `base` set, the contracts to compare. */
  specs?: string[];
  /** Git revision to compare every contract with. */
  base?: string;
  config?: string;
  format?: string;
  /** breaking or warning; default: the config's diff.failOn, else breaking. */
  failOn?: string;
  /** Accepted changes (relative to cwd); default: the config's diff.accept. */
  accept?: string;
  /**
   * Days required between deprecating an operation or parameter and its x-sunset date: with n > 0,
   * deprecating needs an x-sunset at least n days away, and removing a deprecated one without it is
   * breaking (default: the config's diff.deprecationDays, else 0: x-sunset optional). A string as
   * the flag gives it.
   */
  deprecationDays?: string | number;
  /** Today, for sunset dates (tests; default: the current date). */
  now?: Date;
  /** Per-rule levels, `<rule>=<level>` (repeatable; over the config's diff.severity). */
  severity?: string[];
  /** oasdiff's severity-levels file: `<rule> <level>` lines. */
  severityLevels?: string;
  /** Only API paths this regular expression matches (default: the config's diff.matchPath). */
  matchPath?: string;
  /** No API paths this regular expression matches (default: the config's diff.unmatchPath). */
  unmatchPath?: string;
  /** Markdown: every change, not capped to fit a pull-request comment. */
  full?: boolean;
  write?: (text: string) => void;
  warn?: (text: string) => void;
}

export async function runDiff(options: DiffOptions): Promise<number> {
  const cwd = options.cwd ?? process.cwd();
  const write = options.write ?? ((t: string) => process.stdout.write(t));
  const warn = options.warn ?? ((t: string) => process.stderr.write(t));
  const format = formatOption(options.format, REPORT_FORMATS, 'stylish');
  if (options.failOn !== undefined) failOnOption(options.failOn);
  const specs = options.specs ?? [];
  if (options.base === undefined && specs.length !== 2) throw new UsageError('diff needs two contracts (<base> <head>) or --base <git-ref>');
  // The revision first: an unknown one (or no git) is a usage error even without a config.
  if (options.base !== undefined) resolveRevision(cwd, options.base);
  // The config's diff: settings, under the flags. --base without contracts needs the config anyway.
  const settings: DiffSettings = options.base !== undefined && specs.length === 0 ? loadConfig(cwd, options.config).diff : diffSettingsFor(cwd, options.config);
  const failOn = failOnOption(options.failOn ?? settings.failOn ?? 'breaking');
  const accept = options.accept ?? settings.accept;
  const policy = {
    deprecationDays: deprecationDays(options.deprecationDays ?? settings.deprecationDays),
    ...(options.now ? { now: options.now } : {}),
    policy: policyOf(cwd, settings, options),
  };
  let report: DiffReport;
  if (options.base !== undefined) {
    report = await diffRevision({
      cwd,
      ref: options.base,
      specs,
      ...policy,
      ...(options.config ? { config: options.config } : {}),
      ...(accept ? { accept } : {}),
    });
  } else {
    report = await diffFiles(specs[0] as string, specs[1] as string, { cwd, ...policy, ...(accept ? { accept } : {}) });
  }
  for (const e of report.unusedAccepted) warn(terminalText(`warning: accepted change at ${e.where} (${e.rule}) matched no change\n`));
  const failing: FindingLevel[] = failOn === 'warning' ? ['error', 'warning'] : ['error'];
  // Markdown is a job summary or a pull-request comment: capped and grouped as the review's summary (--full: every change).
  if (format === 'markdown')
    write(terminalText(diffMarkdown(report.findings, { title: 'specforge diff', failingLevels: failing, full: options.full === true })));
  else write(formatFindings(report.findings, format, { title: 'specforge diff', rules: DIFF_RULE_INFO, toolVersion: specforgeVersion(), srcRoot: cwd }));
  return report.findings.some((f) => failing.includes(f.level)) ? EXIT_FINDINGS : EXIT_OK;
}

/** `--fail-on` of diff: breaking or warning. */
function failOnOption(value: string): (typeof FAIL_ON)[number] {
  if (!(FAIL_ON as readonly string[]).includes(value)) throw new UsageError(`--fail-on must be ${FAIL_ON.join(' or ')}, not "${value}"`);
  return value as (typeof FAIL_ON)[number];
}

/** `--deprecation-days` (or the config's diff.deprecationDays): a whole number of days, 0 or more. */
export function deprecationDays(value: string | number | undefined): number {
  if (value === undefined) return 0;
  const n = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 0) throw new UsageError(`--deprecation-days must be a whole number of days (0 or more), not "${String(value)}"`);
  return n;
}
