/**
 * Stream answers of the mock (OpenAPI 3.2 `itemSchema`): the items of the chosen example (its
 * dataValue is the list of items) first, then items sampled from the item schema (deterministic for
 * the mock's seed: item i of an operation is the same on every request), or, for an example with
 * only a serializedValue, its text as is. `Prefer: items=N` sets how many items are sent (at most
 * MAX_STREAM_ITEMS; default: the example's items, else DEFAULT_STREAM_ITEMS) and `interval=MS` the
 * pause before each item after the first (at most MAX_STREAM_INTERVAL_MS; default none). The
 * server runtime frames and validates each item (src/runtime/server/stream-items.ts); the pause
 * ends at once when the client leaves (the iterator's `return()`).
 *
 * The stateful mock (stream-state.ts) gives either the `stored` documents of a list answered as a
 * stream (sent in order, each one item, at most `Prefer: items=N` of them), or a `carry` function
 * that puts a stored document's values into each item and ends the stream (by answering undefined)
 * once that document is gone. An item is made when it is due, after its pause.
 */
import { HttpError } from '../shared/errors.js';
import { sampleValid, SampleError } from '../shared/sample.js';
import type { HandlerResponse } from '../server/context.js';
import type { MockExample, MockResponse } from '../shared/spec.js';
import type { ValidateFunction } from '../validation/standalone.js';
import type { Preference } from './prefer.js';
import { mockPart } from './stream-parts.js';
import { storedItem } from './stream-state.js';

type Schema = Record<string, unknown> | boolean;

/** Items sent when neither an example nor `Prefer: items=` says how many. */
export const DEFAULT_STREAM_ITEMS = 3;
/** Most items one stream answer sends (`Prefer: items=` is cut to it). */
export const MAX_STREAM_ITEMS = 1000;
/** Longest pause between two items, in ms (`Prefer: interval=` is cut to it). */
export const MAX_STREAM_INTERVAL_MS = 10_000;

/** What the stream answer needs of the mock. */
export interface StreamSource {
  opId: string;
  response: MockResponse;
  pref: Preference;
  seed: (i: number) => number;
  resolve: (ref: string) => Schema | undefined;
  validate: ValidateFunction | undefined;
  /** The stored documents of a list answered as a stream (stateful mode): the items, in order. */
  stored?: unknown[];
  /** Puts a stored document's values into an item (stateful mode); undefined ends the stream. */
  carry?: (item: unknown) => unknown;
}

/** Item `i` sampled from the item schema (the same for a seed); a schema with no value is a 500 naming it. */
export function sampledItem(s: Pick<StreamSource, 'opId' | 'response' | 'seed' | 'resolve' | 'validate'>, i: number): unknown {
  const { response } = s;
  const schema = response.items?.schema;
  if (schema === undefined) throw new HttpError(500, `response ${response.key} of ${s.opId} has no item schema to sample item ${i} from`);
  try {
    const validate = s.validate;
    return sampleValid(schema as Schema, validate ? (v) => validate(v) : undefined, {
      resolve: s.resolve,
      seed: s.seed(i),
      vary: true,
      branch: 0,
      realistic: true,
    }).value;
  } catch (err) {
    if (err instanceof SampleError) throw new HttpError(500, `cannot sample the item schema at #${response.pointer}: ${err.message}`);
    throw err;
  }
}

function chosenExample(s: StreamSource): MockExample | undefined {
  const { pref, response } = s;
  if (pref.example !== undefined) {
    const example = response.examples.find((e) => e.name === pref.example);
    if (!example) {
      const names = response.examples.map((e) => `"${e.name}"`).join(', ');
      throw new HttpError(
        400,
        `response ${response.key} of ${s.opId} has no example "${pref.example}"; ${names ? `examples: ${names}` : 'it has no named examples'}`,
      );
    }
    return example;
  }
  return pref.dynamic ? undefined : response.examples[0];
}

/** The mock's answer for a response that streams items. */
export function streamAnswer(s: StreamSource): HandlerResponse {
  const { response } = s;
  const out: HandlerResponse = { status: response.status, origin: `the stream of #${response.pointer}` };
  if (response.headers) out.headers = { ...response.headers };
  if (response.contentType !== undefined) out.contentType = response.contentType;
  const stateful = s.stored !== undefined || s.carry !== undefined;
  const chosen = chosenExample(s);
  // A stateful stream has items to fill: an example written as text only is not one.
  const example = stateful && chosen?.text !== undefined ? undefined : chosen;
  if (example?.text !== undefined) {
    // A serializedValue: the stream's text as the contract writes it.
    out.body = example.text;
    out.origin = `example "${example.name}" (#${example.pointer})`;
    return out;
  }
  const documented = example === undefined ? [] : Array.isArray(example.value) ? (example.value as unknown[]) : [example.value];
  const stored = s.stored;
  const wanted = s.pref.items ?? (stored !== undefined ? stored.length : example !== undefined ? documented.length : DEFAULT_STREAM_ITEMS);
  const count = Math.min(MAX_STREAM_ITEMS, Math.max(0, stored !== undefined ? Math.min(wanted, stored.length) : wanted));
  const interval = Math.min(MAX_STREAM_INTERVAL_MS, Math.max(0, s.pref.interval ?? 0));
  const base = (i: number): unknown => (i < documented.length ? documented[i] : sampledItem(s, i));
  const carry = s.carry;
  const itemAt =
    stored !== undefined
      ? (i: number): unknown => storedItem(response, () => base(i), stored[i])
      : carry !== undefined
        ? (i: number): unknown => carry(base(i))
        : base;
  if (stateful) out.origin = `the stored ${stored !== undefined ? 'list' : 'resource'} as the stream of #${response.pointer}`;
  // multipart/mixed: each item made what its part's encoding asks (bytes, a nested part's array, headers).
  const partAt = (i: number): unknown => {
    const value = itemAt(i);
    return value === undefined ? value : mockPart(response.items, value, i);
  };
  out.body = paced(count, response.items?.framing === 'multipart' ? partAt : itemAt, interval);
  return out;
}

/** `count` items, `interval` ms apart (the first at once); `return()` ends a pause at once. */
function paced(count: number, itemAt: (i: number) => unknown, interval: number): AsyncIterable<unknown> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<unknown> {
      let i = 0;
      let done = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let stop: (() => void) | undefined;
      const end = (): Promise<IteratorResult<unknown>> => Promise.resolve({ done: true, value: undefined });
      return {
        next() {
          if (done || i >= count) {
            done = true;
            return end();
          }
          const at = i++;
          // The item is made when it is due (a stored document's values as they are then); none ends the stream.
          const produce = (): Promise<IteratorResult<unknown>> => {
            let value: unknown;
            try {
              value = itemAt(at);
            } catch (err) {
              done = true;
              return Promise.reject(err instanceof Error ? err : new Error(String(err)));
            }
            if (value === undefined) {
              done = true;
              return end();
            }
            return Promise.resolve({ done: false, value });
          };
          if (at === 0 || interval === 0) return produce();
          return new Promise((resolve) => {
            stop = () => resolve({ done: true, value: undefined });
            timer = setTimeout(() => {
              stop = undefined;
              resolve(produce());
            }, interval);
          });
        },
        return() {
          done = true;
          if (timer !== undefined) clearTimeout(timer);
          stop?.();
          stop = undefined;
          return end();
        },
      };
    },
  };
}
