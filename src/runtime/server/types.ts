/**
 * Type-level helpers that turn openapi-typescript's `operations[...]` entries into handler
 * signatures: parameters by location, the request body, and the union of declared responses.
 */
import type { AuthInfo, RequestContext } from './context.js';
import type { UploadedFile } from './body/multipart.js';

type Located<P, K extends PropertyKey> = K extends keyof P
  ? [NonNullable<P[K]>] extends [never]
    ? Record<string, never>
    : NonNullable<P[K]>
  : Record<string, never>;

/** Parameters of an operation, one object per location (empty when the contract declares none). */
export type ParamsOf<O> = O extends { parameters: infer P }
  ? { path: Located<P, 'path'>; query: Located<P, 'query'>; header: Located<P, 'header'>; cookie: Located<P, 'cookie'> }
  : { path: Record<string, never>; query: Record<string, never>; header: Record<string, never>; cookie: Record<string, never> };

type ContentOf<C> = [C] extends [never] ? undefined : C extends Record<string, unknown> ? C[keyof C] : undefined;

/** A multipart field the client may send as a file: a string in the schema, an UploadedFile when it has a filename. */
type FilePart<V> = V extends string ? V | UploadedFile : V extends Array<infer U> ? Array<FilePart<U>> : V;
type MultipartOf<T> = T extends Record<string, unknown> ? { [P in keyof T]: FilePart<T[P]> } : T;

/**
 * The value of a body of media type K: parsed for JSON, forms and text; the raw bytes otherwise
 * (an archive, an image, application/xml); for a wildcard, any of these.
 */
type RawOr<K, V> = K extends `${string}json${string}` | 'application/x-www-form-urlencoded' | `text/${string}`
  ? V
  : K extends '*/*'
    ? V | string | Buffer
    : Buffer;

/** What the server hands a handler for each request media type (multipart parts may be files). */
type RequestContentOf<C> = [C] extends [never]
  ? undefined
  : C extends Record<string, unknown>
    ? { [K in keyof C]: K extends 'multipart/form-data' ? MultipartOf<C[K]> : RawOr<K, C[K]> }[keyof C]
    : undefined;

/** The request body type: the union of its media types' schemas; undefined when it is optional and absent. */
export type BodyOf<O> = O extends { requestBody?: infer R }
  ? [NonNullable<R>] extends [never]
    ? undefined
    : NonNullable<R> extends { content: infer C }
      ? undefined extends R
        ? RequestContentOf<C> | undefined
        : RequestContentOf<C>
      : undefined
  : undefined;

type StatusOf<S> = S extends number ? S : S extends `${infer N extends number}` ? N : number;

type ResponseBody<R> = R extends { content: infer C } ? ContentOf<C> : R extends { content?: infer C } ? ContentOf<C> : undefined;

type ResponseEntry<S, R> = {
  status: StatusOf<S>;
  headers?: Record<string, string | number | string[]>;
  contentType?: string;
} & ([ResponseBody<R>] extends [undefined] ? { body?: undefined } : { body: ResponseBody<R> | AsyncIterable<unknown> });

/** What a handler may answer: one entry per declared status. */
export type ResponseOf<O> = O extends { responses: infer R } ? { [S in keyof R]: ResponseEntry<S, R[S]> }[keyof R] : never;

/** The context a handler receives for operation O. */
export type ContextOf<O> = RequestContext<ParamsOf<O>, BodyOf<O>> & { auth: AuthInfo | undefined };

/** A handler for operation O. */
export type Handler<O> = (context: ContextOf<O>) => ResponseOf<O> | Promise<ResponseOf<O>>;
