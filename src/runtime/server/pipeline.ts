/**
 * The request pipeline without a transport: route, parse parameters by style and explode, check
 * credentials, read and parse the body within a size limit (through the transport), validate
 * everything and call the handler. No `node:` module: node:http (server.ts) and fetch (fetch.ts)
 * share it.
 */
import { detailsFromAjv, HttpError, type ProblemDetail } from '../shared/errors.js';
import { ownValue } from '../shared/object.js';
import type { ApiSpec, FormSpec, OperationSpec, ParameterSpec } from '../shared/spec.js';
import type { ValidateFunction } from '../validation/standalone.js';
import { Authenticator } from './authenticate.js';
import { checkCharset } from './body/charset.js';
import { DEFAULT_JSON_DEPTH } from './body/json-text.js';
import { parseBody, XML_MEDIA } from './body/parse.js';
import { checkConditional } from './conditional.js';
import {
  reply,
  reservedQueryOf,
  type AnyHandler,
  type AuthInfo,
  type HandlerContext,
  type HandlerResponse,
  type RequestParams,
  type RouteOptions,
  type ServerOptions,
  type ValidatorsModule,
} from './context.js';
import { resolveBasePath, stripBasePath } from './base-path.js';
import { headerOf, type RequestHead } from './head.js';
import { bodyLimitFor, DEFAULT_BODY_LIMIT, isJsonMediaType, matchMediaType, mediaTypeOf } from './media.js';
import { parseQuerystring } from './querystring.js';
import {
  parseCookieParameter,
  parseCookieStyleParameter,
  parseCookies,
  parseHeaderParameter,
  parsePathParameter,
  parseQueryParameter,
  splitQuery,
} from './params.js';
import type { StatusPlan } from './answer.js';
import type { SerializersModule } from './serialize.js';
import { carriesPair, safePath, stripVersion } from './route.js';
import { Router } from './router.js';
import { readTarget, targetPath } from './target.js';
import { queryApiKeyNames } from './security.js';

const LOCATIONS = ['path', 'query', 'header', 'cookie'] as const;

/** The raw path parameters of a route without any (shared: nothing writes to it). */
const EMPTY_PATH: Record<string, string> = Object.freeze({}) as Record<string, string>;

export type Awaitable<T> = T | Promise<T>;

export function isPromiseLike<T>(v: Awaitable<T>): v is Promise<T> {
  return typeof (v as { then?: unknown } | null)?.then === 'function';
}

/** A parameter as the parameter stage reads it: its location, and the key it is read and stored under. */
interface PlannedParameter {
  spec: ParameterSpec;
  /** The header's name in lower case (how node:http keys headers and how handlers see them); else the name. */
  key: string;
}

/**
 * What an operation needs of a request, decided once when the server starts: the stages it has no
 * use for (no security, no parameters, no query, no cookies, no body) are skipped per request.
 */
export interface OperationPlan {
  op: OperationSpec;
  /** Security alternatives to check (none: the security stage is skipped). */
  secured: boolean;
  /** Parameters with an x-specforge-required-when condition. */
  conditional: ParameterSpec[] | undefined;
  /** Query names its parameters and API keys claim. */
  claimed: ReadonlySet<string>;
  /** Whether any stage reads the query string (parameters, API keys, conditions). */
  readsQuery: boolean;
  /** Whether the parameter stage reads cookies (cookie parameters, conditions). */
  readsCookies: boolean;
  parameters: PlannedParameter[];
  /**
   * Validators of the parameter locations the operation has, in the order problems are reported;
   * read on the operation's first request (validators compiled in memory are compiled then).
   */
  checks?: Array<{ where: (typeof LOCATIONS)[number]; fn: ValidateFunction }>;
  /** Its operationId names a member of Object.prototype ("constructor"): the handler must be the handlers' own. */
  inherited: boolean;
}

/** The cookies of a request, parsed on first use. */
function lazyCookies(req: RequestHead): () => Map<string, string> {
  let cookieMap: Map<string, string> | undefined;
  return () => (cookieMap ??= parseCookies(headerOf(req, 'cookie', '; ')));
}

/** The query of an operation that reads none (shared: nothing writes to it). */
const NO_PAIRS = Object.freeze([]) as unknown as Array<[string, string]>;
const NO_COOKIES = (): Map<string, string> => new Map();

