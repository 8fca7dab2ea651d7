/**
 * `@specforge/runtime/mock-browser`: the mock engine with no `node:` module, for browsers, service
 * workers and MSW handlers (`setupWorker`, `setupServer`): the generated mock tables answered
 * through the fetch handler, statefully on request. `@specforge/runtime/mock` adds the node:http
 * mock server over the same engine.
 */
export { createBrowserMock, type BrowserMock, type BrowserMockOptions } from '../mock/browser.js';
export { createMockHandlers, evaluateTemplate, MockEngine, type MockOptions } from '../mock/engine.js';
export { expandMockTables } from '../mock/tables.js';
export { sampleSchema, type SampleOptions } from '../shared/sample.js';
export type { FetchHandler } from '../server/fetch.js';
export type { ServerOptions, ValidatorsModule } from '../server/context.js';
export type { ApiSpec, MockTables, MockTablesData, MockResponseData, SharedMockResponse, SharedMockExample } from '../shared/spec.js';
