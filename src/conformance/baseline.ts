/**
 * The baseline of a conformance run (`specforge test --baseline <file>`): findings known and
 * accepted, each by check, operation and cause (never by what a request held: generated values,
 * numbers and quoted text of a message are blurred), reported as known and not failing the run. A
 * known finding that no longer occurs where its check was applied is reported as fixed, so the
 * file stays true; `--update-baseline` writes the file from the run, sorted, keeping the reasons
 * written by hand.
 *
 * The file may come from a pull request's checkout: it is read as data (size-limited, no aliases
 * expanded beyond the parser's limit), and anything it holds is only compared, never run or sent.
 */
import { parseDocument, stringify } from 'yaml';
import { isCheckName } from './checks.js';
import type { BaselineEntry, BaselineOutcome } from './summary-types.js';
import type { ConformanceFailure, ConformanceReport } from './types.js';

/** The largest baseline file read. */
export const MAX_BASELINE_BYTES = 5 * 1024 * 1024;

/** A baseline that cannot be used: the message names what is wrong (the caller names the file). */
export class BaselineError extends Error {}

/**
 * A cause as a baseline keys it: what a server answered and what a request held blurred (quoted
 * text, uuids, long hex and base64 runs; a cause taken from a message has its numbers blurred
 * already, one a check names, such as "status 400", keeps them), a server error's body left out.
 */
export function baselineCause(check: string, cause: string): string {
  let text = cause;
  if (check === 'not_a_server_error') text = text.replace(/^(server error [\d#]+):.*$/s, '$1');
  return text
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '…')
    .replace(/\b[A-Za-z0-9+/_-]{24,}={0,2}/g, '…')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}

/** The entry a failure is known by: its check, its operation (`*` for one counted for the contract) and its cause. */
export function entryOf(f: ConformanceFailure): BaselineEntry {
  return { check: f.check, operation: f.contractWide ? '*' : f.operationId, cause: baselineCause(f.check, f.cause ?? f.message) };
}

function matches(entry: BaselineEntry, f: ConformanceFailure): boolean {
  const key = entryOf(f);
  return entry.check === key.check && (entry.operation === '*' || entry.operation === key.operation) && baselineCause(entry.check, entry.cause) === key.cause;
}

/** Reads a baseline file's text: `known:` a list of { check, operation, cause, reason? }. */
export function parseBaseline(text: string): BaselineEntry[] {
  if (Buffer.byteLength(text) > MAX_BASELINE_BYTES) throw new BaselineError(`larger than ${MAX_BASELINE_BYTES} bytes`);
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
  const syntax = doc.errors[0];
  if (syntax) throw new BaselineError(`cannot parse: ${syntax.message.split('\n')[0] ?? ''}`);
  const raw = doc.toJS({ maxAliasCount: 100 }) as unknown;
  if (raw === null || raw === undefined) return [];
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new BaselineError('expected a mapping with a "known" list');
  const known = (raw as Record<string, unknown>)['known'];
  if (known === undefined || known === null) return [];
  if (!Array.isArray(known)) throw new BaselineError('known must be a list of { check, operation, cause }');
  return known.map((item: unknown, i): BaselineEntry => {
    const bad = (what: string): BaselineError => new BaselineError(`known[${i}]: ${what}`);
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw bad('expected a mapping with check, operation and cause');
    const e = item as Record<string, unknown>;
    for (const key of Object.keys(e))
      if (!['check', 'operation', 'cause', 'reason'].includes(key)) throw bad(`unknown key "${key}" (known keys: check, operation, cause, reason)`);
    if (typeof e['check'] !== 'string' || !isCheckName(e['check'])) throw bad(`check must name a check, not ${JSON.stringify(e['check'] ?? null)}`);
    if (typeof e['operation'] !== 'string' || e['operation'] === '') throw bad('operation must be an operationId (or * for any)');
    if (typeof e['cause'] !== 'string') throw bad('cause must be a string');
    if (e['reason'] !== undefined && typeof e['reason'] !== 'string') throw bad('reason must be a string');
    const entry: BaselineEntry = { check: e['check'], operation: e['operation'], cause: e['cause'] };
    if (typeof e['reason'] === 'string') entry.reason = e['reason'];
    return entry;
  });
}

/** Whether the run applied the entry's check to its operation (so its absence means it is fixed). */
function tried(entry: BaselineEntry, report: ConformanceReport): boolean {
  return report.operations.some(
    (o) => (entry.operation === '*' || o.operationId === entry.operation) && o.checks[entry.check as keyof typeof o.checks] !== undefined,
  );
}

/**
 * Marks the failures the baseline lists as known, and says which entries no longer occur. `complete`:
 * the run was not cut short (--max-failures), so an entry not seen where its check ran is fixed.
 */
export function applyBaseline(report: ConformanceReport, entries: readonly BaselineEntry[], file: string, complete: boolean): BaselineOutcome {
  const seen = new Set<BaselineEntry>();
  let known = 0;
  for (const f of report.failures) {
    const entry = entries.find((e) => matches(e, f));
    if (!entry) continue;
    f.known = true;
    seen.add(entry);
    known++;
  }
  const fixed = complete ? entries.filter((e) => !seen.has(e) && tried(e, report)) : [];
  const outcome: BaselineOutcome = { file, known, new: report.failures.length - known, fixed };
  report.baseline = outcome;
  return outcome;
}

function compare(a: BaselineEntry, b: BaselineEntry): number {
  return a.check.localeCompare(b.check) || a.operation.localeCompare(b.operation) || a.cause.localeCompare(b.cause);
}

/**
 * The baseline file from a run: every failure's entry (once), the reasons of the previous file's
 * entries kept, and its entries this run did not try (another operation, a check left out) kept
 * as they were; sorted by check, operation and cause.
 */
export function baselineText(report: ConformanceReport, previous: readonly BaselineEntry[], spec: string): string {
  const out = new Map<string, BaselineEntry>();
  const keyOf = (e: BaselineEntry): string => `${e.check}\u0000${e.operation}\u0000${baselineCause(e.check, e.cause)}`;
  for (const f of report.failures) {
    const entry = entryOf(f);
    const before = previous.find((e) => matches(e, f));
    if (before?.reason !== undefined) entry.reason = before.reason;
    out.set(keyOf(before ?? entry), before ? { ...before, cause: before.cause } : entry);
  }
  for (const e of previous) if (!tried(e, report) && !out.has(keyOf(e))) out.set(keyOf(e), e);
  const known = [...out.values()]
    .sort(compare)
    .map((e) => ({ check: e.check, operation: e.operation, cause: e.cause, ...(e.reason === undefined ? {} : { reason: e.reason }) }));
  const header = [
    `# specforge test baseline of ${spec.replace(/[\r\n]/g, ' ')}: findings known and accepted.`,
    '# specforge test --baseline <this file> reports them as known and does not fail on them; one that',
    '# no longer occurs is reported as "fixed: remove from baseline". Written by --update-baseline',
    '# (sorted by check, operation and cause); a reason: added by hand is kept when it is written again.',
  ].join('\n');
  return `${header}\n${stringify({ known }, { lineWidth: 0 })}`;
}
