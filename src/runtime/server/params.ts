/**
 * Parameter parsing by OpenAPI style and explode, and coercion of text to the declared shape.
 * Coercion is lenient on purpose: text that does not fit the shape is left as text, so that the
 * validator reports the precise rule it breaks.
 *
 * Objects built from request text are plain objects whose keys are always own data properties: a
 * "__proto__" key is kept as data (and reported by the validator) instead of replacing a prototype.
 */
import type { ParameterSpec, ValueShape } from '../shared/spec.js';
import { deepObjectParameter } from './body/form.js';
import { parseJsonOr } from './body/json-text.js';
import { coerce } from './coerce.js';
import { base64Text } from './head.js';

export { coerce } from './coerce.js';

type ObjectShape = Extract<ValueShape, { type: 'object' }>;

const ANY: ValueShape = { type: 'any' };

function identity(s: string): string {
  return s;
}

function decode(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Sets an own, enumerable data property, even for "__proto__". */
function setOwn(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

function propertyShape(shape: ValueShape, key: string): ValueShape {
  if (shape.type !== 'object') return ANY;
  return (Object.hasOwn(shape.properties, key) ? shape.properties[key] : undefined) ?? shape.additional ?? ANY;
}

function isComposite(shape: ValueShape): shape is Extract<ValueShape, { type: 'array' | 'object' }> {
  return shape.type === 'array' || shape.type === 'object';
}

/** The value of an empty serialization (`;color`, `.`, `color=`). */
function emptyOf(shape: ValueShape): unknown {
  if (shape.type === 'array') return [];
  if (shape.type === 'object') return {};
  return coerce('', shape);
}

/** `R,100,G,200` (already split and decoded) to `{ R: 100, G: 200 }`. */
function pairsToObject(items: string[], shape: ObjectShape): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i + 1 < items.length; i += 2) {
    const key = items[i] as string;
    setOwn(out, key, coerce(items[i + 1] as string, propertyShape(shape, key)));
  }
  return out;
}

/** `R=100`, `G=200` (split, still encoded) to `{ R: 100, G: 200 }`; each side decoded by `dec`. */
function keyValueObject(items: string[], shape: ObjectShape, dec: (s: string) => string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const item of items) {
    const eq = item.indexOf('=');
    if (eq < 0) continue;
    const key = dec(item.slice(0, eq));
    setOwn(out, key, coerce(dec(item.slice(eq + 1)), propertyShape(shape, key)));
  }
  return out;
}

function parseContent(text: string, p: ParameterSpec): unknown {
  if (p.contentType && /json/i.test(p.contentType)) return parseJsonOr(text, (t) => t, { in: p.in, name: p.name });
  return text;
}

/** Items split by `sep` (still encoded) to an array or object of the parameter's shape. */
function fromItems(items: string[], p: ParameterSpec, dec: (s: string) => string): unknown {
  const shape = p.shape;
  if (shape.type === 'array') return items.map((t) => coerce(dec(t), shape.items));
  if (shape.type === 'object') return p.explode ? keyValueObject(items, shape, dec) : pairsToObject(items.map(dec), shape);
  return coerce(dec(items.join(',')), shape);
}

/** A path segment's raw (still percent-encoded) text to a value. */
export function parsePathParameter(raw: string, p: ParameterSpec): unknown {
  if (p.contentType) return parseContent(decode(raw), p);
  const shape = p.shape;
  if (p.style === 'label') {
    if (!raw.startsWith('.')) return decode(raw);
    const text = raw.slice(1);
    if (!isComposite(shape)) return coerce(decode(text), shape);
    if (text === '') return emptyOf(shape);
    // Exploded items are "."-separated. Unexploded ones are ","-separated by RFC 6570 (and OAS 3.1.1);
    // the OAS 3.1.0 style table shows them "."-separated, which is accepted when there is no ",".
    const sep = p.explode || !text.includes(',') ? '.' : ',';
    return fromItems(text.split(sep), p, decode);
  }
  if (p.style === 'matrix') {
    const prefix = `;${p.name}`;
    if (shape.type === 'object' && p.explode) {
      if (!raw.startsWith(';')) return decode(raw);
      if (raw === prefix) return {};
      return keyValueObject(raw.slice(1).split(';'), shape, decode);
    }
    if (raw === prefix) return emptyOf(shape);
    if (shape.type === 'array' && p.explode) {
      const parts = raw.slice(1).split(';');
      if (!raw.startsWith(';') || !parts.every((part) => part.startsWith(`${p.name}=`))) return decode(raw);
      return parts.map((part) => coerce(decode(part.slice(p.name.length + 1)), shape.items));
    }
    if (!raw.startsWith(`${prefix}=`)) return decode(raw);
    const text = raw.slice(prefix.length + 1);
    if (!isComposite(shape)) return coerce(decode(text), shape);
    return text === '' ? emptyOf(shape) : fromItems(text.split(','), p, decode);
  }
  if (!isComposite(shape)) return coerce(decode(raw), shape);
  return raw === '' ? emptyOf(shape) : fromItems(raw.split(','), p, decode);
}

