/**
 * Coercion of request text (a parameter, a form field) to the declared shape. Lenient on purpose:
 * text that does not fit the shape is left as text, so that the validator reports the precise rule
 * it breaks. Shared by parameter parsing and form bodies.
 */
import type { ValueShape } from '../shared/spec.js';
import { parseJsonOr } from './body/json-text.js';

/** JSON's number grammar: no hex, binary, octal, padding, "Infinity" or "NaN". */
const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Digits (after an optional minus) up to this many are read in a loop: the value is exact (below 2^53). */
const SHORT_DIGITS = 15;

/** An integer of at most SHORT_DIGITS digits read digit by digit (as Number reads it, -0 included), else undefined. */
function shortInteger(text: string): number | undefined {
  const n = text.length;
  const negative = n > 0 && text.charCodeAt(0) === 45;
  let i = negative ? 1 : 0;
  if (i === n || n - i > SHORT_DIGITS) return undefined;
  let value = 0;
  for (; i < n; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return undefined;
    value = value * 10 + d;
  }
  return negative ? -value : value;
}

export function coerce(text: string, shape: ValueShape): unknown {
  switch (shape.type) {
    case 'integer': {
      const digits = shortInteger(text);
      if (digits !== undefined) return digits;
      if (!/^-?\d+$/.test(text)) return text;
      const n = Number(text);
      return Number.isFinite(n) ? n : text;
    }
    case 'number': {
      if (!NUMBER.test(text)) return text;
      const n = Number(text);
      return Number.isFinite(n) ? n : text;
    }
    case 'boolean':
      if (shape.truthy || shape.falsy) return shape.truthy?.includes(text) ? true : shape.falsy?.includes(text) ? false : text;
      return text === 'true' ? true : text === 'false' ? false : text;
    case 'null':
      return text === '' || text === 'null' ? null : text;
    case 'array':
      return [text].map((t) => coerce(t, shape.items));
    case 'object':
      // An object in one value (an array item of objects, say) is conventionally sent as JSON.
      if (text.startsWith('{')) {
        const value = parseJsonOr(text, (t) => t);
        if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value;
      }
      return text;
    default:
      return text;
  }
}
