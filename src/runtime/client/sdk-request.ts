/**
 * One call of the SDK as a Request: the credentials of the first security alternative the client
 * has, parameters written by style (path, query, header, cookie), and the body by media type.
 */
import type { SecuritySchemeSpec } from '../shared/spec.js';
import type { SdkArgs, SdkClientOptions, SdkCredential, SdkOperation, SdkParameter } from './sdk-types.js';

/** The credentials of the first security alternative the client has all of (none when none is needed). */
export async function pickCredentials(
  schemes: Readonly<Record<string, SecuritySchemeSpec>>,
  auth: Readonly<Record<string, SdkCredential | undefined>>,
  security: SdkOperation['security'],
): Promise<Array<[SecuritySchemeSpec, string]>> {
  for (const alternative of security ?? []) {
    if (alternative.length === 0) return [];
    if (!alternative.every((name) => auth[name] !== undefined && Object.hasOwn(schemes, name))) continue;
    const out: Array<[SecuritySchemeSpec, string]> = [];
    for (const name of alternative) {
      const given = auth[name];
      const value = typeof given === 'function' ? await given() : given;
      if (value === undefined) break;
      out.push([schemes[name] as SecuritySchemeSpec, value]);
    }
    if (out.length === alternative.length) return out;
  }
  return [];
}

export interface EncodedBody {
  init?: BodyInit;
  type?: string;
}

