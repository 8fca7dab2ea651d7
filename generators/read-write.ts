/**
 * Where a contract's `readOnly` and `writeOnly` markers are. openapi-typescript (with its read-write
 * markers on, as types.ts runs it when the document has any) wraps such properties in `$Read` and
 * `$Write`; the SDK then reads an answer through `Readable<T>` and writes a body through
 * `Writable<T>` (src/runtime/client/read-write.ts). Those deep mapped types cost the compiler a
 * walk of every schema they touch, so the SDK applies them only to bodies whose schema reaches a
 * marker: elsewhere the view is the type itself.
 */
import { isRecord, resolveLocalRef } from '../src/contract/pointer.js';

/**
 * Whether any schema of the document says `readOnly` or `writeOnly`. The validators free such a
 * property from `required` in the direction it does not travel (src/contract/tables/validators.ts),
 * and the types follow: openapi-typescript's markers leave a readOnly property out of request types
 * and a writeOnly one out of response types, even where its object requires it.
 */
export function hasReadWriteMarkers(node: unknown, seen = new Set<object>()): boolean {
  if (Array.isArray(node)) return node.some((item) => hasReadWriteMarkers(item, seen));
  if (!isRecord(node) || seen.has(node)) return false;
  seen.add(node);
  if (node['readOnly'] === true || node['writeOnly'] === true) return true;
  return Object.values(node).some((value) => hasReadWriteMarkers(value, seen));
}

/** A schema's own markers (not through `$ref`) and the references it holds. */
function scan(node: unknown, refs: Set<string>, seen = new Set<object>()): boolean {
  if (Array.isArray(node)) return node.reduce<boolean>((found, item) => scan(item, refs, seen) || found, false);
  if (!isRecord(node) || seen.has(node)) return false;
  seen.add(node);
  let found = node['readOnly'] === true || node['writeOnly'] === true;
  if (typeof node['$ref'] === 'string') refs.add(node['$ref']);
  for (const value of Object.values(node)) found = scan(value, refs, seen) || found;
  return found;
}

/**
 * A test of whether a schema reaches a `readOnly` or `writeOnly` marker, itself or through the
 * `$ref`s of `document` (a cycle included). A reference that cannot be followed counts as reaching
 * one, so the SDK keeps the view where it cannot tell.
 */
export function readWriteReach(document: unknown): (schema: unknown) => boolean {
  const reached = new Map<string, boolean>();
  // Each reference's answer: its own markers, else any reference it holds (a fixed point over cycles).
  const follow = (start: Set<string>): boolean => {
    const graph = new Map<string, { own: boolean; refs: Set<string> }>();
    const pending = [...start];
    while (pending.length > 0) {
      const ref = pending.pop() as string;
      if (graph.has(ref) || reached.has(ref)) continue;
      const target = resolveLocalRef(document, ref);
      const refs = new Set<string>();
      const own = target === undefined || scan(target.value, refs);
      graph.set(ref, { own, refs });
      pending.push(...refs);
    }
    const yes = new Set([...graph].filter(([, n]) => n.own).map(([ref]) => ref));
    for (let changed = true; changed;) {
      changed = false;
      for (const [ref, n] of graph) {
        if (yes.has(ref)) continue;
        if ([...n.refs].some((r) => yes.has(r) || reached.get(r) === true)) {
          yes.add(ref);
          changed = true;
        }
      }
    }
    for (const ref of graph.keys()) reached.set(ref, yes.has(ref));
    return [...start].some((ref) => reached.get(ref) === true);
  };
  return (schema) => {
    if (schema === undefined) return false;
    const refs = new Set<string>();
    return scan(schema, refs) || follow(refs);
  };
}
