/** What generated code imports at run time: `specforge/runtime`. */
export { createAjv, deferredValidators, formats, ajvRuntime, type ValidateFunction, type ErrorObject } from './validation/ajv.js';
export * as rules from './validation/rules.js';
export { compilePattern, isLinearPattern, type CompiledPattern } from './validation/pattern.js';
export type { CheckedRule, DifferenceRule, RefersToRule } from './validation/rules.js';
export { HttpError, errorBody, detailsFromAjv, type ProblemDetail } from './shared/errors.js';
export { Router, type RouteMatch } from './server/router.js';
export * from './server/params.js';
export {
  createRequestListener,
  createHttpServer,
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
} from './server/server.js';
export { createMockHandlers, evaluateTemplate, MockEngine, type MockOptions } from './mock/engine.js';
export { expandMockTables } from './mock/tables.js';
export { createMock, DEFAULT_RESET_PATH, type Mock, type MockServerOptions } from './mock/server.js';
export { UploadedFile } from './server/body/multipart.js';
export { toFetchHandler, type FetchHandler } from './server/fetch-adapter.js';
export { CredentialClassifier, presentedCredential, type Presented } from './server/security.js';
export { sampleSchema, type SampleOptions } from './shared/sample.js';
export type * from './shared/spec.js';
export type * from './server/types.js';
export { default as createFetchClient, type ClientOptions, type Client as FetchClient } from 'openapi-fetch';
export {
  createSpecforgeClient,
  credentialsMiddleware,
  querystringMiddleware,
  type OperationSecurityTable,
  type QuerystringSpec,
  type SpecforgeClientOptions,
  type SpecforgeFetchClient,
} from './client/client.js';
export {
  runCli,
  createCliProgram,
  resolveCliConfiguration,
  resolveOptions,
  CliUsageError,
  type CliIo,
  type CliValidators,
  type CliProgram,
} from './cli/program.js';
export { completionScript } from './cli/completion.js';
export { normalizeArguments, parseBoolean, parseInteger, parseNumber } from './cli/values.js';
export type * from './cli/spec.js';
export { CLI_SHELLS } from './cli/spec.js';
