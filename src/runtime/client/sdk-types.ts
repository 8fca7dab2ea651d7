/**
 * The types of the generated per-operation SDK's run time (sdk.ts): operations as the generated
 * tables describe them, results, middleware, retry and client options. Browser-safe.
 */

import type { QuerystringEncoding, serializeQuerystring } from './querystring.js';
import type { ItemCheck, StreamCallOptions, StreamItemsTable, streamItems } from './stream-items.js';

/** How the body of a declared answer is read. */
export type SdkBodyKind = 'json' | 'text' | 'blob' | 'stream' | 'none';

/** One parameter of an operation: where it goes and how it is written (OpenAPI `style`/`explode`). */
export interface SdkParameter {
  name: string;
  /** `querystring` (OpenAPI 3.2): the call's `query` is the whole query string's value, written by `contentType`. */
  in: 'path' | 'query' | 'querystring' | 'header' | 'cookie';
  style?: string;
  explode?: boolean;
  allowReserved?: boolean;
  /** A parameter described by `content`: the value is written as this media type (JSON). */
  contentType?: string;
  /** A path parameter whose value may contain "/". */
  multiSegment?: boolean;
  /** A form querystring's `encoding` by property. */
  encoding?: Record<string, QuerystringEncoding>;
}

/** One operation as the generated SDK describes it: data from the contract, and the run-time functions only some operations need (stream reader, querystring writer). */
export interface SdkOperation {
  id: string;
  /** Upper case. */
  method: string;
  path: string;
  params?: readonly SdkParameter[];
  /** The request body's media types, the default first. */
  body?: readonly string[];
  /** Declared answers ("200", "4XX", "default") and how each body is read. */
  responses: Readonly<Record<string, SdkBodyKind>>;
  /** Alternatives of security scheme names, each to be satisfied whole; absent or empty: none needed. */
  security?: readonly (readonly string[])[];
  /**
   * Where the message is in the body of each declared error answer whose schema says so, as a JSON
   * pointer ("/err", "/error/message"), by the key of `responses`; absent where it is `/message` or
   * unknown (the common places are read then).
   */
  messages?: Readonly<Record<string, string>>;
  /** Declared answers whose body is a stream of items (OpenAPI 3.2 `itemSchema`), by the key of `responses`. */
  items?: Readonly<Record<string, StreamItemsTable>>;
  /**
   * What reads those streams (`streamItems`), given with `items`: the generated table names it, so a
   * bundle of operations that answer no stream carries no stream reader.
   */
  readItems?: typeof streamItems;
  /** What writes a `querystring` parameter (OpenAPI 3.2, `serializeQuerystring`), given where `params` has one, for the same reason. */
  writeQuerystring?: typeof serializeQuerystring;
}

/**
 * Validators of stream items by operation id, status and media type: the generated
 * `operationValidators` (validators.ts) fits, and nothing is imported for it unless it is passed.
 */
export type SdkItemValidators = Readonly<
  Record<string, { readonly responses?: Readonly<Record<string, Readonly<Record<string, ItemCheck | undefined>> | undefined>> } | undefined>
>;

/** A declared success answer (2xx). */
export interface SdkSuccess<Status extends number, Data> {
  ok: true;
  status: Status;
  data: Data;
  error?: undefined;
  response: Response;
}

/** A declared answer outside 2xx, with the body the contract gives it. */
export interface SdkFailure<Status extends number, Error> {
  ok: false;
  status: Status;
  error: Error;
  data?: undefined;
  response: Response;
}

/** What a call resolves to: the result, or only its success variants on a client that throws on errors. */
export type SdkOutcome<ThrowOnError extends boolean, Result> = ThrowOnError extends true ? Extract<Result, { ok: true }> : Result;

/** What a middleware sees of one attempt. */
export interface SdkRequestContext {
  request: Request;
  operation: SdkOperation;
  /** 1 for the first try, 2 for the first retry, … */
  attempt: number;
}

/**
 * Interceptors, run around every attempt: `onRequest` may return a new Request, `onResponse` a new
 * Response, `onError` (the request failed without an answer: network error, a middleware threw) a
 * Response to answer with instead. Request hooks run in order, response and error hooks in reverse.
 */
