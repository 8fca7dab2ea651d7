/**
 * OpenAPI 3.2 `in: querystring`: the whole query string written from one value by the parameter's
 * media type. `application/x-www-form-urlencoded` writes the object's properties as form pairs
 * (spaces as "+", as the media type says), each by its `encoding` (an array repeats its name, or
 * is comma-joined when not exploded; an object nests in brackets, or is JSON when its encoding says
 * so); a JSON type is the JSON text, percent-encoded; any other type is the text, percent-encoded.
 * Browser-safe: no `node:` import.
 */
import { isJsonMedia } from '../shared/json-media.js';

/** How one property of a form querystring is written (its `encoding` entry). */
export interface QuerystringEncoding {
  style?: string;
  explode?: boolean;
  contentType?: string;
}

function text(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** Form pairs of one property (nested objects in brackets, at most 32 levels). */
function formPairs(out: URLSearchParams, name: string, value: unknown, encoding: QuerystringEncoding | undefined, depth: number): void {
  if (value === undefined) return;
  if (encoding?.contentType !== undefined && isJsonMedia(encoding.contentType)) {
    out.append(name, JSON.stringify(value));
    return;
  }
  if (Array.isArray(value)) {
    const explode = encoding?.explode ?? (encoding?.style === undefined || encoding.style === 'form');
    const items = value.filter((v) => v !== undefined);
    if (explode) for (const v of items) out.append(name, text(v));
    else {
      const sep = encoding?.style === 'spaceDelimited' ? ' ' : encoding?.style === 'pipeDelimited' ? '|' : ',';
      out.append(name, items.map(text).join(sep));
    }
    return;
  }
  if (value !== null && typeof value === 'object' && depth < 32) {
    for (const [k, v] of Object.entries(value)) formPairs(out, `${name}[${k}]`, v, undefined, depth + 1);
    return;
  }
  out.append(name, text(value));
}

/** The query string (without "?") of a querystring parameter's value, or "" for none. */
export function serializeQuerystring(value: unknown, contentType: string | undefined, encoding?: Readonly<Record<string, QuerystringEncoding>>): string {
  if (value === undefined || value === null) return '';
  const type = contentType ?? 'application/x-www-form-urlencoded';
  if (type.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    if (typeof value !== 'object') return encodeURIComponent(text(value));
    const out = new URLSearchParams();
    for (const [name, v] of Object.entries(value)) formPairs(out, name, v, encoding && Object.hasOwn(encoding, name) ? encoding[name] : undefined, 0);
    return out.toString();
  }
  if (isJsonMedia(type)) return encodeURIComponent(JSON.stringify(value));
  return encodeURIComponent(text(value));
}
