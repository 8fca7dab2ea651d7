/**
 * The conformance engine: requests derived from a contract sent to a server (any `fetch`: a live
 * URL, an in-process handler), each answer checked against the contract.
 *
 * Phases, each optional:
 * - examples: every documented request example (or one sampled from the schemas);
 * - negative: requests made invalid in one place at a time, which must be refused with a 4xx;
 * - fuzz: property-based requests generated from the schemas (fast-check, seeded), shrunk to the
 *   smallest failing request;
 * - stateful: create, read, list and delete chains over the contract's x-specforge-resources, and
 *   a seeded random sequence per collection checked against a model of what should be stored;
 * - security: each secured operation without its credential, and with a malformed one.
 */
import fc from 'fast-check';
import type { ContractModel, JsonSchema, OperationModel, ParameterModel } from '../contract/model.js';
import { getAtPointer, isRecord, resolveLocalRef } from '../contract/pointer.js';
import { mockTables, schemaResolver } from '../contract/tables/api.js';
import { compileValidators, type CompiledValidators } from '../contract/tables/validators.js';
import type { ResourceSpec } from '../runtime/shared/spec.js';
import { nestsDeeper } from '../runtime/server/body/json-text.js';
import { responseKey } from '../runtime/server/server.js';
import type { ValidateFunction } from '../runtime/validation/standalone.js';
import { sampleSchema } from '../runtime/shared/sample.js';
import { schemaArbitrary } from './arbitrary.js';
import { answerChecks, CHECKS, curlCommand, declaredResponse, schemaType, type CheckFailure, type CheckName, type ReceivedResponse, type SentRequest } from './checks.js';
import { redactor, SHOW_SECRETS, type Redactor } from './redact.js';
import { applyCredentials, brokenBodyRequest, buildRequest, exampleRequest, exampleRequests, requestMedia, type ExampleRequest } from './requests.js';

export type Phase = 'examples' | 'negative' | 'fuzz' | 'stateful' | 'security';
export const PHASES: readonly Phase[] = ['examples', 'negative', 'fuzz', 'stateful', 'security'];

export interface ConformanceOptions {
  model: ContractModel;
  /** The contract's validators (compiled from the model when absent). */
  validators?: CompiledValidators;
  /** Sends one request; the runner never sends one outside `baseUrl`. */
  fetch: (request: Request) => Promise<Response>;
  /** Default http://conformance.test (for in-process handlers). */
  baseUrl?: string;
  phases?: readonly Phase[];
  checks?: readonly CheckName[];
  excludeChecks?: readonly CheckName[];
  operations?: readonly string[];
  tags?: readonly string[];
  /** Generated requests per operation in the fuzz phase (default 20). */
  maxExamples?: number;
  /** Steps of the random stateful sequence per collection (default 20). */
  statefulSteps?: number;
  seed?: number;
  /** Headers sent with every request (after the generated ones). */
  headers?: Record<string, string>;
  /** Stop after this many failures. */
  maxFailures?: number;
  /** Per-request timeout in ms (default 10,000). */
  timeoutMs?: number;
  /** Called with every request sent (a dry run can print instead of send: see `dryRun`). */
  onRequest?: (request: SentRequest) => void;
  /** Build the requests and report them through onRequest without sending any. */
  dryRun?: boolean;
  /**
   * Credentials by security scheme name, sent instead of the sampled ones wherever a request
   * carries that scheme's credential (see applyCredentials in requests.ts).
   */
  auth?: Readonly<Record<string, string>>;
  /**
   * Keep credentials in the report (`--show-secrets`): by default the values of secret headers,
   * API keys and every credential the run sent are replaced with [REDACTED] (see redact.ts).
   */
  showSecrets?: boolean;
  /** The largest response body read whole (default 10 MiB); a larger one is a finding, not checked. */
  maxResponseBytes?: number;
  /** The deepest nesting of a JSON answer that is checked (default 1000); deeper is a finding. */
  maxJsonDepth?: number;
}

/** The default of ConformanceOptions.maxResponseBytes (`--max-response-size`): 10 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
/** The default of ConformanceOptions.maxJsonDepth. */
export const DEFAULT_MAX_JSON_DEPTH = 1000;

export interface CheckTally {
  passed: number;
  failed: number;
}

export interface OperationReport {
  operationId: string;
  method: string;
  path: string;
  checks: Partial<Record<CheckName, CheckTally>>;
}

export interface ConformanceFailure extends CheckFailure {
  operationId: string;
  phase: Phase;
  request: SentRequest;
  response?: { status: number; headers: Record<string, string>; body: string };
  curl: string;
}

export interface ConformanceReport {
  seed: number;
  requests: number;
  durationMs: number;
  operations: OperationReport[];
  failures: ConformanceFailure[];
}

class StopRun extends Error {}

interface Outcome {
  failures: CheckFailure[];
  /** The request as sent (with --header and credentials): what a failure reports and its curl reproduces. */
  sent: SentRequest;
  response?: ReceivedResponse;
}

/** Runs the conformance phases against a server and reports per operation and check. */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  return new Runner(options).run();
}

