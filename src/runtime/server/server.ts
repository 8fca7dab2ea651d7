/**
 * The request listener behind every generated server: route, parse parameters by style and explode,
 * check credentials, read and parse the body within a size limit, validate everything, call the
 * handler, optionally validate its response, and serialize it. Bad input is a 4xx in the
 * interface's error body; a failing handler is a 500; nothing a client sends crashes the process.
 */
import { createServer as createNodeServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Socket as NetSocket, type Socket } from 'node:net';
import { pipeline, Readable, type Duplex } from 'node:stream';
import type { ValidateFunction } from '../validation/standalone.js';
import { detailsFromAjv, errorBody, HttpError, type ProblemDetail } from '../shared/errors.js';
import {
  parseCookieParameter,
  parseCookies,
  parseHeaderParameter,
  parsePathParameter,
  parseQueryParameter,
  splitQuery,
} from './params.js';
import { ownValue } from '../shared/object.js';
import { Router } from './router.js';
import { challenge, CredentialClassifier, presentedCredential } from './security.js';
import type { ApiSpec, FormSpec, OperationSpec, ParameterSpec } from '../shared/spec.js';
import { checkCharset } from './body/charset.js';
import { formBody } from './body/form.js';
import { DEFAULT_JSON_DEPTH, nestsDeeper, tooDeep } from './body/json-text.js';
import { parseMultipart } from './body/multipart.js';
import { readUpgradeBody, switchProtocols, upgradeListenerFor, upgradeOf, type UpgradeListener } from './upgrade.js';

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
export type SecurityVerifier = (credential: SchemeCredential, context: { operationId: string; scheme: string; request: IncomingMessage }) => VerifierResult | Promise<VerifierResult>;

export interface RequestContext<P = RequestParams, B = unknown> {
  operationId: string;
  params: P;
  body: B;
  auth: AuthInfo | undefined;
  request: IncomingMessage;
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

export type AnyHandler = (ctx: RequestContext) => HandlerResponse | Promise<HandlerResponse>;

export interface ServerOptions {
  /** Largest request body accepted, in bytes (default 1 MiB); larger bodies get 413. */
  bodyLimit?: number;
  /**
   * Body limits per media type, in bytes, over `bodyLimit`: `{ 'multipart/form-data': 50 * 2 ** 20,
   * 'image/*': 10 * 2 ** 20 }` (an exact type first, then `type/*`).
   */
  bodyLimits?: Record<string, number>;
  /** Validate handler responses against the contract; a mismatch is a 500 naming the rule. */
  validateResponses?: boolean;
  /**
   * Verifiers by security scheme name. Without one, a present, well-formed credential is accepted
   * (what mocks do); with one, the verifier decides (see `VerifierResult`).
   */
  security?: Record<string, SecurityVerifier>;
  /** Called with every 5xx cause (never with credentials); defaults to nothing. */
  onError?: (error: unknown, operationId: string | undefined) => void;
  /** Deepest nesting of arrays and objects accepted in a JSON body (default 1000); deeper is a 400. */
  maxJsonDepth?: number;
}

const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** The body limit for a request's content type: its media type's, its type's (`image/*`), or the default. */
function bodyLimitFor(options: Pick<ServerOptions, 'bodyLimit' | 'bodyLimits'>, contentType: string | undefined): number {
  const fallback = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const limits = options.bodyLimits;
  if (!limits) return fallback;
  const media = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const exact = Object.hasOwn(limits, media) ? limits[media] : undefined;
  const wildcard = `${media.split('/')[0] ?? ''}/*`;
  const family = Object.hasOwn(limits, wildcard) ? limits[wildcard] : undefined;
  return exact ?? family ?? fallback;
}

export function isJsonMediaType(type: string): boolean {
  const t = type.toLowerCase();
  return t === 'application/json' || t.endsWith('+json') || t === '*/*';
}

const mediaTypes = new Map<string, string | undefined>();
function mediaTypeOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  let type = mediaTypes.get(header);
  if (type === undefined && !mediaTypes.has(header)) {
    type = header.split(';')[0]?.trim().toLowerCase() || undefined;
    if (mediaTypes.size < 256) mediaTypes.set(header, type);
  }
  return type;
}

const LOCATIONS = ['path', 'query', 'header', 'cookie'] as const;

const contentTypeHeaders = new Map<string, string>();
/** The Content-Type sent for a declared media type (a wildcard answered as JSON), computed once per type. */
function contentTypeHeader(type: string): string {
  let header = contentTypeHeaders.get(type);
  if (header === undefined) {
    header = isJsonMediaType(type) && !/charset/i.test(type) ? type.replace('*/*', 'application/json') : type;
    if (contentTypeHeaders.size < 256) contentTypeHeaders.set(type, header);
  }
  return header;
}

/** Picks the declared media type that serves `actual` (exact, then type/*, then * / *). */
export function matchMediaType(declared: readonly string[], actual: string): string | undefined {
  // A declared type's parameters (`application/json;charset=UTF-8`) do not change what it matches.
  const lower = declared.map((d) => d.split(';')[0]?.trim().toLowerCase() ?? '');
  let i = lower.indexOf(actual);
  if (i >= 0) return declared[i];
  const [type] = actual.split('/');
  i = lower.indexOf(`${type}/*`);
  if (i >= 0) return declared[i];
  i = lower.indexOf('*/*');
  return i >= 0 ? declared[i] : undefined;
}