export function encodeBody(operation: SdkOperation, args: SdkArgs): EncodedBody {
  if (args.body === undefined || !operation.body || operation.body.length === 0) return {};
  const type = args.contentType ?? (operation.body[0] as string);
  const value = args.body;
  const media = type.toLowerCase().split(';')[0]?.trim() ?? '';
  if (isJson(media)) return { init: JSON.stringify(value), type };
  if (media === 'application/x-www-form-urlencoded') return { init: formPairs(value), type };
  if (media === 'multipart/form-data') {
    const form = new FormData();
    for (const [name, item] of Object.entries(value as Record<string, unknown>)) {
      for (const v of Array.isArray(item) ? item : [item]) {
        if (v === undefined) continue;
        if (v instanceof Blob) form.append(name, v);
        else form.append(name, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
      }
    }
    return { init: form };
  }
  if (
    typeof value === 'string' ||
    value instanceof Blob ||
    value instanceof ArrayBuffer ||
    ArrayBuffer.isView(value) ||
    value instanceof ReadableStream ||
    value instanceof URLSearchParams ||
    value instanceof FormData
  ) {
    return { init: value as BodyInit, type };
  }
  return { init: media.startsWith('text/') ? String(value) : JSON.stringify(value), type };
}

function formPairs(value: unknown): URLSearchParams {
  const out = new URLSearchParams();
  if (value === null || typeof value !== 'object') return out;
  for (const [name, item] of Object.entries(value)) {
    for (const v of Array.isArray(item) ? item : [item]) {
      if (v === undefined) continue;
      out.append(name, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
    }
  }
  return out;
}

function isJson(media: string): boolean {
  return media === 'application/json' || /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+\+json$/.test(media);
}

export function buildRequest(
  options: SdkClientOptions<string, boolean>,
  operation: SdkOperation,
  args: SdkArgs,
  credentials: ReadonlyArray<[SecuritySchemeSpec, string]>,
  body: EncodedBody,
  signal: AbortSignal | undefined,
): Request {
  const named = typeof args.query === 'object' ? args.query : undefined;
  const values: Record<string, object | undefined> = { path: args.path, query: named, header: args.header, cookie: args.cookie };
  let path = operation.path;
  const query: string[] = [];
  const headers = new Headers(options.headers);
  new Headers(args.headers).forEach((v, k) => headers.set(k, v));
  const cookies: string[] = [];
  let whole = false;
  for (const p of operation.params ?? []) {
    if (p.in === 'querystring') {
      // OpenAPI 3.2: the call's query is the whole query string's value.
      whole = true;
      if (operation.writeQuerystring === undefined)
        throw new Error(
          `${operation.id}: its querystring parameter needs a writer in the operation's table (writeQuerystring: serializeQuerystring); regenerate sdk.ts`,
        );
      const written = operation.writeQuerystring(args.query, p.contentType, p.encoding);
      if (written !== '') query.push(written);
      continue;
    }
    const group = values[p.in] as Record<string, unknown> | undefined;
    const value = group && Object.hasOwn(group, p.name) ? group[p.name] : undefined;
    if (value === undefined || value === null) continue;
    if (p.in === 'path') path = path.split(`{${p.name}}`).join(pathValue(p, value));
    else if (p.in === 'query') query.push(...queryPairs(p, value));
    else if (p.in === 'header') headers.set(p.name, p.contentType ? JSON.stringify(value) : simple(value, p.explode === true));
    else if (p.style === 'cookie' && !p.contentType) cookies.push(...cookieStylePairs(p, value));
    else cookies.push(`${p.name}=${encodeURIComponent(p.contentType ? JSON.stringify(value) : simple(value, false))}`);
  }
  // Query keys the operation does not declare (a next link's query taken whole) go as form pairs.
  for (const [name, value] of Object.entries(whole ? {} : (named ?? {}))) {
    if (value === undefined || value === null || (operation.params ?? []).some((p) => p.in === 'query' && p.name === name)) continue;
    query.push(...queryPairs({ name, in: 'query' }, value));
  }
  for (const [scheme, value] of credentials) {
    if (scheme.type === 'apiKey' && scheme.name) {
      if (scheme.in === 'query') query.push(`${encodeURIComponent(scheme.name)}=${encodeURIComponent(value)}`);
      else if (scheme.in === 'header') headers.set(scheme.name, value);
      else cookies.push(`${scheme.name}=${encodeURIComponent(value)}`);
    } else if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic') {
      headers.set('authorization', `Basic ${base64(value)}`);
    } else {
      headers.set('authorization', `Bearer ${value}`);
    }
  }
  if (cookies.length > 0) headers.set('cookie', [headers.get('cookie'), ...cookies].filter(Boolean).join('; '));
  if (body.type !== undefined && !headers.has('content-type')) headers.set('content-type', body.type);
  const base = (options.baseUrl ?? '').replace(/\/+$/, '');
  const url = `${base}${path}${query.length > 0 ? `?${query.join('&')}` : ''}`;
  const init: RequestInit & { duplex?: 'half' } = { method: operation.method, headers };
  if (body.init !== undefined) init.body = body.init;
  if (body.init instanceof ReadableStream) init.duplex = 'half';
  if (signal) init.signal = signal;
  return new Request(url, init);
}

function text(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** A value in the `simple` style (unencoded): arrays and objects comma-separated. */
function simple(value: unknown, explode: boolean): string {
  if (Array.isArray(value)) return value.map(text).join(',');
  if (value !== null && typeof value === 'object') {
    return Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => (explode ? `${k}=${text(v)}` : `${k},${text(v)}`))
      .join(',');
  }
  return text(value);
}

/**
 * A `style: cookie` parameter (OpenAPI 3.2) as Cookie pairs, values as given (no percent-encoding:
 * the caller passes cookie-safe text). Exploded (the default), an array is one cookie per item and
 * an object one cookie per property; otherwise one cookie, items comma-separated.
 */
function cookieStylePairs(p: SdkParameter, value: unknown): string[] {
  const explode = p.explode !== false;
  if (explode && Array.isArray(value)) return value.map((v) => `${p.name}=${text(v)}`);
  if (explode && value !== null && typeof value === 'object') {
    return Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}=${text(v)}`);
  }
  return [`${p.name}=${simple(value, false)}`];
}

function pathValue(p: SdkParameter, value: unknown): string {
  const enc = (s: string): string => (p.multiSegment ? s.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(s));
  if (p.contentType) return enc(JSON.stringify(value));
  const explode = p.explode === true;
  const style = p.style ?? 'simple';
  const items: Array<[string | undefined, string]> = Array.isArray(value)
    ? value.map((v) => [undefined, text(v)])
    : value !== null && typeof value === 'object'
      ? Object.entries(value)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, text(v)])
      : [[undefined, text(value)]];
  const isObject = !Array.isArray(value) && value !== null && typeof value === 'object';
  if (style === 'label') {
    const sep = explode ? '.' : ',';
    return '.' + items.map(([k, v]) => (k === undefined ? enc(v) : explode ? `${enc(k)}=${enc(v)}` : `${enc(k)},${enc(v)}`)).join(sep);
  }
  if (style === 'matrix') {
    if (explode) return items.map(([k, v]) => `;${enc(k ?? p.name)}=${enc(v)}`).join('');
    return `;${enc(p.name)}=` + items.map(([k, v]) => (k === undefined ? enc(v) : `${enc(k)},${enc(v)}`)).join(',');
  }
  return items.map(([k, v]) => (k === undefined ? enc(v) : isObject && explode ? `${enc(k)}=${enc(v)}` : `${enc(k)},${enc(v)}`)).join(',');
}

function queryPairs(p: SdkParameter, value: unknown): string[] {
  const name = encodeURIComponent(p.name);
  const enc = (s: string): string => (p.allowReserved ? encodeURI(s).replace(/[#&+=]/g, (c) => encodeURIComponent(c)) : encodeURIComponent(s));
  if (p.contentType) return [`${name}=${enc(JSON.stringify(value))}`];
  const style = p.style ?? 'form';
  const explode = p.explode ?? style === 'form';
  if (Array.isArray(value)) {
    if (style === 'form' && explode) return value.map((v) => `${name}=${enc(text(v))}`);
    const sep = style === 'spaceDelimited' ? '%20' : style === 'pipeDelimited' ? '|' : ',';
    return [`${name}=${value.map((v) => enc(text(v))).join(sep)}`];
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (style === 'deepObject') return entries.map(([k, v]) => `${name}%5B${encodeURIComponent(k)}%5D=${enc(text(v))}`);
    if (explode) return entries.map(([k, v]) => `${encodeURIComponent(k)}=${enc(text(v))}`);
    return [`${name}=${entries.map(([k, v]) => `${enc(k)},${enc(text(v))}`).join(',')}`];
  }
  return [`${name}=${enc(text(value))}`];
}

/** Base64 of the UTF-8 bytes of `text`, without Node's Buffer. */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