/** What the pipeline needs of the transport a request came over (node:http, fetch). */
export interface Transport<R extends RequestHead> {
  /** Whether the request carries a body (it may still be empty). */
  hasBody(req: R): boolean;
  /** The body's bytes, within `limit` (a 413 past it). */
  readBody(req: R, limit: number): Promise<Uint8Array>;
  /** A multipart body parsed: what the handler receives, what the validator checks, the parts the encoding refuses. */
  parseMultipart(raw: Uint8Array, contentType: string, form: FormSpec | undefined, limit: number): Promise<MultipartParsed>;
  /** The client asked to upgrade the connection and the transport can hand it over. */
  upgrade?(req: R): boolean;
}

export interface MultipartParsed {
  value: Record<string, unknown>;
  view: Record<string, unknown>;
  problems: ProblemDetail[];
}

/** A request matched to its operation. */
export interface Routed {
  op: OperationSpec;
  plan: OperationPlan;
  rawParams: Record<string, string>;
  rawQuery: string;
}

/**
 * The stages every transport shares: route, parse parameters by style and explode, check
 * credentials, read and parse the body within a size limit, validate everything and call the
 * handler. What it answers (or throws) the transport writes with answer.ts and failure.ts.
 */
export class Pipeline<R extends RequestHead> {
  readonly router: Router;
  readonly limit: number;
  readonly maxJsonDepth: number;
  /** The base path in force ('' for none). */
  readonly basePath: string;
  readonly byId = new Map<string, OperationSpec>();
  readonly replyPlans = new Map<OperationSpec, Map<number, StatusPlan>>();
  private readonly plans = new Map<OperationSpec, OperationPlan>();
  private readonly auth: Authenticator<R>;

  constructor(
    readonly api: ApiSpec,
    readonly validators: ValidatorsModule,
    readonly handlers: Readonly<Record<string, AnyHandler<R>>>,
    readonly options: ServerOptions<R>,
    readonly transport: Transport<R>,
    readonly serializers?: SerializersModule,
  ) {
    this.router = new Router(api.operations);
    this.limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
    this.maxJsonDepth = options.maxJsonDepth ?? DEFAULT_JSON_DEPTH;
    this.basePath = resolveBasePath(options.basePath, api.basePath);
    for (const op of api.operations) {
      this.byId.set(op.id, op);
      const names = new Set([
        ...op.parameters.filter((p) => p.in === 'query').map((p) => p.name),
        ...(options.reservedQuery ?? []),
        ...reservedQueryOf(handlers),
        ...queryApiKeyNames(api.securitySchemes, op.security),
      ]);
      const conditional = op.parameters.filter((p) => p.requiredWhen !== undefined);
      this.plans.set(op, {
        op,
        secured: op.security.length > 0,
        conditional: conditional.length > 0 ? conditional : undefined,
        claimed: names,
        readsQuery: op.security.length > 0 || conditional.length > 0 || op.parameters.some((p) => p.in === 'query' || p.in === 'querystring'),
        readsCookies: conditional.length > 0 || op.parameters.some((p) => p.in === 'cookie'),
        parameters: op.parameters.map((p) => ({ spec: p, key: p.in === 'header' ? p.name.toLowerCase() : p.name })),
        inherited: Object.hasOwn(Object.prototype, op.id),
      });
    }
    this.auth = new Authenticator(api, options);
  }

  /**
   * The operation a request is for: `how.path` is the request's path (without its query), else its
   * target's; the base path is taken off it (`how.mount`: what a framework consumed in front of it).
   * A path no operation has (or outside the base path) is a 404, or undefined when `how.miss` is
   * given (the adapter calls it: the next middleware); a method its path does not take a 405.
   */
  route(req: R, how?: RouteOptions): Routed | undefined {
    // One reading of the target for every adapter (target.ts): dot segments refused, an
    // absolute-form target routed by its path, a fragment dropped.
    const target = readTarget(req.url ?? '/');
    const rawPath = how?.path === undefined ? target.path : targetPath(how.path);
    const rawQuery = target.query;
    const given = req.method ?? 'GET';
    // A method an operation takes as given (a custom one keeps its case), any other in upper case.
    const method = given === 'GET' || given === 'POST' || this.router.methods.has(given) ? given : given.toUpperCase();
    const below = this.basePath === '' ? rawPath : stripBasePath(rawPath, this.basePath, how?.mount);
    if (below === undefined) {
      if (how?.miss) return undefined;
      throw new HttpError(404, `no operation at ${method} ${safePath(rawPath)}`);
    }
    const stripped = this.api.versionPrefix ? stripVersion(below, this.api.versionPrefix) : below;
    // A path without parameters is one map lookup; the others are matched by template.
    const literal = this.router.literal(method, stripped);
    if (literal !== undefined) return { op: literal, plan: this.plans.get(literal) as OperationPlan, rawParams: EMPTY_PATH, rawQuery };
    const match = this.router.match(method, stripped, this.router.hasVariants ? (name, value) => carriesPair(req, rawQuery, name, value) : undefined);
    if (match.kind === 'not-found') {
      if (how?.miss) return undefined;
      throw new HttpError(404, `no operation at ${method} ${safePath(rawPath)}`);
    }
    if (match.kind === 'method-not-allowed') {
      throw new HttpError(405, `method ${method} is not allowed on ${safePath(rawPath)}`, [], { Allow: match.allow.join(', ') });
    }
    return { op: match.operation, plan: this.plans.get(match.operation) as OperationPlan, rawParams: match.raw, rawQuery };
  }

