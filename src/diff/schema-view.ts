/**
 * What a schema means, independent of how it is written: $refs followed, allOf merged, OpenAPI 3.0's
 * `nullable` and boolean exclusive bounds read as 3.1's. The diff compares views, so a schema moved
 * into a component and referenced is the same schema. Every keyword keeps the JSON pointer it was
 * written at, so a change is reported on the line of the keyword in the head contract.
 */
import { getAtPointer, isRecord, joinPointer, resolveLocalRef } from '../contract/pointer.js';
import type { OpenApiVersion } from '../contract/validate.js';

/** A schema as written, and where it stands in the bundled document. */
export interface SchemaRef {
  node: unknown;
  pointer: string;
}

export interface Bound {
  value: number;
  exclusive: boolean;
  pointer: string;
}

export type BoundName = 'maxLength' | 'minLength' | 'max' | 'min' | 'maxItems' | 'minItems';
export const UPPER_BOUNDS: readonly BoundName[] = ['maxLength', 'max', 'maxItems'];
export const LOWER_BOUNDS: readonly BoundName[] = ['minLength', 'min', 'minItems'];

export interface SchemaView {
  /** Pointer of the schema (of the $ref target for a reference): identity for cycles, location of changes. */
  pointer: string;
  /** `false`: nothing is valid. */
  never: boolean;
  /** Allowed JSON types; undefined: any. */
  types?: { set: Set<string>; pointer: string };
  /** Allowed values (enum, or const as one value); undefined: not limited. */
  values?: { list: unknown[]; pointer: string };
  /**
   * `x-extensible-enum`: the values known today, of a list clients must expect to grow (a list of
   * its own, or `x-extensible-enum: true` beside an enum).
   */
  extensible?: { list: unknown[]; pointer: string };
  bounds: Partial<Record<BoundName, Bound>>;
  pattern?: { value: string; pointer: string };
  properties: Map<string, SchemaRef>;
  propertiesPointer?: string;
  /** Required property names, with the pointer of each name in its `required` list. */
  required: Map<string, string>;
  items?: SchemaRef;
  /** The schema of additional properties, when it is a schema (a map's values). */
  additional?: SchemaRef;
  variants: SchemaRef[];
  variantsPointer?: string;
  readOnly: boolean;
  writeOnly: boolean;
  format?: { value: string; pointer: string };
  default?: { value: unknown; pointer: string };
  /** `additionalProperties: false`: properties not listed are refused. */
  closed?: { pointer: string };
  discriminator?: { propertyName: string; mapping: Map<string, string>; defaultMapping?: string; pointer: string };
  title?: string;
  /** The `$ref`s of its allOf (`allOf: [{$ref: Rule}, {$ref: Info}]`): the identity of an inline alternative. */
  refs?: string;
}

function emptyView(pointer: string): SchemaView {
  return { pointer, never: false, bounds: {}, properties: new Map(), required: new Map(), variants: [], readOnly: false, writeOnly: false };
}

const TIGHTER: Record<'upper' | 'lower', (a: Bound, b: Bound) => boolean> = {
  upper: (a, b) => a.value < b.value || (a.value === b.value && a.exclusive && !b.exclusive),
  lower: (a, b) => a.value > b.value || (a.value === b.value && a.exclusive && !b.exclusive),
};

/** True when bound `a` admits fewer values than `b` (an absent bound admits everything). */
export function tighter(kind: 'upper' | 'lower', a: Bound | undefined, b: Bound | undefined): boolean {
  if (a === undefined) return false;
  if (b === undefined) return true;
  return TIGHTER[kind](a, b);
}

export function boundKind(name: BoundName): 'upper' | 'lower' {
  return UPPER_BOUNDS.includes(name) ? 'upper' : 'lower';
}

function intersectTypes(a: Set<string>, b: Set<string>): Set<string> {
  const out = new Set<string>();
  for (const t of a) {
    if (b.has(t)) out.add(t);
    else if (t === 'integer' && b.has('number')) out.add('integer');
  }
  for (const t of b) if (t === 'integer' && a.has('number')) out.add('integer');
  return out;
}

/** Reads schemas of one bundled document. */
export class SchemaReader {
  private readonly cache = new Map<string, SchemaView>();

  constructor(
    private readonly doc: Record<string, unknown>,
    private readonly version: OpenApiVersion,
  ) {}

  /** The schema at `pointer` of the document (missing: an empty schema, which allows anything). */
  at(pointer: string): SchemaRef {
    return { node: getAtPointer(this.doc, pointer).value, pointer };
  }

  view(ref: SchemaRef): SchemaView {
    const hit = this.cache.get(ref.pointer);
    if (hit) return hit;
    const view = this.build(ref.node, ref.pointer, new Set([ref.pointer]));
    this.cache.set(ref.pointer, view);
    return view;
  }

