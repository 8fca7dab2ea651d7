/**
 * A generated server as Koa middleware: `app.use(specforgeKoa(createServer(handlers)))`. The
 * listener answers on the raw response (`ctx.respond = false`), keeping everything it does; a path
 * no operation has (or outside the base path) goes on to `next()`. Under koa-mount, the mount path
 * counts for the base path as Express's does. Koa is not imported: the middleware is typed by what
 * it reads of Koa's context.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestListener } from '../node-types.js';
import { adoptParsedBody, routeOf } from './common.js';

/** What the middleware uses of Koa's context. */
export interface KoaContextLike {
  req: IncomingMessage;
  res: ServerResponse;
  respond?: boolean;
  /** Set by koa-mount. */
  mountPath?: string;
  /** What a body parser left: the parsed body, and (@koa/bodyparser) the text it parsed. */
  request: { body?: unknown; rawBody?: unknown };
}

export type KoaMiddleware = (ctx: KoaContextLike, next: () => Promise<unknown>) => Promise<void>;

/** Koa middleware serving the operations of a generated listener; it settles once the answer is sent. */
export function specforgeKoa(listener: RequestListener): KoaMiddleware {
  const route = routeOf(listener, 'specforgeKoa');
  const maxDepth = listener.maxJsonDepth;
  return async (ctx, next) => {
    const { req, res } = ctx;
    // A body @koa/bodyparser read is taken as the text it read (ctx.request.rawBody).
    adoptParsedBody(req, ctx.request.body, 'Koa', maxDepth, ctx.request.rawBody);
    let missed = false;
    const done = new Promise<void>((resolve) => {
      res.once('finish', resolve);
      res.once('close', resolve);
    });
    // The path is read from req.url as every adapter reads it (target.ts).
    route(req, res, {
      mount: ctx.mountPath ?? '',
      miss: () => {
        missed = true;
      },
    });
    if (missed) {
      await next();
      return;
    }
    ctx.respond = false;
    await done;
  };
}
