/**
 * The mock engine's state and its answers from the contract: documented examples, sampled values,
 * `Prefer` controls, header templates, response checks, and the event log and stream.
 */
import type { ValidateFunction } from '../validation/standalone.js';
import { detailsFromAjv, HttpError, statusReason } from '../shared/errors.js';
import { SampleError, sampleValid, describeBudget, type SampleOptions } from '../shared/sample.js';
import { RESERVED_QUERY, type AnyHandler, type HandlerResponse, type RequestContext, type ValidatorsModule } from '../server/context.js';
import { ownValue } from '../shared/object.js';
import { sha256 } from '../shared/sha256.js';
import { Collection } from './store.js';
import type { ApiSpec, MockExample, MockOperation, MockResponse, MockTables, ResourceSpec, TransitionSpec } from '../shared/spec.js';
import { clone, deepFreeze, step } from './paths.js';
import { type TemplateScope, evaluateTemplate, readsResource } from './templates.js';
import { MOCK_QUERY_CONTROLS, type Preference } from './prefer.js';
import { eventSelector } from './events.js';
import { streamAnswer, type StreamSource } from './streams.js';

export interface MockOptions {
  /** Keep resources declared with x-specforge-resources in memory (default false). */
  stateful?: boolean;
  /** Seed of sampled values and generated ids (default 1). */
  seed?: number;
  /**
   * Events kept for replay (`since`) and for a slow reader of the event stream (default 1,000, as an
   * engine daemon keeps a bounded buffer): older ones are forgotten, so memory stays flat under load.
   */
  maxEvents?: number;
  /**
   * Documents each stateful collection may hold (default 10,000): a create past it is a 507 in the
   * contract's error body, and nothing is stored. Seeds count, but are always loaded.
   */
  maxDocuments?: number;
  /**
   * Most items of one page of a paginated list (default 1,000): a larger page size asked for is cut
   * to it, and a token-paginated list without a declared default size pages at it.
   */
  maxPageSize?: number;
  /** Where the mock says, once, what it cannot do (an inferred collection that keeps nothing from a request, say). */
  warn?: (message: string) => void;
}

export const DEFAULT_MAX_DOCUMENTS = 10_000;

export const DEFAULT_MAX_PAGE_SIZE = 1000;

/** Samples tried for a response before the mock answers one its validator refuses (warned at start). */
const SAMPLE_TRIES = 12;

export function seedFrom(...parts: Array<string | number>): number {
  const d = sha256(parts.join('\0'));
  return ((d[0] as number) | ((d[1] as number) << 8) | ((d[2] as number) << 16) | ((d[3] as number) << 24)) >>> 0;
}

/** Calls `onClose` when the client of a request goes away; returns how to stop listening. */
function closerOf(request: unknown): (onClose: () => void) => () => void {
  const r = request as { socket?: Emitter; once?: unknown; fetchRequest?: { signal?: AbortSignal } };
  const emitter = r.socket ?? (typeof r.once === 'function' ? (r as Emitter) : undefined);
  if (emitter) {
    return (onClose) => {
      emitter.once('close', onClose);
      return () => emitter.off('close', onClose);
    };
  }
  const signal = r.fetchRequest?.signal;
  return (onClose) => {
    signal?.addEventListener('abort', onClose, { once: true });
    return () => signal?.removeEventListener('abort', onClose);
  };
}

interface Emitter {
  once(event: 'close', listener: () => void): unknown;
  off(event: 'close', listener: () => void): unknown;
}

/** A declared response no sample satisfies, said once (unsampleable). */
export interface Unsampleable {
  operationId: string;
  status: string;
  pointer: string;
  message: string;
}

export abstract class MockCore {
  /** One handler per operation, and the mock's query controls for the server they are plugged into (RESERVED_QUERY). */
  readonly handlers: Record<string, AnyHandler> = { [RESERVED_QUERY]: MOCK_QUERY_CONTROLS } as Record<string, AnyHandler>;

  protected readonly store = new Map<string, Collection>();

  /** Per stored document of a resource with `state.progress`: reads counted and when its state was entered. */
  protected readonly progress = new Map<Record<string, unknown>, { reads: number; since: number }>();

  protected readonly resources: ResourceSpec[];

  protected readonly guards = new Map<string, Array<{ resource: ResourceSpec; transition: TransitionSpec }>>();

  protected readonly roles = new Map<string, Array<{ resource: ResourceSpec; role: keyof ResourceSpec['operations'] }>>();

  protected counter = 0;

  protected requests = 0;

