/**
 * Reads the items of an OpenAPI 3.2 stream (a sequential media type, see stream-media.ts) as they
 * arrive: server-sent events (WHATWG HTML, "event stream interpretation"), JSON Lines and JSON text
 * sequences (RFC 7464), and multipart/mixed parts (stream-read-multipart.ts). Browser-safe (no
 * `node:` import): the client, the SDK, `specforge test` and the proxy read with it.
 *
 * Linear in the bytes read, with a bounded buffer: a line, record or event larger than
 * `maxItemBytes` is an error (never memory growth); the whole stream is bounded by `maxItems`,
 * `maxBytes`, `timeoutMs` and `idleTimeoutMs`, and ended by `signal`. Leaving a `for await` loop (or
 * any error) cancels the body. Each error is a {@link StreamReadError} that names the item's index
 * (from 0).
 */
import type { StreamFraming } from './stream-media.js';
import { multipartFramer } from './stream-read-multipart.js';
import type { PartEncodingSpec } from './stream-parts.js';

/** One server-sent event as an item: the fields the event carried (`data` JSON-parsed where asked). */
export interface SseItem<Data = unknown> {
  data: Data;
  event?: string;
  id?: string;
  retry?: number;
}

/** Why reading stopped. */
export type StreamReadErrorCode = 'items-limit' | 'bytes-limit' | 'item-too-large' | 'timeout' | 'idle-timeout' | 'parse' | 'truncated' | 'framing' | 'invalid';

export class StreamReadError extends Error {
  constructor(
    readonly code: StreamReadErrorCode,
    /** The index (from 0) of the item being read when reading stopped. */
    readonly index: number,
    message: string,
  ) {
    super(message);
    this.name = 'StreamReadError';
  }
}

/**
 * What an event stream leaves for a reconnection (WHATWG: the "last event ID string" and the
 * "reconnection time"); the reader updates it as fields arrive.
 */
export interface SseState {
  lastEventId: string;
  /** The server's `retry:` in milliseconds, when it sent one. */
  retry?: number;
}

export interface StreamReadOptions {
  /** Most items read; one more is a `items-limit` error. */
  maxItems?: number;
  /** Most bytes read from the body in all; past it, a `bytes-limit` error. */
  maxBytes?: number;
  /** Most bytes of one line, record or event (default 8 MiB); past it, an `item-too-large` error. */
  maxItemBytes?: number;
  /** Most milliseconds for the whole stream. */
  timeoutMs?: number;
  /** Most milliseconds between two chunks of the body. */
  idleTimeoutMs?: number;
  /** Ends reading (throwing the signal's reason) and cancels the body. */
  signal?: AbortSignal;
  /** Server-sent events: parse each event's `data` as JSON. */
  json?: boolean;
  /** Server-sent events: the state to update (for `Last-Event-ID` and `retry` on reconnect). */
  state?: SseState;
  /** The index of the first item (a stream read again after a reconnection goes on counting). */
  startIndex?: number;
  /** multipart/mixed: the answer's Content-Type (its `boundary` parameter delimits the parts). */
  contentType?: string | null;
  /** multipart/mixed: a part's Content-Type when it names none (the media type's `itemEncoding.contentType`). */
  partType?: string;
  /** multipart/mixed: the parts' encodings (the stream table: itemEncoding's fields, `prefix` for prefixEncoding). */
  encoding?: PartEncodingSpec;
  /**
   * Checks one item: a message when it is not valid (an `invalid` error names the item), else
   * undefined. Not called for a binary multipart part (a Uint8Array: JSON Schema asserts nothing on bytes).
   */
  validate?: (item: unknown, index: number) => string | undefined;
}

const DEFAULT_ITEM_BYTES = 8 * 1024 * 1024;
const LF = 0x0a;
const CR = 0x0d;
const RS = 0x1e;

/** Collects the bytes of one line or record across chunks, within a bound. */
class Pending {
  private parts: Uint8Array[] = [];
  length = 0;

