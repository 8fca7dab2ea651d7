/**
 * OpenAPI 3.2 `in: querystring`: the whole query string is one parameter, read by its `content`'s
 * one media type. `application/x-www-form-urlencoded` is read as a form body is (bracketed keys,
 * repeated keys, each property's `encoding`); a JSON type is the percent-decoded text parsed as
 * JSON (within the JSON depth bound; text that is not JSON stays text, so the validator says what
 * it breaks); any other type is the percent-decoded text itself.
 */
import type { ParameterSpec } from '../shared/spec.js';
import { formBody } from './body/form.js';
import { parseJsonOr } from './body/json-text.js';
import { splitQuery } from './params.js';
import { isJsonMedia } from '../shared/json-media.js';

function decode(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The value of a querystring parameter from the raw (still percent-encoded) query string, without
 * its "?"; undefined when the query string is empty (the parameter is absent). The pairs of
 * `claimed` names (API keys the operation's security takes in the query, the mock's own controls:
 * ServerOptions.reservedQuery) are not part of it.
 */
export function parseQuerystring(rawQuery: string, p: ParameterSpec, claimed?: ReadonlySet<string>): unknown {
  let raw = rawQuery;
  if (claimed !== undefined && claimed.size > 0) {
    raw = raw
      .split('&')
      .filter((pair) => {
        // A name alone (`?__dynamic`) is claimed as a pair is.
        const eq = pair.indexOf('=');
        return !claimed.has(decode((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' ')));
      })
      .join('&');
  }
  if (raw === '') return undefined;
  const type = p.contentType ?? 'application/x-www-form-urlencoded';
  if (type.toLowerCase().startsWith('application/x-www-form-urlencoded')) return formBody(splitQuery(raw), p.shape, p.encoding);
  const text = decode(raw);
  if (isJsonMedia(type)) return parseJsonOr(text, (t) => t, { in: 'query', name: p.name });
  return text;
}
