/**
 * A generated server as a Fastify (5) plugin that registers a real route per operation, so
 * Fastify's hooks, logging and `inject()` see them: `app.register(specforgeFastify(createServer(
 * handlers)), { prefix: '/api' })`. The route's handler hands the raw request and response to the
 * listener (`reply.hijack()`), which keeps everything it does (validation, the contract's error
 * shape, verifiers, limits, streaming, 501). Bodies reach it unread: inside the plugin the only
 * content-type parser reads nothing, and a Content-Type Fastify cannot parse (which it would refuse
 * with its own 415 before any parser) is handed to the listener by a preParsing hook, which answers
 * it as the node:http server does, in the contract's error shape. A path no operation has stays
 * Fastify's 404. Fastify is not imported: the plugin is typed by what it uses of Fastify's instance.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OperationSpec } from '../../shared/spec.js';
import type { RequestListener } from '../node-types.js';
import { normalizeBasePath } from '../base-path.js';
import { routeOf } from './common.js';
import { targetPath } from '../target.js';

/** What the plugin reads of a Fastify request and reply. */
export interface FastifyRequestLike {
  raw: IncomingMessage;
}
export interface FastifyReplyLike {
  raw: ServerResponse;
  hijack(): unknown;
}

/** What the plugin uses of the (encapsulated) Fastify instance it is registered in. */
export interface FastifyInstanceLike {
  prefix: string;
  /** Fastify 5: the methods it routes (QUERY among them), and how to add one Node parses. */
  supportedMethods?: readonly string[];
  addHttpMethod?(method: string, options: { hasBody: boolean }): unknown;
  removeAllContentTypeParsers(): unknown;
  addContentTypeParser(contentType: string, parser: (request: unknown, payload: unknown, done: (err: Error | null, body?: unknown) => void) => void): unknown;
  route(options: {
    method: string;
    url: string;
    exposeHeadRoute?: boolean;
    preParsing?: (request: FastifyRequestLike, reply: FastifyReplyLike, payload: unknown, done: (err?: Error | null) => void) => void;
    handler: (request: FastifyRequestLike, reply: FastifyReplyLike) => void;
  }): unknown;
}

export type FastifyPluginLike = (instance: FastifyInstanceLike, options: Record<string, unknown>) => Promise<void>;

/**
 * The methods registered where Fastify does not list its own: OpenAPI's (QUERY is 3.2's). A custom
 * method of the contract (additionalOperations) Fastify does not route is added to it (with a body)
 * where it can, else left to its 404.
 */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE', 'QUERY']);
/** Methods routed to the listener on every path of the contract, declared or not (it answers 405 for the others). */
const UNDECLARED = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH'];

/** Methods whose body Fastify never parses (nor refuses for its Content-Type). */
const BODYLESS = new Set(['GET', 'HEAD', 'TRACE']);

