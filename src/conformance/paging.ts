/**
 * Lists read with the paging their contract declares, so that a created item past the first page
 * is not said to be missing: the first request asks for the largest page the page-size parameter
 * allows (`limit`, `per_page`, `pageSize`...), then next pages are followed (a `Link: <...>;
 * rel="next"` header, a next link or cursor in the body, else the next offset or page number), at
 * most MAX_PAGES. Also: which query parameters are opaque cursors, which only the server can issue
 * (never sampled as valid data).
 */
import type { JsonSchema, OperationModel, ParameterModel } from '../contract/model.js';
import { isRecord } from '../contract/pointer.js';
import type { ReceivedResponse, SentRequest } from './checks.js';
import type { Outcome, RunContext } from './exchange.js';
import type { ExampleRequest } from './requests.js';
import type { Phase } from './types.js';
import type { PaginationSpec } from '../runtime/shared/spec.js';

/** Pages of one list read, at most. */
export const MAX_PAGES = 20;
/** Pages after the first that the reads of one collection's list may ask for, in all (a list that never ends is read to MAX_PAGES once or twice, not at every step). */
export const PAGE_BUDGET = 60;
/** The largest page asked for when the page-size parameter declares no maximum. */
const DEFAULT_LARGE_PAGE = 100;
/** The largest page asked for at all. */
const LARGEST_PAGE = 1000;

const SIZE = /^(limit|per_?page|page_?size|size|count|max_?results|max_?items|max_?page_?size|top|\$top|first|take|page\[(size|limit)\])$/i;
const OFFSET = /^(offset|skip|start|start_?index|\$skip|page\[offset\])$/i;
const PAGE = /^(page|page_?number|page_?num|page\[number\])$/i;
/** Cursors a next page is asked with. */
const FORWARD_CURSOR = /^(cursor|after|page_?token|next_?token|next_?cursor|continuation(_?token)?|starting_?after|marker|page\[(cursor|after)\])$/i;
/** Every opaque cursor (backward ones too). */
const CURSOR =
  /^(cursor|after|before|page_?token|next_?token|next_?cursor|prev(ious)?_?cursor|continuation(_?token)?|starting_?after|ending_?before|marker|page\[(cursor|after|before)\])$/i;
/** Body properties that hold the next page's link or cursor. */
const NEXT_KEYS = [
  'next',
  'next_cursor',
  'nextCursor',
  'next_page_token',
  'nextPageToken',
  'next_token',
  'nextToken',
  'next_page',
  'nextPage',
  'next_link',
  'nextLink',
  '@odata.nextLink',
  'continuation_token',
  'continuationToken',
];
/** Objects a next link or cursor may sit in. */
const NEXT_HOLDERS = ['meta', 'pagination', 'paging', 'links', '_links', 'page_info', 'pageInfo', 'page'];

function resolved(schema: JsonSchema | undefined, resolve: (ref: string) => JsonSchema | undefined): Record<string, unknown> {
  let s: unknown = schema;
  for (let i = 0; i < 8 && isRecord(s) && typeof s['$ref'] === 'string'; i++) s = resolve(s['$ref']);
  return isRecord(s) ? s : {};
}

function typeOf(s: Record<string, unknown>): unknown {
  return Array.isArray(s['type']) ? s['type'].find((t) => t !== 'null') : s['type'];
}

/**
 * Whether a query parameter is an opaque cursor: named as one, a plain string (no format, pattern
 * or enum) with no example. Only the server can issue a valid one: a value sampled from the schema
 * is no valid data.
 */
export function isOpaqueCursor(p: ParameterModel, resolve: (ref: string) => JsonSchema | undefined): boolean {
  if (p.in !== 'query' || !CURSOR.test(p.name) || p.examples.length > 0) return false;
  const s = resolved(p.schema, resolve);
  const type = typeOf(s);
  return (
    (type === undefined || type === 'string') && s['format'] === undefined && s['pattern'] === undefined && s['enum'] === undefined && s['const'] === undefined
  );
}

/** The paging parameters a list declares. */
export interface Paging {
  size?: { param: ParameterModel; largest: number };
  offset?: ParameterModel;
  page?: ParameterModel;
  cursor?: ParameterModel;
  /** The body property that holds the next page's token (a declared `pagination.next`). */
  nextField?: string;
}

/**
 * The paging parameters of a list: those an x-specforge-resources `pagination` names, else those
 * named as page sizes, offsets, page numbers and cursors usually are.
 */
