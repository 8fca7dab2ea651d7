/**
 * react-query: TanStack Query v5 over the generated SDK. Per read operation (GET, HEAD) a query key
 * (`[resource, operationId, parameters]`, the resource being the collection path it reads),
 * `xxxQueryOptions(client, args)` built with TanStack's queryOptions, and a `useXxx` hook generic in
 * its selected data; per read operation that pages, `xxxInfiniteQueryOptions` (react-query-paging.ts);
 * per other operation `xxxMutationOptions(client)` and a `useXxxMutation` hook, whose success
 * invalidates the collection the operation changes; one invalidation helper per collection (a path
 * and its `/{id}` items); and one key factory per resource (`petsKeys.all` is the prefix of all its
 * queries). Every export stands alone, so a bundle keeps what it imports.
 */
import type { ContractModel } from '../src/contract/model.js';
import type { OperationModel } from '../src/contract/model-types.js';
import { code, jsonLiteral, NameRegistry, propertyKey, stringLiteral } from '../src/codegen/escape.js';
import { render } from '../src/codegen/templates.js';
import { runtimeEntry, type GeneratedFile, type GeneratorContext } from './context.js';
import { answersItems, sdkNamesOf, type SdkOperationNames } from './sdk.js';
import { pagingOf } from './react-query-paging.js';
import type { PagingRule } from '../src/runtime/client/tanstack.js';

/** The methods of reads (TanStack queries): QUERY (OpenAPI 3.2) is safe and idempotent, a read whose criteria are its body. */
const QUERY_METHODS = new Set(['get', 'head', 'query']);

/** What the file imports or exports itself: operation-derived names must not take them. */
const OWN = [
  'queryOptions',
  'mutationOptions',
  'useQuery',
  'useMutation',
  'QueryClient',
  'DataTag',
  'infiniteQueryOptions',
  'InfiniteData',
  'UnusedSkipTokenOptions',
  'UnusedSkipTokenInfiniteOptions',
  'invalidateKeys',
  'nextPageParam',
  'linkedPage',
  'linkedPages',
  'LinkedPage',
  'LinkQuery',
  'UseQueryOptions',
  'UseQueryResult',
  'UseMutationOptions',
  'UseMutationResult',
  'ApiError',
  'ApiErrorOf',
  'keyParams',
  'unwrap',
  'invalidateOperations',
  'Client',
  'paths',
  'experimental_streamedQuery',
];

/** The file's own helpers and their types, named after every operation-derived name (they take another on a clash). */
const HELPERS = {
  keyType: 'AnyQueryKey',
  queryOptionsType: 'OperationQueryOptions',
  hookOptionsType: 'OperationQueryHookOptions',
  queryOptions: 'operationQueryOptions',
  useQuery: 'useOperationQuery',
  infiniteOptionsType: 'OperationInfiniteQueryOptions',
  infiniteOptions: 'operationInfiniteQueryOptions',
  mutationHookOptionsType: 'OperationMutationHookOptions',
  mutationOptions: 'operationMutationOptions',
  useMutation: 'useOperationMutation',
  streamItemType: 'StreamItemOf',
  streamedOptions: 'operationStreamedQueryOptions',
};

/** The collection an operation's path belongs to: the path itself, or without its last `/{param}`. */
export function collectionOf(path: string): string {
  const m = /^(.*)\/\{[^/{}]+\}$/.exec(path);
  return m ? m[1] || '/' : path;
}

/** The names of the path parameters of a path template. */
function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([^/{}]+)\}/g)].map((m) => m[1] as string);
}

/** The last literal segment of a collection path as a word (`/projects/{id}/data-sets` gives `dataSets`). */
function wordOf(collection: string): string {
  const last =
    collection
      .split('/')
      .filter((s) => s !== '' && !s.startsWith('{'))
      .pop() ?? 'root';
  return last.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''));
}

/** The key prefixes (`[resource, operationId]`) of read operations. */
function prefixes(reads: readonly SdkOperationNames[]): string {
  return jsonLiteral(reads.map((r) => [collectionOf(r.op.path), r.op.id]));
}

interface Family {
  collection: string;
  name: string;
  /** The read operations whose keys it invalidates (the list and the item reads). */
  reads: SdkOperationNames[];
  /** The collection's own path parameters (shared by the list and the items). */
  params: string[];
  /** An operation of the collection path whose parameters type the helper's `path` argument. */
  typedBy?: OperationModel;
}

function families(names: readonly SdkOperationNames[], values: NameRegistry): Map<string, Family> {
  const out = new Map<string, Family>();
  const byCollection = new Map<string, SdkOperationNames[]>();
  for (const n of names) {
    const c = collectionOf(n.op.path);
    byCollection.set(c, [...(byCollection.get(c) ?? []), n]);
  }
  for (const [collection, members] of [...byCollection].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const reads = members.filter((n) => QUERY_METHODS.has(n.op.method));
    if (reads.length === 0 || !members.some((n) => !QUERY_METHODS.has(n.op.method))) continue;
    const word = wordOf(collection);
    const params = pathParams(collection);
    const typedBy = params.length > 0 ? members.find((n) => n.op.path === collection)?.op : undefined;
    const family: Family = { collection, name: values.take(`invalidate${word ? word[0]?.toUpperCase() + word.slice(1) : 'Root'}`), reads, params };
    if (typedBy) family.typedBy = typedBy;
    out.set(collection, family);
  }
  return out;
}

