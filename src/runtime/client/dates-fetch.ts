/**
 * The type of the path-style client (openapi-fetch) with `client: { dates: true }`: openapi-fetch's
 * own `Readable` maps every object of an answer, a Date's methods included, so its calls' 2xx `data`
 * is typed here instead, from the dated paths and with specforge's Readable (which keeps a Date).
 * Parameters, bodies, errors and the other members are openapi-fetch's. Types only.
 */
import type { Client, FetchResponse, MaybeOptionalInit, ParseAsResponse } from 'openapi-fetch';
import type { Readable } from './read-write.js';

// QUERY (OpenAPI 3.2) is the path-style client's own member beside openapi-fetch's (client.ts).
type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace' | 'query';
type Methods = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'OPTIONS' | 'HEAD' | 'PATCH' | 'TRACE' | 'QUERY';
type OkStatus = 200 | 201 | 202 | 203 | 204 | 206 | 207 | '2XX';

type RequiredKeysOf<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type PathsWithMethod<P, M extends HttpMethod> = { [Path in keyof P]: P[Path] extends { [K in M]: unknown } ? Path : never }[keyof P];
type InitParam<Init> = RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];

/** The body of an operation's 2xx answers (their first media type). */
type Success<Op> = Op extends { responses: infer R }
  ? { [S in keyof R]: S extends OkStatus ? (R[S] extends { content: infer C } ? C[keyof C] : undefined) : never }[keyof R]
  : never;

type DatedResponse<Op, Init> =
  | { data: ParseAsResponse<Readable<Success<Op>>, Init>; error?: never; response: Response }
  | Extract<FetchResponse<Extract<Op, Record<string | number, unknown>>, Init, `${string}/${string}`>, { data?: never }>;

type DatedMethod<P, M extends HttpMethod> = <Path extends PathsWithMethod<P, M>, Init extends MaybeOptionalInit<P[Path], M & keyof P[Path]>>(
  url: Path,
  ...init: InitParam<Init>
) => Promise<DatedResponse<P[Path][M & keyof P[Path]], Init>>;

/** openapi-fetch's client over the dated paths `P`, its calls' 2xx data typed with Date where `P` says. */
export type DatedFetchClient<P extends {}> = Omit<Client<P>, Methods> & {
  [M in Methods]: DatedMethod<P, Lowercase<M>>;
};
