/**
 * The contract model's types: what every generator reads (see model.ts, which builds it).
 */
import type { CliSpec } from '../runtime/cli/spec.js';
import type { Diagnostic } from './errors.js';
import type { LoadedContract } from './resolve.js';
import type { OpenApiVersion } from './validate.js';

export type JsonSchema = Record<string, unknown> | boolean;
/** The methods a path item names by a fixed field, as the field is spelled (`query` is OpenAPI 3.2's). */
export type FixedMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace' | 'query';
export const HTTP_METHODS: readonly FixedMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];
declare const customMethod: unique symbol;
/**
 * A method of a path item's `additionalOperations` (OpenAPI 3.2: PURGE, COPY, LINK…), its name as
 * written (HTTP methods are case-sensitive): an HTTP token that no fixed field covers in any case.
 * Made by the model builder only (`asCustomMethod`).
 */
export type CustomMethod = string & { readonly [customMethod]: true };
/** An operation's method: a fixed field's name (lower case) or a custom method as written. */
export type HttpMethod = FixedMethod | CustomMethod;

/** Whether a method is a custom one (`additionalOperations`), not a fixed field's. */
export function isCustomMethod(method: HttpMethod): method is CustomMethod {
  return !(HTTP_METHODS as readonly string[]).includes(method);
}

/** A custom method's name, typed as one (the caller has checked it is a token no fixed field covers). */
export function asCustomMethod(name: string): CustomMethod {
  return name as CustomMethod;
}

/** The method as it travels on the wire: a fixed one in upper case (GET, QUERY), a custom one as written. */
export function wireMethod(method: HttpMethod): string {
  return isCustomMethod(method) ? method : method.toUpperCase();
}
/** `querystring` (OpenAPI 3.2): the whole query string as one value, described by its `content`'s one media type. */
export type ParameterLocation = 'path' | 'query' | 'querystring' | 'header' | 'cookie';

export interface ExampleModel {
  /** Name in an `examples` map, or "example" for a single `example`. */
  name: string;
  pointer: string;
  value: unknown;
  summary?: string;
  /**
   * OpenAPI 3.2 `serializedValue`: the value as it travels (a parameter's with its name and
   * delimiters, a querystring's the whole query string, a media type's its text), at `pointer`, and
   * `data`, that text read back as the run time reads it. An example with only a serializedValue
   * has `data` as its `value`.
   */
  serialized?: { text: string; pointer: string; data: unknown };
}

export interface ParameterModel {
  name: string;
  in: ParameterLocation;
  required: boolean;
  style: string;
  explode: boolean;
  allowReserved: boolean;
  deprecated: boolean;
  schema: JsonSchema;
  /** Set when the parameter is described by `content` (a serialized media type) instead of a schema. */
  contentType?: string;
  /** A `querystring` parameter's form media type `encoding`: how each property is serialized. */
  encoding?: Record<string, MediaEncodingModel>;
  /** `x-specforge-multi-segment: true` on a path parameter: its value may contain "/". */
  multiSegment?: boolean;
  /** `allowEmptyValue: true` (query): an empty value (`name=`) is valid; otherwise it is not. */
  allowEmptyValue?: boolean;
  description?: string;
  examples: ExampleModel[];
  pointer: string;
  /** The parameter's `x-` extensions, as written. */
  extensions: Record<string, unknown>;
}

export interface MediaTypeModel {
  type: string;
  schema?: JsonSchema;
  /** `x-specforge-stream`: the body is a stream of such values, e.g. "ndjson". */
  stream?: string;
  /**
   * OpenAPI 3.2 `itemSchema` (normalized like `schema`): the body is a sequence of items framed by
   * the media type (see `streamFraming` in src/runtime/shared/stream-media.ts), each one valid
   * against this schema.
   */
  itemSchema?: JsonSchema;
  /** OpenAPI 3.2 `itemEncoding` of a `multipart/mixed` stream: how each part is serialized. */
  itemEncoding?: MediaEncodingModel;
  /** OpenAPI 3.2 `prefixEncoding`: how part i is serialized (before `itemEncoding` for the rest). */
  prefixEncoding?: MediaEncodingModel[];
  examples: ExampleModel[];
  pointer: string;
  /** The media type's `encoding`: how each property of a form or multipart body is serialized. */
  encoding?: Record<string, MediaEncodingModel>;
}

