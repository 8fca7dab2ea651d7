/**
 * The mock engine. Each operation answers from its documented examples, a value sampled from its
 * schema, or an `x-specforge-mock` body template evaluated against the request. Per request, a
 * caller may ask for a status, a named example or a freshly sampled value (`Prefer: code=404,
 * example=name, dynamic=true`, or the `__code`, `__example`, `__dynamic` query parameters). In
 * stateful mode, resources declared with `x-specforge-resources` live in memory: creates, lists,
 * reads, updates, deletes and state-machine transitions behave like the real service.
 */
import { createHash } from 'node:crypto';
import type { ValidateFunction } from '../validation/standalone.js';
import { detailsFromAjv, HttpError } from '../shared/errors.js';
import { SampleError, sampleSchemaReport, describeBudget, type SampleOptions } from '../shared/sample.js';
import type { AnyHandler, HandlerResponse, RequestContext, ValidatorsModule } from '../server/server.js';
import { isRecord, ownValue } from '../shared/object.js';
import { Collection, Transaction, type Doc } from './store.js';
import { replaceFirst } from '../validation/pattern.js';
import type { ApiSpec, EventFiltersSpec, MockExample, MockOperation, MockResponse, MockTables, PaginationSpec, ResourceSpec, TransitionSpec } from '../shared/spec.js';

function clone<T>(v: T): T {
  return v === undefined ? v : (structuredClone(v) as T);
}

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** One step into a document: an own property, or an array index. */
function step(node: unknown, key: string): unknown {
  if (Array.isArray(node)) return /^(0|[1-9]\d*)$/.test(key) ? node[Number(key)] : undefined;
  return isRecord(node) && Object.hasOwn(node, key) ? node[key] : undefined;
}

/** Every value at a dotted path, where `*` stands for each item of an array or object (arrays at the end are flattened). */
function collect(node: unknown, keys: string[]): unknown[] {
  if (node === undefined || node === null) return [];
  if (keys.length === 0) return Array.isArray(node) ? node : [node];
  const [head, ...rest] = keys as [string, ...string[]];
  if (head === '*') {
    const items = Array.isArray(node) ? node : isRecord(node) ? Object.values(node) : [];
    return items.flatMap((item) => collect(item, rest));
  }
  return collect(step(node, head), rest);
}

function getPath(doc: unknown, path: string): unknown {
  let node = doc;
  for (const key of path.split('.')) {
    node = step(node, key);
    if (node === undefined) return undefined;
  }
  return node;
}

function unsetPath(doc: Record<string, unknown>, path: string): void {
  const keys = path.split('.');
  const parent = keys.length === 1 ? doc : getPath(doc, keys.slice(0, -1).join('.'));
  const last = keys[keys.length - 1] as string;
  if (isRecord(parent) && Object.hasOwn(parent, last)) delete parent[last];
}

function setPath(doc: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = doc;
  keys.slice(0, -1).forEach((key) => {
    // Own properties only: a "__proto__" segment gets an own object, never Object.prototype.
    if (!Object.hasOwn(node, key) || !isRecord(node[key])) setOwn(node, key, {});
    node = node[key] as Record<string, unknown>;
  });
  setOwn(node, keys[keys.length - 1] as string, value);
}

/** Deep merge: objects merge key by key, anything else in `patch` replaces. */
function merge(base: unknown, patch: unknown): unknown {
  if (!isRecord(base) || !isRecord(patch)) return clone(patch);
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) setOwn(out, k, Object.hasOwn(out, k) ? merge(out[k], v) : clone(v));
  return out;
}

/** The example's keys filled from the document where it has them. */
function project(example: unknown, doc: Record<string, unknown>): unknown {
  if (!isRecord(example)) return clone(doc);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(example)) setOwn(out, k, Object.hasOwn(doc, k) ? clone(doc[k]) : clone(v));
  return out;
}

export interface TemplateScope {
  /** The stored document (stateful operations). */
  resource?: unknown;
  /** The element and its position, inside a `$map`. */
  item?: unknown;
  index?: number;
}

/** The time now in each unit a template may ask for (`$now`, or `now.<unit>` in `$from` and `$format`). */
function now(unit: unknown): number | string {
  const ms = Date.now();
  if (unit === 'nanoseconds') return ms * 1e6;
  if (unit === 'milliseconds') return ms;
  if (unit === 'iso') return new Date(ms).toISOString();
  return Math.floor(ms / 1000);
}

function lookup(source: string, ctx: RequestContext, scope: TemplateScope): unknown {
  const [head, ...rest] = source.split('.');
  let node: unknown;
  switch (head) {
    case 'claims':
      node = ctx.auth?.claims;
      break;
    case 'path':
    case 'query':
    case 'header':
    case 'cookie':
      node = ctx.params[head];
      break;
    case 'body':
      node = ctx.body;
      break;
    case 'resource':
      node = scope.resource;
      break;
    case 'item':
      node = scope.item;
      break;
    case 'index':
      node = scope.index;
      break;
    case 'now':
      return rest.length === 1 ? now(rest[0]) : undefined;
    default:
      return undefined;
  }
  for (const key of rest) {
    // Own properties only: "claims.constructor" must not reach Object's prototype.
    node = step(node, key);
    if (node === undefined) return undefined;
  }
  return node;
}

/** A value named by a source ("body.x") or computed by a template. */
function operand(spec: unknown, ctx: RequestContext, scope: TemplateScope): unknown {
  return typeof spec === 'string' ? lookup(spec, ctx, scope) : evaluateTemplate(spec, ctx, scope);
}

function truthy(v: unknown): boolean {
  return v !== undefined && v !== null && v !== false && v !== '' && !(Array.isArray(v) && v.length === 0);
}

/** A value derived deterministically from text: a UUID-shaped string, a positive integer or hex. */
function hashed(text: string, as: unknown): string | number {
  const h = createHash('sha256').update(text).digest('hex');
  if (as === 'integer') return parseInt(h.slice(0, 12), 16) % 9_000_000_000 + 1_000_000;
  if (as === 'hex') return h;
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16] as string, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const MAX_MAPPED = 10_000;

