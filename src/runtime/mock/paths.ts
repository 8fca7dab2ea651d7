/** Paths into stored documents (`a.b[].c`), projection and merge, with own data properties only. */
import { isRecord } from '../shared/object.js';

/**
 * A deep copy of a document. Stored documents, examples and request bodies are JSON data (plain
 * objects, arrays, strings, numbers, booleans, null): those are copied directly, several times
 * faster than structuredClone, own keys only and `__proto__` as a plain key; anything else (a Date
 * a YAML contract gave, a Buffer) and anything nested deeper than DIRECT_DEPTH (a cycle) goes
 * through structuredClone.
 */
export function clone<T>(v: T): T {
  return copy(v, 0) as T;
}

/** Past this depth the copy is structuredClone's (which also keeps a cycle a cycle). */
const DIRECT_DEPTH = 256;

function copy(v: unknown, depth: number): unknown {
  if (typeof v !== 'object' || v === null) return v;
  if (depth > DIRECT_DEPTH) return structuredClone(v);
  if (Array.isArray(v)) {
    const out: unknown[] = new Array<unknown>(v.length);
    for (let i = 0; i < v.length; i++) out[i] = copy(v[i], depth + 1);
    return out;
  }
  const proto: unknown = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return structuredClone(v);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) {
    const value = copy((v as Record<string, unknown>)[k], depth + 1);
    if (k === '__proto__') Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true });
    else out[k] = value;
  }
  return out;
}

export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** One step into a document: an own property, or an array index. */
export function step(node: unknown, key: string): unknown {
  if (Array.isArray(node)) return /^(0|[1-9]\d*)$/.test(key) ? node[Number(key)] : undefined;
  return isRecord(node) && Object.hasOwn(node, key) ? node[key] : undefined;
}

/** Every value at a dotted path, where `*` stands for each item of an array or object (arrays at the end are flattened). */
export function collect(node: unknown, keys: string[]): unknown[] {
  if (node === undefined || node === null) return [];
  if (keys.length === 0) return Array.isArray(node) ? node : [node];
  const [head, ...rest] = keys as [string, ...string[]];
  if (head === '*') {
    const items = Array.isArray(node) ? node : isRecord(node) ? Object.values(node) : [];
    return items.flatMap((item) => collect(item, rest));
  }
  return collect(step(node, head), rest);
}

export function getPath(doc: unknown, path: string): unknown {
  let node = doc;
  for (const key of path.split('.')) {
    node = step(node, key);
    if (node === undefined) return undefined;
  }
  return node;
}

export function unsetPath(doc: Record<string, unknown>, path: string): void {
  const keys = path.split('.');
  const parent = keys.length === 1 ? doc : getPath(doc, keys.slice(0, -1).join('.'));
  const last = keys[keys.length - 1] as string;
  if (isRecord(parent) && Object.hasOwn(parent, last)) delete parent[last];
}

export function setPath(doc: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = doc;
  keys.slice(0, -1).forEach((key) => {
    // Own properties only: a "__proto__" segment gets an own object, never Object.prototype.
    if (!Object.hasOwn(node, key) || !isRecord(node[key])) setOwn(node, key, {});
    node = node[key] as Record<string, unknown>;
  });
  setOwn(node, keys[keys.length - 1] as string, value);
}

/** Deep merge: objects merge key by key, anything else in `patch` replaces. */
export function merge(base: unknown, patch: unknown): unknown {
  if (!isRecord(base) || !isRecord(patch)) return clone(patch);
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) setOwn(out, k, Object.hasOwn(out, k) ? merge(out[k], v) : clone(v));
  return out;
}

/**
 * The example's keys filled from the document where it has them. `doc` is the caller's own copy
 * (its values are taken, not copied); the example's values are copied.
 */
export function project(example: unknown, doc: Record<string, unknown>): unknown {
  if (!isRecord(example)) return doc;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(example)) setOwn(out, k, Object.hasOwn(doc, k) ? doc[k] : clone(v));
  return out;
}

/** Freezes a value and everything in it (a value shared by every answer, which nothing may change). */
export function deepFreeze<T>(v: T): T {
  if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
  }
  return v;
}