  protected readonly eventLog: Array<{ at: number; value: unknown }> = [];

  protected readonly maxEvents: number;

  protected readonly maxDocuments: number;

  protected readonly maxPageSize: number;

  protected readonly eventListeners = new Set<(event: { at: number; value: unknown }) => void>();

  /** The sample of each response, with whether it satisfies the response's validator. */
  protected readonly samples = new WeakMap<MockResponse, { value: unknown; ok: boolean }>();

  protected readonly resolveSchema = (ref: string): Record<string, unknown> | boolean | undefined =>
    this.tables.schemas[ref] as Record<string, unknown> | boolean | undefined;

  protected readonly exampleCache = new WeakMap<MockExample, { origin: string; error?: HttpError; payload?: string; verified: boolean }>();

  protected readonly seed: number;

  protected readonly warn: ((message: string) => void) | undefined;

  /** Operations whose requests an inferred collection could not keep (each said once). */
  protected readonly unstored = new Set<string>();

  protected readonly stateful: boolean;

  constructor(
    protected readonly api: ApiSpec,
    protected readonly tables: MockTables,
    protected readonly validators: ValidatorsModule | undefined,
    options: MockOptions = {},
  ) {
    this.seed = options.seed ?? 1;
    this.warn = options.warn;
    this.stateful = options.stateful ?? false;
    this.maxEvents = Math.max(1, options.maxEvents ?? 1000);
    this.maxDocuments = Math.max(1, options.maxDocuments ?? DEFAULT_MAX_DOCUMENTS);
    this.maxPageSize = Math.max(1, options.maxPageSize ?? DEFAULT_MAX_PAGE_SIZE);
    this.resources = tables.resources;
    for (const r of this.resources) {
      for (const [role, opId] of Object.entries(r.operations) as Array<[keyof ResourceSpec['operations'], string | undefined]>) {
        if (!opId) continue;
        const list = this.roles.get(opId) ?? [];
        list.push({ resource: r, role });
        this.roles.set(opId, list);
      }
      for (const [opId, transition] of Object.entries(r.state?.transitions ?? {})) {
        const list = this.guards.get(opId) ?? [];
        list.push({ resource: r, transition });
        this.guards.set(opId, list);
      }
    }
    for (const op of api.operations) {
      const mock = tables.operations[op.id];
      if (mock) this.handlers[op.id] = (ctx) => this.answer(op.id, mock, ctx);
    }
    this.reset();
  }

  /** Events recorded so far (stateful mode), oldest first. */
  events(): unknown[] {
    return this.eventLog.slice(-this.maxEvents).map((e) => clone(e.value));
  }

  protected emit(opId: string, ctx: RequestContext, subject: Record<string, unknown> | undefined): void {
    const template = this.tables.events?.emit[opId];
    if (template === undefined) return;
    const event = { at: Date.now() / 1000, value: evaluateTemplate(template, ctx, { resource: subject }) };
    this.eventLog.push(event);
    // Trimmed in batches (amortized O(1)): at most twice maxEvents are ever held.
    if (this.eventLog.length >= 2 * this.maxEvents) this.eventLog.splice(0, this.eventLog.length - this.maxEvents);
    for (const listener of this.eventListeners) listener(event);
  }

  /** The event stream: recorded events within since/until, then new ones as they happen (until the client leaves). */
  protected eventStream(mock: MockOperation, ctx: RequestContext): HandlerResponse {
    const spec = this.tables.events;
    const bound = (name: string | undefined): number | undefined => {
      const raw = name === undefined ? undefined : step(ctx.params.query, name);
      const n = raw === undefined ? NaN : Number(raw);
      return Number.isFinite(n) ? n : undefined;
    };
    const since = bound(spec?.since ?? 'since');
    const until = bound(spec?.until ?? 'until');
    const log = this.eventLog;
    const max = this.maxEvents;
    const listeners = this.eventListeners;
    // The connection's close ends the stream (the request object itself closes once it is read);
    // behind the fetch handler, the Request's abort signal.
    const closer = closerOf(ctx.request);
    const selected = eventSelector(spec?.filters, spec?.filters ? step(ctx.params.query, spec.filters.parameter) : undefined);
    const inRange = (at: number, value: unknown): boolean => (since === undefined || at >= since) && (until === undefined || at <= until) && selected(value);
    async function* stream(): AsyncGenerator<string> {
      for (const e of log.slice(-max)) if (inRange(e.at, e.value)) yield JSON.stringify(e.value) + '\n';
      if (until !== undefined) return;
      const queue: Array<{ at: number; value: unknown }> = [];
      let wake: (() => void) | undefined;
      let closed = false;
      const onClose = (): void => {
        closed = true;
        wake?.();
      };
      const unsubscribe = closer(onClose);
      const listener = (e: { at: number; value: unknown }): void => {
        // A reader slower than the events loses the oldest it has not read, not the server's memory.
        if (queue.length >= max) queue.shift();
        queue.push(e);
        wake?.();
      };
      listeners.add(listener);
      try {
        while (!closed) {
          if (queue.length === 0) await new Promise<void>((resume) => (wake = resume));
          wake = undefined;
          while (queue.length > 0) {
            const e = queue.shift() as { at: number; value: unknown };
            if (inRange(e.at, e.value)) yield JSON.stringify(e.value) + '\n';
          }
        }
      } finally {
        listeners.delete(listener);
        unsubscribe();
      }
    }
    const response = this.primary(mock);
    return { status: response?.status ?? 200, contentType: response?.contentType ?? 'application/json', body: stream(), origin: 'the event stream' };
  }