/** Text put into a URL: what a path may hold stays, the rest (spaces, quotes, ?, #, %) is percent-encoded. */
function urlText(text: string): string {
  return text.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/]/gu, (ch) => encodeURIComponent(ch).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`));
}

/**
 * Evaluates a body template. Nodes with one of these keys compute a value; everything else is
 * copied with its parts evaluated:
 *
 * - `{ $from: [source, …], default? }`: the first present value of claims, path, query, header,
 *   cookie, body, resource (stateful operations), item and index (inside `$map`), or now (with a
 *   default, a null value is not present);
 * - `{ $format: 'text {source|fallback} text' }`: a string with values put in;
 * - `{ $now: seconds | milliseconds | nanoseconds | iso }`: the time;
 * - `{ $if: source, then?, else? }`: `then` when the value is present and not false, null, empty;
 * - `{ $map: { over: source or template, to: template } }`: each element as `item` (and `index`);
 * - `{ $merge: [template, …] }`: objects merged deeply, later ones win;
 * - `{ $replace: { value, pattern, with } }`: the first match of a regular expression replaced;
 * - `{ $hash: { of: template, as: uuid | integer | hex } }`: a value derived from the text.
 */
export function evaluateTemplate(template: unknown, ctx: RequestContext, scope: TemplateScope = {}): unknown {
  if (Array.isArray(template)) return template.map((t) => evaluateTemplate(t, ctx, scope));
  if (!isRecord(template)) return template;
  if (typeof template['$format'] === 'string') {
    // "{query.fromImage}:{query.tag|latest}": each {source|default} replaced by its value. In a URL
    // ("https://host/orgs/{path.org}") the values are percent-encoded, so the result stays a URI.
    const format = template['$format'];
    const inUrl = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(format);
    return format.replace(/\{([^{}|]+)(?:\|([^{}]*))?\}/g, (_m, source: string, fallback: string | undefined) => {
      const v = lookup(source.trim(), ctx, scope);
      const text = v === undefined || v === null || v === '' ? (fallback ?? '') : typeof v === 'string' ? v : JSON.stringify(v);
      return inUrl ? urlText(text) : text;
    });
  }
  if (template['$now'] !== undefined) return now(template['$now']);
  if ('$from' in template) {
    const sources = Array.isArray(template['$from']) ? template['$from'] : [template['$from']];
    // With a default, a null value counts as absent (`Labels: null` in a request means no labels).
    const skipNull = template['default'] !== undefined;
    for (const s of sources) {
      if (typeof s !== 'string') continue;
      const v = lookup(s, ctx, scope);
      if (v !== undefined && !(skipNull && v === null)) return clone(v);
    }
    return template['default'];
  }
  if ('$if' in template) {
    const branch = truthy(operand(template['$if'], ctx, scope)) ? template['then'] : template['else'];
    return branch === undefined ? undefined : evaluateTemplate(branch, ctx, scope);
  }
  if (isRecord(template['$map'])) {
    const spec = template['$map'];
    const over = operand(spec['over'], ctx, scope);
    if (!Array.isArray(over)) return [];
    return over.slice(0, MAX_MAPPED).map((item: unknown, index) => evaluateTemplate(spec['to'], ctx, { ...scope, item, index }));
  }
  if (Array.isArray(template['$merge'])) {
    return template['$merge'].reduce<unknown>((acc, t) => {
      const v = evaluateTemplate(t, ctx, scope);
      return v === undefined ? acc : acc === undefined ? v : merge(acc, v);
    }, undefined);
  }
  if (isRecord(template['$replace'])) {
    const spec = template['$replace'];
    const value = evaluateTemplate(spec['value'], ctx, scope);
    if (typeof value !== 'string' || typeof spec['pattern'] !== 'string') return value;
    return replaceFirst(spec['pattern'], value, typeof spec['with'] === 'string' ? spec['with'] : '');
  }
  if (isRecord(template['$hash'])) {
    const of = evaluateTemplate(template['$hash']['of'], ctx, scope);
    return hashed(typeof of === 'string' ? of : JSON.stringify(of ?? null), template['$hash']['as']);
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(template)) {
    const value = evaluateTemplate(v, ctx, scope);
    if (value !== undefined) setOwn(out, k, value);
  }
  return out;
}

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
}

export const DEFAULT_MAX_DOCUMENTS = 10_000;
export const DEFAULT_MAX_PAGE_SIZE = 1000;

/** What the caller asked for with Prefer or the __code/__example/__dynamic query parameters. */
interface Preference {
  code?: string;
  example?: string;
  dynamic?: boolean;
}

const NO_PREFERENCE: Readonly<Preference> = Object.freeze({});

function preference(ctx: RequestContext): Preference {
  if (ctx.request.headers['prefer'] === undefined && !(ctx.request.url ?? '').includes('__')) return NO_PREFERENCE;
  const pref: Preference = {};
  const header = ctx.request.headers['prefer'];
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of text.split(/[,;]/)) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const k = part.slice(0, eq).trim().toLowerCase();
    const v = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    if (k === 'code') pref.code = v;
    else if (k === 'example') pref.example = v;
    else if (k === 'dynamic') pref.dynamic = v === 'true';
  }
  const url = ctx.request.url ?? '';
  const q = url.indexOf('?');
  if (q >= 0) {
    const params = new URLSearchParams(url.slice(q + 1));
    const code = params.get('__code');
    const example = params.get('__example');
    const dynamic = params.get('__dynamic');
    if (code !== null) pref.code = code;
    if (example !== null) pref.example = example;
    if (dynamic !== null) pref.dynamic = dynamic === 'true' || dynamic === '1' || dynamic === '';
  }
  return pref;
}

function seedFrom(...parts: Array<string | number>): number {
  return createHash('sha256').update(parts.join('\0')).digest().readUInt32LE(0);
}

/** The mock engine behind generated mocks and `specforge mock`. */
export class MockEngine {
  readonly handlers: Record<string, AnyHandler> = {};
  private readonly store = new Map<string, Collection>();
  /** Per stored document of a resource with `state.progress`: reads counted and when its state was entered. */
  private readonly progress = new Map<Record<string, unknown>, { reads: number; since: number }>();
  private readonly resources: ResourceSpec[];
  private readonly guards = new Map<string, Array<{ resource: ResourceSpec; transition: TransitionSpec }>>();
  private readonly roles = new Map<string, Array<{ resource: ResourceSpec; role: keyof ResourceSpec['operations'] }>>();
  private counter = 0;
  private requests = 0;
  private readonly eventLog: Array<{ at: number; value: unknown }> = [];
  private readonly maxEvents: number;
  private readonly maxDocuments: number;
  private readonly maxPageSize: number;
  private readonly eventListeners = new Set<(event: { at: number; value: unknown }) => void>();
  /** The sample of each response, with whether it satisfies the response's validator. */
  private readonly samples = new WeakMap<MockResponse, { value: unknown; ok: boolean }>();
  private readonly resolveSchema = (ref: string): Record<string, unknown> | boolean | undefined => this.tables.schemas[ref] as Record<string, unknown> | boolean | undefined;
  private readonly exampleCache = new WeakMap<MockExample, { origin: string; error?: HttpError; payload?: string; verified: boolean }>();
  private readonly seed: number;
  private readonly stateful: boolean;

  constructor(
    private readonly api: ApiSpec,
    private readonly tables: MockTables,
    private readonly validators: ValidatorsModule | undefined,
    options: MockOptions = {},
  ) {
    this.seed = options.seed ?? 1;
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

  private emit(opId: string, ctx: RequestContext, subject: Record<string, unknown> | undefined): void {
    const template = this.tables.events?.emit[opId];
    if (template === undefined) return;
    const event = { at: Date.now() / 1000, value: evaluateTemplate(template, ctx, { resource: subject }) };
    this.eventLog.push(event);
    // Trimmed in batches (amortized O(1)): at most twice maxEvents are ever held.
    if (this.eventLog.length >= 2 * this.maxEvents) this.eventLog.splice(0, this.eventLog.length - this.maxEvents);
    for (const listener of this.eventListeners) listener(event);
  }

  /** The event stream: recorded events within since/until, then new ones as they happen (until the client leaves). */
  private eventStream(mock: MockOperation, ctx: RequestContext): HandlerResponse {
    const spec = this.tables.events;
    const bound = (name: string | undefined): number | undefined => {
      const raw = name === undefined ? undefined : ctx.params.query[name];
      const n = raw === undefined ? NaN : Number(raw);
      return Number.isFinite(n) ? n : undefined;
    };
    const since = bound(spec?.since ?? 'since');
    const until = bound(spec?.until ?? 'until');
    const log = this.eventLog;
    const max = this.maxEvents;
    const listeners = this.eventListeners;
    // The connection's close ends the stream (the request object itself closes once it is read).
    const closer: Pick<NodeJS.EventEmitter, 'once' | 'off'> = ctx.request.socket ?? ctx.request;
    const selected = eventSelector(spec?.filters, spec?.filters ? ctx.params.query[spec.filters.parameter] : undefined);
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
      closer.once('close', onClose);
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
        closer.off('close', onClose);
      }
    }
    const response = this.primary(mock);
    return { status: response?.status ?? 200, contentType: response?.contentType ?? 'application/json', body: stream(), origin: 'the event stream' };
  }

  /** Forgets every change: resources go back to their seeds, counters and sampling restart. */
  reset(): void {
    this.store.clear();
    this.progress.clear();
    this.counter = 0;
    this.requests = 0;
    this.eventLog.length = 0;
    for (const r of this.resources) {
      const docs = this.collection(r);
      for (const seed of r.seed) {
        if (!isRecord(seed)) continue;
        const doc = clone(seed);
        const id = getPath(doc, r.idField);
        if (id === undefined) continue;
        if (r.state && getPath(doc, r.state.field) === undefined) setPath(doc, r.state.field, r.state.initial);
        docs.put(this.docKey(r, doc), doc);
        this.noteId(docs, r, doc);
      }
    }
  }

  /** The collection of a resource, created empty on first use. */
  private collection(resource: ResourceSpec): Collection {
    let docs = this.store.get(resource.name);
    if (!docs) {
      docs = new Collection({ scopeOf: (doc) => this.scopeOfDoc(resource, doc), aliasesOf: (doc) => this.aliasValues(resource, doc) });
      this.store.set(resource.name, docs);
    }
    return docs;
  }

  /** Keeps the largest integer id of a collection, from which generated integer ids continue. */
  private noteId(docs: Collection, resource: ResourceSpec, doc: Doc): void {
    if (resource.generate !== 'integer') return;
    const id = String(getPath(doc, resource.idField));
    if (/^\d{1,15}$/.test(id)) docs.maxInteger = Math.max(docs.maxInteger, Number(id));
  }

  /** The documents of a resource collection, in insertion order (stateful mode). */
  documents(resource: string): Array<Record<string, unknown>> {
    return [...(this.store.get(resource)?.values() ?? [])].map((d) => clone(d));
  }

  private answer(opId: string, declared: MockOperation, ctx: RequestContext): HandlerResponse {
    const n = ++this.requests;
    const pref = preference(ctx);
    if (pref.code !== undefined) return this.forced(opId, declared, pref, n);
    // A client that asks to upgrade gets the declared 101 (the connection is handed over).
    const mock = ctx.upgrade && ownValue(declared.responses, '101') ? { ...declared, primary: '101' } : declared;
    if (this.stateful) {
      if (this.tables.events?.operation === opId && pref.example === undefined && !pref.dynamic) return this.eventStream(mock, ctx);
      const stateful = this.statefulAnswer(opId, mock, ctx, pref, n);
      if (stateful) return stateful;
    }
    const key = mock.primary;
    const response = key ? ownValue(mock.responses, key) : undefined;
    if (!response) return { status: 200 };
    // A template that reads the stored resource applies only in stateful mode.
    if (mock.template !== undefined && pref.example === undefined && !pref.dynamic && !(this.usesResource(mock) && !this.stateful)) {
      return this.withHeaders(mock, ctx, {}, this.respond(response, evaluateTemplate(mock.template, ctx), `the x-specforge-mock template of ${opId}`));
    }
    return this.withHeaders(mock, ctx, {}, this.fromResponse(opId, response, pref, n));
  }

  /** Adds the `x-specforge-mock` header templates (those that read the stored resource only when there is one). */
  private withHeaders(mock: MockOperation, ctx: RequestContext, scope: TemplateScope, out: HandlerResponse): HandlerResponse {
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
  private forced(opId: string, mock: MockOperation, pref: Preference, n: number): HandlerResponse {
    const code = pref.code as string;
    const declared = Object.values(mock.responses);
    const response =
      ownValue(mock.responses, code) ??
      declared.find((r) => /^\d{3}$/.test(code) && r.key === `${code[0]}XX`) ??
      (/^\d{3}$/.test(code) ? ownValue(mock.responses, 'default') : undefined);
    if (!response) {
      throw new HttpError(400, `operation ${opId} declares no response with status ${code}; declared: ${declared.map((r) => r.key).join(', ')}`);
    }
    const answer = this.fromResponse(opId, response, pref, n);
    if (/^\d{3}$/.test(code)) answer.status = Number(code);
    return answer;
  }

  private fromResponse(opId: string, response: MockResponse, pref: Preference, n: number): HandlerResponse {
    if (pref.example !== undefined) {
      const example = response.examples.find((e) => e.name === pref.example);
      if (!example) {
        const names = response.examples.map((e) => `"${e.name}"`).join(', ');
        throw new HttpError(400, `response ${response.key} of ${opId} has no example "${pref.example}"; ${names ? `examples: ${names}` : 'it has no named examples'}`);
      }
      return this.respondExample(opId, response, example);
    }
    if (pref.dynamic && response.schema !== undefined) return this.dynamic(opId, response, n);
    const first = response.examples[0];
    if (first) return this.respondExample(opId, response, first);
    if (response.sample !== undefined || response.schema !== undefined) {
      // The generation-time sample (primary responses carry one) or, for any other declared status,
      // one sampled here on first use: checked once against the response's validator; if it does not
      // satisfy the schema (say, a oneOf whose first branch matches twice), sample again until a value does.
      let cached = this.samples.get(response);
      if (cached === undefined) {
        const value = response.sample !== undefined ? response.sample : this.sampled(response, { resolve: this.resolveSchema, seed: 1 }).value;
        const validate = response.contentType ? this.validators?.operationValidators[opId]?.responses[response.key]?.[response.contentType] : undefined;
        cached = { value, ok: !validate || validate(value) };
        this.samples.set(response, cached);
      }
      if (!cached.ok && response.schema !== undefined) return this.dynamic(opId, response, n);
      return this.respond(response, clone(cached.value), `the value sampled from the schema at #${response.pointer}`);
    }
    return this.respond(response, undefined, `response ${response.key} of ${opId}`);
  }

  /**
   * A documented example, checked against the contract once and serialized once: examples never
   * change, so every later answer reuses both (a stale example is a 500 naming it, every time).
   */
  private respondExample(opId: string, response: MockResponse, example: MockExample): HandlerResponse {
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

  private respond(response: MockResponse, body: unknown, origin: string): HandlerResponse {
    const out: HandlerResponse = { status: response.status, origin };
    if (response.headers) out.headers = { ...response.headers };
    if (body !== undefined && response.contentType !== undefined) {
      out.body = body;
      out.contentType = response.contentType;
    }
    return out;
  }

  /** A value sampled per request (deterministic for a seed and request sequence), retried until it validates. */
  private dynamic(opId: string, response: MockResponse, n: number): HandlerResponse {
    const validate: ValidateFunction | undefined = response.contentType
      ? this.validators?.operationValidators[opId]?.responses[response.key]?.[response.contentType]
      : undefined;
    let value: unknown;
    let reduced = false;
    for (let attempt = 0; attempt < 12; attempt++) {
      const r = this.sampled(response, { resolve: this.resolveSchema, seed: seedFrom(this.seed, opId, n, attempt), vary: true, branch: attempt });
      value = r.value;
      reduced = r.reduced !== undefined;
      if (!validate || validate(value)) break;
    }
    return this.respond(response, value, `the value sampled from the schema at #${response.pointer}${reduced ? `, reduced to ${describeBudget()}` : ''}`);
  }

  /** A sample of the response's schema under the budget; a schema with no finite value is a 500 naming it. */
  private sampled(response: MockResponse, options: SampleOptions): { value: unknown; reduced?: unknown } {
    try {
      return sampleSchemaReport(response.schema as Record<string, unknown>, options);
    } catch (err) {
      if (err instanceof SampleError) throw new HttpError(500, `cannot sample the response schema at #${response.pointer}: ${err.message}`);
      throw err;
    }
  }

  private readonly templateReads = new WeakMap<MockOperation, boolean>();
  private usesResource(mock: MockOperation): boolean {
    let reads = this.templateReads.get(mock);
    if (reads === undefined) {
      reads = readsResource(mock.template ?? null);
      this.templateReads.set(mock, reads);
    }
    return reads;
  }

  private primary(mock: MockOperation): MockResponse | undefined {
    return mock.primary ? ownValue(mock.responses, mock.primary) : undefined;
  }

  /** The parent a document belongs to (its `scope` fields), as one string. */
  private scopeOfDoc(resource: ResourceSpec, doc: Record<string, unknown>): string {
    if (!resource.scope) return '';
    const parts = Object.keys(resource.scope.fields).map((f) => String(getPath(doc, f) ?? ''));
    return this.scopeText(resource, parts);
  }

  /** The parent the request names (the scope's `$format` strings evaluated). */
  private scopeOfRequest(resource: ResourceSpec, ctx: RequestContext): string {
    if (!resource.scope) return '';
    const parts = Object.values(resource.scope.fields).map((f) => String(evaluateTemplate({ $format: f }, ctx)));
    return this.scopeText(resource, parts);
  }

  private scopeText(resource: ResourceSpec, parts: string[]): string {
    const text = parts.join('\u0000');
    return resource.scope?.ignoreCase ? text.toLowerCase() : text;
  }

  /** The store key of a document: its id, within its parent when the resource is scoped. */
  private docKey(resource: ResourceSpec, doc: Record<string, unknown>): string {
    const id = String(getPath(doc, resource.idField));
    return resource.scope ? `${this.scopeOfDoc(resource, doc)}\u0001${id}` : id;
  }

  private find(resource: ResourceSpec, ctx: RequestContext): [string, Record<string, unknown>] | undefined {
    const raw = ctx.params.path[resource.idParam];
    return raw === undefined ? undefined : this.lookup(resource, String(raw), ctx);
  }

  /** A document by its id or one of its aliases (a container's name, with or without its slash). */
  private lookup(resource: ResourceSpec, wanted: string, ctx: RequestContext): [string, Record<string, unknown>] | undefined {
    const docs = this.store.get(resource.name);
    if (!docs) return undefined;
    const scope = resource.scope ? this.scopeOfRequest(resource, ctx) : undefined;
    const key = scope === undefined ? wanted : `${scope}\u0001${wanted}`;
    const direct = docs.get(key);
    if (direct) return [key, direct];
    const forms = new Set([wanted, `/${wanted}`, ...(resource.aliasForms ?? []).map((f) => f.replace('{}', wanted))]);
    for (const form of forms) {
      const found = docs.byAlias(scope ?? '', form);
      if (found) return found;
    }
    return undefined;
  }

  /** A resource reached through another: the exec named by the path, then its container (by id or alias). */
  private findThrough(resource: ResourceSpec, through: { resource: string; field: string }, ctx: RequestContext): [string, Record<string, unknown>] | undefined {
    const via = this.resources.find((r) => r.name === through.resource);
    const hop = via ? this.find(via, ctx) : undefined;
    if (!hop) return undefined;
    const target = getPath(hop[1], through.field);
    return target === undefined ? undefined : this.lookup(resource, String(target), ctx);
  }

  /** "containers <id>" when a document of another resource refers to this one (x-specforge-resources inUse). */
  private userOf(resource: ResourceSpec, id: string, doc: Record<string, unknown>): string | undefined {
    const names = [id, ...this.aliasValues(resource, doc)];
    for (const ref of resource.inUse?.by ?? []) {
      for (const [otherId, other] of this.store.get(ref.resource)?.entries() ?? []) {
        const values = collect(other, ref.field.split('.')).map(String);
        const forms = names.flatMap((n) => ref.forms.map((f) => f.replace('{}', n)));
        if (values.some((v) => forms.some((f) => v === f || (f.endsWith(':') && v.startsWith(f))))) {
          const otherSpec = this.resources.find((r) => r.name === ref.resource);
          // The store key of a scoped document holds its parent too: name the document by its id.
          return `${ref.resource} ${otherSpec ? String(getPath(other, otherSpec.idField)) : otherId}`;
        }
      }
    }
    return undefined;
  }

  /**
   * A name (an alias whose value is one string, as a container's Name) belongs to one resource: a
   * create that would reuse one is a conflict. List aliases (an image's tags) are labels, not names.
   */
  private checkUniqueNames(resource: ResourceSpec, doc: Doc, docs: Collection, key: string): void {
    const names = resource.aliases.map((alias) => getPath(doc, alias)).filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').map(String);
    const scope = this.scopeOfDoc(resource, doc);
    for (const name of names) {
      for (const [otherKey, other] of docs.withAlias(scope, name)) {
        if (otherKey === key) continue;
        throw new HttpError(resource.conflict, `${resource.name} name ${name} is already in use by ${String(getPath(other, resource.idField))}`);
      }
    }
  }

  private aliasValues(resource: ResourceSpec, doc: Record<string, unknown>): string[] {
    const out: string[] = [];
    for (const alias of resource.aliases) {
      const v = getPath(doc, alias);
      if (Array.isArray(v)) out.push(...v.map(String));
      else if (v !== undefined && v !== null) out.push(String(v));
    }
    return out;
  }

  private notFound(resource: ResourceSpec, ctx: RequestContext): HttpError {
    return new HttpError(404, `no such ${resource.name}: ${String(ctx.params.path[resource.idParam] ?? '')}`);
  }

  private newId(resource: ResourceSpec): string | number {
    const n = ++this.counter;
    const h = createHash('sha256').update(`${this.seed}\0${resource.name}\0${n}`).digest('hex');
    if (resource.generate === 'integer') return this.collection(resource).maxInteger + 1;
    if (resource.generate === 'hex64') return (h + createHash('sha256').update(h).digest('hex')).slice(0, 64);
    if (resource.generate === 'sha256') return `sha256:${h}`;
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16] as string, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }

  private failPrecondition(opId: string, mock: MockOperation, resource: ResourceSpec, id: string, why: string, transition: TransitionSpec): HandlerResponse {
    const status = transition.otherwise;
    const declared = ownValue(mock.responses, String(status));
    if (status === 304 || (declared && declared.contentType === undefined)) return { status, origin: `the state machine of ${resource.name}` };
    throw new HttpError(status, `${resource.name} ${id}: ${why}; ${opId} cannot be applied`);
  }

  /** Why a transition cannot be applied to `doc`, or undefined when it can. */
  private blocked(resource: ResourceSpec, doc: Record<string, unknown>, transition: TransitionSpec, ctx: RequestContext): string | undefined {
    const state = getPath(doc, resource.state?.field ?? '');
    const allowed = (!transition.from || transition.from.includes(String(state))) && !(transition.notFrom ?? []).includes(String(state));
    if (!allowed) {
      return `is ${String(state)} (needs ${transition.from ? transition.from.join(' or ') : `anything but ${(transition.notFrom ?? []).join(' or ')}`})`;
    }
    for (const field of transition.requires ?? []) {
      const v = getPath(doc, field);
      if (v === undefined || v === null) return `has no ${field}`;
    }
    for (const [field, template] of Object.entries(transition.pull ?? {})) {
      const value = evaluateTemplate(template, ctx, { resource: doc });
      const list = getPath(doc, field);
      if (!Array.isArray(list) || !list.some((v) => JSON.stringify(v) === JSON.stringify(value))) return `has no ${JSON.stringify(value)} in ${field}`;
    }
    return undefined;
  }

  /** The changes a transition makes, to apply once every guard of the operation has passed. */
  private transitionMoves(resource: ResourceSpec, doc: Record<string, unknown>, transition: TransitionSpec, ctx: RequestContext): Array<() => void> {
    const moves: Array<() => void> = [];
    if (transition.to !== undefined) {
      const to = transition.to;
      moves.push(() => this.enter(resource, doc, to, ctx));
    }
    for (const [path, value] of Object.entries(transition.set ?? {})) moves.push(() => setPath(doc, path, evaluateTemplate(value, ctx, { resource: doc })));
    for (const path of transition.unset ?? []) moves.push(() => unsetPath(doc, path));
    for (const [path, template] of Object.entries(transition.pull ?? {})) {
      const value = JSON.stringify(evaluateTemplate(template, ctx, { resource: doc }));
      moves.push(() => {
        const list = getPath(doc, path);
        if (Array.isArray(list)) setPath(doc, path, list.filter((v) => JSON.stringify(v) !== value));
      });
    }
    return moves;
  }

  /** Puts a document in a state, with the fields its progress sets there. */
  private enter(resource: ResourceSpec, doc: Record<string, unknown>, state: string, ctx: RequestContext): void {
    if (!resource.state) return;
    setPath(doc, resource.state.field, state);
    const set = ownValue(resource.state.progress?.set, state);
    for (const [path, template] of Object.entries(set ?? {})) setPath(doc, path, evaluateTemplate(template, ctx, { resource: doc }));
    if (resource.state.progress) this.progress.set(doc, { reads: 0, since: Date.now() });
  }

  /**
   * Moves a document along `state.progress`: one step per `reads` reads (when `read` is true), or
   * as many steps as whole `ms` periods have passed since it entered its state.
   */
  private advance(resource: ResourceSpec, doc: Record<string, unknown>, ctx: RequestContext, read: boolean): void {
    const progress = resource.state?.progress;
    if (!progress || !resource.state) return;
    let tracker = this.progress.get(doc);
    if (!tracker) {
      tracker = { reads: 0, since: Date.now() };
      this.progress.set(doc, tracker);
    }
    let steps = 0;
    if ('reads' in progress.every) {
      if (!read) return;
      tracker.reads += 1;
      if (tracker.reads >= progress.every.reads) steps = 1;
    } else {
      steps = Math.floor((Date.now() - tracker.since) / progress.every.ms);
    }
    for (let i = 0; i < steps; i++) {
      const at = progress.steps.indexOf(String(getPath(doc, resource.state.field)));
      if (at < 0 || at >= progress.steps.length - 1) return;
      this.enter(resource, doc, progress.steps[at + 1] as string, ctx);
    }
  }

  /** A stored document as responses show it: hidden fields and fields the request excludes left out. */
  private shown(resource: ResourceSpec, doc: Record<string, unknown>, ctx: RequestContext): Record<string, unknown> {
    const out = clone(doc);
    for (const path of resource.hidden ?? []) unsetPath(out, path);
    for (const source of resource.omit ?? []) {
      const names = evaluateTemplate({ $from: [source] }, ctx);
      for (const name of Array.isArray(names) ? names : typeof names === 'string' ? names.split(',') : []) {
        if (typeof name === 'string' && Object.hasOwn(out, name)) delete out[name];
      }
    }
    return out;
  }

  /**
   * What a create or update answers: the stored document (`showDocument`), or the documented
   * example's fields filled from it (a create that answers `{ Id, Warnings }`, say).
   */
  private answerBody(resource: ResourceSpec, response: MockResponse | undefined, doc: Record<string, unknown>, ctx: RequestContext): unknown {
    const shown = this.shown(resource, doc, ctx);
    const example = response?.examples[0];
    return example && !resource.showDocument ? project(example.value, shown) : shown;
  }

  /** One page of a list, with the headers or body fields that lead to the next. */
  private page(p: PaginationSpec | undefined, items: unknown[], ctx: RequestContext): { items: unknown[]; headers: Record<string, string | undefined>; fields: Record<string, unknown> } {
    if (!p) return { items, headers: {}, fields: {} };
    const sizeRaw = Number(ctx.params.query[p.size]);
    const cap = this.maxPageSize;
    if (p.style === 'page') {
      const size = Math.min(cap, Number.isInteger(sizeRaw) && sizeRaw > 0 ? sizeRaw : p.defaultSize);
      const pageRaw = Number(ctx.params.query[p.page]);
      const page = Number.isInteger(pageRaw) && pageRaw > 0 ? pageRaw : 1;
      const last = Math.max(1, Math.ceil(items.length / size));
      const headers: Record<string, string | undefined> = {};
      if (p.link) headers[p.link] = last > 1 ? this.linkHeader(ctx, p.page, page, last) : undefined;
      return { items: items.slice((page - 1) * size, page * size), headers, fields: {} };
    }
    // Paginated by default: without a declared default size, a page holds at most maxPageSize items.
    const size = Math.min(cap, Number.isInteger(sizeRaw) && sizeRaw > 0 ? sizeRaw : (p.defaultSize ?? cap));
    const token = ctx.params.query[p.token];
    let start = 0;
    if (token !== undefined) {
      const m = /^page-(\d{1,9})$/.exec(String(token));
      if (!m) throw new HttpError(400, `invalid page token ${JSON.stringify(String(token).slice(0, 64))}`);
      start = Number(m[1]);
    }
    const fields: Record<string, unknown> = {};
    if (start + size < items.length) fields[p.next] = `page-${start + size}`;
    if (p.total) fields[p.total] = items.length;
    return { items: items.slice(start, start + size), headers: {}, fields };
  }

  /** A `Link` header (RFC 8288) with the first, previous, next and last pages, as GitHub sends it. */
  private linkHeader(ctx: RequestContext, param: string, page: number, last: number): string {
    // The links name this server (a Host of name and port only) and the request's own path: a
    // request target such as //other.example/x cannot point them elsewhere.
    const raw = String(ctx.request.headers.host ?? '');
    const host = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(raw) ? raw : 'localhost';
    const target = ctx.request.url ?? '/';
    const url = new URL(`http://${host}`);
    const q = target.indexOf('?');
    url.pathname = (q < 0 ? target : target.slice(0, q)).replace(/^\/+/, '/');
    url.search = q < 0 ? '' : target.slice(q);
    const at = (n: number): string => {
      url.searchParams.set(param, String(n));
      return url.toString();
    };
    const links: string[] = [];
    if (page > 1) links.push(`<${at(page - 1)}>; rel="prev"`);
    if (page < last) links.push(`<${at(page + 1)}>; rel="next"`);
    links.push(`<${at(last)}>; rel="last"`, `<${at(1)}>; rel="first"`);
    return links.join(', ');
  }

  private statefulAnswer(opId: string, mock: MockOperation, ctx: RequestContext, pref: Preference, n: number): HandlerResponse | undefined {
    const guards = this.guards.get(opId) ?? [];
    const roles = this.roles.get(opId) ?? [];
    if (guards.length === 0 && roles.length === 0) return undefined;
    // The request runs in a transaction: whatever fails below (a conflict, a precondition, a
    // response or a stored document the contract refuses) leaves the store as it was.
    const tx = new Transaction(clone);
    try {
      const out = this.statefulChange(tx, opId, mock, ctx, pref, n);
      tx.commit();
      return out;
    } catch (error) {
      tx.rollback();
      throw error;
    }
  }

  private statefulChange(tx: Transaction, opId: string, mock: MockOperation, ctx: RequestContext, pref: Preference, n: number): HandlerResponse {
    const guards = this.guards.get(opId) ?? [];
    const roles = this.roles.get(opId) ?? [];
    const moves: Array<() => void> = [];
    /** Documents the request created or changed: each must still render into valid responses. */
    const written: Array<{ resource: ResourceSpec; docs: Collection; key: string; doc: Doc }> = [];
    let subject: Doc | undefined;
    let subjectOf: ResourceSpec | undefined;
    for (const { resource, transition } of guards) {
      const found = transition.through ? this.findThrough(resource, transition.through, ctx) : this.find(resource, ctx);
      if (!found) throw this.notFound(resource, ctx);
      const [key, doc] = found;
      const docs = this.collection(resource);
      tx.touch(docs, key, doc);
      this.advance(resource, doc, ctx, false);
      subject = doc;
      subjectOf = resource;
      const why = this.blocked(resource, doc, transition, ctx);
      if (why !== undefined) return this.failPrecondition(opId, mock, resource, String(getPath(doc, resource.idField) ?? key), why, transition);
      moves.push(...this.transitionMoves(resource, doc, transition, ctx));
      written.push({ resource, docs, key, doc });
    }
    const response = this.primary(mock);
    let body: unknown;
    const headers: Record<string, string | undefined> = {};
    let origin = `the stored ${roles[0]?.resource.name ?? 'resource'}`;
    for (const { resource, role } of roles) {
      const docs = this.collection(resource);
      if (role === 'create') {
        const template = resource.template ?? {};
        const fields = resource.createFrom !== undefined ? evaluateTemplate(resource.createFrom, ctx) : ctx.body;
        // The template gives defaults; each field given by the request replaces the template's whole.
        let doc: Doc = { ...(isRecord(template) ? clone(template) : {}) };
        if (isRecord(fields)) for (const [k, v] of Object.entries(fields)) setOwn(doc, k, clone(v));
        const fromBody = isRecord(ctx.body) ? getPath(ctx.body, resource.idField) : undefined;
        // The id is known before createSet runs, so that its templates can use it (resource.id).
        setPath(doc, resource.idField, fromBody !== undefined ? (getPath(doc, resource.idField) ?? fromBody) : this.newId(resource));
        if (resource.createSet) doc = merge(doc, evaluateTemplate(resource.createSet, ctx, { resource: doc })) as Doc;
        const key = this.docKey(resource, doc);
        if (fromBody !== undefined && docs.has(key)) throw new HttpError(resource.conflict, `${resource.name} ${String(fromBody)} already exists`);
        if (docs.size >= this.maxDocuments && !docs.has(key)) throw storeFull(resource.name, this.maxDocuments);
        this.checkUniqueNames(resource, doc, docs, key);
        if (resource.state) this.enter(resource, doc, resource.state.initial, ctx);
        const created = doc;
        tx.onRollback(() => this.progress.delete(created));
        const max = docs.maxInteger;
        tx.onRollback(() => (docs.maxInteger = max));
        tx.put(docs, key, doc);
        this.noteId(docs, resource, doc);
        written.push({ resource, docs, key, doc });
        subject = doc;
        subjectOf = resource;
        body = this.answerBody(resource, response, doc, ctx);
      } else if (role === 'list') {
        const filter = resource.listFilter;
        const scope = resource.scope ? this.scopeOfRequest(resource, ctx) : undefined;
        // Filter and page the stored documents first; only the page's documents are rendered.
        let chosen: Doc[] = [];
        for (const [, d] of docs.inScope(scope)) chosen.push(d);
        if (resource.state?.progress) for (const d of chosen) this.advance(resource, d, ctx, false);
        if (filter && !(filter.unlessQuery && ctx.params.query[filter.unlessQuery] === true)) {
          chosen = chosen.filter((d) => filter.in.includes(String(getPath(d, filter.field))));
        }
        const page = this.page(resource.pagination, chosen, ctx);
        Object.assign(headers, page.headers);
        const items = (page.items as Doc[]).map((d) => this.listItem(resource, d, ctx));
        body = this.listBody(resource, response, items, page.fields);
        origin = `the stored ${resource.name} list`;
      } else {
        const found = this.find(resource, ctx);
        if (!found) throw this.notFound(resource, ctx);
        const [key, doc] = found;
        const id = String(getPath(doc, resource.idField) ?? key);
        subject = doc;
        subjectOf = resource;
        if ((role === 'update' || role === 'replace' || role === 'delete') && resource.protected && [id, ...this.aliasValues(resource, doc)].some((v) => resource.protected?.ids.includes(v))) {
          throw new HttpError(resource.protected.status, `${String(ctx.params.path[resource.idParam] ?? id)} is a predefined member of ${resource.name} and cannot be changed or removed`);
        }
        if (role === 'read') {
          if (resource.state?.progress) tx.touch(docs, key, doc);
          this.advance(resource, doc, ctx, true);
          body = this.shown(resource, doc, ctx);
        } else if (role === 'update' || role === 'replace') {
          const patch = isRecord(ctx.body) ? ctx.body : {};
          for (const field of resource.immutable?.fields ?? []) {
            const given = getPath(patch, field);
            if (given !== undefined && JSON.stringify(given) !== JSON.stringify(getPath(doc, field))) {
              throw new HttpError(resource.immutable?.status ?? 400, `${field} cannot be changed after ${resource.name} ${id} was created`);
            }
          }
          let updated: Doc;
          if (role === 'update') updated = merge(doc, patch) as Doc;
          else {
            updated = clone(patch);
            for (const path of [...(resource.keep ?? []), ...(resource.hidden ?? []), ...(resource.scope ? Object.keys(resource.scope.fields) : [])]) {
              const kept = getPath(doc, path);
              if (kept !== undefined) setPath(updated, path, clone(kept));
            }
            if (resource.state) setPath(updated, resource.state.field, getPath(doc, resource.state.field));
          }
          setPath(updated, resource.idField, getPath(doc, resource.idField));
          if (resource.updateSet) updated = merge(updated, evaluateTemplate(resource.updateSet, ctx, { resource: updated })) as Doc;
          this.checkUniqueNames(resource, updated, docs, key);
          tx.put(docs, key, updated);
          const tracker = this.progress.get(doc);
          if (tracker) {
            this.progress.set(updated, tracker);
            this.progress.delete(doc);
            tx.onRollback(() => {
              this.progress.delete(updated);
              this.progress.set(doc, tracker);
            });
          }
          written.push({ resource, docs, key, doc: updated });
          subject = updated;
          body = this.answerBody(resource, response, updated, ctx);
        } else if (role === 'delete') {
          const user = this.userOf(resource, String(getPath(doc, resource.idField)), doc);
          if (user && resource.inUse) throw new HttpError(resource.inUse.status, `${resource.name} ${String(ctx.params.path[resource.idParam] ?? id)} is in use by ${user}`);
          tx.remove(docs, key);
          tx.onCommit(() => this.progress.delete(doc));
          body = undefined;
        }
      }
    }
    for (const move of moves) move();
    for (const w of written) {
      // A transition may rename (a container's Name): the indexes follow, and names stay unique.
      w.docs.reindex(w.key);
      this.checkUniqueNames(w.resource, w.doc, w.docs, w.key);
      this.checkRenders(w.resource, w.doc, ctx, opId);
    }
    tx.onCommit(() => this.emit(opId, ctx, subject));
    if (!response) return { status: 200 };
    const scope: TemplateScope = subject && subjectOf ? { resource: this.shown(subjectOf, subject, ctx) } : {};
    let out: HandlerResponse;
    if (mock.template !== undefined) {
      let value = evaluateTemplate(mock.template, ctx, scope);
      if (mock.pagination && Array.isArray(value)) {
        const page = this.page(mock.pagination, value, ctx);
        Object.assign(headers, page.headers);
        value = page.items;
      }
      out = this.respond(response, value, `the x-specforge-mock template of ${opId}`);
    } else if (roles.length === 0 || (pref.example !== undefined || pref.dynamic)) {
      // A transition or guard alone: the operation's documented answer.
      out = this.fromResponse(opId, response, pref, n);
    } else out = this.respond(response, body, origin);
    for (const [name, value] of Object.entries(headers)) {
      const rest = Object.fromEntries(Object.entries(out.headers ?? {}).filter(([k]) => k.toLowerCase() !== name.toLowerCase()));
      out.headers = value === undefined ? rest : { ...rest, [name]: value };
    }
    out = this.withHeaders(mock, ctx, scope, out);
    // The answer is checked here, inside the transaction, so that a refused answer changes nothing.
    this.verify(opId, response, out);
    return out;
  }

  /** A list entry as the list shows it: the resource's `listItem` template, or the stored document. */
  private listItem(resource: ResourceSpec, doc: Doc, ctx: RequestContext): unknown {
    const shown = this.shown(resource, doc, ctx);
    return resource.listItem !== undefined ? evaluateTemplate(resource.listItem, ctx, { resource: shown }) : shown;
  }

  /** A list's body: the items, or the documented wrapper with the items (and paging fields) in `listField`. */
  private listBody(resource: ResourceSpec, response: MockResponse | undefined, items: unknown[], fields: Record<string, unknown>): unknown {
    if (!resource.listField) return items;
    const example = response?.examples[0]?.value;
    const wrapped: Record<string, unknown> = { ...(isRecord(example) ? clone(example) : {}), [resource.listField]: items, ...fields };
    if (resource.pagination?.style === 'token' && !(resource.pagination.next in fields)) delete wrapped[resource.pagination.next];
    return wrapped;
  }

  private responseValidator(opId: string, response: MockResponse): ValidateFunction | undefined {
    return response.contentType ? this.validators?.operationValidators[opId]?.responses[response.key]?.[response.contentType] : undefined;
  }

  /** Checks a stateful answer against the contract (a 500 naming what breaks it), once: the server need not check it again. */
  private verify(opId: string, response: MockResponse, out: HandlerResponse): void {
    if (out.body === undefined || out.status !== response.status || out.verified) return;
    const validate = this.responseValidator(opId, response);
    if (!validate) return;
    if (!validate(out.body)) {
      throw new HttpError(500, `${out.origin ?? 'the stored resource'} does not match the contract for ${opId} ${response.status}; nothing was changed`, detailsFromAjv('response', validate.errors));
    }
    out.verified = true;
  }

  /**
   * A document the request stores must render into valid answers of the resource's read and list
   * operations; otherwise the request is refused (500 naming the contract's disagreement) and
   * nothing is stored, instead of every later read failing.
   */
  private checkRenders(resource: ResourceSpec, doc: Doc, ctx: RequestContext, opId: string): void {
    const neutral: RequestContext = { ...ctx, params: { path: {}, query: {}, header: {}, cookie: {} }, body: undefined };
    const views: Array<[string | undefined, (response: MockResponse) => unknown]> = [
      [resource.operations.read, () => this.shown(resource, doc, neutral)],
      [resource.operations.list, (response) => this.listBody(resource, response, [this.listItem(resource, doc, neutral)], resource.pagination?.style === 'token' && resource.pagination.total ? { [resource.pagination.total]: 1 } : {})],
    ];
    for (const [viewId, render] of views) {
      if (!viewId || viewId === opId) continue;
      const view = this.tables.operations[viewId];
      const response = view ? this.primary(view) : undefined;
      if (!view || !response || view.template !== undefined) continue;
      const validate = this.responseValidator(viewId, response);
      if (validate && !validate(render(response))) {
        throw new HttpError(500, `${opId} would store a ${resource.name} that ${viewId} cannot answer under the contract; nothing was changed`, detailsFromAjv('response', validate.errors));
      }
    }
  }
}