export interface SdkMiddleware {
  onRequest?(context: SdkRequestContext): Request | undefined | void | Promise<Request | undefined | void>;
  onResponse?(context: SdkRequestContext & { response: Response }): Response | undefined | void | Promise<Response | undefined | void>;
  onError?(context: SdkRequestContext & { error: unknown }): Response | undefined | void | Promise<Response | undefined | void>;
}

/**
 * When a call is tried again: at most `limit` more times, for the `methods` given (and a POST or
 * PATCH that carries an `Idempotency-Key` or `X-Idempotency-Key` header), on the `statuses` given
 * and on a network error. A `Retry-After` answer waits what it asks, unless that is more than
 * `maxRetryAfter` (then the answer is returned as is); otherwise the wait doubles from `delay`, up
 * to `backoffLimit`. No retry starts whose wait would end more than `maxElapsed` after the first try
 * started: the answer in hand is returned instead. An aborted call is never retried, a wait ends
 * when its signal aborts, and the body of an answer that is retried is let go of without waiting.
 */
export interface SdkRetryOptions {
  /** Retries after the first try (default 2; 0 turns retrying off). At most 10. */
  limit?: number;
  /** Upper-case methods that may be retried (default the idempotent ones: GET, HEAD, OPTIONS, TRACE, PUT, DELETE, QUERY). */
  methods?: readonly string[];
  /** Statuses that are retried (default 408, 413, 429, 500, 502, 503, 504). */
  statuses?: readonly number[];
  /** The first wait in ms (default 300), doubled at each retry. */
  delay?: number;
  /** The longest wait computed by doubling, in ms (default 10,000). */
  backoffLimit?: number;
  /** The longest Retry-After wait, in ms (default 60,000): a longer one is not waited for. */
  maxRetryAfter?: number;
  /** The time in ms from the first try within which every retry must start (default 10,000), waits included. */
  maxElapsed?: number;
}

/** A credential, or a function that gives one per request (a token that is refreshed). */
export type SdkCredential = string | (() => string | undefined | Promise<string | undefined>);

export interface SdkClientOptions<Schemes extends string = string, ThrowOnError extends boolean = boolean> {
  /** Where the operations' paths are appended (default: the contract's first server). */
  baseUrl?: string;
  /** Credentials by security scheme name; each call sends those its operation's security asks for. */
  auth?: { [S in Schemes]?: SdkCredential };
  /** Headers sent with every call. */
  headers?: HeadersInit;
  /** Retries (see SdkRetryOptions), or `false` for none. */
  retry?: SdkRetryOptions | false;
  middleware?: readonly SdkMiddleware[];
  /** Throw an ApiError on declared error answers too, and resolve to success results only. */
  throwOnError?: ThrowOnError;
  /** The fetch to call (default: the global one, looked up at each call). */
  fetch?: (request: Request) => Promise<Response>;
  /** Validate each item of a stream answer (OpenAPI 3.2) with these (off by default): pass `operationValidators`. */
  validateItems?: SdkItemValidators;
}

/** What every generated operation function takes besides its own parameters. */
export interface SdkCallOptions {
  signal?: AbortSignal;
  /** Headers for this call only (over the client's). */
  headers?: HeadersInit;
  /** Retries for this call (over the client's), or `false` for none. */
  retry?: SdkRetryOptions | false;
  /** How a stream answer's items are read (OpenAPI 3.2): bounds, item validation, reconnection with Last-Event-ID. */
  stream?: StreamCallOptions;
}

/** The arguments of a call as `request` reads them. */
export interface SdkArgs extends SdkCallOptions {
  path?: object;
  /** The query parameters by name, or a querystring parameter's whole value (OpenAPI 3.2: an object, or text). */
  query?: object | string;
  header?: object;
  cookie?: object;
  body?: unknown;
  contentType?: string;
}

/** A configured client: what each generated operation function is called with. */
export interface SdkClient<Schemes extends string = string, ThrowOnError extends boolean = false> {
  readonly options: Readonly<SdkClientOptions<Schemes, ThrowOnError>>;
  /** Adds middleware after the ones there are. */
  use(...middleware: SdkMiddleware[]): void;
  /** Removes middleware added before. */
  eject(...middleware: SdkMiddleware[]): void;
  /** Calls one operation; the generated functions type `Result`. */
  request<Result>(operation: SdkOperation, args?: SdkArgs): Promise<SdkOutcome<ThrowOnError, Result>>;
}
