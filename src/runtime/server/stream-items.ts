/**
 * A handler's stream of items (OpenAPI 3.2 `itemSchema`), as the server sends it: each item
 * validated by the media type's response validator (ONE item, the convention of
 * src/runtime/shared/stream-media.ts) and framed for the media type (stream-write.ts), pulled one at
 * a time so the writer sets the pace (backpressure), with an SSE heartbeat comment while the
 * handler is quiet. An item that breaks its schema or cannot be framed ends the stream (what was
 * sent stays sent) and is reported to `onError` as a StreamItemError with its index and reason; a
 * handler iterator that throws ends it too. A stream that ends so is closed with `frameAbort`
 * (multipart: a last delimiter, so the part before it reaches the reader whole, and no close
 * delimiter, so the reader sees the stream truncated; SSE and JSON Lines have no end marker and just
 * end). A binary multipart part (a Uint8Array) is not checked against the item schema (JSON Schema
 * asserts nothing on bytes; the specification's "Schema Evaluation and Binary Data"). `close()` (the client left) ends the handler's
 * iterator at once: `return()` is called, and a pull in flight ends. No `node:` import: node:http
 * (reply.ts) and the fetch handler (fetch.ts) drive it.
 */
import { detailsFromAjv } from '../shared/errors.js';
import type { OperationSpec, StreamItemsSpec } from '../shared/spec.js';
import { frameAbort, frameEnd, frameItem, SSE_HEARTBEAT, streamContentType, type FrameOptions } from '../shared/stream-write.js';
import { itemBody } from '../shared/stream-parts.js';
import type { ValidateFunction } from '../validation/standalone.js';
import type { Answer, Replier } from './answer.js';
import { matchMediaType, mediaTypeOf } from './media.js';

/** Default interval of SSE heartbeats, in milliseconds (`heartbeatMs`). */
export const DEFAULT_HEARTBEAT_MS = 15_000;

/** An item of a handler's stream that was not sent: the stream ended there. */
export class StreamItemError extends Error {
  constructor(
    readonly operationId: string,
    readonly mediaType: string,
    /** The item's index in the stream (0 is the first). */
    readonly index: number,
    readonly reason: string,
  ) {
    super(`stream item ${index} of ${operationId} (${mediaType}) was not sent, the stream ended: ${reason}`);
    this.name = 'StreamItemError';
  }
}

/** How an answer streams items: the media type, its framing and the validator of one item. */
export interface ItemPlan {
  type: string;
  items: StreamItemsSpec;
  frame: FrameOptions;
  validate: ValidateFunction | undefined;
  /** The Content-Type header (multipart with its boundary). */
  contentType: string;
}

/** The item plan of an answer whose media type streams items (and whose body is iterable), else undefined. */
export function itemPlanOf(p: Replier, op: OperationSpec, answer: Answer, body: unknown): ItemPlan | undefined {
  const declared = answer.plan.declared;
  if (declared?.items === undefined || !isItems(body) || answer.contentType === undefined) return undefined;
  const actual = mediaTypeOf(answer.contentType) ?? '';
  const type = Object.hasOwn(declared.items, answer.contentType) ? answer.contentType : matchMediaType(declared.types, actual);
  const items = type !== undefined && Object.hasOwn(declared.items, type) ? declared.items[type] : undefined;
  if (type === undefined || items === undefined) return undefined;
  const frame: FrameOptions = {};
  if (items.jsonData) frame.jsonData = true;
  if (items.contentType !== undefined) frame.contentType = items.contentType;
  if (items.framing === 'multipart') frame.encoding = items;
  const key = answer.plan.key;
  const validate = key === undefined || p.options.validateItems === false ? undefined : p.validators.operationValidators[op.id]?.responses[key]?.[type];
  return { type, items, frame, validate, contentType: streamContentType(answer.contentType, items.framing, frame) };
}

/**
 * Items: an async iterable (a generator), an array of them, or one item alone (any other value but
 * text and bytes, which are sent as they are: a stream already framed, the mock's serializedValue).
 */
function isItems(body: unknown): boolean {
  return body !== undefined && typeof body !== 'string' && !(body instanceof Uint8Array);
}

function itemsOf(body: unknown): AsyncIterable<unknown> | readonly unknown[] {
  if (Array.isArray(body)) return body;
  if (body !== null && typeof body === 'object' && Symbol.asyncIterator in body) return body as AsyncIterable<unknown>;
  return [body];
}

/** The headers a stream of items adds to the handler's: its Content-Type, and no caching of events. */
export function streamHeaders(plan: ItemPlan, headers: Record<string, string | number | string[]> | undefined): Record<string, string | number | string[]> {
  const out: Record<string, string | number | string[]> = { ...headers };
  out['content-type'] = plan.contentType;
  if (plan.items.framing === 'sse' && !Object.keys(out).some((k) => k.toLowerCase() === 'cache-control')) out['cache-control'] = 'no-cache';
  return out;
}