export function listPaging(op: OperationModel, resolve: (ref: string) => JsonSchema | undefined, declared?: PaginationSpec): Paging {
  const paging: Paging = {};
  const named = (name: string): ParameterModel | undefined => op.parameters.find((p) => p.in === 'query' && p.name === name);
  if (declared) {
    const size = named(declared.size);
    if (size) {
      const s = resolved(size.schema, resolve);
      paging.size = { param: size, largest: Math.floor(Math.min(LARGEST_PAGE, typeof s['maximum'] === 'number' ? s['maximum'] : DEFAULT_LARGE_PAGE)) };
    }
    const other = named(declared.style === 'page' ? declared.page : declared.token);
    if (other && declared.style === 'page') paging.page = other;
    else if (other) paging.cursor = other;
    if (declared.style === 'token') paging.nextField = declared.next;
    return paging;
  }
  for (const p of op.parameters) {
    if (p.in !== 'query') continue;
    const s = resolved(p.schema, resolve);
    const type = typeOf(s);
    const numeric = type === 'integer' || type === 'number';
    if (SIZE.test(p.name) && numeric && !paging.size) {
      const max = typeof s['maximum'] === 'number' ? s['maximum'] : typeof s['exclusiveMaximum'] === 'number' ? s['exclusiveMaximum'] - 1 : DEFAULT_LARGE_PAGE;
      const min = typeof s['minimum'] === 'number' ? s['minimum'] : 1;
      const largest = Math.floor(Math.min(LARGEST_PAGE, Math.max(max, min)));
      if (largest >= 1) paging.size = { param: p, largest };
    } else if (OFFSET.test(p.name) && numeric) paging.offset ??= p;
    else if (PAGE.test(p.name) && numeric) paging.page ??= p;
    else if (FORWARD_CURSOR.test(p.name) && (type === undefined || type === 'string' || type === 'integer')) paging.cursor ??= p;
  }
  return paging;
}

/** The items of a list answer: the array it is, or the first array among its properties (data, items, results...). */
export function listItems(json: unknown, listField?: string): unknown[] | undefined {
  if (Array.isArray(json)) return json;
  if (!isRecord(json)) return undefined;
  if (listField !== undefined && Array.isArray(json[listField])) return json[listField];
  for (const key of ['data', 'items', 'results', 'records', 'entries', 'values', 'content', 'nodes', 'edges']) if (Array.isArray(json[key])) return json[key];
  return Object.values(json).find((v): v is unknown[] => Array.isArray(v));
}

/** The target of a `Link` header's rel="next" (RFC 8288), if any. */
export function nextLink(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(/,(?=\s*<)/)) {
    const m = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (m && /;\s*rel\s*=\s*"?(?:[^";]*\s)?next(?:\s[^";]*)?"?\s*(?:;|$)/i.test(m[2] ?? '')) return m[1];
  }
  return undefined;
}

/** A next link or cursor in a list answer's body (top level, or in meta, pagination, links...). */
function nextInBody(json: unknown, nextField?: string): { link?: string; cursor?: string; more?: boolean } {
  if (!isRecord(json)) return {};
  if (nextField !== undefined) {
    const v = json[nextField];
    return typeof v === 'string' && v !== '' ? { cursor: v } : typeof v === 'number' ? { cursor: String(v) } : { more: false };
  }
  const holders: Array<Record<string, unknown>> = [json, ...NEXT_HOLDERS.map((k) => json[k]).filter(isRecord)];
  let more: boolean | undefined;
  for (const h of holders) {
    for (const flag of ['has_more', 'hasMore', 'has_next', 'hasNext', 'hasNextPage', 'has_next_page']) if (typeof h[flag] === 'boolean') more ??= h[flag];
    for (const key of NEXT_KEYS) {
      let v = h[key];
      if (isRecord(v) && typeof v['href'] === 'string') v = v['href'];
      if (typeof v === 'number') v = String(v);
      if (typeof v !== 'string' || v === '') continue;
      return /^(https?:\/\/|\/|\?)/i.test(v) ? { link: v } : { cursor: v };
    }
    if (typeof h['endCursor'] === 'string' && (h['hasNextPage'] === true || h['has_next_page'] === true)) return { cursor: h['endCursor'] };
  }
  return more === undefined ? {} : { more };
}

/** A URL the server gave (absolute or relative to the request) as a request path under the base, if it is under it. */
export function underBase(link: string, requestUrl: string, base: URL): string | undefined {
  const basePath = base.pathname.replace(/\/$/, '');
  let url: URL;
  try {
    url = new URL(link, new URL(basePath + requestUrl, base));
  } catch {
    return undefined;
  }
  if (url.origin !== base.origin || !url.pathname.startsWith(basePath)) return undefined;
  return url.pathname.slice(basePath.length) + url.search;
}

/**
 * What one page of a list says of the next: the request of the next page (its path and query
 * under the base), `last` when this page ends the list, or `unknown` when more may follow but the
 * contract gives no way to ask for it (a cursor without a parameter to send it in).
 */