  /** Adds the `x-specforge-mock` header templates (those that read the stored resource only when there is one). */
  protected withHeaders(mock: MockOperation, ctx: RequestContext, scope: TemplateScope, out: HandlerResponse): HandlerResponse {
    if (!mock.headers) return out;
    for (const [name, template] of Object.entries(mock.headers)) {
      if (scope.resource === undefined && readsResource(template)) continue;
      const value = evaluateTemplate(template, ctx, scope);
      if (value === undefined || value === null) continue;
      out.headers = { ...out.headers, [name]: typeof value === 'string' ? value : JSON.stringify(value) };
    }
    return out;
  }

  /** `code=` was asked for: the documented response for that status. */
  protected forced(opId: string, mock: MockOperation, pref: Preference, n: number): HandlerResponse {
    const code = pref.code as string;
    const declared = Object.values(mock.responses);
    const response =
      ownValue(mock.responses, code) ??
      declared.find((r) => /^\d{3}$/.test(code) && r.key === `${code[0]}XX`) ??
      (/^\d{3}$/.test(code) ? ownValue(mock.responses, 'default') : undefined);
    if (!response) {
      throw new HttpError(400, `operation ${opId} declares no response with status ${code}; declared: ${declared.map((r) => r.key).join(', ')}`);
    }
    const status = /^\d{3}$/.test(code) ? Number(code) : response.status;
    const reason = this.errorReason(opId, response, pref, status);
    if (reason) throw reason;
    const answer = this.fromResponse(opId, response, pref, n);
    if (/^\d{3}$/.test(code)) answer.status = Number(code);
    return answer;
  }

  /**
   * An error status asked for (`Prefer: code=404`) that documents no example: answered as the
   * server answers its own errors, the contract's error schema of that status filled by the
   * error-shape engine with a message that says why (`not found (getFile answered 404 as Prefer:
   * code=404 asked)`), rather than a sample with "string" where the reason goes.
   */
  protected errorReason(opId: string, response: MockResponse, pref: Preference, status: number): HttpError | undefined {
    if (status < 400 || pref.example !== undefined || pref.dynamic || response.examples.length > 0 || response.schema === undefined) return undefined;
    const op = this.api.operations.find((o) => o.id === opId);
    if (!(op?.errors && Object.hasOwn(op.errors, response.key)) && !this.api.errorBody) return undefined;
    const why = `${statusReason(status)} (${opId} answered ${status} as Prefer: code=${pref.code ?? status} asked)`;
    return new HttpError(status, why.charAt(0).toUpperCase() + why.slice(1), [], { ...response.headers });
  }

  protected fromResponse(opId: string, response: MockResponse, pref: Preference, n: number): HandlerResponse {
    if (response.items !== undefined) return this.streamed(opId, response, pref);
    if (pref.example !== undefined) {
      const example = response.examples.find((e) => e.name === pref.example);
      if (!example) {
        const names = response.examples.map((e) => `"${e.name}"`).join(', ');
        throw new HttpError(
          400,
          `response ${response.key} of ${opId} has no example "${pref.example}"; ${names ? `examples: ${names}` : 'it has no named examples'}`,
        );
      }
      return this.respondExample(opId, response, example);
    }
    if (pref.dynamic && response.schema !== undefined) return this.dynamic(opId, response, n);
    const first = response.examples[0];
    if (first) return this.respondExample(opId, response, first);
    if (response.sample !== undefined || response.schema !== undefined) {
      const cached = this.checkedSample(opId, response, true);
      const out = this.respond(response, cached.value, `the value sampled from the schema at #${response.pointer}`);
      // Checked once (and frozen), so never checked again. One no sample satisfies (said once at
      // start, see unsampleable) is answered as sampled rather than refused with a 500 on every request.
      out.verified = true;
      return out;
    }
    return this.respond(response, undefined, `response ${response.key} of ${opId}`);
  }

