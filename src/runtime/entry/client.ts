/**
 * `@specforge/runtime/client`: what a generated client imports. openapi-fetch with credentials by
 * security scheme. Browser-safe: no `node:` import, no Node.js global.
 */
export {
  createSpecforgeClient,
  credentialsMiddleware,
  querystringMiddleware,
  type OperationSecurityTable,
  type QuerystringSpec,
  type SpecforgeClientOptions,
  type SpecforgeFetchClient,
} from '../client/client.js';
export { default as createFetchClient, type ClientOptions, type Client as FetchClient, type Middleware } from 'openapi-fetch';
export type { SecuritySchemeSpec } from '../shared/spec.js';
export {
  ApiError,
  type ApiErrorOf,
  createSdk,
  declaredStatus,
  invalidateOperations,
  keyParams,
  type InvalidatingClient,
  retryAfter,
  unwrap,
  type SdkArgs,
  type SdkBodyKind,
  type SdkCallOptions,
  type SdkClient,
  type SdkClientOptions,
  type SdkCredential,
  type SdkFailure,
  type SdkItemValidators,
  type SdkMiddleware,
  type SdkOperation,
  type SdkOutcome,
  type SdkParameter,
  type SdkRequestContext,
  type SdkRetryOptions,
  type SdkSuccess,
} from '../client/sdk.js';
export type { Readable, Writable } from '../client/read-write.js';
export { dateField, datedClient, dateItems, toDate, withDates, type DateReader, type Dated, type DatedPaths } from '../client/dates.js';
export type { DatedFetchClient } from '../client/dates-fetch.js';
export { invalidateKeys, linkedPage, linkedPages, nextPageParam, type LinkedPage, type LinkQuery, type PagingRule } from '../client/tanstack.js';
export { pageLinks, parseLinkHeader, type PageLinks, type WebLink } from '../client/link-header.js';
export { serializeQuerystring } from '../client/querystring.js';
export { streamItems, type ItemCheck, type StreamCallOptions, type StreamItemsTable, type StreamReconnectOptions } from '../client/stream-items.js';
export { streamingClient, type StreamedFetchClient, type StreamsTable } from '../client/stream-fetch.js';
export { readStreamItems, StreamReadError, type SseItem, type SseState, type StreamReadErrorCode, type StreamReadOptions } from '../shared/stream-read.js';