/** A create into a collection that holds as many documents as the mock allows. */
function storeFull(resource: string, max: number): HttpError {
  return new HttpError(507, `the mock holds ${max} ${resource}, its limit per collection (maxDocuments, --max-documents); nothing was stored: delete some or reset the mock`);
}

/** Mock handlers for every operation of `api` (stateless unless options.stateful). */
export function createMockHandlers(
  api: ApiSpec,
  tables: MockTables,
  validators?: ValidatorsModule,
  options: MockOptions = {},
): Record<string, AnyHandler> {
  return new MockEngine(api, tables, validators, options).handlers;
}

/** The values a filter parameter gives per name: `{ name: [values] }` or the legacy `{ name: { value: true } }`. */
function filterValues(raw: unknown): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return out;
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [name, v] of Object.entries(value as Record<string, unknown>)) {
    if (Array.isArray(v)) out.set(name, v.map(String));
    else if (v !== null && typeof v === 'object') out.set(name, Object.entries(v as Record<string, unknown>).filter(([, on]) => on === true).map(([k]) => k));
  }
  return out;
}

/** Whether an event passes the request's filters (x-specforge-events filters); all pass without any. */
function eventSelector(spec: EventFiltersSpec | undefined, raw: unknown): (event: unknown) => boolean {
  if (!spec || raw === undefined) return () => true;
  const wanted = [...filterValues(raw)].filter(([name]) => Object.hasOwn(spec.match, name));
  if (wanted.length === 0) return () => true;
  const text = (event: unknown, path: string): string | undefined => {
    const v = getPath(event as Record<string, unknown>, path);
    return v === undefined || v === null ? undefined : String(v);
  };
  return (event) =>
    wanted.every(([name, values]) => {
      const rule = spec.match[name] as EventFiltersSpec['match'][string];
      if (rule.when && !Object.entries(rule.when).every(([path, v]) => text(event, path) === v)) return false;
      return values.some((value) => {
        if (rule.fields?.some((f) => text(event, f) === value)) return true;
        if (rule.labels === undefined) return false;
        const labels = getPath(event as Record<string, unknown>, rule.labels);
        if (labels === null || typeof labels !== 'object') return false;
        const eq = value.indexOf('=');
        const key = eq < 0 ? value : value.slice(0, eq);
        if (!Object.hasOwn(labels, key)) return false;
        return eq < 0 || String((labels as Record<string, unknown>)[key]) === value.slice(eq + 1);
      });
    });
}

const resourceReads = new WeakMap<object, boolean>();
/** Whether a template reads the stored resource: a `resource.` source or a `{resource.…}` placeholder. */
function readsResource(template: unknown): boolean {
  const test = (t: unknown): boolean => /"resource\.|\{resource\./.test(JSON.stringify(t) ?? '');
  if (template === null || typeof template !== 'object') return test(template);
  let reads = resourceReads.get(template);
  if (reads === undefined) {
    reads = test(template);
    resourceReads.set(template, reads);
  }
  return reads;
}
