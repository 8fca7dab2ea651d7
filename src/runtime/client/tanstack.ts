/**
 * What the generated TanStack Query integration (`react-query.ts`) needs at run time beyond the SDK:
 * invalidation by key prefix, scoped to a collection's path parameters, the next page of a paged
 * list read from its last page (by the paging rule the generator found in the contract, a `Link`
 * header's next link included). (The opt-in reading of `format: date-time` answers as Date is the
 * SDK's, dates.ts.) Structural, with no import of TanStack itself: browser-safe, dependency-free.
 */
import { pageLinks, type PageLinks } from './link-header.js';
import { keyParams, unwrap, type InvalidatingClient } from './sdk.js';

/**
 * Invalidates the queries under each key prefix in `prefixes` (`[resource, operationId]`) whose
 * path parameters match those of `args.path` named in `names` (the collection's own parameters;
 * the others, such as an item's id, are left out so the list's key matches too).
 */
export async function invalidateKeys(
  queryClient: InvalidatingClient,
  prefixes: ReadonlyArray<readonly unknown[]>,
  names: readonly string[],
  args: unknown,
): Promise<void> {
  const given = args !== null && typeof args === 'object' ? (args as { path?: unknown }).path : undefined;
  const path: Record<string, unknown> = {};
  if (given !== null && typeof given === 'object') {
    for (const name of names) if (Object.hasOwn(given, name)) path[name] = (given as Record<string, unknown>)[name];
  }
  const filter = keyParams({ path });
  await Promise.all(prefixes.map((prefix) => queryClient.invalidateQueries({ queryKey: [...prefix, filter] })));
}

/**
 * How a list pages, as the generator read it from the contract (paths are property names from the
 * answer's root; `[]` is the answer itself):
 * - `cursor`: the next cursor (or a link holding it in `param`) is at `next`; `more`, when given,
 *   says whether another page follows;
 * - `after`: `more` says whether another page follows, which starts after the `id` of the last item;
 * - `offset`: the next page starts after the items shown (ends on a short or empty page, or at `total`);
 * - `page`: numbered pages (ends on a short or empty page, or at `pages`, or at `total` items);
 * - `link`: the `rel="next"` link of the answer's `Link` header (the page is a LinkedPage): the
 *   next `param` is that link's query parameter, or, with no `param`, its query parameters whole
 *   (a LinkQuery); ends when there is no next link of the request's origin.
 */
export type PagingRule =
  | { kind: 'cursor'; param: string; next: readonly string[]; more?: readonly string[]; numeric?: boolean }
  | { kind: 'after'; param: string; items: readonly string[]; more: readonly string[]; id: string; numeric?: boolean }
  | { kind: 'offset'; param: string; items: readonly string[]; size?: string; total?: readonly string[] }
  | { kind: 'page'; param: string; items: readonly string[]; size?: string; total?: readonly string[]; pages?: readonly string[] }
  | { kind: 'link'; param?: string; numeric?: boolean };

/** The query parameters of a next link taken whole (a list paged by `Link` headers with no page or cursor parameter). */
export type LinkQuery = Record<string, string | string[]>;

/**
 * A page of a list paged by `Link` headers, as its infinite query caches it: the answer's data and
 * the next, prev, first and last links of its `Link` header (absolute, of the request's origin only).
 * The infinite query's `select` (linkedPages) gives the pages' data, as other lists give theirs.
 */
export interface LinkedPage<Data> {
  data: Data;
  links: PageLinks;
}

/**
 * `unwrap` for a list paged by `Link` headers: the data of a success answer with the links of its
 * `Link` header, resolved against the answer's URL (or `baseUrl`, the client's, when the fetch gives
 * none, as a stub's Response does). In a browser calling another origin, the server must list `Link`
 * in `Access-Control-Expose-Headers`, or no next page is seen.
 */
export async function linkedPage<Result extends { ok: boolean; status: number; data?: unknown; error?: unknown; response: Response }>(
  pending: Promise<Result> | Result,
  operationId: string,
  baseUrl?: string,
): Promise<LinkedPage<Extract<Result, { ok: true }>['data']>> {
  const result = await pending;
  const data = await unwrap(result, operationId);
  const response = result.response;
  return { data, links: pageLinks(response.headers.get('link'), response.url === '' ? baseUrl : response.url) };
}

