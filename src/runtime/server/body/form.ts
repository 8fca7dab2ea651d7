/**
 * `application/x-www-form-urlencoded` bodies, and deepObject query parameters, read the way form
 * clients write them: bracketed keys nest (`metadata[plan]=pro`, `card[exp][month]=12`), indexed or
 * empty brackets and repeated keys make arrays (`expand[0]=a`, `tags[]=a&tags[]=b`, `ids=1&ids=2`),
 * and each value is converted to the type its schema gives it (guided by a shape computed when the
 * contract is read, never by walking the schema per request). Text that does not fit its shape stays
 * text, so the validator reports the rule it breaks.
 *
 * Keys are own data properties ("__proto__" stays data, reported by the validator as any unknown
 * key is); nesting is bounded, and an index past MAX_INDEX is a key, not an array slot.
 */
import type { FormEncoding, ValueShape } from '../../shared/spec.js';
import { coerce } from '../coerce.js';
import { parseJsonOr } from './json-text.js';

/** A node of the key tree: a value (or repeated values) at a key, or nested keys. */
type Node = string | string[] | Tree;
interface Tree {
  [key: string]: Node;
}

const MAX_DEPTH = 32;
const MAX_INDEX = 10_000;
const INDEX = /^(?:0|[1-9]\d{0,4})$/;

function own(tree: Tree, key: string, value: Node): void {
  Object.defineProperty(tree, key, { value, enumerable: true, writable: true, configurable: true });
}

function child(tree: Tree, key: string): Node | undefined {
  return Object.hasOwn(tree, key) ? tree[key] : undefined;
}

/** `a[b][]` to ["a", "b", ""]; a key whose brackets do not close is one plain name. */
export function keyPath(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0 || !key.endsWith(']')) return [key];
  const path = [key.slice(0, open)];
  let i = open;
  while (i < key.length) {
    if (key[i] !== '[') return [key];
    const close = key.indexOf(']', i);
    if (close < 0) return [key];
    path.push(key.slice(i + 1, close));
    i = close + 1;
    if (path.length > MAX_DEPTH) return [key];
  }
  return path;
}

/** Builds the key tree of decoded pairs. */
export function keyTree(pairs: ReadonlyArray<readonly [string, string]>): Tree {
  const root: Tree = {};
  for (const [key, value] of pairs) {
    const path = keyPath(key);
    let tree = root;
    for (let i = 0; i < path.length - 1; i++) {
      const seg = path[i] as string;
      const next = child(tree, seg);
      if (next !== undefined && typeof next === 'object' && !Array.isArray(next)) tree = next;
      else {
        // A name used both as a value and as a container (`a=1&a[b]=2`): the container wins.
        const made: Tree = {};
        own(tree, seg, made);
        tree = made;
      }
    }
    const last = path[path.length - 1] as string;
    const prior = child(tree, last);
    if (prior === undefined || (typeof prior === 'object' && !Array.isArray(prior))) own(tree, last, value);
    // A repeated key appends in place (the lists are this tree's own): linear in the repeats, never a copy per repeat.
    else if (Array.isArray(prior)) prior.push(value);
    else own(tree, last, [prior, value]);
  }
  return root;
}

function isTree(node: Node): node is Tree {
  return typeof node === 'object' && !Array.isArray(node);
}

function splitDelimited(text: string, encoding: FormEncoding | undefined): string[] {
  if (text === '') return [];
  const sep = encoding?.style === 'spaceDelimited' ? ' ' : encoding?.style === 'pipeDelimited' ? '|' : ',';
  return text.split(sep);
}

function parseJson(text: string): unknown {
  return parseJsonOr(text, (t) => t);
}

/** Items of an array node: repeated values, `[0]`/`[1]` slots in index order, then `[]` appends. */
function arrayItems(node: Node, encoding: FormEncoding | undefined): Node[] | undefined {
  if (Array.isArray(node)) return node;
  if (typeof node === 'string') {
    // One value: an exploded form array of one item, or (explode: false) delimited items.
    return encoding?.explode === false ? splitDelimited(node, encoding) : [node];
  }
  const keys = Object.keys(node);
  if (!keys.every((k) => k === '' || (INDEX.test(k) && Number(k) <= MAX_INDEX))) return undefined;
  const indexed = keys.filter((k) => k !== '').sort((a, b) => Number(a) - Number(b));
  const items: Node[] = indexed.map((k) => node[k] as Node);
  const appended = child(node, '');
  // Appended one by one: spreading a list of many thousand items as arguments overflows the stack.
  if (Array.isArray(appended)) for (const item of appended) items.push(item);
  else if (appended !== undefined) items.push(appended);
  return items;
}

