/**
 * `@specforge/runtime/fetch`: a generated server as a fetch-standard handler,
 * `(request: Request) => Promise<Response>`, with no `node:` module in its module graph: it runs
 * unchanged on Node, Bun, Deno and workers runtimes, and in a browser. Adapters for frameworks built
 * on fetch (Hono, Next.js route handlers) are a line or two over it.
 */
export { createFetchHandler, type FetchHandler, type FetchHandlerOptions, type FetchRequestHead } from '../server/fetch.js';
export { routeHandlers, honoHandler, type RouteHandlers } from '../server/fetch-frameworks.js';
export { reply } from '../server/context.js';
export type { AuthInfo, HandlerResponse, OperationValidators, RequestParams, SchemeCredential, VerifierResult, ValidatorsModule } from '../server/context.js';
// ctx.request a FetchRequestHead, raw bodies Uint8Array, files FetchUploadedFile: no node: type (no @types/node needed).
export type {
  AnyHandler,
  BodyOf,
  ContextOf,
  FetchTransport,
  Handler,
  HandlerContext,
  RequestContext,
  SecurityVerifier,
  ServerOptions,
} from '../server/fetch-types.js';
export { HttpError, errorBody, detailsFromAjv, type ProblemDetail } from '../shared/errors.js';
// OpenAPI 3.2 streams: what onError receives for an item that was not sent.
export { StreamItemError } from '../server/stream-items.js';
export { MultipartPart, type MultipartPartOptions } from '../shared/stream-parts.js';
export { isJsonMediaType, matchMediaType, responseKey } from '../server/media.js';
export {
  jsonString,
  jsonFallback,
  jsonBytes,
  jsonStringBytes,
  jsonNumberBytes,
  jsonView,
  jsonWide,
  type ByteWriter,
  type SerializeFunction,
  type SerializersModule,
} from '../server/serialize.js';
export { UploadedPart, FetchUploadedFile } from '../server/body/parts.js';
export type { ValidateFunction, ErrorObject } from '../validation/standalone.js';
export type * from '../shared/spec.js';
export type * from '../server/types.js';
