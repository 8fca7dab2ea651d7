/**
 * The deprecation policy, as oasdiff has it: an operation (or parameter) marked `deprecated` may be
 * removed once its `x-sunset` date (RFC 3339 date or date-time) has passed, or at any time when it
 * has none and no deprecation period is required. With `--deprecation-days <n>` the period is
 * required: deprecating something needs an `x-sunset` at least n days away.
 *
 * `x-stability-level` (draft, alpha, beta, stable; absent: stable) marks operations whose shape is
 * not promised yet: the breaking changes of a draft or alpha operation are reported as info, and
 * no deprecation period applies to them.
 */
import type { DiffChange, Emit } from './change.js';
import { show } from './document.js';

/** Options of one comparison of two contracts. */
export interface DiffOptions {
  /** Days required between deprecating something and its x-sunset date (0 or absent: x-sunset optional). */
  deprecationDays?: number;
  /** Today, for sunset dates (default: the current date). */
  now?: Date;
}

export interface DiffPolicy {
  deprecationDays: number;
  /** Today as YYYY-MM-DD (UTC). */
  today: string;
}

export function policyOf(options: DiffOptions = {}): DiffPolicy {
  return { deprecationDays: options.deprecationDays ?? 0, today: isoDate(options.now ?? new Date()) };
}

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return isoDate(new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000));
}

export const STABILITY_LEVELS = ['draft', 'alpha', 'beta', 'stable'] as const;
export type Stability = (typeof STABILITY_LEVELS)[number];

/** `x-stability-level` of an operation; absent or unknown: stable (the strictest reading). */
export function stabilityOf(extensions: Record<string, unknown>): Stability {
  const v = extensions['x-stability-level'];
  return typeof v === 'string' && (STABILITY_LEVELS as readonly string[]).includes(v) ? (v as Stability) : 'stable';
}

/** Draft and alpha operations promise nothing yet. */
export function isUnstable(stability: Stability): boolean {
  return stability === 'draft' || stability === 'alpha';
}

/** The deprecation period that applies at a stability level. */
export function daysFor(policy: DiffPolicy, stability: Stability): number {
  return isUnstable(stability) ? 0 : policy.deprecationDays;
}

export type Sunset = { kind: 'none' } | { kind: 'date'; date: string } | { kind: 'invalid'; text: string };

/** `x-sunset`: a date (`2025-12-31`) or a date-time (`2025-12-31T00:00:00Z`); the day is what counts. */
export function sunsetOf(extensions: Record<string, unknown>): Sunset {
  const v = extensions['x-sunset'];
  if (v === undefined) return { kind: 'none' };
  if (v instanceof Date && !Number.isNaN(v.getTime())) return { kind: 'date', date: isoDate(v) };
  if (typeof v === 'string') {
    const day = /^(\d{4}-\d{2}-\d{2})$/.exec(v.trim());
    if (day && !Number.isNaN(Date.parse(`${day[1] as string}T00:00:00Z`)) && isoDate(new Date(`${day[1] as string}T00:00:00Z`)) === day[1])
      return { kind: 'date', date: day[1] as string };
    const time = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.exec(v.trim());
    if (time && !Number.isNaN(Date.parse(v.trim()))) return { kind: 'date', date: time[1] as string };
  }
  return { kind: 'invalid', text: show(v) };
}

/** What removing something the base had means under the policy. */
export type Removal =
  /** Not deprecated: a plain removal. */
  | { kind: 'not-deprecated' }
  /** Deprecated, and its sunset (if any) has passed: allowed. */
  | { kind: 'allowed'; sunset?: string }
  /** Deprecated, but its sunset date is still ahead (or unreadable). */
  | { kind: 'before-sunset'; sunset: string }
  /** Deprecated without the x-sunset a required deprecation period needs. */
  | { kind: 'sunset-missing'; days: number };

export function removalOf(deprecated: boolean, extensions: Record<string, unknown>, policy: DiffPolicy, stability: Stability): Removal {
  if (!deprecated) return { kind: 'not-deprecated' };
  const sunset = sunsetOf(extensions);
  const days = daysFor(policy, stability);
  if (sunset.kind === 'none') return days > 0 ? { kind: 'sunset-missing', days } : { kind: 'allowed' };
  if (sunset.kind === 'invalid') return { kind: 'before-sunset', sunset: `${sunset.text} (not a date)` };
  return sunset.date > policy.today ? { kind: 'before-sunset', sunset: sunset.date } : { kind: 'allowed', sunset: sunset.date };
}

/** A problem with the sunset of something deprecated in the head. */
export type SunsetProblem = { kind: 'missing'; days: number; why: string } | { kind: 'too-soon'; sunset: string; earliest: string; days: number; why: string };

/**
 * Checks the x-sunset of something deprecated in the head, when it was newly deprecated or its
 * sunset changed: with a deprecation period it must exist and be at least that many days away; a
 * sunset moved earlier must keep the period too (without a period: must not move into the past).
 */
export function sunsetProblem(
  base: { deprecated: boolean; extensions: Record<string, unknown> } | undefined,
  head: { deprecated: boolean; extensions: Record<string, unknown> },
  policy: DiffPolicy,
  stability: Stability,
): SunsetProblem | undefined {
  if (!head.deprecated) return undefined;
  const days = daysFor(policy, stability);
  const hs = sunsetOf(head.extensions);
  const wasDeprecated = base?.deprecated === true;
  const bs = base ? sunsetOf(base.extensions) : ({ kind: 'none' } as Sunset);
  const unchanged = wasDeprecated && show(base?.extensions['x-sunset']) === show(head.extensions['x-sunset']);
  if (unchanged) return undefined;
  const earliest = addDays(policy.today, days);
  if (hs.kind !== 'date') {
    if (days === 0) return undefined;
    const why =
      hs.kind === 'invalid'
        ? `its x-sunset ${hs.text} is not a date`
        : wasDeprecated && bs.kind !== 'none'
          ? 'its x-sunset was removed'
          : 'it has no x-sunset date';
    return { kind: 'missing', days, why };
  }
  if (!wasDeprecated) {
    if (days > 0 && hs.date < earliest) return { kind: 'too-soon', sunset: hs.date, earliest, days, why: `deprecated with x-sunset ${hs.date}` };
    return undefined;
  }
  // Already deprecated: only a sunset moved earlier matters.
  if (bs.kind === 'date' && hs.date < bs.date && hs.date < earliest) {
    return { kind: 'too-soon', sunset: hs.date, earliest, days, why: `x-sunset moved from ${bs.date} to ${hs.date}` };
  }
  if (bs.kind !== 'date' && days > 0 && hs.date < earliest) return { kind: 'too-soon', sunset: hs.date, earliest, days, why: `x-sunset set to ${hs.date}` };
  return undefined;
}

/**
 * An emitter whose breaking changes and warnings are reported as info: for operations whose
 * stability level promises nothing yet (the rule id is kept, so accept files still match).
 */
export function lenientEmitter(emit: Emit, out: DiffChange[], stability: Stability): Emit {
  if (!isUnstable(stability)) return emit;
  return (rule, pointer, message, detail, identity) => {
    const before = out.length;
    emit(rule, pointer, message, detail, identity);
    for (const change of out.slice(before)) {
      if (change.level === 'info') continue;
      change.message = `${change.message} (${change.level} for a stable operation; info at x-stability-level ${stability})`;
      change.level = 'info';
    }
  };
}
