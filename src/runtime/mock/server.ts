/**
 * A mock as a whole: the generated server with the mock engine's handlers, responses validated,
 * with an optional delay and a reset endpoint; usable as a `node:http` listener or a fetch handler.
 */
import { toFetchHandler, type FetchHandler } from '../server/fetch-adapter.js';
import { MockEngine, type MockOptions } from './engine.js';
import { MOCK_QUERY_CONTROLS } from './prefer.js';
import { continueChecker, createRequestListener, type RequestListener, type ServerOptions, type ValidatorsModule } from '../server/server.js';
import type { ApiSpec, MockTables } from '../shared/spec.js';

export interface MockServerOptions extends MockOptions, ServerOptions {
  /** Milliseconds to wait before answering each request. */
  delay?: number;
  /** `POST` here resets the mock (default "/__specforge/reset"; false to disable). */
  resetPath?: string | false;
}

export interface Mock {
  /** A `node:http` request listener. */
  listener: RequestListener;
  /** The same mock as `(Request) => Promise<Response>`. */
  fetch: FetchHandler;
  /** Back to the seeds: created resources forgotten, state machines at their seeds. */
  reset(): void;
  engine: MockEngine;
}

export const DEFAULT_RESET_PATH = '/__specforge/reset';

export function createMock(api: ApiSpec, validators: ValidatorsModule, tables: MockTables, options: MockServerOptions = {}): Mock {
  const engine = new MockEngine(api, tables, validators, options);
  // A mock serves at its root unless told a base path: clients point their base URL at it.
  const inner = createRequestListener(api, validators, engine.handlers, {
    validateResponses: true,
    basePath: false,
    reservedQuery: MOCK_QUERY_CONTROLS,
    ...options,
  });
  const resetPath = options.resetPath === undefined ? DEFAULT_RESET_PATH : options.resetPath;
  const delay = options.delay ?? 0;
  const listener: RequestListener = (req, res) => {
    const url = req.url ?? '';
    if (resetPath !== false && req.method === 'POST' && url.startsWith(resetPath) && (url.length === resetPath.length || url[resetPath.length] === '?')) {
      engine.reset();
      req.resume();
      res.writeHead(204);
      res.end();
      return;
    }
    if (delay > 0) setTimeout(() => inner(req, res), delay);
    else inner(req, res);
  };
  const upgrade = inner.upgrade;
  if (upgrade) listener.upgrade = delay > 0 ? (req, socket, head) => setTimeout(() => upgrade(req, socket, head), delay) : upgrade;
  // What Node's parser refuses (431, 400, 408) is answered in the contract's error body, as by the generated server.
  if (inner.clientError) listener.clientError = inner.clientError;
  // Expect: 100-continue goes through the mock's own listener (reset path, delay) after the server's check.
  listener.checkContinue = continueChecker(listener, options);
  return { listener, fetch: toFetchHandler(listener), reset: () => engine.reset(), engine };
}
