/** `Prefer: code=, example=, dynamic=, items=, interval=` and the `__code`, `__example`, `__dynamic` query parameters. */
import type { RequestContext } from '../server/context.js';

/** What the caller asked for with Prefer or the __code/__example/__dynamic query parameters. */
export interface Preference {
  code?: string;
  example?: string;
  dynamic?: boolean;
  /** A stream answer's item count and the pause between items, in ms (cut to the mock's bounds). */
  items?: number;
  interval?: number;
}

export const NO_PREFERENCE: Readonly<Preference> = Object.freeze({});

/** The mock's own query parameters: the server leaves them out of the operation's (a querystring's object). */
export const MOCK_QUERY_CONTROLS: readonly string[] = Object.freeze(['__code', '__example', '__dynamic']);

export function preference(ctx: RequestContext): Preference {
  if (ctx.request.headers['prefer'] === undefined && !(ctx.request.url ?? '').includes('__')) return NO_PREFERENCE;
  const pref: Preference = {};
  const header = ctx.request.headers['prefer'];
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of text.split(/[,;]/)) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const k = part.slice(0, eq).trim().toLowerCase();
    const v = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (k === 'code') pref.code = v;
    else if (k === 'example') pref.example = v;
    else if (k === 'dynamic') pref.dynamic = v === 'true';
    else if ((k === 'items' || k === 'interval') && /^\d{1,9}$/.test(v)) pref[k] = Number(v);
  }
  const url = ctx.request.url ?? '';
  const q = url.indexOf('?');
  if (q >= 0) {
    const params = new URLSearchParams(url.slice(q + 1));
    const code = params.get('__code');
    const example = params.get('__example');
    const dynamic = params.get('__dynamic');
    if (code !== null) pref.code = code;
    if (example !== null) pref.example = example;
    if (dynamic !== null) pref.dynamic = dynamic === 'true' || dynamic === '1' || dynamic === '';
  }
  return pref;
}
