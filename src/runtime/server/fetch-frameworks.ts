/**
 * Frameworks built on the Fetch API take a fetch handler as it is; these name the one line each
 * needs. Hono: `app.all('/api/*', honoHandler(handler))`. Next.js (App Router):
 * `export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(handler)` in
 * `app/api/[...path]/route.ts`. Neither framework is imported: these are plain functions over Request.
 */
import type { FetchHandler } from './fetch.js';
import { markTarget } from './target.js';

/**
 * What Hono hands a handler, as far as this needs it: its Request (`c.req.raw`), and under
 * @hono/node-server the node:http request (`c.env.incoming`).
 */
export interface HonoContextLike {
  req: { raw: Request };
  env?: unknown;
}

/**
 * A Hono handler serving every request it is mounted for with the fetch handler. Under
 * @hono/node-server the request target as sent (`c.env.incoming.url`) is what the fetch handler
 * routes by, so dot segments that Hono's URL resolved are refused as every adapter refuses them,
 * and a Host header Hono built the URL from picks no route.
 */
export function honoHandler(handler: FetchHandler): (c: HonoContextLike) => Promise<Response> {
  return (c) => {
    const incoming = typeof c.env === 'object' && c.env !== null ? (c.env as { incoming?: { url?: unknown } }).incoming : undefined;
    if (typeof incoming?.url === 'string') markTarget(c.req.raw, incoming.url);
    return handler(c.req.raw);
  };
}

/** Next.js route handlers: one function per HTTP method, each the fetch handler. */
export interface RouteHandlers {
  GET: (request: Request) => Promise<Response>;
  HEAD: (request: Request) => Promise<Response>;
  POST: (request: Request) => Promise<Response>;
  PUT: (request: Request) => Promise<Response>;
  PATCH: (request: Request) => Promise<Response>;
  DELETE: (request: Request) => Promise<Response>;
  OPTIONS: (request: Request) => Promise<Response>;
}

/** The route handlers of a Next.js catch-all route (`app/api/[...path]/route.ts`) serving the API. */
export function routeHandlers(handler: FetchHandler): RouteHandlers {
  // Next.js passes a second argument (the route's params); the path in the URL says it all.
  const each = (request: Request): Promise<Response> => handler(request);
  return { GET: each, HEAD: each, POST: each, PUT: each, PATCH: each, DELETE: each, OPTIONS: each };
}
