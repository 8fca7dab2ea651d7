/**
 * Type-level helpers that turn openapi-typescript's `operations[...]` entries into handler
 * signatures: parameters by location, the request body, and the union of declared responses. No
 * `node:` type: what depends on the transport (the request a handler sees, the bytes of a raw body,
 * a multipart file) is a `TransportTypes` parameter, node:http's in node-types.ts, fetch's in
 * fetch-types.ts.
 */
import type { AuthInfo, RequestContext } from './context.js';
import type { UploadedPart } from './body/parts.js';
import type { RequestHead } from './head.js';
import type { MultipartPart } from '../shared/stream-parts.js';

/** What a transport hands a handler: the request (`ctx.request`), a raw body's bytes, a multipart file part. */
export interface TransportTypes {
  request: unknown;
  bytes: unknown;
  file: unknown;
}

/** Any transport: a request head, bytes, a file part (what every transport hands at least). */
export interface AnyTransport extends TransportTypes {
  request: RequestHead;
  bytes: Uint8Array;
  file: UploadedPart;
}

type Located<P, K extends PropertyKey> = K extends keyof P
  ? [NonNullable<P[K]>] extends [never]
    ? Record<string, never>
    : NonNullable<P[K]>
  : Record<string, never>;

/** Parameters of an operation, one object per location (empty when the contract declares none). */
export type ParamsOf<O> = O extends { parameters: infer P }
  ? { path: Located<P, 'path'>; query: Located<P, 'query'>; header: Located<P, 'header'>; cookie: Located<P, 'cookie'> }
  : { path: Record<string, never>; query: Record<string, never>; header: Record<string, never>; cookie: Record<string, never> };

/** openapi-typescript's markers (readWriteMarkers): a readOnly property's type is `$Read<T>`, a writeOnly one's `$Write<T>`. */
type ReadMarked = { readonly $read: unknown };
type WriteMarked = { readonly $write: unknown };

/** A schema's type as a request carries it: readOnly properties left out, writeOnly ones unwrapped. */
export type InRequest<T> = 0 extends 1 & T
  ? T
  : T extends ReadMarked
    ? never
    : T extends { readonly $write: infer U }
      ? InRequest<U>
      : T extends ReadonlyArray<infer E>
        ? InRequest<E>[]
        : T extends object
          ? { [K in keyof T as NonNullable<T[K]> extends ReadMarked ? never : K]: InRequest<T[K]> }
          : T;

/** A schema's type as a response carries it: writeOnly properties left out, readOnly ones unwrapped. */
export type InResponse<T> = 0 extends 1 & T
  ? T
  : T extends WriteMarked
    ? never
    : T extends { readonly $read: infer U }
      ? InResponse<U>
      : T extends ReadonlyArray<infer E>
        ? InResponse<E>[]
        : T extends object
          ? { [K in keyof T as NonNullable<T[K]> extends WriteMarked ? never : K]: InResponse<T[K]> }
          : T;

/** A multipart field the client may send as a file: a string in the schema, the transport's file part when it has a filename. */
type FilePart<V, F> = V extends string ? V | F : V extends Array<infer U> ? Array<FilePart<U, F>> : V;
type MultipartOf<T, F> = T extends Record<string, unknown> ? { [P in keyof T]: FilePart<T[P], F> } : T;

/**
 * The value of a body of media type K: parsed for JSON, forms and text; the raw bytes otherwise
 * (an archive, an image, application/xml); for a wildcard, any of these.
 */
type RawOr<K, V, Bytes> = K extends `${string}json${string}` | 'application/x-www-form-urlencoded' | `text/${string}`
  ? V
  : K extends '*/*'
    ? V | string | Bytes
    : Bytes;

/** What the server hands a handler for each request media type (multipart parts may be files). */
type RequestContentOf<C, T extends TransportTypes> = [C] extends [never]
  ? undefined
  : C extends Record<string, unknown>
    ? { [K in keyof C]: K extends 'multipart/form-data' ? MultipartOf<InRequest<C[K]>, T['file']> : RawOr<K, InRequest<C[K]>, T['bytes']> }[keyof C]
    : undefined;

/**
 * The request body type: the union of its media types' schemas, with `undefined` when the contract
 * does not require it (`requestBody.required` absent or false): the server then hands the handler
 * `undefined` for a request without a body.
 */
export type BodyOf<O, T extends TransportTypes = AnyTransport> = O extends { requestBody?: infer R }
  ? [NonNullable<R>] extends [never]
    ? undefined
    : NonNullable<R> extends { content: infer C }
      ? O extends { requestBody: unknown }
        ? RequestContentOf<C, T>
        : RequestContentOf<C, T> | undefined
      : undefined
  : undefined;

type StatusOf<S> = S extends number ? S : S extends `${infer N extends number}` ? N : number;

/** What a handler may send for each response media type: raw bytes too where the type is not JSON, a form or text. */
type ResponseContentOf<C> = [C] extends [never]
  ? undefined
  : C extends Record<string, unknown>
    ? {
        [K in keyof C]: K extends `${string}json${string}` | 'application/x-www-form-urlencoded' | `text/${string}`
          ? InResponse<C[K]>
          : InResponse<C[K]> | Uint8Array;
      }[keyof C]
    : undefined;

type ResponseBody<R> = R extends { content: infer C } ? ResponseContentOf<C> : R extends { content?: infer C } ? ResponseContentOf<C> : undefined;

/** What a handler may send besides the body: extra headers, and a content type among the declared ones. */
export interface ResponseExtras {
  headers?: Record<string, string | number | string[]>;
  contentType?: string;
}