  push(part: Uint8Array): void {
    if (part.length === 0) return;
    this.parts.push(part);
    this.length += part.length;
  }

  take(): Uint8Array {
    const parts = this.parts;
    this.parts = [];
    const length = this.length;
    this.length = 0;
    if (parts.length === 1 && parts[0] !== undefined) return parts[0];
    const out = new Uint8Array(length);
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }
}

/** Turns lines or records into items; one per framing. */
interface Framer {
  /** The bytes up to each separator; `end` at the end of the body with what is left. */
  chunk(bytes: Uint8Array, emit: (item: unknown) => void): void;
  end(emit: (item: unknown) => void): void;
}

interface Context {
  decode(bytes: Uint8Array): string;
  index(): number;
  maxItemBytes: number;
  fail(code: StreamReadErrorCode, message: string): never;
}

function parseJson(ctx: Context, text: string, what: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return ctx.fail('parse', `stream item ${ctx.index()}: ${what} is not JSON (${reason})`);
  }
}

function tooLarge(ctx: Context, what: string): never {
  return ctx.fail('item-too-large', `stream item ${ctx.index()}: ${what} is larger than ${ctx.maxItemBytes} bytes`);
}

/** Server-sent events, as the WHATWG HTML standard interprets an event stream. */
function sseFramer(ctx: Context, json: boolean, state: SseState): Framer {
  const line = new Pending();
  let skipLf = false;
  let data = '';
  let hasData = false;
  let event = '';
  let id: string | undefined;
  let retry: number | undefined;
  let eventBytes = 0;

  const reset = (): void => {
    data = '';
    hasData = false;
    event = '';
    id = undefined;
    retry = undefined;
    eventBytes = 0;
  };

  const dispatch = (emit: (item: unknown) => void): void => {
    if (!hasData) {
      reset();
      return;
    }
    const text = data.endsWith('\n') ? data.slice(0, -1) : data;
    const item: SseItem = { data: json ? parseJson(ctx, text, 'the event data') : text };
    if (event !== '') item.event = event;
    if (id !== undefined) item.id = id;
    if (retry !== undefined) item.retry = retry;
    reset();
    emit(item);
  };

  const field = (text: string): void => {
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const name = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (name) {
      case 'event':
        event = value;
        break;
      case 'data':
        data += value + '\n';
        hasData = true;
        break;
      case 'id':
        if (!value.includes('\u0000')) {
          id = value;
          state.lastEventId = value;
        }
        break;
      case 'retry':
        if (/^[0-9]+$/.test(value)) {
          retry = Number(value);
          state.retry = retry;
        }
        break;
      default:
        break;
    }
  };

  const endLine = (bytes: Uint8Array, emit: (item: unknown) => void): void => {
    if (bytes.length === 0) {
      dispatch(emit);
      return;
    }
    eventBytes += bytes.length + 1;
    if (eventBytes > ctx.maxItemBytes) tooLarge(ctx, 'the event');
    field(ctx.decode(bytes));
  };

  return {
    chunk(bytes, emit) {
      let start = 0;
      // A CR that ended the last chunk and this chunk's LF are one line end.
      if (skipLf && bytes[0] === LF) start = 1;
      if (bytes.length > 0) skipLf = false;
      // The next LF and CR, each searched again only once passed (-1: none left): linear in the chunk.
      let lf = -2;
      let cr = -2;
      for (;;) {
        if (lf !== -1 && lf < start) lf = bytes.indexOf(LF, start);
        if (cr !== -1 && cr < start) cr = bytes.indexOf(CR, start);
        const end = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
        if (end === -1) break;
        line.push(bytes.subarray(start, end));
        endLine(line.take(), emit);
        start = end + 1;
        if (end === cr) {
          if (start < bytes.length) {
            if (bytes[start] === LF) start++;
          } else skipLf = true;
        }
      }
      line.push(bytes.subarray(start));
      if (line.length + eventBytes > ctx.maxItemBytes) tooLarge(ctx, 'the event');
    },
    // At the end of the body, an unfinished line and an undispatched event are dropped.
    end() {
      line.take();
      reset();
    },
  };
}

