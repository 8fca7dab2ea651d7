/**
 * The path-style client (openapi-fetch) with OpenAPI 3.2 streams: a call to an operation whose
 * answer is a stream of items resolves with `data` an `AsyncIterable` of the items, read as they
 * arrive (stream-items.ts); `stream` in the call's options bounds it, validates its items or
 * reconnects it with `Last-Event-ID`. The other calls are as they were. Browser-safe.
 */
import type { Client, FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import { streamItems, type StreamCallOptions, type StreamItemsTable } from './stream-items.js';

// QUERY (OpenAPI 3.2) is the path-style client's own member beside openapi-fetch's (client.ts).
type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace' | 'query';
type Methods = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'OPTIONS' | 'HEAD' | 'PATCH' | 'TRACE' | 'QUERY';
type OkStatus = 200 | 201 | 202 | 203 | 204 | 206 | 207 | '2XX';

type RequiredKeysOf<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type PathsWithMethod<P, M extends HttpMethod> = { [Path in keyof P]: P[Path] extends { [K in M]: unknown } ? Path : never }[keyof P];
type CallInit<Init> = Init & { [key: string]: unknown } & { stream?: StreamCallOptions };
type InitParam<Init> = RequiredKeysOf<Init> extends never ? [CallInit<Init>?] : [CallInit<Init>];

/** The item of an operation's 2xx stream answers (types.ts types a stream's content by its item). */
type Item<Op> = Op extends { responses: infer R }
  ? { [S in keyof R]: S extends OkStatus ? (R[S] extends { content: infer C } ? C[keyof C] : never) : never }[keyof R]
  : never;

type Response_<Op, Init> = FetchResponse<Extract<Op, Record<string | number, unknown>>, Init, `${string}/${string}`>;

/** A streamed operation's result: its items on success, openapi-fetch's error otherwise. */
type StreamedResponse<Op, Init> = { data: AsyncIterable<Item<Op>>; error?: never; response: Response } | Extract<Response_<Op, Init>, { data?: never }>;

/** The paths of `S` (PathsStreams) whose method `M` streams. */
type StreamedPaths<P, M extends HttpMethod, S> = {
  [Path in keyof S]: M extends keyof S[Path] ? (Path extends PathsWithMethod<P, M> ? Path : never) : never;
}[keyof S];

/** A call to a streamed operation: its items on success. */
type StreamedMethod<P, M extends HttpMethod, S> = <Path extends StreamedPaths<P, M, S>, Init extends MaybeOptionalInit<P[Path], M & keyof P[Path]>>(
  url: Path,
  ...init: InitParam<Init>
) => Promise<StreamedResponse<P[Path][M & keyof P[Path]], Init>>;

/**
 * The client `Base` (openapi-fetch's over `P`, or the dated one) where the operations `S` names
 * (`{ "/path": { post: true } }`, generated as PathsStreams) answer an `AsyncIterable` of their
 * items: each method is an overload for those paths first, then `Base`'s own for every other.
 */
export type StreamedFetchClient<P extends {}, S, Base extends object = Client<P>> = Omit<Base, Methods> & {
  [M in Methods]: StreamedMethod<P, Lowercase<M>, S> & (M extends keyof Base ? Base[M] : never);
};

/** A streamed operation's answers by status ("200", "2XX", "default"), keyed by "METHOD /path" in the generated table. */
export type StreamsTable = Readonly<Record<string, Readonly<Record<string, StreamItemsTable>>>>;

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE', 'QUERY'] as const;

type Call = (path: string, init?: Record<string, unknown>) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

function declared(answers: Readonly<Record<string, StreamItemsTable>>, status: number): StreamItemsTable | undefined {
  for (const key of [String(status), `${String(status)[0] ?? ''}XX`, 'default']) if (Object.hasOwn(answers, key)) return answers[key];
  return undefined;
}

function withLastEventId(headers: unknown, lastEventId: string): Headers {
  const out = new Headers();
  if (headers instanceof Headers) headers.forEach((value, name) => out.set(name, value));
  else if (headers !== null && typeof headers === 'object')
    for (const [name, value] of Object.entries(headers)) if (value !== undefined && value !== null) out.set(name, String(value));
  if (lastEventId !== '') out.set('last-event-id', lastEventId);
  return out;
}

/** `client` (openapi-fetch's, or the dated one) with the streamed operations of `table` answering their items (see StreamedFetchClient). */
export function streamingClient<P extends {}, S, Base extends object = Client<P>>(client: Base, table: StreamsTable): StreamedFetchClient<P, S, Base> {
  const out: Record<string, unknown> = { ...(client as unknown as Record<string, unknown>) };
  for (const method of METHODS) {
    const call: unknown = (client as unknown as Record<string, unknown>)[method];
    if (typeof call !== 'function') continue;
    const send = (path: string, init?: Record<string, unknown>): ReturnType<Call> => (call as Call).call(client, path, init);
    out[method] = async (path: string, init?: Record<string, unknown>): Promise<unknown> => {
      const key = `${method} ${path}`;
      const answers = Object.hasOwn(table, key) ? table[key] : undefined;
      if (answers === undefined) return send(path, init);
      const { stream, ...rest } = init ?? {};
      const options = (stream ?? {}) as StreamCallOptions;
      // The body is left unread: its items are handed out as they arrive.
      const request = { ...rest, parseAs: rest['parseAs'] ?? 'stream' };
      const result = await send(path, request);
      const items = declared(answers, result.response.status);
      if (!result.response.ok || items === undefined || rest['parseAs'] !== undefined) return result;
      const signal = rest['signal'] instanceof AbortSignal ? rest['signal'] : undefined;
      const data = streamItems(result.response, items, { ...options, signal }, async (lastEventId) => {
        const again = await send(path, { ...request, headers: withLastEventId(rest['headers'], lastEventId) });
        return again.response;
      });
      return { data, response: result.response };
    };
  }
  return out as unknown as StreamedFetchClient<P, S, Base>;
}