/** How a paging rule finds the next page, in words. */
function describe(rule: PagingRule): string {
  const path = (p: readonly string[]): string => (p.length === 0 ? 'the answer' : p.join('.'));
  switch (rule.kind) {
    case 'cursor':
      return `the next ${rule.param} is the answer's ${path(rule.next)}${rule.more ? ` while ${path(rule.more)} is true` : ''}`;
    case 'after':
      return `while ${path(rule.more)} is true, the next ${rule.param} is the ${rule.id} of the last item of ${path(rule.items)}`;
    case 'offset':
      return `the next ${rule.param} follows the items of ${path(rule.items)} shown${rule.total ? `, up to ${path(rule.total)}` : ''}`;
    case 'page':
      return `the next ${rule.param} is one more, until a page of ${path(rule.items)} is short or empty${rule.pages ? ` or ${path(rule.pages)} is reached` : ''}`;
    case 'link':
      return `${rule.param === undefined ? "the next page's query is that" : `the next ${rule.param} is the one`} of the rel="next" link of the answer's Link header, while there is one of the request's origin`;
  }
}

export function generateReactQuery(model: ContractModel, ctx: GeneratorContext): GeneratedFile[] {
  const names = sdkNamesOf(model, ctx);
  // Names derived from operations, kept apart from the SDK's names it imports.
  const taken = new Set<string>(OWN);
  for (const n of names) for (const s of [n.fn, `${n.type}Args`, `${n.type}Data`, `${n.type}Error`, `${n.type}Result`]) taken.add(s);
  const values = new NameRegistry(taken);
  const fams = families(names, values);
  const queries = names
    .filter((n) => QUERY_METHODS.has(n.op.method))
    .map((n) => {
      const hook = values.take(`use${n.type}`);
      const paging = pagingOf(n.op, model.document);
      const name = paging?.param ? stringLiteral(paging.param.name) : '';
      const link = paging?.rule.kind === 'link';
      const whole = paging !== undefined && paging.param === undefined;
      const pageType = paging ? (whole ? 'LinkQuery | undefined' : paging.opaque ? `${paging.type} | undefined` : 'number') : '';
      const infinite = paging && {
        rule: code(values.take(`${n.fn}Paging`)),
        ruleJson: code(jsonLiteral(paging.rule)),
        ruleDoc: `How ${n.op.id} pages: ${describe(paging.rule)}.`,
        keyDoc: whole
          ? `The query key of ${n.op.id}'s pages: its query key, marked "infinite" (a filter by its query key matches it too).`
          : `The query key of ${n.op.id}'s pages: its query key without the query parameter ${paging.param?.name ?? ''}, marked "infinite" (a filter by its query key matches it too).`,
        optionsDoc: `Infinite query options for ${n.op.id}, built with TanStack's infiniteQueryOptions: pass them to useInfiniteQuery, useSuspenseInfiniteQuery or queryClient.fetchInfiniteQuery. ${
          whole
            ? 'The first page is asked with the query given, each next one with the query of the rel="next" link of the last answer\'s Link header.'
            : `Each page is asked with the query parameter ${paging.param?.name ?? ''}; the next one is read from the last page${link ? '\'s Link header (rel="next")' : ''}.`
        }${link ? " The cache holds each page as a LinkedPage (its data and its links: next, prev, first, last); `select` gives the pages' data." : ''}`,
        key: code(values.take(`${n.fn}InfiniteQueryKey`)),
        options: code(values.take(`${n.fn}InfiniteQueryOptions`)),
        keyArgs: code(whole ? 'args' : `{ ...args, query: { ...args?.query, [${name}]: undefined } }`),
        // An operation with no query parameter has no args.query: the next link's query is all it sends.
        callQuery: code(
          whole ? (n.op.parameters.some((p) => p.in === 'query') ? 'pageParam ?? args?.query' : 'pageParam') : `{ ...args?.query, [${name}]: pageParam }`,
        ),
        queryArg: code(whole ? '' : ', args?.query'),
        pageData: code(link ? `LinkedPage<${n.type}Data>` : `${n.type}Data`),
        read: code(link ? 'linkedPage' : 'unwrap'),
        readTail: code(link ? ', client.options.baseUrl' : ''),
        select: link,
        whole,
        pageType: code(pageType),
        paramType: code(whole ? 'LinkQuery' : paging.type),
        initial: code(
          whole
            ? 'undefined as LinkQuery | undefined'
            : paging.opaque
              ? `args?.query?.[${name}] as ${pageType}`
              : `Number(args?.query?.[${name}] ?? ${paging.first ?? 0})`,
        ),
      };
      // OpenAPI 3.2: a read answered by a stream of items is a streamed query, its data the items so far.
      const streamed = answersItems(model, n.op);
      return {
        resource: collectionOf(n.op.path),
        streamed,
        infinite: streamed ? undefined : infinite,
        fn: code(n.fn),
        type: code(n.type),
        id: n.op.id,
        key: code(values.take(`${n.fn}QueryKey`)),
        options: code(values.take(`${n.fn}QueryOptions`)),
        hook: code(hook),
        args: code(`${n.argsRequired ? 'args' : 'args?'}: ${n.type}Args`),
        argsType: code(n.argsRequired ? `${n.type}Args` : `${n.type}Args | undefined`),
        keyDoc: `The query key of ${n.op.id}: its resource (${collectionOf(n.op.path)}), its id and the parameters of the call (${n.op.method === 'query' ? 'and its body, the criteria' : 'no body'}, no signal).`,
      };
    });
  const mutations = names
    .filter((n) => !QUERY_METHODS.has(n.op.method))
    .map((n) => {
      const family = fams.get(collectionOf(n.op.path));
      return {
        fn: code(n.fn),
        type: code(n.type),
        id: n.op.id,
        options: code(values.take(`${n.fn}MutationOptions`)),
        hook: code(values.take(`use${n.type}Mutation`)),
        variables: code(n.argsRequired ? `${n.type}Args` : `${n.type}Args | void`),
        invalidate: family !== undefined,
        prefixes: code(family ? prefixes(family.reads) : '[]'),
        names: code(family ? jsonLiteral(family.params) : '[]'),
        optionsDoc: family
          ? `Mutation options for ${n.op.id}; on success they invalidate ${family.reads.map((r) => r.op.id).join(', ')} (${family.name}).`
          : `Mutation options for ${n.op.id}.`,
      };
    });
  const invalidators = [...fams.values()].map((f) => ({
    name: code(f.name),
    doc: `Invalidates the cached answers of the collection at ${f.collection} and its items (${f.reads.map((r) => r.op.id).join(', ')})${f.params.length > 0 ? ", for the collection's path parameters given" : ''}.`,
    pathArg: code(
      f.params.length === 0
        ? ''
        : `, path?: ${f.typedBy ? `Partial<NonNullable<paths[${stringLiteral(f.typedBy.path)}][${stringLiteral(f.typedBy.method)}]["parameters"]["path"]>>` : 'Record<string, unknown>'}`,
    ),
    prefixes: code(prefixes(f.reads)),
    names: code(jsonLiteral(f.params)),
    pathValue: code(f.params.length === 0 ? 'undefined' : '{ path }'),
  }));
  const usesPaths = [...fams.values()].some((f) => f.typedBy !== undefined);
  const byResource = new Map<string, typeof queries>();
  for (const q of queries) byResource.set(q.resource, [...(byResource.get(q.resource) ?? []), q]);
  const resources = [...byResource]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([resource, members]) => {
      const word = wordOf(resource);
      return {
        name: code(values.take(`${word ? word[0]?.toLowerCase() + word.slice(1) : 'root'}Keys`)),
        resource,
        doc: `The query keys of the resource at ${resource}: \`all\` is the prefix of every query of it (${members.map((m) => m.id).join(', ')}), for queryClient.invalidateQueries, refetchQueries or removeQueries; the others are the operations' key factories.`,
        keys: members.filter((m) => m.id !== 'all').map((m) => ({ prop: code(propertyKey(m.id)), key: m.key })),
      };
    });
  // The helpers every operation calls (its options and hooks name their types; the helpers' bodies are checked once).
  const h = Object.fromEntries(Object.entries(HELPERS).map(([k, name]) => [k, code(values.take(name))]));
  // A streamed query's data: the items read so far.
  const itemOf = String(h['streamItemType']);
  const typed = queries.map((q) => ({ ...q, data: code(q.streamed ? `Array<${itemOf}<${String(q.type)}Data>>` : `${String(q.type)}Data`) }));
  const content = render('react-query', 'react-query.ts', {
    header: code(ctx.header('//').trimEnd()),
    h,
    runtimeImport: runtimeEntry(ctx, 'client'),
    sdkImports: code(names.flatMap((n) => [n.fn, `type ${n.type}Args`, `type ${n.type}Data`, `type ${n.type}Result`]).join(', ')),
    hasQueries: queries.length > 0,
    hasMutations: mutations.length > 0,
    hasFamilies: invalidators.length > 0,
    usesPaths,
    queries: typed,
    mutations,
    invalidators,
    resources,
    hasStreamed: queries.some((q) => q.streamed),
    hasPlain: queries.some((q) => !q.streamed),
    hasInfinite: queries.some((q) => q.infinite !== undefined),
    hasLink: queries.some((q) => q.infinite?.select === true),
    hasWhole: queries.some((q) => q.infinite?.whole === true),
  });
  return [{ path: 'react-query.ts', content }];
}
