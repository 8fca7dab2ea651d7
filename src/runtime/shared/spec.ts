/**
 * The tables that generated servers and mocks hand to the runtime: plain data derived from the
 * contract model, so the runtime never needs the contract itself.
 */
import type { StreamFraming } from './stream-media.js';
import type { PartEncodingSpec } from './stream-parts.js';

/** How a parameter's text is turned into a value before validation. */
export type ValueShape =
  | { type: 'string' | 'number' | 'integer' | 'null' | 'any' }
  | { type: 'boolean'; truthy?: string[]; falsy?: string[] }
  | { type: 'array'; items: ValueShape }
  | { type: 'object'; properties: Record<string, ValueShape>; additional?: ValueShape; scalar?: ValueShape };

/** How one property of a form body is serialized (the media type's `encoding` entry). */
export interface FormEncoding {
  style?: string;
  explode?: boolean;
  contentType?: string;
}

/** How a form body (application/x-www-form-urlencoded or multipart/form-data) is read: the shape of its object, and `encoding`. */
export interface FormSpec {
  shape: ValueShape;
  encoding?: Record<string, FormEncoding>;
}

/** `querystring` (OpenAPI 3.2): the whole query string as one value, read by `contentType`. */
export type ParameterIn = 'path' | 'query' | 'querystring' | 'header' | 'cookie';

export interface ParameterSpec {
  name: string;
  in: ParameterIn;
  required: boolean;
  style: string;
  explode: boolean;
  allowReserved?: boolean;
  shape: ValueShape;
  /** When the parameter is a serialized media type (`content`), e.g. "application/json". */
  contentType?: string;
  /** A `querystring` parameter's form `encoding`: how each property of the query string's object is serialized. */
  encoding?: Record<string, FormEncoding>;
  /** `base64-json`: the value is base64-encoded JSON, decoded before validation (x-specforge-base64-json). */
  decode?: 'base64-json';
  /** A path parameter whose value may contain "/" (x-specforge-multi-segment). */
  multiSegment?: boolean;
  /** An optional parameter that becomes required in some requests (x-specforge-required-when). */
  requiredWhen?: RequiredWhenSpec;
}

/**
 * When an optional parameter is required: the caller's credential is of one of `credentialKinds`
 * (x-specforge-policy), or one of the `present` parameters is in the request. A request that meets
 * the condition without the parameter is answered `status` with the error code `code`.
 */
export interface RequiredWhenSpec {
  credentialKinds?: string[];
  present?: Array<{ in: ParameterIn; name: string }>;
  status: number;
  code: string;
  message: string;
}

/** Which kinds of credential may call an operation (x-specforge-policy), and the answer otherwise. */
export interface OperationPolicySpec {
  allow: string[];
  status: number;
  code: string;
  message: string;
}

/**
 * x-specforge-policy at the document root: the security scheme whose credential is classified, and
 * the credential kinds in order. A credential is of the first kind whose pattern it matches, unless
 * a verifier names its kind; a kind without a pattern is named by verifiers only.
 */
export interface PolicySpec {
  scheme: string;
  kinds: Array<{ name: string; pattern?: string }>;
}

/**
 * How the items of a stream media type are framed (see `streamFraming`); for multipart/mixed, the
 * parts' encodings too (its own fields are itemEncoding's, `prefix` is prefixEncoding: see
 * stream-parts.ts).
 */
export interface StreamItemsSpec extends PartEncodingSpec {
  framing: StreamFraming;
  /** Server-sent events whose `data` carries JSON: the handler gives it parsed, the writer stringifies it. */
  jsonData?: true;
  /** multipart/mixed: each part's Content-Type (`itemEncoding.contentType`). */
  contentType?: string;
}

/** One declared response of an operation, as the server reads it. */
export interface ResponseSpec {
  types: string[];
  ndjson?: string[];
  /** Media type to how it streams items (OpenAPI 3.2 `itemSchema`). */
  items?: Record<string, StreamItemsSpec>;
}

