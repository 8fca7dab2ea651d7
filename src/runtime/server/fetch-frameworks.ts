/**
 * Frameworks built on the Fetch API take a fetch handler as it is; these name the one line each
 * needs. Hono: `app.all('/api/*', honoHandler(handler))`. Next.js (App Router):
 * `export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(handler)` in
 * `app/api/[...path]/route.ts`. Neither framework is imported: these are plain functions over Request.
 */
import type { FetchHandler } from './fetch.js';

/** What Hono hands a handler, as far as this needs it: its Request (`c.req.raw`). */
export interface HonoContextLike {
  req: { raw: Request };
}

/** A Hono handler serving every request it is mounted for with the fetch handler. */
export function honoHandler(handler: FetchHandler): (c: HonoContextLike) => Promise<Response> {
  return (c) => handler(c.req.raw);
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
