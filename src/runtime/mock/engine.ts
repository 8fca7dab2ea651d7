/**
 * The mock engine. Each operation answers from its documented examples, a value sampled from its
 * schema, or an `x-specforge-mock` body template evaluated against the request. Per request, a
 * caller may ask for a status, a named example or a freshly sampled value (`Prefer: code=404,
 * example=name, dynamic=true`, or the `__code`, `__example`, `__dynamic` query parameters). In
 * stateful mode, resources declared with `x-specforge-resources` live in memory: creates, lists,
 * reads, updates, deletes and state-machine transitions behave like the real service.
 */
import { HttpError } from '../shared/errors.js';
import type { AnyHandler, HandlerResponse, RequestContext, ValidatorsModule } from '../server/context.js';
import { isRecord, ownValue } from '../shared/object.js';
import { Collection, Transaction, type Doc } from './store.js';
import type { ApiSpec, MockOperation, MockResponse, MockTables, ResourceSpec } from '../shared/spec.js';
import { clone, setOwn, getPath, setPath, merge, step } from './paths.js';
import { type TemplateScope, evaluateTemplate } from './templates.js';
import { type Preference, preference } from './prefer.js';
import { type MockOptions } from './core.js';
import { MockResources, UnstorableError } from './resources.js';
import { schemaPropertyNames } from '../shared/schema-properties.js';
import { carried, thingSchema } from './stream-state.js';
import type { StreamSource } from './streams.js';

export { evaluateTemplate, type TemplateScope } from './templates.js';
export { DEFAULT_MAX_DOCUMENTS, DEFAULT_MAX_PAGE_SIZE, type MockOptions } from './core.js';

/** A date-time in UTC as the sampler writes it; group 1: its fraction of a second. */
const UTC_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/** How far apart in time two consecutive creates of an inferred collection are. */
const CREATE_STEP_MS = 60 * 60 * 1000;

/**
 * The date-times a created document takes from its collection's template (not given by the
 * request), moved `n` steps later: the first thing created keeps the template's times (the
 * documented example's, where there is one), each later one was created after the one before,
 * not at the same minute.
 */
function laterTimes(doc: Doc, template: Record<string, unknown>, given: unknown, n: number): void {
  for (const [field, value] of Object.entries(template)) {
    if (typeof value !== 'string' || (isRecord(given) && Object.hasOwn(given, field))) continue;
    const match = UTC_TIME.exec(value);
    const at = match ? Date.parse(value) + n * CREATE_STEP_MS : Number.NaN;
    if (!match || !Number.isFinite(at) || at > Date.UTC(9999, 11, 31)) continue;
    const text = new Date(at).toISOString();
    setOwn(doc, field, match[1] === undefined ? text.replace(/\.\d{3}Z$/, 'Z') : text);
  }
}

/** The mock engine behind generated mocks and `specforge mock`. */
export class MockEngine extends MockResources {
  /** Creates in inferred collections so far (the times of the next one's document move on with it). */
  protected creates = 0;