/** The response key a status falls under: "201", then "2XX", then "default". */
export function responseKey(responses: Readonly<Record<string, unknown>>, status: number): string | undefined {
  const exact = String(status);
  if (exact in responses) return exact;
  const range = `${exact[0]}XX`;
  if (range in responses) return range;
  return 'default' in responses ? 'default' : undefined;
}

function decodeJwtClaims(token: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const json = Buffer.from(parts[1] as string, 'base64url').toString('utf8');
    // Claims nested past the JSON bound are no claims (nothing later walks them).
    if (nestsDeeper(json, DEFAULT_JSON_DEPTH)) return undefined;
    const claims: unknown = JSON.parse(json);
    return claims !== null && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The client went away before its request was read: nothing to answer, and no server error. */
class ClientClosed extends Error {
  constructor() {
    super('the client closed the connection');
    this.name = 'ClientClosed';
  }
}

/** How long, and for how many bytes, a connection closed after an early answer keeps reading. */
const LINGER_MS = 1000;
const LINGER_BYTES = 4 * 1024 * 1024;

/**
 * Closes the connection of a request whose body was not read, once its answer is sent: the body
 * is not drained (a declared terabyte would be read to the end), but the socket half-closes and
 * drops what still arrives for a moment before it closes, so a client still sending sees the answer
 * rather than a reset. (Node destroys a `Connection: close` socket as soon as the answer is
 * flushed; its destroySoon is replaced for this socket.)
 */
function closeAfterAnswer(req: IncomingMessage): void {
  const socket = req.socket as Socket & { destroySoon?: () => void };
  socket.destroySoon = function lingeringClose(this: Socket): void {
    if (this.writable) this.end();
    let dropped = 0;
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
    this.on('data', (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) this.destroy();
    });
  };
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const upgrade = upgradeOf(req);
  if (upgrade) return readUpgradeBody(req, upgrade, limit);
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new HttpError(413, `request body of ${declared} bytes is larger than the limit of ${limit} bytes`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        chunks.length = 0;
        reject(new HttpError(413, `request body is larger than the limit of ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!done) {
        done = true;
        resolve(Buffer.concat(chunks));
      }
    });
    // A client that goes away mid-body (Node reports an "aborted" error, then close): settle
    // instead of waiting forever, as a client that left, not as a failure of the server.
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (!done) {
        done = true;
        reject(err.code === 'ECONNRESET' || req.destroyed ? new ClientClosed() : err);
      }
    });
    req.on('close', () => {
      if (!done) {
        done = true;
        reject(new ClientClosed());
      }
    });
  });
}

/** Whether a request carries `name=value` in its query or as a header (fragment-qualified routes). */
function carriesPair(req: IncomingMessage, rawQuery: string, name: string, value: string): boolean {
  const header = ownValue(req.headers, name.toLowerCase());
  if (header !== undefined) return (Array.isArray(header) ? header : [header]).some((h) => h === value || h.split(',').some((part) => part.trim() === value));
  return rawQuery !== '' && splitQuery(rawQuery).some(([k, v]) => k === name && v === value);
}

const XML_MEDIA = /[/+]xml$/i;

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The body as text; bytes that are not UTF-8 are a 400, never silently replaced. */
function utf8Text(raw: Buffer): string {
  try {
    return UTF8.decode(raw);
  } catch {
    throw new HttpError(400, 'request body is not valid UTF-8', [{ in: 'body', pointer: '/', message: 'is not valid UTF-8' }]);
  }
}

function parseBody(raw: Buffer, type: string, maxDepth: number, form?: FormSpec): unknown {
  if (isJsonMediaType(type)) {
    const text = utf8Text(raw);
    // Measured before parsing: a deeply nested body costs nothing to refuse.
    if (nestsDeeper(text, maxDepth)) throw tooDeep(maxDepth);
    try {
      return JSON.parse(text) as unknown;
    } catch (err) {
      throw new HttpError(400, `request body is not valid JSON: ${err instanceof Error ? err.message : String(err)}`, [
        { in: 'body', pointer: '/', message: 'is not valid JSON' },
      ]);
    }
  }
  if (type === 'application/x-www-form-urlencoded') {
    return formBody(splitQuery(utf8Text(raw)), form?.shape ?? { type: 'any' }, form?.encoding);
  }
  if (type.startsWith('text/')) return raw.toString('utf8');
  return raw;
}

function isStream(body: unknown): body is AsyncIterable<unknown> | Readable {
  return body instanceof Readable || (body !== null && typeof body === 'object' && Symbol.asyncIterator in body && !Buffer.isBuffer(body));
}

function serialize(body: unknown, contentType: string | undefined): string | Buffer {
  if (Buffer.isBuffer(body)) return body;
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (typeof body === 'string' && !(contentType && isJsonMediaType(contentType) && contentType !== '*/*')) return body;
  return JSON.stringify(body);
}

type Awaitable<T> = T | Promise<T>;

function isPromiseLike<T>(v: Awaitable<T>): v is Promise<T> {
  return typeof (v as { then?: unknown } | null)?.then === 'function';
}

/** Whether a request carries a parameter (a non-empty value; path parameters always). */
function carries(req: IncomingMessage, query: ReadonlyArray<[string, string]>, cookies: () => Map<string, string>, where: { in: string; name: string }): boolean {
  if (where.in === 'header') {
    const v = ownValue(req.headers, where.name.toLowerCase());
    return Array.isArray(v) ? v.some((x) => x !== '') : v !== undefined && v !== '';
  }
  if (where.in === 'query') return query.some(([k]) => k === where.name);
  if (where.in === 'cookie') return cookies().has(where.name);
  return true;
}

class Pipeline {
  readonly router: Router;
  readonly limit: number;
  readonly maxJsonDepth: number;
  readonly byId = new Map<string, OperationSpec>();
  /** Per operation: query names that its parameters and API keys claim. */
  private readonly queryNames = new Map<string, ReadonlySet<string>>();
  /** Per operation: its parameters with an x-specforge-required-when condition. */
  private readonly conditional = new Map<string, ParameterSpec[]>();
  private readonly classifier: CredentialClassifier | undefined;

  constructor(
    readonly api: ApiSpec,
    readonly validators: ValidatorsModule,
    readonly handlers: Readonly<Record<string, AnyHandler>>,
    readonly options: ServerOptions,
  ) {
    this.router = new Router(api.operations);
    this.limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
    this.maxJsonDepth = options.maxJsonDepth ?? DEFAULT_JSON_DEPTH;
    for (const op of api.operations) {
      this.byId.set(op.id, op);
      const names = new Set(op.parameters.filter((p) => p.in === 'query').map((p) => p.name));
      for (const alternative of op.security) {
        for (const scheme of Object.keys(alternative)) {
          const s = api.securitySchemes[scheme];
          if (s?.type === 'apiKey' && s.in === 'query' && s.name) names.add(s.name);
        }
      }
      this.queryNames.set(op.id, names);
      const conditional = op.parameters.filter((p) => p.requiredWhen !== undefined);
      if (conditional.length > 0) this.conditional.set(op.id, conditional);
    }
    this.classifier = api.policy ? new CredentialClassifier(api.policy) : undefined;
  }

  /** Handles one request; synchronous all the way for operations without body, verifiers or async handlers. */
  handle(req: IncomingMessage, res: ServerResponse): void {
    let operationId: string | undefined;
    try {
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const rawPath = q < 0 ? url : url.slice(0, q);
      const rawQuery = q < 0 ? '' : url.slice(q + 1).split('#')[0] ?? '';
      const method = (req.method ?? 'GET').toUpperCase();
      const match = this.router.match(method, this.api.versionPrefix ? this.stripVersion(rawPath) : rawPath, this.router.hasVariants ? (name, value) => carriesPair(req, rawQuery, name, value) : undefined);
      if (match.kind === 'not-found') throw new HttpError(404, `no operation at ${method} ${safePath(rawPath)}`);
      if (match.kind === 'method-not-allowed') {
        throw new HttpError(405, `method ${method} is not allowed on ${safePath(rawPath)}`, [], { Allow: match.allow.join(', ') });
      }
      const op = match.operation;
      operationId = op.id;
      const response = this.run(op, match.raw, rawQuery, req);
      if (isPromiseLike(response)) {
        response.then(
          (r) => {
            try {
              this.send(req, res, op, r);
            } catch (err) {
              this.safeFail(req, res, err, op.id);
            }
          },
          (err: unknown) => this.safeFail(req, res, err, op.id),
        );
      } else this.send(req, res, op, response);
    } catch (err) {
      this.fail(req, res, err, operationId);
    }
  }

  /** Removes an optional `/v<major>.<minor>` prefix; a version outside the supported range is a 400. */
  private stripVersion(path: string): string {
    const m = /^\/v(\d{1,4})\.(\d{1,4})(?=\/)/.exec(path);
    const range = this.api.versionPrefix;
    if (!m || !range) return path;
    const value = (v: string): number => {
      const [major, minor] = v.split('.').map(Number);
      return (major ?? 0) * 10000 + (minor ?? 0);
    };
    const asked = `${m[1]}.${m[2]}`;
    if (value(asked) > value(range.max)) throw new HttpError(400, `client version ${asked} is too new. Maximum supported API version is ${range.max}`);
    if (value(asked) < value(range.min)) {
      throw new HttpError(400, `client version ${asked} is too old. Minimum supported API version is ${range.min}, please upgrade your client to a newer version`);
    }
    return path.slice(m[0].length);
  }

  private run(op: OperationSpec, rawPath: Record<string, string>, rawQuery: string, req: IncomingMessage): Awaitable<HandlerResponse> {
    const query = splitQuery(rawQuery);
    let cookieMap: Map<string, string> | undefined;
    const cookies = (): Map<string, string> => (cookieMap ??= parseCookies(req.headers.cookie));
    const auth = this.authenticate(op, req, query, cookies);
    if (isPromiseLike(auth)) return auth.then((a) => this.afterAuth(op, rawPath, query, cookies, req, a));
    return this.afterAuth(op, rawPath, query, cookies, req, auth);
  }

  private afterAuth(
    op: OperationSpec,
    rawPath: Record<string, string>,
    query: Array<[string, string]>,
    cookies: () => Map<string, string>,
    req: IncomingMessage,
    auth: AuthInfo | undefined,
  ): Awaitable<HandlerResponse> {
    this.authorize(op, auth);
    this.checkConditional(op, req, query, cookies, auth);
    const params: RequestParams = { path: {}, query: {}, header: {}, cookie: {} };
    const claimed = this.queryNames.get(op.id);
    for (const p of op.parameters) {
      let value: unknown;
      if (p.in === 'path') {
        const raw = rawPath[p.name];
        value = raw === undefined ? undefined : parsePathParameter(raw, p);
      } else if (p.in === 'query') value = parseQueryParameter(query, p, claimed);
      else if (p.in === 'header') {
        const raw = ownValue(req.headers, p.name.toLowerCase());
        value = raw === undefined ? undefined : parseHeaderParameter(Array.isArray(raw) ? raw.join(', ') : raw, p);
      } else {
        const raw = cookies().get(p.name);
        value = raw === undefined ? undefined : parseCookieParameter(raw, p);
      }
      if (value !== undefined) params[p.in][p.in === 'header' ? p.name.toLowerCase() : p.name] = value;
    }
    const v = this.validators.operationValidators[op.id];
    const details: ProblemDetail[] = [];
    for (const where of LOCATIONS) {
      const fn = v?.[where];
      if (fn && !fn(params[where])) details.push(...detailsFromAjv(where, fn.errors));
    }
    const present = hasBody(req);
    if (!op.body) {
      if (present) return readBody(req, this.limit).then(() => this.invoke(op, params, details, undefined, auth, req));
      return this.invoke(op, params, details, undefined, auth, req);
    }
    if (!present) {
      if (op.body.required) details.push({ in: 'body', pointer: '/', message: 'request body is required' });
      return this.invoke(op, params, details, undefined, auth, req);
    }
    const actual = mediaTypeOf(req.headers['content-type']) ?? 'application/octet-stream';
    const declared = matchMediaType(op.body.types, actual);
    const bodySpec = op.body;
    // A declared length over zero in a type the operation does not take is refused before reading;
    // an empty body (some clients send a content type with nothing) counts as no body.
    if (!declared && req.headers['content-length'] !== undefined) {
      throw new HttpError(415, `content type ${actual} is not accepted; use ${op.body.types.join(' or ')}`);
    }
    // A JSON, form or text body in a charset other than UTF-8 is refused before reading.
    if (declared) checkCharset(req.headers['content-type'], actual, isJsonMediaType);
    const limit = bodyLimitFor(this.options, req.headers['content-type']);
    return readBody(req, limit).then((raw) => {
      let body: unknown;
      if (raw.length > 0 && !declared) throw new HttpError(415, `content type ${actual} is not accepted; use ${bodySpec.types.join(' or ')}`);
      if (raw.length > 0 && declared && actual === 'multipart/form-data') {
        // Parsed by the streaming multipart parser: files for the handler, their names for the validator.
        return parseMultipart(raw, req.headers['content-type'] ?? actual, bodySpec.forms?.[declared], { bodyLimit: limit }).then(({ value, view, problems }) => {
          details.push(...problems);
          const fn = v?.body?.[declared];
          if (fn && !fn(view)) details.push(...detailsFromAjv('body', fn.errors));
          return this.invoke(op, params, details, value, auth, req);
        });
      }
      if (raw.length === 0 && bodySpec.required) details.push({ in: 'body', pointer: '/', message: 'request body is required' });
      else if (raw.length > 0 && declared) {
        let parsed = true;
        try {
          body = parseBody(raw, actual, this.maxJsonDepth, bodySpec.forms?.[declared]);
        } catch (err) {
          // Report an unreadable body along with any parameter problems.
          if (!(err instanceof HttpError) || err.status !== 400) throw err;
          if (details.length === 0) throw err;
          details.push(...err.details);
          parsed = false;
        }
        // Raw bytes (a tar archive, an image) are not checked against a schema: JSON Schema sees strings.
        // Nor is XML: its schema describes the document's structure through the `xml` mapping, not its text.
        const fn = Buffer.isBuffer(body) || XML_MEDIA.test(actual) ? undefined : v?.body?.[declared];
        if (parsed && fn && !fn(body)) details.push(...detailsFromAjv('body', fn.errors));
      }
      return this.invoke(op, params, details, body, auth, req);
    });
  }

  private invoke(op: OperationSpec, params: RequestParams, details: ProblemDetail[], body: unknown, auth: AuthInfo | undefined, req: IncomingMessage): Awaitable<HandlerResponse> {
    if (details.length > 0) {
      // x-specforge-dialect invalidBodyStatus: an interface that answers a body that breaks the contract otherwise (GitHub: 422).
      const status = this.api.invalidBodyStatus !== undefined && details.every((d) => d.in === 'body') ? this.api.invalidBodyStatus : 400;
      throw new HttpError(status, 'request does not match the contract', details);
    }
    // An operationId that names a member of Object.prototype ("constructor") must be the handlers' own.
    const handler = Object.hasOwn(Object.prototype, op.id) && !Object.hasOwn(this.handlers, op.id) ? undefined : this.handlers[op.id];
    if (!handler) throw new HttpError(501, `operation ${op.id} has no handler`);
    const ctx: RequestContext = { operationId: op.id, params, body, auth, request: req };
    if (upgradeOf(req)) ctx.upgrade = true;
    return handler(ctx);
  }

  /** Credentials of each alternative that is fully present and well formed, in the operation's order. */
  private candidates(
    op: OperationSpec,
    req: IncomingMessage,
    query: Array<[string, string]>,
    cookies: () => Map<string, string>,
  ): { anonymous: boolean; found: Array<Record<string, SchemeCredential>>; seen: 'none' | 'present' | 'malformed' } {
    const found: Array<Record<string, SchemeCredential>> = [];
    let seen: 'none' | 'present' | 'malformed' = 'none';
    for (const alternative of op.security) {
      const names = Object.keys(alternative);
      if (names.length === 0) return { anonymous: true, found, seen }; // `{}`: anonymous access allowed
      const schemes: Record<string, SchemeCredential> = {};
      let complete = true;
      for (const name of names) {
        const scheme = this.api.securitySchemes[name];
        const presented = scheme ? presentedCredential(scheme, req, query, cookies, this.api.bearerAliases) : ({ kind: 'absent' } as const);
        if (presented.kind !== 'present') {
          if (presented.kind === 'malformed') seen = 'malformed';
          complete = false;
          break;
        }
        if (seen === 'none') seen = 'present';
        const sc: SchemeCredential = { credential: presented.credential, scopes: alternative[name] ?? [] };
        if (presented.basic) sc.basic = presented.basic;
        const claims = scheme?.type !== 'apiKey' && !presented.basic ? decodeJwtClaims(presented.credential) : undefined;
        if (claims) sc.claims = claims;
        schemes[name] = sc;
      }
      if (complete) found.push(schemes);
    }
    return { anonymous: false, found, seen };
  }

  private authenticate(
    op: OperationSpec,
    req: IncomingMessage,
    query: Array<[string, string]>,
    cookies: () => Map<string, string>,
  ): Awaitable<AuthInfo | undefined> {
    if (op.security.length === 0) return undefined;
    const c = this.candidates(op, req, query, cookies);
    if (c.anonymous) return undefined;
    const verifiers = this.options.security;
    const needsVerify = verifiers !== undefined && c.found.some((schemes) => Object.keys(schemes).some((name) => verifiers[name] !== undefined));
    if (!needsVerify) {
      const first = c.found[0];
      if (first) return this.recognized(op, this.authInfo(first), false);
      throw this.unauthorized(op, c.seen);
    }
    return (async (): Promise<AuthInfo> => {
      let lacksScope = false;
      for (const schemes of c.found) {
        let ok = true;
        for (const [name, sc] of Object.entries(schemes)) {
          const verify = verifiers?.[name];
          if (!verify) continue;
          const verdict = await verify(sc, { operationId: op.id, scheme: name, request: req });
          if (verdict === false || verdict === undefined || verdict === null) {
            ok = false;
            break;
          }
          if (verdict === true) continue;
          if (verdict.claims) sc.claims = verdict.claims;
          if (verdict.principal !== undefined) sc.principal = verdict.principal;
          if (typeof verdict.kind === 'string') sc.kind = verdict.kind;
          if (Array.isArray(verdict.scopes)) {
            sc.granted = verdict.scopes;
            if (!sc.scopes.every((scope) => verdict.scopes?.includes(scope))) {
              lacksScope = true;
              ok = false;
              break;
            }
          }
        }
        if (ok) return this.recognized(op, this.authInfo(schemes), this.api.policy !== undefined && verifiers?.[this.api.policy.scheme] !== undefined && Object.hasOwn(schemes, this.api.policy.scheme));
      }
      // A credential that was accepted but lacks a scope is a 403, not a 401: authenticating again will not help.
      throw lacksScope ? this.insufficientScope(op) : this.unauthorized(op, c.seen === 'none' ? 'none' : 'rejected');
    })();
  }

  private authInfo(schemes: Record<string, SchemeCredential>): AuthInfo {
    const info: AuthInfo = { schemes };
    const all = Object.values(schemes);
    const claims = all.find((s) => s.claims)?.claims;
    if (claims) info.claims = claims;
    const principal = all.find((s) => s.principal !== undefined)?.principal;
    if (principal !== undefined) info.principal = principal;
    const policy = this.api.policy;
    const governed = policy && Object.hasOwn(schemes, policy.scheme) ? schemes[policy.scheme] : undefined;
    if (governed) {
      governed.kind ??= this.classifier?.kindOf(governed.credential);
      if (governed.kind !== undefined) info.kind = governed.kind;
    }
    return info;
  }

  /**
   * x-specforge-policy names the kinds of credential the interface issues. A credential of its
   * scheme that is of no kind (no pattern matches, and no verifier vouched for it) is no credential
   * of the interface: not authenticated, 401 with `error="invalid_token"`, rather than a 403.
   */
  private recognized(op: OperationSpec, info: AuthInfo, vouched: boolean): AuthInfo {
    const policy = this.api.policy;
    if (!policy || vouched || info.kind !== undefined || !Object.hasOwn(info.schemes, policy.scheme)) return info;
    throw this.unauthorized(op, 'rejected');
  }

  /** x-specforge-policy: the operation refuses credentials of kinds it does not allow. */
  private authorize(op: OperationSpec, auth: AuthInfo | undefined): void {
    const policy = op.policy;
    if (!policy || !auth || (auth.kind !== undefined && policy.allow.includes(auth.kind))) return;
    const kind = auth.kind === undefined ? 'a credential of no recognized kind' : `a credential of kind ${auth.kind}`;
    throw new HttpError(policy.status, policy.message, [{ in: 'security', message: `${kind} may not call ${op.id} (allowed: ${policy.allow.join(', ')})` }], {}, policy.code);
  }

  /** x-specforge-required-when: an optional parameter that this request must carry. */
  private checkConditional(op: OperationSpec, req: IncomingMessage, query: Array<[string, string]>, cookies: () => Map<string, string>, auth: AuthInfo | undefined): void {
    for (const p of this.conditional.get(op.id) ?? []) {
      const rule = p.requiredWhen;
      if (!rule || carries(req, query, cookies, p)) continue;
      const byKind = auth?.kind !== undefined && rule.credentialKinds?.includes(auth.kind) === true;
      const byParameter = rule.present?.some((other) => carries(req, query, cookies, other)) === true;
      if (!byKind && !byParameter) continue;
      const because = byKind ? `a credential of kind ${auth?.kind ?? ''}` : `the ${rule.present?.filter((o) => carries(req, query, cookies, o)).map((o) => `${o.in} parameter ${o.name}`).join(', ') ?? ''}`;
      throw new HttpError(rule.status, rule.message, [{ in: p.in, name: p.name, message: `is required with ${because}` }], {}, rule.code);
    }
  }

  private unauthorized(op: OperationSpec, seen: 'none' | 'present' | 'malformed' | 'rejected'): HttpError {
    const expected = [...new Set(op.security.map((alt) => Object.keys(alt).join(' + ')))].join(' or ');
    const message =
      seen === 'none' ? `a credential is required (${expected})` : seen === 'malformed' ? `the credential is malformed (${expected})` : `the credential was rejected (${expected})`;
    const challenge = this.challenges(op, seen === 'none' ? undefined : 'invalid_token');
    return new HttpError(401, message, [], challenge ? { 'WWW-Authenticate': challenge } : {});
  }

  private insufficientScope(op: OperationSpec): HttpError {
    const needed = op.security.map((alt) => Object.values(alt).flat().join(' ')).filter((s) => s !== '');
    const challenge = this.challenges(op, 'insufficient_scope');
    return new HttpError(
      403,
      `the credential lacks the scopes this operation requires (${needed.length > 1 ? `one of: ${needed.join('; ')}` : (needed[0] ?? '')})`,
      [],
      challenge ? { 'WWW-Authenticate': challenge } : {},
      'insufficient_scope',
    );
  }

  /** The WWW-Authenticate challenges of the operation's schemes, each once. */
  private challenges(op: OperationSpec, error: 'invalid_token' | 'insufficient_scope' | undefined): string | undefined {
    const out = new Set<string>();
    for (const alternative of op.security) {
      for (const name of Object.keys(alternative)) {
        const scheme = this.api.securitySchemes[name];
        const text = scheme ? challenge(this.api.api, scheme, error) : undefined;
        if (text) out.add(text);
      }
    }
    return out.size > 0 ? [...out].join(', ') : undefined;
  }

  private send(req: IncomingMessage, res: ServerResponse, op: OperationSpec, response: HandlerResponse): void {
    const key = responseKey(op.responses, response.status);
    const declared = key ? op.responses[key] : undefined;
    const contentType = response.contentType ?? declared?.types[0];
    if (this.options.validateResponses) {
      if (!declared) {
        throw new HttpError(500, `handler answered status ${response.status}, which operation ${op.id} does not declare`, [
          { in: 'response', message: `status ${response.status} is not declared` },
        ]);
      }
      if (response.body !== undefined) {
        if (declared.types.length === 0) {
          throw new HttpError(500, `handler answered ${response.status} with a body, which the contract does not declare`, [
            { in: 'response', message: 'no body is declared' },
          ]);
        }
        const actual = contentType ? mediaTypeOf(contentType) : undefined;
        const mt = actual ? matchMediaType(declared.types, actual) : undefined;
        if (!mt) {
          throw new HttpError(500, `handler answered ${response.status} as ${actual ?? 'no content type'}, which operation ${op.id} does not declare`, [
            { in: 'response', message: `content type ${actual ?? '(none)'} is not declared; use ${declared.types.join(' or ')}` },
          ]);
        }
        const fn = key && !response.verified ? this.validators.operationValidators[op.id]?.responses[key]?.[mt] : undefined;
        if (fn && !isStream(response.body) && !Buffer.isBuffer(response.body) && !(response.body instanceof Uint8Array) && !fn(response.body)) {
          throw new HttpError(500, `${response.origin ?? "the handler's response"} does not match the contract for ${op.id} ${response.status}`, detailsFromAjv("response", fn.errors));
        }
      }
    }
    const headers: Record<string, string | number | string[]> = { ...response.headers };
    if (response.status === 101) {
      this.switchProtocols(req, res, op, response, contentType, headers);
      return;
    }
    if (response.body === undefined) {
      res.writeHead(response.status, headers);
      res.end();
      return;
    }
    if (contentType) headers['content-type'] = contentTypeHeader(contentType);
    if (isStream(response.body)) {
      res.writeHead(response.status, headers);
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      // pipeline() destroys the source when the client goes away, so an endless stream stops too.
      pipeline(response.body instanceof Readable ? response.body : Readable.from(response.body), res, (err) => {
        if (err && err.code !== 'ERR_STREAM_PREMATURE_CLOSE') this.options.onError?.(err, op.id);
      });
      return;
    }
    // A single message of an NDJSON stream still ends with its newline, as stream readers expect.
    const ndjson = contentType !== undefined && declared?.ndjson?.includes(contentType) === true;
    const serialized = response.payload ?? serialize(response.body, contentType);
    const payload = ndjson ? `${serialized.toString()}\n` : serialized;
    headers['content-length'] = Buffer.byteLength(payload);
    res.writeHead(response.status, headers);
    res.end(req.method === 'HEAD' ? undefined : payload);
  }

  /** A 101: the connection is handed over and the body streams raw on it until it ends. */
  private switchProtocols(
    req: IncomingMessage,
    res: ServerResponse,
    op: OperationSpec,
    response: HandlerResponse,
    contentType: string | undefined,
    headers: Record<string, string | number | string[]>,
  ): void {
    const upgrade = upgradeOf(req);
    if (!upgrade) throw new HttpError(500, `handler answered 101 to ${op.id}, but the request did not ask to upgrade`);
    const body = response.body;
    // Serialize first: once the 101 is written, an error can no longer be answered.
    const payload = body === undefined || isStream(body) ? undefined : (response.payload ?? serialize(body, contentType));
    if (contentType && body !== undefined) headers['content-type'] = contentTypeHeader(contentType);
    const socket = switchProtocols(res, upgrade, headers);
    if (isStream(body)) {
      pipeline(body instanceof Readable ? body : Readable.from(body), socket, (err) => {
        if (err && err.code !== 'ERR_STREAM_PREMATURE_CLOSE') this.options.onError?.(err, op.id);
      });
      return;
    }
    socket.end(payload);
  }

  /** fail() off the synchronous path: nothing it throws may become an unhandled rejection. */
  private safeFail(req: IncomingMessage, res: ServerResponse, err: unknown, operationId: string | undefined): void {
    try {
      this.fail(req, res, err, operationId);
    } catch (second) {
      try {
        this.options.onError?.(second, operationId);
      } catch {
        // The user's error hook failed too: the connection is closed below either way.
      }
      res.destroy();
      upgradeOf(req)?.socket.destroy();
    }
  }

  /**
   * The content type of an error answer: the JSON media type the operation declares for that status
   * (`application/problem+json`, a vendor's `application/vnd.x+json`), else application/json.
   */
  private errorContentType(operationId: string | undefined, status: number): string {
    const op = operationId === undefined ? undefined : this.byId.get(operationId);
    if (!op) return 'application/json';
    const key = responseKey(op.responses, status);
    const json = key ? op.responses[key]?.types.find((t) => /^application\/([\w.-]+\+)?json$/i.test(t)) : undefined;
    return json ?? 'application/json';
  }

  private fail(req: IncomingMessage, res: ServerResponse, err: unknown, operationId: string | undefined): void {
    if (err instanceof ClientClosed) {
      res.destroy();
      return;
    }
    const httpError = err instanceof HttpError ? err : new HttpError(500, 'the handler failed');
    if (httpError.status >= 500) this.options.onError?.(err, operationId);
    const upgrade = upgradeOf(req);
    if (upgrade?.switched) {
      // The 101 is on the wire: no HTTP answer can follow, so the stream just ends.
      upgrade.socket.destroy();
      return;
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const payload = JSON.stringify(errorBody(this.api.errorBody, httpError));
    const headers: Record<string, string | number> = {
      ...httpError.headers,
      'content-type': this.errorContentType(operationId, httpError.status),
      'content-length': Buffer.byteLength(payload),
    };
    // A body left unread (an answer before it was needed, or over the limit) is not drained: the
    // connection closes after the answer.
    // (Only over a real connection: the fetch adapter's requests have no socket.)
    const unread = hasBody(req) && !req.complete && !upgrade && req.socket instanceof NetSocket;
    if (unread) {
      headers['connection'] = 'close';
      closeAfterAnswer(req);
    }
    res.writeHead(httpError.status, headers);
    res.end(req.method === 'HEAD' ? undefined : payload);
  }
}

function safePath(path: string): string {
  return path.length > 200 ? path.slice(0, 200) + '…' : path;
}

/**
 * A `node:http` request listener; `upgrade` is its listener for the server's 'upgrade' event
 * (`server.on('upgrade', listener.upgrade)`), for operations that answer 101.
 */
export type RequestListener = ((req: IncomingMessage, res: ServerResponse) => void) & {
  upgrade?: UpgradeListener;
  /** For the server's 'clientError' event: what Node's HTTP parser refuses, answered in the contract's error shape. */
  clientError?: (err: Error & { code?: string }, socket: Duplex) => void;
  /** For the server's 'checkContinue' event: `Expect: 100-continue` with a length over the limit is a 413, never a 100. */
  checkContinue?: (req: IncomingMessage, res: ServerResponse) => void;
};

/** The status of what Node's HTTP parser refuses, by its error code. */
function parserStatus(code: string | undefined): { status: number; message: string } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: 'request headers are too large' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'the request took too long to arrive' };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, message: 'chunk extensions are too large' };
    default:
      return { status: 400, message: 'malformed HTTP request' };
  }
}

/**
 * Answers a request Node's HTTP parser refused (oversized headers, a malformed request line, a
 * request that took too long) with the interface's error body, then closes the connection. A
 * connection already gone, or mid-answer, is just closed.
 */
function clientErrorAnswer(api: ApiSpec): NonNullable<RequestListener['clientError']> {
  return (err, socket) => {
    const writable = (socket as Duplex & { _httpMessage?: unknown }).writable && !(socket as { _httpMessage?: unknown })._httpMessage;
    if (err.code === 'ECONNRESET' || !writable) {
      socket.destroy();
      return;
    }
    const { status, message } = parserStatus(err.code);
    const payload = JSON.stringify(errorBody(api.errorBody, new HttpError(status, message)));
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\nconnection: close\r\n\r\n${payload}`,
    );
  };
}

/** Limits of the HTTP server `createHttpServer` makes (milliseconds, and a connection count). */
export interface HttpServerLimits {
  /** Time a client has to send its request headers (default 10 s). */
  headersTimeout?: number;
  /** Time a client has to send its whole request (default 30 s). */
  requestTimeout?: number;
  /** Time a connection may sit idle (default 30 s; keep-alive connections between requests: at most 5 s). */
  idleTimeout?: number;
  /** Connections open at once; more are closed as they arrive (default 1,000). */
  maxConnections?: number;
}

export const DEFAULT_HTTP_LIMITS: Required<HttpServerLimits> = { headersTimeout: 10_000, requestTimeout: 30_000, idleTimeout: 30_000, maxConnections: 1000 };

/**
 * At most `max` connections. When one more arrives, the connection that has waited longest
 * without a request in progress (one still trickling its headers, or idle between requests) is
 * closed to make room, so slow or idle clients holding every slot cannot lock new clients out;
 * only when every connection is busy with a request is the newcomer closed.
 */
function capConnections(server: Server, max: number): void {
  const open = new Map<Socket, { active: number; since: number }>();
  server.on('connection', (socket: Socket) => {
    open.set(socket, { active: 0, since: Date.now() });
    socket.once('close', () => open.delete(socket));
    if (open.size <= max) return;
    let victim: Socket | undefined;
    let oldest = Infinity;
    for (const [s, state] of open) {
      if (s !== socket && state.active === 0 && state.since < oldest) {
        victim = s;
        oldest = state.since;
      }
    }
    (victim ?? socket).destroy();
  });
  const busy = (socket: Socket | null | undefined): { active: number; since: number } | undefined => (socket ? open.get(socket) : undefined);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const state = busy(req.socket);
    if (!state) return;
    state.active++;
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      state.active--;
      state.since = Date.now();
    };
    res.once('finish', finish);
    res.once('close', finish);
  });
  // An upgraded connection (attach, exec) is busy for as long as it lives. (Listened to only where
  // the listener takes upgrades: a listener of 'upgrade' owns the socket.)
  server.on('newListener', function track(event: string) {
    if (event !== 'upgrade') return;
    server.off('newListener', track);
    server.prependListener('upgrade', (req: IncomingMessage) => {
      const state = busy(req.socket);
      if (state) state.active++;
    });
  });
}

