/**
 * What every conformance phase shares: the run's state (the contract, its validators, the report),
 * one exchange (a request sent, its answer checked), and recording failures, redacted, once per
 * operation, check and message. Sending a request and reading its answer within bounds is
 * send-request.ts; the example data requests are built on, judged by the contract's validators, is
 * example-data.ts.
 */
import type { ContractModel, ExampleModel, JsonSchema, OperationModel, ParameterModel } from '../contract/model.js';
import { schemaResolver } from '../contract/tables/api.js';
import { compileValidators, type CompiledValidators } from '../contract/tables/validators.js';
import { responseKey } from '../runtime/server/server.js';
import type { ValidateFunction } from '../runtime/validation/standalone.js';
import { countAnswer, countValid, meantToSucceed } from './answers.js';
import {
  answerChecks,
  CHECKS,
  declaredMedia,
  CONTRACT_WIDE_NOTE,
  curlCommand,
  invalidDataJudged,
  type CheckFailure,
  type CheckName,
  type ReceivedResponse,
  type SentRequest,
} from './checks.js';
import { bodyValid, exampleBody, exampleValues, paramsValid, validBodyExamples, type BodyMedia, type BrokenExample } from './example-data.js';
import { redactor, SeenCredentials, SHOW_SECRETS, type Redactor } from './redact.js';
import { requestMedia, type ExampleRequest } from './requests.js';
import { sendRequest, type SendResult } from './send-request.js';
import { answerStream, DEFAULT_STREAM_BOUNDS, type AnswerStream, type StreamBounds } from './stream-check.js';
import { streamFraming } from '../runtime/shared/stream-media.js';
import { contractCause } from './grouping.js';
import {
  DEFAULT_MAX_JSON_DEPTH,
  DEFAULT_MAX_RESPONSE_BYTES,
  type ConformanceFailure,
  type ConformanceOptions,
  type ConformanceReport,
  type Phase,
} from './types.js';

/** Thrown by RunContext.fail when maxFailures is reached: ends the run, whatever phase is running. */
export class StopRun extends Error {}

export interface Outcome {
  failures: CheckFailure[];
  /** The request as sent (with --header and credentials): what a failure reports and its curl reproduces. */
  sent: SentRequest;
  response?: ReceivedResponse;
}

/** The state of one run, shared by its phases (phases/*.ts). */
export class RunContext {
  readonly model: ContractModel;
  readonly validators: CompiledValidators;
  readonly base: URL;
  readonly enabled: Set<CheckName>;
  readonly seed: number;
  readonly resolve: (ref: string) => JsonSchema | undefined;
  readonly operations: OperationModel[];
  readonly report: ConformanceReport;
  readonly started = Date.now();
  readonly failureKeys = new Set<string>();
  /** Operations that answer a stream (events, followed logs): read briefly, never to their end. */
  readonly streaming: Set<string>;
  /** What a report may show of requests and answers: credentials replaced unless showSecrets (obtained tokens included). */
  get redact(): Redactor {
    const obtained = this.options.tokens?.secrets() ?? [];
    if (this.redactFor !== obtained.length && !this.options.showSecrets) {
      const auth: Record<string, string> = { ...this.options.auth };
      obtained.forEach((secret, i) => (auth[`\u0000obtained${i}`] = secret));
      this.redactCache = redactor({ model: this.options.model, auth, seen: this.seen, ...(this.options.headers ? { headers: this.options.headers } : {}) });
      this.redactFor = obtained.length;
    }
    return this.redactCache;
  }
  private redactCache: Redactor;
  private redactFor = 0;
  /** Credentials seen in traffic the run did not make (`specforge proxy` learns them from each request). */
  readonly seen = new SeenCredentials();
  readonly maxResponseBytes: number;
  readonly maxJsonDepth: number;
  /** How much of an OpenAPI 3.2 stream of items is read (stream-check.ts). */
  readonly streamBounds: StreamBounds;
  /** The phase running (run.ts sets it): what a recorded exchange is filed under. */
  phase: Phase = 'examples';