export interface OperationSpec {
  id: string;
  /** Upper case. */
  method: string;
  path: string;
  parameters: ParameterSpec[];
  body?: { required: boolean; types: string[]; forms?: Record<string, FormSpec> };
  /**
   * Status ("200", "4XX", "default") to the media types it may carry, which are NDJSON streams
   * (x-specforge-stream: chunks sent as the handler gives them) and which stream items (OpenAPI 3.2
   * `itemSchema`: each item framed and validated, see src/runtime/shared/stream-media.ts).
   */
  responses: Record<string, ResponseSpec>;
  /** Alternatives; each names schemes that must all be satisfied with the listed scopes. */
  security: Array<Record<string, string[]>>;
  /** The credential kinds that may call the operation (x-specforge-policy). */
  policy?: OperationPolicySpec;
  /**
   * Error answers built from the schema the operation declares for the status (response key to
   * template), decided when the tables are made; absent where x-specforge-error or the
   * interface-wide shape applies.
   */
  errors?: Record<string, ErrorTemplate>;
}

/**
 * How an error answer is built from the schema of its status, node by node: a constant sampled
 * from the schema (`value`), the error's message (`message`: with the details' text when the body
 * has no place for details; `title`: alone; either cut to `max` characters where the schema bounds
 * it), its status (where the schema lists the statuses it allows, `only`, one of them: the
 * status itself when listed, else the first; an answer no operation declares sends its own), its code, a fresh request id, an object, or an array of the error's details
 * (`details`, at least `min` items) whose items read one detail's `message`, `pointer` (or parameter
 * name), `name` (or pointer) and `in`. A `detail` outside such an array reads the error's first
 * detail, and is left out when the error has none. Decided by the error-shape engine
 * (src/contract/tables/error-shapes.ts).
 */
export type ErrorTemplate =
  | { t: 'value'; value: unknown }
  | { t: 'message'; max?: number }
  | { t: 'title'; max?: number }
  | { t: 'status'; string?: boolean; only?: number[] }
  | { t: 'code' }
  | { t: 'requestId' }
  | { t: 'object'; props: Array<[string, ErrorTemplate]> }
  | { t: 'details'; item: ErrorTemplate; min: number }
  | { t: 'detail'; field: 'message' | 'pointer' | 'name' | 'in' };

export interface SecuritySchemeSpec {
  type: 'apiKey' | 'http' | 'oauth2' | 'openIdConnect' | 'mutualTLS';
  in?: 'query' | 'header' | 'cookie';
  name?: string;
  scheme?: string;
}

export interface ErrorBodySpec {
  /** A property name, or a JSON pointer into the body ("/errors/0/detail"; a number makes an array). */
  fields: { message?: string; status?: string; code?: string; details?: string; requestId?: string; field?: string };
  /** The status is sent as a string ("404"), as the error schema says. */
  statusAsString?: boolean;
  /** specforge's machine codes to the interface's own. */
  codes?: Record<string, string>;
  /** Text before each generated request id. */
  requestIdPrefix?: string;
}

export interface ApiSpec {
  api: string;
  title: string;
  version: string;
  operations: OperationSpec[];
  securitySchemes: Record<string, SecuritySchemeSpec>;
  /** The explicit error shape (x-specforge-error, or the config's `errors:`). */
  errorBody?: ErrorBodySpec;
  /**
   * Without an explicit shape, the interface's error shape inferred from its error responses: the
   * body of answers no operation declares a schema for. Absent when specforge's own shape applies.
   */
  errorTemplate?: ErrorTemplate;
  /** How credentials are classified for the operations' policies (x-specforge-policy). */
  policy?: PolicySpec;
  /**
   * The path of the contract's first `servers[].url` (`/api/v1`), when it has one: the server's
   * default `basePath`. Absent when the URL has no path (or names a variable without a default).
   */
  basePath?: string;
  /** An optional `/v<major>.<minor>` path prefix and the versions it may name (x-specforge-dialect). */
  versionPrefix?: { min: string; max: string };
  /** Authorization schemes accepted in place of `Bearer` (x-specforge-dialect `bearerAliases`, e.g. "token"). */
  bearerAliases?: string[];
  /** Status of a request whose body breaks the contract (x-specforge-dialect `invalidBodyStatus`; default 400). */
  invalidBodyStatus?: number;
}

export interface MockExample {
  name: string;
  value: unknown;
  /** A stream's example given only as a serializedValue (OpenAPI 3.2): its text, sent as is. */
  text?: string;
  /** Where the example lives in the contract, for messages. */
  pointer: string;
}

