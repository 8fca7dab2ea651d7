/**
 * Stateful resources (`x-specforge-resources`): collections and their scopes, lookups by id, alias
 * and parent, generated ids, state machines, projections, pages and list bodies.
 */
import { sha256Hex } from '../shared/sha256.js';
import { detailsFromAjv, HttpError } from '../shared/errors.js';
import type { HandlerResponse, RequestContext } from '../server/context.js';
import { isRecord, ownValue } from '../shared/object.js';
import { Collection, type Doc } from './store.js';
import type { MockOperation, MockResponse, PaginationSpec, ParameterSpec, ResourceSpec, TransitionSpec } from '../shared/spec.js';
import { clone, collect, getPath, unsetPath, setOwn, setPath, project, step } from './paths.js';
import { serializeQuerystring } from '../client/querystring.js';
import { queryApiKeyNames } from '../server/security.js';
import { evaluateTemplate, readsResource } from './templates.js';
import { MockCore } from './core.js';
import { storedItem } from './stream-state.js';
import { sampledItem } from './streams.js';

/** A document a request would store that the collection's read or list could not answer under the contract. */
export class UnstorableError extends HttpError {
  constructor(
    message: string,
    details: ConstructorParameters<typeof HttpError>[2],
    readonly resource: ResourceSpec,
  ) {
    super(500, message, details);
  }
}

export abstract class MockResources extends MockCore {
  /** The collection of a resource, created empty on first use. */
  protected collection(resource: ResourceSpec): Collection {
    let docs = this.store.get(resource.name);
    if (!docs) {
      docs = new Collection({ scopeOf: (doc) => this.scopeOfDoc(resource, doc), aliasesOf: (doc) => this.aliasValues(resource, doc) });
      this.store.set(resource.name, docs);
    }
    return docs;
  }

  /** Keeps the largest integer id of a collection, from which generated integer ids continue. */
  protected noteId(docs: Collection, resource: ResourceSpec, doc: Doc): void {
    if (resource.generate !== 'integer') return;
    const id = String(getPath(doc, resource.idField));
    if (/^\d{1,15}$/.test(id)) docs.maxInteger = Math.max(docs.maxInteger, Number(id));
  }

  protected usesResource(mock: MockOperation): boolean {
    let reads = this.templateReads.get(mock);
    if (reads === undefined) {
      reads = readsResource(mock.template ?? null);
      this.templateReads.set(mock, reads);
    }
    return reads;
  }

  /** The parent a document belongs to (its `scope` fields), as one string. */
  protected scopeOfDoc(resource: ResourceSpec, doc: Record<string, unknown>): string {
    if (!resource.scope) return '';
    const parts = Object.keys(resource.scope.fields).map((f) => String(getPath(doc, f) ?? ''));
    return this.scopeText(resource, parts);
  }

  /** The parent the request names (the scope's `$format` strings evaluated). */
  protected scopeOfRequest(resource: ResourceSpec, ctx: RequestContext): string {
    if (!resource.scope) return '';
    const parts = Object.values(resource.scope.fields).map((f) => String(evaluateTemplate({ $format: f }, ctx)));
    return this.scopeText(resource, parts);
  }

  protected scopeText(resource: ResourceSpec, parts: string[]): string {
    const text = parts.join('\u0000');
    return resource.scope?.ignoreCase ? text.toLowerCase() : text;
  }

  /** The store key of a document: its id, within its parent when the resource is scoped. */
  protected docKey(resource: ResourceSpec, doc: Record<string, unknown>): string {
    const id = String(getPath(doc, resource.idField));
    return resource.scope ? `${this.scopeOfDoc(resource, doc)}\u0001${id}` : id;
  }

  protected find(resource: ResourceSpec, ctx: RequestContext): [string, Record<string, unknown>] | undefined {
    const raw = ctx.params.path[resource.idParam];
    return raw === undefined ? undefined : this.lookup(resource, String(raw), ctx);
  }

