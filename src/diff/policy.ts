/**
 * A team's own verdicts over the catalogue, as oasdiff users set them: per-rule severity overrides
 * (`--severity <rule>=<level>`, or oasdiff's severity-levels file of `<rule> <level>` lines) and
 * path filters (`--match-path`, `--unmatch-path`: regular expressions over the API path). They
 * apply to breaking changes (diff, review, changelog alike) and, in review, to lint findings and
 * stale files too.
 */
import { readFileSync } from 'node:fs';
import { UsageError } from '../contract/errors.js';
import type { Finding, FindingLevel } from '../report/findings.js';
import type { DiffChange } from './change.js';
import type { DiffLevel } from './rules.js';
import type { DiffSettings, SeverityOverride } from '../config/config.js';
import { resolve } from 'node:path';

/** A rule's level after an override: a finding level, or off (not reported). */
export type { SeverityOverride };

export interface ReviewPolicy {
  /** Rule id (a diff rule, a lint rule with or without its `specforge/` prefix, `stale-file`) to level. */
  severity?: Readonly<Record<string, SeverityOverride>>;
  /** Only changes and findings at API paths this matches (paths without one are kept). */
  matchPath?: RegExp;
  /** No changes and findings at API paths this matches. */
  unmatchPath?: RegExp;
}

/** The words a level may be given as: specforge's, oasdiff's (err, warn, none) and SARIF's (note). */
const LEVEL_WORDS: Record<string, SeverityOverride> = {
  error: 'error',
  err: 'error',
  breaking: 'error',
  warning: 'warning',
  warn: 'warning',
  info: 'info',
  note: 'info',
  off: 'off',
  none: 'off',
};

export function severityWord(word: string, where: string): SeverityOverride {
  const level = LEVEL_WORDS[word.trim().toLowerCase()];
  if (level === undefined) throw new UsageError(`${where}: the level must be error, warning, info or off (oasdiff's err, warn, info, none too), not "${word}"`);
  return level;
}

/** `--severity rule=level` (repeatable, or several separated by commas). */
export function parseSeverityFlags(values: readonly string[]): Record<string, SeverityOverride> {
  const out: Record<string, SeverityOverride> = {};
  for (const value of values) {
    for (const part of value.split(',')) {
      if (part.trim() === '') continue;
      const m = /^\s*([^=\s]+)\s*=\s*(\S+)\s*$/.exec(part);
      if (!m) throw new UsageError(`--severity takes <rule>=<level> (e.g. response-property-enum-value-added=warn), not "${part.trim()}"`);
      out[m[1] as string] = severityWord(m[2] as string, `--severity ${m[1] as string}`);
    }
  }
  return out;
}

/** oasdiff's severity-levels file: one `<rule> <level>` per line, `#` comments. */
export function readSeverityFile(path: string, shown: string): Record<string, SeverityOverride> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new UsageError(`--severity-levels: cannot read ${shown}`);
  }
  const out: Record<string, SeverityOverride> = {};
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/#.*$/, '').trim();
    if (line === '') return;
    const m = /^(\S+)\s+(\S+)$/.exec(line);
    if (!m) throw new UsageError(`${shown}:${i + 1}: a line of a severity-levels file is "<rule> <level>", not "${line}"`);
    out[m[1] as string] = severityWord(m[2] as string, `${shown}:${i + 1}`);
  });
  return out;
}

/** A regular expression of --match-path or --unmatch-path; a usage error when it does not compile. */
export function pathPattern(flag: string, source: string | undefined): RegExp | undefined {
  if (source === undefined || source === '') return undefined;
  try {
    return new RegExp(source, 'u');
  } catch (err) {
    throw new UsageError(`${flag}: not a regular expression: ${(err as Error).message}`);
  }
}

/**
 * The rules of stale generated code that `stale-file` stands for as well (the guide's name for the
 * whole check): a file on disk that differs is `stale-file`, one not on disk `missing-file`, and so on.
 */
const STALE_FAMILY = new Set(['missing-file', 'extra-file', 'stray-file']);

