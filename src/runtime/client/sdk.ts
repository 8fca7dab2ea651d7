/**
 * The run time of the generated per-operation SDK (`sdk.ts`): one `request` that builds a call from an
 * operation's table (parameters by style, the body by media type, credentials by security scheme),
 * runs the middleware, retries what is safe to retry, and reads the answer into a result
 * discriminated by `ok` and the declared `status`. Browser-safe: no `node:` import, no Node.js global.
 */
import type { SecuritySchemeSpec } from '../shared/spec.js';

/** How the body of a declared answer is read. */
export type SdkBodyKind = 'json' | 'text' | 'blob' | 'stream' | 'none';

/** One parameter of an operation: where it goes and how it is written (OpenAPI `style`/`explode`). */
export interface SdkParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  style?: string;
  explode?: boolean;
  allowReserved?: boolean;
  /** A parameter described by `content`: the value is written as this media type (JSON). */
  contentType?: string;
  /** A path parameter whose value may contain "/". */
  multiSegment?: boolean;
}

/** One operation as the generated SDK describes it: plain data from the contract. */
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
}

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

/** An answer the contract declares as an error (on a client that throws), or one it does not declare at all. */
export class ApiError<E = unknown> extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly operationId: string,
    readonly status: number,
    /** The answer's body, read as the contract says (JSON, text), or as text when undeclared. */
    readonly error: E,
    readonly response: Response,
    /** False when the contract declares no answer for this status. */
    readonly declared: boolean,
  ) {
    super(`${operationId}: ${declared ? '' : 'undeclared '}status ${status}${summary(error)}`);
  }
}

function summary(body: unknown): string {
  if (typeof body === 'string') return body === '' ? '' : `: ${body.slice(0, 200)}`;
  if (body !== null && typeof body === 'object') {
    const message = (body as Record<string, unknown>)['message'] ?? (body as Record<string, unknown>)['detail'] ?? (body as Record<string, unknown>)['title'];
    if (typeof message === 'string') return `: ${message.slice(0, 200)}`;
  }
  return '';
}

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
 * When a call is tried again: at most `limit` more times, for the `methods` and on the `statuses`
 * given, and on a network error. A `Retry-After` answer waits what it asks, unless that is more than
 * `maxRetryAfter` (then the answer is returned as is); otherwise the wait doubles from `delay`, up
 * to `backoffLimit`. An aborted call is never retried, and a wait ends when its signal aborts.
 */
export interface SdkRetryOptions {
  /** Retries after the first try (default 2; 0 turns retrying off). At most 10. */
  limit?: number;
  /** Upper-case methods that may be retried (default the idempotent ones: GET, HEAD, OPTIONS, TRACE, PUT, DELETE). */
  methods?: readonly string[];
  /** Statuses that are retried (default 408, 413, 429, 500, 502, 503, 504). */
  statuses?: readonly number[];
  /** The first wait in ms (default 300), doubled at each retry. */
  delay?: number;
  /** The longest wait computed by doubling, in ms (default 10,000). */
  backoffLimit?: number;
  /** The longest Retry-After wait, in ms (default 60,000): a longer one is not waited for. */
  maxRetryAfter?: number;
}

const DEFAULT_RETRY: Required<SdkRetryOptions> = {
  limit: 2,
  methods: ['GET', 'HEAD', 'OPTIONS', 'TRACE', 'PUT', 'DELETE'],
  statuses: [408, 413, 429, 500, 502, 503, 504],
  delay: 300,
  backoffLimit: 10_000,
  maxRetryAfter: 60_000,
};

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
}

/** What every generated operation function takes besides its own parameters. */
export interface SdkCallOptions {
  signal?: AbortSignal;
  /** Headers for this call only (over the client's). */
  headers?: HeadersInit;
  /** Retries for this call (over the client's), or `false` for none. */
  retry?: SdkRetryOptions | false;
}