  /** A document by its id or one of its aliases (a container's name, with or without its slash). */
  protected lookup(resource: ResourceSpec, wanted: string, ctx: RequestContext): [string, Record<string, unknown>] | undefined {
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
  protected findThrough(
    resource: ResourceSpec,
    through: { resource: string; field: string },
    ctx: RequestContext,
  ): [string, Record<string, unknown>] | undefined {
    const via = this.resources.find((r) => r.name === through.resource);
    const hop = via ? this.find(via, ctx) : undefined;
    if (!hop) return undefined;
    const target = getPath(hop[1], through.field);
    return target === undefined ? undefined : this.lookup(resource, String(target), ctx);
  }

  /** "containers <id>" when a document of another resource refers to this one (x-specforge-resources inUse). */
  protected userOf(resource: ResourceSpec, id: string, doc: Record<string, unknown>): string | undefined {
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
  protected checkUniqueNames(resource: ResourceSpec, doc: Doc, docs: Collection, key: string): void {
    const names = resource.aliases
      .map((alias) => getPath(doc, alias))
      .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
      .map(String);
    const scope = this.scopeOfDoc(resource, doc);
    for (const name of names) {
      for (const [otherKey, other] of docs.withAlias(scope, name)) {
        if (otherKey === key) continue;
        throw new HttpError(resource.conflict, `${resource.name} name ${name} is already in use by ${String(getPath(other, resource.idField))}`);
      }
    }
  }

  protected aliasValues(resource: ResourceSpec, doc: Record<string, unknown>): string[] {
    const out: string[] = [];
    for (const alias of resource.aliases) {
      const v = getPath(doc, alias);
      if (Array.isArray(v)) out.push(...v.map(String));
      else if (v !== undefined && v !== null) out.push(String(v));
    }
    return out;
  }

  protected notFound(resource: ResourceSpec, ctx: RequestContext): HttpError {
    return new HttpError(404, `no such ${resource.name}: ${String(ctx.params.path[resource.idParam] ?? '')}`);
  }

  protected newId(resource: ResourceSpec): string | number {
    const n = ++this.counter;
    const h = sha256Hex(`${this.seed}\0${resource.name}\0${n}`);
    if (resource.generate === 'integer') return this.collection(resource).maxInteger + 1;
    if (resource.generate === 'hex64') return (h + sha256Hex(h)).slice(0, 64);
    if (resource.generate === 'sha256') return `sha256:${h}`;
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16] as string, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }

  protected failPrecondition(opId: string, mock: MockOperation, resource: ResourceSpec, id: string, why: string, transition: TransitionSpec): HandlerResponse {
    const status = transition.otherwise;
    const declared = ownValue(mock.responses, String(status));
    if (status === 304 || (declared && declared.contentType === undefined)) return { status, origin: `the state machine of ${resource.name}` };
    throw new HttpError(status, `${resource.name} ${id}: ${why}; ${opId} cannot be applied`);
  }

  /** Why a transition cannot be applied to `doc`, or undefined when it can. */
  protected blocked(resource: ResourceSpec, doc: Record<string, unknown>, transition: TransitionSpec, ctx: RequestContext): string | undefined {
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
  protected transitionMoves(resource: ResourceSpec, doc: Record<string, unknown>, transition: TransitionSpec, ctx: RequestContext): Array<() => void> {
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
        if (Array.isArray(list))
          setPath(
            doc,
            path,
            list.filter((v) => JSON.stringify(v) !== value),
          );
      });
    }
    return moves;
  }

  /** Puts a document in a state, with the fields its progress sets there. */
  protected enter(resource: ResourceSpec, doc: Record<string, unknown>, state: string, ctx: RequestContext): void {
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
  protected advance(resource: ResourceSpec, doc: Record<string, unknown>, ctx: RequestContext, read: boolean): void {
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
  protected shown(resource: ResourceSpec, doc: Record<string, unknown>, ctx: RequestContext): Record<string, unknown> {
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
  protected answerBody(resource: ResourceSpec, response: MockResponse | undefined, doc: Record<string, unknown>, ctx: RequestContext): unknown {
    const shown = this.shown(resource, doc, ctx);
    const example = response?.examples[0];
    // shown is this answer's own copy: the projection takes its values without copying them again.
    return example && !resource.showDocument ? project(example.value, shown) : shown;
  }

  /** One page of a list, with the headers or body fields that lead to the next. */
  protected page(
    p: PaginationSpec | undefined,
    items: unknown[],
    ctx: RequestContext,
  ): { items: unknown[]; headers: Record<string, string | undefined>; fields: Record<string, unknown> } {
    if (!p) return { items, headers: {}, fields: {} };
    const sizeRaw = Number(step(ctx.params.query, p.size));
    const cap = this.maxPageSize;
    if (p.style === 'page') {
      const size = Math.min(cap, Number.isInteger(sizeRaw) && sizeRaw > 0 ? sizeRaw : p.defaultSize);
      const pageRaw = Number(step(ctx.params.query, p.page));
      const page = Number.isInteger(pageRaw) && pageRaw > 0 ? pageRaw : 1;
      const last = Math.max(1, Math.ceil(items.length / size));
      const headers: Record<string, string | undefined> = {};
      if (p.link) headers[p.link] = last > 1 ? this.linkHeader(ctx, p.page, page, last) : undefined;
      return { items: items.slice((page - 1) * size, page * size), headers, fields: {} };
    }
    // Paginated by default: without a declared default size, a page holds at most maxPageSize items.
    const size = Math.min(cap, Number.isInteger(sizeRaw) && sizeRaw > 0 ? sizeRaw : (p.defaultSize ?? cap));
    const token = step(ctx.params.query, p.token);
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
  protected linkHeader(ctx: RequestContext, param: string, page: number, last: number): string {
    // The links name this server (a Host of name and port only) and the request's own path: a
    // request target such as //other.example/x cannot point them elsewhere.
    const raw = String(ctx.request.headers.host ?? '');
    const host = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(raw) ? raw : 'localhost';
    const target = ctx.request.url ?? '/';
    const url = new URL(`http://${host}`);
    const q = target.indexOf('?');
    url.pathname = (q < 0 ? target : target.slice(0, q)).replace(/^\/+/, '/');
    url.search = q < 0 ? '' : target.slice(q);
    const whole = this.api.operations.find((o) => o.id === ctx.operationId)?.parameters.find((p) => p.in === 'querystring');
    const at = (n: number): string => {
      if (whole === undefined || /^application\/x-www-form-urlencoded\b/i.test(whole.contentType ?? 'application/x-www-form-urlencoded')) {
        url.searchParams.set(param, String(n));
      } else url.search = this.otherPage(whole, ctx, param, n, q < 0 ? '' : target.slice(q + 1));
      return url.toString();
    };
    const links: string[] = [];
    if (page > 1) links.push(`<${at(page - 1)}>; rel="prev"`);
    if (page < last) links.push(`<${at(page + 1)}>; rel="next"`);
    links.push(`<${at(last)}>; rel="last"`, `<${at(1)}>; rel="first"`);
    return links.join(', ');
  }

  /**
   * The query string of another page where the whole query string is one parameter written by a
   * media type other than a form's (OpenAPI 3.2 `in: querystring`, a JSON object, say): its value
   * with the page property set, written by that media type, then the request's API keys in the query.
   */
  protected otherPage(whole: ParameterSpec, ctx: RequestContext, param: string, n: number, raw: string): string {
    const value: Record<string, unknown> = isRecord(ctx.params.query) ? clone(ctx.params.query) : {};
    setOwn(value, param, n);
    const op = this.api.operations.find((o) => o.id === ctx.operationId);
    const keys = queryApiKeyNames(this.api.securitySchemes, op?.security ?? []);
    const kept = raw.split('&').filter((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return false;
      try {
        return keys.has(decodeURIComponent(pair.slice(0, eq).replace(/\+/g, ' ')));
      } catch {
        return false;
      }
    });
    return [serializeQuerystring(value, whole.contentType, whole.encoding), ...kept].filter((part) => part !== '').join('&');
  }

  /** A list entry as the list shows it: the resource's `listItem` template, or the stored document. */
  protected listItem(resource: ResourceSpec, doc: Doc, ctx: RequestContext): unknown {
    const shown = this.shown(resource, doc, ctx);
    return resource.listItem !== undefined ? evaluateTemplate(resource.listItem, ctx, { resource: shown }) : shown;
  }

  /**
   * A list's body: the items, or the documented wrapper (else the sampled one) with the items (and
   * paging fields) in `listField`.
   */
  protected listBody(resource: ResourceSpec, response: MockResponse | undefined, items: unknown[], fields: Record<string, unknown>): unknown {
    if (!resource.listField) return items;
    const example = response?.examples[0]?.value ?? response?.sample;
    const wrapped: Record<string, unknown> = { ...(isRecord(example) ? clone(example) : {}), [resource.listField]: items, ...fields };
    if (resource.pagination?.style === 'token' && !(resource.pagination.next in fields)) delete wrapped[resource.pagination.next];
    return wrapped;
  }

  /**
   * A document the request stores must render into valid answers of the resource's read and list
   * operations; otherwise the request is refused (500 naming the contract's disagreement) and
   * nothing is stored, instead of every later read failing. (A collection inferred from the paths
   * answers such a request as the stateless mock does instead: see MockEngine.statefulAnswer.)
   */
  protected checkRenders(resource: ResourceSpec, doc: Doc, ctx: RequestContext, opId: string): void {
    const neutral: RequestContext = { ...ctx, params: { path: {}, query: {}, header: {}, cookie: {} }, body: undefined };
    const views: Array<[string | undefined, (response: MockResponse) => unknown]> = [
      [resource.operations.read, () => this.shown(resource, doc, neutral)],
      [
        resource.operations.list,
        (response) =>
          this.listBody(
            resource,
            response,
            [this.listItem(resource, doc, neutral)],
            resource.pagination?.style === 'token' && resource.pagination.total ? { [resource.pagination.total]: 1 } : {},
          ),
      ],
    ];
    for (const [viewId, render] of views) {
      if (!viewId || viewId === opId) continue;
      const view = this.tables.operations[viewId];
      const response = view ? this.primary(view) : undefined;
      if (!view || !response || view.template !== undefined) continue;
      // A read answered as a stream carries only the values its items take (stream-state.ts); a list
      // answered as a stream sends the document as one item (an event's data: its first item's).
      if (response.items !== undefined && viewId === resource.operations.read) continue;
      const validate = this.responseValidator(viewId, response);
      const rendered =
        response.items !== undefined
          ? storedItem(response, () => sampledItem(this.itemSource(viewId, response), 0), this.listItem(resource, doc, neutral))
          : render(response);
      if (validate && !validate(rendered)) {
        throw new UnstorableError(
          `${opId} would store a ${resource.name} that ${viewId} cannot answer under the contract; nothing was changed`,
          detailsFromAjv('response', validate.errors),
          resource,
        );
      }
    }
  }
}
