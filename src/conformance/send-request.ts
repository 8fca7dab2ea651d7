/**
 * Sending one request of a conformance run and reading its answer within bounds: credentials
 * applied (an obtained one refreshed once on a 401), never off the base URL's origin, a deadline on
 * the answer and on its body, a size limit, JSON parsed only when it nests no deeper than the limit,
 * and what the server echoes of a credential redacted before anything quotes it.
 */
import type { ContractModel } from '../contract/model.js';
import { nestsDeeper } from '../runtime/server/body/json-text.js';
import type { ReceivedResponse, SentRequest } from './checks.js';
import { readStream, type AnswerStream, type StreamBounds } from './stream-check.js';
import type { Redactor } from './redact.js';
import { applyCredentials, type ExampleRequest } from './requests.js';
import type { ConformanceOptions, ConformanceReport, Phase } from './types.js';

/** What sending needs of the run's state (exchange.ts, RunContext). */
export interface SendState {
  readonly options: ConformanceOptions;
  readonly model: ContractModel;
  readonly base: URL;
  /** Operations that answer a stream (events, followed logs): read briefly, never to their end. */
  readonly streaming: ReadonlySet<string>;
  /** Its request count goes up with each request sent. */
  readonly report: ConformanceReport;
  readonly maxResponseBytes: number;
  readonly maxJsonDepth: number;
  /** Read at the moment an answer is recorded (obtained tokens included). */
  readonly redact: Redactor;
  /** What a recorded exchange is filed under. */
  readonly phase: Phase;
  /** How much of an OpenAPI 3.2 stream of items is read. */
  readonly streamBounds: StreamBounds;
  /** How an answer streams items, and the validator of one item, when it does (exchange.ts). */
  itemStream(operationId: string, status: number, contentType: string): { stream: AnswerStream; valid?: (item: unknown) => boolean } | undefined;
}

/** One request as sent, and its answer or why there is none. */
export interface SendResult {
  sent: SentRequest;
  response?: ReceivedResponse;
  error?: string;
}

/** Times a request answered 429 is sent again; the longest Retry-After waited for; the most a run waits in all. */
const RATE_LIMIT_RETRIES = 2;
const MAX_RETRY_AFTER_MS = 5000;
const MAX_RUN_WAIT_MS = 30_000;
const waited = new WeakMap<SendState, number>();

/**
 * Sends a request with the run's credentials (sendAuthorized); one answered 429 (too many
 * requests) is sent again after its Retry-After (1 s without one), when that is short
 * (MAX_RETRY_AFTER_MS) and the run has not waited long in all: a rate limit says nothing of the
 * request, and a 429 that persists is judged as no verdict (checks.ts, invalidDataJudged).
 */
export async function sendRequest(state: SendState, request: ExampleRequest, origin: string): Promise<SendResult> {
  let result = await sendAuthorized(state, request, origin);
  for (let retry = 0; retry < RATE_LIMIT_RETRIES && result.response?.status === 429; retry++) {
    const wait = retryAfterMs(result.response.headers['retry-after']);
    const total = waited.get(state) ?? 0;
    if (wait === undefined || total + wait > MAX_RUN_WAIT_MS) break;
    waited.set(state, total + wait);
    await new Promise((ok) => setTimeout(ok, wait));
    result = await sendAuthorized(state, request, origin);
  }
  return result;
}

