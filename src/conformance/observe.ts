/**
 * Exchanges the runner did not make, checked with the runner's checks: the traffic `specforge proxy`
 * forwards, and the exchanges of a cassette `specforge test --replay` re-checks. Each request is
 * first judged against the contract by the generated server's own request stages (routing,
 * credentials present, parameters, body: `createRequestListener` with handlers that only say "valid"),
 * so that the proxy and a server generated from the contract agree on what is valid, and `--enforce`
 * answers an invalid request with exactly the 4xx the generated server would (the contract's error
 * shape). The answer then gets RunContext.judge (answerChecks, plus positive_data_acceptance for a
 * valid request and negative_data_rejection for an invalid one) and, for a request without its
 * credential, ignored_auth and auth_challenge as the security phase applies them.
 */
import { gunzipSync, inflateSync, brotliDecompressSync } from 'node:zlib';
import type { OperationModel } from '../contract/model.js';
import { apiSpec } from '../contract/tables/api.js';
import { nestsDeeper } from '../runtime/server/body/json-text.js';
import { toFetchHandler } from '../runtime/server/fetch-adapter.js';
import { Router } from '../runtime/server/router.js';
import { createRequestListener } from '../runtime/server/server.js';
import { errorAnswer, type ErrorAnswer } from '../runtime/server/failure.js';
import { HttpError } from '../runtime/shared/errors.js';
import type { ApiSpec, OperationSpec } from '../runtime/shared/spec.js';
import type { AnyHandler } from '../runtime/server/context.js';
import { CONTRACT_WIDE_NOTE, type ReceivedResponse, type SentRequest } from './checks.js';
import { RunContext } from './exchange.js';
import { contractCause } from './grouping.js';
import { standInVerifiers } from './replay-credentials.js';
import { readStream, type StreamRead } from './stream-check.js';
import type { ConformanceFailure, ConformanceOptions, Phase } from './types.js';

/** The header the judging handlers answer with: the request passed every request stage. */
const VALID_MARK = 'x-specforge-valid-request';

/** The largest request body the proxy reads and judges (10 MiB). */
export const MAX_REQUEST_BYTES = 10 * 1024 * 1024;

/** What the contract says of a request. */
export type RequestVerdict =
  | { kind: 'valid'; op: OperationModel }
  /** Refused by a request stage: `refusal` is the generated server's answer (the contract's error shape). */
  | { kind: 'invalid'; op: OperationModel; problem: string; refusal: Response }
  /** Its operation is secured and it carries none of the credentials the contract asks for. */
  | { kind: 'unauthenticated'; op: OperationModel; problem: string }
  /** No operation of the contract has this method and path. */
  | { kind: 'unrouted'; problem: string };

/** An answer as it arrived: status, headers (repeated ones joined with ", "), and the bytes read. */
export interface ObservedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The body went on past the size limit: only its start was kept. */
  overflow?: boolean;
  /** The body was still arriving when the time was up. */
  late?: boolean;
  /** The body ended early (a connection closed): not checked. */
  cut?: boolean;
  /** Milliseconds from forwarding the request to the end of the answer (for max_response_time). */
  elapsedMs?: number;
}

/** The contract, its validators and the run's report, for exchanges made elsewhere. */
export class Observer {
  readonly ctx: RunContext;
  private readonly router: Router;
  private readonly judgeRequest: (request: Request) => Promise<Response>;
  private readonly api: ApiSpec;
  private readonly byId: Map<string, OperationSpec>;