/** JSON Lines: one JSON text a line (LF, CRLF accepted); blank lines skipped; the last may lack its LF. */
function jsonlFramer(ctx: Context): Framer {
  const line = new Pending();
  const endLine = (bytes: Uint8Array, emit: (item: unknown) => void): void => {
    const text = ctx.decode(bytes);
    if (text.trim() === '') return;
    emit(parseJson(ctx, text, 'the line'));
  };
  return {
    chunk(bytes, emit) {
      let start = 0;
      for (let i = bytes.indexOf(LF); i >= 0; i = bytes.indexOf(LF, start)) {
        line.push(bytes.subarray(start, i));
        if (line.length > ctx.maxItemBytes) tooLarge(ctx, 'the line');
        endLine(line.take(), emit);
        start = i + 1;
      }
      line.push(bytes.subarray(start));
      if (line.length > ctx.maxItemBytes) tooLarge(ctx, 'the line');
    },
    end(emit) {
      endLine(line.take(), emit);
    },
  };
}

/** JSON text sequences (RFC 7464): each record an RS, a JSON text and an LF; a record without its LF is truncated. */
function jsonSeqFramer(ctx: Context): Framer {
  const record = new Pending();
  let started = false;
  const endRecord = (bytes: Uint8Array, emit: (item: unknown) => void): void => {
    const text = ctx.decode(bytes);
    if (!started) {
      started = true;
      if (text.trim() !== '') ctx.fail('framing', `stream item ${ctx.index()}: text before the first record separator (RS, 0x1E)`);
      return;
    }
    // Consecutive RS octets denote no element.
    if (text.trim() === '') return;
    if (!text.endsWith('\n')) ctx.fail('truncated', `stream item ${ctx.index()}: the record is truncated (no line feed at its end)`);
    emit(parseJson(ctx, text, 'the record'));
  };
  return {
    chunk(bytes, emit) {
      let start = 0;
      for (let i = bytes.indexOf(RS); i >= 0; i = bytes.indexOf(RS, start)) {
        record.push(bytes.subarray(start, i));
        if (record.length > ctx.maxItemBytes) tooLarge(ctx, 'the record');
        endRecord(record.take(), emit);
        start = i + 1;
      }
      record.push(bytes.subarray(start));
      if (record.length > ctx.maxItemBytes) tooLarge(ctx, 'the record');
    },
    end(emit) {
      const rest = record.take();
      if (started || rest.length > 0) endRecord(rest, emit);
    },
  };
}

function framerFor(framing: StreamFraming, ctx: Context, options: StreamReadOptions): Framer {
  switch (framing) {
    case 'sse':
      return sseFramer(ctx, options.json === true, options.state ?? { lastEventId: '' });
    case 'jsonl':
      return jsonlFramer(ctx);
    case 'json-seq':
      return jsonSeqFramer(ctx);
    case 'multipart':
      return multipartFramer(ctx, options.contentType, options.partType, options.encoding);
  }
}

const BOM = [0xef, 0xbb, 0xbf];

/** The body's first bytes without a UTF-8 byte order mark, once at least three have come (or the body ended). */
function stripBom(head: Uint8Array): Uint8Array {
  return head[0] === BOM[0] && head[1] === BOM[1] && head[2] === BOM[2] ? head.subarray(3) : head;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** Runs `step`; what it threw, or undefined. */
function attempt(step: () => void): Error | undefined {
  try {
    step();
    return undefined;
  } catch (error) {
    return asError(error);
  }
}

function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}

/**
 * Yields the items of `body`, framed by `framing`, as they arrive. Server-sent events yield
 * {@link SseItem}s; JSON Lines and JSON text sequences yield each JSON value; multipart/mixed each
 * part (stream-read-multipart.ts: `contentType` gives the boundary). `Item` is what the caller knows
 * of the items (unchecked unless `validate` is given).
 */
