/**
 * `specforge/safe-patterns`: every `pattern` and `patternProperties` key whose backtracking is
 * super-linear (src/contract/pattern.ts: scslre's analysis). specforge's validators run such a
 * pattern in linear time (RE2), but clients, other tools and hand-written code that test it with a
 * backtracking engine (JavaScript's RegExp, Java, Python, PCRE) can be stalled by one value: a
 * warning at the rule's severity. A pattern RE2 cannot run and the checkers do not clear is refused
 * by every specforge command (SPECFORGE_UNSAFE_PATTERN): always an error.
 */
import type { Location, Oas3Rule, UserContext } from '@redocly/openapi-core';
import { patternVerdict, unicodePattern } from '../../contract/pattern.js';
import { isRecord } from './common.js';

function check(source: string, location: Location, ctx: UserContext): void {
  // A pattern that is no regular expression is reported by the validators (and not checked).
  const pattern = unicodePattern(source)?.pattern;
  if (pattern === undefined) return;
  const verdict = patternVerdict(pattern);
  const shown = JSON.stringify(source);
  if (verdict.refused !== undefined) {
    ctx.report({ message: `pattern ${shown} is refused by specforge (SPECFORGE_UNSAFE_PATTERN): ${verdict.refused}`, location, forceSeverity: 'error' });
  } else if (verdict.backtracking !== undefined) {
    ctx.report({
      message: `pattern ${shown} risks ${verdict.backtracking}: specforge's validators evaluate it in linear time, but clients and other tools that use a backtracking engine can be stalled by one value; rewrite it so that each character can be matched one way only`,
      location,
    });
  }
}

export const SafePatterns: Oas3Rule = () => ({
  Schema(schema, ctx) {
    if (!isRecord(schema)) return;
    if (typeof schema['pattern'] === 'string') check(schema['pattern'], ctx.location.child(['pattern']), ctx);
    const properties = schema['patternProperties'];
    if (isRecord(properties)) {
      for (const key of Object.keys(properties)) check(key, ctx.location.child(['patternProperties', key]).key(), ctx);
    }
  },
});
