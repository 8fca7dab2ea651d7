/**
 * Stream answers of the mock (OpenAPI 3.2 `itemSchema`): the items of the chosen example (its
 * dataValue is the list of items) first, then items sampled from the item schema (deterministic for
 * the mock's seed: item i of an operation is the same on every request), or, for an example with
 * only a serializedValue, its text as is. `Prefer: items=N` sets how many items are sent (at most
 * MAX_STREAM_ITEMS; default: the example's items, else DEFAULT_STREAM_ITEMS) and `interval=MS` the
 * pause before each item after the first (at most MAX_STREAM_INTERVAL_MS; default none). The
 * server runtime frames and validates each item (src/runtime/server/stream-items.ts); the pause
 * ends at once when the client leaves (the iterator's `return()`).
 */
import { HttpError } from '../shared/errors.js';
import { sampleValid, SampleError } from '../shared/sample.js';
import type { HandlerResponse } from '../server/context.js';
import type { MockExample, MockResponse } from '../shared/spec.js';
import type { ValidateFunction } from '../validation/standalone.js';
import type { Preference } from './prefer.js';

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
  const example = chosenExample(s);
  if (example?.text !== undefined) {
    // A serializedValue: the stream's text as the contract writes it.
    out.body = example.text;
    out.origin = `example "${example.name}" (#${example.pointer})`;
    return out;
  }
  const documented = example === undefined ? [] : Array.isArray(example.value) ? (example.value as unknown[]) : [example.value];
  const count = Math.min(MAX_STREAM_ITEMS, Math.max(0, s.pref.items ?? (example !== undefined ? documented.length : DEFAULT_STREAM_ITEMS)));
  const interval = Math.min(MAX_STREAM_INTERVAL_MS, Math.max(0, s.pref.interval ?? 0));
  const schema = response.items?.schema;
  const itemAt = (i: number): unknown => {
    if (i < documented.length) return documented[i];
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
  };
  out.body = paced(count, itemAt, interval);
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
          let value: unknown;
          try {
            value = itemAt(at);
          } catch (err) {
            done = true;
            return Promise.reject(err instanceof Error ? err : new Error(String(err)));
          }
          if (at === 0 || interval === 0) return Promise.resolve({ done: false, value });
          return new Promise((resolve) => {
            stop = () => resolve({ done: true, value: undefined });
            timer = setTimeout(() => {
              stop = undefined;
              resolve({ done: false, value });
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
