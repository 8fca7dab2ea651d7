/**
 * Parsing a request body by media type (JSON within a nesting bound, forms, text, raw bytes), from
 * bytes however they were read: a `Buffer` from node:http, a `Uint8Array` from a fetch `Request`.
 */
import { HttpError } from '../../shared/errors.js';
import type { FormSpec } from '../../shared/spec.js';
import { isJsonMediaType } from '../media.js';
import { splitQuery } from '../params.js';
import { looseUtf8, strictUtf8 } from '../head.js';
import { formBody } from './form.js';
import { nestsDeeper, tooDeep } from './json-text.js';

export const XML_MEDIA = /[/+]xml$/i;

/** The body as text (a leading byte order mark dropped); bytes that are not UTF-8 are a 400, never silently replaced. */
function utf8Text(raw: Uint8Array): string {
  const text = strictUtf8(raw);
  if (text === undefined) throw new HttpError(400, 'request body is not valid UTF-8', [{ in: 'body', pointer: '/', message: 'is not valid UTF-8' }]);
  return text;
}

/** The body as the handler receives it: parsed JSON, a form's value, text, or the bytes as read. */
export function parseBody(raw: Uint8Array, type: string, maxDepth: number, form?: FormSpec): unknown {
  if (isJsonMediaType(type)) {
    const text = utf8Text(raw);
    // Measured before parsing: a deeply nested body costs nothing to refuse.
    if (nestsDeeper(text, maxDepth)) throw tooDeep(maxDepth);
    try {
      return JSON.parse(text) as unknown;
    } catch (err) {
      throw new HttpError(400, `request body is not valid JSON: ${err instanceof Error ? err.message : String(err)}`, [
        { in: 'body', pointer: '/', message: 'is not valid JSON' },
      ]);
    }
  }
  if (type === 'application/x-www-form-urlencoded') {
    return formBody(splitQuery(utf8Text(raw)), form?.shape ?? { type: 'any' }, form?.encoding);
  }
  if (type.startsWith('text/')) return looseUtf8(raw);
  return raw;
}
