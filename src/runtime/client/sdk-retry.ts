/**
 * When and how long the SDK waits before trying a call again (SdkRetryOptions): the options of the
 * client and the call merged, exponential backoff, `Retry-After`, and a wait that ends on abort.
 */
import type { SdkRetryOptions } from './sdk-types.js';

const DEFAULT_RETRY: Required<SdkRetryOptions> = {
  limit: 2,
  methods: ['GET', 'HEAD', 'OPTIONS', 'TRACE', 'PUT', 'DELETE'],
  statuses: [408, 413, 429, 500, 502, 503, 504],
  delay: 300,
  backoffLimit: 10_000,
  maxRetryAfter: 60_000,
};

export function retryOptions(client: SdkRetryOptions | false | undefined, call: SdkRetryOptions | false | undefined): Required<SdkRetryOptions> {
  if (call === false || (call === undefined && client === false)) return { ...DEFAULT_RETRY, limit: 0 };
  const merged = { ...DEFAULT_RETRY, ...(client || {}), ...(call || {}) };
  merged.limit = Math.max(0, Math.min(10, Math.floor(merged.limit)));
  merged.methods = merged.methods.map((m) => m.toUpperCase());
  return merged;
}

export function backoff(retry: Required<SdkRetryOptions>, attempt: number): number {
  return Math.min(retry.backoffLimit, retry.delay * 2 ** (attempt - 1));
}

/** Retry-After in ms: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d{1,10}$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
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