  /** Follows a $ref; a reference that cannot be followed reads as an empty schema. */
  private target(ref: string): SchemaRef | undefined {
    const found = resolveLocalRef(this.doc, ref);
    return found ? { node: found.value, pointer: found.pointer } : undefined;
  }

  private build(node: unknown, pointer: string, seen: Set<string>): SchemaView {
    if (node === false) return { ...emptyView(pointer), never: true };
    if (!isRecord(node)) return emptyView(pointer);
    const ref = node['$ref'];
    if (typeof ref === 'string') {
      const target = this.target(ref);
      let view: SchemaView;
      if (!target || seen.has(target.pointer) || seen.size > 64) view = emptyView(target?.pointer ?? pointer);
      else view = this.build(target.node, target.pointer, new Set([...seen, target.pointer]));
      if (this.version === '3.0') {
        // 3.0 ignores the siblings of $ref; specforge reads `nullable: true` beside one (as its model does).
        if (node['nullable'] === true && view.types) view = { ...view, types: { set: new Set([...view.types.set, 'null']), pointer: view.types.pointer } };
        return view;
      }
      const rest = Object.keys(node).filter((k) => k !== '$ref');
      return rest.length === 0 ? view : merge(view, this.own(node, pointer, seen));
    }
    return this.own(node, pointer, seen);
  }

  private own(node: Record<string, unknown>, pointer: string, seen: Set<string>): SchemaView {
    let view = emptyView(pointer);
    const type = node['type'];
    const types = typeof type === 'string' ? [type] : Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : undefined;
    if (types) {
      const set = new Set(types);
      if (this.version === '3.0' && node['nullable'] === true) set.add('null');
      view.types = { set, pointer: joinPointer(pointer, 'type') };
    }
    if (Array.isArray(node['enum'])) {
      const list = [...node['enum']];
      if (this.version === '3.0' && node['nullable'] === true && !list.includes(null)) list.push(null);
      view.values = { list, pointer: joinPointer(pointer, 'enum') };
    } else if ('const' in node) view.values = { list: [node['const']], pointer: joinPointer(pointer, 'const') };
    const extensible = node['x-extensible-enum'];
    if (Array.isArray(extensible)) view.extensible = { list: [...extensible], pointer: joinPointer(pointer, 'x-extensible-enum') };
    else if (extensible === true && view.values) view.extensible = view.values;
    const count = (key: string, name: BoundName): void => {
      const v = node[key];
      if (typeof v === 'number') view.bounds[name] = { value: v, exclusive: false, pointer: joinPointer(pointer, key) };
    };
    count('maxLength', 'maxLength');
    count('minLength', 'minLength');
    count('maxItems', 'maxItems');
    count('minItems', 'minItems');
    this.numeric(node, pointer, view, 'max', 'maximum', 'exclusiveMaximum');
    this.numeric(node, pointer, view, 'min', 'minimum', 'exclusiveMinimum');
    if (typeof node['pattern'] === 'string') view.pattern = { value: node['pattern'], pointer: joinPointer(pointer, 'pattern') };
    const properties = node['properties'];
    if (isRecord(properties)) {
      view.propertiesPointer = joinPointer(pointer, 'properties');
      for (const [name, sub] of Object.entries(properties)) view.properties.set(name, { node: sub, pointer: joinPointer(pointer, 'properties', name) });
    }
    if (Array.isArray(node['required'])) {
      node['required'].forEach((name, i) => {
        if (typeof name === 'string' && !view.required.has(name)) view.required.set(name, joinPointer(pointer, 'required', i));
      });
    }
    if (isRecord(node['items']) || typeof node['items'] === 'boolean') view.items = { node: node['items'], pointer: joinPointer(pointer, 'items') };
    if (isRecord(node['additionalProperties'])) view.additional = { node: node['additionalProperties'], pointer: joinPointer(pointer, 'additionalProperties') };
    for (const key of ['anyOf', 'oneOf'] as const) {
      const list = node[key];
      if (Array.isArray(list) && view.variants.length === 0) {
        view.variantsPointer = joinPointer(pointer, key);
        view.variants = list.map((sub, i) => ({ node: sub, pointer: joinPointer(pointer, key, i) }));
      }
    }
    view.readOnly = node['readOnly'] === true;
    view.writeOnly = node['writeOnly'] === true;
    if (typeof node['format'] === 'string') view.format = { value: node['format'], pointer: joinPointer(pointer, 'format') };
    if ('default' in node) view.default = { value: node['default'], pointer: joinPointer(pointer, 'default') };
    if (node['additionalProperties'] === false) view.closed = { pointer: joinPointer(pointer, 'additionalProperties') };
    if (typeof node['title'] === 'string') view.title = node['title'];
    const discriminator = node['discriminator'];
    if (isRecord(discriminator) && typeof discriminator['propertyName'] === 'string') {
      const mapping = new Map<string, string>();
      if (isRecord(discriminator['mapping'])) for (const [k, v] of Object.entries(discriminator['mapping'])) if (typeof v === 'string') mapping.set(k, v);
      view.discriminator = { propertyName: discriminator['propertyName'], mapping, pointer: joinPointer(pointer, 'discriminator') };
      if (typeof discriminator['defaultMapping'] === 'string') view.discriminator.defaultMapping = discriminator['defaultMapping'];
    }
    this.valueUnion(view, seen);
    if (Array.isArray(node['allOf'])) {
      node['allOf'].forEach((sub, i) => {
        view = merge(view, this.build(sub, joinPointer(pointer, 'allOf', i), seen));
      });
      const refs = node['allOf'].flatMap((sub) => (isRecord(sub) && typeof sub['$ref'] === 'string' ? [sub['$ref']] : []));
      if (refs.length > 0) view.refs = refs.join(' & ');
    }
    return view;
  }

