/**
 * The framing writer of OpenAPI 3.2 streams: one item to the text its media type frames it as.
 * Browser-safe (no `node:` import): the generated server, the mock and MSW handlers share it.
 *
 * - `sse` (text/event-stream): `event:`, `id:`, `retry:` fields, then `data` split on line breaks
 *   into several `data:` lines, then a blank line. `data` is JSON-stringified when the item schema
 *   says it carries JSON (`jsonData`: `contentMediaType: application/json` with a `contentSchema`),
 *   else written as a string (a non-string value is JSON-stringified). An `event` or `id` holding
 *   CR, LF or NUL, or a `retry` that is not a non-negative integer, makes the item invalid: such a
 *   field would split or end the event. Other properties of the item are not written.
 * - `jsonl` (JSON Lines, NDJSON): the item's JSON and "\n" (JSON text never holds a raw line break).
 * - `json-seq` (RFC 7464): the record separator 0x1E, the item's JSON and "\n".
 * - `multipart` (multipart/mixed), best effort: each item is a part with the `Content-Type` of the
 *   media type's `itemEncoding.contentType` (else application/json, text/plain for a string), its
 *   body the string as is or the JSON of any other value. Not done: binary parts (bytes), the
 *   encoding's `headers`, and per-part encodings (`prefixEncoding`); a body holding the boundary
 *   delimiter makes the item invalid. The stream closes with `frameEnd`.
 *
 * An item that cannot be framed (not JSON-serializable, a cycle, a BigInt, a broken field) is
 * `{ ok: false, reason }`, never a throw.
 */
import type { StreamFraming } from './stream-media.js';

/** How items are framed beyond the framing itself. */
export interface FrameOptions {
  /** SSE: the item's `data` carries JSON (written JSON-stringified). */
  jsonData?: boolean;
  /** multipart: each part's Content-Type (the media type's `itemEncoding.contentType`). */
  contentType?: string;
  /** multipart: the boundary, as in the response's Content-Type (`streamContentType`). */
  boundary?: string;
}

/** One framed item, or why it cannot be framed. */
export type Framed = { ok: true; text: string } | { ok: false; reason: string };

/** The SSE heartbeat: a comment line, which every event-stream reader ignores. */
export const SSE_HEARTBEAT = ':\n\n';

const LINE_BREAK = /\r\n|\r|\n/;
const BAD_FIELD = /[\r\n\0]/;

function json(value: unknown): Framed {
  try {
    const text = JSON.stringify(value);
    if (typeof text !== 'string') return { ok: false, reason: 'the item is not a JSON value' };
    return { ok: true, text };
  } catch (error) {
    return { ok: false, reason: `the item cannot be written as JSON (${error instanceof Error ? error.message : String(error)})` };
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sseField(item: Record<string, unknown>, name: 'event' | 'id'): Framed | undefined {
  const value = item[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') return { ok: false, reason: `the event's ${name} is not a string` };
  const text = String(value);
  if (BAD_FIELD.test(text)) return { ok: false, reason: `the event's ${name} holds a line break or NUL` };
  return { ok: true, text: `${name}: ${text}\n` };
}

function frameSse(item: unknown, options: FrameOptions): Framed {
  if (!isObject(item)) return { ok: false, reason: 'a server-sent event is not an object' };
  let text = '';
  for (const name of ['event', 'id'] as const) {
    const field = sseField(item, name);
    if (field && !field.ok) return field;
    if (field) text += field.text;
  }
  const retry = item['retry'];
  if (retry !== undefined) {
    if (typeof retry !== 'number' || !Number.isSafeInteger(retry) || retry < 0) return { ok: false, reason: "the event's retry is not a non-negative integer" };
    text += `retry: ${retry}\n`;
  }
  const data = item['data'];
  if (data !== undefined) {
    let body: string;
    if (typeof data === 'string' && !options.jsonData) body = data;
    else {
      const encoded = json(data);
      if (!encoded.ok) return { ok: false, reason: `the event's data: ${encoded.reason}` };
      body = encoded.text;
    }
    for (const line of body.split(LINE_BREAK)) text += `data: ${line}\n`;
  }
  if (text === '') return { ok: false, reason: 'the event has no field to send' };
  return { ok: true, text: text + '\n' };
}

function isJsonType(type: string): boolean {
  const media = (type.split(';')[0] ?? '').trim().toLowerCase();
  return media === 'application/json' || media.endsWith('+json');
}

function framePart(item: unknown, options: FrameOptions): Framed {
  const boundary = options.boundary ?? DEFAULT_BOUNDARY;
  const type = options.contentType ?? (typeof item === 'string' ? 'text/plain' : 'application/json');
  if (/[\r\n]/.test(type)) return { ok: false, reason: 'the part content type holds a line break' };
  let body: string;
  if (typeof item === 'string' && !isJsonType(type)) body = item;
  else {
    const encoded = json(item);
    if (!encoded.ok) return encoded;
    body = encoded.text;
  }
  if (body.includes(`--${boundary}`)) return { ok: false, reason: 'the part holds the multipart boundary' };
  return { ok: true, text: `--${boundary}\r\nContent-Type: ${type}\r\n\r\n${body}\r\n` };
}

/** The boundary multipart streams use unless told otherwise. */
export const DEFAULT_BOUNDARY = 'specforge-stream-boundary';

/** Frames one item for `framing`. */
export function frameItem(framing: StreamFraming, item: unknown, options: FrameOptions = {}): Framed {
  switch (framing) {
    case 'sse':
      return frameSse(item, options);
    case 'jsonl': {
      const encoded = json(item);
      return encoded.ok ? { ok: true, text: encoded.text + '\n' } : encoded;
    }
    case 'json-seq': {
      const encoded = json(item);
      return encoded.ok ? { ok: true, text: '\x1e' + encoded.text + '\n' } : encoded;
    }
    case 'multipart':
      return framePart(item, options);
  }
}

/** What ends a stream after its last item ("" but for multipart's closing delimiter). */
export function frameEnd(framing: StreamFraming, options: FrameOptions = {}): string {
  return framing === 'multipart' ? `--${options.boundary ?? DEFAULT_BOUNDARY}--\r\n` : '';
}

/**
 * The Content-Type a stream is answered with: the media type, with the boundary for multipart
 * (replacing any parameter the type names).
 */
export function streamContentType(type: string, framing: StreamFraming, options: FrameOptions = {}): string {
  if (framing === 'multipart') {
    const base = (type.split(';')[0] ?? '').trim();
    return `${base}; boundary=${options.boundary ?? DEFAULT_BOUNDARY}`;
  }
  return type;
}