function plusAsSpace(text: string): string {
  return text.includes('+') ? text.replace(/\+/g, ' ') : text;
}

/** The query string split into decoded pairs, in order ("+" is a space, as in forms). */
export function splitQuery(query: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const n = query.length;
  // Pair by pair with indexOf, not split('&'): a query of one or two pairs is most requests'.
  for (let start = 0; start < n;) {
    let amp = query.indexOf('&', start);
    if (amp < 0) amp = n;
    if (amp > start) {
      const part = query.slice(start, amp);
      const eq = part.indexOf('=');
      const k = eq < 0 ? part : part.slice(0, eq);
      const v = eq < 0 ? '' : part.slice(eq + 1);
      out.push([queryText(k), queryText(v)]);
    }
    start = amp + 1;
  }
  return out;
}

/** A short text is looked through once for "+" and "%"; a longer one by the native scans of plusAsSpace and decode. */
const SHORT_TEXT = 32;

/** A name or value of a query pair decoded: "+" is a space, then percent-decoding. */
function queryText(text: string): string {
  const n = text.length;
  if (n > SHORT_TEXT) return decode(plusAsSpace(text));
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 43 || c === 37) return decode(plusAsSpace(text));
  }
  return text;
}

function delimiterOf(style: string): string {
  return style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ',';
}

/**
 * The value of one query parameter, or undefined when absent. `reserved` names the operation's
 * other query parameters, which an exploded free-form object (`style: form`) must not collect.
 */
export function parseQueryParameter(pairs: Array<[string, string]>, p: ParameterSpec, reserved?: ReadonlySet<string>): unknown {
  const shape = p.shape;
  if (p.style === 'deepObject' && !p.contentType) return deepObjectParameter(pairs, p.name, shape);
  if (shape.type === 'object' && p.explode && p.style === 'form' && !p.contentType) {
    const claimed = (k: string): boolean => {
      if (k === p.name || reserved === undefined) return k === p.name;
      const bracket = k.indexOf('[');
      return reserved.has(k) || (bracket > 0 && reserved.has(k.slice(0, bracket)));
    };
    const found = pairs.filter(([k]) => Object.hasOwn(shape.properties, k) || (shape.additional !== undefined && !claimed(k)));
    if (found.length === 0) return undefined;
    const out: Record<string, unknown> = {};
    for (const [k, v] of found) setOwn(out, k, coerce(v, propertyShape(shape, k)));
    return out;
  }
  if (!p.contentType && shape.type !== 'array' && shape.type !== 'object') {
    // A scalar: its pairs looked through without making a list, unless its name repeats.
    let last: string | undefined;
    let all: string[] | undefined;
    for (let i = 0; i < pairs.length; i++) {
      const pair = pairs[i] as [string, string];
      if (pair[0] !== p.name) continue;
      if (last !== undefined) (all ??= [last]).push(pair[1]);
      last = pair[1];
    }
    if (last === undefined) return undefined;
    // A repeated scalar is kept as a list so the validator reports it instead of one value winning silently.
    return all !== undefined ? all.map((t) => coerce(t, shape)) : coerce(last, shape);
  }
  // An exploded array also takes the bracketed names form clients write (`ids[]=1`, `ids[0]=1`).
  const bracketed = shape.type === 'array' && p.explode ? `${p.name}[` : undefined;
  const values = pairs
    .filter(([k]) => k === p.name || (bracketed !== undefined && k.startsWith(bracketed) && /^\[\d*\]$/.test(k.slice(p.name.length))))
    .map(([, v]) => v);
  if (values.length === 0) return undefined;
  const last = values[values.length - 1] as string;
  if (p.contentType) return parseContent(last, p);
  if (shape.type === 'array') {
    // form, and (OAS 3.1.1) exploded space- and pipe-delimited arrays, repeat the name per item.
    if (p.explode) return values.length === 1 && last === '' ? [] : values.map((t) => coerce(t, shape.items));
    const sep = delimiterOf(p.style);
    return values.flatMap((v) => (v === '' ? [] : v.split(sep))).map((t) => coerce(t, shape.items));
  }
  if (shape.type === 'object') return last === '' ? {} : pairsToObject(last.split(delimiterOf(p.style)), shape);
  // A repeated scalar is kept as a list so the validator reports it instead of one value winning silently.
  return values.length > 1 ? values.map((t) => coerce(t, shape)) : coerce(last, shape);
}

