/**
 * Regular expressions of a contract (`pattern`, `patternProperties`) evaluated in linear time. A
 * backtracking engine (JavaScript's RegExp) can take exponential time on some patterns: with
 * `^(a+)+$`, each character added to a rejected value doubles the time, and one request stalls
 * every other. Patterns are run by re2js, a JavaScript port of RE2 whose matching time is linear in
 * the length of the value, with the semantics of a JavaScript regular expression with the `u` flag
 * (the syntax is translated: `.`, `\s` and `\S` keep their JavaScript meaning, Unicode property
 * names their ECMAScript spelling, and so on).
 *
 * RE2 cannot express lookahead or backreferences. Lookaheads at the start of an anchored pattern
 * (`^(?=.*\d)(?!.*\s)[\w-]{8,}$`, the usual shape) are run as separate linear matches of the same
 * string. Any other pattern RE2 cannot run falls back to RegExp: specforge refuses such a pattern
 * when the contract is loaded unless a ReDoS checker finds its backtracking bounded
 * (src/contract/pattern.ts), so only checked patterns reach the fallback.
 *
 * No Node.js module and nothing of Ajv: generated validators import this through
 * `@specforge/runtime/validators`.
 */
import { RE2JS } from 're2js';
import { DOT, hex, NOT_SPACE_CLASS, propertyName, SPACE_CLASS } from './pattern-unicode.js';

/** A compiled pattern: `test` reports whether the pattern matches somewhere in the value, as RegExp's does. */
export interface CompiledPattern {
  test(value: string): boolean;
  /** The pattern as written in the contract. */
  readonly source: string;
  toString(): string;
}

/** The largest repetition count translated (RE2's own limit is 1,000; larger counts are split). */
const MAX_COUNT = 10_000;

/** `X{0,n}` for any n, with no count over 1,000: X{0,n} = X{1000}X{0,n-1000} | X{0,999}. */
function upTo(atom: string, n: number): string {
  return n <= 1000 ? `${atom}{0,${n}}` : `(?:${atom}{1000}${upTo(atom, n - 1000)}|${atom}{0,999})`;
}

/** Why a pattern cannot be translated (RE2 lacks the construct). */
class Untranslatable extends Error {}

/** The RE2 text of a group's opening, and whether it needs re2js's lookbehind support. */
interface GroupOpen {
  text: string;
  lookbehind: boolean;
  lookahead: boolean;
  length: number;
}

/**
 * A JavaScript regular expression (`u` flag; already known to compile) in RE2's syntax with the
 * same meaning. Captures become non-capturing groups: nothing reads them, and re2js runs only
 * captureless lookbehinds.
 */
class Translator {
  private i = 0;
  private out = '';
  /** Where the last atom (what a quantifier applies to) starts in `out`, and where open groups start. */
  private atom = 0;
  private readonly groups: number[] = [];
  lookbehind = false;

  constructor(private readonly src: string) {}

  run(): string {
    const src = this.src;
    while (this.i < src.length) {
      const c = src[this.i] as string;
      if (c === '(') {
        const open = groupOpen(src, this.i);
        if (open.lookahead) throw new Untranslatable('lookahead');
        if (open.lookbehind) this.lookbehind = true;
        this.groups.push(this.out.length);
        this.out += open.text;
        this.i += open.length;
        continue;
      }
      if (c === ')') {
        this.atom = this.groups.pop() ?? 0;
        this.out += c;
        this.i++;
        continue;
      }
      if (c === '{') {
        this.counted();
        continue;
      }
      if (c === '\\' || c === '[' || c === '.' || !'^$|*+?'.includes(c)) this.atom = this.out.length;
      if (c === '\\') this.out += this.escape(false);
      else if (c === '[') this.out += this.charClass();
      else if (c === '.') {
        this.out += DOT;
        this.i++;
      } else {
        // A literal (a surrogate pair as one) or ^ $ | * + ?.
        const pair = /[\ud800-\udbff]/.test(c) && /[\udc00-\udfff]/.test(src[this.i + 1] ?? '');
        this.out += pair ? src.slice(this.i, this.i + 2) : c;
        this.i += pair ? 2 : 1;
      }
    }
    return this.out;
  }

