/**
 * The statuses each operation's requests were answered with, for the coverage summary
 * (coverage-summary.ts): every request sent for an operation (with its own method: a method its
 * path does not declare is not the operation's) is counted once, by the status of its answer or
 * `none`; the requests meant to be accepted are counted again under `valid` when their answer is
 * judged (exchange.ts calls countAnswer when it sends and meantFor when it judges).
 */
import type { ReceivedResponse } from './checks.js';
import type { AnswerTally, ConformanceReport, OperationReport, Phase } from './types.js';

/** Answers counted but not judged yet: the tally their `valid` count goes to, once. */
const unjudged = new WeakMap<ReceivedResponse, AnswerTally>();

function tallyOf(entry: OperationReport): AnswerTally {
  return (entry.answers ??= { statuses: {}, valid: {} });
}

/**
 * Counts one request of the run, by its answer's status (`none`: no answer). A request not sent
 * (a dry run, one that cannot be built, one off the base URL's origin) is not counted.
 */
export function countAnswer(
  report: ConformanceReport,
  request: { operationId: string; method: string },
  result: { response?: ReceivedResponse; error?: string },
): void {
  if (!result.response && (result.error === undefined || /^(not sendable|refused to send)/.test(result.error))) return;
  const entry = report.operations.find((o) => o.operationId === request.operationId);
  if (!entry || entry.method !== request.method.toUpperCase()) return;
  const tally = tallyOf(entry);
  const key = result.response ? String(result.response.status) : 'none';
  tally.statuses[key] = (tally.statuses[key] ?? 0) + 1;
  if (result.response) unjudged.set(result.response, tally);
}

/**
 * Whether a request was meant to be accepted: judged as valid data (`positive`: documented
 * examples and generated data the contract's validators accept, boundary values inside the
 * bounds), or a create or list of the stateful phase.
 */
export function meantToSucceed(phase: Phase, origin: string, expect: 'positive' | 'negative' | 'any'): boolean {
  return expect === 'positive' || (phase === 'stateful' && /^(create|list) /.test(origin));
}

/** Counts a judged answer under `valid` (once per answer) when its request was meant to be accepted. */
export function countValid(response: ReceivedResponse, meant: boolean): void {
  const tally = unjudged.get(response);
  if (!tally) return;
  unjudged.delete(response);
  if (!meant) return;
  const key = String(response.status);
  tally.valid[key] = (tally.valid[key] ?? 0) + 1;
}

/** Counts a replayed exchange (cassette.ts): its answer's status, and under `valid` when it was meant to be accepted. */
export function countReplayed(report: ConformanceReport, operationId: string, method: string, response: ReceivedResponse | undefined, meant: boolean): void {
  const entry = report.operations.find((o) => o.operationId === operationId);
  if (!entry || entry.method !== method.toUpperCase()) return;
  const tally = tallyOf(entry);
  const key = response ? String(response.status) : 'none';
  tally.statuses[key] = (tally.statuses[key] ?? 0) + 1;
  if (response && meant) tally.valid[key] = (tally.valid[key] ?? 0) + 1;
}

/** Adds one report's answers of an operation to another's (the workers' reports merged). */
export function mergeAnswers(into: OperationReport, from: OperationReport): void {
  if (!from.answers) return;
  const tally = tallyOf(into);
  for (const [key, n] of Object.entries(from.answers.statuses)) tally.statuses[key] = (tally.statuses[key] ?? 0) + n;
  for (const [key, n] of Object.entries(from.answers.valid)) tally.valid[key] = (tally.valid[key] ?? 0) + n;
}

/**
 * Whether a replayed exchange was meant to be accepted: a valid request of the examples, coverage
 * or fuzz phase (or proxied traffic), or a create or list of the stateful phase.
 */
export function replayedMeant(phase: Phase, origin: string, valid: boolean): boolean {
  if (phase === 'stateful') return meantToSucceed(phase, origin, 'any');
  return valid && phase !== 'negative' && phase !== 'security';
}
