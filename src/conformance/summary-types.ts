/**
 * What a conformance report says beyond its failures: the coverage summary (coverage-summary.ts),
 * the failures grouped by cause (grouping.ts) and the comparison with a baseline (baseline.ts).
 */
import type { CheckName } from './checks.js';

/** One operation's answers, by status class. */
export interface OperationCoverage {
  operationId: string;
  method: string;
  path: string;
  /** Requests sent for the operation (each answer or its absence counted once). */
  requests: number;
  '2xx': number;
  '3xx': number;
  '4xx': number;
  '5xx': number;
  /** Requests that got no answer (timeout, connection closed). */
  none: number;
  /** Why the operation never got a 2xx; absent when it got one. */
  neverSucceeded?: string;
}

export interface CoverageSummary {
  operations: OperationCoverage[];
  /** The operations the run selected (`--operations`, `--tags`; default all). */
  selected: number;
  /** Of them, those that got at least one 2xx answer. */
  succeeded: number;
  /** succeeded / selected in percent, rounded down to one decimal (100 when none is selected). */
  percent: number;
  /**
   * Requests meant to be accepted (documented examples and generated data the contract's
   * validators accept, boundary values inside the bounds, the stateful phase's creates and lists),
   * and how many of them the server refused (answered a 4xx).
   */
  valid: { requests: number; refused: number };
  /** `--min-coverage`: the percentage of selected operations that must get a 2xx. */
  minimum?: number;
  /** Whether `percent` is below `minimum` (the run fails). */
  belowMinimum?: boolean;
}

/**
 * Failures of one cause: a defect of the contract shared by several operations is one group with
 * the operations listed; a fault of the server is a group of its own.
 */
export interface FindingGroup {
  kind: 'contract' | 'server';
  check: CheckName;
  /** What makes the failures one fault (the failure's cause). */
  cause: string;
  /** One line about the group ("3 operations answer 400 to invalid input, which they do not declare"). */
  message: string;
  /** The operations that show it, in the order found. */
  operations: string[];
  /** Indexes of its failures in the report's `failures`. */
  failures: number[];
  /** Every failure of the group is listed in the baseline. */
  known?: true;
}

/** A known finding of the baseline file: check, operation (`*` for one counted for the contract) and cause. */
export interface BaselineEntry {
  check: string;
  operation: string;
  cause: string;
  /** Why it is accepted (kept as written; not part of the key). */
  reason?: string;
}

export interface BaselineOutcome {
  /** The baseline file, as named. */
  file: string;
  /** Failures of this run the baseline lists. */
  known: number;
  /** Failures it does not list: these fail the run. */
  new: number;
  /** Entries that did not occur in this run although their operation and check were tried: remove them. */
  fixed: BaselineEntry[];
  /** Whether the file was written from this run (`--update-baseline`). */
  updated?: true;
}
