/**
 * A generated server as Express middleware (Express 4 and 5): `app.use('/api', specforgeExpress(
 * createServer(handlers)))`. Everything the listener does is kept (validation, the contract's error
 * shape, verifiers, limits, streaming, 501 for operations without a handler); a path that no
 * operation has (or outside the base path) goes on to the next middleware. Express is not imported:
 * the middleware is typed by what it reads of Express's request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestListener } from '../node-types.js';
import { adoptParsedBody, routeOf } from './common.js';

/** What the middleware reads of Express's request: where it is mounted, and a body a parser left. */
export interface ExpressRequestLike extends IncomingMessage {
  baseUrl?: string;
  body?: unknown;
}

/** Express's `next`. */
export type ExpressNext = (err?: unknown) => void;

/** A middleware Express 4 and 5 take in `app.use` and `router.use`. */
export type ExpressMiddleware = (req: ExpressRequestLike, res: ServerResponse, next: ExpressNext) => void;

/**
 * Express middleware serving the operations of a generated listener. It may be mounted under a
 * prefix (`app.use('/api', …)`); the contract's base path counts from the application's root, or
 * from the mount point when that is where it ends. Mount it before `express.json()`, or after:
 * a JSON body that parser already read is handed on as parsed.
 */
export function specforgeExpress(listener: RequestListener): ExpressMiddleware {
  const route = routeOf(listener, 'specforgeExpress');
  return (req, res, next) => {
    adoptParsedBody(req, req.body, 'Express');
    let missed = false;
    // The path is read from req.url as every adapter reads it (target.ts).
    route(req, res, {
      mount: req.baseUrl ?? '',
      miss: () => {
        missed = true;
      },
    });
    if (missed) next();
  };
}
