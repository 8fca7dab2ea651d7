/**
 * Reading the (sanitized) bundled contract for the static docs: internal `$ref`s followed by JSON
 * pointer, the name a reference gives a schema, and example values sampled from a schema with a
 * bounded depth and size (a cycle or a huge schema ends in a short value, never a loop).
 */
import { isRecord } from '../../contract/pointer.js';

export type Node = Record<string, unknown>;

/** The node a local JSON pointer ("#/components/schemas/Pet") names, or undefined. */
export function atPointer(document: Node, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = document;
  const body = ref.slice(1);
  if (body === '') return document;
  for (const raw of body.split('/').slice(1)) {
    let key: string;
    try {
      key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return undefined;
    }
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isRecord(node) && Object.prototype.hasOwnProperty.call(node, key)) node = node[key];
    else return undefined;
  }
  return node;
}

/** The last segment of a reference: the name of a component ("Pet"). */
export function refName(ref: string): string {
  const last = ref.split('/').pop() ?? ref;
  try {
    return decodeURIComponent(last).replace(/~1/g, '/').replace(/~0/g, '~');
  } catch {
    return last;
  }
}

/** A node with its `$ref` chain followed (at most 16 steps); `ref` is the last reference taken. */
export function deref(document: Node, node: unknown): { node: unknown; ref?: string } {
  let current = node;
  let ref: string | undefined;
  for (let i = 0; i < 16 && isRecord(current) && typeof current['$ref'] === 'string'; i++) {
    ref = current['$ref'];
    current = atPointer(document, ref);
  }
  return ref === undefined ? { node: current } : { node: current, ref };
}

/** The schema's types as a list ("string", "null"), from `type` or the 3.0 `nullable`. */
export function typesOf(schema: Node): string[] {
  const t = schema['type'];
  const types = Array.isArray(t) ? t.filter((x): x is string => typeof x === 'string') : typeof t === 'string' ? [t] : [];
  if (schema['nullable'] === true && !types.includes('null')) types.push('null');
  if (types.length === 0 && isRecord(schema['properties'])) types.push('object');
  if (types.length === 0 && schema['items'] !== undefined) types.push('array');
  return types;
}

const STRING_FORMATS: Record<string, string> = {
  'date-time': '2024-01-01T00:00:00Z',
  date: '2024-01-01',
  time: '12:00:00',
  email: 'user@example.com',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  uri: 'https://example.com',
  url: 'https://example.com',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  byte: 'ZXhhbXBsZQ==',
  binary: '<binary>',
};

interface SampleState {
  document: Node;
  /** Values written so far; sampling stops adding properties past the budget. */
  budget: number;
  stack: Set<unknown>;
}

/**
 * An example value for a schema: its example, default, const or first enum value, else one built
 * from its type (objects with their properties, arrays with one item), at most 6 levels deep and
 * about 300 values in all; a schema that refers back to itself ends in an empty object or list.
 */
export function sampleOf(document: Node, schema: unknown): unknown {
  return sample({ document, budget: 300, stack: new Set() }, schema, 0);
}

function sample(state: SampleState, raw: unknown, depth: number): unknown {
  const { node, ref } = deref(state.document, raw);
  if (!isRecord(node)) return node === false ? undefined : {};
  if (ref !== undefined && state.stack.has(ref)) return typesOf(node).includes('array') ? [] : {};
  if (node['example'] !== undefined) return node['example'];
  const examples = node['examples'];
  if (Array.isArray(examples) && examples.length > 0) return examples[0];
  if (node['const'] !== undefined) return node['const'];
  if (node['default'] !== undefined) return node['default'];
  const enumValues = node['enum'];
  if (Array.isArray(enumValues) && enumValues.length > 0) return enumValues[0];
  state.budget--;
  if (depth > 6 || state.budget < 0) return typesOf(node).includes('array') ? [] : typesOf(node).includes('object') ? {} : null;
  if (ref !== undefined) state.stack.add(ref);
  try {
    for (const key of ['oneOf', 'anyOf'] as const) {
      const variants = node[key];
      if (Array.isArray(variants) && variants.length > 0) return sample(state, variants[0], depth + 1);
    }
    const allOf = node['allOf'];
    if (Array.isArray(allOf) && allOf.length > 0) {
      const merged: Node = {};
      for (const part of allOf) {
        const value = sample(state, part, depth + 1);
        if (isRecord(value)) Object.assign(merged, value);
        else if (allOf.length === 1) return value;
      }
      return merged;
    }
    const types = typesOf(node).filter((t) => t !== 'null');
    const type = types[0];
    if (type === 'object' || (type === undefined && isRecord(node['properties']))) {
      const out: Node = {};
      const props = isRecord(node['properties']) ? node['properties'] : {};
      const required = new Set(Array.isArray(node['required']) ? node['required'] : []);
      // Required properties first, then others while the budget lasts (at most 40 per object).
      const names = Object.keys(props)
        .sort((a, b) => Number(required.has(b)) - Number(required.has(a)))
        .slice(0, 40);
      for (const name of names) {
        if (state.budget < 0 && !required.has(name)) break;
        const value = sample(state, props[name], depth + 1);
        if (value !== undefined) Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    if (type === 'array') return node['items'] === undefined ? [] : [sample(state, node['items'], depth + 1)];
    if (type === 'integer') return typeof node['minimum'] === 'number' ? Math.ceil(node['minimum']) : 0;
    if (type === 'number') return typeof node['minimum'] === 'number' ? node['minimum'] : 0;
    if (type === 'boolean') return true;
    if (type === 'string') return STRING_FORMATS[String(node['format'])] ?? 'string';
    return null;
  } finally {
    if (ref !== undefined) state.stack.delete(ref);
  }
}