  constructor(readonly options: ConformanceOptions) {
    this.redactCache = options.showSecrets
      ? SHOW_SECRETS
      : redactor({
          model: options.model,
          seen: this.seen,
          ...(options.auth ? { auth: options.auth } : {}),
          ...(options.headers ? { headers: options.headers } : {}),
        });
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.maxJsonDepth = options.maxJsonDepth ?? DEFAULT_MAX_JSON_DEPTH;
    this.model = options.model;
    this.validators = options.validators ?? compileValidators(options.model);
    this.base = new URL(options.baseUrl ?? 'http://conformance.test');
    const wanted = new Set<CheckName>(options.checks ?? CHECKS);
    for (const c of options.excludeChecks ?? []) wanted.delete(c);
    this.enabled = wanted;
    this.seed = options.seed ?? 1;
    this.streaming = new Set(
      options.model.operations
        .filter((op) =>
          op.responses.some((r) =>
            r.content.some(
              (c) => c.stream !== undefined || /event-stream/i.test(c.type) || (c.itemSchema !== undefined && streamFraming(c.type) !== undefined),
            ),
          ),
        )
        .map((op) => op.id),
    );
    this.streamBounds = options.streamBounds ?? DEFAULT_STREAM_BOUNDS;
    this.resolve = schemaResolver(this.model);
    this.operations = this.model.operations.filter(
      (op) => (!options.operations || options.operations.includes(op.id)) && (!options.tags || op.tags.some((t) => options.tags?.includes(t))),
    );
    this.report = {
      seed: this.seed,
      requests: 0,
      durationMs: 0,
      operations: this.operations.map((op) => ({ operationId: op.id, method: op.method.toUpperCase(), path: op.path, checks: {} })),
      failures: [],
    };
    if (options.exclude && options.exclude.length > 0) this.report.excluded = options.exclude.map((e) => ({ ...e, checks: [...e.checks] }));
  }

  /** Whether the config leaves this check out for this operation (`test.exclude`). */
  excluded(op: OperationModel, check: CheckName): boolean {
    return this.options.exclude?.some((e) => e.operation === op.id && e.checks.includes(check)) === true;
  }

  // ---- sending and recording -----------------------------------------------------------------

  /** Sends a request and reads its answer within bounds (send-request.ts). */
  async send(request: ExampleRequest, origin: string): Promise<SendResult> {
    const result = await sendRequest(this, request, origin);
    countAnswer(this.report, request, result);
    return result;
  }

  /** Notes that a check was not tried on a path, and why (the report's `skipped`; once per check, path and reason). */
  skip(check: CheckName, path: string, reason: string, counted?: 'streams'): void {
    const shown = this.redact.text(reason);
    const list = (this.report.skipped ??= []);
    const known = list.find((s) => s.check === check && s.path === path && s.reason === shown);
    // A stream cut at a bound is counted: the report says how many answers it did not read whole.
    if (known) {
      if (known.streams !== undefined) known.streams++;
    } else list.push({ check, path, reason: shown, ...(counted ? { streams: 1 } : {}) });
  }

  tally(op: OperationModel, check: CheckName, ok: boolean): void {
    if (!this.enabled.has(check) || this.excluded(op, check)) return;
    const entry = this.report.operations.find((o) => o.operationId === op.id);
    if (!entry) return;
    const t = (entry.checks[check] ??= { passed: 0, failed: 0 });
    if (ok) t.passed++;
    else t.failed++;
  }

  /**
   * What makes two failures of an operation the same fault: the check and its cause (the status a
   * valid request was refused with, the undeclared status, else the message with numbers blurred),
   * whichever phase or request found it.
   */
  failureKey(op: OperationModel, failure: CheckFailure): string {
    return `${failure.scope === 'contract' ? '*' : op.id}\u0000${failure.check}\u0000${failure.cause ?? failure.message.replace(/\d+/g, '#').slice(0, 160)}`;
  }

  /** Whether this fault of the operation is reported already. */
  known(op: OperationModel, failure: CheckFailure): boolean {
    return this.failureKeys.has(this.failureKey(op, failure));
  }

