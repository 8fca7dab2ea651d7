/**
 * The parts of a conformance report beyond the check table (report.ts prints them in each format):
 * the coverage summary (coverage-summary.ts), the checks the config leaves out (`test.exclude`) and
 * the comparison with a baseline (baseline.ts).
 */
import { belowMinimumLine, coverageHeadline, refusedLine } from './coverage-summary.js';
import type { CoverageSummary, OperationCoverage } from './summary-types.js';
import type { ConformanceReport } from './types.js';

/** `getItem (GET /items/{id})`. */
export function operationName(op: { operationId: string; method: string; path: string }): string {
  return `${op.operationId} (${op.method} ${op.path})`;
}

/** "warning: getItem (GET /items/{id}) never got a 2xx: 401 throughout (12 requests)". */
export function neverSucceededLine(op: OperationCoverage): string {
  return `warning: ${operationName(op)} never got a 2xx: ${op.neverSucceeded ?? ''}`;
}

const CLASSES = ['2xx', '3xx', '4xx', '5xx', 'none'] as const;

/** The coverage summary as lines of text (stylish). */
export function coverageLines(summary: CoverageSummary): string[] {
  const out: string[] = [coverageHeadline(summary)];
  const names = summary.operations.map(operationName);
  const w = Math.max('operation'.length, ...names.map((n) => n.length));
  out.push(`  ${'operation'.padEnd(w)}  ${CLASSES.map((c) => c.padStart(5)).join('  ')}`);
  summary.operations.forEach((op, i) => {
    const counts = CLASSES.map((c) => String(op[c]).padStart(5)).join('  ');
    out.push(`  ${(names[i] ?? '').padEnd(w)}  ${counts}${op.neverSucceeded === undefined ? '' : '  ⚠'}`);
  });
  for (const op of summary.operations) if (op.neverSucceeded !== undefined) out.push(neverSucceededLine(op));
  out.push(refusedLine(summary));
  return out;
}

/** The coverage summary as a markdown section. */
export function coverageMarkdown(summary: CoverageSummary, cell: (text: string) => string): string[] {
  const out: string[] = ['', '#### Coverage', '', `**${cell(coverageHeadline(summary))}**; ${cell(refusedLine(summary))}`, ''];
  out.push('| operation | 2xx | 3xx | 4xx | 5xx | no answer | never got a 2xx |', '|---|---:|---:|---:|---:|---:|---|');
  for (const op of summary.operations) {
    const why = op.neverSucceeded === undefined ? '' : `⚠ ${cell(op.neverSucceeded)}`;
    out.push(`| ${cell(operationName(op))} | ${CLASSES.map((c) => op[c]).join(' | ')} | ${why} |`);
  }
  const below = belowMinimumLine(summary);
  if (below) out.push('', `**✖ ${cell(below)}**`);
  return out;
}

/** "not checked (test.exclude): response_schema_conformance on getItem: the vendor's dates". */
export function excludedLines(report: ConformanceReport): string[] {
  return (report.excluded ?? []).map((e) => `not checked (config test.exclude): ${e.checks.join(', ')} on ${e.operation}: ${e.reason}`);
}

/** What the baseline comparison found: how many failures it knows, and the entries to remove. */
export function baselineLines(report: ConformanceReport): string[] {
  const b = report.baseline;
  if (!b) return [];
  const out = [
    b.updated
      ? `baseline ${b.file} written from this run: ${b.known} known finding${b.known === 1 ? '' : 's'}`
      : `baseline ${b.file}: ${b.known} known (reported, not failing), ${b.new} new`,
  ];
  for (const e of b.fixed) out.push(`fixed: remove from baseline: ${e.check} ${e.operation}: ${e.cause}`);
  return out;
}
