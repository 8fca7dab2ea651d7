/**
 * Coercion of request text (a parameter, a form field) to the declared shape. Lenient on purpose:
 * text that does not fit the shape is left as text, so that the validator reports the precise rule
 * it breaks. Shared by parameter parsing and form bodies.
 */
import type { ValueShape } from '../shared/spec.js';
import { parseJsonOr } from './body/json-text.js';

/** JSON's number grammar: no hex, binary, octal, padding, "Infinity" or "NaN". */
const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

export function coerce(text: string, shape: ValueShape): unknown {
  switch (shape.type) {
    case 'integer': {
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
