/**
 * A mock without a server: the mock engine's handlers behind the fetch handler, answers validated
 * against the contract, with no `node:` module, so the same mock tables (examples, `Prefer`
 * controls, stateful collections) answer in a browser (MSW's `setupWorker`), in Node (MSW's
 * `setupServer`) or in any runtime with the Fetch API.
 */
import { createFetchHandler, type FetchHandler } from '../server/fetch.js';
import type { ServerOptions, ValidatorsModule } from '../server/context.js';
import type { SerializersModule } from '../server/serialize.js';
import type { ApiSpec, MockTables } from '../shared/spec.js';
import { MockEngine, type MockOptions } from './engine.js';

/** `basePath`: the path the mock serves the API under ("/api"); a request outside it is a 404. Default: none (as `specforge mock`). */
export interface BrowserMockOptions extends MockOptions, ServerOptions {}

export interface BrowserMock {
  /** The mock as `(Request) => Promise<Response>`. */
  fetch: FetchHandler;
  /** Back to the seeds: created resources forgotten, state machines at their seeds. */
  reset(): void;
  engine: MockEngine;
}

export function createBrowserMock(
  api: ApiSpec,
  validators: ValidatorsModule,
  tables: MockTables,
  options: BrowserMockOptions = {},
  serializers?: SerializersModule,
): BrowserMock {
  const engine = new MockEngine(api, tables, validators, options);
  const fetch = createFetchHandler(api, validators, engine.handlers, { validateResponses: true, basePath: false, ...options }, serializers);
  return { fetch, reset: () => engine.reset(), engine };
}
