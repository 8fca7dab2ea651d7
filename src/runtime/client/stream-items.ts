/**
 * A stream answer (OpenAPI 3.2 `itemSchema` on a sequential media type) as the clients hand it out:
 * an `AsyncIterable` of its items, read as they arrive (src/runtime/shared/stream-read.ts).
 * Cancelled by the call's AbortSignal; leaving a `for await` loop cancels the body. Opt-in: item
 * validation (a Standard Schema such as a generated validator, or a function; nothing is imported
 * for it unless the caller passes one) and, for server-sent events, reconnection with
 * `Last-Event-ID` (bounded attempts, waiting the server's `retry:`). Browser-safe.
 */
import { readStreamItems, StreamReadError, type SseState, type StreamReadOptions } from '../shared/stream-read.js';
import type { StreamFraming } from '../shared/stream-media.js';
import type { StandardSchema } from '../validation/standard.js';
import type { PartEncodingSpec } from '../shared/stream-parts.js';

/**
 * How a declared answer's items are framed (from the contract: the generated tables carry it); for
 * multipart/mixed, its parts' encodings too (its own fields are itemEncoding's, `prefix` is
 * prefixEncoding: see src/runtime/shared/stream-parts.ts).
 */
export interface StreamItemsTable extends PartEncodingSpec {
  /** The media type as the contract writes it (`text/event-stream`). */
  type: string;
  framing: StreamFraming;
  /** Server-sent events whose `data` carries JSON (parsed for the item). */
  jsonData?: true;
  /** multipart/mixed: a part's Content-Type when it names none (the media type's `itemEncoding.contentType`). */
  contentType?: string;
}

/** Checks one item: a Standard Schema (a generated validator) or a function giving a message when it is not valid. */
export type ItemCheck = StandardSchema | ((item: unknown, index: number) => string | undefined);

/** Reconnection of a server-sent event stream whose connection broke (never of one that ended). */
export interface StreamReconnectOptions {
  /** Reconnections in a row without an item between them (default 3). */
  attempts?: number;
  /** The wait before reconnecting, in ms, until the server sends `retry:` (default 1,000). */
  delay?: number;
  /** The longest wait, in ms, whatever `retry:` asks (default 30,000). */
  maxDelay?: number;
}

/** What a call may say of how its stream answer is read. */
export interface StreamCallOptions extends Pick<StreamReadOptions, 'maxItems' | 'maxBytes' | 'maxItemBytes' | 'timeoutMs' | 'idleTimeoutMs'> {
  /** Checks each item (off by default): an invalid item ends the iteration with a StreamReadError naming it. */
  validate?: ItemCheck;
  /** Server-sent events: reconnect with `Last-Event-ID` when the connection breaks (`true`: the defaults). */
  reconnect?: boolean | StreamReconnectOptions;
}

/** Sends the call again with `Last-Event-ID` (when the stream gave an id). */
export type Reconnect = (lastEventId: string, signal: AbortSignal | undefined) => Promise<Response>;

const BOUNDS = ['maxItems', 'maxBytes', 'maxItemBytes', 'timeoutMs', 'idleTimeoutMs'] as const;

function pointerOf(path: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined): string {
  if (path === undefined || path.length === 0) return '';
  return path
    .map(
      (p) =>
        `/${String(typeof p === 'object' ? p.key : p)
          .replace(/~/g, '~0')
          .replace(/\//g, '~1')}`,
    )
    .join('');
}