/** The arguments of a call as `request` reads them. */
export interface SdkArgs extends SdkCallOptions {
  path?: object;
  query?: object;
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

/** A client for the operations of a contract whose security schemes are `schemes`. */
export function createSdk<Schemes extends string, ThrowOnError extends boolean = false>(
  schemes: Readonly<Record<Schemes, SecuritySchemeSpec>>,
  options: SdkClientOptions<Schemes, ThrowOnError> = {},
): SdkClient<Schemes, ThrowOnError> {
  for (const name of Object.keys(options.auth ?? {})) {
    if (!Object.hasOwn(schemes, name)) throw new Error(`no security scheme "${name}"; known: ${Object.keys(schemes).join(', ') || 'none'}`);
  }
  let middleware: SdkMiddleware[] = [...(options.middleware ?? [])];
  const client: SdkClient<Schemes, ThrowOnError> = {
    options,
    use: (...more) => void (middleware = [...middleware, ...more]),
    eject: (...less) => void (middleware = middleware.filter((m) => !less.includes(m))),
    async request<Result>(operation: SdkOperation, args: SdkArgs = {}): Promise<SdkOutcome<ThrowOnError, Result>> {
      const result = await call(schemes, options, middleware, operation, args);
      if (options.throwOnError === true && !result.ok) throw new ApiError(operation.id, result.status, result.error, result.response, true);
      return result as SdkOutcome<ThrowOnError, Result>;
    },
  };
  return client;
}

/** The data of a success result, or an ApiError thrown with the error of a declared failure. */
export async function unwrap<Result extends { ok: boolean; status: number; data?: unknown; error?: unknown; response: Response }>(
  pending: Promise<Result> | Result,
  operationId = 'request',
): Promise<Extract<Result, { ok: true }>['data']> {
  const result = await pending;
  if (result.ok) return result.data;
  throw new ApiError(operationId, result.status, result.error, result.response, true);
}

type AnyResult = { ok: boolean; status: number; data?: unknown; error?: unknown; response: Response };

async function call(
  schemes: Readonly<Record<string, SecuritySchemeSpec>>,
  options: SdkClientOptions<string, boolean>,
  middleware: readonly SdkMiddleware[],
  operation: SdkOperation,
  args: SdkArgs,
): Promise<AnyResult> {
  const signal = args.signal;
  const retry = retryOptions(options.retry, args.retry);
  const credentials = await pickCredentials(schemes, options.auth ?? {}, operation.security);
  const body = encodeBody(operation, args);
  const retryable = retry.limit > 0 && retry.methods.includes(operation.method) && !(body.init instanceof ReadableStream);
  for (let attempt = 1; ; attempt++) {
    signal?.throwIfAborted();
    let request = buildRequest(options, operation, args, credentials, body, signal);
    let response: Response | undefined;
    let failure: unknown;
    try {
      for (const m of middleware) request = (await m.onRequest?.({ request, operation, attempt })) ?? request;
      response = await (options.fetch ?? globalThis.fetch)(request);
      for (const m of [...middleware].reverse()) response = (await m.onResponse?.({ request, response, operation, attempt })) ?? response;
    } catch (error) {
      failure = error;
      for (const m of [...middleware].reverse()) {
        const recovered = await m.onError?.({ request, error, operation, attempt });
        if (recovered) {
          response = recovered;
          failure = undefined;
          break;
        }
      }
    }
    if (response === undefined) {
      if (signal?.aborted || !retryable || attempt > retry.limit || isAbort(failure)) throw failure;
      await sleep(backoff(retry, attempt), signal);
      continue;
    }
    if (retryable && attempt <= retry.limit && retry.statuses.includes(response.status)) {
      const after = retryAfter(response.headers.get('retry-after'));
      if (after === undefined || after <= retry.maxRetryAfter) {
        await response.body?.cancel().catch(() => undefined);
        await sleep(after ?? backoff(retry, attempt), signal);
        continue;
      }
    }
    return readResult(operation, response);
  }
}

function retryOptions(client: SdkRetryOptions | false | undefined, call: SdkRetryOptions | false | undefined): Required<SdkRetryOptions> {
  if (call === false || (call === undefined && client === false)) return { ...DEFAULT_RETRY, limit: 0 };
  const merged = { ...DEFAULT_RETRY, ...(client || {}), ...(call || {}) };
  merged.limit = Math.max(0, Math.min(10, Math.floor(merged.limit)));
  merged.methods = merged.methods.map((m) => m.toUpperCase());
  return merged;
}

function backoff(retry: Required<SdkRetryOptions>, attempt: number): number {
  return Math.min(retry.backoffLimit, retry.delay * 2 ** (attempt - 1));
}

/** Retry-After in ms: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d{1,10}$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The credentials of the first security alternative the client has all of (none when none is needed). */
async function pickCredentials(
  schemes: Readonly<Record<string, SecuritySchemeSpec>>,
  auth: Readonly<Record<string, SdkCredential | undefined>>,
  security: SdkOperation['security'],
): Promise<Array<[SecuritySchemeSpec, string]>> {
  for (const alternative of security ?? []) {
    if (alternative.length === 0) return [];
    if (!alternative.every((name) => auth[name] !== undefined && Object.hasOwn(schemes, name))) continue;
    const out: Array<[SecuritySchemeSpec, string]> = [];
    for (const name of alternative) {
      const given = auth[name];
      const value = typeof given === 'function' ? await given() : given;
      if (value === undefined) break;
      out.push([schemes[name] as SecuritySchemeSpec, value]);
    }
    if (out.length === alternative.length) return out;
  }
  return [];
}

interface EncodedBody {
  init?: BodyInit;
  type?: string;
}

function encodeBody(operation: SdkOperation, args: SdkArgs): EncodedBody {
  if (args.body === undefined || !operation.body || operation.body.length === 0) return {};
  const type = args.contentType ?? (operation.body[0] as string);
  const value = args.body;
  const media = type.toLowerCase().split(';')[0]?.trim() ?? '';
  if (isJson(media)) return { init: JSON.stringify(value), type };
  if (media === 'application/x-www-form-urlencoded') return { init: formPairs(value), type };
  if (media === 'multipart/form-data') {
    const form = new FormData();
    for (const [name, item] of Object.entries(value as Record<string, unknown>)) {
      for (const v of Array.isArray(item) ? item : [item]) {
        if (v === undefined) continue;
        if (v instanceof Blob) form.append(name, v);
        else form.append(name, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
      }
    }
    return { init: form };
  }
  if (typeof value === 'string' || value instanceof Blob || value instanceof ArrayBuffer || ArrayBuffer.isView(value) || value instanceof ReadableStream || value instanceof URLSearchParams || value instanceof FormData) {
    return { init: value as BodyInit, type };
  }
  return { init: media.startsWith('text/') ? String(value) : JSON.stringify(value), type };
}

function formPairs(value: unknown): URLSearchParams {
  const out = new URLSearchParams();
  if (value === null || typeof value !== 'object') return out;
  for (const [name, item] of Object.entries(value)) {
    for (const v of Array.isArray(item) ? item : [item]) {
      if (v === undefined) continue;
      out.append(name, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
    }
  }
  return out;
}

function isJson(media: string): boolean {
  return media === 'application/json' || /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+\+json$/.test(media);
}

function buildRequest(
  options: SdkClientOptions<string, boolean>,
  operation: SdkOperation,
  args: SdkArgs,
  credentials: ReadonlyArray<[SecuritySchemeSpec, string]>,
  body: EncodedBody,
  signal: AbortSignal | undefined,
): Request {
  const values: Record<string, object | undefined> = { path: args.path, query: args.query, header: args.header, cookie: args.cookie };
  let path = operation.path;
  const query: string[] = [];
  const headers = new Headers(options.headers);
  new Headers(args.headers).forEach((v, k) => headers.set(k, v));
  const cookies: string[] = [];
  for (const p of operation.params ?? []) {
    const group = values[p.in] as Record<string, unknown> | undefined;
    const value = group && Object.hasOwn(group, p.name) ? group[p.name] : undefined;
    if (value === undefined || value === null) continue;
    if (p.in === 'path') path = path.split(`{${p.name}}`).join(pathValue(p, value));
    else if (p.in === 'query') query.push(...queryPairs(p, value));
    else if (p.in === 'header') headers.set(p.name, p.contentType ? JSON.stringify(value) : simple(value, p.explode === true));
    else cookies.push(`${p.name}=${encodeURIComponent(p.contentType ? JSON.stringify(value) : simple(value, false))}`);
  }
  for (const [scheme, value] of credentials) {
    if (scheme.type === 'apiKey' && scheme.name) {
      if (scheme.in === 'query') query.push(`${encodeURIComponent(scheme.name)}=${encodeURIComponent(value)}`);
      else if (scheme.in === 'header') headers.set(scheme.name, value);
      else cookies.push(`${scheme.name}=${encodeURIComponent(value)}`);
    } else if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic') {
      headers.set('authorization', `Basic ${base64(value)}`);
    } else {
      headers.set('authorization', `Bearer ${value}`);
    }
  }
  if (cookies.length > 0) headers.set('cookie', [headers.get('cookie'), ...cookies].filter(Boolean).join('; '));
  if (body.type !== undefined && !headers.has('content-type')) headers.set('content-type', body.type);
  const base = (options.baseUrl ?? '').replace(/\/+$/, '');
  const url = `${base}${path}${query.length > 0 ? `?${query.join('&')}` : ''}`;
  const init: RequestInit & { duplex?: 'half' } = { method: operation.method, headers };
  if (body.init !== undefined) init.body = body.init;
  if (body.init instanceof ReadableStream) init.duplex = 'half';
  if (signal) init.signal = signal;
  return new Request(url, init);
}

function text(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** A value in the `simple` style (unencoded): arrays and objects comma-separated. */
function simple(value: unknown, explode: boolean): string {
  if (Array.isArray(value)) return value.map(text).join(',');
  if (value !== null && typeof value === 'object') {
    return Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => (explode ? `${k}=${text(v)}` : `${k},${text(v)}`))
      .join(',');
  }
  return text(value);
}

function pathValue(p: SdkParameter, value: unknown): string {
  const enc = (s: string): string => (p.multiSegment ? s.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(s));
  if (p.contentType) return enc(JSON.stringify(value));
  const explode = p.explode === true;
  const style = p.style ?? 'simple';
  const items: Array<[string | undefined, string]> = Array.isArray(value)
    ? value.map((v) => [undefined, text(v)])
    : value !== null && typeof value === 'object'
      ? Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => [k, text(v)])
      : [[undefined, text(value)]];
  const isObject = !Array.isArray(value) && value !== null && typeof value === 'object';
  if (style === 'label') {
    const sep = explode ? '.' : ',';
    return '.' + items.map(([k, v]) => (k === undefined ? enc(v) : explode ? `${enc(k)}=${enc(v)}` : `${enc(k)},${enc(v)}`)).join(sep);
  }
  if (style === 'matrix') {
    if (explode) return items.map(([k, v]) => `;${enc(k ?? p.name)}=${enc(v)}`).join('');
    return `;${enc(p.name)}=` + items.map(([k, v]) => (k === undefined ? enc(v) : `${enc(k)},${enc(v)}`)).join(',');
  }
  return items.map(([k, v]) => (k === undefined ? enc(v) : isObject && explode ? `${enc(k)}=${enc(v)}` : `${enc(k)},${enc(v)}`)).join(',');
}

function queryPairs(p: SdkParameter, value: unknown): string[] {
  const name = encodeURIComponent(p.name);
  const enc = (s: string): string => (p.allowReserved ? encodeURI(s).replace(/[#&+=]/g, (c) => encodeURIComponent(c)) : encodeURIComponent(s));
  if (p.contentType) return [`${name}=${enc(JSON.stringify(value))}`];
  const style = p.style ?? 'form';
  const explode = p.explode ?? style === 'form';
  if (Array.isArray(value)) {
    if (style === 'form' && explode) return value.map((v) => `${name}=${enc(text(v))}`);
    const sep = style === 'spaceDelimited' ? '%20' : style === 'pipeDelimited' ? '|' : ',';
    return [`${name}=${value.map((v) => enc(text(v))).join(sep)}`];
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (style === 'deepObject') return entries.map(([k, v]) => `${name}%5B${encodeURIComponent(k)}%5D=${enc(text(v))}`);
    if (explode) return entries.map(([k, v]) => `${encodeURIComponent(k)}=${enc(text(v))}`);
    return [`${name}=${entries.map(([k, v]) => `${enc(k)},${enc(text(v))}`).join(',')}`];
  }
  return [`${name}=${enc(text(value))}`];
}

/** The declared answer `status` falls under: itself, its range ("4XX"), or "default". */
export function declaredStatus(responses: Readonly<Record<string, SdkBodyKind>>, status: number): string | undefined {
  const exact = String(status);
  if (Object.hasOwn(responses, exact)) return exact;
  const range = `${exact[0] ?? ''}XX`;
  if (Object.hasOwn(responses, range)) return range;
  if (!Object.hasOwn(responses, 'default')) return undefined;
  // A success only `default` covers, where the contract names its successes, is not declared.
  const successes = Object.keys(responses).some((k) => k.startsWith('2'));
  return status >= 200 && status < 300 && successes ? undefined : 'default';
}

async function readResult(operation: SdkOperation, response: Response): Promise<AnyResult> {
  const key = declaredStatus(operation.responses, response.status);
  if (key === undefined) {
    const body = await response.text().catch(() => '');
    throw new ApiError(operation.id, response.status, body, response, false);
  }
  const value = await readBody(operation.responses[key] ?? 'none', response, operation);
  return response.ok
    ? { ok: true, status: response.status, data: value, response }
    : { ok: false, status: response.status, error: value, response };
}

async function readBody(kind: SdkBodyKind, response: Response, operation: SdkOperation): Promise<unknown> {
  if (kind === 'stream') return response.body;
  if (kind === 'blob') return response.blob();
  const text = await response.text();
  if (kind === 'none' || (kind === 'json' && text === '')) return kind === 'none' && text !== '' ? text : undefined;
  if (kind === 'text') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(operation.id, response.status, text, response, true);
  }
}

/** Base64 of the UTF-8 bytes of `text`, without Node's Buffer. */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The parameters of a call as a query key part: only path, query, header and cookie, without undefined values. */
export function keyParams(args: SdkArgs | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const where of ['path', 'query', 'header', 'cookie'] as const) {
    const group = args?.[where];
    if (group === undefined || group === null) continue;
    const clean = JSON.parse(JSON.stringify(group)) as unknown;
    if (clean !== null && typeof clean === 'object' && Object.keys(clean).length > 0) out[where] = clean;
  }
  return out;
}

/** What the invalidation helpers need of a TanStack QueryClient. */
export interface InvalidatingClient {
  invalidateQueries(filters: { queryKey: readonly unknown[] }): Promise<unknown>;
}

/**
 * Invalidates the cached answers of `operationIds` whose key's path parameters match those of
 * `args.path` named in `names` (the collection's own parameters; the others, such as an item's id,
 * are left out so the list's key matches too).
 */
export async function invalidateOperations(queryClient: InvalidatingClient, operationIds: readonly string[], names: readonly string[], args: unknown): Promise<void> {
  const given = args !== null && typeof args === 'object' ? (args as { path?: unknown }).path : undefined;
  const path: Record<string, unknown> = {};
  if (given !== null && typeof given === 'object') {
    for (const name of names) if (Object.hasOwn(given, name)) path[name] = (given as Record<string, unknown>)[name];
  }
  const filter = keyParams({ path });
  await Promise.all(operationIds.map((id) => queryClient.invalidateQueries({ queryKey: [id, filter] })));
}
