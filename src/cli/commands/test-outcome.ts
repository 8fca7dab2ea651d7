/**
 * What `specforge test` adds to a run's report before printing it: the coverage summary
 * (`--min-coverage`), the comparison with a baseline file (`--baseline`, `--update-baseline`) and
 * the failures grouped by cause; and the config's `test.exclude` checked against the contract.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../../contract/errors.js';
import type { ContractModel } from '../../contract/model.js';
import { applyBaseline, BaselineError, baselineText, parseBaseline } from '../../conformance/baseline.js';
import { CHECKS, isCheckName } from '../../conformance/checks.js';
import { parseMinCoverage, summarizeCoverage } from '../../conformance/coverage-summary.js';
import { groupFindings } from '../../conformance/grouping.js';
import type { BaselineEntry } from '../../conformance/summary-types.js';
import type { CheckExclusion, ConformanceReport } from '../../conformance/types.js';
import type { TestExclusion } from '../../config/config.js';

/** `--min-coverage` as a number, or a usage error. */
export function minCoverageOption(raw: string | number | undefined): number | undefined {
  const n = parseMinCoverage(raw);
  if (n instanceof Error) throw new UsageError(n.message);
  return n;
}

/** The baseline file's entries (none when it does not exist and is to be written), or a usage error naming it. */
export function readBaseline(cwd: string, file: string, forUpdate: boolean): BaselineEntry[] {
  let text: string;
  try {
    text = readFileSync(resolve(cwd, file), 'utf8');
  } catch (error) {
    if (forUpdate && (error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new UsageError(`--baseline ${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  try {
    return parseBaseline(text);
  } catch (error) {
    if (error instanceof BaselineError) throw new UsageError(`--baseline ${file}: ${error.message}`);
    throw error;
  }
}

/** The config's test.exclude, each operation and check checked against the contract and the catalogue. */
export function exclusions(raw: readonly TestExclusion[] | undefined, model: ContractModel, config: string): CheckExclusion[] | undefined {
  if (!raw || raw.length === 0) return undefined;
  return raw.map((e, i) => {
    const where = `${config} test.exclude[${i}]`;
    if (!model.operations.some((op) => op.id === e.operation)) throw new UsageError(`${where}: the contract has no operation ${e.operation}`);
    const unknown = e.checks.filter((c) => !isCheckName(c));
    if (unknown.length > 0) throw new UsageError(`${where}: unknown check ${unknown.join(', ')}; the checks are ${CHECKS.join(', ')}`);
    return { operation: e.operation, checks: e.checks.filter(isCheckName), reason: e.reason };
  });
}

export interface OutcomeOptions {
  cwd: string;
  spec: string;
  minCoverage?: number;
  baseline?: { file: string; entries: BaselineEntry[]; update: boolean };
  /** The run was not cut short by --max-failures. */
  complete: boolean;
}

/** Adds the coverage summary, the baseline comparison (writing the file with --update-baseline) and the groups to the report. */
export function completeReport(report: ConformanceReport, options: OutcomeOptions): void {
  report.coverage = summarizeCoverage(report, options.minCoverage);
  const baseline = options.baseline;
  if (baseline) {
    if (baseline.update) {
      const text = baselineText(report, baseline.entries, options.spec);
      writeFileSync(resolve(options.cwd, baseline.file), text);
      const outcome = applyBaseline(report, parseBaseline(text), baseline.file, options.complete);
      outcome.updated = true;
    } else applyBaseline(report, baseline.entries, baseline.file, options.complete);
  }
  report.findings = groupFindings(report);
}
