/**
 * `@specforge/runtime/server`: what a generated server imports, and what handlers use. Routing,
 * body parsing, security, validation and replies over node:http, and a fetch handler.
 */
export {
  createRequestListener,
  createHttpServer,
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
} from '../server.js';
export { HttpError, errorBody, detailsFromAjv, type ProblemDetail } from '../errors.js';
export { Router, type RouteMatch } from '../router.js';
export * from '../params.js';
export { UploadedFile } from '../body/multipart.js';
export { toFetchHandler, type FetchHandler } from '../fetch-adapter.js';
export { CredentialClassifier, presentedCredential, type Presented } from '../security.js';
export type { ValidateFunction, ErrorObject } from '../standalone.js';
export type * from '../spec.js';
export type * from '../types.js';