class Runner {
  private readonly model: ContractModel;
  private readonly validators: CompiledValidators;
  private readonly base: URL;
  private readonly enabled: Set<CheckName>;
  private readonly seed: number;
  private readonly resolve: (ref: string) => JsonSchema | undefined;
  private readonly operations: OperationModel[];
  private readonly report: ConformanceReport;
  private readonly started = Date.now();
  private readonly failureKeys = new Set<string>();
  /** Operations that answer a stream (events, followed logs): read briefly, never to their end. */
  private readonly streaming: Set<string>;
  /** What a report may show of requests and answers: credentials replaced unless showSecrets. */
  private readonly redact: Redactor;
  private readonly maxResponseBytes: number;
  private readonly maxJsonDepth: number;

  constructor(private readonly options: ConformanceOptions) {
    this.redact = options.showSecrets ? SHOW_SECRETS : redactor({ model: options.model, ...(options.auth ? { auth: options.auth } : {}), ...(options.headers ? { headers: options.headers } : {}) });
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

  async run(): Promise<ConformanceReport> {
    const phases = this.options.phases ?? PHASES;
    try {
      for (const phase of PHASES) {
        if (!phases.includes(phase)) continue;
        if (process.env['SPECFORGE_CONFORMANCE_TRACE']) process.stderr.write(`${phase} at ${Date.now() - this.started} ms, ${this.report.requests} requests\n`);
        if (phase === 'examples') await this.examples();
        else if (phase === 'negative') await this.negative();
        else if (phase === 'fuzz') await this.fuzz();
        else if (phase === 'stateful') {
          await this.stateful();
          await this.links();
        }
        else await this.security();
      }
    } catch (error) {
      if (!(error instanceof StopRun)) throw error;
    }
    this.report.durationMs = Date.now() - this.started;
    return this.report;
  }

  // ---- sending and recording -----------------------------------------------------------------

  private async send(request: ExampleRequest, origin: string): Promise<{ sent: SentRequest; response?: ReceivedResponse; error?: string }> {
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
      const response: ReceivedResponse = { status: res.status, headers, text: this.redact.text(read.text), contentType };
      if (read.overflow && !streaming && !streams) {
        response.unchecked = `the response body exceeds ${this.maxResponseBytes} bytes (--max-response-size); not checked`;
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
      return { sent, response };
    } catch (error) {
      return { sent, error: error instanceof Error ? error.message : String(error) };
    }
  }

  private tally(op: OperationModel, check: CheckName, ok: boolean): void {
    if (!this.enabled.has(check)) return;
    const entry = this.report.operations.find((o) => o.operationId === op.id);
    if (!entry) return;
    const t = (entry.checks[check] ??= { passed: 0, failed: 0 });
    if (ok) t.passed++;
    else t.failed++;
  }

  private fail(op: OperationModel, phase: Phase, failure: CheckFailure, sent: SentRequest, response: ReceivedResponse | undefined): void {
    if (!this.enabled.has(failure.check)) return;
    this.tally(op, failure.check, false);
    // One report per operation, check and message: a fault found a hundred times is one failure.
    const key = `${op.id}\u0000${failure.check}\u0000${failure.message.replace(/\d+/g, '#').slice(0, 160)}`;
    if (this.failureKeys.has(key)) return;
    this.failureKeys.add(key);
    // Reports are published: credentials leave here replaced, unless showSecrets.
    const request = this.redact.request(sent);
    const out: ConformanceFailure = { ...failure, message: this.redact.text(failure.message), operationId: op.id, phase, request, curl: curlCommand(this.base.href, request) };
    if (response) out.response = { status: response.status, headers: this.redact.headers(response.headers), body: response.text.slice(0, 4096) };
    this.report.failures.push(out);
    if (this.options.maxFailures !== undefined && this.report.failures.length >= this.options.maxFailures) throw new StopRun();
  }

  private validatorFor(op: OperationModel, response: ReceivedResponse): ValidateFunction | undefined {
    const responses = this.validators.operationValidators[op.id]?.responses ?? {};
    const key = responseKey(responses, response.status);
    const type = response.contentType.split(';')[0]?.trim() ?? '';
    return key ? responses[key]?.[type] : undefined;
  }

  /** Sends a request and applies the answer checks (and the expectation of its kind). */
  private async exchange(op: OperationModel, phase: Phase, request: ExampleRequest, origin: string, expect: 'positive' | 'negative' | 'any'): Promise<Outcome> {
    const { sent, response, error } = await this.send(request, origin);
    if (!response) {
      if (error && !error.startsWith('not sendable') && !this.options.dryRun) {
        this.fail(op, phase, { check: 'not_a_server_error', message: `no answer: ${error}`, location: op.pointer }, sent, undefined);
        return { failures: [{ check: 'not_a_server_error', message: `no answer: ${error}` }], sent };
      }
      return { failures: [], sent };
    }
    const failures: CheckFailure[] = [];
    let results: ReturnType<typeof answerChecks>;
    try {
      results = answerChecks({ op, response, validator: this.validatorFor(op, response), method: request.method });
    } catch (error) {
      // A check that cannot finish on this answer (a stack exhausted by what the server sent) is a
      // finding of this exchange, never the end of the run.
      if (!(error instanceof RangeError)) throw error;
      results = [{ check: 'response_schema_conformance', failure: { check: 'response_schema_conformance', message: `the answer could not be checked: ${error.message}`, location: op.pointer } }];
    }
    for (const result of results) {
      if (result.failure) {
        failures.push(result.failure);
        this.fail(op, phase, result.failure, sent, response);
      } else this.tally(op, result.check, true);
    }
    if (expect === 'negative') {
      const accepted = response.status < 400;
      const failure: CheckFailure = { check: 'negative_data_rejection', message: `invalid data (${origin}) was accepted with ${response.status}`, location: op.pointer };
      if (accepted) {
        failures.push(failure);
        this.fail(op, phase, failure, sent, response);
      } else this.tally(op, 'negative_data_rejection', true);
    } else if (expect === 'positive') {
      const refused = [400, 413, 415, 422].includes(response.status);
      const failure: CheckFailure = { check: 'positive_data_acceptance', message: `valid data (${origin}) was refused with ${response.status}: ${response.text.slice(0, 200)}`, location: op.pointer };
      if (refused) {
        failures.push(failure);
        this.fail(op, phase, failure, sent, response);
      } else this.tally(op, 'positive_data_acceptance', true);
    }
    return { failures, sent, response };
  }

  // ---- phases ----------------------------------------------------------------------------------

  private async examples(): Promise<void> {
    for (const request of exampleRequests(this.model)) {
      const op = this.operations.find((o) => o.id === request.operationId);
      if (!op) continue;
      await this.exchange(op, 'examples', request, `example ${request.bodyExample ?? 'parameters'}`, 'positive');
    }
  }

  /** Parameter values of the example request, by parameter. */
  private exampleValues(op: OperationModel): Map<ParameterModel, unknown> {
    const values = new Map<ParameterModel, unknown>();
    for (const p of op.parameters) {
      if (!p.required && p.examples.length === 0) continue;
      values.set(p, p.examples.length > 0 ? p.examples[0]?.value : sampleSchema(p.schema, { resolve: this.resolve, seed: 1 }));
    }
    return values;
  }

  private exampleBody(op: OperationModel): { media: NonNullable<ReturnType<typeof requestMedia>>; value: unknown; name: string } | undefined {
    const media = requestMedia(op);
    if (!op.requestBody || !media) return undefined;
    const example = media.examples[0];
    return { media, value: example ? example.value : sampleSchema(media.schema ?? {}, { resolve: this.resolve, seed: 1 }), name: example ? example.name : 'sampled' };
  }

  /** Whether parameter values pass the operation's validators (path and query; headers and cookies by construction). */
  private paramsValid(op: OperationModel, values: ReadonlyMap<ParameterModel, unknown>): boolean {
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

  private bodyValid(op: OperationModel, mediaType: string, value: unknown): boolean | undefined {
    const fn = this.validators.operationValidators[op.id]?.body?.[mediaType];
    return fn ? fn(value) : undefined;
  }

  /** A value the parameter's schema refuses, with what makes it wrong. */
  private wrongParameterValue(p: ParameterModel): { value: unknown; why: string } | undefined {
    let schema = p.schema;
    if (isRecord(schema) && typeof schema['$ref'] === 'string') schema = this.resolve(schema['$ref']) ?? schema;
    if (!isRecord(schema)) return undefined;
    const type = schemaType(schema);
    const types = Array.isArray(schema['type']) ? (schema['type'] as unknown[]) : [schema['type']];
    if (types.includes('string') && (type === 'integer' || type === 'number')) return undefined;
    if (Array.isArray(schema['enum'])) return { value: 'specforge-not-in-enum', why: `${p.name} outside its enum` };
    if (type === 'integer' || type === 'number') {
      if (typeof schema['minimum'] === 'number') return { value: schema['minimum'] - 1, why: `${p.name} below its minimum` };
      if (typeof schema['maximum'] === 'number') return { value: schema['maximum'] + 1, why: `${p.name} above its maximum` };
      return { value: 'not-a-number', why: `${p.name} not a number` };
    }
    if (type === 'boolean') return { value: 'maybe', why: `${p.name} not a boolean` };
    if (type === 'string') {
      if (typeof schema['maxLength'] === 'number' && schema['maxLength'] < 4096) return { value: 'x'.repeat(schema['maxLength'] + 1), why: `${p.name} longer than its maxLength` };
      if (typeof schema['pattern'] === 'string') {
        for (const candidate of ['', ' ', '!!', '\u00e9\u00e9', '0']) {
          try {
            if (!new RegExp(schema['pattern'], 'u').test(candidate) && (typeof schema['minLength'] !== 'number' || candidate.length >= 0)) return { value: candidate, why: `${p.name} not matching its pattern` };
          } catch {
            return undefined;
          }
        }
      }
    }
    return undefined;
  }

  private async negative(): Promise<void> {
    for (const op of this.operations) {
      const base = this.exampleValues(op);
      const body = this.exampleBody(op);
      const cases: Array<{ values: Map<ParameterModel, unknown>; body: (NonNullable<typeof body> & { raw?: string }) | undefined; origin: string }> = [];
      for (const p of op.parameters) {
        if (p.in === 'cookie') continue;
        if (p.required && p.in !== 'path') {
          const values = new Map(base);
          values.delete(p);
          cases.push({ values, body, origin: `required ${p.in} parameter ${p.name} missing` });
        }
        const wrong = this.wrongParameterValue(p);
        if (wrong) {
          const values = new Map(base);
          values.set(p, wrong.value);
          if (p.in === 'header' || !this.paramsValid(op, values)) cases.push({ values, body, origin: wrong.why });
        }
      }
      if (body && op.method !== 'get' && op.method !== 'head') {
        const isJson = /json/i.test(body.media.type);
        if (isJson) cases.push({ values: base, body: { ...body, raw: '{"specforge": ', name: 'malformed JSON' }, origin: 'malformed JSON body' });
        const broken = brokenBodyRequest(this.model, op);
        if (broken?.body !== undefined) cases.push({ values: base, body: { ...body, raw: broken.body, name: 'wrong type at the root' }, origin: 'body of the wrong type' });
        for (const mutation of this.bodyMutations(op, body.media.type, body.value, body.media.schema)) cases.push({ values: base, body: { ...body, value: mutation.value, name: mutation.why }, origin: mutation.why });
      }
      for (const c of cases.slice(0, 24)) {
        await this.exchange(op, 'negative', buildRequest(this.model, op, c.values, c.body), c.origin, 'negative');
      }
    }
  }

  /** Body values invalid in one place: a required property missing, a property of the wrong type, a bound or enum broken. */
  private bodyMutations(op: OperationModel, mediaType: string, value: unknown, schema: JsonSchema | undefined): Array<{ value: unknown; why: string }> {
    const out: Array<{ value: unknown; why: string }> = [];
    let s = schema;
    if (isRecord(s) && typeof s['$ref'] === 'string') s = this.resolve(s['$ref']);
    if (!isRecord(value) || !isRecord(s) || !isRecord(s['properties'])) return out;
    const required = Array.isArray(s['required']) ? s['required'].map(String) : [];
    for (const name of required) {
      if (!(name in value)) continue;
      const copy = { ...value };
      delete copy[name];
      out.push({ value: copy, why: `required property ${name} missing` });
    }
    for (const [name, sub0] of Object.entries(s['properties'])) {
      let sub = sub0 as JsonSchema;
      if (isRecord(sub) && typeof sub['$ref'] === 'string') sub = this.resolve(sub['$ref']) ?? sub;
      if (!isRecord(sub)) continue;
      const type = schemaType(sub);
      // In a form or multipart body every value travels as text: a wrong JSON type is not visible.
      const typed = /json/i.test(mediaType);
      const wrong = !typed ? undefined : type === 'string' ? 12345 : type === 'array' ? 'not-an-array' : type === 'object' ? 'not-an-object' : type === 'boolean' ? 'not-a-boolean' : type === 'integer' || type === 'number' ? 'not-a-number' : undefined;
      if (wrong !== undefined) out.push({ value: { ...value, [name]: wrong }, why: `property ${name} of the wrong type` });
      if (Array.isArray(sub['enum'])) out.push({ value: { ...value, [name]: 'specforge-not-in-enum' }, why: `property ${name} outside its enum` });
      if (typeof sub['maximum'] === 'number') out.push({ value: { ...value, [name]: sub['maximum'] + 1 }, why: `property ${name} above its maximum` });
      if (typeof sub['minimum'] === 'number') out.push({ value: { ...value, [name]: sub['minimum'] - 1 }, why: `property ${name} below its minimum` });
      if (typeof sub['maxLength'] === 'number' && sub['maxLength'] < 4096) out.push({ value: { ...value, [name]: 'x'.repeat(sub['maxLength'] + 1) }, why: `property ${name} longer than its maxLength` });
    }
    if (s['additionalProperties'] === false) out.push({ value: { ...value, specforgeUnknownProperty: true }, why: 'a property the schema does not allow' });
    // Only what the contract's own validator refuses is invalid data.
    return out.filter((m) => this.bodyValid(op, mediaType, m.value) === false);
  }

  /** A value of a parameter that carries JSON (in base64 for x-specforge-base64-json), sampled from its schema. */
  private structuredValue(p: ParameterModel): unknown {
    const ref = isRecord(p.schema) ? (p.schema['x-specforge-base64-json'] ?? p.extensions['x-specforge-base64-json']) : undefined;
    if (typeof ref === 'string') {
      const target = this.resolve(ref);
      return Buffer.from(JSON.stringify(sampleSchema(target ?? {}, { resolve: this.resolve, seed: 1 }))).toString('base64url');
    }
    return p.required ? sampleSchema(p.schema, { resolve: this.resolve, seed: 1 }) : undefined;
  }

  private async fuzz(): Promise<void> {
    const runs = this.options.maxExamples ?? 20;
    if (runs <= 0) return;
    // A page token is valid only when the server issued it: generated requests leave it out.
    const tokens = new Map<string, string>();
    for (const r of mockTables(this.model).resources) {
      if (r.operations.list && r.pagination?.style === 'token') tokens.set(r.operations.list, r.pagination.token);
    }
    for (const [index, op] of this.operations.entries()) {
      const params: Record<string, fc.Arbitrary<unknown>> = {};
      const required: string[] = [];
      const byKey = new Map<string, ParameterModel>();
      op.parameters.forEach((p, i) => {
        if (p.in === 'cookie') return;
        const key = `p${i}`;
        byKey.set(key, p);
        const kind = schemaType(isRecord(p.schema) && typeof p.schema['$ref'] === 'string' ? this.resolve(p.schema['$ref']) : p.schema);
        if (tokens.get(op.id) === p.name && !p.required) {
          params[key] = fc.constant(undefined);
        } else if (p.contentType !== undefined || p.extensions['x-specforge-base64-json'] !== undefined || (isRecord(p.schema) && p.schema['x-specforge-base64-json'] !== undefined) || (p.in === 'header' && (kind === 'object' || kind === 'array'))) {
          // A structured header (JSON in base64, say) keeps its documented value, or one made from its schema.
          params[key] = fc.constant(this.exampleValues(op).get(p) ?? this.structuredValue(p));
        } else if (p.in === 'header') {
          // Header values are visible ASCII: what a client can send at all.
          params[key] = schemaArbitrary(p.schema, this.resolve).map((v) => (typeof v === 'string' ? v.replace(/[^\x21-\x7e]/g, '_') : v));
        } else if (p.in === 'path') {
          // A path segment is never empty: "/images//get" names no operation.
          params[key] = schemaArbitrary(p.schema, this.resolve).map((v) => (v === '' || v === null || (Array.isArray(v) && v.length === 0) ? 'x' : v));
        } else params[key] = schemaArbitrary(p.schema, this.resolve);
        if (p.required) required.push(key);
      });
      const media = requestMedia(op);
      const bodyArb = op.requestBody && media && op.method !== 'get' && op.method !== 'head' ? schemaArbitrary(media.schema, this.resolve) : fc.constant(undefined);
      const arbitrary = fc.record({ params: fc.record(params, { requiredKeys: required }), body: bodyArb });
      const toRequest = (c: { params: Record<string, unknown>; body: unknown }): { request: ExampleRequest; valid: boolean } => {
        const values = new Map<ParameterModel, unknown>();
        for (const [k, v] of Object.entries(c.params)) {
          const p = byKey.get(k);
          if (p) values.set(p, v);
        }
        const body = media && c.body !== undefined ? { media, value: c.body, name: 'generated' } : undefined;
        const request = buildRequest(this.model, op, values, body);
        // A required body that serializes to nothing is a missing body.
        const sentBody = request.body !== undefined && request.body !== '';
        const valid = this.paramsValid(op, values) && (!sentBody ? !(op.requestBody?.required ?? false) || op.method === 'get' || op.method === 'head' : this.bodyValid(op, media?.type ?? '', c.body) !== false);
        return { request, valid };
      };
      const property = fc.asyncProperty(arbitrary, async (c) => {
        const { request, valid } = toRequest(c);
        const outcome = await this.exchangeQuiet(op, request, valid);
        return outcome.length === 0;
      });
      const t0 = Date.now();
      const result = await fc.check(property, { numRuns: runs, seed: this.seed + index, endOnFailure: false, verbose: 0 });
      if (process.env['SPECFORGE_CONFORMANCE_TRACE'] && Date.now() - t0 > 200) process.stderr.write(`  fuzz ${op.id}: ${Date.now() - t0} ms\n`);
      if (result.failed && result.counterexample) {
        // The smallest failing request, sent once more and reported.
        const [c] = result.counterexample;
        const { request, valid } = toRequest(c);
        await this.exchange(op, 'fuzz', request, `generated (seed ${this.seed + index}, shrunk)`, valid ? 'positive' : 'any');
      }
    }
  }

  /** A fuzz case: the checks without recording (fast-check shrinks before one is reported). */
  private async exchangeQuiet(op: OperationModel, request: ExampleRequest, valid: boolean): Promise<CheckName[]> {
    const { response, error } = await this.send(request, 'generated');
    if (!response) return error && !error.startsWith('not sendable') && !this.options.dryRun ? ['not_a_server_error'] : [];
    const failed: CheckName[] = [];
    for (const r of answerChecks({ op, response, validator: this.validatorFor(op, response), method: request.method })) {
      if (!this.enabled.has(r.check)) continue;
      if (r.failure) failed.push(r.check);
      else this.tally(op, r.check, true);
    }
    if (valid && this.enabled.has('positive_data_acceptance')) {
      if ([400, 413, 415, 422].includes(response.status)) failed.push('positive_data_acceptance');
      else this.tally(op, 'positive_data_acceptance', true);
    }
    return failed;
  }

  // ---- stateful --------------------------------------------------------------------------------

  private opById(id: string | undefined): OperationModel | undefined {
    return id === undefined ? undefined : this.operations.find((o) => o.id === id);
  }

  /** A request of an item operation for `id` (other parameters from the examples). */
  private itemRequest(op: OperationModel, resource: ResourceSpec, id: string, parent: Map<string, unknown>): ExampleRequest {
    const values = this.exampleValues(op);
    for (const p of op.parameters) {
      if (p.in !== 'path') continue;
      if (p.name === resource.idParam) values.set(p, id);
      else if (parent.has(p.name)) values.set(p, parent.get(p.name));
    }
    const body = op.method === 'get' || op.method === 'delete' ? undefined : this.exampleBody(op);
    return buildRequest(this.model, op, values, body);
  }

  private listRequest(op: OperationModel, resource: ResourceSpec, parent: Map<string, unknown>): ExampleRequest {
    const values = this.exampleValues(op);
    for (const p of op.parameters) {
      if (p.in === 'path' && parent.has(p.name)) values.set(p, parent.get(p.name));
      // A list that hides some documents unless asked (a container list without all=1) is asked.
      if (resource.listFilter?.unlessQuery === p.name) values.set(p, true);
    }
    return buildRequest(this.model, op, values);
  }

  private createdId(resource: ResourceSpec, response: ReceivedResponse): string | undefined {
    let node: unknown = response.json;
    for (const key of resource.idField.split('.')) node = isRecord(node) ? node[key] : undefined;
    return typeof node === 'string' || typeof node === 'number' ? String(node) : undefined;
  }

  private async stateful(): Promise<void> {
    const resources = mockTables(this.model).resources;
    for (const [index, resource] of resources.entries()) {
      const create = this.opById(resource.operations.create);
      const read = this.opById(resource.operations.read);
      if (!create || !read) continue;
      const list = this.opById(resource.operations.list);
      const remove = this.opById(resource.operations.delete);
      // The parent (an organization, say) of every document this sequence makes: the create example's.
      const createValues = this.exampleValues(create);
      const parent = new Map<string, unknown>();
      for (const [p, v] of createValues) if (p.in === 'path') parent.set(p.name, v);
      const model = new Map<string, boolean>(); // id -> stored
      let random = (this.seed * 7919 + index * 104729) >>> 0;
      const next = (n: number): number => {
        random = (Math.imul(random ^ (random >>> 15), 2246822507) + 0x9e3779b9) >>> 0;
        return random % n;
      };
      const steps = this.options.statefulSteps ?? 20;
      const makeOne = async (): Promise<string | undefined> => {
        const values = new Map(createValues);
        const body = this.exampleBody(create);
        // A unique name for resources that take one in the query (a container's ?name=).
        for (const p of create.parameters) if (p.in === 'query' && /^name$/i.test(p.name) && resource.aliases.length > 0) values.set(p, `specforge-${this.seed}-${index}-${model.size}`);
        let bodyValue = body;
        if (body && isRecord(body.value) && resource.idField in body.value && typeof body.value[resource.idField] === 'string') {
          bodyValue = { ...body, value: { ...body.value, [resource.idField]: `specforge-${this.seed}-${index}-${model.size}` } };
        }
        const outcome = await this.exchange(create, 'stateful', buildRequest(this.model, create, values, bodyValue), `create ${resource.name}`, 'any');
        if (!outcome.response || outcome.response.status >= 300) return undefined;
        const id = this.createdId(resource, outcome.response);
        if (id !== undefined) model.set(id, true);
        return id;
      };
      const checkRead = async (id: string, stored: boolean): Promise<void> => {
        const outcome = await this.exchange(read, 'stateful', this.itemRequest(read, resource, id, parent), `read ${resource.name} ${id} (${stored ? 'stored' : 'deleted'})`, 'any');
        const sent = outcome.sent;
        const status = outcome.response?.status;
        // A server error is reported by not_a_server_error; it says nothing of what is stored.
        if (status === undefined || status >= 500) return;
        if (stored) {
          if (status >= 200 && status < 300) this.tally(read, 'ensure_resource_availability', true);
          else this.fail(read, 'stateful', { check: 'ensure_resource_availability', message: `${resource.name} ${id}, created, answers ${status} on ${read.id}`, location: read.pointer }, sent, outcome.response);
        } else if (status === 404 || status === 410) this.tally(read, 'use_after_free', true);
        else this.fail(read, 'stateful', { check: 'use_after_free', message: `${resource.name} ${id}, deleted, answers ${status} on ${read.id} (expected 404)`, location: read.pointer }, sent, outcome.response);
      };
      const checkList = async (): Promise<void> => {
        if (!list) return;
        const request = this.listRequest(list, resource, parent);
        const outcome = await this.exchange(list, 'stateful', request, `list ${resource.name}`, 'any');
        const text = outcome.response?.text ?? '';
        if (!outcome.response || outcome.response.status >= 300 || outcome.failures.some((f) => f.check === 'response_schema_conformance')) return;
        const sent = outcome.sent;
        for (const [id, stored] of model) {
          const listed = text.includes(JSON.stringify(id)) || text.includes(`:${id},`) || text.includes(`:${id}}`);
          // A paginated list shows its first page: completeness is checked while the model is small.
          if (stored && !listed && model.size <= 10) {
            this.fail(list, 'stateful', { check: 'ensure_resource_availability', message: `${resource.name} ${id}, created, is missing from ${list.id}`, location: list.pointer }, sent, outcome.response);
          } else if (!stored && listed) {
            this.fail(list, 'stateful', { check: 'use_after_free', message: `${resource.name} ${id}, deleted, is still listed by ${list.id}`, location: list.pointer }, sent, outcome.response);
          } else this.tally(list, stored ? 'ensure_resource_availability' : 'use_after_free', true);
        }
      };
      // The chain: create, read, list, delete, read again.
      const first = await makeOne();
      if (first === undefined) continue;
      await checkRead(first, true);
      await checkList();
      if (remove) {
        const outcome = await this.exchange(remove, 'stateful', this.itemRequest(remove, resource, first, parent), `delete ${resource.name} ${first}`, 'any');
        if (outcome.response && outcome.response.status < 300) {
          model.set(first, false);
          await checkRead(first, false);
          await checkList();
        }
      }
      await this.transitions(resource, parent, makeOne);
      // A seeded random sequence, the store checked against the model after every step.
      for (let step = 0; step < steps; step++) {
        const ids = [...model.keys()];
        const choice = next(remove ? 4 : 3);
        if (choice === 0 || ids.length === 0) await makeOne();
        else if (choice === 1) {
          const id = ids[next(ids.length)] as string;
          await checkRead(id, model.get(id) === true);
        } else if (choice === 2) await checkList();
        else if (remove) {
          const live = ids.filter((id) => model.get(id));
          if (live.length === 0) continue;
          const id = live[next(live.length)] as string;
          const outcome = await this.exchange(remove, 'stateful', this.itemRequest(remove, resource, id, parent), `delete ${resource.name} ${id}`, 'any');
          if (outcome.response && outcome.response.status < 300) model.set(id, false);
        }
      }
    }
  }

  /**
   * State machines (x-specforge-resources `state`): on a new document, every transition its state
   * does not allow must be refused with the transition's `otherwise` status; then one allowed
   * transition is applied, and the transitions the new state does not allow are tried again.
   */
  private async transitions(resource: ResourceSpec, parent: Map<string, unknown>, makeOne: () => Promise<string | undefined>): Promise<void> {
    const machine = resource.state;
    if (!machine) return;
    const all = Object.entries(machine.transitions)
      .filter(([opId, t]) => t.through === undefined && this.opById(opId) !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    if (all.length === 0) return;
    const allowed = (t: (typeof all)[number][1], state: string): boolean => (!t.from || t.from.includes(state)) && !(t.notFrom ?? []).includes(state) && (t.requires ?? []).length === 0 && t.pull === undefined;
    const id = await makeOne();
    if (id === undefined) return;
    const refusedIn = async (state: string): Promise<void> => {
      for (const [opId, t] of all) {
        // A transition refused with a server error (an engine's 500) is not a client's precondition.
        // Preconditions on content (a field present, a value in a list) depend on what was sent: not tried.
        if (allowed(t, state) || t.otherwise >= 500 || t.requires !== undefined || t.pull !== undefined || (!t.from && !t.notFrom)) continue;
        const op = this.opById(opId) as OperationModel;
        const request = this.itemRequest(op, resource, id, parent);
        const outcome = await this.exchange(op, 'stateful', request, `${opId} on a ${resource.name} in state ${state}`, 'any');
        const status = outcome.response?.status;
        if (status === undefined || status >= 500) continue;
        const sent = outcome.sent;
        if (status === t.otherwise) this.tally(op, 'transition_precondition', true);
        else this.fail(op, 'stateful', { check: 'transition_precondition', message: `${opId} on a ${resource.name} in state ${state} (allowed from ${t.from?.join(', ') ?? `anything but ${(t.notFrom ?? []).join(', ')}`}) answers ${status}, not ${t.otherwise}`, location: op.pointer }, sent, outcome.response);
      }
    };
    await refusedIn(machine.initial);
    const step = all.find(([, t]) => t.to !== undefined && t.to !== machine.initial && allowed(t, machine.initial));
    if (!step) return;
    const [opId, t] = step;
    const op = this.opById(opId) as OperationModel;
    const outcome = await this.exchange(op, 'stateful', this.itemRequest(op, resource, id, parent), `${opId} on a new ${resource.name}`, 'any');
    if (outcome.response && outcome.response.status < 400 && t.to !== undefined) await refusedIn(t.to);
  }

  // ---- links -----------------------------------------------------------------------------------

  /** The value of a link's runtime expression ($response.body#/id, $request.path.org, a constant). */
  private linkValue(expression: unknown, sent: ExampleRequest, response: ReceivedResponse, values: ReadonlyMap<ParameterModel, unknown>): unknown {
    if (typeof expression !== 'string' || !expression.startsWith('$')) return expression;
    if (expression.startsWith('$response.body')) {
      const hash = expression.indexOf('#');
      return hash < 0 ? response.json : getAtPointer(response.json, expression.slice(hash + 1)).value;
    }
    const header = /^\$response\.header\.(.+)$/.exec(expression);
    if (header) return response.headers[(header[1] ?? '').toLowerCase()];
    const req = /^\$request\.(path|query|header)\.(.+)$/.exec(expression);
    if (req) {
      for (const [p, v] of values) if (p.in === req[1] && p.name.toLowerCase() === (req[2] ?? '').toLowerCase()) return v;
      if (req[1] === 'header') return sent.headers[(req[2] ?? '').toLowerCase()];
    }
    return undefined;
  }

  /**
   * OpenAPI links: after an operation answers the status a link hangs on, the linked operation is
   * called with the parameters the link computes from the request and the answer; what a link
   * promises exists (a created resource's read) must not be a 404.
   */
  private async links(): Promise<void> {
    for (const op of this.operations) {
      for (const declared of op.responses) {
        if (!/^2\d\d$/.test(declared.status)) continue;
        let node = getAtPointer(this.model.document, declared.pointer).value;
        if (isRecord(node) && typeof node['$ref'] === 'string') node = resolveLocalRef(this.model.document, node['$ref'])?.value;
        const links = isRecord(node) && isRecord(node['links']) ? node['links'] : undefined;
        if (!links) continue;
        const values = this.exampleValues(op);
        const request = buildRequest(this.model, op, values, this.exampleBody(op));
        const first = await this.exchange(op, 'stateful', request, `${op.id}, whose ${declared.status} has links`, 'any');
        if (!first.response || String(first.response.status) !== declared.status) continue;
        for (const [name, raw] of Object.entries(links)) {
          const link = isRecord(raw) && typeof raw['$ref'] === 'string' ? resolveLocalRef(this.model.document, raw['$ref'])?.value : raw;
          if (!isRecord(link) || typeof link['operationId'] !== 'string') continue;
          const target = this.opById(link['operationId']);
          if (!target) continue;
          const targetValues = this.exampleValues(target);
          for (const [key, expression] of Object.entries(isRecord(link['parameters']) ? link['parameters'] : {})) {
            const dot = key.indexOf('.');
            const [where, pname] = dot > 0 && ['path', 'query', 'header', 'cookie'].includes(key.slice(0, dot)) ? [key.slice(0, dot), key.slice(dot + 1)] : [undefined, key];
            const p = target.parameters.find((x) => x.name === pname && (where === undefined || x.in === where));
            const value = this.linkValue(expression, request, first.response, values);
            if (p && value !== undefined) targetValues.set(p, value);
          }
          const body = target.method === 'get' || target.method === 'delete' ? undefined : this.exampleBody(target);
          const linked = buildRequest(this.model, target, targetValues, body);
          const outcome = await this.exchange(target, 'stateful', linked, `link ${name} from ${op.id}`, 'any');
          const status = outcome.response?.status;
          if (status === undefined || status >= 500) continue;
          const sent = outcome.sent;
          if (status === 404 || status === 410) {
            this.fail(target, 'stateful', { check: 'ensure_resource_availability', message: `link ${name} from ${op.id} ${declared.status} leads to ${status}`, location: `${declared.pointer}/links/${name}` }, sent, outcome.response);
          } else this.tally(target, 'ensure_resource_availability', true);
        }
      }
    }
  }

  // ---- security --------------------------------------------------------------------------------

  private async security(): Promise<void> {
    for (const op of this.operations) {
      if (op.security.length === 0 || op.security.some((alt) => Object.keys(alt).length === 0)) continue;
      const challengeable = op.security.some((alt) =>
        Object.keys(alt).some((name) => {
          const scheme = this.model.securitySchemes.find((s) => s.name === name);
          return scheme !== undefined && scheme.type !== 'apiKey' && scheme.type !== 'mutualTLS';
        }),
      );
      const anonymous = buildRequest(this.model, op, this.exampleValues(op), this.exampleBody(op), { anonymous: true });
      const cases: Array<[ExampleRequest, string]> = [[anonymous, 'no credential']];
      if (challengeable) cases.push([{ ...anonymous, headers: { ...anonymous.headers, authorization: 'Bearer' } }, 'a malformed credential']);
      for (const [request, origin] of cases) {
        const outcome = await this.exchange(op, 'security', request, origin, 'any');
        const response = outcome.response;
        if (!response) continue;
        const sent = outcome.sent;
        if (response.status !== 401) {
          this.fail(op, 'security', { check: 'ignored_auth', message: `a request with ${origin} answers ${response.status}, not 401`, location: `${op.pointer}/security` }, sent, response);
        } else if (challengeable && response.headers['www-authenticate'] === undefined) {
          this.fail(op, 'security', { check: 'ignored_auth', message: `401 without WWW-Authenticate (${origin})`, location: `${op.pointer}/security` }, sent, response);
        } else this.tally(op, 'ignored_auth', true);
      }
    }
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
async function readText(res: Response, ms: number, max: number): Promise<{ text: string; overflow: boolean }> {
  if (!res.body) return { text: '', overflow: false };
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > max) {
    void res.body.cancel().catch(() => undefined);
    return { text: '', overflow: true };
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const until = Date.now() + ms;
  try {
    while (size <= max) {
      const left = until - Date.now();
      if (left <= 0) break;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((ok) => (timer = setTimeout(() => ok('late'), left)));
      const next = await Promise.race([reader.read(), late]).finally(() => clearTimeout(timer));
      if (next === 'late' || next.done) break;
      chunks.push(next.value);
      size += next.value.byteLength;
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  const overflow = size > max;
  return { text: Buffer.concat(chunks).subarray(0, max).toString('utf8'), overflow };
}

/** A request that reproduces a failure, for messages: `GET /x -> 500 (check): message`. */
export function describeFailure(f: ConformanceFailure): string {
  return `${f.check} ${f.operationId} [${f.phase}, ${f.request.origin}] ${f.request.method} ${f.request.url}${f.response ? ` -> ${f.response.status}` : ''}: ${f.message}${f.location ? ` (#${f.location})` : ''}`;
}

export { declaredResponse, exampleRequest };
