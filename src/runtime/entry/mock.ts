/**
 * `@specforge/runtime/mock`: what generated mocks import. The mock engine (examples, sampled
 * values, templates, stateful resources) and the mock server over the generated server.
 */
export { createMockHandlers, evaluateTemplate, MockEngine, type MockOptions } from '../mock/engine.js';
export { createMock, DEFAULT_RESET_PATH, type Mock, type MockServerOptions } from '../mock/server.js';
export { sampleSchema, type SampleOptions } from '../shared/sample.js';
export type { RequestListener, ServerOptions } from '../server/server.js';
export type { FetchHandler } from '../server/fetch-adapter.js';
export type { ApiSpec, MockTables, MockTablesData, MockResponseData, SharedMockResponse, SharedMockExample } from '../shared/spec.js';
export { expandMockTables } from '../mock/tables.js';