  /** `redacted`: a replay's judge, which reads a redacted credential as one sent (replay-credentials.ts). */
  constructor(options: Omit<ConformanceOptions, 'fetch'>, judging: { redacted?: boolean } = {}) {
    this.ctx = new RunContext({ ...options, fetch: () => Promise.reject(new Error('an observer sends nothing')) });
    const api = options.api ?? apiSpec(this.ctx.model);
    this.api = api;
    this.byId = new Map(api.operations.map((op) => [op.id, op]));
    this.router = new Router(api.operations);
    const handlers: Record<string, AnyHandler> = {};
    for (const op of api.operations) handlers[op.id] = () => ({ status: 200, headers: { [VALID_MARK]: '1' }, payload: '', verified: true });
    const verifiers = judging.redacted ? standInVerifiers(api) : undefined;
    // Paths arrive relative to the base (the upstream URL carries it): the contract's servers[] path is not taken off again.
    this.judgeRequest = toFetchHandler(
      createRequestListener(api, this.ctx.validators, handlers, {
        bodyLimit: MAX_REQUEST_BYTES,
        maxJsonDepth: this.ctx.maxJsonDepth,
        basePath: false,
        ...(verifiers ? { security: verifiers } : {}),
      }),
    );
  }

  /** The operation a method and path (relative to the base) belong to, if any. */
  route(method: string, path: string): OperationModel | undefined {
    const match = this.router.match(method.toUpperCase(), path.split('?')[0] ?? '/', () => false);
    return match.kind === 'found' ? this.ctx.model.operations.find((o) => o.id === match.operation.id) : undefined;
  }

  /** Judges a request (method, path and query relative to the base, headers, body bytes) by the contract. */
  async verdict(method: string, url: string, headers: Readonly<Record<string, string>>, body: Uint8Array | undefined): Promise<RequestVerdict> {
    const op = this.route(method, url);
    if (!op) return { kind: 'unrouted', problem: `no operation of the contract is ${method.toUpperCase()} ${url.split('?')[0] ?? ''}` };
    const init: RequestInit = {
      method: method.toUpperCase(),
      headers: Object.entries(headers).filter(([k]) => !HOP_BY_HOP.has(k.toLowerCase()) && k.toLowerCase() !== 'host'),
    };
    if (body !== undefined && body.byteLength > 0 && method.toUpperCase() !== 'GET' && method.toUpperCase() !== 'HEAD') init.body = Buffer.from(body);
    let answer: Response;
    try {
      answer = await this.judgeRequest(new Request(`http://proxy.test${url.startsWith('/') ? '' : '/'}${url}`, init));
    } catch (error) {
      return { kind: 'unrouted', problem: `not a request the contract can judge: ${error instanceof Error ? error.message : String(error)}` };
    }
    if (answer.headers.get(VALID_MARK) !== null) {
      await answer.body?.cancel().catch(() => undefined);
      return { kind: 'valid', op };
    }
    const text = await answer
      .clone()
      .text()
      .catch(() => '');
    const problem = `${answer.status}${text ? ` ${text.replace(/\s+/g, ' ').trim().slice(0, 300)}` : ''}`;
    if (answer.status === 401) return { kind: 'unauthenticated', op, problem };
    return { kind: 'invalid', op, problem, refusal: answer };
  }

  /**
   * An answer of the proxy's own (an upstream that cannot be reached or answers something broken, a
   * request it will not forward) in the contract's error shape: the body a server generated from
   * the contract gives for that status (the operation's declared error response, else the
   * interface's error body), by the error stage's own code.
   */
  errorAnswer(status: number, message: string, operationId?: string): ErrorAnswer {
    return errorAnswer({ api: this.api, byId: this.byId, options: {} }, new HttpError(status, message), operationId);
  }

