/**
 * Which read operations page, and how, read from the contract for `xxxInfiniteQueryOptions`: the
 * paging query parameter (a cursor, an offset, a page number) and where the answer says what comes
 * next (a next cursor or link, `has_more` with the last item's id, a total, a page count, or the
 * `rel="next"` link of a declared `Link` response header). The
 * parameter names are those the conformance engine's list reading knows (src/conformance/paging.ts);
 * here they are matched against the answer's schema, not an answer.
 */
import type { JsonSchema, OperationModel, ParameterModel } from '../src/contract/model-types.js';
import { isRecord, resolveLocalRef } from '../src/contract/pointer.js';
import type { PagingRule } from '../src/runtime/client/tanstack.js';

const SIZE = /^(limit|per_?page|page_?size|size|count|max_?results|max_?items|max_?page_?size|top|\$top|first|take|page\[(size|limit)\])$/i;
const OFFSET = /^(offset|skip|start|start_?index|\$skip|page\[offset\])$/i;
const PAGE = /^(page|page_?number|page_?num|page\[number\])$/i;
const FORWARD_CURSOR = /^(cursor|after|page_?token|next_?token|next_?cursor|continuation(_?token)?|starting_?after|marker|since|page\[(cursor|after)\])$/i;
const AFTER_ID = /^(starting_?after|after)$/i;
/** Answer properties holding the next page's cursor or link. */
const NEXT_KEYS = [
  'next_cursor',
  'nextCursor',
  'next_page_token',
  'nextPageToken',
  'next_token',
  'nextToken',
  'continuation_token',
  'continuationToken',
  'next',
  'next_link',
  'nextLink',
  '@odata.nextLink',
  'next_page_url',
  'endCursor',
];
/** Objects the next cursor may sit in, and the name of the cursor in them. */
const HOLDERS = ['meta', 'pagination', 'paging', 'links', '_links', 'page_info', 'pageInfo', 'cursor', 'cursors', 'response_metadata'];
const MORE_KEYS = ['has_more', 'hasMore', 'has_next', 'hasNext', 'hasNextPage', 'has_next_page'];
const TOTAL_KEYS = ['total', 'total_count', 'totalCount', 'total_results', 'totalResults', 'total_items', 'totalItems', 'totalElements'];
const PAGES_KEYS = ['total_pages', 'totalPages', 'page_count', 'pageCount', 'last_page', 'lastPage'];
const ITEM_KEYS = ['data', 'items', 'results', 'records', 'entries', 'values', 'content', 'nodes', 'edges'];

export interface Paging {
  rule: PagingRule;
  /** The page parameter; absent for a list paged by `Link` headers whose next link's query is taken whole. */
  param?: ParameterModel;
  /** The type of the page parameter: `string | undefined` for cursors, `number` for offsets and pages. */
  type: 'string' | 'number';
  /** The page parameter is opaque (a cursor, undefined on the first page unless given). */
  opaque: boolean;
  /** The first page's parameter when the call gives none (undefined for cursors). */
  first?: number;
}

type Resolve = (schema: unknown) => Record<string, unknown>;

function resolver(document: unknown): Resolve {
  return (schema) => {
    let s: unknown = schema;
    for (let i = 0; i < 16 && isRecord(s) && typeof s['$ref'] === 'string'; i++) s = resolveLocalRef(document, s['$ref'])?.value;
    return isRecord(s) ? s : {};
  };
}

function typeOf(s: Record<string, unknown>): unknown {
  return Array.isArray(s['type']) ? s['type'].find((t) => t !== 'null') : s['type'];
}

/** The properties of an object schema, its allOf members' included (bounded). */
function properties(schema: unknown, resolve: Resolve, depth = 0): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  const s = resolve(schema);
  if (depth > 4) return out;
  if (isRecord(s['properties'])) for (const [k, v] of Object.entries(s['properties'])) out.set(k, resolve(v));
  if (Array.isArray(s['allOf']))
    for (const member of s['allOf'].slice(0, 16)) for (const [k, v] of properties(member, resolve, depth + 1)) if (!out.has(k)) out.set(k, v);
  return out;
}