/** The wait a Retry-After asks for (seconds, or an HTTP date), in milliseconds; undefined past MAX_RETRY_AFTER_MS or unreadable. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return 1000;
  const text = value.trim();
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
  if (!Number.isFinite(ms)) return undefined;
  const wait = Math.max(0, ms);
  return wait <= MAX_RETRY_AFTER_MS ? wait : undefined;
}

/** Sends a request with the run's credentials: an obtained one (`tokens`) is fetched, and fetched again once after a 401. */
async function sendAuthorized(state: SendState, request: ExampleRequest, origin: string): Promise<SendResult> {
  const tokens = state.options.tokens;
  if (!tokens || state.options.dryRun) return sendOnce(state, request, origin);
  let obtained: Readonly<Record<string, string>>;
  try {
    obtained = await tokens.current();
  } catch (error) {
    return {
      sent: { operationId: request.operationId, method: request.method, url: request.url, headers: request.headers, origin },
      error: `no credential: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const withToken = applyCredentials(state.model, request, obtained);
  const first = await sendOnce(state, withToken, origin);
  // A 401 to a request that carried an obtained credential: it may have expired; a new one is
  // fetched once and the request sent again. (A request without one, of the security phase, is not retried.)
  const carried = withToken.url !== request.url || JSON.stringify(withToken.headers) !== JSON.stringify(request.headers);
  if (first.response?.status !== 401 || !carried) return first;
  let changed = false;
  try {
    changed = await tokens.refresh();
  } catch {
    return first;
  }
  return changed ? sendOnce(state, applyCredentials(state.model, request, await tokens.current()), origin) : first;
}

async function sendOnce(state: SendState, request: ExampleRequest, origin: string): Promise<SendResult> {
  const options = state.options;
  if (options.auth) request = applyCredentials(state.model, request, options.auth);
  const sent: SentRequest = {
    operationId: request.operationId,
    method: request.method,
    url: request.url,
    headers: { ...request.headers, ...options.headers },
    origin,
  };
  if (request.body !== undefined) sent.body = request.body;
  options.onRequest?.(sent);
  if (options.dryRun) return { sent };
  const url = new URL(state.base.href.replace(/\/$/, '') + request.url);
  // Never a request off the base URL's origin, whatever a contract's path or a parameter holds.
  if (url.origin !== state.base.origin) return { sent, error: `refused to send a request outside ${state.base.origin}` };
  let req: Request;
  try {
    const init: RequestInit = { method: request.method, headers: sent.headers, redirect: 'manual', signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) };
    if (request.body !== undefined) init.body = request.body;
    req = new Request(url, init);
  } catch (error) {
    return { sent, error: `not sendable: ${error instanceof Error ? error.message : String(error)}` };
  }
  state.report.requests++;
  const t0 = performance.now();
  try {
    const streams = state.streaming.has(request.operationId);
    // An operation that streams (events, followed logs) may hold its answer until something happens:
    // a short wait, and silence is not a fault.
    let res: Response;
    try {
      // An OpenAPI 3.2 stream of items may take up to its time bound to begin (the first token of a completion).
      const items =
        streams && state.model.operations.find((o) => o.id === request.operationId)?.responses.some((r) => r.content.some((c) => c.itemSchema !== undefined));
      const timeout = options.timeoutMs ?? 10_000;
      res = await withDeadline(options.fetch(req), !streams ? timeout : Math.min(timeout, items === true ? Math.max(1000, state.streamBounds.ms) : 1000));
    } catch (error) {
      if (streams && error instanceof DeadlineError) return { sent, error: 'not sendable: a stream that stayed silent' };
      throw error;
    }
    // An OpenAPI 3.2 stream of items: read item by item within bounds (stream-check.ts).
    const items = state.itemStream(request.operationId, res.status, res.headers.get('content-type') ?? '');
    if (items) return await readItems(state, { sent, res, t0, ...items });
    const streaming = /event-stream|raw-stream|multiplexed-stream|x-ndjson|json-seq/i.test(res.headers.get('content-type') ?? '');
    // A stream (events, logs that follow) is read for a moment, not to its end.
    const read = await readText(res, streaming || streams ? 300 : (options.timeoutMs ?? 10_000), state.maxResponseBytes);
    const headers: Record<string, string> = {};
    // Each Set-Cookie comes on its own: kept together, as other repeated headers are.
    res.headers.forEach((v, k) => (headers[k] = headers[k] === undefined ? v : `${headers[k]}, ${v}`));
    const contentType = res.headers.get('content-type') ?? '';
    // What the report may show of the body: a credential the server echoes is replaced here,
    // before any message quotes a slice of it.
    const response: ReceivedResponse = {
      status: res.status,
      headers,
      text: state.redact.text(read.text),
      contentType,
      elapsedMs: Math.round(performance.now() - t0),
    };
    if (read.overflow && !streaming && !streams) {
      response.unchecked = `the response body exceeds ${state.maxResponseBytes} bytes (--max-response-size); not checked`;
    } else if (read.late && !streaming && !streams) {
      // A body still arriving when the time is up is cut where reading stopped: said so, never "not JSON".
      response.unchecked = `the response body was still arriving after ${options.timeoutMs ?? 10_000} ms (--timeout): truncated at ${read.bytes} bytes; not checked`;
    } else if (/json/i.test(contentType) && read.text.length > 0) {
      // Nesting deeper than any answer needs would exhaust the stack of the validators: refused
      // before parsing, as the generated server refuses such a request.
      if (nestsDeeper(read.text, state.maxJsonDepth)) {
        response.unchecked = `the response body nests deeper than ${state.maxJsonDepth} levels; not checked`;
      } else {
        try {
          response.json = JSON.parse(read.text) as unknown;
        } catch {
          // Reported by response_schema_conformance.
        }
      }
    }
    options.onExchange?.({ phase: state.phase, sent, response, ...(read.overflow ? { truncated: true } : {}), ...(read.late ? { late: true } : {}) });
    return { sent, response };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    options.onExchange?.({ phase: state.phase, sent, error: message });
    return { sent, error: message };
  }
}

/** The headers of an answer, repeated ones joined with ", " (each Set-Cookie comes on its own). */
function answerHeaders(res: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => (headers[k] = headers[k] === undefined ? v : `${headers[k]}, ${v}`));
  return headers;
}

/**
 * Reads an answer that streams items (OpenAPI 3.2 `itemSchema`) item by item, within the run's
 * stream bounds, stopping at the first item the item validator refuses; the bytes read are kept
 * (up to --max-response-size) as the body reports show, redacted.
 */
async function readItems(
  state: SendState,
  answer: { sent: SentRequest; res: Response; t0: number; stream: AnswerStream; valid?: (item: unknown) => boolean },
): Promise<SendResult> {
  const { sent, res, t0 } = answer;
  const chunks: Uint8Array[] = [];
  let kept = 0;
  const body =
    res.body?.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          if (kept < state.maxResponseBytes) {
            chunks.push(chunk.subarray(0, state.maxResponseBytes - kept));
            kept += Math.min(chunk.byteLength, state.maxResponseBytes - kept);
          }
          controller.enqueue(chunk);
        },
      }),
    ) ?? null;
  const read = await readStream(body, answer.stream, state.streamBounds, {
    idleMs: state.options.timeoutMs ?? 10_000,
    ...(answer.valid ? { valid: answer.valid } : {}),
  });
  const response: ReceivedResponse = {
    status: res.status,
    headers: answerHeaders(res),
    text: state.redact.text(Buffer.concat(chunks).toString('utf8')),
    contentType: res.headers.get('content-type') ?? '',
    elapsedMs: Math.round(performance.now() - t0),
    stream: read,
  };
  state.options.onExchange?.({ phase: state.phase, sent, response, ...(read.end.kind === 'cut' ? { late: true } : {}) });
  return { sent, response };
}

class DeadlineError extends Error {}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * The body as text, read until it ends or `ms` pass; a body longer than `max` bytes is not read
 * past `max` (`overflow`: what was read is not the whole answer).
 */
async function readText(res: Response, ms: number, max: number): Promise<{ text: string; overflow: boolean; late: boolean; bytes: number }> {
  if (!res.body) return { text: '', overflow: false, late: false, bytes: 0 };
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > max) {
    void res.body.cancel().catch(() => undefined);
    return { text: '', overflow: true, late: false, bytes: 0 };
  }
  let late = false;
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const until = Date.now() + ms;
  try {
    while (size <= max) {
      const left = until - Date.now();
      if (left <= 0) {
        late = true;
        break;
      }
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<'late'>((ok) => (timer = setTimeout(() => ok('late'), left)));
      // The request's own deadline (its abort signal) ends the body too: a cut, like a late answer.
      const next = await Promise.race([reader.read(), deadline])
        .catch((error: unknown) => {
          if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')) return 'late' as const;
          throw error;
        })
        .finally(() => clearTimeout(timer));
      if (next === 'late') {
        late = true;
        break;
      }
      if (next.done) break;
      chunks.push(next.value);
      size += next.value.byteLength;
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  const overflow = size > max;
  return { text: Buffer.concat(chunks).subarray(0, max).toString('utf8'), overflow, late, bytes: Math.min(size, max) };
}