  /**
   * A counted repetition `{m}`, `{m,}` or `{m,n}` (a `{` is nothing else with the `u` flag). RE2
   * refuses counts over 1,000. A larger count is written as the same language in pieces RE2 takes,
   * shaped so that its automaton stays small (a value is matched in one pass, whatever its length):
   * `X{2500}` as `X{1000}X{1000}X{500}`, and `X{0,n}` as `(?:X{1000}X{0,n-1000}|X{0,999})`, nested.
   * Counts over MAX_COUNT are not translated (the program would be needlessly large).
   */
  private counted(): void {
    const close = this.src.indexOf('}', this.i);
    const [min, max] = this.src.slice(this.i + 1, close).split(',') as [string, string | undefined];
    this.i = close + 1;
    if (this.src[this.i] === '?') this.i++; // Lazy or greedy: the same language.
    const m = Number(min);
    const n = max === undefined ? m : max === '' ? Infinity : Number(max);
    if (m <= 1000 && (n <= 1000 || n === Infinity)) {
      this.out += `{${m}${max === undefined ? '' : `,${max === '' ? '' : n}`}}`;
      return;
    }
    if (m > MAX_COUNT || (n !== Infinity && n > MAX_COUNT)) throw new Untranslatable('count');
    const atom = `(?:${this.out.slice(this.atom)})`;
    let text = '';
    for (let left = m; left > 0; left -= 1000) text += `${atom}{${Math.min(left, 1000)}}`;
    if (n === Infinity) text += `${atom}*`;
    else if (n > m) text += upTo(atom, n - m);
    this.out = this.out.slice(0, this.atom) + text;
  }

  /** A code point written as `\u…` (a surrogate pair written as two escapes is one code point). */
  private unicodeEscape(): number {
    const src = this.src;
    if (src[this.i + 2] === '{') {
      const close = src.indexOf('}', this.i + 3);
      const cp = parseInt(src.slice(this.i + 3, close), 16);
      this.i = close + 1;
      return cp;
    }
    const cp = parseInt(src.slice(this.i + 2, this.i + 6), 16);
    this.i += 6;
    if (cp >= 0xd800 && cp <= 0xdbff && /^\\u[dD][c-fC-F][0-9a-fA-F]{2}/.test(src.slice(this.i, this.i + 6))) {
      const low = parseInt(src.slice(this.i + 2, this.i + 6), 16);
      this.i += 6;
      return 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
    }
    return cp;
  }

  /** The escape at `i`, translated; inside a character class when `inClass`. */
  private escape(inClass: boolean): string {
    const src = this.src;
    const next = src[this.i + 1] as string;
    switch (next) {
      case 'd':
      case 'D':
      case 'w':
      case 'W':
        this.i += 2;
        return `\\${next}`;
      case 'b':
        this.i += 2;
        return inClass ? hex(8) : '\\b';
      case 'B':
        this.i += 2;
        return '\\B';
      case 's':
        this.i += 2;
        return inClass ? SPACE_CLASS : `[${SPACE_CLASS}]`;
      case 'S':
        this.i += 2;
        return inClass ? NOT_SPACE_CLASS : `[${NOT_SPACE_CLASS}]`;
      case 't':
        this.i += 2;
        return hex(9);
      case 'n':
        this.i += 2;
        return hex(10);
      case 'v':
        this.i += 2;
        return hex(11);
      case 'f':
        this.i += 2;
        return hex(12);
      case 'r':
        this.i += 2;
        return hex(13);
      case '0':
        this.i += 2;
        return hex(0);
      case 'c': {
        const cp = (src.charCodeAt(this.i + 2) as number) % 32;
        this.i += 3;
        return hex(cp);
      }
      case 'x': {
        const cp = parseInt(src.slice(this.i + 2, this.i + 4), 16);
        this.i += 4;
        return hex(cp);
      }
      case 'u':
        return hex(this.unicodeEscape());
      case 'p':
      case 'P': {
        const close = src.indexOf('}', this.i + 3);
        const name = propertyName(src.slice(this.i + 3, close));
        if (name === undefined) throw new Untranslatable('property');
        this.i = close + 1;
        return `\\${next}{${name}}`;
      }
      case 'k':
        throw new Untranslatable('backreference');
      default:
        // A backreference (\1…) or an identity escape of a syntax character (or `-` in a class).
        if (/[1-9]/.test(next)) throw new Untranslatable('backreference');
        this.i += 2;
        return `\\${next}`;
    }
  }

  private charClass(): string {
    const src = this.src;
    this.i++;
    let negated = false;
    if (src[this.i] === '^') {
      negated = true;
      this.i++;
    }
    let body = '';
    while (src[this.i] !== ']') {
      const c = src[this.i] as string;
      if (c === '\\') body += this.escape(true);
      else {
        // `[` opens a POSIX class in RE2 (`[[:alpha:]]`) and `^` may negate: both literal here.
        body += c === '[' || c === '^' ? `\\${c}` : c;
        this.i++;
      }
    }
    this.i++;
    // `[]` matches nothing and `[^]` anything; RE2 has no empty class.
    if (body === '') return negated ? `[${hex(0)}-${hex(0x10ffff)}]` : `[^${hex(0)}-${hex(0x10ffff)}]`;
    return `[${negated ? '^' : ''}${body}]`;
  }
}

