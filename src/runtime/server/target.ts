/**
 * One reading of a request target for every adapter (the node:http listener, the fetch handler,
 * `toNodeListener`, Express, Fastify, Koa, Hono), so one request line reaches the same operation
 * whichever adapter serves it. No `node:` import.
 *
 * - A fragment (`#…`) is no part of the target: it is dropped, with any `?` after it.
 * - An absolute-form target (`http://host/path?query`, RFC 9112 §3.2.2) is routed by its path and
 *   query alone: its scheme and authority are ignored, as the Host header is.
 * - A path with a `.` or `..` segment is refused (400), whether the dots are written as they are or
 *   percent-encoded (`%2e%2e`, `.%2E`, `%2e`), and whatever separates the segments: a URL parser
 *   (`new URL()`, which every fetch-based server runs before routing) resolves them, and reads a
 *   backslash as a slash, where node:http and the frameworks on it take them literally; refusing
 *   them is the one rule both can keep. A backslash anywhere in the path is refused for that reason.
 * - A `%` not followed by two hex digits is left as it is: the parameter it is in is then what the
 *   contract's validation refuses or takes.
 * - Anything else that does not start with `/` (the asterisk-form `*`, a bare word) is refused (400).
 */
import { HttpError } from '../shared/errors.js';

/** The target of a request as routed: its path (percent-encoding kept) and its query (without `?`). */
export interface Target {
  path: string;
  query: string;
}

/** Why a path cannot be routed (a dot segment, a backslash), or undefined. */
function dotSegments(path: string): string | undefined {
  if (path.includes('\\')) return 'a backslash';
  for (const segment of path.split('/')) {
    if (segment === '' || segment.length > 6) continue;
    // '.', '..', and their percent-encoded spellings: '%2e', '.%2E', '%2e%2e', …
    const decoded = segment.replace(/%2e/gi, '.');
    if (decoded === '.' || decoded === '..') return `a "${segment}" segment`;
  }
  return undefined;
}

/** The path of an absolute-form target (its scheme and authority dropped), or undefined when it is not one. */
function absolutePath(target: string): string | undefined {
  const m = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/.exec(target);
  if (!m) return undefined;
  const rest = target.slice(m[0].length);
  return rest === '' || rest.startsWith('?') ? `/${rest}` : rest;
}

/**
 * The path (and query) a request target is routed by, or an HttpError(400) saying why it cannot be.
 * Linear in the target's length; a plain path (no `.`, `%`, `\`, `#`, and starting with `/`) is
 * returned as it is, and only its query split off.
 */
export function readTarget(target: string): Target {
  let plain = target.charCodeAt(0) === 47;
  let q = -1;
  // One scan of the path for what needs a closer look; the query is not scanned.
  for (let i = 0; plain && i < target.length; i++) {
    const c = target.charCodeAt(i);
    if (c === 63) {
      q = i;
      break;
    }
    // '.', '%', '\', '#'
    if (c === 46 || c === 37 || c === 92 || c === 35) plain = false;
  }
  if (plain) {
    if (q < 0) return { path: target, query: '' };
    const hash = target.indexOf('#', q);
    return { path: target.slice(0, q), query: hash < 0 ? target.slice(q + 1) : target.slice(q + 1, hash) };
  }
  let rest = target;
  const hash = rest.indexOf('#');
  if (hash >= 0) rest = rest.slice(0, hash);
  if (!rest.startsWith('/')) {
    const path = absolutePath(rest);
    if (path === undefined) throw new HttpError(400, `request target ${quote(target)} is not a path`);
    rest = path;
  }
  q = rest.indexOf('?');
  const path = q < 0 ? rest : rest.slice(0, q);
  const why = dotSegments(path);
  if (why !== undefined) throw new HttpError(400, `request path ${quote(path)} has ${why}, which is refused (URL parsers and routers read it differently)`);
  return { path, query: q < 0 ? '' : rest.slice(q + 1) };
}

/** The path of a target (`readTarget(target).path`). */
export function targetPath(target: string): string {
  return readTarget(target).path;
}

/** A target as quoted in an error message: JSON-quoted, at most 200 characters. */
function quote(text: string): string {
  return JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…` : text);
}

/**
 * The request target a Request was built from, where an adapter knows it (`toNodeListener`,
 * `honoHandler` over @hono/node-server): the fetch handler routes by it rather than by the URL, which
 * the runtime's URL parser may have rewritten (dots resolved, backslashes read as slashes) or built
 * from the Host header.
 */
const RAW_TARGET: unique symbol = Symbol.for('specforge.requestTarget') as never;

type Marked = Request & { [RAW_TARGET]?: string };

/** Notes the request target `request` was built from. */
export function markTarget(request: Request, target: string): void {
  try {
    (request as Marked)[RAW_TARGET] = target;
  } catch {
    // A frozen or exotic Request: the fetch handler reads its URL instead.
  }
}

/** The request target an adapter noted for `request`, if any. */
export function markedTarget(request: Request): string | undefined {
  const target = (request as Marked)[RAW_TARGET];
  return typeof target === 'string' ? target : undefined;
}

/**
 * How a fetch handler made by `createFetchHandler` answers a request that never became a Request
 * (a method the Fetch API refuses, such as TRACE; a target `readTarget` refuses), in the contract's
 * error shape: `toNodeListener` asks it, and answers a minimal JSON error for any other handler.
 */
export const REFUSE: unique symbol = Symbol.for('specforge.refuseRequest') as never;

export type Refuse = (method: string, target: string, headers: Readonly<Record<string, string>>) => Response;

/** The refusal hook of a fetch handler, if it has one. */
export function refusalOf(handler: unknown): Refuse | undefined {
  const hook = typeof handler === 'function' ? (handler as { [REFUSE]?: unknown })[REFUSE] : undefined;
  return typeof hook === 'function' ? (hook as Refuse) : undefined;
}