  /** Every stage after routing, up to the handler's answer: synchronous where the operation needs nothing asynchronous. */
  run(routed: Routed, req: R): Awaitable<HandlerResponse> {
    const { plan, rawParams: rawPath, rawQuery } = routed;
    const query = plan.readsQuery && rawQuery !== '' ? splitQuery(rawQuery) : NO_PAIRS;
    if (!plan.secured) return this.afterAuth(plan, rawPath, query, req, undefined, undefined, rawQuery);
    const cookies = lazyCookies(req);
    const auth = this.auth.authenticate(plan.op, req, query, cookies);
    if (isPromiseLike(auth)) return auth.then((a) => this.afterAuth(plan, rawPath, query, req, a, cookies, rawQuery));
    return this.afterAuth(plan, rawPath, query, req, auth, cookies, rawQuery);
  }

  /** The parameter validators of an operation, in LOCATIONS order. */
  private parameterChecks(op: OperationSpec): NonNullable<OperationPlan['checks']> {
    const v = this.validators.operationValidators[op.id];
    const checks: NonNullable<OperationPlan['checks']> = [];
    for (const where of LOCATIONS) {
      const fn = v?.[where];
      if (fn) checks.push({ where, fn });
    }
    return checks;
  }

  private afterAuth(
    plan: OperationPlan,
    rawPath: Record<string, string>,
    query: Array<[string, string]>,
    req: R,
    auth: AuthInfo | undefined,
    given?: () => Map<string, string>,
    rawQuery = '',
  ): Awaitable<HandlerResponse> {
    const op = plan.op;
    if (op.policy) this.auth.authorize(op, auth);
    const cookies = given ?? (plan.readsCookies ? lazyCookies(req) : NO_COOKIES);
    if (plan.conditional) checkConditional(plan.conditional, op, req, query, cookies, auth);
    const params: RequestParams = { path: {}, query: {}, header: {}, cookie: {} };
    let details: ProblemDetail[] | undefined;
    // An absent querystring parameter (no query string) is not validated by its schema.
    let wholeAbsent = false;
    for (const { spec: p, key } of plan.parameters) {
      let value: unknown;
      if (p.in === 'path') {
        const raw = rawPath[p.name];
        value = raw === undefined ? undefined : parsePathParameter(raw, p);
      } else if (p.in === 'query') value = parseQueryParameter(query, p, plan.claimed);
      else if (p.in === 'querystring') {
        // OpenAPI 3.2: the whole query string is this one value, validated and handed over as `params.query`.
        const whole = parseQuerystring(rawQuery, p, plan.claimed);
        if (whole !== undefined) params.query = whole as Record<string, unknown>;
        else {
          wholeAbsent = true;
          if (p.required) (details ??= []).push({ in: 'query', pointer: '/', message: 'the query string is required' });
        }
        continue;
      } else if (p.in === 'header') {
        const raw = ownValue(req.headers, key);
        value = raw === undefined ? undefined : parseHeaderParameter(Array.isArray(raw) ? raw.join(', ') : raw, p);
      } else if (p.style === 'cookie' && p.contentType === undefined) {
        value = parseCookieStyleParameter(headerOf(req, 'cookie', '; '), p);
      } else {
        const raw = cookies().get(p.name);
        value = raw === undefined ? undefined : parseCookieParameter(raw, p);
      }
      if (value !== undefined) params[p.in][key] = value;
    }
    for (const { where, fn } of (plan.checks ??= this.parameterChecks(plan.op))) {
      if (wholeAbsent && where === 'query') continue;
      if (!fn(params[where])) (details ??= []).push(...detailsFromAjv(where, fn.errors));
    }
    const present = this.transport.hasBody(req);
    if (!op.body) {
      if (present) return this.transport.readBody(req, this.limit).then(() => this.invoke(plan, params, details, undefined, auth, req));
      return this.invoke(plan, params, details, undefined, auth, req);
    }
    if (!present) {
      if (op.body.required) (details ??= []).push({ in: 'body', pointer: '/', message: 'request body is required' });
      return this.invoke(plan, params, details, undefined, auth, req);
    }
    const v = this.validators.operationValidators[op.id];
    const contentType = headerOf(req, 'content-type');
    const actual = mediaTypeOf(contentType) ?? 'application/octet-stream';
    const declared = matchMediaType(op.body.types, actual);
    const bodySpec = op.body;
    // A declared length over zero in a type the operation does not take is refused before reading;
    // an empty body (some clients send a content type with nothing) counts as no body.
    if (!declared && req.headers['content-length'] !== undefined) {
      throw new HttpError(415, `content type ${actual} is not accepted; use ${op.body.types.join(' or ')}`);
    }
    // A JSON, form or text body in a charset other than UTF-8 is refused before reading.
    if (declared) checkCharset(contentType, actual, isJsonMediaType);
    const limit = this.options.bodyLimits === undefined ? this.limit : bodyLimitFor(this.options, contentType);
    return this.transport.readBody(req, limit).then((raw) => {
      let body: unknown;
      if (raw.length > 0 && !declared) throw new HttpError(415, `content type ${actual} is not accepted; use ${bodySpec.types.join(' or ')}`);
      if (raw.length > 0 && declared && actual === 'multipart/form-data') {
        // Parsed by the streaming multipart parser: files for the handler, their names for the validator.
        return this.transport.parseMultipart(raw, contentType ?? actual, bodySpec.forms?.[declared], limit).then(({ value, view, problems }) => {
          if (problems.length > 0) (details ??= []).push(...problems);
          const fn = v?.body?.[declared];
          if (fn && !fn(view)) (details ??= []).push(...detailsFromAjv('body', fn.errors));
          return this.invoke(plan, params, details, value, auth, req);
        });
      }
      if (raw.length === 0 && bodySpec.required) (details ??= []).push({ in: 'body', pointer: '/', message: 'request body is required' });
      else if (raw.length > 0 && declared) {
        let parsed = true;
        try {
          body = parseBody(raw, actual, this.maxJsonDepth, bodySpec.forms?.[declared]);
        } catch (err) {
          // Report an unreadable body along with any parameter problems.
          if (!(err instanceof HttpError) || err.status !== 400) throw err;
          if (details === undefined) throw err;
          details.push(...err.details);
          parsed = false;
        }
        // Raw bytes (a tar archive, an image) are not checked against a schema: JSON Schema sees strings.
        // Nor is XML: its schema describes the document's structure through the `xml` mapping, not its text.
        const fn = body instanceof Uint8Array || XML_MEDIA.test(actual) ? undefined : v?.body?.[declared];
        if (parsed && fn && !fn(body)) (details ??= []).push(...detailsFromAjv('body', fn.errors));
      }
      return this.invoke(plan, params, details, body, auth, req);
    });
  }

  private invoke(
    plan: OperationPlan,
    params: RequestParams,
    details: ProblemDetail[] | undefined,
    body: unknown,
    auth: AuthInfo | undefined,
    req: R,
  ): Awaitable<HandlerResponse> {
    if (details !== undefined && details.length > 0) {
      // x-specforge-dialect invalidBodyStatus: an interface that answers a body that breaks the contract otherwise (GitHub: 422).
      const status = this.api.invalidBodyStatus !== undefined && details.every((d) => d.in === 'body') ? this.api.invalidBodyStatus : 400;
      throw new HttpError(status, 'request does not match the contract', details);
    }
    const id = plan.op.id;
    // An operationId that names a member of Object.prototype ("constructor") must be the handlers' own.
    const handler = plan.inherited && !Object.hasOwn(this.handlers, id) ? undefined : this.handlers[id];
    if (!handler) throw new HttpError(501, `operation ${id} has no handler`);
    // Handlers see the request as the transport carries it (ctx.request), typed as node:http's.
    const ctx: HandlerContext<R> = { operationId: id, params, body, auth, request: req, reply };
    if (this.transport.upgrade?.(req) === true) ctx.upgrade = true;
    return handler(ctx);
  }
}