export interface MediaEncodingModel {
  contentType?: string;
  style?: string;
  explode?: boolean;
  /** A multipart part's `headers` (Header Objects, read through references): whether each is required. */
  headers?: Record<string, { required: boolean }>;
  /** A nested multipart part's encodings (OpenAPI 3.2 Nested Encoding; one level is read). */
  prefixEncoding?: MediaEncodingModel[];
  itemEncoding?: MediaEncodingModel;
}

export interface RequestBodyModel {
  required: boolean;
  content: MediaTypeModel[];
  pointer: string;
}

export interface HeaderModel {
  name: string;
  required: boolean;
  schema: JsonSchema;
  examples: ExampleModel[];
  pointer: string;
}

export interface ResponseModel {
  /** "200", "4XX" or "default". */
  status: string;
  description: string;
  /** OpenAPI 3.2: a short summary of the response. */
  summary?: string;
  headers: HeaderModel[];
  content: MediaTypeModel[];
  pointer: string;
}

/** One alternative of an operation's security: every scheme named must be satisfied. */
export type SecurityRequirementModel = Record<string, string[]>;

export interface OperationModel {
  id: string;
  method: HttpMethod;
  path: string;
  pointer: string;
  summary?: string;
  description?: string;
  tags: string[];
  deprecated: boolean;
  parameters: ParameterModel[];
  requestBody?: RequestBodyModel;
  responses: ResponseModel[];
  /** Alternatives; empty means no credential is needed. */
  security: SecurityRequirementModel[];
  extensions: Record<string, unknown>;
}

export interface SecuritySchemeModel {
  name: string;
  type: 'apiKey' | 'http' | 'oauth2' | 'openIdConnect' | 'mutualTLS';
  /** apiKey: where the key travels and under which name. */
  in?: 'query' | 'header' | 'cookie';
  paramName?: string;
  /** http: "bearer", "basic", … */
  scheme?: string;
  description?: string;
  extensions: Record<string, unknown>;
  raw: Record<string, unknown>;
}

export interface ErrorBodyModel {
  schema: JsonSchema;
  /**
   * Where the message, the HTTP status, a machine code, details and a fresh request id go: a
   * property name, or a JSON pointer ("/errors/0/detail", a number making an array).
   */
  fields: { message?: string; status?: string; code?: string; details?: string; requestId?: string; field?: string };
  /** specforge's machine codes ("bad_request", …) to the interface's own ("INVALID_ARGUMENT", …). */
  codes?: Record<string, string>;
  /** Text before each generated request id ("req_"). */
  requestIdPrefix?: string;
}

export interface NamedSchemaModel {
  name: string;
  pointer: string;
  schema: JsonSchema;
}

export interface ContractModel {
  /** The interface's name: the folder that holds its contract. */
  api: string;
  /** Entry file path as shown to users and written into headers ("specs/echo/openapi.yaml"). */
  specPath: string;
  hash: string;
  version: OpenApiVersion;
  info: { title: string; version: string; description?: string };
  /** The bundled document, as written (not normalized). */
  document: Record<string, unknown>;
  schemas: NamedSchemaModel[];
  operations: OperationModel[];
  securitySchemes: SecuritySchemeModel[];
  errorBody?: ErrorBodyModel;
  /** The command line the contract describes (`x-specforge-cli`), as the run-time table. */
  cli?: CliSpec;
  extensions: Record<string, unknown>;
  warnings: Diagnostic[];
  /** Those of `warnings` that name an OpenAPI 3.2 feature read but not given its meaning (the mock says them at start). */
  unsupportedFeatures?: Diagnostic[];
  loaded: LoadedContract;
}
