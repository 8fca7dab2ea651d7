/**
 * The run time of the generated per-operation SDK (`sdk.ts`): one `request` that builds a call from an
 * operation's table (parameters by style, the body by media type, credentials by security scheme),
 * runs the middleware, retries what is safe to retry, and reads the answer into a result
 * discriminated by `ok` and the declared `status`. Browser-safe: no `node:` import, no Node.js global.
 */
import type { SecuritySchemeSpec } from '../shared/spec.js';
import { buildRequest, encodeBody, pickCredentials } from './sdk-request.js';
import { ApiError, readResult, type AnyResult } from './sdk-result.js';
import { discard, isAbort, mayRetry, nextWait, retryAfter, retryOptions, sleep } from './sdk-retry.js';
import type { SdkArgs, SdkClient, SdkClientOptions, SdkMiddleware, SdkOperation, SdkOutcome } from './sdk-types.js';
import type { ItemCheck } from './stream-items.js';

export type {
  SdkArgs,
  SdkBodyKind,
  SdkCallOptions,
  SdkClient,
  SdkClientOptions,
  SdkCredential,
  SdkFailure,
  SdkItemValidators,
  SdkMiddleware,
  SdkOperation,
  SdkOutcome,
  SdkParameter,
  SdkRequestContext,
  SdkRetryOptions,
  SdkSuccess,
} from './sdk-types.js';
export { ApiError, declaredStatus, unwrap, type ApiErrorOf } from './sdk-result.js';
export { retryAfter } from './sdk-retry.js';

/** A client for the operations of a contract whose security schemes are `schemes`. */
export function createSdk<Schemes extends string, ThrowOnError extends boolean = false>(
  schemes: Readonly<Record<Schemes, SecuritySchemeSpec>>,
  options: SdkClientOptions<Schemes, ThrowOnError> = {},
): SdkClient<Schemes, ThrowOnError> {
  for (const name of Object.keys(options.auth ?? {})) {
    if (!Object.hasOwn(schemes, name)) throw new Error(`no security scheme "${name}"; known: ${Object.keys(schemes).join(', ') || 'none'}`);
  }
  let middleware: SdkMiddleware[] = [...(options.middleware ?? [])];
  const client: SdkClient<Schemes, ThrowOnError> = {
    options,
    use: (...more) => void (middleware = [...middleware, ...more]),
    eject: (...less) => void (middleware = middleware.filter((m) => !less.includes(m))),
    async request<Result>(operation: SdkOperation, args: SdkArgs = {}): Promise<SdkOutcome<ThrowOnError, Result>> {
      const result = await call(schemes, options, middleware, operation, args);
      if (options.throwOnError === true && !result.ok) throw new ApiError(operation.id, result.status, result.error, result.response, true);
      return result as SdkOutcome<ThrowOnError, Result>;
    },
  };
  return client;
}