/**
 * A `node:http` server for a generated listener with every event wired (upgrade, clientError,
 * checkContinue) and limits for slow, idle and too many clients. Call `.listen()` on it.
 */
export function createHttpServer(listener: RequestListener, limits: HttpServerLimits = {}): Server {
  const l = { ...DEFAULT_HTTP_LIMITS, ...limits };
  const server = createNodeServer(
    {
      headersTimeout: l.headersTimeout,
      requestTimeout: l.requestTimeout,
      keepAliveTimeout: Math.min(5000, l.idleTimeout),
      // How often Node looks for connections past those timeouts (its default is 30 s).
      connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(l.headersTimeout / 2))),
    },
    listener,
  );
  capConnections(server, l.maxConnections);
  server.setTimeout(l.idleTimeout, (socket) => socket.destroy());
  if (listener.upgrade) server.on('upgrade', listener.upgrade);
  if (listener.clientError) server.on('clientError', listener.clientError);
  if (listener.checkContinue) server.on('checkContinue', listener.checkContinue);
  return server;
}

/** A `node:http` request listener serving `api` with `handlers`. */
export function createRequestListener(
  api: ApiSpec,
  validators: ValidatorsModule,
  handlers: Readonly<Record<string, AnyHandler>>,
  options: ServerOptions = {},
): RequestListener {
  const pipeline = new Pipeline(api, validators, handlers, options);
  const listener: RequestListener = (req, res) => {
    try {
      pipeline.handle(req, res);
    } catch (err) {
      options.onError?.(err, undefined);
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"message":"internal error"}');
      } else res.destroy();
    }
  };
  listener.upgrade = upgradeListenerFor(listener);
  listener.clientError = clientErrorAnswer(api);
  listener.checkContinue = continueChecker(listener, options);
  return listener;
}

/**
 * For the server's 'checkContinue' event: `100 Continue` unless the declared length is over the
 * body limit (then `listener` answers 413 before the client sends the body).
 */
export function continueChecker(listener: (req: IncomingMessage, res: ServerResponse) => void, options: Pick<ServerOptions, 'bodyLimit' | 'bodyLimits'>): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const declared = Number(req.headers['content-length']);
    if (!(Number.isFinite(declared) && declared > bodyLimitFor(options, req.headers['content-type']))) res.writeContinue();
    listener(req, res);
  };
}