/** A token of RFC 9110 (a media type's type and subtype are tokens). */
const TOKEN = /^[\w!#$%&'*+.^`|~-]+$/;

/**
 * Whether Fastify reads a Content-Type as a media type, as its ContentType class does: a token, `/`
 * and a token before any `;` (space before the type and after the subtype allowed). What it cannot
 * read it answers 415 itself, before the route's content-type parser.
 */
export function fastifyReadsContentType(header: string): boolean {
  const semi = header.indexOf(';');
  const media = semi < 0 ? header : header.slice(0, semi);
  const slash = media.indexOf('/');
  if (slash < 0) return false;
  return TOKEN.test(media.slice(0, slash).trimStart()) && TOKEN.test(media.slice(slash + 1).trimEnd());
}

/** Literal text find-my-way takes as is (a `:` is doubled). */
const PLAIN = /^[A-Za-z0-9._~!$&'+,;=@%:-]*$/;

/**
 * An OpenAPI path template as a Fastify route path: a parameter segment is `:pN` (the listener
 * parses the parameters itself, by the contract's style), a literal `:` is `::`, and from a
 * segment that mixes text and parameters, or holds a parameter spanning segments, on, a wildcard
 * `*` (the listener matches the rest exactly).
 */
export function fastifyPath(op: Pick<OperationSpec, 'path' | 'parameters'>): string {
  const hash = op.path.indexOf('#');
  const template = hash < 0 ? op.path : op.path.slice(0, hash) || '/';
  const multi = new Set(op.parameters.filter((p) => p.in === 'path' && p.multiSegment).map((p) => p.name));
  const out: string[] = [];
  let n = 0;
  for (const segment of template.split('/').slice(1)) {
    const bare = /^\{([^{}]+)\}$/.exec(segment);
    if (bare && !multi.has(bare[1] as string)) {
      out.push(`:p${++n}`);
      continue;
    }
    if (!segment.includes('{') && PLAIN.test(segment)) {
      out.push(segment.replaceAll(':', '::'));
      continue;
    }
    out.push('*');
    break;
  }
  return `/${out.join('/')}`;
}

/**
 * Where the routes go below the plugin's prefix so that their full path is the base path and the
 * template: the base path's rest when the prefix starts it, nothing when the prefix ends with it,
 * else all of it.
 */
function routeBase(prefix: string, basePath: string): string {
  const p = normalizeBasePath(prefix);
  if (basePath === '') return '';
  if (p === '') return basePath;
  if (p.endsWith(basePath)) return '';
  if (basePath.startsWith(`${p}/`)) return basePath.slice(p.length);
  return basePath;
}

/** A Fastify plugin with a route per operation of the listener's contract. */
export function specforgeFastify(listener: RequestListener): FastifyPluginLike {
  const route = routeOf(listener, 'specforgeFastify');
  const api = listener.api;
  if (api === undefined) throw new TypeError('specforgeFastify takes the request listener a generated createServer() returns');
  const basePath = listener.basePath ?? '';
  return async (instance) => {
    // Bodies are the listener's to read, limit and parse: no parser of this plugin reads one.
    instance.removeAllContentTypeParsers();
    instance.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const prefix = normalizeBasePath(instance.prefix);
    const base = routeBase(prefix, basePath);
    const handler = (request: FastifyRequestLike, reply: FastifyReplyLike): void => {
      reply.hijack();
      // The path as every adapter reads it (target.ts); a target it refuses is the listener's 400.
      let path: string;
      try {
        path = targetPath(request.raw.url ?? '/');
      } catch {
        route(request.raw, reply.raw, {});
        return;
      }
      const below = prefix !== '' && path.startsWith(prefix) ? path.slice(prefix.length) || '/' : path;
      route(request.raw, reply.raw, { path: below, mount: prefix });
    };
    // Fastify refuses a Content-Type it cannot read before any parser: the listener answers it instead.
    const preParsing = (request: FastifyRequestLike, reply: FastifyReplyLike, _payload: unknown, done: (err?: Error | null) => void): void => {
      const type = request.raw.headers['content-type'];
      if (type !== undefined && !BODYLESS.has(request.raw.method ?? 'GET') && !fastifyReadsContentType(type)) handler(request, reply);
      // After hijack() Fastify runs nothing more of the request's lifecycle.
      done(null);
    };
    const routes = new Map<string, Set<string>>();
    const supported = new Set(instance.supportedMethods ?? METHODS);
    for (const op of api.operations) {
      const method = op.method;
      if (!supported.has(method) && !addMethod(instance, method)) continue;
      supported.add(method);
      const path = fastifyPath(op);
      const url = base + (path === '/' && base !== '' ? '' : path);
      const methods = routes.get(url) ?? new Set<string>();
      routes.set(url, methods);
      methods.add(method);
    }
    for (const [url, methods] of routes) {
      for (const method of methods) {
        // Fastify answers HEAD from a GET route unless the contract declares its own HEAD.
        if (method === 'GET') instance.route({ method, url, exposeHeadRoute: !methods.has('HEAD'), preParsing, handler });
        else instance.route({ method, url, preParsing, handler });
      }
      // A method the path does not declare is the listener's 405 with Allow, not Fastify's 404
      // (OPTIONS stays free for CORS plugins; HEAD is Fastify's from the GET route).
      for (const method of UNDECLARED) {
        if (methods.has(method) || (method === 'HEAD' && methods.has('GET'))) continue;
        instance.route({ method, url, exposeHeadRoute: false, preParsing, handler });
      }
    }
  };
}

/** Adds a custom method to Fastify's routed ones (Fastify 5 takes those Node's parser reads); false when it cannot. */
function addMethod(instance: FastifyInstanceLike, method: string): boolean {
  if (instance.addHttpMethod === undefined) return false;
  try {
    instance.addHttpMethod(method, { hasBody: true });
    return true;
  } catch {
    return false; // a method Node's parser does not read: no request can carry it anyway
  }
}
