/**
 * Regular expressions of `pattern` (and `patternProperties`) as the validators compile them: with
 * the `u` flag, as JSON Schema asks. Many published contracts escape characters that need no
 * escape (`\_`, `\!`, `\=`, `\-` outside a class): legal without `u`, a syntax error with it. Such an
 * escape means the character itself, so it is dropped; a pattern that still does not compile is
 * reported and not checked, rather than failing every validator of the contract.
 */

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
