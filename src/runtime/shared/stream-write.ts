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
 * - `multipart` (multipart/mixed): each item is a part, encoded by its position (stream-parts.ts:
 *   `prefixEncoding[i]`, else `itemEncoding`): a binary part is the item's bytes (a Uint8Array or a
 *   Buffer; anything else makes it invalid), base64 with `Content-Transfer-Encoding: base64` when
 *   the item schema says `contentEncoding: base64`; a multipart part is its array of parts framed
 *   under a boundary of its own (one level); else the string as is or the JSON of any other value.
 *   Its `Content-Type` is the first of the encoding's types of the value's kind (else
 *   application/octet-stream for bytes, text/plain for a string, application/json). A body holding
 *   the boundary delimiter makes the item invalid. The encoding's `headers` are not written (a
 *   handler gives no value for them). The stream closes with `frameEnd`; a stream that ends early
 *   with `frameAbort` (an opening delimiter and nothing after it), which a reader takes for a
 *   truncated stream once it has read every part before it whole.
 *
 * An item that cannot be framed (not JSON-serializable, a cycle, a BigInt, a broken field) is
 * `{ ok: false, reason }`, never a throw.
 */
import type { StreamFraming } from './stream-media.js';
import {
  encodeBase64,
  isMultipartType,
  isTextPartType,
  listedType,
  MultipartPart,
  partEncodingAt,
  partHeaderLines,
  partTypes,
  writtenPartType,
  type PartEncodingSpec,
} from './stream-parts.js';
import { isJsonMedia } from './json-media.js';

/** How items are framed beyond the framing itself. */
export interface FrameOptions {
  /** SSE: the item's `data` carries JSON (written JSON-stringified). */
  jsonData?: boolean;
  /** multipart: each part's Content-Type (the media type's `itemEncoding.contentType`). */
  contentType?: string;
  /** multipart: the boundary, as in the response's Content-Type (`streamContentType`). */
  boundary?: string;
  /** multipart: the parts' encodings (the stream table: its item encoding, and `prefix`). */
  encoding?: PartEncodingSpec;
}

/**
 * One framed item, or why it cannot be framed. A multipart part with bytes in it has `bytes`, the
 * frame to send, and `text` shows it with each binary body as `<N bytes>`.
 */
export type Framed = { ok: true; text: string; bytes?: Uint8Array } | { ok: false; reason: string };

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

const ENCODER = new TextEncoder();
const CRLF = '\r\n';

/** A part's body and its header lines (each ending CRLF), as text or (with bytes) as bytes. */
type PartBody = { ok: true; head: string; text: string; bytes?: Uint8Array } | { ok: false; reason: string };

/** Whether `bytes` holds `needle` (searched from each occurrence of its first byte). */
function holds(bytes: Uint8Array, needle: Uint8Array): boolean {
  const first = needle[0];
  if (first === undefined) return false;
  for (let i = bytes.indexOf(first); i >= 0 && i + needle.length <= bytes.length; i = bytes.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && bytes[i + j] === needle[j]) j++;
    if (j === needle.length) return true;
  }
  return false;
}

function concatBytes(parts: (string | Uint8Array)[]): Uint8Array {
  const bytes = parts.map((p) => (typeof p === 'string' ? ENCODER.encode(p) : p));
  const out = new Uint8Array(bytes.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of bytes) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}

function kindOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** The parts of a nested multipart part, framed under `boundary`. */
function nestedBody(items: readonly unknown[], encoding: PartEncodingSpec | undefined, boundary: string): PartBody {
  const chunks: (string | Uint8Array)[] = [];
  let text = '';
  let binary = false;
  for (let j = 0; j < items.length; j++) {
    const part = partBody(items[j], partEncodingAt(encoding, j, false), boundary, 1);
    if (!part.ok) return { ok: false, reason: `its part ${j}: ${part.reason}` };
    const head = `--${boundary}${CRLF}${part.head}${CRLF}`;
    chunks.push(head, part.bytes ?? part.text, CRLF);
    text += head + part.text + CRLF;
    if (part.bytes !== undefined) binary = true;
  }
  chunks.push(`--${boundary}--`);
  text += `--${boundary}--`;
  return binary ? { ok: true, head: '', text, bytes: concatBytes(chunks) } : { ok: true, head: '', text };
}

/** One part's body by its encoding; `boundary` is the delimiter it must not hold. */
function partBody(value: unknown, encoding: PartEncodingSpec | undefined, boundary: string, depth: number): PartBody {
  const wrapped = value instanceof MultipartPart ? (value as MultipartPart) : undefined;
  const item = wrapped === undefined ? value : wrapped.body;
  const extra = partHeaderLines(wrapped?.options, encoding?.required);
  if (!extra.ok) return extra;
  const chosen = wrapped?.options.contentType;
  if (chosen !== undefined && !listedType(encoding?.contentType, chosen))
    return { ok: false, reason: `the part's type ${JSON.stringify(chosen.slice(0, 64))} is not among its encoding's (${encoding?.contentType ?? ''})` };
  const list = chosen ?? encoding?.contentType;
  const bytes = item instanceof Uint8Array;
  const type = writtenPartType(list, bytes, item);
  if (/[\r\n]/.test(type)) return { ok: false, reason: 'the part content type holds a line break' };
  const part = typedBody(item, encoding, list, type, boundary, depth);
  return part.ok ? { ...part, head: part.head + extra.text } : part;
}