/**
 * The body of a response, plus `AsyncIterable<unknown>` (a Readable, an async generator) only when
 * the status is among `Streams`: one whose contract declares a stream (an event stream, NDJSON, raw
 * bytes) or a protocol switch.
 */
type EntryBody<S, R, Streams, Items = never> = S extends Items ? ItemsBody<R> : S extends Streams ? ResponseBody<R> | AsyncIterable<unknown> : ResponseBody<R>;

/** Sequential media types (OpenAPI 3.2 streams; `streamFraming` in the runtime's shared stream-media.ts). */
type ItemMedia =
  | 'text/event-stream'
  | 'application/jsonl'
  | 'application/x-ndjson'
  | 'application/ndjson'
  | 'application/x-jsonlines'
  | 'application/json-seq'
  | 'multipart/mixed';

/** A multipart/mixed item, or the item with headers or a chosen Content-Type of its own. */
type PartOf<T> = T | MultipartPart<T>;

/**
 * The body of a status that streams items (OpenAPI 3.2 `itemSchema`): for a sequential media type,
 * its items (types.ts types `content[type]` as ONE item) as an async iterable or an array (for
 * multipart/mixed, each item may be a MultipartPart); the status's other media types as usual.
 */
type ItemsContentOf<C> =
  C extends Record<string, unknown>
    ? {
        [K in keyof C]: K extends 'multipart/mixed'
          ? AsyncIterable<PartOf<InResponse<C[K]>>> | ReadonlyArray<PartOf<InResponse<C[K]>>>
          : K extends ItemMedia
            ? AsyncIterable<InResponse<C[K]>> | ReadonlyArray<InResponse<C[K]>>
            : K extends `${string}json${string}` | 'application/x-www-form-urlencoded' | `text/${string}`
              ? InResponse<C[K]>
              : InResponse<C[K]> | Uint8Array;
      }[keyof C]
    : undefined;

type ItemsBody<R> = R extends { content: infer C } ? ItemsContentOf<C> : R extends { content?: infer C } ? ItemsContentOf<C> : undefined;

type ResponseEntry<S, R, Streams, Items = never> = [ResponseBody<R>] extends [undefined]
  ? { status: StatusOf<S>; body?: undefined; headers?: ResponseExtras['headers']; contentType?: string }
  : { status: StatusOf<S>; body: EntryBody<S, R, Streams, Items>; headers?: ResponseExtras['headers']; contentType?: string };

/**
 * What a handler may answer: one entry per declared status, discriminated by `status`. `Streams`
 * names the statuses (as keys of `responses`) whose body may be a stream.
 */
export type ResponseOf<O, Streams extends PropertyKey = never, Items extends PropertyKey = never> = O extends { responses: infer R }
  ? { [S in keyof R]: ResponseEntry<S, R[S], Streams, Items> }[keyof R]
  : never;

type ResponsesOf<O> = O extends { responses: infer R } ? R : never;

/** The declared response a status answers: its own entry, else its range ("4XX"), else "default". */
type ResponseKeyFor<R, N extends number> = N extends keyof R
  ? N
  : `${N}` extends keyof R
    ? `${N}`
    : `${N}` extends `${infer D extends 1 | 2 | 3 | 4 | 5}${string}`
      ? `${D}XX` extends keyof R
        ? `${D}XX`
        : 'default' extends keyof R
          ? 'default'
          : never
      : never;

/** The statuses a handler of O may answer with `reply`: every declared one (any other when there is a default or a range). */
export type StatusesOf<O> = StatusOf<keyof ResponsesOf<O>>;

/** The arguments of `reply(status, ...)` after the status: the body (when the status has one) and the extras. */
export type ReplyArgs<O, N extends number, Streams extends PropertyKey = never, Items extends PropertyKey = never> =
  ResponseKeyFor<ResponsesOf<O>, N> extends infer K
    ? [K] extends [never]
      ? [body?: unknown, extras?: ResponseExtras]
      : K extends keyof ResponsesOf<O>
        ? [ResponseBody<ResponsesOf<O>[K]>] extends [undefined]
          ? [body?: undefined, extras?: ResponseExtras]
          : [body: EntryBody<K, ResponsesOf<O>[K], Streams, Items>, extras?: ResponseExtras]
        : never
    : never;

/**
 * Builds an answer of operation O: `reply(201, { id, name })`. The body is checked against the
 * status's declared schema where it is written, so tsc names a wrong or misspelled property at the value.
 */
export type Reply<O, Streams extends PropertyKey = never, Items extends PropertyKey = never> = <N extends StatusesOf<O>>(
  status: N,
  ...args: ReplyArgs<O, N, Streams, Items>
) => ResponseOf<O, Streams, Items>;

/** The context a handler receives for operation O over transport T. */
export type ContextOf<O, Streams extends PropertyKey = never, T extends TransportTypes = AnyTransport, Items extends PropertyKey = never> = RequestContext<
  ParamsOf<O>,
  BodyOf<O, T>,
  T['request']
> & {
  auth: AuthInfo | undefined;
  reply: Reply<O, Streams, Items>;
};

/**
 * A handler for operation O; `Streams` names the statuses whose body may be a stream (see
 * ResponseOf); `T` the transport (`NodeTransport` from `@specforge/runtime/server`,
 * `FetchTransport` from `@specforge/runtime/fetch`); `Items` the statuses whose sequential media
 * types stream items (OpenAPI 3.2 `itemSchema`): their body is an `AsyncIterable<Item>` (or an array).
 */
export type Handler<O, Streams extends PropertyKey = never, T extends TransportTypes = AnyTransport, Items extends PropertyKey = never> = (
  context: ContextOf<O, Streams, T, Items>,
) => ResponseOf<O, Streams, Items> | Promise<ResponseOf<O, Streams, Items>>;
