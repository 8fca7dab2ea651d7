/**
 * The coverage summary of a conformance run: what was exercised, so that a green run says what it
 * did not test. Per operation, the requests that got a 2xx, 3xx, 4xx, 5xx or no answer; the
 * operations that never got a 2xx and why ("401 throughout (12 requests)"); the share of the
 * requests meant to be accepted that the server refused. `--min-coverage <percent>` fails a run in
 * which fewer than that share of the selected operations got at least one 2xx.
 */
import type { CoverageSummary, OperationCoverage } from './summary-types.js';
import type { ConformanceReport, OperationReport } from './types.js';

/** Statuses named in a reason, at most. */
const REASON_STATUSES = 3;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function total(counts: Record<string, number>): number {
  return Object.values(counts).reduce((n, c) => n + c, 0);
}

/** What a status says to someone who wonders why an operation never succeeded. */
function hint(status: string): string {
  if (status === '401') return ': no request was accepted as authenticated (a credential: --auth <scheme>=<value> or test.token)';
  if (status === '403') return ': the credential the run sent is not allowed to call it';
  if (status === 'none') return ': no answer (--timeout)';
  return '';
}

/**
 * Why an operation never got a 2xx: the status of every answer when there is one ("401 throughout
 * (12 requests)"), else the most frequent ones ("400 ×12, 404 ×3"). The answers to requests meant to
 * be accepted are read when there are some (those to invalid data are refused as they should be).
 */
function neverSucceeded(op: OperationReport): string {
  const answers = op.answers;
  if (!answers || total(answers.statuses) === 0) return 'no request was sent (no phase of this run built one for it)';
  const counts = total(answers.valid) > 0 ? answers.valid : answers.statuses;
  const n = total(counts);
  const which = counts === answers.valid ? 'valid ' : '';
  const entries = Object.entries(counts)
    .filter(([, c]) => c > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  const [first] = entries;
  if (entries.length === 1 && first) {
    const [status] = first;
    return `${status === 'none' ? 'no answer' : status} throughout (${plural(n, `${which}request`)})${hint(status)}`;
  }
  const shown = entries.slice(0, REASON_STATUSES).map(([status, c]) => `${status === 'none' ? 'no answer' : status} ×${c}`);
  const more = entries.length > REASON_STATUSES ? ', …' : '';
  return `answered ${shown.join(', ')}${more} (${plural(n, `${which}request`)})`;
}

function classes(op: OperationReport): OperationCoverage {
  const out: OperationCoverage = {
    operationId: op.operationId,
    method: op.method,
    path: op.path,
    requests: 0,
    '2xx': 0,
    '3xx': 0,
    '4xx': 0,
    '5xx': 0,
    none: 0,
  };
  for (const [status, n] of Object.entries(op.answers?.statuses ?? {})) {
    out.requests += n;
    if (status === 'none') out.none += n;
    else {
      const cls = `${status[0] ?? ''}xx`;
      if (cls === '2xx' || cls === '3xx' || cls === '4xx' || cls === '5xx') out[cls] += n;
    }
  }
  if (out['2xx'] === 0) out.neverSucceeded = neverSucceeded(op);
  return out;
}

/** succeeded / selected in percent, rounded down to one decimal (so 79.96 never shows as 80). */
function percentOf(succeeded: number, selected: number): number {
  return selected === 0 ? 100 : Math.floor((succeeded * 1000) / selected) / 10;
}

/**
 * The coverage summary of a report. `minimum` (`--min-coverage`) is a percentage from 0 to 100: the
 * run is below it when the selected operations that got at least one 2xx are fewer than that share
 * of the selected operations (compared exactly, not after rounding).
 */
export function summarizeCoverage(report: ConformanceReport, minimum?: number): CoverageSummary {
  const operations = report.operations.map(classes);
  const succeeded = operations.filter((o) => o['2xx'] > 0).length;
  const valid = { requests: 0, refused: 0 };
  for (const op of report.operations) {
    for (const [status, n] of Object.entries(op.answers?.valid ?? {})) {
      valid.requests += n;
      if (status.startsWith('4')) valid.refused += n;
    }
  }
  const summary: CoverageSummary = { operations, selected: operations.length, succeeded, percent: percentOf(succeeded, operations.length), valid };
  if (minimum !== undefined) {
    summary.minimum = minimum;
    summary.belowMinimum = succeeded * 100 < minimum * operations.length;
  }
  return summary;
}

/** `--min-coverage`: a percentage from 0 to 100 (a trailing % allowed), or undefined when not given. */
export function parseMinCoverage(raw: string | number | undefined): number | undefined | Error {
  if (raw === undefined) return undefined;
  const text = String(raw).trim().replace(/%$/, '');
  const n = text === '' ? NaN : Number(text);
  if (!Number.isFinite(n) || n < 0 || n > 100) return new Error(`--min-coverage takes a percentage from 0 to 100 (e.g. 80 or 80%), not "${String(raw)}"`);
  return n;
}

/** The summary's headline: "coverage: 5 of 6 operations (83.3%) got a 2xx". */
export function coverageHeadline(summary: CoverageSummary): string {
  return `coverage: ${summary.succeeded} of ${plural(summary.selected, 'operation')} (${summary.percent}%) got a 2xx`;
}

/** "valid requests refused: 3 of 120 (2.5%)". */
export function refusedLine(summary: CoverageSummary): string {
  const { requests, refused } = summary.valid;
  const share = requests === 0 ? 0 : Math.round((refused * 1000) / requests) / 10;
  return `valid requests refused: ${refused} of ${requests} (${share}%)`;
}

/** Why the run fails on coverage: "coverage 33.3% is below --min-coverage 50%: 2 of 3 selected operations never got a 2xx". */
export function belowMinimumLine(summary: CoverageSummary): string | undefined {
  if (!summary.belowMinimum || summary.minimum === undefined) return undefined;
  const never = summary.selected - summary.succeeded;
  return `coverage ${summary.percent}% is below --min-coverage ${summary.minimum}%: ${never} of ${plural(summary.selected, 'selected operation')} never got a 2xx`;
}