  /** A stream answer (OpenAPI 3.2 itemSchema): the example's items, else sampled ones; `state`: the stateful mock's stored list or values. */
  protected streamed(opId: string, response: MockResponse, pref: Preference, state: Pick<StreamSource, 'stored' | 'carry'> = {}): HandlerResponse {
    return streamAnswer({ ...this.itemSource(opId, response), pref, ...state });
  }

  /** What sampling an operation's stream items needs (item i is the same for a seed). */
  protected itemSource(opId: string, response: MockResponse): Pick<StreamSource, 'opId' | 'response' | 'seed' | 'resolve' | 'validate'> {
    return { opId, response, seed: (i) => seedFrom(this.seed, opId, 'item', i), resolve: this.resolveSchema, validate: this.responseValidator(opId, response) };
  }

  /**
   * A documented example, checked against the contract once and serialized once: examples never
   * change, so every later answer reuses both (a stale example is a 500 naming it, every time).
   */
  protected respondExample(opId: string, response: MockResponse, example: MockExample): HandlerResponse {
    let cached = this.exampleCache.get(example);
    if (!cached) {
      const origin = `example "${example.name}" (#${example.pointer})`;
      const validate = response.contentType ? this.validators?.operationValidators[opId]?.responses[response.key]?.[response.contentType] : undefined;
      const error =
        validate && !validate(example.value)
          ? new HttpError(500, `${origin} does not match the contract for ${opId} ${response.status}`, detailsFromAjv('response', validate.errors))
          : undefined;
      const payload = response.contentType && /json/i.test(response.contentType) && example.value !== undefined ? JSON.stringify(example.value) : undefined;
      cached = { origin, ...(error ? { error } : {}), ...(payload !== undefined ? { payload } : {}), verified: validate !== undefined };
      this.exampleCache.set(example, cached);
    }
    if (cached.error) throw cached.error;
    const out = this.respond(response, example.value, cached.origin);
    if (out.body !== undefined && cached.payload !== undefined) {
      out.payload = cached.payload;
      out.verified = cached.verified;
    }
    return out;
  }

  protected respond(response: MockResponse, body: unknown, origin: string): HandlerResponse {
    const out: HandlerResponse = { status: response.status, origin };
    if (response.headers) out.headers = { ...response.headers };
    if (body !== undefined && response.contentType !== undefined) {
      out.body = body;
      out.contentType = response.contentType;
    }
    return out;
  }

  /**
   * The sample of a response, made once and shared by every later answer: the generation-time
   * sample (primary responses carry one) or one made on first use, checked against the response's
   * validator; one the validator refuses (a oneOf whose first branch matches twice, say) gives way
   * to other samples (sampleValid). `ok` is false when none is accepted. `answering`: checked for an
   * answer waiting on it (see below).
   */
  protected checkedSample(opId: string, response: MockResponse, answering = false): { value: unknown; ok: boolean } {
    let cached = this.samples.get(response);
    if (cached !== undefined) return cached;
    if (response.sampleValid !== undefined && response.sample !== undefined) {
      // Checked before (at generation, or at an earlier start): the validator is not compiled for it.
      cached = { value: deepFreeze(response.sample), ok: response.sampleValid };
      this.samples.set(response, cached);
      return cached;
    }
    const validate = this.responseValidator(opId, response);
    let value = response.sample;
    // Answering a request: a validator not compiled yet checks the sample with only the part of its
    // schema the sample reaches (`once`), so that the first answer does not wait for the whole
    // closure (Stripe's customer list: about 0.1 s instead of 0.7 s). The check after start uses
    // the validators themselves, which share what they compile.
    const judge = answering && validate?.once ? validate.once : validate;
    let ok = value !== undefined && (!judge || judge(value));
    if (!ok && response.schema !== undefined) {
      const r = this.checked(response, { resolve: this.resolveSchema, seed: 1, realistic: true }, validate);
      if (r.valid || value === undefined) value = r.value;
      ok = r.valid;
    }
    // Shared by every later answer, so frozen rather than copied per answer.
    cached = { value: deepFreeze(value), ok };
    this.samples.set(response, cached);
    return cached;
  }