/** One declared response of an operation, as the mock engine needs it. */
export interface MockResponse {
  /** Response key: "200", "4XX" or "default". */
  key: string;
  /** Status sent for this response ("4XX" is sent as 400, "default" as 500 unless asked otherwise). */
  status: number;
  contentType?: string;
  examples: MockExample[];
  /** A value sampled from the schema, when the response has a body but no example. */
  sample?: unknown;
  /**
   * Whether `sample` satisfies the response's validator, when that was checked before (at generation
   * for validators compiled on first use, or at an earlier start of the mock): the mock then answers
   * the sample without compiling the validator. Absent: checked on first use.
   */
  sampleValid?: boolean;
  /** The body schema (normalized), for `dynamic=true`. */
  schema?: unknown;
  /** Declared response headers with their example (or sampled) values. */
  headers?: Record<string, string>;
  pointer: string;
  /**
   * The media type streams items (OpenAPI 3.2 `itemSchema`): its framing, and ONE item's schema as
   * validated (an event's JSON data as its contentSchema). Examples are then lists of items.
   */
  items?: StreamItemsSpec & { schema: unknown };
}

export interface MockOperation {
  /** Key of the response answered by default: the lowest 2xx. */
  primary?: string;
  responses: Record<string, MockResponse>;
  /** `x-specforge-mock.body`: a template evaluated per request. */
  template?: unknown;
  /** `x-specforge-mock.headers`: response header templates evaluated per request. */
  headers?: Record<string, unknown>;
  /** `x-specforge-mock.pagination`: the array the template gives is cut into pages (stateful mode). */
  pagination?: PaginationSpec;
}

/** A transition (or a guard, without `to`) of a resource's state machine, for one operation. */
export interface TransitionSpec {
  /** States the resource must be in; absent means any. */
  from?: string[];
  /** States the resource must not be in. */
  notFrom?: string[];
  /** The state after the operation. */
  to?: string;
  /** Other fields set by the transition (dotted path to a value or template), e.g. `State.Running: true`. */
  set?: Record<string, unknown>;
  /** Fields that must be present (not null) for the transition. */
  requires?: string[];
  /** Fields the transition removes. */
  unset?: string[];
  /** Array fields from which the transition removes a value (a template); the value must be there. */
  pull?: Record<string, unknown>;
  /** Status answered when the precondition fails (default 409). */
  otherwise: number;
  /**
   * The guarded resource is reached through another one named by the path: find `resource` by its
   * path parameter, then this resource by the id in its `field` (an exec's container, say).
   */
  through?: { resource: string; field: string };
}

/**
 * A state that moves on by itself: through `steps`, one step per `reads` reads of the document, or
 * one step per `ms` milliseconds; `set` gives fields (templates) set when a step is reached.
 */
export interface ProgressSpec {
  steps: string[];
  every: { reads: number } | { ms: number };
  set?: Record<string, Record<string, unknown>>;
}

/** How a list is cut into pages: numbered pages with a `Link` header, or opaque page tokens. */
export type PaginationSpec =
  | { style: 'page'; size: string; page: string; defaultSize: number; link?: string }
  | { style: 'token'; size: string; token: string; next: string; total?: string; defaultSize?: number };

