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
import { inferResources, withInferred } from './infer.js';
import { MOCK_QUERY_CONTROLS } from './prefer.js';

/** `basePath`: the path the mock serves the API under ("/api"); a request outside it is a 404. Default: none (as `specforge mock`). */
export interface BrowserMockOptions extends MockOptions, ServerOptions {
  /**
   * With `stateful: true` and no x-specforge-resources in the contract, keep the collections
   * inferred from its paths (POST /things with GET /things/{id}, or with GET /things), as
   * `specforge mock --stateful` does (default true; false: every answer from examples and schemas).
   */
  infer?: boolean;
}

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
  const kept =
    options.stateful === true && options.infer !== false && tables.resources.length === 0 ? withInferred(tables, inferResources(api, tables)) : tables;
  const engine = new MockEngine(api, kept, validators, options);
  const fetch = createFetchHandler(
    api,
    validators,
    engine.handlers,
    { validateResponses: true, basePath: false, reservedQuery: MOCK_QUERY_CONTROLS, ...options },
    serializers,
  );
  return { fetch, reset: () => engine.reset(), engine };
}