/** A header's value (already joined by the HTTP layer) to a value. Header values are not percent-decoded. */
function decodeBase64Json(raw: string, p: ParameterSpec): unknown {
  return parseJsonOr(base64Text(raw.trim()), () => raw, { in: p.in, name: p.name });
}

export function parseHeaderParameter(raw: string, p: ParameterSpec): unknown {
  if (p.decode === 'base64-json') return decodeBase64Json(raw, p);
  if (p.contentType) return parseContent(raw, p);
  const shape = p.shape;
  if (!isComposite(shape)) return coerce(raw.trim(), shape);
  if (raw.trim() === '') return emptyOf(shape);
  return fromItems(
    raw.split(',').map((s) => s.trim()),
    p,
    identity,
  );
}

/** The Cookie header to decoded values by name; the first of a repeated name wins. */
export function parseCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const k = part.slice(0, eq).trim();
    let v = part.slice(eq + 1).trim();
    if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) v = v.slice(1, -1);
    if (!out.has(k)) out.set(k, decode(v));
  }
  return out;
}

/** The cookies of a Cookie header as written: every pair in order, values neither decoded nor unquoted. */
function rawCookiePairs(header: string | undefined): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq >= 0) out.push([part.slice(0, eq).trim(), part.slice(eq + 1).trim()]);
  }
  return out;
}

/**
 * A `style: cookie` parameter (OpenAPI 3.2) read from the whole Cookie header: values pass through
 * as written (no percent-decoding, Appendix D). Exploded (its default), an array is every cookie of
 * the name (`color=blue; color=black`) and an object one cookie per declared property
 * (`R=100; G=200`); otherwise the first cookie of the name, items comma-separated. Undefined when
 * the header carries none of it.
 */
export function parseCookieStyleParameter(header: string | undefined, p: ParameterSpec): unknown {
  const pairs = rawCookiePairs(header);
  const shape = p.shape;
  if (p.explode !== false && shape.type === 'object') {
    const out: Record<string, unknown> = {};
    let found = false;
    for (const [k, v] of pairs) {
      if (!Object.hasOwn(shape.properties, k) || Object.hasOwn(out, k)) continue;
      setOwn(out, k, coerce(v, propertyShape(shape, k)));
      found = true;
    }
    return found ? out : undefined;
  }
  const values = pairs.filter(([k]) => k === p.name).map(([, v]) => v);
  const first = values[0];
  if (first === undefined) return undefined;
  if (shape.type === 'array') {
    const items = p.explode !== false ? values : first === '' ? [] : first.split(',');
    return items.map((t) => coerce(t, shape.items));
  }
  if (shape.type === 'object') return first === '' ? {} : pairsToObject(first.split(','), shape);
  return coerce(first, shape);
}

export function parseCookieParameter(raw: string, p: ParameterSpec): unknown {
  if (p.contentType) return parseContent(raw, p);
  const shape = p.shape;
  if (shape.type === 'array') return raw === '' ? [] : raw.split(',').map((t) => coerce(t, shape.items));
  if (shape.type === 'object') return raw === '' ? {} : pairsToObject(raw.split(','), shape);
  return coerce(raw, shape);
}
