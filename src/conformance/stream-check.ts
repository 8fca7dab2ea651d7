/**
 * OpenAPI 3.2 streams in a conformance run and in the proxy: an answer whose declared media type has
 * an `itemSchema` and a sequential type (server-sent events, JSON Lines, JSON text sequences,
 * multipart/mixed parts: the boundary from the answer's Content-Type) is
 * read item by item as it arrives (the runtime's reader, stream-read.ts), within bounds: at most
 * `items` items, `bytes` bytes and `ms` milliseconds (`--max-stream-items`, `--max-stream-bytes`,
 * `--max-stream-time`). Reading stops at the first item the item validator refuses (what follows
 * is not needed to report it), at a break of the framing (a finding, at its item), or at a bound
 * (what came after is not read: the run says so in its `skipped`). A stream that never ends is
 * therefore cut, never waited for. The checks (checks.ts) then report the first bad item with its
 * index and its text (redacted as every body is).
 */
import type { ContractModel, MediaTypeModel } from '../contract/model-types.js';
import { UsageError } from '../contract/errors.js';
import { streamItemsOf } from '../contract/stream-items.js';
import type { StreamFraming } from '../runtime/shared/stream-media.js';
import type { PartEncodingSpec } from '../runtime/shared/stream-parts.js';
import { readStreamItems, StreamReadError } from '../runtime/shared/stream-read.js';

/** How much of a stream is read: items, bytes and milliseconds. */
export interface StreamBounds {
  items: number;
  bytes: number;
  ms: number;
}

/** The defaults of `--max-stream-items`, `--max-stream-bytes` and `--max-stream-time`. */
export const DEFAULT_STREAM_BOUNDS: StreamBounds = { items: 100, bytes: 1024 * 1024, ms: 2000 };

/** The flag of each bound, as reports name it. */
export const STREAM_FLAGS = { items: '--max-stream-items', bytes: '--max-stream-bytes', ms: '--max-stream-time' } as const;

/** The stream flags as `test` and `proxy` take them (strings from the command line). */
export interface StreamBoundFlags {
  maxStreamItems?: string | number;
  maxStreamBytes?: string | number;
  maxStreamTime?: string | number;
}

/** The bounds the flags set (each a positive integer; a usage error otherwise), the defaults for the rest. */
export function streamBoundsOption(flags: StreamBoundFlags): StreamBounds {
  const read = (raw: string | number | undefined, flag: string, max: number, fallback: number): number => {
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > max) throw new UsageError(`${flag} must be an integer from 1 to ${max}, not "${String(raw)}"`);
    return n;
  };
  return {
    items: read(flags.maxStreamItems, STREAM_FLAGS.items, 10_000_000, DEFAULT_STREAM_BOUNDS.items),
    bytes: read(flags.maxStreamBytes, STREAM_FLAGS.bytes, 2 ** 30, DEFAULT_STREAM_BOUNDS.bytes),
    ms: read(flags.maxStreamTime, STREAM_FLAGS.ms, 3_600_000, DEFAULT_STREAM_BOUNDS.ms),
  };
}

/** What an answer streams: its framing, whether an event's data is JSON, and the declared media type. */
export interface AnswerStream {
  framing: StreamFraming;
  jsonData: boolean;
  media: MediaTypeModel;
  /** multipart/mixed: the answer's Content-Type (its boundary) and a part's type when it names none (itemEncoding's). */
  contentType?: string;
  partType?: string;
  /** multipart/mixed: the parts' encodings (prefixEncoding, itemEncoding: binary parts, nested parts, required headers). */
  encoding?: PartEncodingSpec;
}

/** How reading a stream ended. */
export type StreamEnd =
  /** The stream ended and every item was read. */
  | { kind: 'complete' }
  /** The item at `index` is refused by the item schema: reading stopped there. */
  | { kind: 'invalid'; index: number }
  /** A bound was reached (or the request's --timeout): what came after was not read. */
  | { kind: 'cut'; reason: string }
  /** The framing broke at item `index` (not JSON, truncated, text before the first separator). */
  | { kind: 'broken'; index: number; reason: string };

/** A stream as it was read. */
export interface StreamRead {
  framing: StreamFraming;
  /** The items read, in order (the refused one last, when one was). */
  items: unknown[];
  end: StreamEnd;
}

/**
 * What an answer streams, when the media type the contract declares for it (`media`: its status
 * and content type, see declaredMedia in checks.ts) is a stream of items.
 */
export function answerStream(model: ContractModel, media: MediaTypeModel | undefined, contentType?: string): AnswerStream | undefined {
  const items = media === undefined ? undefined : streamItemsOf(model, media);
  if (media === undefined || items === undefined) return undefined;
  const stream: AnswerStream = { framing: items.framing, jsonData: items.jsonData === true, media };
  if (contentType !== undefined) stream.contentType = contentType;
  if (items.contentType !== undefined) stream.partType = items.contentType;
  if (items.framing === 'multipart') stream.encoding = items;
  return stream;
}