/** A node converted to the value `shape` describes (text that does not fit stays text). */
export function fromNode(node: Node, shape: ValueShape, encoding?: FormEncoding): unknown {
  if (encoding?.contentType !== undefined && typeof node === 'string' && /json/i.test(encoding.contentType)) return parseJson(node);
  switch (shape.type) {
    case 'array': {
      const items = arrayItems(node, encoding);
      if (items === undefined) return fromNode(node, { type: 'any' });
      return items.map((item) => fromNode(item, shape.items));
    }
    case 'object': {
      if (!isTree(node)) {
        // A plain value where an object may stand (Stripe's `metadata=` clears it): its other type.
        if (typeof node === 'string' && encoding?.explode === false && encoding.style === 'form') return delimitedObject(node, shape);
        return typeof node === 'string' && shape.scalar
          ? coerce(node, shape.scalar)
          : Array.isArray(node)
            ? node.map((n) => fromNode(n, shape.scalar ?? { type: 'any' }))
            : node;
      }
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(node)) {
        const sub = (Object.hasOwn(shape.properties, key) ? shape.properties[key] : undefined) ?? shape.additional ?? { type: 'any' };
        Object.defineProperty(out, key, { value: fromNode(value, sub), enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    case 'any': {
      if (typeof node === 'string') return node;
      if (Array.isArray(node)) return node;
      const items = arrayItems(node, undefined);
      if (items !== undefined && Object.keys(node).length > 0) return items.map((item) => fromNode(item, shape));
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(node))
        Object.defineProperty(out, key, { value: fromNode(value, shape), enumerable: true, writable: true, configurable: true });
      return out;
    }
    default: {
      if (typeof node === 'string') return coerce(node, shape);
      // Repeated values for one scalar are kept as a list, so the validator reports them.
      if (Array.isArray(node)) return node.map((n) => coerce(n, shape));
      return fromNode(node, { type: 'any' });
    }
  }
}

/** `R,100,G,200` (style form, explode false) to `{ R: 100, G: 200 }`. */
function delimitedObject(text: string, shape: Extract<ValueShape, { type: 'object' }>): Record<string, unknown> {
  const items = text === '' ? [] : text.split(',');
  const out: Record<string, unknown> = {};
  for (let i = 0; i + 1 < items.length; i += 2) {
    const key = items[i] as string;
    const sub = (Object.hasOwn(shape.properties, key) ? shape.properties[key] : undefined) ?? shape.additional ?? { type: 'any' };
    Object.defineProperty(out, key, { value: coerce(items[i + 1] as string, sub), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** A form body (decoded pairs) as the object its schema describes, with each property's `encoding`. */
export function formBody(
  pairs: ReadonlyArray<readonly [string, string]>,
  shape: ValueShape,
  encoding: Readonly<Record<string, FormEncoding>> = {},
): Record<string, unknown> {
  const tree = keyTree(pairs);
  const out: Record<string, unknown> = {};
  for (const [key, node] of Object.entries(tree)) {
    const sub =
      shape.type === 'object'
        ? ((Object.hasOwn(shape.properties, key) ? shape.properties[key] : undefined) ?? shape.additional ?? { type: 'any' })
        : { type: 'any' as const };
    Object.defineProperty(out, key, {
      value: fromNode(node, sub, Object.hasOwn(encoding, key) ? encoding[key] : undefined),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** A deepObject query parameter: the pairs under `name[…]` (or a plain `name=`), or undefined when none. */
export function deepObjectParameter(pairs: ReadonlyArray<readonly [string, string]>, name: string, shape: ValueShape): unknown {
  const prefix = `${name}[`;
  const found = pairs.filter(([k]) => k === name || k.startsWith(prefix));
  if (found.length === 0) return undefined;
  const node = child(keyTree(found), name);
  return node === undefined ? undefined : fromNode(node, shape);
}