export function nextPage(
  paging: Paging,
  sentUrl: string,
  response: ReceivedResponse,
  base: URL,
  idKeys: readonly string[],
): { url: string } | 'last' | 'unknown' {
  const link = nextLink(response.headers['link']);
  if (link !== undefined) return withUrl(underBase(link, sentUrl, base));
  const body = nextInBody(response.json, paging.nextField);
  if (body.link !== undefined) return withUrl(underBase(body.link, sentUrl, base));
  const q = sentUrl.indexOf('?');
  const path = q < 0 ? sentUrl : sentUrl.slice(0, q);
  const query = new URLSearchParams(q < 0 ? '' : sentUrl.slice(q + 1));
  const ask = (name: string, value: string): { url: string } => {
    query.set(name, value);
    return { url: `${path}?${query.toString()}` };
  };
  if (body.cursor !== undefined) return paging.cursor ? ask(paging.cursor.name, body.cursor) : 'unknown';
  const items = listItems(response.json);
  if (body.more === false || items === undefined || items.length === 0) return 'last';
  if (body.more === true) {
    // Stripe's style: the next page starts after the last item's id.
    const last: unknown = items[items.length - 1];
    const id = isRecord(last) ? idKeys.map((k) => last[k]).find((v) => typeof v === 'string' || typeof v === 'number') : undefined;
    return paging.cursor && /starting_?after|after/i.test(paging.cursor.name) && id !== undefined ? ask(paging.cursor.name, String(id)) : 'unknown';
  }
  if (!paging.offset && !paging.page) return 'last';
  const asked = paging.size ? Number(query.get(paging.size.param.name)) : NaN;
  // A page shorter than the size asked for is the last.
  if (Number.isFinite(asked) && asked > 0 && items.length < asked) return 'last';
  if (paging.offset) return ask(paging.offset.name, String(Number(query.get(paging.offset.name) ?? '0') + items.length));
  const page = paging.page as ParameterModel;
  const current = Number(query.get(page.name) ?? '1');
  return ask(page.name, String((Number.isFinite(current) ? current : 1) + 1));
}

function withUrl(url: string | undefined): { url: string } | 'unknown' {
  return url === undefined ? 'unknown' : { url };
}

/** Whether a list's request asks for a first page (no cursor, offset past 0 or page past 1). */
export function isFirstPage(paging: Paging, sentUrl: string): boolean {
  const q = sentUrl.indexOf('?');
  const query = new URLSearchParams(q < 0 ? '' : sentUrl.slice(q + 1));
  if (paging.cursor && query.has(paging.cursor.name)) return false;
  if (paging.offset && Number(query.get(paging.offset.name) ?? '0') > 0) return false;
  if (paging.page && Number(query.get(paging.page.name) ?? '1') > 1) return false;
  return true;
}

/**
 * Whether a list answer shows a document. `structural`: whether an object at any depth holds it
 * under one of `idKeys` (undefined when the answer is no JSON or names none of those properties);
 * `textual`: whether its text holds it (as a JSON string, or a number after a colon).
 */
export function listShows(response: ReceivedResponse, id: string, idKeys: readonly string[]): { structural?: boolean; textual: boolean } {
  const found = new Set<string>();
  let named = false;
  const visit = (node: unknown, depth: number): void => {
    if (depth > 12) return;
    if (Array.isArray(node)) for (const item of node) visit(item, depth + 1);
    else if (isRecord(node)) {
      for (const key of idKeys) {
        const v = node[key];
        if (typeof v === 'string' || typeof v === 'number') {
          named = true;
          found.add(String(v));
        }
      }
      for (const v of Object.values(node)) if (isRecord(v) || Array.isArray(v)) visit(v, depth + 1);
    }
  };
  if (response.json !== undefined) visit(response.json, 0);
  const text = response.text;
  const textual = text.includes(JSON.stringify(id)) || text.includes(`:${id},`) || text.includes(`:${id}}`);
  return named ? { structural: found.has(id), textual } : { textual };
}

/** The pages of one list read: each as sent and answered; `complete` when the last one ends the list. */
export interface ListRead {
  pages: Array<{ sent: SentRequest; response: ReceivedResponse }>;
  complete: boolean;
  /** Why the list was not read to its end. */
  why?: string;
}

/**
 * A list read page after page (each answer checked as any exchange): the first request from
 * `build` (with the largest page, or without the page size when that is refused with a 4xx), then
 * the next pages, at most MAX_PAGES. Undefined when the first page is not a usable answer (no
 * answer, not a 2xx, or an answer its schema refuses).
 */
