/**
 * A generated server as Express middleware (Express 4 and 5): `app.use('/api', specforgeExpress(
 * createServer(handlers)))`. Everything the listener does is kept (validation, the contract's error
 * shape, verifiers, limits, streaming, 501 for operations without a handler); a path that no
 * operation has (or outside the base path) goes on to the next middleware. Express is not imported:
 * the middleware is typed by what it reads of Express's request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestListener } from '../node-types.js';
import { HttpError } from '../../shared/errors.js';
import { ClientClosed } from '../head.js';
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

/** An error-handling middleware (four arguments): Express calls it with what an earlier middleware failed with. */
export type ExpressErrorMiddleware = (err: unknown, req: ExpressRequestLike, res: ServerResponse, next: ExpressNext) => void;

/** The middleware, and `errors`: the error middleware to mount after it. */
export type SpecforgeExpressMiddleware = ExpressMiddleware & { errors: ExpressErrorMiddleware };

/**
 * A body parser's error (body-parser's, behind `express.json()`, `express.urlencoded()`,
 * `express.text()`, `express.raw()`: each names its `type`) as the answer specforge gives the same
 * body; undefined for any other error (the application's own, a `verify` refusal).
 */
export function bodyParserFailure(err: unknown): HttpError | ClientClosed | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const type = (err as { type?: unknown }).type;
  if (typeof type !== 'string') return undefined;
  switch (type) {
    case 'entity.parse.failed':
      return new HttpError(400, 'request body is malformed');
    case 'entity.too.large':
      return new HttpError(413, "request body is larger than the body parser's limit");
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return new HttpError(415, 'request body is in a charset or content encoding that is not accepted');
    case 'request.aborted':
      return new ClientClosed();
    case 'request.size.invalid':
    case 'parameters.too.many':
    case 'depth.exceeded':
      return new HttpError(400, 'request body could not be read');
    default:
      return undefined;
  }
}

/**
 * Express middleware serving the operations of a generated listener. It may be mounted under a
 * prefix (`app.use('/api', …)`); the contract's base path counts from the application's root, or
 * from the mount point when that is where it ends. Mount it before `express.json()`, or after:
 * a JSON body that parser already read is handed on as parsed (its depth checked again), or as the
 * bytes it read with `express.json({ verify: keepRawBody })` (an empty chunked body then stays
 * empty for a `required` body). `errors`, mounted after it (`app.use(api.errors)`), answers a body
 * parser's error on a path of the contract in the contract's error shape, where Express would
 * answer its own page (with a stack trace outside production); other errors go on to `next`.
 */
export function specforgeExpress(listener: RequestListener): SpecforgeExpressMiddleware {
  const route = routeOf(listener, 'specforgeExpress');
  const maxDepth = listener.maxJsonDepth;
  const middleware: ExpressMiddleware = (req, res, next) => {
    adoptParsedBody(req, req.body, 'Express', maxDepth);
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
  const errors: ExpressErrorMiddleware = (err, req, res, next) => {
    const failure = bodyParserFailure(err);
    if (failure === undefined || res.headersSent) {
      next(err);
      return;
    }
    let missed = false;
    route(req, res, {
      mount: req.baseUrl ?? '',
      failure,
      miss: () => {
        missed = true;
      },
    });
    if (missed) next(err);
  };
  return Object.assign(middleware, { errors });
}