/** A byte count or a millisecond count as a reason says it. */
function boundReason(what: 'items' | 'bytes' | 'ms', bounds: StreamBounds): string {
  const said = what === 'items' ? `after ${bounds.items} items` : what === 'bytes' ? `at ${bounds.bytes} bytes` : `at ${bounds.ms} ms`;
  return `a stream was cut ${said} (${STREAM_FLAGS[what]}): what came after was not read, so not checked`;
}

/**
 * Reads the items of `body` as they arrive, within `bounds`; `idleMs` ends a stream silent that
 * long. `valid` judges each item: reading stops at the first it refuses. `signal` (the request's
 * own deadline) ends reading as a cut. The body is cancelled whenever reading stops before its end.
 */
export async function readStream(
  body: ReadableStream<Uint8Array> | null,
  stream: AnswerStream,
  bounds: StreamBounds,
  options: { idleMs?: number; valid?: (item: unknown) => boolean; signal?: AbortSignal } = {},
): Promise<StreamRead> {
  const items: unknown[] = [];
  const out = (end: StreamEnd): StreamRead => ({ framing: stream.framing, items, end });
  if (body === null) return out({ kind: 'complete' });
  try {
    for await (const item of readStreamItems(body, stream.framing, {
      maxItems: bounds.items,
      maxBytes: bounds.bytes,
      maxItemBytes: Math.min(bounds.bytes, 8 * 1024 * 1024),
      timeoutMs: bounds.ms,
      ...(options.idleMs !== undefined ? { idleTimeoutMs: options.idleMs } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      json: stream.jsonData,
      ...(stream.contentType !== undefined ? { contentType: stream.contentType } : {}),
      ...(stream.partType !== undefined ? { partType: stream.partType } : {}),
      ...(stream.encoding !== undefined ? { encoding: stream.encoding } : {}),
    })) {
      items.push(item);
      // Leaving the loop cancels the body: what follows a refused item is not needed. A binary part
      // (bytes) is not judged: JSON Schema asserts nothing on bytes.
      if (options.valid !== undefined && !(item instanceof Uint8Array) && !options.valid(item)) return out({ kind: 'invalid', index: items.length - 1 });
    }
    return out({ kind: 'complete' });
  } catch (error) {
    if (error instanceof StreamReadError) {
      switch (error.code) {
        case 'items-limit':
          return out({ kind: 'cut', reason: boundReason('items', bounds) });
        case 'bytes-limit':
        case 'item-too-large':
          return out({ kind: 'cut', reason: boundReason('bytes', bounds) });
        case 'timeout':
          return out({ kind: 'cut', reason: boundReason('ms', bounds) });
        case 'idle-timeout':
          return out({
            kind: 'cut',
            reason: `a stream stopped sending for ${options.idleMs ?? 0} ms (--timeout): what came after was not read, so not checked`,
          });
        default:
          return out({ kind: 'broken', index: error.index, reason: error.message.replace(/^stream item \d+: /, '') });
      }
    }
    // The request's deadline (its abort signal) or a connection that broke off mid-stream.
    const name = error instanceof Error ? error.name : '';
    if (name === 'AbortError' || name === 'TimeoutError')
      return out({ kind: 'cut', reason: 'a stream was still arriving at the request deadline (--timeout): what came after was not read, so not checked' });
    return out({ kind: 'broken', index: items.length, reason: `the stream broke off (${error instanceof Error ? error.message : String(error)})` });
  }
}

/** "1st", "2nd", "3rd", "4th", … */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

/** An item as a report quotes it: its JSON on one line, cut at `max` characters. */
export function itemText(item: unknown, max = 200): string {
  let text: string;
  try {
    text = JSON.stringify(item) ?? String(item);
  } catch {
    text = String(item);
  }
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * A body that can be fed as bytes arrive (the proxy's copy of an upstream's answer): `push` until
 * the reader is done, then `end` (or `fail`). What is pushed after the reader stopped is dropped.
 */
export function feedableBody(): { body: ReadableStream<Uint8Array>; push(chunk: Uint8Array): void; end(): void; fail(error: Error): void } {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let closed = false;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      closed = true;
    },
  });
  return {
    body,
    push(chunk) {
      if (!closed) controller?.enqueue(new Uint8Array(chunk));
    },
    end() {
      if (closed) return;
      closed = true;
      controller?.close();
    },
    fail(error) {
      if (closed) return;
      closed = true;
      controller?.error(error);
    },
  };
}
