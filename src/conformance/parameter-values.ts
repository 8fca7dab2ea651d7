/**
 * How \`specforge test\` writes a parameter value as it travels: by its style and explode (the
 * common styles), a delimited query value as sent and as the server reads it, and OpenAPI 3.2's
 * \`style: cookie\` as Cookie pairs.
 */
import type { ParameterModel } from '../contract/model.js';
import { isRecord } from '../contract/pointer.js';

function text(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/**
 * A query pair: the name, the value as the server reads it once decoded, and, for a delimited value
 * (form with explode: false, spaceDelimited, pipeDelimited), the value as sent: each item
 * percent-encoded on its own, joined by the style's delimiter written literally (`ids=1,2`,
 * `ids=1|2`, `ids=1%202`, as OpenAPI's style examples show), so a server that splits before it
 * decodes sees the items, and a comma inside an item stays `%2C`.
 */
export type QueryPair = [name: string, value: string, encoded?: string];

/** The items joined by the style's delimiter: as the server reads it, and as sent. */
function delimited(name: string, items: readonly string[], style: string | undefined): QueryPair {
  const sep = style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ',';
  return [name, items.join(sep), items.map((i) => encodeURIComponent(i)).join(sep === ' ' ? '%20' : sep)];
}

/** A cookie value as sent: only what a cookie cannot hold (RFC 6265 cookie-octet) is percent-encoded. */
function cookieOctets(value: unknown): string {
  return text(value).replace(/[^\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]/g, (c) => encodeURIComponent(c));
}

/**
 * A `style: cookie` parameter (OpenAPI 3.2) as Cookie pairs: values as they are (the server reads
 * them without percent-decoding); exploded, one cookie per array item or object property.
 */
export function cookieStylePairs(p: ParameterModel, value: unknown): string[] {
  if (p.explode && Array.isArray(value)) return value.map((v) => `${p.name}=${cookieOctets(v)}`);
  if (p.explode && isRecord(value)) return Object.entries(value).map(([k, v]) => `${k}=${cookieOctets(v)}`);
  if (Array.isArray(value)) return [`${p.name}=${value.map(cookieOctets).join(',')}`];
  if (isRecord(value))
    return [
      `${p.name}=${Object.entries(value)
        .flatMap(([k, v]) => [k, cookieOctets(v)])
        .join(',')}`,
    ];
  return [`${p.name}=${cookieOctets(value)}`];
}

/** Serializes a parameter value per its style and explode (the common styles). */
export function serializeParameter(p: ParameterModel, value: unknown): QueryPair[] | string {
  if (p.contentType) return p.in === 'query' ? [[p.name, JSON.stringify(value)]] : JSON.stringify(value);
  if (Array.isArray(value)) {
    if (p.in === 'query' && p.explode && p.style === 'form') return value.map((v) => [p.name, text(v)]);
    if (p.in === 'query') return [delimited(p.name, value.map(text), p.style)];
    const joined = value.map(text).join(',');
    if (p.style === 'label') return '.' + joined;
    if (p.style === 'matrix') return `;${p.name}=${joined}`;
    return joined;
  }
  if (isRecord(value)) {
    const entries = Object.entries(value);
    if (p.in === 'query' && p.style === 'deepObject') return entries.map(([k, v]) => [`${p.name}[${k}]`, text(v)]);
    if (p.in === 'query' && p.explode) return entries.map(([k, v]) => [k, text(v)]);
    if (p.in === 'query')
      return [
        delimited(
          p.name,
          entries.flatMap(([k, v]) => [k, text(v)]),
          p.style,
        ),
      ];
    return p.explode ? entries.map(([k, v]) => `${k}=${text(v)}`).join(',') : entries.flatMap(([k, v]) => [k, text(v)]).join(',');
  }
  const t = value === undefined ? '' : text(value);
  if (p.style === 'label') return '.' + t;
  if (p.style === 'matrix') return `;${p.name}=${t}`;
  return p.in === 'query' ? [[p.name, t]] : t;
}
