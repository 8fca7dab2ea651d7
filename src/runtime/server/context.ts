/**
 * The types of the request pipeline: what a generated validators module holds, what a handler
 * receives and answers, credentials and verifiers, the server's options. No `node:` type: what a
 * handler sees as `ctx.request` is the transport's request, `R` (an IncomingMessage over node:http,
 * see node-types.ts; a FetchRequestHead behind the fetch handler), any RequestHead by default.
 */
import type { ValidateFunction } from '../validation/standalone.js';
import type { RequestHead } from './head.js';

export interface OperationValidators {
  path?: ValidateFunction;
  query?: ValidateFunction;
  header?: ValidateFunction;
  cookie?: ValidateFunction;
  body?: Readonly<Record<string, ValidateFunction>>;
  responses: Readonly<Record<string, Readonly<Record<string, ValidateFunction>>>>;
}

/** The shape of a generated validators module. */
export interface ValidatorsModule {
  operationValidators: Readonly<Record<string, OperationValidators>>;
  errorBodyValidator?: ValidateFunction | undefined;
}

/** Credentials that satisfied one security scheme of the operation. */
export interface SchemeCredential {
  /** The credential as sent (for HTTP Basic: the base64 text; see `basic`). */
  credential: string;
  /**
   * An API key sent in `Authorization` (an `apiKey` scheme named Authorization): the header as
   * sent (`Bearer k3y`); `credential` is then the key alone (`k3y`) and `scheme` the word before
   * it (`Bearer`), absent when the key came alone.
   */
  raw?: string;
  scheme?: string;
  /** HTTP Basic: the decoded user-id and password. */
  basic?: { username: string; password: string };
  /** Claims of a JWT bearer token, decoded but NOT verified: a verifier must check the signature. */
  claims?: Record<string, unknown>;
  /** The scopes the operation requires of this scheme (in the satisfied alternative). */
  scopes: string[];
  /** What a verifier said the credential stands for. */
  principal?: unknown;
  /** The kind of credential (x-specforge-policy): named by a verifier, or recognized by its pattern. */
  kind?: string;
  /** The scopes a verifier said the credential grants. */
  granted?: string[];
}

export interface AuthInfo {
  /** The schemes of the alternative that was satisfied, by scheme name. */
  schemes: Record<string, SchemeCredential>;
  /** Claims of the first JWT among them (unverified unless a verifier returned them), for convenience. */
  claims?: Record<string, unknown>;
  /** The first principal a verifier returned. */
  principal?: unknown;
  /** The kind of the credential of the policy's scheme (x-specforge-policy), when recognized. */
  kind?: string;
}

/**
 * What a verifier decides. `false`, `undefined` or `null` reject the credential (401); `true`
 * accepts it; an object accepts it and may carry the `principal` it stands for (handed to handlers
 * as `ctx.auth.principal`), verified `claims` (replacing the decoded ones), the credential's `kind`
 * (for x-specforge-policy; wins over pattern recognition) and the `scopes` it grants (a required
 * scope missing from them is a 403).
 */
export type VerifierResult = boolean | null | undefined | { principal?: unknown; claims?: Record<string, unknown>; kind?: string; scopes?: string[] };

/**
 * Decides whether a well-formed credential is acceptable for a scheme. It runs after the server has
 * checked that the credential is present and well formed, and before parameters, body or handler.
 */
export type SecurityVerifier<R = RequestHead> = (
  credential: SchemeCredential,
  context: { operationId: string; scheme: string; request: R },
) => VerifierResult | Promise<VerifierResult>;

/** What a handler receives; `R` is the transport's request (see the module's comment). */
export interface RequestContext<P = RequestParams, B = unknown, R = RequestHead> {
  operationId: string;
  params: P;
  body: B;
  auth: AuthInfo | undefined;
  request: R;
  /** The client asked to upgrade the connection and the server can: the handler may answer 101. */
  upgrade?: boolean;
}

export interface RequestParams {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
  cookie: Record<string, unknown>;
}

export interface HandlerResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string | number | string[]>;
  /** Defaults to the first media type the contract declares for the status. */
  contentType?: string;
  /** Where the body came from (an example, a sample), named when response validation fails. */
  origin?: string;
  /** The body already serialized (sent as is). */
  payload?: string;
  /** The body was already checked against the contract (skips response validation). */
  verified?: boolean;
}