function find(props: Map<string, Record<string, unknown>>, keys: readonly string[], test: (s: Record<string, unknown>) => boolean): string | undefined {
  return keys.find((k) => props.has(k) && test(props.get(k) as Record<string, unknown>));
}

const isArray = (s: Record<string, unknown>): boolean => typeOf(s) === 'array';
const isBoolean = (s: Record<string, unknown>): boolean => typeOf(s) === 'boolean';
const isNumber = (s: Record<string, unknown>): boolean => typeOf(s) === 'integer' || typeOf(s) === 'number';

/** A property path from the answer's root: at the root, or in one holder object (`meta.next_cursor`, `meta.cursor.after`). */
function search(
  root: Map<string, Record<string, unknown>>,
  resolve: Resolve,
  keys: readonly string[],
  test: (s: Record<string, unknown>) => boolean,
): string[] | undefined {
  const direct = find(root, keys, test);
  if (direct !== undefined) return [direct];
  for (const holder of HOLDERS) {
    const h = root.get(holder);
    if (h === undefined) continue;
    const inner = properties(h, resolve);
    const hit = find(inner, keys, test);
    if (hit !== undefined) return [holder, hit];
    for (const deeper of HOLDERS) {
      const d = inner.get(deeper);
      if (d === undefined) continue;
      const hit2 = find(properties(d, resolve), [...keys, 'after', 'next'], test);
      if (hit2 !== undefined) return [holder, deeper, hit2];
    }
  }
  return undefined;
}

/** The answer schema of an operation's first JSON success. */
function answerSchema(op: OperationModel): JsonSchema | undefined {
  for (const r of op.responses) {
    if (!r.status.startsWith('2')) continue;
    const media = r.content.find((m) => /^application\/(?:[a-z0-9.+-]*\+)?json\s*(?:;|$)/i.test(m.type));
    if (media?.schema !== undefined) return media.schema;
  }
  return undefined;
}

/** Whether a 2xx answer of the operation declares a `Link` header. */
function declaresLink(op: OperationModel): boolean {
  return op.responses.some((r) => r.status.startsWith('2') && r.headers.some((h) => h.name.toLowerCase() === 'link'));
}

/**
 * Paging by the `Link` header's next link (RFC 8288, GitHub's style): the page parameter the next
 * link sets (a page number, else a cursor that is not a date, else an offset), or none (the next
 * link's query taken whole) when the answer is a list.
 */
function linkPaging(
  named: (re: RegExp, test: (s: Record<string, unknown>) => boolean) => ParameterModel | undefined,
  resolve: Resolve,
  list: boolean,
): Paging | undefined {
  const page = named(PAGE, isNumber);
  if (page) {
    const min = resolve(page.schema)['minimum'];
    return {
      rule: { kind: 'link', param: page.name, numeric: true },
      param: page,
      type: 'number',
      opaque: false,
      first: typeof min === 'number' ? Math.max(0, Math.ceil(min)) : 1,
    };
  }
  const cursor = named(
    FORWARD_CURSOR,
    (s) => (typeOf(s) === undefined || typeOf(s) === 'string' || typeOf(s) === 'integer') && !/^date/.test(String(s['format'])),
  );
  if (cursor) {
    const numeric = typeOf(resolve(cursor.schema)) === 'integer';
    return { rule: { kind: 'link', param: cursor.name, ...(numeric ? { numeric } : {}) }, param: cursor, type: numeric ? 'number' : 'string', opaque: true };
  }
  const offset = named(OFFSET, isNumber);
  if (offset) {
    const min = resolve(offset.schema)['minimum'];
    return {
      rule: { kind: 'link', param: offset.name, numeric: true },
      param: offset,
      type: 'number',
      opaque: false,
      first: typeof min === 'number' ? Math.max(0, Math.ceil(min)) : 0,
    };
  }
  return list ? { rule: { kind: 'link' }, type: 'string', opaque: true } : undefined;
}

