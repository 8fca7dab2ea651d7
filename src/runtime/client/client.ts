/**
 * The typed client behind generated `client.ts`: openapi-fetch over the generated `paths`, plus
 * credentials by security scheme name, placed where each scheme says (query, header, cookie,
 * Authorization: Bearer or Basic).
 */
import createClient, { type Client, type ClientOptions, type FetchResponse, type MaybeOptionalInit, type Middleware } from 'openapi-fetch';
import type { SecuritySchemeSpec } from '../shared/spec.js';
import { serializeQuerystring, type QuerystringEncoding } from './querystring.js';

/**
 * The client's options. `Schemes` are the contract's security scheme names: `auth` takes only those,
 * so a misspelled scheme is a compile error.
 */
export interface SpecforgeClientOptions<Schemes extends string = string> extends ClientOptions {
  /** Credentials by security scheme name: an API key, a token, or "user:password" for basic. */
  auth?: { [S in Schemes]?: string };
}

/**
 * The credentials each operation takes, keyed "METHOD /path/{template}": its security alternatives,
 * each a list of security scheme names ([] when it takes none); `default` for every operation not
 * listed.
 */
export interface OperationSecurityTable {
  default: string[][];
  operations?: Record<string, string[][]>;
}

/**
 * The credentials to send with one request: those of the first of the operation's alternatives
 * that every given credential satisfies; none for an operation that takes none, or when no
 * alternative is satisfied (as the SDK does). Without a table (code generated before it), every
 * credential given.
 */
function credentialsFor(credentials: Readonly<Record<string, string>>, table: OperationSecurityTable | undefined, key: string): Array<[string, string]> {
  if (table === undefined) return Object.entries(credentials);
  const alternatives = table.operations !== undefined && Object.hasOwn(table.operations, key) ? (table.operations[key] ?? []) : table.default;
  for (const names of alternatives) {
    if (names.every((name) => Object.hasOwn(credentials, name))) return names.map((name) => [name, credentials[name] as string]);
  }
  return [];
}

/** A middleware that adds the credentials each request's operation takes (with no table: all of them, to every request). */
export function credentialsMiddleware(
  schemes: Readonly<Record<string, SecuritySchemeSpec>>,
  credentials: Readonly<Record<string, string>>,
  security?: OperationSecurityTable,
): Middleware {
  return {
    onRequest({ request, schemaPath }) {
      const url = new URL(request.url);
      const next = new Request(url, request);
      const cookies: string[] = [];
      for (const [name, value] of credentialsFor(credentials, security, `${request.method} ${schemaPath}`)) {
        const scheme = schemes[name];
        if (!scheme) throw new Error(`no security scheme "${name}"; known: ${Object.keys(schemes).join(', ')}`);
        if (scheme.type === 'apiKey' && scheme.name) {
          // Appended as text, so a query string written whole (OpenAPI 3.2 querystring: JSON, say) stays as written.
          if (scheme.in === 'query' && url.searchParams.has(scheme.name)) url.searchParams.set(scheme.name, value);
          else if (scheme.in === 'query')
            url.search = `${url.search === '' ? '' : `${url.search.slice(1)}&`}${encodeURIComponent(scheme.name)}=${encodeURIComponent(value)}`;
          else if (scheme.in === 'header') next.headers.set(scheme.name, value);
          else cookies.push(`${scheme.name}=${encodeURIComponent(value)}`);
        } else if (scheme.type === 'http' && scheme.scheme === 'basic') {
          next.headers.set('authorization', `Basic ${base64(value)}`);
        } else {
          next.headers.set('authorization', `Bearer ${value}`);
        }
      }
      if (cookies.length > 0) next.headers.set('cookie', [next.headers.get('cookie'), ...cookies].filter(Boolean).join('; '));
      return url.href === request.url ? next : new Request(url, next);
    },
  };
}

/** How an operation's querystring parameter (OpenAPI 3.2) is written: its media type and `encoding`. */
export interface QuerystringSpec {
  contentType: string;
  encoding?: Record<string, QuerystringEncoding>;
}

/**
 * A middleware that writes the whole query string of the operations that take a querystring
 * parameter (keyed by "METHOD /path/{template}") from the call's `params.query`, by its media type.
 */
export function querystringMiddleware(table: Readonly<Record<string, QuerystringSpec>>): Middleware {
  return {
    onRequest({ request, schemaPath, params }) {
      const key = `${request.method} ${schemaPath}`;
      const spec = Object.hasOwn(table, key) ? table[key] : undefined;
      if (spec === undefined) return undefined;
      const url = new URL(request.url);
      url.search = serializeQuerystring(params.query, spec.contentType, spec.encoding);
      return new Request(url, request);
    },
  };
}

/** Base64 of the UTF-8 bytes of `text`, without Node's Buffer (the client runs in browsers too). */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The paths of `P` that take QUERY (OpenAPI 3.2). */
export type PathsWithQuery<P> = { [K in keyof P]: P[K] extends { query: object } ? K : never }[keyof P];
/** The QUERY operation of the path item `I`. */
type QueryOperation<I> = I extends { query: infer O extends Record<string | number, unknown> } ? O : never;

/**
 * QUERY (OpenAPI 3.2: safe, idempotent, its criteria in a body), which openapi-fetch's members stop
 * short of: `client.QUERY("/pets", { body })`, typed from the path's `query` operation as POST is.
 */
export interface QueryMethod<Paths> {
  QUERY<Path extends PathsWithQuery<Paths>, Init extends MaybeOptionalInit<Paths[Path], 'query' & keyof Paths[Path]>>(
    url: Path,
    init: Init & { [key: string]: unknown },
  ): Promise<FetchResponse<QueryOperation<Paths[Path]>, Init, `${string}/${string}`>>;
}

/** What createSpecforgeClient returns: openapi-fetch's client of `Paths` with QUERY; a generated client.ts names it as its return type. */
export type SpecforgeFetchClient<Paths extends {}> = Client<Paths> & QueryMethod<Paths>;

export function createSpecforgeClient<Paths extends {}, Schemes extends string = string>(
  schemes: Readonly<Record<Schemes, SecuritySchemeSpec>>,
  options: SpecforgeClientOptions<Schemes> = {},
  /** `querystringMiddleware(table)` where operations take a querystring parameter: passed in, so a client of other contracts bundles no querystring writer. */
  querystrings?: Middleware,
  security?: OperationSecurityTable,
): SpecforgeFetchClient<Paths> {
  const { auth, ...rest } = options;
  const client = createClient<Paths>(rest);
  // A table where the middleware belongs is a client.ts written before the middleware was passed
  // in: openapi-fetch would skip it, and every querystring would go unwritten without a word.
  if (querystrings !== undefined && typeof querystrings.onRequest !== 'function')
    throw new Error('createSpecforgeClient: the querystring argument is not a middleware (querystringMiddleware(querystrings)); regenerate client.ts');
  // First: the credentials middleware then adds an API key to the query string it wrote.
  if (querystrings !== undefined) client.use(querystrings);
  const credentials: Record<string, string> = {};
  for (const [name, value] of Object.entries(auth ?? {})) if (typeof value === 'string') credentials[name] = value;
  if (Object.keys(credentials).length > 0) client.use(credentialsMiddleware(schemes, credentials, security));
  // openapi-fetch's request() sends any method, upper-cased: QUERY.
  const request = client.request as unknown as (method: string, url: string, init: unknown) => Promise<never>;
  return Object.assign(client, { QUERY: (url: string, init: unknown) => request('query', url, init) }) as Client<Paths> & QueryMethod<Paths>;
}
