/**
 * Opt-in date parsing (`client: { dates: true }` in the config): what the generated `dates.ts`
 * transformers call to read the `format: date-time` strings of an answer as Date, in place, and the
 * types that say so. The transformers are generated per schema and per operation from the
 * contract; these helpers only read and write one property or array item at a time, bounded in
 * depth, and never throw: a string that is not an RFC 3339 date-time stays a string.
 * Browser-safe, dependency-free.
 */

import type { Client } from 'openapi-fetch';
import type { DatedFetchClient } from './dates-fetch.js';

/** Deeper values are left as they are (a hostile answer cannot exhaust the stack). */
export const MAX_DATE_DEPTH = 256;

/** RFC 3339 date-time (section 5.6), as JSON Schema's `format: date-time` says; the time zone is required. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:[Zz]|[+-]\d{2}:\d{2})$/;

/** A transformer of one value: reads its dates as Date (in place where it is an object or array) and returns it. */
export type DateReader = (value: unknown, depth: number) => unknown;

/**
 * `value` as a Date when it is an RFC 3339 date-time string of a real instant (`2026-02-30T…` is
 * not), else `value` unchanged (a wrong or empty string stays a string, and so does anything else).
 */
export function toDate(value: unknown, _depth?: number): unknown {
  if (typeof value !== 'string' || value.length > 40 || !DATE_TIME.test(value)) return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  // Date.parse rolls 2026-02-30 over to March 2: refuse a day or month it had to move.
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  const offset = /([+-])(\d{2}):(\d{2})$/.exec(value);
  const shift = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
  const local = new Date(date.getTime() + shift * 60_000);
  if (local.getUTCFullYear() !== y || local.getUTCMonth() + 1 !== m || local.getUTCDate() !== d) return value;
  return date;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);
}

/** Applies `read` to the own property `key` of `value` when it is a plain object. */
export function dateField(value: unknown, key: string, read: DateReader, depth: number): void {
  if (depth > MAX_DATE_DEPTH || !isObject(value) || !Object.hasOwn(value, key)) return;
  value[key] = read(value[key], depth + 1);
}

/** Applies `read` to each item of `value` when it is an array; returns `value`. */
export function dateItems(value: unknown, read: DateReader, depth: number): unknown {
  if (depth > MAX_DATE_DEPTH || !Array.isArray(value)) return value;
  for (let i = 0; i < value.length; i++) value[i] = read(value[i], depth + 1);
  return value;
}

/** `read` of the data of a success result (the answers the operation's transformer knows), after the call. */
export function withDates<Result>(pending: Promise<Result>, read: (value: unknown, status: number) => unknown): Promise<Result> {
  return pending.then((result) => {
    const r = result as { ok?: unknown; status?: unknown; data?: unknown };
    if (r !== null && typeof r === 'object' && r.ok === true && typeof r.status === 'number') r.data = read(r.data, r.status);
    return result;
  });
}

/** The path-style client's `{ data, response }` result with its data read by `read` for a 2xx answer. */
export async function withDatesOf<R extends { data?: unknown; response: Response }>(
  pending: Promise<R>,
  read: ((value: unknown, status: number) => unknown) | undefined,
): Promise<R> {
  const result = await pending;
  if (read !== undefined && result.response.ok && result.data !== undefined) result.data = read(result.data, result.response.status);
  return result;
}

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE', 'QUERY'] as const;

/**
 * The path-style client (openapi-fetch) with each call's 2xx data read by the transformer `table`
 * has for its "METHOD /path" (the generated pathDates); the other calls are as they were.
 */
export function datedClient<P extends {}>(
  client: Client<P>,
  table: Readonly<Record<string, (value: unknown, status: number) => unknown>>,
): DatedFetchClient<P> {
  const out: Record<string, unknown> = { ...(client as unknown as Record<string, unknown>) };
  for (const method of METHODS) {
    const call: unknown = (client as unknown as Record<string, unknown>)[method];
    if (typeof call !== 'function') continue;
    out[method] = (path: string, ...rest: unknown[]): unknown => {
      const pending = (call as (...args: unknown[]) => Promise<{ data?: unknown; response: Response }>).call(client, path, ...rest);
      const key = `${method} ${path}`;
      return Object.hasOwn(table, key) ? withDatesOf(pending, table[key]) : pending;
    };
  }
  return out as unknown as DatedFetchClient<P>;
}

// Types: where the dates are, and the types with Date there.

type ReadMarker<T> = { readonly $read: T };
type WriteMarker<T> = { readonly $write: T };

/** The shape of `S` at key `K` (a number key matching its decimal string: openapi-typescript's `200`). */
type At<S, K> = K extends keyof S ? S[K] : K extends number ? (`${K}` extends keyof S ? S[`${K}` & keyof S] : never) : never;

/**
 * `T` with Date (or `D`) where the shape `S` says a date-time is: `true` the value itself (a string),
 * `readonly [I]` each item of an array, an object the properties it names. Unions, `null`,
 * openapi-typescript's readOnly and writeOnly markers are kept around what changes.
 */
export type Dated<T, S, D = Date> = [S] extends [never] ? T : T extends unknown ? DatedValue<T, S, D> : never;

type DatedValue<T, S, D> =
  T extends ReadMarker<infer U>
    ? { readonly $read: Dated<U, S, D> }
    : T extends WriteMarker<infer U>
      ? { readonly $write: Dated<U, S, D> }
      : [S] extends [true]
        ? T extends string
          ? D
          : T
        : S extends readonly [infer I]
          ? T extends ReadonlyArray<infer E>
            ? Array<Dated<E, I, D>>
            : T
          : T extends object
            ? { [K in keyof T]: Dated<T[K], At<S, K>, D> }
            : T;

/**
 * openapi-typescript's `paths` with Date where `S` (the generated PathsDates) says: each operation's
 * answers read as Date, its JSON request bodies taking Date or the string (sent as an ISO string).
 */
export type DatedPaths<P, S> = {
  [Path in keyof P]: [At<S, Path>] extends [never]
    ? P[Path]
    : { [M in keyof P[Path]]: [At<At<S, Path>, M>] extends [never] ? P[Path][M] : DatedOperation<P[Path][M], At<At<S, Path>, M>> };
};

type DatedOperation<O, S> = O extends unknown
  ? {
      [K in keyof O]: K extends 'responses'
        ? Dated<O[K], At<S, 'responses'>>
        : K extends 'requestBody'
          ? Dated<O[K], At<S, 'requestBody'>, Date | string>
          : O[K];
    }
  : never;