export async function* readStreamItems<Item = unknown>(
  body: ReadableStream<Uint8Array>,
  framing: StreamFraming,
  options: StreamReadOptions = {},
): AsyncGenerator<Item, void, undefined> {
  const signal = options.signal;
  signal?.throwIfAborted();
  const maxItems = options.maxItems ?? Infinity;
  const maxBytes = options.maxBytes ?? Infinity;
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let count = options.startIndex ?? 0;
  const maxCount = maxItems + count;
  let bytesRead = 0;
  const ctx: Context = {
    decode: (bytes) => decoder.decode(bytes),
    index: () => count,
    maxItemBytes: options.maxItemBytes ?? DEFAULT_ITEM_BYTES,
    fail(code, message) {
      throw new StreamReadError(code, count, message);
    },
  };
  const framer = framerFor(framing, ctx, options);
  const reader = body.getReader();
  let stopped: (() => Error) | undefined;
  const stop = (why: () => Error): void => {
    if (stopped !== undefined) return;
    stopped = why;
    reader.cancel().catch(() => undefined);
  };
  // What ended reading from outside (a timer or the signal), read after each await or yield.
  const halted = (): Error | undefined => stopped?.();
  const onAbort = (): void => stop(() => asError(signal?.reason));
  signal?.addEventListener('abort', onAbort);
  const timeoutMs = options.timeoutMs;
  const timeout =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => stop(() => new StreamReadError('timeout', count, `stream item ${count}: the stream took longer than ${timeoutMs} ms`)), timeoutMs);
  let idle: ReturnType<typeof setTimeout> | undefined;
  const armIdle = (): void => {
    const ms = options.idleTimeoutMs;
    if (ms === undefined) return;
    if (idle !== undefined) clearTimeout(idle);
    idle = setTimeout(() => stop(() => new StreamReadError('idle-timeout', count, `stream item ${count}: no data for ${ms} ms`)), ms);
  };
  const queue: unknown[] = [];
  const emit = (item: unknown): void => {
    if (count >= maxCount) ctx.fail('items-limit', `stream item ${count}: more than ${maxItems} items`);
    const problem = item instanceof Uint8Array ? undefined : options.validate?.(item, count);
    if (problem !== undefined) ctx.fail('invalid', `stream item ${count}: ${problem}`);
    count++;
    queue.push(item);
  };
  let head: Uint8Array | undefined = new Uint8Array(0);
  let done = false;
  try {
    armIdle();
    for (;;) {
      const next = await reader.read().catch((error: unknown) => {
        if (stopped !== undefined) return { done: true as const, value: undefined };
        throw error;
      });
      const error = halted();
      if (error !== undefined) throw error;
      if (next.done) break;
      armIdle();
      bytesRead += next.value.length;
      if (bytesRead > maxBytes) ctx.fail('bytes-limit', `stream item ${count}: the stream is larger than ${maxBytes} bytes`);
      let bytes = next.value;
      if (head !== undefined) {
        head = concat(head, bytes);
        if (head.length < BOM.length) continue;
        bytes = stripBom(head);
        head = undefined;
      }
      const failure = attempt(() => framer.chunk(bytes, emit));
      // The queue holds one chunk's items at most, handed out in order (those before a bad one too).
      for (let i = 0; i < queue.length; i++) {
        yield queue[i] as Item;
        const error = halted();
        if (error !== undefined) throw error;
      }
      queue.length = 0;
      if (failure !== undefined) throw failure;
    }
    const failure = attempt(() => {
      if (head !== undefined) framer.chunk(stripBom(head), emit);
      framer.end(emit);
    });
    for (const item of queue) yield item as Item;
    if (failure !== undefined) throw failure;
    done = true;
  } finally {
    if (timeout !== undefined) clearTimeout(timeout);
    if (idle !== undefined) clearTimeout(idle);
    signal?.removeEventListener('abort', onAbort);
    if (!done && stopped === undefined) reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