  /**
   * The declared responses (with a schema and no example) for which no sample satisfies the
   * contract's validator, to be said once at start; their samples are made and kept on the way.
   */
  unsampleable(): Unsampleable[] {
    return this.api.operations.flatMap((op) => this.unsampleableOf(op.id));
  }

  /**
   * The samples checked so far, with their verdicts, by operation and response key: what a mock's
   * start-up cache keeps (as `sample` and `sampleValid`) so that a later start need not check them.
   */
  checkedSamples(): Array<{ operationId: string; key: string; value: unknown; ok: boolean }> {
    const out: Array<{ operationId: string; key: string; value: unknown; ok: boolean }> = [];
    for (const [operationId, mock] of Object.entries(this.tables.operations)) {
      for (const [key, response] of Object.entries(mock.responses)) {
        const cached = this.samples.get(response);
        if (cached !== undefined) out.push({ operationId, key, value: cached.value, ok: cached.ok });
      }
    }
    return out;
  }

  /** unsampleable for one operation (a mock that starts before checking them all checks one at a time). */
  unsampleableOf(opId: string): Unsampleable[] {
    const out: Unsampleable[] = [];
    const mock = ownValue(this.tables.operations, opId);
    if (!mock) return out;
    for (const response of Object.values(mock.responses)) {
      if (response.examples.length > 0 || (response.sample === undefined && response.schema === undefined)) continue;
      if (response.sampleValid !== undefined && response.sample !== undefined ? response.sampleValid : !this.responseValidator(opId, response)) continue;
      try {
        if (!this.checkedSample(opId, response).ok)
          out.push({
            operationId: opId,
            status: response.key,
            pointer: response.pointer,
            message: `no value sampled from the schema satisfies it (${SAMPLE_TRIES} tried)`,
          });
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        out.push({ operationId: opId, status: response.key, pointer: response.pointer, message: err.message });
      }
    }
    return out;
  }

  /** A value sampled per request (deterministic for a seed and request sequence), retried until it validates. */
  protected dynamic(opId: string, response: MockResponse, n: number): HandlerResponse {
    const r = this.checked(
      response,
      { resolve: this.resolveSchema, seed: seedFrom(this.seed, opId, n), vary: true, branch: 0, realistic: true },
      this.responseValidator(opId, response),
    );
    const out = this.respond(
      response,
      r.value,
      `the value sampled from the schema at #${response.pointer}${r.reduced !== undefined ? `, reduced to ${describeBudget()}` : ''}`,
    );
    if (!r.valid) out.verified = true;
    return out;
  }

  /** sampleValid for a response's schema; a schema with no finite value is a 500 naming it. */
  protected checked(response: MockResponse, options: SampleOptions, validate: ValidateFunction | undefined): ReturnType<typeof sampleValid> {
    try {
      return sampleValid(response.schema as Record<string, unknown>, validate ? (v) => validate(v) : undefined, options, SAMPLE_TRIES);
    } catch (err) {
      if (err instanceof SampleError) throw new HttpError(500, `cannot sample the response schema at #${response.pointer}: ${err.message}`);
      throw err;
    }
  }

  protected readonly templateReads = new WeakMap<MockOperation, boolean>();

  protected primary(mock: MockOperation): MockResponse | undefined {
    return mock.primary ? ownValue(mock.responses, mock.primary) : undefined;
  }

  protected responseValidator(opId: string, response: MockResponse): ValidateFunction | undefined {
    return response.contentType ? this.validators?.operationValidators[opId]?.responses[response.key]?.[response.contentType] : undefined;
  }

  /** Checks a stateful answer against the contract (a 500 naming what breaks it), once: the server need not check it again. */
  protected verify(opId: string, response: MockResponse, out: HandlerResponse): void {
    // A stream's items are checked one by one as they are sent (src/runtime/server/stream-items.ts).
    if (out.body === undefined || out.status !== response.status || out.verified || response.items !== undefined) return;
    const validate = this.responseValidator(opId, response);
    if (!validate) return;
    if (!validate(out.body)) {
      throw new HttpError(
        500,
        `${out.origin ?? 'the stored resource'} does not match the contract for ${opId} ${response.status}; nothing was changed`,
        detailsFromAjv('response', validate.errors),
      );
    }
    out.verified = true;
  }

  /** Forgets every change (the stateful engine's). */
  abstract reset(): void;

  protected abstract answer(opId: string, declared: MockOperation, ctx: RequestContext): HandlerResponse;
}
