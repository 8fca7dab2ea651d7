/**
 * The tables that generated servers and mocks hand to the runtime: plain data derived from the
 * contract model, so the runtime never needs the contract itself.
 */

/** How a parameter's text is turned into a value before validation. */
export type ValueShape =
  | { type: 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'any' }
  | { type: 'array'; items: ValueShape }
  | { type: 'object'; properties: Record<string, ValueShape>; additional?: ValueShape };

export type ParameterIn = 'path' | 'query' | 'header' | 'cookie';

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
}

export interface OperationSpec {
  id: string;
  /** Upper case. */
  method: string;
  path: string;
  parameters: ParameterSpec[];
  body?: { required: boolean; types: string[] };
  /** Status ("200", "4XX", "default") to the media types it may carry. */
  responses: Record<string, { types: string[] }>;
  /** Alternatives; each names schemes that must all be satisfied with the listed scopes. */
  security: Array<Record<string, string[]>>;
}

export interface SecuritySchemeSpec {
  type: 'apiKey' | 'http' | 'oauth2' | 'openIdConnect' | 'mutualTLS';
  in?: 'query' | 'header' | 'cookie';
  name?: string;
  scheme?: string;
}

export interface ErrorBodySpec {
  fields: { message?: string; status?: string; code?: string; details?: string };
}

export interface ApiSpec {
  api: string;
  title: string;
  version: string;
  operations: OperationSpec[];
  securitySchemes: Record<string, SecuritySchemeSpec>;
  errorBody?: ErrorBodySpec;
}

/** What a mock answers for one operation when nothing else decides. */
export interface MockSpec {
  status: number;
  contentType?: string;
  /** Named examples of that response, in contract order. */
  examples: Array<{ name: string; value: unknown }>;
  /** A value sampled from the schema, when the response has a body but no example. */
  sample?: unknown;
  /** `x-specforge-mock.body`: a template evaluated per request. */
  template?: unknown;
  /** Examples of the other declared statuses, for callers that ask for them. */
  others?: Record<string, { contentType?: string; examples: Array<{ name: string; value: unknown }> }>;
}
