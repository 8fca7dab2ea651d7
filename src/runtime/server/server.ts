/**
 * The request listener behind every generated server: route, parse parameters by style and explode,
 * check credentials, read and parse the body within a size limit, validate everything, call the
 * handler, optionally validate its response, and serialize it. Bad input is a 4xx in the
 * interface's error body; a failing handler is a 500; nothing a client sends crashes the process.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { detailsFromAjv, HttpError, type ProblemDetail } from '../shared/errors.js';
import { ownValue } from '../shared/object.js';
import type { ApiSpec, OperationSpec, ParameterSpec } from '../shared/spec.js';
import { Authenticator } from './authenticate.js';
import { checkCharset } from './body/charset.js';
import { DEFAULT_JSON_DEPTH } from './body/json-text.js';
import { parseMultipart } from './body/multipart.js';
import { hasBody, parseBody, readBody, XML_MEDIA } from './body/read.js';
import { checkConditional } from './conditional.js';
import type { AnyHandler, AuthInfo, HandlerResponse, RequestContext, RequestListener, RequestParams, ServerOptions, ValidatorsModule } from './context.js';
import { fail, safeFail } from './fail.js';
import { bodyLimitFor, DEFAULT_BODY_LIMIT, isJsonMediaType, matchMediaType, mediaTypeOf } from './media.js';
import { clientErrorAnswer, continueChecker } from './node-http.js';
import { parseCookieParameter, parseCookies, parseHeaderParameter, parsePathParameter, parseQueryParameter, splitQuery } from './params.js';
import { send } from './reply.js';
import { carriesPair, safePath, stripVersion } from './route.js';
import { Router } from './router.js';
import { upgradeListenerFor, upgradeOf } from './upgrade.js';

export type * from './context.js';
export { isJsonMediaType, matchMediaType, responseKey } from './media.js';
export { DEFAULT_HTTP_LIMITS, type HttpServerLimits } from './connections.js';
export { continueChecker, createHttpServer } from './node-http.js';

const LOCATIONS = ['path', 'query', 'header', 'cookie'] as const;

type Awaitable<T> = T | Promise<T>;

function isPromiseLike<T>(v: Awaitable<T>): v is Promise<T> {
  return typeof (v as { then?: unknown } | null)?.then === 'function';
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
  private readonly auth: Authenticator;

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
    this.auth = new Authenticator(api, options);
  }

  /** Handles one request; synchronous all the way for operations without body, verifiers or async handlers. */
  handle(req: IncomingMessage, res: ServerResponse): void {
    let operationId: string | undefined;
    try {
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const rawPath = q < 0 ? url : url.slice(0, q);
      const hash = q < 0 ? -1 : url.indexOf('#', q);
      const rawQuery = q < 0 ? '' : hash < 0 ? url.slice(q + 1) : url.slice(q + 1, hash);
      const method = (req.method ?? 'GET').toUpperCase();
      const match = this.router.match(method, this.api.versionPrefix ? stripVersion(rawPath, this.api.versionPrefix) : rawPath, this.router.hasVariants ? (name, value) => carriesPair(req, rawQuery, name, value) : undefined);
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
              send(this, req, res, op, r);
            } catch (err) {
              safeFail(this, req, res, err, op.id);
            }
          },
          (err: unknown) => safeFail(this, req, res, err, op.id),
        );
      } else send(this, req, res, op, response);
    } catch (err) {
      fail(this, req, res, err, operationId);
    }
  }

  private run(op: OperationSpec, rawPath: Record<string, string>, rawQuery: string, req: IncomingMessage): Awaitable<HandlerResponse> {
    const query = splitQuery(rawQuery);
    let cookieMap: Map<string, string> | undefined;
    const cookies = (): Map<string, string> => (cookieMap ??= parseCookies(req.headers.cookie));
    const auth = this.auth.authenticate(op, req, query, cookies);
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
    this.auth.authorize(op, auth);
    checkConditional(this.conditional.get(op.id), op, req, query, cookies, auth);
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

