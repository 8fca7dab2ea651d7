/**
 * react-query: TanStack Query v5 over the generated SDK. Per read operation (GET, HEAD) a query key,
 * `xxxQueryOptions(client, args)` and a `useXxx` hook; per other operation `xxxMutationOptions(client)`
 * and a `useXxxMutation` hook, whose success invalidates the collection the operation changes; and
 * one invalidation helper per collection (a path and its `/{id}` items). Every export stands alone,
 * so a bundle keeps what it imports.
 */
import type { ContractModel } from '../src/contract/model.js';
import type { OperationModel } from '../src/contract/model-types.js';
import { code, jsonLiteral, NameRegistry, stringLiteral } from '../src/codegen/escape.js';
import { render } from '../src/codegen/templates.js';
import { runtimeEntry, type GeneratedFile, type GeneratorContext } from './context.js';
import { sdkNames, type SdkOperationNames } from './sdk.js';

const QUERY_METHODS = new Set(['get', 'head']);

/** What the file imports or exports itself: operation-derived names must not take them. */
const OWN = [
  'queryOptions',
  'mutationOptions',
  'useQuery',
  'useMutation',
  'QueryClient',
  'DataTag',
  'UseQueryOptions',
  'UseQueryResult',
  'UseMutationOptions',
  'UseMutationResult',
  'ApiError',
  'keyParams',
  'unwrap',
  'invalidateOperations',
  'Client',
  'paths',
];

/** The collection an operation's path belongs to: the path itself, or without its last `/{param}`. */
export function collectionOf(path: string): string {
  const m = /^(.*)\/\{[^/{}]+\}$/.exec(path);
  return m ? m[1] || '/' : path;
}

/** The names of the path parameters of a path template. */
function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([^/{}]+)\}/g)].map((m) => m[1] as string);
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
    const last =
      collection
        .split('/')
        .filter((s) => s !== '' && !s.startsWith('{'))
        .pop() ?? 'root';
    const word = last.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''));
    const params = pathParams(collection);
    const typedBy = params.length > 0 ? members.find((n) => n.op.path === collection)?.op : undefined;
    const family: Family = { collection, name: values.take(`invalidate${word ? word[0]?.toUpperCase() + word.slice(1) : 'Root'}`), reads, params };
    if (typedBy) family.typedBy = typedBy;
    out.set(collection, family);
  }
  return out;
}

export function generateReactQuery(model: ContractModel, ctx: GeneratorContext): GeneratedFile[] {
  const names = sdkNames(model);
  // Names derived from operations, kept apart from the SDK's names it imports.
  const taken = new Set<string>(OWN);
  for (const n of names) for (const s of [n.fn, `${n.type}Args`, `${n.type}Data`, `${n.type}Error`]) taken.add(s);
  const values = new NameRegistry(taken);
  const fams = families(names, values);
  const queries = names
    .filter((n) => QUERY_METHODS.has(n.op.method))
    .map((n) => {
      const hook = values.take(`use${n.type}`);
      return {
        fn: code(n.fn),
        type: code(n.type),
        id: n.op.id,
        key: code(values.take(`${n.fn}QueryKey`)),
        options: code(values.take(`${n.fn}QueryOptions`)),
        hook: code(hook),
        args: code(`${n.argsRequired ? 'args' : 'args?'}: ${n.type}Args`),
        keyDoc: `The query key of ${n.op.id}: its id and the parameters of the call (no body, no signal).`,
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
        ids: code(family ? jsonLiteral(family.reads.map((r) => r.op.id)) : '[]'),
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
    ids: code(jsonLiteral(f.reads.map((r) => r.op.id))),
    names: code(jsonLiteral(f.params)),
    pathValue: code(f.params.length === 0 ? 'undefined' : '{ path }'),
  }));
  const usesPaths = [...fams.values()].some((f) => f.typedBy !== undefined);
  const content = render('react-query', 'react-query.ts', {
    header: code(ctx.header('//').trimEnd()),
    runtimeImport: runtimeEntry(ctx, 'client'),
    sdkImports: code(names.flatMap((n) => [n.fn, `type ${n.type}Args`, `type ${n.type}Data`, `type ${n.type}Error`]).join(', ')),
    hasQueries: queries.length > 0,
    hasMutations: mutations.length > 0,
    hasFamilies: invalidators.length > 0,
    usesPaths,
    queries,
    mutations,
    invalidators,
  });
  return [{ path: 'react-query.ts', content }];
}
