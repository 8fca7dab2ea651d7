import { type NodeTransport, type RequestListener, type ServerOptions } from "@specforge/runtime/server";
import { api, type Handlers as TransportHandlers } from "./api.js";
/**
 * One handler per operation, keyed by operationId (their documentation in api.ts), as node:http
 * calls them: `ctx.request` is the IncomingMessage. A handler answers `{ status, body }` for a
 * declared status, or `ctx.reply(status, body)`, which tsc checks at the body itself.
 */
export interface Handlers extends TransportHandlers<NodeTransport> {
}
/**
 * A node:http request listener: routes, parses and validates every request against the contract
 * before the handler sees it, and answers bad input with the interface's error body.
 */
export declare function createServer(handlers: Handlers, options?: ServerOptions): RequestListener;
/**
 * A server that implements some of the operations: every operation without a handler answers 501
 * in the interface's error body (after its request has been checked like any other).
 */
export declare function createPartialServer(handlers: Partial<Handlers>, options?: ServerOptions): RequestListener;
export { api };