/** How a read operation pages, or undefined when it does not (or its answer does not say how). */
export function pagingOf(op: OperationModel, document: unknown): Paging | undefined {
  if (op.method !== 'get') return undefined;
  const resolve = resolver(document);
  const query = op.parameters.filter((p) => p.in === 'query' && p.contentType === undefined);
  const named = (re: RegExp, test: (s: Record<string, unknown>) => boolean): ParameterModel | undefined =>
    query.find((p) => re.test(p.name) && test(resolve(p.schema)));
  const schema = answerSchema(op);
  if (schema === undefined) return undefined;
  const root = resolve(schema);
  const size = named(SIZE, isNumber)?.name;
  const props = properties(root, resolve);
  const itemsKey = isArray(root) ? undefined : (find(props, ITEM_KEYS, isArray) ?? [...props].find(([, s]) => isArray(s))?.[0]);
  const items = isArray(root) ? [] : itemsKey === undefined ? undefined : [itemsKey];
  const cursor = named(FORWARD_CURSOR, (s) => typeOf(s) === undefined || typeOf(s) === 'string' || typeOf(s) === 'integer');
  const more = search(props, resolve, MORE_KEYS, isBoolean);
  if (cursor) {
    const numeric = typeOf(resolve(cursor.schema)) === 'integer';
    const type = numeric ? 'number' : 'string';
    const next = search(props, resolve, NEXT_KEYS, (s) => typeOf(s) === undefined || typeOf(s) === 'string' || typeOf(s) === 'integer');
    if (next) {
      const rule: PagingRule = { kind: 'cursor', param: cursor.name, next, ...(more ? { more } : {}), ...(numeric ? { numeric } : {}) };
      return { rule, param: cursor, type, opaque: true };
    }
  }
  // The answer's own next cursor wins (readable without the header); then the Link header's next link.
  if (declaresLink(op)) {
    // With no page parameter, only a list: an array, or a collection's object holding its items.
    const list = isArray(root) || (find(props, ITEM_KEYS, isArray) !== undefined && !op.path.endsWith('}'));
    const link = linkPaging(named, resolve, list);
    if (link) return link;
  }
  if (cursor && more && items && AFTER_ID.test(cursor.name)) {
    const numeric = typeOf(resolve(cursor.schema)) === 'integer';
    const itemSchema = isArray(root) ? root['items'] : props.get(itemsKey as string)?.['items'];
    if (properties(itemSchema, resolve).has('id')) {
      return {
        rule: { kind: 'after', param: cursor.name, items, more, id: 'id', ...(numeric ? { numeric } : {}) },
        param: cursor,
        type: numeric ? 'number' : 'string',
        opaque: true,
      };
    }
  }
  if (items === undefined) return undefined;
  const total = search(props, resolve, TOTAL_KEYS, isNumber);
  const offset = named(OFFSET, isNumber);
  if (offset) {
    const min = resolve(offset.schema)['minimum'];
    const rule: PagingRule = { kind: 'offset', param: offset.name, items, ...(size ? { size } : {}), ...(total ? { total } : {}) };
    return { rule, param: offset, type: 'number', opaque: false, first: typeof min === 'number' ? Math.max(0, Math.ceil(min)) : 0 };
  }
  const page = named(PAGE, isNumber);
  if (page) {
    const pages = search(props, resolve, PAGES_KEYS, isNumber);
    const min = resolve(page.schema)['minimum'];
    const rule: PagingRule = { kind: 'page', param: page.name, items, ...(size ? { size } : {}), ...(total ? { total } : {}), ...(pages ? { pages } : {}) };
    return { rule, param: page, type: 'number', opaque: false, first: typeof min === 'number' ? Math.max(0, Math.ceil(min)) : 1 };
  }
  return undefined;
}