  /** Forgets every change: resources go back to their seeds, counters and sampling restart. */
  reset(): void {
    this.store.clear();
    this.progress.clear();
    this.counter = 0;
    this.creates = 0;
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

  /** The documents of a resource collection, in insertion order (stateful mode). */
  documents(resource: string): Array<Record<string, unknown>> {
    return [...(this.store.get(resource)?.values() ?? [])].map((d) => clone(d));
  }

  protected answer(opId: string, declared: MockOperation, ctx: RequestContext): HandlerResponse {
    const n = ++this.requests;
    const pref = preference(ctx);
    if (pref.code !== undefined) return this.forced(opId, declared, pref, n);
    // A client that asks to upgrade gets the declared 101 (the connection is handed over).
    const mock = ctx.upgrade && ownValue(declared.responses, '101') ? { ...declared, primary: '101' } : declared;
    if (this.stateful) {
      if (this.tables.events?.operation === opId && pref.example === undefined && !pref.dynamic) return this.eventStream(mock, ctx);
      const about = this.streamsAbout().get(opId);
      if (about) return this.aboutOne(opId, mock, about, ctx, pref, n);
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

  protected statefulAnswer(opId: string, mock: MockOperation, ctx: RequestContext, pref: Preference, n: number): HandlerResponse | undefined {
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
      // A collection the contract does not declare (inferred from its paths) keeps what it can: a
      // document it could not answer under the contract (the create body spells a field otherwise
      // than the read answer) is not kept, and the request is answered as by the stateless mock.
      if (error instanceof UnstorableError && error.resource.inferred === true) {
        this.unstorable(opId, error);
        return undefined;
      }
      throw error;
    }
  }

  /** Operation id to the resource it streams about (`ResourceSpec.streams`). */
  protected streamsAbout(): Map<string, ResourceSpec> {
    if (this.streamOps === undefined) {
      const map = new Map<string, ResourceSpec>();
      for (const r of this.resources) for (const opId of r.streams ?? []) if (!map.has(opId)) map.set(opId, r);
      this.streamOps = map;
    }
    return this.streamOps;
  }

  private streamOps: Map<string, ResourceSpec> | undefined;

  /**
   * A stream about one stored document (GET /jobs/{id}/events): 404 when there is none, as its read
   * answers; else the operation's items, each carrying the document's values as they are when it is
   * sent (`Prefer: example=` or `dynamic=true`: the documented or sampled items as they are).
   */
  protected aboutOne(opId: string, mock: MockOperation, resource: ResourceSpec, ctx: RequestContext, pref: Preference, n: number): HandlerResponse {
    const found = this.find(resource, ctx);
    if (!found) throw this.notFound(resource, ctx);
    const response = this.primary(mock);
    if (!response) return { status: 200 };
    const scope: TemplateScope = { resource: this.shown(resource, found[1], ctx) };
    if (response.items === undefined || pref.example !== undefined || pref.dynamic)
      return this.withHeaders(mock, ctx, scope, this.fromResponse(opId, response, pref, n));
    return this.withHeaders(mock, ctx, scope, this.streamed(opId, response, pref, { carry: this.carrier(opId, response, resource, found[0], ctx) }));
  }

  /** Puts the values of the document stored under `key` into an item; undefined once it is gone (the stream ends). */
  protected carrier(opId: string, response: MockResponse, resource: ResourceSpec, key: string, ctx: RequestContext): (item: unknown) => unknown {
    const names = schemaPropertyNames(thingSchema(response, this.resolveSchema), this.resolveSchema);
    const validate = this.responseValidator(opId, response);
    const docs = this.collection(resource);
    return (item) => {
      const doc = docs.get(key);
      if (doc === undefined) return undefined;
      this.advance(resource, doc, ctx, false);
      const values = this.shown(resource, doc, ctx);
      // A property named as the path parameter (jobId of /jobs/{jobId}/events) is the document's id.
      if (!Object.hasOwn(values, resource.idParam)) setOwn(values, resource.idParam, getPath(doc, resource.idField));
      return carried(response, item, values, names, validate ? (v) => validate(v) : undefined);
    };
  }

  /** Says once per operation why an inferred collection did not keep what it was sent. */
  private unstorable(opId: string, error: UnstorableError): void {
    if (this.unstored.has(opId)) return;
    this.unstored.add(opId);
    const why = error.details.map((d) => `${d.pointer ?? ''} ${d.message}`.trim()).join('; ');
    this.warn?.(
      `${error.message.replace(/; nothing was changed$/, '')}${why ? ` (${why})` : ''}: the inferred collection ${error.resource.name} keeps nothing from ${opId}, which answers as the stateless mock does`,
    );
  }

  protected statefulChange(tx: Transaction, opId: string, mock: MockOperation, ctx: RequestContext, pref: Preference, n: number): HandlerResponse {
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
    /** What a stream answer sends instead of `body` (a list's stored items, or a document's values). */
    let state: Pick<StreamSource, 'stored' | 'carry'> | undefined;
    for (const { resource, role } of roles) {
      const docs = this.collection(resource);
      if (role === 'create') {
        const template = resource.template ?? {};
        const fields = resource.createFrom !== undefined ? evaluateTemplate(resource.createFrom, ctx) : ctx.body;
        // The template gives defaults; each field given by the request replaces the template's whole.
        let doc: Doc = { ...(isRecord(template) ? clone(template) : {}) };
        if (isRecord(fields)) for (const [k, v] of Object.entries(fields)) setOwn(doc, k, clone(v));
        if (resource.inferred === true && isRecord(template)) laterTimes(doc, template, fields, this.creates++);
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
      } else if (role === 'list' || role === 'search') {
        const filter = resource.listFilter;
        const scope = resource.scope ? this.scopeOfRequest(resource, ctx) : undefined;
        // Filter and page the stored documents first; only the page's documents are rendered.
        let chosen: Doc[] = [];
        for (const [, d] of docs.inScope(scope)) chosen.push(d);
        if (resource.state?.progress) for (const d of chosen) this.advance(resource, d, ctx, false);
        if (filter && !(filter.unlessQuery && step(ctx.params.query, filter.unlessQuery) === true)) {
          chosen = chosen.filter((d) => filter.in.includes(String(getPath(d, filter.field))));
        }
        if (role === 'search') chosen = searched(chosen, ctx.body);
        const page = this.page(resource.pagination, chosen, ctx);
        Object.assign(headers, page.headers);
        const items = (page.items as Doc[]).map((d) => this.listItem(resource, d, ctx));
        // A list answered as a stream (OpenAPI 3.2 itemSchema) sends the items one by one.
        if (response?.items !== undefined) state = { stored: items };
        else body = this.listBody(resource, response, items, page.fields);
        origin = `the stored ${resource.name} list`;
      } else {
        const found = this.find(resource, ctx);
        if (!found) throw this.notFound(resource, ctx);
        const [key, doc] = found;
        const id = String(getPath(doc, resource.idField) ?? key);
        subject = doc;
        subjectOf = resource;
        if (
          (role === 'update' || role === 'replace' || role === 'delete') &&
          resource.protected &&
          [id, ...this.aliasValues(resource, doc)].some((v) => resource.protected?.ids.includes(v))
        ) {
          throw new HttpError(
            resource.protected.status,
            `${String(ctx.params.path[resource.idParam] ?? id)} is a predefined member of ${resource.name} and cannot be changed or removed`,
          );
        }
        if (role === 'read') {
          if (resource.state?.progress) tx.touch(docs, key, doc);
          this.advance(resource, doc, ctx, true);
          body = this.shown(resource, doc, ctx);
          // A read answered as a stream: its items carry the document's values.
          if (response?.items !== undefined) state = { carry: this.carrier(opId, response, resource, key, ctx) };
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
          if (user && resource.inUse)
            throw new HttpError(resource.inUse.status, `${resource.name} ${String(ctx.params.path[resource.idParam] ?? id)} is in use by ${user}`);
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
    } else if (roles.length === 0 || pref.example !== undefined || pref.dynamic) {
      // A transition or guard alone: the operation's documented answer.
      out = this.fromResponse(opId, response, pref, n);
    } else if (state !== undefined && response.items !== undefined) out = this.streamed(opId, response, pref, state);
    else out = this.respond(response, body, origin);
    for (const [name, value] of Object.entries(headers)) {
      const rest = Object.fromEntries(Object.entries(out.headers ?? {}).filter(([k]) => k.toLowerCase() !== name.toLowerCase()));
      out.headers = value === undefined ? rest : { ...rest, [name]: value };
    }
    out = this.withHeaders(mock, ctx, scope, out);
    // The answer is checked here, inside the transaction, so that a refused answer changes nothing.
    this.verify(opId, response, out);
    return out;
  }
}

/** A create into a collection that holds as many documents as the mock allows. */
export function storeFull(resource: string, max: number): HttpError {
  return new HttpError(
    507,
    `the mock holds ${max} ${resource}, its limit per collection (maxDocuments, --max-documents); nothing was stored: delete some or reset the mock`,
  );
}

/** Mock handlers for every operation of `api` (stateless unless options.stateful). */
export function createMockHandlers(api: ApiSpec, tables: MockTables, validators?: ValidatorsModule, options: MockOptions = {}): Record<string, AnyHandler> {
  return new MockEngine(api, tables, validators, options).handlers;
}

/**
 * The documents a QUERY's body asks for (OpenAPI 3.2: a search of the collection): each top-level
 * field the documents have keeps those equal to it (a scalar, or any of an array's scalars), and a
 * numeric `limit` they do not have caps the count; other fields (operators, sorting) are ignored.
 */
export function searched(docs: Doc[], body: unknown): Doc[] {
  if (!isRecord(body)) return docs;
  let out = docs;
  let limit: number | undefined;
  for (const [field, wanted] of Object.entries(body)) {
    if (field === 'limit' && typeof wanted === 'number' && !docs.some((d) => isRecord(d) && Object.hasOwn(d, 'limit'))) {
      limit = wanted;
      continue;
    }
    const values = Array.isArray(wanted) ? wanted : [wanted];
    if (!values.every((v) => v === null || typeof v !== 'object') || !docs.some((d) => isRecord(d) && Object.hasOwn(d, field))) continue;
    out = out.filter((d) => isRecord(d) && values.includes(d[field]));
  }
  return limit !== undefined && limit >= 0 ? out.slice(0, Math.floor(limit)) : out;
}