async function problemOf(check: ItemCheck, item: unknown, index: number): Promise<string | undefined> {
  // A generated validator is a function too (Ajv's, answering a boolean): its Standard Schema side is read.
  if (!('~standard' in check)) return check(item, index);
  const result = await check['~standard'].validate(item);
  if (result.issues === undefined) return undefined;
  return result.issues
    .slice(0, 5)
    .map((issue) => {
      const at = pointerOf(issue.path);
      return at === '' ? issue.message : `${at} ${issue.message}`;
    })
    .join('; ');
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Whether reading stopped because the connection broke (not the stream's content, a bound or an abort). */
function broken(error: unknown, signal: AbortSignal | undefined): boolean {
  return !(error instanceof StreamReadError) && signal?.aborted !== true;
}

/**
 * The items of `response`'s body as they arrive. With `options.reconnect` (server-sent events only)
 * and `reconnect`, a broken connection is opened again with `Last-Event-ID`; an answer 204 there ends
 * the stream (as an EventSource's does), another status that is not 2xx is an error.
 */
export function streamItems<Item>(
  response: Response,
  table: StreamItemsTable,
  options: StreamCallOptions & { signal?: AbortSignal | undefined } = {},
  reconnect?: Reconnect,
): AsyncIterable<Item> {
  const again = options.reconnect === true ? {} : options.reconnect === false ? undefined : options.reconnect;
  // Nothing to do between the reader and the caller: the reader itself (one generator less per item).
  if (options.validate === undefined && (again === undefined || reconnect === undefined || table.framing !== 'sse') && response.body !== null)
    return readStreamItems<Item>(response.body, table.framing, readOptions(table, options, { lastEventId: '' }, 0, response));
  return checkedItems<Item>(response, table, options, again, reconnect);
}

function readOptions(
  table: StreamItemsTable,
  options: StreamCallOptions & { signal?: AbortSignal | undefined },
  state: SseState,
  index: number,
  response: Response,
): StreamReadOptions {
  const read: StreamReadOptions = { state, startIndex: index, json: table.jsonData === true };
  // multipart/mixed: the boundary is the answer's, a part without a Content-Type is of the item encoding's.
  if (table.framing === 'multipart') read.contentType = response.headers.get('content-type');
  if (table.contentType !== undefined) read.partType = table.contentType;
  if (table.framing === 'multipart') read.encoding = table;
  for (const key of BOUNDS) if (options[key] !== undefined) read[key] = options[key];
  if (options.signal !== undefined) read.signal = options.signal;
  // The bound on items is the whole stream's, reconnections included.
  if (options.maxItems !== undefined) read.maxItems = options.maxItems - index;
  return read;
}

async function* checkedItems<Item>(
  response: Response,
  table: StreamItemsTable,
  options: StreamCallOptions & { signal?: AbortSignal | undefined },
  again: StreamReconnectOptions | undefined,
  reconnect: Reconnect | undefined,
): AsyncGenerator<Item, void, undefined> {
  const { validate, signal } = options;
  const state: SseState = { lastEventId: '' };
  let index = 0;
  let tries = 0;
  let current = response;
  for (;;) {
    const body = current.body;
    if (body === null) return;
    const read = readOptions(table, options, state, index, current);
    try {
      for await (const item of readStreamItems(body, table.framing, read)) {
        // A binary part (bytes) is not checked: JSON Schema asserts nothing on bytes.
        if (validate !== undefined && !(item instanceof Uint8Array)) {
          const problem = await problemOf(validate, item, index);
          if (problem !== undefined) throw new StreamReadError('invalid', index, `stream item ${index}: ${problem}`);
        }
        index++;
        tries = 0;
        yield item as Item;
      }
      return;
    } catch (error) {
      if (again === undefined || reconnect === undefined || table.framing !== 'sse' || !broken(error, signal) || tries >= (again.attempts ?? 3)) throw error;
    }
    tries++;
    await wait(Math.min(state.retry ?? again.delay ?? 1000, again.maxDelay ?? 30_000), signal);
    current = await reconnect(state.lastEventId, signal);
    if (current.status === 204) return;
    if (!current.ok) {
      await current.body?.cancel().catch(() => undefined);
      throw new Error(`reconnecting the event stream (Last-Event-ID: ${JSON.stringify(state.lastEventId)}) answered ${current.status}`);
    }
  }
}
