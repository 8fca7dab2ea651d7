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
import { HttpError } from '../../shared/errors.js';
import { DEFAULT_JSON_DEPTH, tooDeep } from '../body/json-text.js';

type Marked = IncomingMessage & { [READ_BODY]?: Buffer | Error; _body?: unknown };

/** Whether the body stream of `req` was already read by someone else. */
export function bodyConsumed(req: IncomingMessage): boolean {
  return req.readableEnded || (req as Marked)._body === true;
}

/** Whether a value nests arrays and objects deeper than `max` (one pass, no recursion: it stops once past `max`). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (typeof v !== 'object' || v === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Whether the stream of a consumed request gave no bytes at all (an empty chunked body, which
 * body-parser makes `{}` of): Node's readable state notes whether a 'data' event was ever emitted
 * (not a documented member: anything but `false` there says nothing).
 */
function noBytesRead(req: IncomingMessage): boolean {
  return (req as IncomingMessage & { _readableState?: { dataEmitted?: unknown } })._readableState?.dataEmitted === false;
}

/**
 * Hands the pipeline the body a framework parsed (`parsed`), when its stream was already read: the
 * bytes as the parser kept them (`raw`: Koa's `ctx.request.rawBody`, or what `keepRawBody` noted)
 * when there are some, so the body is read as if specforge had read it (its depth, `required` for an
 * empty body, its charset); else rebuilt from the parsed value, a JSON value deeper than `maxDepth`
 * refused with the 400 the listener gives JSON text that deep, and a declared length of 0 empty.
 */
export function adoptParsedBody(req: IncomingMessage, parsed: unknown, framework: string, maxDepth = DEFAULT_JSON_DEPTH, raw?: unknown): void {
  const marked = req as Marked;
  if (marked[READ_BODY] !== undefined || !bodyConsumed(req)) return;
  if (typeof raw === 'string') {
    marked[READ_BODY] = Buffer.from(raw, 'utf8');
    return;
  }
  if (parsed === undefined || req.headers['content-length'] === '0' || noBytesRead(req)) {
    marked[READ_BODY] = Buffer.alloc(0);
    return;
  }
  if (Buffer.isBuffer(parsed)) marked[READ_BODY] = parsed;
  else if (parsed instanceof Uint8Array) marked[READ_BODY] = Buffer.from(parsed);
  else if (typeof parsed === 'string') marked[READ_BODY] = Buffer.from(parsed, 'utf8');
  else if (isJsonMediaType(mediaTypeOf(req.headers['content-type']) ?? '')) {
    if (nestsDeeperThan(parsed, maxDepth)) {
      marked[READ_BODY] = tooDeep(maxDepth);
      return;
    }
    try {
      marked[READ_BODY] = Buffer.from(JSON.stringify(parsed) ?? '', 'utf8');
    } catch {
      // A value JSON cannot write (a cycle a custom parser made): no body specforge can read.
      marked[READ_BODY] = new HttpError(400, `the request body a ${framework} body parser left cannot be read as JSON`);
    }
  } else {
    marked[READ_BODY] = new Error(
      `a ${framework} body parser read the ${mediaTypeOf(req.headers['content-type']) ?? 'request'} body before specforge: mount specforge before the body parser (or limit the parser to other paths)`,
    );
  }
}

/**
 * For a framework body parser's `verify` option (`express.json({ verify: keepRawBody })`, and
 * `express.urlencoded`, `express.text`, `express.raw`): notes the bytes the parser read, so that
 * specforge reads them as it would have read the stream, an empty chunked body included (the parser
 * makes `{}` of it, which would pass a `required` body).
 */
export function keepRawBody(req: IncomingMessage, _res: unknown, bytes: Buffer): void {
  (req as Marked)[READ_BODY] = bytes;
}

/** The listener's entry for adapters (a listener from `createServer`, `createPartialServer` or `createMockListener`). */
export function routeOf(listener: RequestListener, adapter: string): NonNullable<RequestListener['route']> {
  const route = listener.route;
  if (route === undefined) throw new TypeError(`${adapter} takes the request listener a generated createServer() returns`);
  return route;
}
