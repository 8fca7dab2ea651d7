/**
 * What every conformance phase shares: the run's state (the contract, its validators, the report),
 * sending one request and reading its answer within bounds, applying the answer checks, and recording
 * failures, redacted, once per operation, check and message.
 */
import type { ContractModel, ExampleModel, JsonSchema, OperationModel, ParameterModel } from '../contract/model.js';
import { schemaResolver } from '../contract/tables/api.js';
import { compileValidators, type CompiledValidators } from '../contract/tables/validators.js';
import { nestsDeeper } from '../runtime/server/body/json-text.js';
import { responseKey } from '../runtime/server/server.js';
import type { ValidateFunction } from '../runtime/validation/standalone.js';
import { answerChecks, CHECKS, CONTRACT_WIDE_NOTE, curlCommand, flaggedProperties, onlyMissing, type CheckFailure, type CheckName, type ReceivedResponse, type SentRequest } from './checks.js';
import { redactor, SeenCredentials, SHOW_SECRETS, type Redactor } from './redact.js';
import { applyCredentials, requestMedia, sampledBodyValue, sampledParameterValue, withoutReadOnly, type ExampleRequest } from './requests.js';
import { DEFAULT_MAX_JSON_DEPTH, DEFAULT_MAX_RESPONSE_BYTES, type ConformanceFailure, type ConformanceOptions, type ConformanceReport, type Phase } from './types.js';

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
  /** The phase running (run.ts sets it): what a recorded exchange is filed under. */
  phase: Phase = 'examples';

  constructor(readonly options: ConformanceOptions) {
    this.redactCache = options.showSecrets ? SHOW_SECRETS : redactor({ model: options.model, seen: this.seen, ...(options.auth ? { auth: options.auth } : {}), ...(options.headers ? { headers: options.headers } : {}) });
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.maxJsonDepth = options.maxJsonDepth ?? DEFAULT_MAX_JSON_DEPTH;
    this.model = options.model;
    this.validators = options.validators ?? compileValidators(options.model);
    this.base = new URL(options.baseUrl ?? 'http://conformance.test');
    const wanted = new Set<CheckName>(options.checks ?? CHECKS);
    for (const c of options.excludeChecks ?? []) wanted.delete(c);
    this.enabled = wanted;
    this.seed = options.seed ?? 1;
    this.streaming = new Set(options.model.operations.filter((op) => op.responses.some((r) => r.content.some((c) => c.stream !== undefined || /event-stream/i.test(c.type)))).map((op) => op.id));
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
  }

  // ---- sending and recording -----------------------------------------------------------------

  async send(request: ExampleRequest, origin: string): Promise<{ sent: SentRequest; response?: ReceivedResponse; error?: string }> {
    const tokens = this.options.tokens;
    if (!tokens || this.options.dryRun) return this.sendOnce(request, origin);
    let obtained: Readonly<Record<string, string>>;
    try {
      obtained = await tokens.current();
    } catch (error) {
      return { sent: { operationId: request.operationId, method: request.method, url: request.url, headers: request.headers, origin }, error: `no credential: ${error instanceof Error ? error.message : String(error)}` };
    }
    const withToken = applyCredentials(this.model, request, obtained);
    const first = await this.sendOnce(withToken, origin);
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
    return changed ? this.sendOnce(applyCredentials(this.model, request, await tokens.current()), origin) : first;
  }

  private async sendOnce(request: ExampleRequest, origin: string): Promise<{ sent: SentRequest; response?: ReceivedResponse; error?: string }> {
    if (this.options.auth) request = applyCredentials(this.model, request, this.options.auth);
    const sent: SentRequest = { operationId: request.operationId, method: request.method, url: request.url, headers: { ...request.headers, ...this.options.headers }, origin };
    if (request.body !== undefined) sent.body = request.body;
    this.options.onRequest?.(sent);
    if (this.options.dryRun) return { sent };
    const url = new URL(this.base.href.replace(/\/$/, '') + request.url);
    // Never a request off the base URL's origin, whatever a contract's path or a parameter holds.
    if (url.origin !== this.base.origin) return { sent, error: `refused to send a request outside ${this.base.origin}` };
    let req: Request;
    try {
      const init: RequestInit = { method: request.method, headers: sent.headers, redirect: 'manual', signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000) };
      if (request.body !== undefined) init.body = request.body;
      req = new Request(url, init);
    } catch (error) {
      return { sent, error: `not sendable: ${error instanceof Error ? error.message : String(error)}` };
    }
    this.report.requests++;
    const t0 = performance.now();
    try {
      const streams = this.streaming.has(request.operationId);
      // An operation that streams (events, followed logs) may hold its answer until something happens:
      // a short wait, and silence is not a fault.
      let res: Response;
      try {
        res = await withDeadline(this.options.fetch(req), streams ? Math.min(1000, this.options.timeoutMs ?? 10_000) : (this.options.timeoutMs ?? 10_000));
      } catch (error) {
        if (streams && error instanceof DeadlineError) return { sent, error: 'not sendable: a stream that stayed silent' };
        throw error;
      }
      const streaming = /event-stream|raw-stream|multiplexed-stream|x-ndjson|json-seq/i.test(res.headers.get('content-type') ?? '');
      // A stream (events, logs that follow) is read for a moment, not to its end.
      const read = await readText(res, streaming || streams ? 300 : (this.options.timeoutMs ?? 10_000), this.maxResponseBytes);
      const headers: Record<string, string> = {};
      // Each Set-Cookie comes on its own: kept together, as other repeated headers are.
      res.headers.forEach((v, k) => (headers[k] = headers[k] === undefined ? v : `${headers[k]}, ${v}`));
      const contentType = res.headers.get('content-type') ?? '';
      // What the report may show of the body: a credential the server echoes is replaced here,
      // before any message quotes a slice of it.
      const response: ReceivedResponse = { status: res.status, headers, text: this.redact.text(read.text), contentType, elapsedMs: Math.round(performance.now() - t0) };
      if (read.overflow && !streaming && !streams) {
        response.unchecked = `the response body exceeds ${this.maxResponseBytes} bytes (--max-response-size); not checked`;
      } else if (read.late && !streaming && !streams) {
        // A body still arriving when the time is up is cut where reading stopped: said so, never "not JSON".
        response.unchecked = `the response body was still arriving after ${this.options.timeoutMs ?? 10_000} ms (--timeout): truncated at ${read.bytes} bytes; not checked`;
      } else if (/json/i.test(contentType) && read.text.length > 0) {
        // Nesting deeper than any answer needs would exhaust the stack of the validators: refused
        // before parsing, as the generated server refuses such a request.
        if (nestsDeeper(read.text, this.maxJsonDepth)) {
          response.unchecked = `the response body nests deeper than ${this.maxJsonDepth} levels; not checked`;
        } else {
          try {
            response.json = JSON.parse(read.text) as unknown;
          } catch {
            // Reported by response_schema_conformance.
          }
        }
      }
      this.options.onExchange?.({ phase: this.phase, sent, response, ...(read.overflow ? { truncated: true } : {}), ...(read.late ? { late: true } : {}) });
      return { sent, response };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.options.onExchange?.({ phase: this.phase, sent, error: message });
      return { sent, error: message };
    }
  }

  /** Notes that a check was not tried on a path, and why (the report's `skipped`; once per check, path and reason). */
  skip(check: CheckName, path: string, reason: string): void {
    const shown = this.redact.text(reason);
    const list = (this.report.skipped ??= []);
    if (!list.some((s) => s.check === check && s.path === path && s.reason === shown)) list.push({ check, path, reason: shown });
  }

  tally(op: OperationModel, check: CheckName, ok: boolean): void {
    if (!this.enabled.has(check)) return;
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
  fail(op: OperationModel, phase: Phase, failure: CheckFailure, sent: SentRequest, response: ReceivedResponse | undefined): boolean {
    if (!this.enabled.has(failure.check)) return false;
    const key = this.failureKey(op, failure);
    if (this.failureKeys.has(key)) return false;
    this.failureKeys.add(key);
    this.tally(op, failure.check, false);
    // Reports are published: credentials leave here replaced, unless showSecrets.
    const request = this.redact.request(sent);
    const { cause: _cause, scope: _scope, ...shown } = failure;
    // A defect of the contract (an example that breaks its schema) sends nothing: no command reproduces it.
    const curl = failure.check === 'example_schema_conformance' ? '' : curlCommand(this.base.href, request);
    const out: ConformanceFailure = { ...shown, message: this.redact.text(failure.message), operationId: op.id, phase, request, curl };
    if (response) out.response = { status: response.status, headers: this.redact.headers(response.headers), body: response.text.slice(0, 4096) };
    this.report.failures.push(out);
    if (this.options.maxFailures !== undefined && this.report.failures.length >= this.options.maxFailures) throw new StopRun();
    return true;
  }

  validatorFor(op: OperationModel, response: ReceivedResponse): ValidateFunction | undefined {
    const responses = this.validators.operationValidators[op.id]?.responses ?? {};
    const key = responseKey(responses, response.status);
    const type = response.contentType.split(';')[0]?.trim() ?? '';
    return key ? responses[key]?.[type] : undefined;
  }

  /**
   * Sends a request and applies the answer checks (and the expectation of its kind). A failure
   * `contractWide` selects is one fault of the contract, counted once whichever operation shows it.
   */
  async exchange(op: OperationModel, phase: Phase, request: ExampleRequest, origin: string, expect: 'positive' | 'negative' | 'any', contractWide?: (failure: CheckFailure) => boolean): Promise<Outcome> {
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
        this.fail(op, phase, wide ? { ...result.failure, scope: 'contract', message: `${result.failure.message} ${CONTRACT_WIDE_NOTE}` } : result.failure, sent, response);
      } else this.tally(op, result.check, true);
    }
    return { failures, sent, response };
  }

  /** The answer checks of one answer, and the expectation of its kind (valid data accepted, invalid refused). */
  judge(op: OperationModel, method: string, response: ReceivedResponse, origin: string, expect: 'positive' | 'negative' | 'any'): Array<{ check: CheckName; failure?: CheckFailure }> {
    let results: Array<{ check: CheckName; failure?: CheckFailure }>;
    try {
      results = answerChecks({ op, response, validator: this.validatorFor(op, response), method, resolve: this.resolve });
    } catch (error) {
      // A check that cannot finish on this answer (a stack exhausted by what the server sent) is a
      // finding of this exchange, never the end of the run.
      if (!(error instanceof RangeError)) throw error;
      results = [{ check: 'response_schema_conformance', failure: { check: 'response_schema_conformance', message: `the answer could not be checked: ${error.message}`, location: op.pointer } }];
    }
    const bound = this.options.maxResponseTimeMs;
    if (bound !== undefined && response.elapsedMs !== undefined && !this.streaming.has(op.id)) {
      results.push(
        response.elapsedMs > bound
          ? { check: 'max_response_time', failure: { check: 'max_response_time', message: `answered in ${response.elapsedMs} ms, over the bound of ${bound} ms (--max-response-time)`, location: op.pointer, cause: 'slow' } }
          : { check: 'max_response_time' },
      );
    }
    if (expect === 'negative') {
      const accepted = response.status < 400;
      results.push(accepted ? { check: 'negative_data_rejection', failure: { check: 'negative_data_rejection', message: `invalid data (${origin}) was accepted with ${response.status}`, location: op.pointer } } : { check: 'negative_data_rejection' });
    } else if (expect === 'positive') {
      const refused = [400, 413, 415, 422].includes(response.status);
      results.push(
        refused
          ? { check: 'positive_data_acceptance', failure: { check: 'positive_data_acceptance', message: `valid data (${origin}) was refused with ${response.status}: ${response.text.slice(0, 200)}`, location: op.pointer, cause: `refused with ${response.status}` } }
          : { check: 'positive_data_acceptance' },
      );
    }
    return results;
  }

  /**
   * Parameter values of the example request, by parameter: each parameter's first example, unless
   * the contract's own validators refuse it (then a value sampled from its schema, and the example
   * reported once as the contract's defect).
   */
  exampleValues(op: OperationModel): Map<ParameterModel, unknown> {
    const values = new Map<ParameterModel, unknown>();
    const sampled = new Map<ParameterModel, unknown>();
    for (const p of op.parameters) {
      if (!p.required && p.examples.length === 0) continue;
      sampled.set(p, sampledParameterValue(p, this.resolve, this.validators.operationValidators[op.id]));
      values.set(p, p.examples.length > 0 ? p.examples[0]?.value : sampled.get(p));
    }
    if (this.paramsValid(op, values) || !this.paramsValid(op, sampled)) return values;
    // Each example judged on its own, among values sampled for the others.
    for (const p of op.parameters) {
      const example = p.examples[0];
      if (!example || (p.in !== 'path' && p.in !== 'query')) continue;
      if (this.paramsValid(op, new Map(sampled).set(p, example.value))) continue;
      this.exampleFinding(op, example, `the example of ${p.in} parameter ${p.name}`, 'parameter');
      values.set(p, sampled.get(p));
    }
    return values;
  }

  /**
   * The body requests of the operation are built on: its first request example the contract's own
   * validators accept (each one they refuse reported once as the contract's defect, never sent as
   * valid data), else a value sampled from the schema. `valid` says whether the validators accept it
   * (negative cases are built only on a valid base).
   */
  exampleBody(op: OperationModel): { media: NonNullable<ReturnType<typeof requestMedia>>; value: unknown; name: string; valid: boolean } | undefined {
    const media = requestMedia(op);
    if (!op.requestBody || !media) return undefined;
    for (const example of media.examples) {
      const value = withoutReadOnly(example.value, media.schema, this.resolve);
      if (this.bodyValid(op, media.type, value) !== false) return { media, value, name: example.name, valid: true };
      this.exampleFinding(op, example, `request example "${example.name}"`, 'body');
    }
    const value = withoutReadOnly(sampledBodyValue(op, media, this.resolve, this.validators), media.schema, this.resolve);
    return { media, value, name: 'sampled', valid: this.bodyValid(op, media.type, value) !== false };
  }

  /** Request examples of the operation's body that its validators accept, in order (the broken ones reported). */
  validBodyExamples(op: OperationModel): Array<{ media: NonNullable<ReturnType<typeof requestMedia>>; value: unknown; name: string }> {
    const media = requestMedia(op);
    if (!op.requestBody || !media) return [];
    const out: Array<{ media: NonNullable<ReturnType<typeof requestMedia>>; value: unknown; name: string }> = [];
    for (const example of media.examples) {
      const value = withoutReadOnly(example.value, media.schema, this.resolve);
      if (this.bodyValid(op, media.type, value) !== false) out.push({ media, value, name: example.name });
      else this.exampleFinding(op, example, `request example "${example.name}"`, 'body');
    }
    return out;
  }

  /** An example of the contract that breaks its own schema: a finding against the contract, located at the example, reported once; nothing is sent. */
  private exampleFinding(op: OperationModel, example: ExampleModel, what: string, where: 'body' | 'parameter'): void {
    let errors = '';
    if (where === 'body') {
      const media = requestMedia(op);
      const fn = media ? this.validators.operationValidators[op.id]?.body?.[media.type] : undefined;
      if (fn && !fn(example.value)) errors = (fn.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`.trim()).join('; ');
    }
    const sent: SentRequest = { operationId: op.id, method: op.method.toUpperCase(), url: op.path, headers: {}, origin: `${what} (not sent)` };
    this.fail(op, 'examples', { check: 'example_schema_conformance', message: `${what} does not match its own schema${errors ? `: ${errors}` : ''}; the contract is wrong here, so it is not sent as valid data`, location: example.pointer, cause: example.pointer }, sent, undefined);
  }

  /** Whether parameter values pass the operation's validators (path and query; headers and cookies by construction). */
  paramsValid(op: OperationModel, values: ReadonlyMap<ParameterModel, unknown>): boolean {
    const v = this.validators.operationValidators[op.id];
    for (const where of ['path', 'query'] as const) {
      const fn = v?.[where];
      if (!fn) continue;
      const obj: Record<string, unknown> = {};
      for (const [p, value] of values) if (p.in === where && value !== undefined) obj[p.name] = value;
      if (!fn(obj)) return false;
    }
    return true;
  }

  /** Whether a request body passes the operation's validators; a readOnly property, required or not, is not demanded of a request. */
  bodyValid(op: OperationModel, mediaType: string, value: unknown): boolean | undefined {
    const fn = this.validators.operationValidators[op.id]?.body?.[mediaType];
    if (!fn) return undefined;
    if (fn(value)) return true;
    const media = op.requestBody?.content.find((c) => c.type === mediaType);
    return onlyMissing(fn.errors, flaggedProperties(media?.schema, this.resolve, 'readOnly'));
  }


  opById(id: string | undefined): OperationModel | undefined {
    return id === undefined ? undefined : this.operations.find((o) => o.id === id);
  }

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
