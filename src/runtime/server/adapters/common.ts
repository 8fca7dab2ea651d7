/**
 * What the framework adapters share: the listener's entry for adapters, and a request body that
 * a framework's body parser already read (Express's `express.json()`, a Koa body parser): the stream has ended, so the bytes are rebuilt from what the parser left and handed to
 * the pipeline in place of the stream. JSON is written back as JSON (then parsed and validated as
 * if it had been read), raw bytes and text as they are. A form turned into an object cannot be
 * rebuilt faithfully: the request is then a 500 that names the middleware order to fix.
 */
import type { IncomingMessage } from 'node:http';
import { READ_BODY } from '../body/read.js';
import type { RequestListener } from '../node-types.js';
import { isJsonMediaType, mediaTypeOf } from '../media.js';

type Marked = IncomingMessage & { [READ_BODY]?: Buffer | Error; _body?: unknown };

/** Whether the body stream of `req` was already read by someone else. */
export function bodyConsumed(req: IncomingMessage): boolean {
  return req.readableEnded || (req as Marked)._body === true;
}

/** Hands the pipeline the body a framework parsed (`parsed`), when its stream was already read. */
export function adoptParsedBody(req: IncomingMessage, parsed: unknown, framework: string): void {
  const marked = req as Marked;
  if (marked[READ_BODY] !== undefined || !bodyConsumed(req)) return;
  if (parsed === undefined) {
    marked[READ_BODY] = Buffer.alloc(0);
    return;
  }
  if (Buffer.isBuffer(parsed)) marked[READ_BODY] = parsed;
  else if (parsed instanceof Uint8Array) marked[READ_BODY] = Buffer.from(parsed);
  else if (typeof parsed === 'string') marked[READ_BODY] = Buffer.from(parsed, 'utf8');
  else if (isJsonMediaType(mediaTypeOf(req.headers['content-type']) ?? '')) marked[READ_BODY] = Buffer.from(JSON.stringify(parsed) ?? '', 'utf8');
  else {
    marked[READ_BODY] = new Error(
      `a ${framework} body parser read the ${mediaTypeOf(req.headers['content-type']) ?? 'request'} body before specforge: mount specforge before the body parser (or limit the parser to other paths)`,
    );
  }
}

/** The listener's entry for adapters (a listener from `createServer`, `createPartialServer` or `createMockListener`). */
export function routeOf(listener: RequestListener, adapter: string): NonNullable<RequestListener['route']> {
  const route = listener.route;
  if (route === undefined) throw new TypeError(`${adapter} takes the request listener a generated createServer() returns`);
  return route;
}
