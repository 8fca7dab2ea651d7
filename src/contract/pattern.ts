/**
 * Regular expressions of `pattern` (and `patternProperties`) as the validators compile them: with
 * the `u` flag, as JSON Schema asks. Many published contracts escape characters that need no
 * escape (`\_`, `\!`, `\=`, `\-` outside a class): legal without `u`, a syntax error with it. Such an
 * escape means the character itself, so it is dropped; a pattern that still does not compile is
 * reported and not checked, rather than failing every validator of the contract.
 */
import { createRequire } from 'node:module';
import { isLinearPattern } from '../runtime/validation/pattern.js';

/**
 * The two pattern analysers, loaded on first use (synchronously): 0.3-0.4 s of module loading that a
 * command starting from its start-up cache, which plans no validator, never needs.
 */
const load = createRequire(import.meta.url);
let redosDetector: typeof import('redos-detector') | undefined;
let scslre: typeof import('scslre') | undefined;
const analyse: (typeof import('scslre'))['analyse'] = (...args) => (scslre ??= load('scslre') as typeof import('scslre')).analyse(...args);
const isSafePattern: (typeof import('redos-detector'))['isSafePattern'] = (...args) =>
  (redosDetector ??= load('redos-detector') as typeof import('redos-detector')).isSafePattern(...args);

/** Characters an identity escape may name under the `u` flag (ECMA-262 SyntaxCharacter and `/`). */
const SYNTAX = new Set('^$\\.*+?()[]{}|/'.split(''));

function compiles(source: string): boolean {
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
}

/** Drops needless identity escapes (outside classes; and inside them, all but `\-`). */
function withoutNeedlessEscapes(source: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (c === '\\' && i + 1 < source.length) {
      const next = source[i + 1] as string;
      const needless = !/[A-Za-z0-9]/.test(next) && !SYNTAX.has(next) && !(inClass && next === '-');
      out += needless ? next : c + next;
      i++;
      continue;
    }
    if (c === '[' && !inClass) inClass = true;
    else if (c === ']' && inClass) inClass = false;
    out += c;
  }
  return out;
}

/** The pattern to compile: as written when it compiles, else without needless escapes, else undefined. */
export function unicodePattern(source: string): { pattern: string; changed: boolean } | undefined {
  if (compiles(source)) return { pattern: source, changed: false };
  const fixed = withoutNeedlessEscapes(source);
  return compiles(fixed) ? { pattern: fixed, changed: true } : undefined;
}

/**
 * How a contract's pattern is evaluated, and what a backtracking engine makes of it. specforge's
 * validators run patterns in linear time (src/runtime/validation/pattern.ts: RE2, through re2js). A pattern
 * RE2 cannot run (a lookahead past the start, a backreference, an unknown property name) falls back
 * to JavaScript's RegExp, and is refused unless two ReDoS checkers agree its backtracking is
 * harmless: scslre (RunDevelopment's analysis of super-linear backtracking, also used by
 * eslint-plugin-regexp) finds no super-linear cause, and redos-detector proves the backtracking
 * bounded. Neither is complete on its own: redos-detector counts backtracks (it also flags some
 * linear patterns, and missed a quadratic lookahead scslre finds), scslre only searches attack
 * strings that repeat one character.
 */
export interface PatternVerdict {
  /** Evaluated by RE2 in linear time. */
  linear: boolean;
  /** Why the pattern is refused (RE2 cannot run it and it is not shown to be safe); undefined when it is not. */
  refused?: string;
  /** What a backtracking engine (clients, other tools) risks with the pattern; undefined when nothing was found. */
  backtracking?: string;
}

/** The most work redos-detector does for one pattern (deterministic, unlike its timeout; ~1 s at worst). */
const REDOS_MAX_STEPS = 1000;

const verdicts = new Map<string, PatternVerdict>();

/** scslre's findings (Trade, Self: backtracking; Move: retried at every position), as one sentence. */
export function backtrackingRisk(source: string): string | undefined {
  let reports: ReturnType<typeof analyse>['reports'];
  try {
    reports = analyse({ source, flags: 'u' }).reports;
  } catch {
    return undefined;
  }
  if (reports.length === 0) return undefined;
  const worst = reports.find((r) => r.exponential) ?? reports.find((r) => r.type !== 'Move') ?? (reports[0] as (typeof reports)[number]);
  const run = JSON.stringify(worst.character.pick.repeat(3) + '…');
  if (worst.exponential)
    return `exponential backtracking: each ${JSON.stringify(worst.character.pick)} added to a value like ${run} that fails to match doubles the time`;
  if (worst.type === 'Move') return `quadratic time: the pattern is not anchored and a value like ${run} that fails to match is retried from every position`;
  return `polynomial backtracking on a value like ${run} that fails to match`;
}

/** The verdict on a pattern (valid under the `u` flag); cached, as contracts repeat patterns. */
export function patternVerdict(source: string): PatternVerdict {
  let verdict = verdicts.get(source);
  if (verdict) return verdict;
  const linear = isLinearPattern(source);
  const backtracking = backtrackingRisk(source);
  verdict = { linear };
  if (backtracking !== undefined) verdict.backtracking = backtracking;
  if (!linear) {
    if (backtracking !== undefined)
      verdict.refused = `RE2 cannot run it (a lookahead past the start, a backreference, or a construct RE2 lacks) and a backtracking engine risks ${backtracking}`;
    else if (!redosSafe(source))
      verdict.refused =
        'RE2 cannot run it (a lookahead past the start, a backreference, or a construct RE2 lacks) and its backtracking cannot be shown to be bounded';
  }
  verdicts.set(source, verdict);
  return verdict;
}

function redosSafe(source: string): boolean {
  try {
    return isSafePattern(source, { unicode: true, maxSteps: REDOS_MAX_STEPS }).safe;
  } catch {
    return false;
  }
}

/** What the refusal's hint suggests. */
export const UNSAFE_PATTERN_HINT =
  'write lookaheads at the start of an anchored pattern (^(?=...)(?!...)...), which runs in linear time, and avoid backreferences; see "Hostile and careless clients" in docs/reference/generated-output.md';