/** The pages' data of an infinite query over LinkedPages (its `select`). */
export function linkedPages<Data, P>(data: { pages: Array<LinkedPage<Data>>; pageParams: P[] }): { pages: Data[]; pageParams: P[] } {
  return { pages: data.pages.map((p) => p.data), pageParams: data.pageParams };
}

function at(value: unknown, path: readonly string[]): unknown {
  let node = value;
  for (const key of path) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function count(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/** A cursor as the parameter takes it: a link's `param` query value, or the value itself. */
function cursorOf(value: unknown, param: string, numeric: boolean | undefined): string | number | undefined {
  let v: unknown = value;
  if (typeof v === 'string' && /^(https?:\/\/|\/|\?)/i.test(v)) {
    try {
      v = new URL(v, 'http://base.invalid').searchParams.get(param) ?? undefined;
    } catch {
      return undefined;
    }
  }
  if (typeof v === 'number') return numeric ? v : String(v);
  if (typeof v !== 'string' || v === '') return undefined;
  return numeric ? count(v) : v;
}

/**
 * The page parameter of the page after `page` (asked with `pageParam` and the call's `query`), or
 * undefined when `page` is the last. TanStack's `getNextPageParam`.
 */
export function nextPageParam<P extends string | number | LinkQuery>(
  rule: PagingRule,
  page: unknown,
  pageParam: P | undefined,
  query?: unknown,
): P | undefined {
  return next(rule, page, pageParam, query) as P | undefined;
}

/** The next page parameter from a LinkedPage's next link; undefined when there is none, or it asks for the same page again. */
function fromLink(rule: Extract<PagingRule, { kind: 'link' }>, page: unknown, pageParam: unknown): string | number | LinkQuery | undefined {
  const href = at(page, ['links', 'next']);
  if (typeof href !== 'string') return undefined;
  let url: URL;
  try {
    url = new URL(href, 'http://relative.invalid');
  } catch {
    return undefined;
  }
  if (rule.param === undefined) {
    const whole = new Map<string, string | string[]>();
    url.searchParams.forEach((v, k) => {
      const had = whole.get(k);
      whole.set(k, had === undefined ? v : [...(Array.isArray(had) ? had : [had]), v]);
    });
    const query: LinkQuery = Object.fromEntries(whole);
    return JSON.stringify(query) === JSON.stringify(pageParam) ? undefined : query;
  }
  const raw = url.searchParams.get(rule.param);
  const value = raw === null || raw === '' ? undefined : rule.numeric ? count(raw) : raw;
  return value === pageParam ? undefined : value;
}

function next(rule: PagingRule, page: unknown, pageParam: unknown, query: unknown): string | number | LinkQuery | undefined {
  if (rule.kind === 'link') return fromLink(rule, page, pageParam);
  if (rule.kind === 'cursor') {
    if (rule.more !== undefined && at(page, rule.more) === false) return undefined;
    return cursorOf(at(page, rule.next), rule.param, rule.numeric);
  }
  const items = at(page, rule.items);
  if (!Array.isArray(items) || items.length === 0) return undefined;
  if (rule.kind === 'after') {
    if (at(page, rule.more) !== true) return undefined;
    return cursorOf(at(items[items.length - 1], [rule.id]), rule.param, rule.numeric);
  }
  const size = rule.size === undefined ? undefined : count(at(query, [rule.size]));
  if (size !== undefined && items.length < size) return undefined;
  const total = rule.total === undefined ? undefined : count(at(page, rule.total));
  if (rule.kind === 'offset') {
    const offset = (count(pageParam) ?? 0) + items.length;
    return total !== undefined && offset >= total ? undefined : offset;
  }
  const current = count(pageParam) ?? 1;
  const pages = rule.pages === undefined ? undefined : count(at(page, rule.pages));
  if (pages !== undefined && current >= pages) return undefined;
  if (total !== undefined && size !== undefined && current * size >= total) return undefined;
  return current + 1;
}
