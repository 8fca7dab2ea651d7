/**
 * Document shapes no tool can work with, found before anything walks the document recursively:
 * nesting deeper than any real contract (a hostile document would overflow every walker's stack),
 * and schemas that reach themselves without consuming any data (`A: { allOf: [B] }`,
 * `B: { $ref: A }`), which no value can ever be validated against.
 */
import { isRecord, joinPointer, unescapeSegment } from './pointer.js';

/** The deepest nesting a contract may have (real contracts stay under 50). */
export const MAX_DOCUMENT_DEPTH = 256;

/** A node the depth walk has still to visit: the pointer is built only for the one it reports. */
interface Pending {
  node: unknown;
  depth: number;
  parent: Pending | undefined;
  key: string;
}

/** The pointer of the first node nested deeper than `max` levels, walking without recursion. */
export function tooDeep(root: unknown, max = MAX_DOCUMENT_DEPTH): string | undefined {
  const stack: Pending[] = [{ node: root, depth: 0, parent: undefined, key: '' }];
  while (stack.length > 0) {
    const entry = stack.pop() as Pending;
    const { node, depth } = entry;
    if (depth > max) return pointerOf(entry);
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) stack.push({ node: node[i], depth: depth + 1, parent: entry, key: String(i) });
    } else if (isRecord(node)) {
      for (const key of Object.keys(node)) stack.push({ node: node[key], depth: depth + 1, parent: entry, key });
    }
  }
  return undefined;
}

function pointerOf(entry: Pending): string {
  const keys: string[] = [];
  for (let e: Pending | undefined = entry; e?.parent !== undefined; e = e.parent) keys.push(e.key);
  return keys.reverse().reduce((pointer, key) => joinPointer(pointer, key), '');
}

/** Keywords whose subschemas apply to the same value as their schema (no data is consumed). */
const IN_PLACE_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;
const IN_PLACE_ONE = ['not', 'if', 'then', 'else'] as const;

function nodeAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const raw of pointer.split('/').slice(1)) {
    const key = unescapeSegment(raw);
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isRecord(node) && Object.hasOwn(node, key)) node = node[key];
    else return undefined;
  }
  return node;
}

/** The schemas that apply to the same value as the schema at `pointer`, each with the step taken. */
function inPlace(root: unknown, pointer: string): Array<{ to: string; via: string }> {
  const schema = nodeAt(root, pointer);
  if (!isRecord(schema)) return [];
  const out: Array<{ to: string; via: string }> = [];
  const ref = schema['$ref'];
  if (typeof ref === 'string' && ref.startsWith('#')) {
    let target: string;
    try {
      target = decodeURIComponent(ref.slice(1));
    } catch {
      target = ref.slice(1);
    }
    out.push({ to: target, via: joinPointer(pointer, '$ref') });
  }
  for (const k of IN_PLACE_LISTS) {
    const list = schema[k];
    if (Array.isArray(list)) list.forEach((_s, i) => out.push({ to: joinPointer(pointer, k, String(i)), via: joinPointer(pointer, k, String(i)) }));
  }
  for (const k of IN_PLACE_ONE) if (isRecord(schema[k])) out.push({ to: joinPointer(pointer, k), via: joinPointer(pointer, k) });
  return out;
}

/** Every `$ref` target and every component schema: where a cycle can start. */
function starts(root: unknown): string[] {
  const out = new Set<string>();
  const components = isRecord(root) && isRecord(root['components']) ? root['components'] : undefined;
  if (components && isRecord(components['schemas'])) for (const name of Object.keys(components['schemas'])) out.add(joinPointer('/components/schemas', name));
  if (isRecord(root) && isRecord(root['definitions'])) for (const name of Object.keys(root['definitions'])) out.add(joinPointer('/definitions', name));
  return [...out];
}

/**
 * A cycle of schemas that consumes no data, as the steps (`$ref`, `allOf/0`, …) that close it, or
 * undefined. Iterative depth-first search over the in-place edges from every component schema.
 */
export function schemaCycle(root: unknown): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  for (const start of starts(root)) {
    if (state.has(start)) continue;
    const path: Array<{ pointer: string; via?: string; next: Array<{ to: string; via: string }> }> = [{ pointer: start, next: inPlace(root, start) }];
    state.set(start, 'open');
    while (path.length > 0) {
      const top = path[path.length - 1] as (typeof path)[number];
      const edge = top.next.shift();
      if (!edge) {
        state.set(top.pointer, 'done');
        path.pop();
        continue;
      }
      const seen = state.get(edge.to);
      if (seen === 'open') {
        const from = path.findIndex((p) => p.pointer === edge.to);
        return [...path.slice(from + 1).map((p) => p.via as string), edge.via];
      }
      if (seen === 'done') continue;
      state.set(edge.to, 'open');
      path.push({ pointer: edge.to, via: edge.via, next: inPlace(root, edge.to) });
    }
  }
  return undefined;
}
