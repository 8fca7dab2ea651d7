/**
 * The part of a schema that given values reach: a schema that judges each of those values exactly as
 * the whole schema does, with what none of them reaches left out (the properties they do not have,
 * the branches of `$ref`s under them inlined only as deep as they go). A mock checks the one value it
 * sampled for a response against it, so the check compiles the part of Stripe's `customer` closure
 * the sample holds rather than all of it.
 *
 * Why it is exact: each keyword applies its subschemas either to the value itself (`allOf`, `anyOf`,
 * `oneOf`, `not`, `if`/`then`/`else`, `$ref`) or to parts of it (`properties` to the value of each
 * property it has, `additionalProperties` to the others, `items` to each item). A subschema pruned
 * for a set of values judges each of them as before, so one pruned for every value that a keyword
 * could apply it to changes nothing; a property no value has is checked by nothing, so it is left
 * out. Keywords whose reach depends on more than the values' keys (`patternProperties`,
 * `propertyNames`, `unevaluated*`, `dependentSchemas`, `contains`, tuples, `discriminator`, dynamic
 * references) keep their node whole, with its `$ref`s pointing into the root as before.
 */
import { isRecord, unescapePointerSegment } from '../shared/object.js';

type Schema = Record<string, unknown> | boolean;

/** Keywords whose node is kept whole (see above). */
const WHOLE = [
  'patternProperties',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'prefixItems',
  'additionalItems',
  'contains',
  'dependentSchemas',
  'dependencies',
  'discriminator',
  '$id',
  '$anchor',
  '$dynamicRef',
  '$dynamicAnchor',
  '$recursiveRef',
  '$recursiveAnchor',
];

/** Keywords that apply their subschemas to the value itself. */
const IN_PLACE_LISTS = ['allOf', 'anyOf', 'oneOf'];
const IN_PLACE = ['not', 'if', 'then', 'else'];

