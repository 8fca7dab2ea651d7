/**
 * The node:http adapter: a server with every event of a generated listener wired (upgrade,
 * clientError, checkContinue) and its limits, answers to what Node's HTTP parser refuses, and
 * `Expect: 100-continue`.
 */
import { createServer as createNodeServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { HttpError, interfaceErrorBody } from '../shared/errors.js';
import type { ApiSpec } from '../shared/spec.js';
import { limitConnections, DEFAULT_HTTP_LIMITS, type HttpServerLimits } from './connections.js';
import type { RequestListener, ServerOptions } from './node-types.js';
import { bodyLimitFor } from './media.js';

/** The status of what Node's HTTP parser refuses, by its error code. */
function parserStatus(code: string | undefined): { status: number; message: string } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: 'request headers are too large' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'the request took too long to arrive' };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, message: 'chunk extensions are too large' };
    default:
      return { status: 400, message: 'malformed HTTP request' };
  }
}

/**
 * Answers a request Node's HTTP parser refused (oversized headers, a malformed request line, a
 * request that took too long) with the interface's error body, then closes the connection. A
 * connection already gone, or mid-answer, is just closed.
 */
export function clientErrorAnswer(api: ApiSpec): NonNullable<RequestListener['clientError']> {
  return (err, socket) => {
    const writable = (socket as Duplex & { _httpMessage?: unknown }).writable && !(socket as { _httpMessage?: unknown })._httpMessage;
    if (err.code === 'ECONNRESET' || !writable) {
      socket.destroy();
      return;
    }
    const { status, message } = parserStatus(err.code);
    const payload = JSON.stringify(interfaceErrorBody(api, new HttpError(status, message)));
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\nconnection: close\r\n\r\n${payload}`,
    );
  };
}

/** The node:http server options that carry `limits` (timeouts, and how often Node looks for connections past them). */
function timeoutOptions(l: Required<HttpServerLimits>): {
  headersTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  connectionsCheckingInterval: number;
} {
  return {
    headersTimeout: l.headersTimeout,
    requestTimeout: l.requestTimeout,
    keepAliveTimeout: Math.min(5000, l.idleTimeout),
    // How often Node looks for connections past those timeouts (its default is 30 s).
    connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(l.headersTimeout / 2))),
  };
}

/**
 * A `node:http` server for a generated listener with every event wired (upgrade, clientError,
 * checkContinue) and limits for slow, idle and too many clients. Call `.listen()` on it.
 */
export function createHttpServer(listener: RequestListener, limits: HttpServerLimits = {}): Server {
  const l = { ...DEFAULT_HTTP_LIMITS, ...limits };
  const server = createNodeServer(timeoutOptions(l));
  const inProgress = limitConnections(server, l.maxConnections, l.idleTimeout);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    inProgress(req, res);
    listener(req, res);
  });
  if (listener.upgrade) server.on('upgrade', listener.upgrade);
  if (listener.clientError) server.on('clientError', listener.clientError);
  if (listener.checkContinue) server.on('checkContinue', listener.checkContinue);
  return server;
}

/**
 * The limits `createHttpServer` sets, set on a `node:http` server someone else made: the one
 * `app.listen()` returns (Express, Koa), `fastify.server`, the one @hono/node-server's `serve()`
 * returns. The time to send the headers and the whole request, the idle timeout, and the cap on open
 * connections (the idle one closed first). Call it before the server starts listening, or in the
 * same tick as `listen()` (Node reads how often to check the timeouts when listening begins).
 * Returns the server.
 */
export function applyHttpLimits<S extends Server>(server: S, limits: HttpServerLimits = {}): S {
  const l = { ...DEFAULT_HTTP_LIMITS, ...limits };
  const o = timeoutOptions(l);
  server.headersTimeout = o.headersTimeout;
  server.requestTimeout = o.requestTimeout;
  server.keepAliveTimeout = o.keepAliveTimeout;
  (server as S & { connectionsCheckingInterval: number }).connectionsCheckingInterval = o.connectionsCheckingInterval;
  const inProgress = limitConnections(server, l.maxConnections, l.idleTimeout);
  // Before the framework's own listener, as createHttpServer's listener notes a request first.
  server.prependListener('request', inProgress);
  return server;
}

/**
 * For the server's 'checkContinue' event: `100 Continue` unless the declared length is over the
 * body limit (then `listener` answers 413 before the client sends the body).
 */
export function continueChecker(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
  options: Pick<ServerOptions, 'bodyLimit' | 'bodyLimits'>,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const declared = Number(req.headers['content-length']);
    if (!(Number.isFinite(declared) && declared > bodyLimitFor(options, req.headers['content-type']))) res.writeContinue();
    listener(req, res);
  };
}