  /**
   * Records a failure, once per operation, check and cause: a fault found a hundred times (or by
   * the examples and again by the fuzz phase) is one failure, and one in the table's counts.
   * Returns whether it was new.
   */
  fail(op: OperationModel, phase: Phase, failure: CheckFailure & { defect?: 'contract' }, sent: SentRequest, response: ReceivedResponse | undefined): boolean {
    if (!this.enabled.has(failure.check) || this.excluded(op, failure.check)) return false;
    const key = this.failureKey(op, failure);
    if (this.failureKeys.has(key)) return false;
    this.failureKeys.add(key);
    this.tally(op, failure.check, false);
    // Reports are published: credentials leave here replaced, unless showSecrets.
    const request = this.redact.request(sent);
    const { cause: _cause, scope: _scope, defect: _defect, ...shown } = failure;
    // A defect of the contract (an example that breaks its schema) sends nothing: no command reproduces it.
    const command = failure.check === 'example_schema_conformance' ? '' : curlCommand(this.base.href, request);
    // A stream is shown as it arrives (curl buffers its output otherwise).
    const curl = response?.stream !== undefined ? command.replace(/^curl /, 'curl --no-buffer ') : command;
    const out: ConformanceFailure = { ...shown, message: this.redact.text(failure.message), operationId: op.id, phase, request, curl };
    // What groups and baselines key it by (grouping.ts, baseline.ts): its cause, and whose defect it is.
    out.cause = this.redact.text(key.slice(key.lastIndexOf('\u0000') + 1));
    const cause = response === undefined ? undefined : contractCause(phase, 'any', failure, response.status);
    if (failure.defect === 'contract' || failure.scope === 'contract' || failure.check === 'example_schema_conformance' || cause !== undefined)
      out.defect = 'contract';
    if (failure.scope === 'contract') out.contractWide = true;
    if (response) out.response = { status: response.status, headers: this.redact.headers(response.headers), body: response.text.slice(0, 4096) };
    this.report.failures.push(out);
    if (this.options.maxFailures !== undefined && this.report.failures.length >= this.options.maxFailures) throw new StopRun();
    return true;
  }

  validatorFor(op: OperationModel, response: Pick<ReceivedResponse, 'status' | 'contentType'>): ValidateFunction | undefined {
    const responses = this.validators.operationValidators[op.id]?.responses ?? {};
    const key = responseKey(responses, response.status);
    const type = response.contentType.split(';')[0]?.trim() ?? '';
    return key ? responses[key]?.[type] : undefined;
  }

  /**
   * How an answer of an operation streams items (OpenAPI 3.2 `itemSchema`), and the validator of
   * ONE item (the response validator of a stream media type checks an item), when it does.
   */
  itemStream(operationId: string, status: number, contentType: string): { stream: AnswerStream; valid?: (item: unknown) => boolean } | undefined {
    const op = this.model.operations.find((o) => o.id === operationId);
    if (op === undefined) return undefined;
    const stream = answerStream(this.model, declaredMedia(op, status, contentType), contentType);
    if (stream === undefined) return undefined;
    const validator = this.validatorFor(op, { status, contentType });
    return validator ? { stream, valid: (item) => validator(item) } : { stream };
  }

