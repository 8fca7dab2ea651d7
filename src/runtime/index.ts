/** What generated code imports at run time: `specforge/runtime`. */
export { createAjv, deferredValidators, formats, ajvRuntime, type ValidateFunction, type ErrorObject } from './ajv.js';
export * as rules from './rules.js';
export { compilePattern, isLinearPattern, type CompiledPattern } from './pattern.js';
export type { CheckedRule, DifferenceRule, RefersToRule } from './rules.js';
export { HttpError, errorBody, detailsFromAjv, type ProblemDetail } from './errors.js';
export { Router, type RouteMatch } from './router.js';
export * from './params.js';
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
} from './server.js';
export { createMockHandlers, evaluateTemplate, MockEngine, type MockOptions } from './mock.js';
export { expandMockTables } from './mock-tables.js';
export { createMock, DEFAULT_RESET_PATH, type Mock, type MockServerOptions } from './mock-server.js';
export { UploadedFile } from './body/multipart.js';
export { toFetchHandler, type FetchHandler } from './fetch-adapter.js';
export { CredentialClassifier, presentedCredential, type Presented } from './security.js';
export { sampleSchema, type SampleOptions } from './sample.js';
export type * from './spec.js';
export type * from './types.js';
export { default as createFetchClient, type ClientOptions, type Client as FetchClient } from 'openapi-fetch';
export { createSpecforgeClient, credentialsMiddleware, type SpecforgeClientOptions } from './client.js';
export { runCli, createCliProgram, resolveCliConfiguration, resolveOptions, CliUsageError, type CliIo, type CliValidators, type CliProgram } from './cli.js';
export { completionScript } from './cli-completion.js';
export { normalizeArguments, parseBoolean, parseInteger, parseNumber } from './cli-values.js';
export type * from './cli-spec.js';
export { CLI_SHELLS } from './cli-spec.js';
