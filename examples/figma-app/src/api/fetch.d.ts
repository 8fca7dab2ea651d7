import { type FetchHandler, type FetchHandlerOptions } from "@specforge/runtime/fetch";
import { type Handlers } from "./api.js";
/** The handlers behind the fetch handler: `ctx.request` is a FetchRequestHead (its Request as `fetchRequest`). */
export type { Handlers };
/** The path the contract's first server URL serves the API under ("" for none). */
export declare const basePath = "";
/**
 * A fetch-standard handler, `(request: Request) => Promise<Response>`, with no `node:` module in
 * its imports: it runs unchanged on Node, Bun, Deno and workers runtimes, and checks every request
 * and answer as `createServer` does. Requests are routed under `basePath` unless
 * `options.basePath` says otherwise.
 */
export declare function createFetchHandler(handlers: Handlers, options?: FetchHandlerOptions): FetchHandler;
/** A fetch handler that implements some of the operations: every other one answers 501 in the interface's error body. */
export declare function createPartialFetchHandler(handlers: Partial<Handlers>, options?: FetchHandlerOptions): FetchHandler;
