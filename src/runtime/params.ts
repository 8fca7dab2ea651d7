/**
 * Parameter parsing by OpenAPI style and explode, and coercion of text to the declared shape.
 * Coercion is lenient on purpose: text that does not fit the shape is left as text, so that the
 * validator reports the precise rule it breaks.
 */
import type { ParameterSpec, ValueShape } from './spec.js';

export function coerce(text: string, shape: ValueShape): unknown {
  switch (shape.type) {
    case 'integer':
      return /^-?\d+$/.test(text) ? Number(text) : text;
    case 'number': {
      if (text.trim() === '') return text;
      const n = Number(text);
      return Number.isFinite(n) ? n : text;
    }
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : text;
    case 'null':
      return text === '' || text === 'null' ? null : text;
    case 'array':
      return [text].map((t) => coerce(t, shape.items));
    default:
      return text;
  }
}

function coerceList(items: string[], shape: ValueShape): unknown {
  if (shape.type === 'array') return items.map((t) => coerce(t, shape.items));
  if (shape.type === 'object') return pairsToObject(items, shape);
  return coerce(items.join(','), shape);
}

function pairsToObject(items: string[], shape: Extract<ValueShape, { type: 'object' }>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i + 1 < items.length; i += 2) {
    const key = items[i] as string;
    out[key] = coerce(items[i + 1] as string, shape.properties[key] ?? shape.additional ?? { type: 'any' });
  }
  return out;
}

function keyValueObject(items: string[], shape: Extract<ValueShape, { type: 'object' }>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const item of items) {
    const eq = item.indexOf('=');
    if (eq < 0) continue;
    const key = item.slice(0, eq);
    out[key] = coerce(item.slice(eq + 1), shape.properties[key] ?? shape.additional ?? { type: 'any' });
  }
  return out;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function parseContent(text: string, p: ParameterSpec): unknown {
  if (p.contentType && /json/i.test(p.contentType)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** A path segment's raw (still percent-encoded) text to a value. */
export function parsePathParameter(raw: string, p: ParameterSpec): unknown {
  if (p.contentType) return parseContent(decode(raw), p);
  let text = raw;
  if (p.style === 'label') {
    if (!text.startsWith('.')) return decode(text);
    text = text.slice(1);
    const parts = (p.explode ? text.split('.') : text.split(',')).map(decode);
    return shapeFromParts(parts, p);
  }
  if (p.style === 'matrix') {
    const prefix = `;${p.name}`;
    if (p.shape.type === 'object' && p.explode) {
      return keyValueObject(text.split(';').filter(Boolean).map(decode), p.shape);
    }
    if (p.shape.type === 'array' && p.explode) {
      return text
        .split(';')
        .filter(Boolean)
        .map((part) => decode(part.replace(new RegExp(`^${escapeRegExp(p.name)}=`), '')))
        .map((t) => coerce(t, (p.shape as { items: ValueShape }).items));
    }
    if (!text.startsWith(prefix)) return decode(text);
    text = text.slice(prefix.length).replace(/^=/, '');
    return shapeFromParts(text.split(',').map(decode), p);
  }
  return shapeFromParts(text.split(',').map(decode), p);
}

function shapeFromParts(parts: string[], p: ParameterSpec): unknown {
  if (p.shape.type === 'array') return parts.map((t) => coerce(t, (p.shape as { items: ValueShape }).items));
  if (p.shape.type === 'object') return p.explode ? keyValueObject(parts, p.shape) : pairsToObject(parts, p.shape);
  return coerce(parts.join(','), p.shape);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The query string split into decoded pairs, in order ("+" is a space, as in forms). */
export function splitQuery(query: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (query === '') return out;
  for (const part of query.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const k = eq < 0 ? part : part.slice(0, eq);
    const v = eq < 0 ? '' : part.slice(eq + 1);
    out.push([decode(k.replace(/\+/g, ' ')), decode(v.replace(/\+/g, ' '))]);
  }
  return out;
}

/** The value of one query parameter, or undefined when absent. */
export function parseQueryParameter(pairs: Array<[string, string]>, p: ParameterSpec): unknown {
  const shape = p.shape;
  if (p.style === 'deepObject') {
    const prefix = `${p.name}[`;
    const found = pairs.filter(([k]) => k.startsWith(prefix) && k.endsWith(']'));
    if (found.length === 0) return undefined;
    const out: Record<string, unknown> = {};
    for (const [k, v] of found) {
      const key = k.slice(prefix.length, -1);
      const propShape = shape.type === 'object' ? (shape.properties[key] ?? shape.additional ?? { type: 'any' }) : { type: 'any' as const };
      out[key] = coerce(v, propShape);
    }
    return out;
  }
  if (shape.type === 'object' && p.explode && p.style === 'form' && !p.contentType) {
    const found = pairs.filter(([k]) => k in shape.properties || (shape.additional !== undefined && k !== p.name));
    if (found.length === 0) return undefined;
    const out: Record<string, unknown> = {};
    for (const [k, v] of found) out[k] = coerce(v, shape.properties[k] ?? shape.additional ?? { type: 'any' });
    return out;
  }
  const values = pairs.filter(([k]) => k === p.name).map(([, v]) => v);
  if (values.length === 0) return undefined;
  if (p.contentType) return parseContent(values[values.length - 1] as string, p);
  if (shape.type === 'array') {
    if (p.explode && p.style === 'form') return values.map((t) => coerce(t, shape.items));
    const sep = p.style === 'spaceDelimited' ? ' ' : p.style === 'pipeDelimited' ? '|' : ',';
    const last = values[values.length - 1] as string;
    return last === '' ? [] : last.split(sep).map((t) => coerce(t, shape.items));
  }
  if (shape.type === 'object') return pairsToObject((values[values.length - 1] as string).split(','), shape);
  // A repeated scalar is kept as a list so the validator reports it instead of one value winning silently.
  return values.length > 1 ? values.map((t) => coerce(t, shape)) : coerce(values[0] as string, shape);
}

/** A header's value (already joined by the HTTP layer) to a value. */
export function parseHeaderParameter(raw: string, p: ParameterSpec): unknown {
  if (p.contentType) return parseContent(raw, p);
  const parts = raw.split(',').map((s) => s.trim());
  if (p.shape.type === 'array') return parts.map((t) => coerce(t, (p.shape as { items: ValueShape }).items));
  if (p.shape.type === 'object') return p.explode ? keyValueObject(parts, p.shape) : pairsToObject(parts, p.shape);
  return coerce(raw.trim(), p.shape);
}

export function parseCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const k = part.slice(0, eq).trim();
    if (!out.has(k)) out.set(k, decode(part.slice(eq + 1).trim()));
  }
  return out;
}

export function parseCookieParameter(raw: string, p: ParameterSpec): unknown {
  if (p.contentType) return parseContent(raw, p);
  if (p.shape.type === 'array') return raw.split(',').map((t) => coerce(t, (p.shape as { items: ValueShape }).items));
  if (p.shape.type === 'object') return pairsToObject(raw.split(','), p.shape);
  return coerce(raw, p.shape);
}
