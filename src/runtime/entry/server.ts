/**
 * `@specforge/runtime/server`: what a generated server imports, and what handlers use. Routing,
 * body parsing, security, validation and replies over node:http, and a fetch handler.
 */
export {
  createRequestListener,
  createHttpServer,
  applyHttpLimits,
  DEFAULT_HTTP_LIMITS,
  type HttpServerLimits,
  matchMediaType,
  responseKey,
  isJsonMediaType,
  type AnyHandler,
  type AuthInfo,
  type HandlerResponse,
  type OperationValidators,
  type RequestContext,
  type RequestListener,
  type RequestParams,
  type SchemeCredential,
  type SecurityVerifier,
  type VerifierResult,
  type ServerOptions,
  type ValidatorsModule,
} from '../server/server.js';
export { HttpError, errorBody, detailsFromAjv, type ProblemDetail } from '../shared/errors.js';
// OpenAPI 3.2 streams: what onError receives for an item that was not sent.
export { StreamItemError } from '../server/stream-items.js';
export { MultipartPart, type MultipartPartOptions } from '../shared/stream-parts.js';
export { Router, type RouteMatch } from '../server/router.js';
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
export * from '../server/params.js';
export { UploadedFile } from '../server/body/multipart.js';
export { toFetchHandler, toNodeListener, type FetchHandler, type NodeListenerOptions } from '../server/fetch-adapter.js';
export { createFetchHandler, type FetchHandlerOptions } from '../server/fetch.js';
export { CredentialClassifier, presentedCredential, type Presented } from '../server/security.js';
export type { ValidateFunction, ErrorObject } from '../validation/standalone.js';
export type * from '../shared/spec.js';
export type * from '../server/types.js';
// Over node:http: ctx.request an IncomingMessage, raw bodies Buffer, files UploadedFile.
export type { BodyOf, ContextOf, Handler, NodeTransport } from '../server/node-types.js';