  /**
   * An anyOf/oneOf whose alternatives are nothing but values (`oneOf: [{const: a}, {enum: [b]}]`)
   * is the set of those values, as an enum of them is: the union is read as that enum.
   */
  private valueUnion(view: SchemaView, seen: Set<string>): void {
    if (view.variants.length === 0 || view.values) return;
    const plain = (n: unknown): boolean => isRecord(n) && (Array.isArray(n['enum']) || 'const' in n || typeof n['$ref'] === 'string');
    if (!view.variants.every((r) => plain(r.node))) return;
    const values: unknown[] = [];
    const types = new Set<string>();
    for (const ref of view.variants) {
      const alt = this.build(ref.node, ref.pointer, seen);
      if (!alt.values || !valueOnly(alt)) return;
      values.push(...alt.values.list);
      for (const t of alt.types?.set ?? alt.values.list.map(jsonType)) types.add(t);
    }
    const at = view.variantsPointer ?? view.pointer;
    view.values = { list: values, pointer: at };
    view.types ??= { set: types, pointer: at };
    view.variants = [];
    delete view.variantsPointer;
  }

  /** maximum / exclusiveMaximum (3.1: a number; 3.0: a flag on maximum) as one bound. */
  private numeric(node: Record<string, unknown>, pointer: string, view: SchemaView, name: 'max' | 'min', plain: string, exclusive: string): void {
    const p = node[plain];
    const e = node[exclusive];
    const candidates: Bound[] = [];
    if (typeof p === 'number') candidates.push({ value: p, exclusive: e === true, pointer: joinPointer(pointer, plain) });
    if (typeof e === 'number') candidates.push({ value: e, exclusive: true, pointer: joinPointer(pointer, exclusive) });
    const kind = boundKind(name);
    for (const c of candidates) if (view.bounds[name] === undefined || tighter(kind, c, view.bounds[name])) view.bounds[name] = c;
  }
}

/** Whether a view says nothing but which values (and types) it allows. */
function valueOnly(v: SchemaView): boolean {
  return (
    !v.never &&
    v.properties.size === 0 &&
    v.required.size === 0 &&
    !v.items &&
    !v.additional &&
    v.variants.length === 0 &&
    Object.keys(v.bounds).length === 0 &&
    !v.pattern &&
    !v.closed &&
    !v.discriminator
  );
}

/** The JSON type of a value (a whole number is an integer). */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value === 'object' ? 'object' : typeof value;
}

/** The conjunction of two views (allOf): every constraint of both. */
function merge(a: SchemaView, b: SchemaView): SchemaView {
  const out: SchemaView = { ...a, bounds: { ...a.bounds }, properties: new Map(a.properties), required: new Map(a.required) };
  out.never = a.never || b.never;
  if (b.types) out.types = a.types ? { set: intersectTypes(a.types.set, b.types.set), pointer: a.types.pointer } : b.types;
  if (b.values) {
    const keys = a.values ? new Set(a.values.list.map((v) => JSON.stringify(v))) : undefined;
    out.values = a.values && keys ? { list: b.values.list.filter((v) => keys.has(JSON.stringify(v))), pointer: a.values.pointer } : b.values;
  }
  for (const [name, bound] of Object.entries(b.bounds) as Array<[BoundName, Bound]>) {
    if (tighter(boundKind(name), bound, out.bounds[name])) out.bounds[name] = bound;
  }
  out.pattern ??= b.pattern;
  for (const [name, ref] of b.properties) if (!out.properties.has(name)) out.properties.set(name, ref);
  out.propertiesPointer ??= b.propertiesPointer;
  for (const [name, at] of b.required) if (!out.required.has(name)) out.required.set(name, at);
  out.items ??= b.items;
  out.additional ??= b.additional;
  if (out.variants.length === 0 && b.variants.length > 0) {
    out.variants = b.variants;
    out.variantsPointer = b.variantsPointer;
  }
  out.readOnly = a.readOnly || b.readOnly;
  out.writeOnly = a.writeOnly || b.writeOnly;
  out.format ??= b.format;
  out.default ??= b.default;
  out.closed ??= b.closed;
  out.discriminator ??= b.discriminator;
  out.title ??= b.title;
  return out;
}
