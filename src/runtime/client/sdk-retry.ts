/**
 * When and how long the SDK waits before trying a call again (SdkRetryOptions): the options of the
 * client and the call merged, which requests may be tried again (idempotent methods, or a POST or
 * PATCH that carries an idempotency key), exponential backoff, `Retry-After`, a total time no retry
 * starts past, and a wait that ends on abort.
 */
import type { SdkRetryOptions } from './sdk-types.js';

const DEFAULT_RETRY: Required<SdkRetryOptions> = {
  limit: 2,
  methods: ['GET', 'HEAD', 'OPTIONS', 'TRACE', 'PUT', 'DELETE', 'QUERY'],
  statuses: [408, 413, 429, 500, 502, 503, 504],
  delay: 300,
  backoffLimit: 10_000,
  maxRetryAfter: 60_000,
  maxElapsed: 10_000,
};

/** Headers whose presence makes a POST or PATCH safe to send again (the IETF Idempotency-Key draft, and its common variant). */
export const IDEMPOTENCY_HEADERS = ['idempotency-key', 'x-idempotency-key'] as const;

export function retryOptions(client: SdkRetryOptions | false | undefined, call: SdkRetryOptions | false | undefined): Required<SdkRetryOptions> {
  if (call === false || (call === undefined && client === false)) return { ...DEFAULT_RETRY, limit: 0 };
  const merged = { ...DEFAULT_RETRY, ...(client || {}), ...(call || {}) };
  merged.limit = Math.max(0, Math.min(10, Math.floor(merged.limit)));
  merged.methods = merged.methods.map((m) => m.toUpperCase());
  return merged;
}

/**
 * Whether `request` may be sent again: its method is one of `methods`, or it is a POST or PATCH
 * with an idempotency key; never a request whose body is a stream (it cannot be read twice).
 */
export function mayRetry(retry: Required<SdkRetryOptions>, request: Request, streamBody: boolean): boolean {
  if (retry.limit === 0 || streamBody) return false;
  const method = request.method.toUpperCase();
  if (retry.methods.includes(method)) return true;
  return (method === 'POST' || method === 'PATCH') && IDEMPOTENCY_HEADERS.some((h) => request.headers.has(h));
}

export function backoff(retry: Required<SdkRetryOptions>, attempt: number): number {
  return Math.min(retry.backoffLimit, retry.delay * 2 ** (attempt - 1));
}

/**
 * How long to wait before try `attempt + 1`, or undefined when there is none: past the limit, a
 * `Retry-After` longer than `maxRetryAfter`, or a wait that would end past `maxElapsed` since the
 * first try started (`elapsed`).
 */
export function nextWait(retry: Required<SdkRetryOptions>, attempt: number, elapsed: number, after: number | undefined): number | undefined {
  if (attempt > retry.limit) return undefined;
  if (after !== undefined && after > retry.maxRetryAfter) return undefined;
  const wait = after ?? backoff(retry, attempt);
  return elapsed + wait > retry.maxElapsed ? undefined : wait;
}

/** Retry-After in ms: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d{1,10}$/.test(text)) return Number(text) * 1000;
  if (text.length > 64) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Lets go of an answer's body without waiting: a cancel may never settle (an MSW answer's does
 * not), so it is started, never awaited, and its failure ignored.
 */
export function discard(response: Response): void {
  try {
    if (response.body && !response.bodyUsed) void response.body.cancel().catch(() => undefined);
  } catch {
    // A locked or broken stream: nothing to let go of.
  }
}

export function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
