/**
 * What the generated TanStack Query integration (`react-query.ts`) needs at run time beyond the SDK:
 * invalidation by key prefix, scoped to a collection's path parameters, the next page of a paged
 * list read from its last page (by the paging rule the generator found in the contract), and the
 * opt-in reading of `format: date-time` strings as Date. Structural, with no import of TanStack
 * itself: browser-safe, dependency-free.
 */
import { keyParams, type InvalidatingClient } from './sdk.js';

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
 * - `page`: numbered pages (ends on a short or empty page, or at `pages`, or at `total` items).
 */
export type PagingRule =
  | { kind: 'cursor'; param: string; next: readonly string[]; more?: readonly string[]; numeric?: boolean }
  | { kind: 'after'; param: string; items: readonly string[]; more: readonly string[]; id: string; numeric?: boolean }
  | { kind: 'offset'; param: string; items: readonly string[]; size?: string; total?: readonly string[] }
  | { kind: 'page'; param: string; items: readonly string[]; size?: string; total?: readonly string[]; pages?: readonly string[] };

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
export function nextPageParam<P extends string | number>(rule: PagingRule, page: unknown, pageParam: P | undefined, query?: unknown): P | undefined {
  return next(rule, page, pageParam, query) as P | undefined;
}

function next(rule: PagingRule, page: unknown, pageParam: unknown, query: unknown): string | number | undefined {
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