  /**
   * Sends a request and applies the answer checks (and the expectation of its kind). A failure
   * `contractWide` selects is one fault of the contract, counted once whichever operation shows it.
   */
  async exchange(
    op: OperationModel,
    phase: Phase,
    request: ExampleRequest,
    origin: string,
    expect: 'positive' | 'negative' | 'any',
    contractWide?: (failure: CheckFailure) => boolean,
  ): Promise<Outcome> {
    const { sent, response, error } = await this.send(request, origin);
    if (!response) {
      if (error && !error.startsWith('not sendable') && !this.options.dryRun) {
        this.fail(op, phase, { check: 'not_a_server_error', message: `no answer: ${error}`, location: op.pointer }, sent, undefined);
        return { failures: [{ check: 'not_a_server_error', message: `no answer: ${error}` }], sent };
      }
      return { failures: [], sent };
    }
    const failures: CheckFailure[] = [];
    for (const result of this.judge(op, request.method, response, origin, expect)) {
      if (result.failure) {
        failures.push(result.failure);
        const wide = contractWide?.(result.failure) === true;
        // An undeclared 4xx answered to invalid input is the contract's omission (grouping.ts).
        const cause = wide ? undefined : contractCause(phase, expect, result.failure, response.status);
        this.fail(
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
      } else this.tally(op, result.check, true);
    }
    return { failures, sent, response };
  }

  /** The answer checks of one answer, and the expectation of its kind (valid data accepted, invalid refused). */
  judge(
    op: OperationModel,
    method: string,
    response: ReceivedResponse,
    origin: string,
    expect: 'positive' | 'negative' | 'any',
  ): Array<{ check: CheckName; failure?: CheckFailure }> {
    countValid(response, meantToSucceed(this.phase, origin, expect));
    let results: Array<{ check: CheckName; failure?: CheckFailure }>;
    try {
      results = answerChecks({ op, response, validator: this.validatorFor(op, response), method, resolve: this.resolve });
    } catch (error) {
      // A check that cannot finish on this answer (a stack exhausted by what the server sent) is a
      // finding of this exchange, never the end of the run.
      if (!(error instanceof RangeError)) throw error;
      results = [
        {
          check: 'response_schema_conformance',
          failure: { check: 'response_schema_conformance', message: `the answer could not be checked: ${error.message}`, location: op.pointer },
        },
      ];
    }
    // A stream read up to a bound: what came after was not checked, and the run says so.
    const end = response.stream?.end;
    if (end !== undefined && end.kind === 'cut') this.skip('response_schema_conformance', op.path, end.reason, 'streams');
    const bound = this.options.maxResponseTimeMs;
    if (bound !== undefined && response.elapsedMs !== undefined && !this.streaming.has(op.id)) {
      results.push(
        response.elapsedMs > bound
          ? {
              check: 'max_response_time',
              failure: {
                check: 'max_response_time',
                message: `answered in ${response.elapsedMs} ms, over the bound of ${bound} ms (--max-response-time)`,
                location: op.pointer,
                cause: 'slow',
              },
            }
          : { check: 'max_response_time' },
      );
    }
    if (expect === 'negative') {
      // A 409 is no refusal of the data; a 429 no verdict at all (checks.ts).
      const judged = invalidDataJudged(op, response, origin);
      if (typeof judged === 'string') this.skip('negative_data_rejection', op.path, judged);
      else results.push(judged);
    } else if (expect === 'positive' && response.status === 429) {
      // A rate limit says nothing of the data either way: not tried, never passed.
      this.skip(
        'positive_data_acceptance',
        op.path,
        'valid data was answered 429 (too many requests, after any short Retry-After was waited for): the server did not judge it, so those cases are not tried',
      );
    } else if (expect === 'positive') {
      const refused = [400, 413, 415, 422].includes(response.status);
      results.push(
        refused
          ? {
              check: 'positive_data_acceptance',
              failure: {
                check: 'positive_data_acceptance',
                message: `valid data (${origin}) was refused with ${response.status}: ${response.text.slice(0, 200)}`,
                location: op.pointer,
                cause: `refused with ${response.status}`,
              },
            }
          : { check: 'positive_data_acceptance' },
      );
    }
    return results;
  }

  /** Parameter values of the example request, by parameter (example-data.ts). */
  exampleValues(op: OperationModel): Map<ParameterModel, unknown> {
    return exampleValues(this, op, this.broken);
  }

  /** The body requests of the operation are built on, and whether the validators accept it (example-data.ts). */
  exampleBody(op: OperationModel): { media: BodyMedia; value: unknown; name: string; valid: boolean } | undefined {
    return exampleBody(this, op, this.broken);
  }

  /** Request examples of the operation's body that its validators accept, in order (example-data.ts). */
  validBodyExamples(op: OperationModel): Array<{ media: BodyMedia; value: unknown; name: string }> {
    return validBodyExamples(this, op, this.broken);
  }

  private readonly broken: BrokenExample = (op, example, what, where) => this.exampleFinding(op, example, what, where);

  /** An example of the contract that breaks its own schema: a finding against the contract, located at the example, reported once; nothing is sent. */
  private exampleFinding(op: OperationModel, example: ExampleModel, what: string, where: 'body' | 'parameter'): void {
    let errors = '';
    if (where === 'body') {
      const media = requestMedia(op);
      const fn = media ? this.validators.operationValidators[op.id]?.body?.[media.type] : undefined;
      if (fn && !fn(example.value))
        errors = (fn.errors ?? [])
          .slice(0, 3)
          .map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`.trim())
          .join('; ');
    }
    const sent: SentRequest = { operationId: op.id, method: op.method.toUpperCase(), url: op.path, headers: {}, origin: `${what} (not sent)` };
    this.fail(
      op,
      'examples',
      {
        check: 'example_schema_conformance',
        message: `${what} does not match its own schema${errors ? `: ${errors}` : ''}; the contract is wrong here, so it is not sent as valid data`,
        location: example.pointer,
        cause: example.pointer,
      },
      sent,
      undefined,
    );
  }

  /** Whether parameter values pass the operation's validators (example-data.ts). */
  paramsValid(op: OperationModel, values: ReadonlyMap<ParameterModel, unknown>): boolean {
    return paramsValid(this, op, values);
  }

  /** Whether a request body passes the operation's validators (example-data.ts). */
  bodyValid(op: OperationModel, mediaType: string, value: unknown): boolean | undefined {
    return bodyValid(this, op, mediaType, value);
  }

  opById(id: string | undefined): OperationModel | undefined {
    return id === undefined ? undefined : this.operations.find((o) => o.id === id);
  }
}