/** A resource collection declared with `x-specforge-resources`. */
export interface ResourceSpec {
  name: string;
  /** Dotted path of the id inside a stored document. */
  idField: string;
  /** Path parameter that names the resource in item operations. */
  idParam: string;
  /** Other fields that also identify a resource (a name, say); array fields match any element. */
  aliases: string[];
  /** Forms an alias may take beyond the value asked for, with {} for it (e.g. "/{}", "{}:latest"). */
  aliasForms?: string[];
  /** How created ids are made. */
  generate: 'uuid' | 'hex64' | 'integer' | 'sha256';
  operations: {
    create?: string;
    list?: string;
    /**
     * QUERY on the collection (OpenAPI 3.2): the list, searched by its JSON body: each top-level
     * field whose name the documents have keeps those equal to it (any of an array's values), and a
     * numeric `limit` the documents lack caps the count.
     */
    search?: string;
    read?: string;
    update?: string;
    /** Replaces the whole document (fields absent from the body are dropped, except `keep`). */
    replace?: string;
    delete?: string;
  };
  /**
   * Operations that stream items (OpenAPI 3.2 `itemSchema`) about one stored document, found by
   * `idParam` as a read finds it (no such document: 404): each item carries the document's values
   * where the item (an event's JSON data) has a property of the same name, and its id where the
   * property is named as `idParam`; the stream ends when the document is deleted.
   */
  streams?: string[];
  /**
   * The collection is split by parents named in the path (an organization, a project and dataset):
   * document field (dotted) to a `$format` string of the request; ids are unique within a parent.
   */
  scope?: { fields: Record<string, string>; ignoreCase?: boolean };
  /** Creates and updates answer the stored document (default: the documented example's fields, filled from it). */
  showDocument?: boolean;
  /**
   * Inferred from CRUD-shaped paths (not declared with x-specforge-resources): a request whose
   * document the collection cannot keep under the contract is answered as by the stateless mock.
   */
  inferred?: boolean;
  /** Fields kept in the store but never shown in responses (bookkeeping of the mock). */
  hidden?: string[];
  /** Sources (`query.exclude`, `body.exclude`) listing top-level fields to leave out of responses. */
  omit?: string[];
  /** Fields an update or replace may not change, and the status answered when it tries. */
  immutable?: { fields: string[]; status: number };
  /** Fields a replace keeps from the stored document (server-owned fields). */
  keep?: string[];
  /** Values set on an updated or replaced document (templates evaluated with it as `resource`). */
  updateSet?: Record<string, unknown>;
  pagination?: PaginationSpec;
  /** For list responses that wrap the array in an object: the property that holds it. */
  listField?: string;
  /** A template for a created document's fields (instead of merging the request body in). */
  createFrom?: unknown;
  /** Values set on a created document, evaluated against the request (templates with $from). */
  createSet?: Record<string, unknown>;
  /** A template for each list item, evaluated with the stored document as `resource`. */
  listItem?: unknown;
  /**
   * Which documents a list shows by default: those whose `field` is one of `in`, unless the query
   * parameter `unlessQuery` is true (the engine's `all`).
   */
  listFilter?: { field: string; in: string[]; unlessQuery?: string };
  /** Status when a create names an id that exists (default 409). */
  conflict: number;
  /** The documents a reset starts from. */
  seed: unknown[];
  /** The document a created resource starts from before the request body is merged in. */
  template?: unknown;
  state?: {
    field: string;
    initial: string;
    transitions: Record<string, TransitionSpec>;
    progress?: ProgressSpec;
  };
  /** Refuse deletion while other resources refer to this one (a volume a container mounts, say). */
  inUse?: { status: number; by: Array<{ resource: string; field: string; forms: string[] }> };
  /** Ids of documents that cannot be deleted or changed, and the status answered (e.g. 403). */
  protected?: { ids: string[]; status: number };
}

/** x-specforge-events: the streaming operation, and the event each operation emits when it succeeds. */
export interface EventsSpec {
  operation: string;
  /** Query parameters of the streaming operation that bound it in time (UNIX seconds). */
  since?: string;
  until?: string;
  /** operationId to an event template, evaluated with the operation's stored `resource`. */
  emit: Record<string, unknown>;
  /** The stream's filter parameter and how each filter name matches an event. */
  filters?: EventFiltersSpec;
}

/**
 * `filters: { parameter, match: { <name>: { fields, when?, labels? } } }`: a request's filter (a map
 * of name to values) keeps the events that, for every name it gives, match one of its values: a
 * value matches when one of `fields` (dotted paths into the event) equals it, and every `when`
 * field holds its value; with `labels`, a value `key` or `key=value` matches the attributes there.
 */
export interface EventFiltersSpec {
  parameter: string;
  match: Record<string, { fields?: string[]; when?: Record<string, string>; labels?: string }>;
}

/** A response written once in `MockTablesData.shared`, named by each operation that answers it. */
export interface SharedMockResponse {
  key: string;
  status: number;
  /** Key in `shared`. */
  shared: string;
}

/** An example written once in `MockTablesData.examples`, named where it is used. */
export interface SharedMockExample {
  /** Key in `examples`. */
  example: string;
}

/** A response as a generated mocks module writes it: its examples may be shared ones. */
export type MockResponseData = Omit<MockResponse, 'examples'> & { examples: Array<MockExample | SharedMockExample> };

/**
 * MockTables as a generated mocks module writes them: a response several operations share, and an
 * example several responses share, are written once.
 */
export interface MockTablesData extends Omit<MockTables, 'operations'> {
  operations: Record<string, Omit<MockOperation, 'responses'> & { responses: Record<string, MockResponseData | SharedMockResponse> }>;
  shared?: Record<string, Omit<MockResponseData, 'key' | 'status'>>;
  examples?: Record<string, MockExample>;
}

/** What a generated mocks module carries: per-operation responses, schemas for sampling, resources. */
export interface MockTables {
  operations: Record<string, MockOperation>;
  events?: EventsSpec;
  /** Normalized schemas by internal $ref ("#/components/schemas/X"), for sampling. */
  schemas: Record<string, unknown>;
  resources: ResourceSpec[];
}