/**
 * Builds a handler's answer: `reply(201, body, { headers })` is `{ status: 201, body, headers }`. The
 * generated handler types check the body against the status's schema at the call.
 */
export function reply(
  status: number,
  body?: unknown,
  extras?: { headers?: Record<string, string | number | string[]>; contentType?: string },
): HandlerResponse {
  return extras === undefined ? { status, body } : { status, body, ...extras };
}

/** What the server hands a handler: the request context and the `reply` builder. */
export type HandlerContext<R = RequestHead> = RequestContext<RequestParams, unknown, R> & { reply: typeof reply };

export type AnyHandler<R = RequestHead> = (ctx: RequestContext<RequestParams, unknown, R>) => HandlerResponse | Promise<HandlerResponse>;

/**
 * A handlers object may carry, under this key, query names the server takes for itself as
 * ServerOptions.reservedQuery does: the mock's handlers carry the mock's controls, so a server built
 * on them (the generated server with the generated mock handlers) leaves `__code` out of a
 * querystring as the mock server does. Enumerable, so `{ ...handlers }` keeps it.
 */
export const RESERVED_QUERY: unique symbol = Symbol.for('specforge.reservedQuery');

/** The query names a handlers object reserves (RESERVED_QUERY): its strings, else none. */
export function reservedQueryOf(handlers: object): readonly string[] {
  const names: unknown = (handlers as { [RESERVED_QUERY]?: unknown })[RESERVED_QUERY];
  return Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : [];
}

export interface ServerOptions<R = RequestHead> {
  /** Largest request body accepted, in bytes (default 1 MiB); larger bodies get 413. */
  bodyLimit?: number;
  /**
   * Query names the server takes for itself, never part of an operation's parameters (the mock's
   * `__code`, `__example`, `__dynamic`): left out of a querystring parameter (OpenAPI 3.2) and of a
   * free-form query object, as an API key in the query is.
   */
  reservedQuery?: readonly string[];
  /**
   * Body limits per media type, in bytes, over `bodyLimit`: `{ 'multipart/form-data': 50 * 2 ** 20,
   * 'image/*': 10 * 2 ** 20 }` (an exact type first, then `type/*`).
   */
  bodyLimits?: Record<string, number>;
  /** Validate handler responses against the contract; a mismatch is a 500 naming the rule. */
  validateResponses?: boolean;
  /**
   * Validate each item of a stream (OpenAPI 3.2 `itemSchema`) before it is sent (default true): an
   * invalid item ends the stream and is reported to `onError` with its index and reason.
   */
  validateItems?: boolean;
  /** Interval of the comment sent on a quiet server-sent event stream, in ms (default 15000; 0: none). */
  heartbeatMs?: number;
  /**
   * Verifiers by security scheme name. Without one, a present, well-formed credential is accepted
   * (what mocks do); with one, the verifier decides (see `VerifierResult`).
   */
  security?: Record<string, SecurityVerifier<R>>;
  /** Called with every 5xx cause (never with credentials); defaults to nothing. */
  onError?: (error: unknown, operationId: string | undefined) => void;
  /** Deepest nesting of arrays and objects accepted in a JSON body (default 1000); deeper is a 400. */
  maxJsonDepth?: number;
  /**
   * The path every operation's path is under (`/api/v1`). Default: the path of the contract's
   * first `servers[].url`; `false` or '' for none. A request outside it matches no operation.
   */
  basePath?: string | false;
}

/** How a framework adapter hands a request to the listener (see `RequestListener.route`). */
export interface RouteOptions {
  /** The path to route, without query (default: the path of `req.url`). */
  path?: string;
  /** What the framework consumed in front of `path` (Express's `req.baseUrl`, a Fastify prefix), for the base path. */
  mount?: string;
  /**
   * Called, synchronously and before anything is written, instead of answering 404 when no
   * operation has the request's path (or it is outside the base path): Express's and Koa's `next`.
   */
  miss?: () => void;
  /**
   * A failure to answer in place of the operation (a framework body parser's error): the request
   * is routed (a path the contract does not have still calls `miss`), then answered as this failure
   * in the contract's error shape.
   */
  failure?: unknown;
}
