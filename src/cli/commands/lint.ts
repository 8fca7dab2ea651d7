/** `specforge lint`: Redocly's engine with specforge's ruleset over every contract (or the ones named). */
import { resolve } from 'node:path';
import { LINT_FORMATS, lintFindings, lintRules, lintSpecs, printRedoclyProblems, type LintFormat, type LintTarget } from '../../lint/lint.js';
import { findConfig, loadConfig, type SpecEntry } from '../../config/config.js';
import { formatFindings, REPORT_FORMATS } from '../../report/format.js';
import { UsageError } from '../../contract/errors.js';
import { formatOption, isOneOf, strictFlag } from '../format-option.js';
import { EXIT_FINDINGS, EXIT_OK } from '../errors.js';
import { specforgeVersion } from '../version.js';

export interface LintOptions {
  cwd?: string;
  specs?: string[];
  config?: string;
  redocly?: string;
  format?: string;
  /** true, false or schema: over each contract's strict level. */
  strict?: string;
  /** `error` (default): exit 1 on errors only; `warning`: on warnings too. */
  failOn?: string;
  write?: (text: string) => void;
}

function targetOf(entry: SpecEntry): LintTarget {
  const target: LintTarget = { path: entry.path, strict: entry.strict };
  if (entry.lint) target.rules = entry.lint;
  return target;
}

/**
 * The contracts to lint: those named (with their settings when specforge.config.yaml lists them),
 * or every contract of the config; `--strict` over each one's strict level.
 */
export function lintTargets(cwd: string, options: LintOptions): LintTarget[] {
  const strict = strictFlag(options.strict);
  const over = (t: LintTarget): LintTarget => (strict === undefined ? t : { ...t, strict });
  if (!options.specs || options.specs.length === 0) return loadConfig(cwd, options.config).specs.map((e) => over(targetOf(e)));
  let known: SpecEntry[] = [];
  if (findConfig(cwd, options.config) !== undefined) known = loadConfig(cwd, options.config).specs;
  return options.specs.map((s) => {
    const path = resolve(cwd, s);
    const entry = known.find((e) => e.path === path);
    return over(entry ? targetOf(entry) : { path });
  });
}

export async function runLint(options: LintOptions): Promise<number> {
  const cwd = options.cwd ?? process.cwd();
  const write = options.write ?? ((t: string) => process.stdout.write(t));
  const format: LintFormat = formatOption(options.format, LINT_FORMATS, 'stylish');
  const failOn = options.failOn ?? 'error';
  if (failOn !== 'error' && failOn !== 'warning') throw new UsageError(`--fail-on must be error or warning, not "${failOn}"`);
  const results = await lintSpecs(lintTargets(cwd, options), options.redocly ? resolve(cwd, options.redocly) : undefined);
  // Conventions are warnings: they fail the run only when asked to (as a linter's severity threshold does).
  const failing = results.reduce((n, r) => n + r.problems.filter((p) => p.severity === 'error' || failOn === 'warning').length, 0);
  if (isOneOf(REPORT_FORMATS, format)) {
    const findings = lintFindings(results, cwd);
    // SARIF names specforge's version and resolves the findings' relative paths against the folder lint ran in.
    write(formatFindings(findings, format, { title: 'specforge lint', rules: lintRules(results, findings), toolVersion: specforgeVersion(), srcRoot: cwd }));
  } else {
    for (const r of results) if (r.problems.length > 0) printRedoclyProblems(r, format, cwd);
  }
  return failing > 0 ? EXIT_FINDINGS : EXIT_OK;
}
