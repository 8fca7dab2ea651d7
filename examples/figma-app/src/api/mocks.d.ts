import { type Mock, type MockOptions, type MockServerOptions, type RequestListener } from "@specforge/runtime/mock";
import { type Handlers } from "./server.js";
import { mocks } from "./mock-tables.js";
/**
 * The generated server with the mock handlers, responses validated against the contract: as a
 * node:http listener (`listener`), a fetch handler (`fetch`), with `reset()`.
 */
export declare function createMock(options?: MockServerOptions): Mock;
/** Handlers that answer every operation from `mocks` (stateless unless `stateful: true`). */
export declare function createMockHandlers(options?: MockOptions): Handlers;
/** The mock as a node:http request listener. */
export declare function createMockServer(options?: MockServerOptions): RequestListener;
export { mocks };