function typedBody(item: unknown, encoding: PartEncodingSpec | undefined, list: string | undefined, type: string, boundary: string, depth: number): PartBody {
  if (item instanceof Uint8Array) {
    // Bytes only where the encoding is binary or lists a binary type: bytes are not judged by the item schema.
    if (encoding !== undefined && encoding.binary !== true && !partTypes(list).some((t) => !isTextPartType(t) && !isMultipartType(t)))
      return { ok: false, reason: `the part is bytes where its encoding is ${list ?? 'not binary'}: give the item itself` };
    if (encoding?.transfer === 'base64')
      return { ok: true, head: `Content-Type: ${type}${CRLF}Content-Transfer-Encoding: base64${CRLF}`, text: encodeBase64(item) };
    if (holds(item, ENCODER.encode(`--${boundary}`))) return { ok: false, reason: 'the part holds the multipart boundary' };
    return { ok: true, head: `Content-Type: ${type}${CRLF}`, text: `<${item.length} bytes>`, bytes: item };
  }
  if (encoding?.binary === true) return { ok: false, reason: `the part is ${list ?? 'binary'}: it must be bytes (a Uint8Array), not ${kindOf(item)}` };
  if (isMultipartType(type) || (depth === 0 && Array.isArray(item) && partTypes(list).some(isMultipartType))) {
    if (!Array.isArray(item) || depth > 0) return { ok: false, reason: `the part is ${type}: it is written from an array of its parts (one level deep)` };
    const inner = `n${depth}-${boundary}`;
    const nested = nestedBody(item, encoding, inner);
    if (!nested.ok) return nested;
    if (
      (nested.bytes === undefined ? nested.text : '').includes(`--${boundary}`) ||
      (nested.bytes !== undefined && holds(nested.bytes, ENCODER.encode(`--${boundary}`)))
    )
      return { ok: false, reason: 'the part holds the multipart boundary' };
    const base = (partTypes(list).find(isMultipartType) ?? 'multipart/mixed').split(';')[0]?.trim() ?? 'multipart/mixed';
    return { ...nested, head: `Content-Type: ${base}; boundary=${inner}${CRLF}` };
  }
  let body: string;
  if (typeof item === 'string' && !isJsonMedia(type)) body = item;
  else {
    const encoded = json(item);
    if (!encoded.ok) return encoded;
    body = encoded.text;
  }
  if (body.includes(`--${boundary}`)) return { ok: false, reason: 'the part holds the multipart boundary' };
  return { ok: true, head: `Content-Type: ${type}${CRLF}`, text: body };
}

function framePart(item: unknown, options: FrameOptions, index: number): Framed {
  const boundary = options.boundary ?? DEFAULT_BOUNDARY;
  const encoding =
    options.encoding !== undefined
      ? partEncodingAt(options.encoding, index, true)
      : options.contentType !== undefined
        ? { contentType: options.contentType }
        : undefined;
  const part = partBody(item, encoding, boundary, 0);
  if (!part.ok) return part;
  const head = `--${boundary}${CRLF}${part.head}${CRLF}`;
  const text = head + part.text + CRLF;
  return part.bytes === undefined ? { ok: true, text } : { ok: true, text, bytes: concatBytes([head, part.bytes, CRLF]) };
}

/** The boundary multipart streams use unless told otherwise. */
export const DEFAULT_BOUNDARY = 'specforge-stream-boundary';

/** Frames one item for `framing` (`index`: its position in the stream, which picks a multipart part's encoding). */
export function frameItem(framing: StreamFraming, item: unknown, options: FrameOptions = {}, index = 0): Framed {
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
      return framePart(item, options, index);
  }
}

/** What ends a stream after its last item ("" but for multipart's closing delimiter). */
export function frameEnd(framing: StreamFraming, options: FrameOptions = {}): string {
  return framing === 'multipart' ? `--${options.boundary ?? DEFAULT_BOUNDARY}--\r\n` : '';
}

/**
 * What ends a stream that stops before its end (an item refused, the producer failed): for
 * multipart, an opening delimiter with no part after it and no close delimiter, so that the part
 * before it is read whole and the stream is seen truncated; "" for the other framings (they have no
 * end marker to leave out).
 */
export function frameAbort(framing: StreamFraming, options: FrameOptions = {}): string {
  return framing === 'multipart' ? `--${options.boundary ?? DEFAULT_BOUNDARY}\r\n` : '';
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
