/**
 * The pipeline's types as node:http hands them to handlers and verifiers: `ctx.request` an
 * IncomingMessage, a raw body a Buffer, a multipart file an UploadedFile (with a Readable); and the
 * request listener. What `@specforge/runtime/server` and the framework adapters export; the
 * transport-free types (context.ts, types.ts) are what `@specforge/runtime/fetch` builds on.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ApiSpec } from '../shared/spec.js';
import type { UploadedFile } from './body/multipart.js';
import type * as base from './context.js';
import type { RouteOptions } from './context.js';
import type * as typed from './types.js';
import type { TransportTypes } from './types.js';
import type { UpgradeListener } from './upgrade.js';

/** What node:http hands a handler: its IncomingMessage, a raw body as a Buffer, a file part as an UploadedFile. */
export interface NodeTransport extends TransportTypes {
  request: IncomingMessage;
  bytes: Buffer;
  file: UploadedFile;
}

/** What a handler receives over node:http (`R` another request type for a handler shared with the fetch handler). */
export type RequestContext<P = base.RequestParams, B = unknown, R = IncomingMessage> = base.RequestContext<P, B, R>;
export type HandlerContext<R = IncomingMessage> = base.HandlerContext<R>;
export type AnyHandler<R = IncomingMessage> = base.AnyHandler<R>;
export type SecurityVerifier<R = IncomingMessage> = base.SecurityVerifier<R>;
export type ServerOptions<R = IncomingMessage> = base.ServerOptions<R>;
export type BodyOf<O, T extends TransportTypes = NodeTransport> = typed.BodyOf<O, T>;
export type ContextOf<O, Streams extends PropertyKey = never, T extends TransportTypes = NodeTransport, Items extends PropertyKey = never> = typed.ContextOf<
  O,
  Streams,
  T,
  Items
>;
export type Handler<O, Streams extends PropertyKey = never, T extends TransportTypes = NodeTransport, Items extends PropertyKey = never> = typed.Handler<
  O,
  Streams,
  T,
  Items
>;

/**
 * A `node:http` request listener; `upgrade` is its listener for the server's 'upgrade' event
 * (`server.on('upgrade', listener.upgrade)`), for operations that answer 101.
 */
export type RequestListener = ((req: IncomingMessage, res: ServerResponse) => void) & {
  upgrade?: UpgradeListener;
  /** For the server's 'clientError' event: what Node's HTTP parser refuses, answered in the contract's error shape. */
  clientError?: (err: Error & { code?: string }, socket: Duplex) => void;
  /** For the server's 'checkContinue' event: `Expect: 100-continue` with a length over the limit is a 413, never a 100. */
  checkContinue?: (req: IncomingMessage, res: ServerResponse) => void;
  /** The listener for framework adapters: a path below a mount point, and a hook for a route miss. */
  route?: (req: IncomingMessage, res: ServerResponse, how: RouteOptions) => void;
  /** The contract the listener serves (the Fastify adapter registers a route per operation from it). */
  api?: ApiSpec;
  /** The base path in force ('' for none). */
  basePath?: string;
  /** The deepest JSON nesting a body may have (a framework adapter checks a body its parser already read against it). */
  maxJsonDepth?: number;
};