  /** The answer as the checks read it: limits applied as the runner applies them, credentials redacted. */
  received(answer: ObservedAnswer, streamed = false): ReceivedResponse {
    const contentType = answer.headers['content-type'] ?? '';
    let bytes = answer.body;
    const encoding = (answer.headers['content-encoding'] ?? '').trim().toLowerCase();
    let undecodable = false;
    if (encoding !== '' && encoding !== 'identity' && bytes.length > 0 && !answer.overflow && !answer.late && !answer.cut) {
      try {
        const limit = { maxOutputLength: this.ctx.maxResponseBytes + 1 };
        bytes =
          encoding === 'gzip' || encoding === 'x-gzip'
            ? gunzipSync(bytes, limit)
            : encoding === 'deflate'
              ? inflateSync(bytes, limit)
              : encoding === 'br'
                ? brotliDecompressSync(bytes, limit)
                : bytes;
        if (encoding !== 'gzip' && encoding !== 'x-gzip' && encoding !== 'deflate' && encoding !== 'br') undecodable = true;
      } catch {
        undecodable = true;
      }
    }
    const overflow = answer.overflow === true || bytes.length > this.ctx.maxResponseBytes;
    const raw = (answer.cut && !streamed ? Buffer.alloc(0) : bytes.subarray(0, this.ctx.maxResponseBytes)).toString('utf8');
    const response: ReceivedResponse = { status: answer.status, headers: answer.headers, text: this.ctx.redact.text(raw), contentType };
    if (answer.elapsedMs !== undefined) response.elapsedMs = answer.elapsedMs;
    if (undecodable) response.unchecked = `the response body is encoded as "${encoding}", which cannot be decoded; not checked`;
    else if (overflow && !streamed) response.unchecked = `the response body exceeds ${this.ctx.maxResponseBytes} bytes (--max-response-size); not checked`;
    else if (answer.late && !streamed)
      response.unchecked = `the response body was still arriving after ${this.ctx.options.timeoutMs ?? 10_000} ms (--timeout): not checked`;
    else if (/json/i.test(contentType) && raw.length > 0 && !streamed) {
      if (nestsDeeper(raw, this.ctx.maxJsonDepth)) response.unchecked = `the response body nests deeper than ${this.ctx.maxJsonDepth} levels; not checked`;
      else {
        try {
          response.json = JSON.parse(raw) as unknown;
        } catch {
          // Reported by response_schema_conformance.
        }
      }
    }
    return response;
  }

  /** An answer that streams items (OpenAPI 3.2), as read item by item (stream-check.ts): the bytes read kept as its text, redacted. */
  receivedStream(answer: Omit<ObservedAnswer, 'overflow' | 'late' | 'cut'>, read: StreamRead): ReceivedResponse {
    const text = this.ctx.redact.text(answer.body.subarray(0, this.ctx.maxResponseBytes).toString('utf8'));
    const response: ReceivedResponse = {
      status: answer.status,
      headers: answer.headers,
      text,
      contentType: answer.headers['content-type'] ?? '',
      stream: read,
    };
    if (answer.elapsedMs !== undefined) response.elapsedMs = answer.elapsedMs;
    return response;
  }