export async function readWholeList(
  ctx: RunContext,
  op: OperationModel,
  build: (largest: boolean) => ExampleRequest,
  origin: string,
  idKeys: readonly string[],
  paging: Paging = listPaging(op, ctx.resolve),
  budget?: { pages: number },
): Promise<ListRead | undefined> {
  const usable = (o: Outcome): o is Outcome & { response: ReceivedResponse } =>
    o.response !== undefined && o.response.status < 300 && !o.failures.some((f) => f.check === 'response_schema_conformance');
  let request = build(true);
  let outcome = await ctx.exchange(op, 'stateful', request, origin, 'any');
  const status = outcome.response?.status;
  if (paging.size && status !== undefined && status >= 400 && status < 500) {
    request = build(false);
    outcome = await ctx.exchange(op, 'stateful', request, `${origin} (without ${paging.size.param.name})`, 'any');
  }
  if (!usable(outcome)) return undefined;
  const read: ListRead = { pages: [{ sent: outcome.sent, response: outcome.response }], complete: false };
  for (let page = 1; ; page++) {
    const current = read.pages[read.pages.length - 1] as ListRead['pages'][number];
    const next = nextPage(paging, current.sent.url, current.response, ctx.base, idKeys);
    if (next === 'last') return { ...read, complete: true };
    if (next === 'unknown') return { ...read, why: 'it says more follows, but the contract declares no way to ask for it' };
    if (page >= MAX_PAGES) return { ...read, why: `${MAX_PAGES} pages read, more follow` };
    if (budget !== undefined && budget.pages <= 0) return { ...read, why: `the ${PAGE_BUDGET} further pages its reads may ask for are asked` };
    if (budget !== undefined) budget.pages--;
    const o = await ctx.exchange(op, 'stateful', { ...request, url: next.url }, `${origin} (page ${page + 1})`, 'any');
    if (!usable(o)) return { ...read, why: `page ${page + 1} answered ${o.response?.status ?? 'nothing'}` };
    // A server that disregards the offset answers the same page again: the list is what it showed.
    if (o.response.text === current.response.text) return { ...read, complete: true };
    read.pages.push({ sent: o.sent, response: o.response });
  }
}

/**
 * The stateful checks of one list read (its pages): a document stored must be shown on some page
 * (`ensure_resource_availability`), unless the list was not read to its end, or declares no paging
 * and more than 10 documents are kept (it may show its first page only); a document deleted must
 * be shown on none (`use_after_free`). With `shown` (a list the contract does not say is of the
 * collection, a wrapped one: a static answer may be the same each time), a missing document is
 * judged only once the list has shown some created document (`shown.any`, kept across reads).
 */
export function judgeList(
  ctx: RunContext,
  op: OperationModel,
  phase: Phase,
  name: string,
  read: ListRead,
  documents: ReadonlyMap<string, boolean>,
  idKeys: readonly string[],
  shown?: { any: boolean },
  paging: Paging = listPaging(op, ctx.resolve),
): void {
  const declared = paging.size !== undefined || paging.offset !== undefined || paging.page !== undefined || paging.cursor !== undefined;
  const whole = read.complete && (read.pages.length > 1 || declared || documents.size <= 10);
  const last = read.pages[read.pages.length - 1];
  if (!last) return;
  const judged = [...documents].map(([id, stored]) => {
    const shows = read.pages.map((page) => listShows(page.response, id, idKeys));
    return { id, stored, shows, mentioned: shows.some((s) => s.structural === true || s.textual) };
  });
  if (shown && judged.some((d) => d.stored && d.mentioned)) shown.any = true;
  for (const { id, stored, shows, mentioned } of judged) {
    const listedOn = read.pages.find((_, i) => shows[i]?.structural ?? shows[i]?.textual);
    if (stored && !mentioned && whole && (shown?.any ?? true)) {
      ctx.fail(
        op,
        phase,
        {
          check: 'ensure_resource_availability',
          message: `${name} ${id}, created, is missing from ${op.id}`,
          location: op.pointer,
          cause: 'created, missing from the list',
        },
        last.sent,
        last.response,
      );
    } else if (!stored && listedOn) {
      ctx.fail(
        op,
        phase,
        { check: 'use_after_free', message: `${name} ${id}, deleted, is still listed by ${op.id}`, location: op.pointer, cause: 'deleted, still listed' },
        listedOn.sent,
        listedOn.response,
      );
    } else if (!stored || mentioned) ctx.tally(op, stored ? 'ensure_resource_availability' : 'use_after_free', true);
  }
}

/** A list answer with its body parsed, where a recording kept only its text. */
export function withJson(response: ReceivedResponse): ReceivedResponse {
  if (response.json !== undefined || !/json/i.test(response.contentType)) return response;
  try {
    return { ...response, json: JSON.parse(response.text) as unknown };
  } catch {
    return response;
  }
}
