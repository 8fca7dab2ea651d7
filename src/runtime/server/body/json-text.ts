/**
 * JSON text a request carries (a body, a form field or multipart part sent as JSON, a parameter
 * with `content`, a token's claims), parsed only when it nests no deeper than a bound: a value
 * thousands of levels deep would overflow the stack of whatever walks it next (the validator, a
 * clone, JSON.stringify), so it is refused with a 400 before it is built. The depth is measured in
 * one linear pass over the text.
 */
import { HttpError } from '../../shared/errors.js';

/** Deepest nesting of arrays and objects accepted in JSON a request carries, unless configured. */
export const DEFAULT_JSON_DEPTH = 1000;

/** How deeply arrays and objects nest in JSON text (brackets inside strings do not count); stops once past `stopAbove`. */
export function jsonDepth(text: string, stopAbove: number): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) {
        max = depth;
        if (max > stopAbove) return max;
      }
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}

/** Whether JSON text nests deeper than `max` (text too short to do so is not scanned). */
export function nestsDeeper(text: string, max: number): boolean {
  return text.length > max * 2 && jsonDepth(text, max) > max;
}

/** The 400 for JSON text nested deeper than `max`, at `where` (a body pointer, or a parameter). */
export function tooDeep(max: number, where: { in: string; name?: string; pointer?: string } = { in: 'body', pointer: '/' }): HttpError {
  const at = where.name !== undefined ? `${where.in} parameter ${where.name}` : where.in === 'body' ? 'request body' : `JSON in the ${where.in}`;
  return new HttpError(400, `${at} nests deeper than ${max} levels`, [{ ...where, message: `nests deeper than ${max} levels` }]);
}

/**
 * JSON text to its value, or `fallback(text)` when it is not JSON (the validator then reports the
 * text); JSON nested deeper than DEFAULT_JSON_DEPTH is a 400.
 */
export function parseJsonOr<T>(text: string, fallback: (text: string) => T, where?: { in: string; name?: string; pointer?: string }): unknown {
  if (nestsDeeper(text, DEFAULT_JSON_DEPTH)) throw tooDeep(DEFAULT_JSON_DEPTH, where);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fallback(text);
  }
}