/** Where a schema holds subschemas: maps of them, lists of them, and one (or, for `items`, a list). */
const SCHEMA_MAPS = ['properties', 'patternProperties', 'dependentSchemas', 'dependencies', '$defs', 'definitions'];
const SCHEMA_LISTS = [...IN_PLACE_LISTS, 'prefixItems'];
const SCHEMAS = [...IN_PLACE, 'items', 'additionalProperties', 'additionalItems', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems'];

/** Nodes a pruned schema may have before pruning gives up (the whole validator is then used). */
const MAX_NODES = 50_000;

/** `$ref`s followed at one level of the values before pruning gives up (a cycle that never descends). */
const MAX_REF_DEPTH = 64;

export interface Pruned {
  schema: Schema;
  /** The `$defs` keys the kept-whole nodes still refer to (`#/$defs/<key>` of `rootId`, made absolute). */
  refs: Set<string>;
}

const DEFS = '#/$defs/';

/**
 * The `$defs` key a `#/$defs/<key>` reference names (and whether it names the entry itself, not a
 * schema inside it); undefined for any other reference.
 */
function defKey(ref: string): { key: string; whole: boolean } | undefined {
  if (!ref.startsWith(DEFS)) return undefined;
  const [first = '', ...rest] = ref.slice(DEFS.length).split('/');
  return { key: unescapePointerSegment(decodeURIComponent(first)), whole: rest.length === 0 };
}

/**
 * The schema `$defs[key]` of a root whose references are all `#/$defs/<key>`, pruned for `values`;
 * undefined when it cannot be (a reference elsewhere, too large): use the whole validator then.
 * References left in kept-whole nodes are made absolute under `rootId`.
 */
export function pruneFor(defs: Readonly<Record<string, unknown>>, key: string, values: readonly unknown[], rootId: string): Pruned | undefined {
  const refs = new Set<string>();
  let nodes = 0;
  let failed = false;

  const own = (out: Record<string, unknown>, k: string, v: unknown): void =>
    void Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });

  /** A kept-whole schema, its references made absolute (and noted); walked by keyword, so a property named `$ref` is a name. */
  const whole = (node: unknown): unknown => {
    if (failed || !isRecord(node)) return node;
    if (++nodes > MAX_NODES) failed = true;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') {
        const target = defKey(v);
        if (target === undefined) failed = true;
        else refs.add(target.key);
        own(out, k, `${rootId}${v}`);
      } else if (SCHEMA_MAPS.includes(k) && isRecord(v)) {
        const map: Record<string, unknown> = {};
        for (const [name, sub] of Object.entries(v)) own(map, name, Array.isArray(sub) ? sub : whole(sub));
        own(out, k, map);
      } else if (SCHEMA_LISTS.includes(k) && Array.isArray(v)) own(out, k, v.map(whole));
      else if (SCHEMAS.includes(k)) own(out, k, Array.isArray(v) ? v.map(whole) : whole(v));
      else own(out, k, v);
    }
    return out;
  };

  const prune = (node: unknown, at: readonly unknown[], depth: number): Schema => {
    if (failed) return true;
    if (++nodes > MAX_NODES || depth > MAX_REF_DEPTH) {
      failed = true;
      return true;
    }
    if (typeof node === 'boolean') return node;
    if (!isRecord(node)) {
      failed = true;
      return true;
    }
    if (WHOLE.some((k) => Object.hasOwn(node, k)) || Array.isArray(node['items'])) return whole(node) as Schema;
    const out: Record<string, unknown> = {};
    const set = (k: string, v: unknown): void => own(out, k, v);
    for (const [k, v] of Object.entries(node)) {
      if (k === 'properties' || k === 'additionalProperties' || k === 'items' || k === '$ref' || k === '$defs' || k === 'definitions') continue;
      if (IN_PLACE_LISTS.includes(k) && Array.isArray(v))
        set(
          k,
          v.map((branch) => prune(branch, at, depth)),
        );
      else if (IN_PLACE.includes(k)) set(k, prune(v, at, depth));
      else set(k, v);
    }
    const objects = at.filter((v): v is Record<string, unknown> => isRecord(v));
    const properties = isRecord(node['properties']) ? node['properties'] : undefined;
    if (properties !== undefined) {
      const kept: Record<string, unknown> = {};
      for (const [name, sub] of Object.entries(properties)) {
        const reached = objects.filter((o) => Object.hasOwn(o, name)).map((o) => o[name]);
        if (reached.length > 0) own(kept, name, prune(sub, reached, 0));
      }
      set('properties', kept);
    }
    if (Object.hasOwn(node, 'additionalProperties')) {
      const extra = node['additionalProperties'];
      if (typeof extra === 'boolean') set('additionalProperties', extra);
      else {
        const reached = objects.flatMap((o) =>
          Object.keys(o)
            .filter((name) => properties === undefined || !Object.hasOwn(properties, name))
            .map((name) => o[name]),
        );
        if (reached.length > 0) set('additionalProperties', prune(extra, reached, 0));
      }
    }
    if (Object.hasOwn(node, 'items')) {
      const reached = at.filter((v): v is unknown[] => Array.isArray(v)).flat();
      if (reached.length > 0) set('items', prune(node['items'], reached, 0));
    }
    const ref = node['$ref'];
    if (typeof ref === 'string') {
      const target = defKey(ref);
      if (target === undefined || !target.whole || !Object.hasOwn(defs, target.key)) {
        failed = true;
        return true;
      }
      const inlined = prune(defs[target.key], at, depth + 1);
      // A node that is only a reference is its target; beside other keywords, the target is one more allOf branch.
      if (Object.keys(out).length === 0) return inlined;
      set('allOf', [...(Array.isArray(out['allOf']) ? (out['allOf'] as unknown[]) : []), inlined]);
    }
    return out;
  };

  if (!Object.hasOwn(defs, key)) return undefined;
  const schema = prune(defs[key], values, 0);
  return failed ? undefined : { schema, refs };
}
