/**
 * `@specforge/runtime/client`: what a generated client imports. openapi-fetch with credentials by
 * security scheme. Browser-safe: no `node:` import, no Node.js global.
 */
export { createSpecforgeClient, credentialsMiddleware, type SpecforgeClientOptions } from '../client/client.js';
export { default as createFetchClient, type ClientOptions, type Client as FetchClient, type Middleware } from 'openapi-fetch';
export type { SecuritySchemeSpec } from '../shared/spec.js';