  /**
   * A recorded answer (a cassette's) that streams items, read item by item from its bytes, or
   * undefined when it does not stream items. A recording cut where its run stopped reading (late,
   * over the size limit) may end inside an item: that item is not read, as it was not then.
   */
  async replayedStream(op: OperationModel, answer: ObservedAnswer): Promise<ReceivedResponse | undefined> {
    const encoding = (answer.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
    const items = encoding === 'identity' ? this.ctx.itemStream(op.id, answer.status, answer.headers['content-type'] ?? '') : undefined;
    if (items === undefined) return undefined;
    const bytes = answer.body;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(bytes));
        controller.close();
      },
    });
    const read = await readStream(body, items.stream, this.ctx.streamBounds, items.valid ? { valid: items.valid } : {});
    const cut = answer.late === true || answer.overflow === true || answer.cut === true;
    if (cut && read.end.kind === 'broken' && read.end.index >= read.items.length)
      read.end = { kind: 'cut', reason: 'a recorded stream ends where its recording stopped reading: what came after was not recorded, so not checked' };
    return this.receivedStream(answer, read);
  }

  /** Whether an operation answers a stream (events, followed logs): its answer is checked line by line. */
  streams(op: OperationModel | undefined, contentType: string): boolean {
    return (op !== undefined && this.ctx.streaming.has(op.id)) || /event-stream|raw-stream|multiplexed-stream|x-ndjson|json-seq/i.test(contentType);
  }

  /**
   * Applies the checks to one exchange and records what fails (once per operation, check and
   * cause, redacted): the new failures are returned, for live reporting.
   */
  check(
    verdict: RequestVerdict,
    phase: Phase,
    sent: SentRequest,
    response: ReceivedResponse | undefined,
    error?: string,
    expectation?: 'any',
  ): ConformanceFailure[] {
    if (verdict.kind === 'unrouted') return [];
    const op = verdict.op;
    const before = this.ctx.report.failures.length;
    if (!response) {
      this.ctx.fail(
        op,
        phase,
        { check: 'not_a_server_error', message: `no answer: ${error ?? 'the connection closed'}`, location: op.pointer },
        sent,
        undefined,
      );
      return this.ctx.report.failures.slice(before);
    }
    const expect = expectation ?? (verdict.kind === 'valid' ? 'positive' : verdict.kind === 'invalid' ? 'negative' : 'any');
    const origin = verdict.kind === 'invalid' ? `${sent.origin}: ${verdict.problem.slice(0, 120)}` : sent.origin;
    for (const result of this.ctx.judge(op, sent.method, response, origin, expect)) {
      if (!result.failure) {
        this.ctx.tally(op, result.check, true);
        continue;
      }
      // Invalid data accepted is one fault of the operation, whichever invalid request shows it (as the
      // negative phase reports it once).
      if (result.failure.check === 'negative_data_rejection') result.failure.cause ??= 'invalid data accepted';
      // An undeclared 401 to a request without its credential is the contract's omission, counted once.
      const wide = verdict.kind === 'unauthenticated' && result.failure.check === 'status_code_conformance' && result.failure.cause === 'status 401';
      // An undeclared 4xx to a request the contract forbids is its omission too, as the runner reports it (grouping.ts).
      const cause = wide ? undefined : contractCause(phase, expect, result.failure, response.status);
      this.ctx.fail(
        op,
        phase,
        wide
          ? { ...result.failure, scope: 'contract', message: `${result.failure.message} ${CONTRACT_WIDE_NOTE}` }
          : cause === undefined
            ? result.failure
            : { ...result.failure, cause, defect: 'contract' },
        sent,
        response,
      );
    }
    if (verdict.kind === 'unauthenticated') this.securityChecks(op, phase, sent, response);
    return this.ctx.report.failures.slice(before);
  }

  /** ignored_auth and auth_challenge, as the security phase applies them, to a request without its credential. */
  private securityChecks(op: OperationModel, phase: Phase, sent: SentRequest, response: ReceivedResponse): void {
    if (response.status >= 200 && response.status < 300) {
      this.ctx.fail(
        op,
        phase,
        {
          check: 'ignored_auth',
          message: `a request with no credential succeeds with ${response.status}`,
          location: `${op.pointer}/security`,
          cause: 'succeeds',
        },
        sent,
        response,
      );
    } else this.ctx.tally(op, 'ignored_auth', true);
    const challengeable = op.security.some((alt) =>
      Object.keys(alt).some((name) => {
        const scheme = this.ctx.model.securitySchemes.find((s) => s.name === name);
        return scheme !== undefined && scheme.type !== 'apiKey' && scheme.type !== 'mutualTLS';
      }),
    );
    if (response.status === 401 && challengeable) {
      if (response.headers['www-authenticate'] === undefined) {
        this.ctx.fail(
          op,
          phase,
          {
            check: 'auth_challenge',
            message: '401 without WWW-Authenticate (no credential)',
            location: `${op.pointer}/security`,
            cause: 'no WWW-Authenticate',
          },
          sent,
          response,
        );
      } else this.ctx.tally(op, 'auth_challenge', true);
    }
  }
}

/** Headers of one connection, never forwarded (RFC 9110 §7.6.1). */
export const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