type Step = IteratorResult<unknown>;

/** Pulls framed chunks from a handler's items; see the module's comment. */
export class ItemPump {
  private readonly iterator: AsyncIterator<unknown>;
  private pending: Promise<Step> | undefined;
  private index = 0;
  private finished = false;
  private closed = false;
  /** Ends the pull in flight (set while one waits). */
  private wake: (() => void) | undefined;

  constructor(
    body: unknown,
    private readonly op: OperationSpec,
    private readonly plan: ItemPlan,
    private readonly heartbeatMs: number,
    onError: ((error: unknown, operationId: string | undefined) => void) | undefined,
  ) {
    const items = itemsOf(body);
    this.iterator = Array.isArray(items) ? arrayIterator(items) : (items as AsyncIterable<unknown>)[Symbol.asyncIterator]();
    // Nothing a stream drops after its answer began is dropped in silence: without onError, the console.
    this.report = onError ?? ((error) => console.error(error instanceof Error ? error.message : String(error)));
  }

  private readonly report: (error: unknown, operationId: string | undefined) => void;

  /**
   * The handler's next step, a heartbeat, or undefined when the pump was closed meanwhile. One
   * promise per pull (no reaction left on a long-lived promise: an endless stream keeps no memory).
   */
  private next(): Promise<Step | 'beat' | undefined> {
    const pending = (this.pending ??= Promise.resolve(this.iterator.next()));
    const heartbeat = this.plan.items.framing === 'sse' && this.heartbeatMs > 0;
    return new Promise<Step | 'beat' | undefined>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const settle = (): void => {
        if (timer !== undefined) clearTimeout(timer);
        this.wake = undefined;
      };
      this.wake = () => {
        settle();
        resolve(undefined);
      };
      if (heartbeat) timer = setTimeout(() => (settle(), resolve('beat')), this.heartbeatMs);
      pending.then(
        (step) => (settle(), resolve(step)),
        (err: unknown) => (settle(), reject(err instanceof Error ? err : new Error(String(err)))),
      );
    });
  }

  /** The next chunk to write, or null at the end of the stream. */
  async pull(): Promise<string | Uint8Array | null> {
    if (this.finished) return null;
    let step: Step;
    try {
      const first = await this.next();
      if (this.finished || first === undefined) return null;
      if (first === 'beat') return SSE_HEARTBEAT;
      step = first;
      this.pending = undefined;
    } catch (err) {
      // The handler's iterator threw: the stream ends, the cause is reported.
      this.finished = true;
      this.report(err, this.op.id);
      return this.aborted();
    }
    if (step.done) {
      this.finished = true;
      const end = frameEnd(this.plan.items.framing, this.plan.frame);
      return end === '' ? null : end;
    }
    const index = this.index++;
    const reason = this.refusal(step.value);
    const framed = reason === undefined ? frameItem(this.plan.items.framing, step.value, this.plan.frame, index) : { ok: false as const, reason };
    if (!framed.ok) {
      this.report(new StreamItemError(this.op.id, this.plan.type, index, framed.reason), this.op.id);
      this.close();
      return this.aborted();
    }
    return framed.bytes ?? framed.text;
  }

  /** The last chunk of a stream that ended early (null when its framing has none). */
  private aborted(): string | null {
    const end = frameAbort(this.plan.items.framing, this.plan.frame);
    return end === '' ? null : end;
  }

  private refusal(item: unknown): string | undefined {
    const validate = this.plan.validate;
    const body = itemBody(item);
    if (validate === undefined || body instanceof Uint8Array || validate(body)) return undefined;
    const details = detailsFromAjv('response', validate.errors);
    return details.length === 0 ? 'it does not match the item schema' : details.map((d) => `${d.pointer ?? '/'} ${d.message}`).join('; ');
  }

  /** Ends the stream and the handler's iterator (the client left, or an item was refused); idempotent. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.finished = true;
    this.wake?.();
    try {
      const done = this.iterator.return?.();
      if (done !== undefined) Promise.resolve(done).catch((err: unknown) => this.report(err, this.op.id));
    } catch (err) {
      this.report(err, this.op.id);
    }
  }
}

function arrayIterator(items: readonly unknown[]): AsyncIterator<unknown> {
  let i = 0;
  return {
    next: () => Promise.resolve(i < items.length ? { done: false, value: items[i++] } : { done: true, value: undefined }),
    return: () => {
      i = items.length;
      return Promise.resolve({ done: true, value: undefined });
    },
  };
}