/**
 * The override of a rule: by its id, or a lint rule by its name without the `specforge/` prefix, or
 * a rule of stale generated code by `stale-file` (unless it is set on its own).
 */
export function overrideOf(policy: ReviewPolicy, rule: string): SeverityOverride | undefined {
  const severity = policy.severity ?? {};
  if (Object.hasOwn(severity, rule)) return severity[rule];
  if (STALE_FAMILY.has(rule) && Object.hasOwn(severity, 'stale-file')) return severity['stale-file'];
  const bare = rule.replace(/^specforge\//, '');
  if (bare !== rule && Object.hasOwn(severity, bare)) return severity[bare];
  if (bare === rule && Object.hasOwn(severity, `specforge/${rule}`)) return severity[`specforge/${rule}`];
  return undefined;
}

/** Whether an API path passes the path filters (undefined: a change of no path, always kept). */
export function pathKept(policy: ReviewPolicy, path: string | undefined): boolean {
  if (path === undefined) return true;
  if (policy.matchPath && !policy.matchPath.test(path)) return false;
  if (policy.unmatchPath && policy.unmatchPath.test(path)) return false;
  return true;
}

const DIFF_LEVEL: Record<FindingLevel, DiffLevel> = { error: 'breaking', warning: 'warning', info: 'info' };

/** The changes the policy keeps, at the levels it gives them. */
export function applyToChanges(changes: readonly DiffChange[], policy: ReviewPolicy): DiffChange[] {
  const out: DiffChange[] = [];
  for (const change of changes) {
    if (!pathKept(policy, change.path ?? change.operation?.path)) continue;
    const override = overrideOf(policy, change.rule);
    if (override === 'off') continue;
    out.push(override === undefined ? change : { ...change, level: DIFF_LEVEL[override] });
  }
  return out;
}

/** The API path a finding's JSON pointer is under (`/paths/~1pets~1{id}/get` is under `/pets/{id}`). */
export function apiPathOf(pointer: string | undefined): string | undefined {
  const m = /^\/paths\/([^/]+)/.exec(pointer ?? '');
  if (!m) return undefined;
  return (m[1] as string).replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Lint and drift findings the policy keeps, at the levels it gives them. */
export function applyToFindings(findings: readonly Finding[], policy: ReviewPolicy): Finding[] {
  const out: Finding[] = [];
  for (const f of findings) {
    if (!pathKept(policy, apiPathOf(f.location.pointer))) continue;
    const override = overrideOf(policy, f.rule);
    if (override === 'off') continue;
    out.push(override === undefined ? f : { ...f, level: override });
  }
  return out;
}

/** Whether the policy changes anything. */
export function isEmptyPolicy(policy: ReviewPolicy): boolean {
  return Object.keys(policy.severity ?? {}).length === 0 && policy.matchPath === undefined && policy.unmatchPath === undefined;
}

/** What the flags say about the policy (each over the config's setting). */
export interface PolicyFlags {
  /** `<rule>=<level>`, repeatable. */
  severity?: string[];
  /** A severity-levels file, relative to the working folder. */
  severityLevels?: string;
  matchPath?: string;
  unmatchPath?: string;
}

/** The severity overrides and path filters: the config's diff: settings, then the severity-levels file, then the flags. */
export function policyOf(cwd: string, settings: DiffSettings, flags: PolicyFlags): ReviewPolicy {
  const severity = {
    ...(settings.severity ?? {}),
    ...(flags.severityLevels !== undefined ? readSeverityFile(resolve(cwd, flags.severityLevels), flags.severityLevels) : {}),
    ...parseSeverityFlags(flags.severity ?? []),
  };
  const policy: ReviewPolicy = { severity };
  const match = pathPattern('--match-path', flags.matchPath ?? settings.matchPath);
  const unmatch = pathPattern('--unmatch-path', flags.unmatchPath ?? settings.unmatchPath);
  if (match) policy.matchPath = match;
  if (unmatch) policy.unmatchPath = unmatch;
  return policy;
}