async function call(
  schemes: Readonly<Record<string, SecuritySchemeSpec>>,
  options: SdkClientOptions<string, boolean>,
  middleware: readonly SdkMiddleware[],
  operation: SdkOperation,
  args: SdkArgs,
): Promise<AnyResult> {
  const signal = args.signal;
  const retry = retryOptions(options.retry, args.retry);
  const credentials = await pickCredentials(schemes, options.auth ?? {}, operation.security);
  const body = encodeBody(operation, args);
  const streamBody = body.init instanceof ReadableStream;
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    signal?.throwIfAborted();
    let request = buildRequest(options, operation, args, credentials, body, signal);
    let response: Response | undefined;
    let failure: unknown;
    try {
      for (const m of middleware) request = (await m.onRequest?.({ request, operation, attempt })) ?? request;
      response = await (options.fetch ?? globalThis.fetch)(request);
      for (const m of [...middleware].reverse()) response = (await m.onResponse?.({ request, response, operation, attempt })) ?? response;
    } catch (error) {
      failure = error;
      for (const m of [...middleware].reverse()) {
        const recovered = await m.onError?.({ request, error, operation, attempt });
        if (recovered) {
          response = recovered;
          failure = undefined;
          break;
        }
      }
    }
    const retryable = mayRetry(retry, request, streamBody);
    if (response === undefined) {
      const wait = retryable && !signal?.aborted && !isAbort(failure) ? nextWait(retry, attempt, Date.now() - started, undefined) : undefined;
      if (wait === undefined) throw failure;
      await sleep(wait, signal);
      continue;
    }
    if (retryable && retry.statuses.includes(response.status)) {
      const wait = nextWait(retry, attempt, Date.now() - started, retryAfter(response.headers.get('retry-after')));
      if (wait !== undefined) {
        // Never awaited: a cancel may not settle (an MSW answer's does not).
        discard(response);
        await sleep(wait, signal);
        continue;
      }
    }
    const answer = response;
    // The stream reader comes with the operation's table, so a bundle of operations that answer no
    // stream carries none of it.
    const readItems = operation.readItems;
    return readResult(
      operation,
      answer,
      readItems &&
        ((table, status) =>
          readItems(
            answer,
            table,
            { ...args.stream, signal, validate: args.stream?.validate ?? itemValidator(options, operation.id, status, table.type) },
            (lastEventId) =>
              // Sent again as the same call, with the last event id the stream gave.
              call(schemes, options, middleware, operation, { ...args, headers: withLastEventId(args.headers, lastEventId) }).then((result) => result.response),
          )),
    );
  }
}

/** The validator `validateItems` has for a stream answer, when the client was given them. */
function itemValidator(options: SdkClientOptions<string, boolean>, id: string, status: string, type: string): ItemCheck | undefined {
  const table = options.validateItems;
  const op = table !== undefined && Object.hasOwn(table, id) ? table[id] : undefined;
  const byType = op?.responses !== undefined && Object.hasOwn(op.responses, status) ? op.responses[status] : undefined;
  return byType !== undefined && Object.hasOwn(byType, type) ? byType[type] : undefined;
}

function withLastEventId(headers: HeadersInit | undefined, lastEventId: string): Headers {
  const out = new Headers(headers);
  if (lastEventId !== '') out.set('last-event-id', lastEventId);
  return out;
}

/** The parameters of a call as a query key part: only path, query, header and cookie, without undefined values. */
export function keyParams(args: SdkArgs | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // A body is a QUERY's criteria (OpenAPI 3.2): part of what the read is; other reads have none.
  for (const where of ['path', 'query', 'header', 'cookie', 'body'] as const) {
    const group = args?.[where];
    if (group === undefined || group === null) continue;
    const clean = JSON.parse(JSON.stringify(group)) as unknown;
    if (clean !== null && typeof clean === 'object' && Object.keys(clean).length > 0) out[where] = clean;
  }
  return out;
}

/** What the invalidation helpers need of a TanStack QueryClient. */
export interface InvalidatingClient {
  invalidateQueries(filters: { queryKey: readonly unknown[] }): Promise<unknown>;
}

/**
 * Invalidates the cached answers of `operationIds` whose key's path parameters match those of
 * `args.path` named in `names` (the collection's own parameters; the others, such as an item's id,
 * are left out so the list's key matches too).
 */
export async function invalidateOperations(
  queryClient: InvalidatingClient,
  operationIds: readonly string[],
  names: readonly string[],
  args: unknown,
): Promise<void> {
  const given = args !== null && typeof args === 'object' ? (args as { path?: unknown }).path : undefined;
  const path: Record<string, unknown> = {};
  if (given !== null && typeof given === 'object') {
    for (const name of names) if (Object.hasOwn(given, name)) path[name] = (given as Record<string, unknown>)[name];
  }
  const filter = keyParams({ path });
  await Promise.all(operationIds.map((id) => queryClient.invalidateQueries({ queryKey: [id, filter] })));
}