/** The group that opens at `i`: `(`, `(?:`, `(?<name>`, `(?=`, `(?!`, `(?<=`, `(?<!`. */
function groupOpen(src: string, i: number): GroupOpen {
  if (src[i + 1] !== '?') return { text: '(?:', lookbehind: false, lookahead: false, length: 1 };
  const kind = src.slice(i + 2, i + 4);
  if (kind.startsWith(':')) return { text: '(?:', lookbehind: false, lookahead: false, length: 3 };
  if (kind.startsWith('=') || kind.startsWith('!')) return { text: src.slice(i, i + 3), lookbehind: false, lookahead: true, length: 3 };
  if (kind === '<=' || kind === '<!') return { text: src.slice(i, i + 4), lookbehind: true, lookahead: false, length: 4 };
  if (kind.startsWith('<')) {
    const close = src.indexOf('>', i + 3);
    return { text: '(?:', lookbehind: false, lookahead: false, length: close + 1 - i };
  }
  // A group RE2 does not know (a modifier group of newer JavaScript engines).
  throw new Untranslatable('group');
}

/** Where the group opened at `i` closes (the index of its `)`); -1 when it does not. */
function groupEnd(src: string, i: number): number {
  let depth = 0;
  let inClass = false;
  for (let j = i; j < src.length; j++) {
    const c = src[j];
    if (c === '\\') j++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return j;
  }
  return -1;
}

/** Whether `src` has an alternative at its top level (`a|b`, not `(a|b)`). */
function hasTopLevelAlternative(src: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let j = 0; j < src.length; j++) {
    const c = src[j];
    if (c === '\\') j++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return true;
  }
  return false;
}

/** One RE2 match of a linear plan: the value must match it (or, `negated`, must not). */
interface Part {
  re: RE2JS;
  negated: boolean;
}

function compileRe2(src: string): RE2JS {
  const t = new Translator(src);
  const text = t.run();
  return RE2JS.compile(text, t.lookbehind ? RE2JS.LOOKBEHINDS : 0);
}

/**
 * The linear plan of a pattern: RE2 matches that together decide it. `^(?=A)(?!B)C` (no top-level
 * alternative) holds when `^(?:A)` matches, `^(?:B)` does not and `^(?:C)` does: each lookahead is
 * tried at the start only, and what it matched is never read again (backreferences are refused).
 * Undefined when RE2 cannot run the pattern.
 */
function linearPlan(source: string): Part[] | undefined {
  try {
    const parts: Part[] = [];
    let rest = source;
    if (source.startsWith('^(?=') || source.startsWith('^(?!')) {
      if (hasTopLevelAlternative(source)) return undefined;
      let i = 1;
      while (source.startsWith('(?=', i) || source.startsWith('(?!', i)) {
        const end = groupEnd(source, i);
        if (end < 0) return undefined;
        parts.push({ re: compileRe2(`^(?:${source.slice(i + 3, end)})`), negated: source[i + 2] === '!' });
        i = end + 1;
      }
      rest = `^(?:${source.slice(i)})`;
    }
    parts.push({ re: compileRe2(rest), negated: false });
    return parts;
  } catch {
    // Untranslatable, or RE2 refuses it (a repeat count over 1,000, an unknown script name).
    return undefined;
  }
}

/** Whether re2js runs the pattern (linear in the value's length); false also for a pattern that is not a valid regular expression. */
export function isLinearPattern(source: string): boolean {
  try {
    new RegExp(source, 'u');
  } catch {
    return false;
  }
  return linearPlan(source) !== undefined;
}

class Pattern implements CompiledPattern {
  private plan: Part[] | RegExp | undefined;
  constructor(readonly source: string) {}

  test(value: string): boolean {
    // Compiled on first use: a module of validators imports with every pattern unused.
    this.plan ??= linearPlan(this.source) ?? new RegExp(this.source, 'u');
    if (this.plan instanceof RegExp) return this.plan.test(value);
    for (const part of this.plan) if (part.re.test(value) === part.negated) return false;
    return true;
  }

  toString(): string {
    return `/${this.source}/u`;
  }
}

const replacers = new Map<string, ReturnType<typeof compileRe2> | RegExp>();

/**
 * `value` with the first match of the pattern replaced by `replacement` (taken literally), found in
 * linear time where RE2 can run the pattern (a mock template's `$replace` runs on request text).
 */
export function replaceFirst(source: string, value: string, replacement: string): string {
  let re = replacers.get(source);
  if (!re) {
    try {
      re = compileRe2(source);
    } catch {
      re = new RegExp(source, 'u');
    }
    if (replacers.size > 1000) replacers.clear();
    replacers.set(source, re);
  }
  if (re instanceof RegExp) return value.replace(re, () => replacement);
  const m = re.matcher(value);
  return m.find() ? value.slice(0, m.start()) + replacement + value.slice(m.end()) : value;
}

/**
 * A contract's regular expression (JavaScript syntax, `u` flag), evaluated in linear time where RE2
 * can run it (see above). Throws a SyntaxError, as RegExp does, for one that is not valid. `flags`
 * is there for Ajv, which passes "u"; no other flag is supported.
 */
export function compilePattern(source: string, flags = 'u'): CompiledPattern {
  if (flags !== 'u') throw new TypeError(`specforge: pattern flags "${flags}" are not supported (only "u")`);
  new RegExp(source, 'u');
  return new Pattern(source);
}
