/**
 * The alternatives of anyOf/oneOf unions in the schema comparison (schema-diff.ts): paired by
 * meaning, never by position, named in messages, and scored by how much two of them look alike.
 */
import type { SchemaRef, SchemaView } from './schema-view.js';

/** A set of JSON Schema types as messages name it. */
export function typeText(types: Set<string> | undefined): string {
  return types ? [...types].join(' | ') || 'nothing' : 'any type';
}

/** A value as messages show it (JSON). */
export function show(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

/** The name of a schema under components/schemas, if it is one. */
function componentName(v: SchemaView): string | undefined {
  const m = /^\/components\/schemas\/([^/]+)$/.exec(v.pointer);
  return m ? m[1] : undefined;
}

/** A short name for an alternative in messages: its component, title, tag or type. */
export function describe(v: SchemaView): string {
  const name = componentName(v) ?? v.title ?? v.refs?.split(' & ')[0]?.replace(/^.*\//, '');
  if (name !== undefined) return name;
  if (v.values && v.values.list.length === 1) return show(v.values.list[0]);
  const tag = [...v.properties].map(([k]) => k).slice(0, 3);
  return `${typeText(v.types?.set)}${tag.length > 0 ? ` {${tag.join(', ')}}` : ''}`;
}

/** The value a tag property holds in an alternative (`const`, or an enum of one value). */
function tagValue(v: SchemaView, property: string, reader: (ref: SchemaRef) => SchemaView): string | undefined {
  const ref = v.properties.get(property);
  if (!ref) return undefined;
  const values = reader(ref).values?.list;
  return values && values.length === 1 ? show(values[0]) : undefined;
}

/** How much two alternatives look alike: the same values, types, title, property names and required names. */
export function similarity(a: SchemaView, b: SchemaView): number {
  let score = 0;
  if (a.values && b.values) {
    const keys = new Set(a.values.list.map(show));
    const shared = b.values.list.filter((v) => keys.has(show(v))).length;
    if (shared === 0) return 0;
    score += 10 * shared;
  }
  if (a.types && b.types) {
    const shared = [...a.types.set].filter((t) => b.types?.set.has(t)).length;
    if (shared === 0) return 0;
    score += 2 * shared;
  } else score += 1;
  if (a.title !== undefined && a.title === b.title) score += 20;
  for (const name of a.properties.keys()) if (b.properties.has(name)) score += 1;
  for (const name of a.required.keys()) if (b.required.has(name)) score += 1;
  if (a.items && b.items) score += 1;
  return score;
}

/**
 * Pairs the alternatives of two unions by meaning, never by position: the same component, or the
 * same $refs of an allOf; the same discriminator value (mapping, or the tag property's const); the
 * same title; then the closest structure (types, values, property names). Alternatives nothing
 * resembles are added or removed, unless another alternative covers them (see schema-diff.ts).
 */
export function pairVariants(
  base: SchemaView[],
  head: SchemaView[],
  discriminator: SchemaView['discriminator'],
  read: { base: (ref: SchemaRef) => SchemaView; head: (ref: SchemaRef) => SchemaView },
): { pairs: Array<[SchemaView, SchemaView]>; restBase: SchemaView[]; restHead: SchemaView[] } {
  const pairs: Array<[SchemaView, SchemaView]> = [];
  const restBase = [...base];
  const restHead = [...head];
  const pairBy = (keyOf: (v: SchemaView, side: 'base' | 'head') => string | undefined): void => {
    for (let i = 0; i < restBase.length;) {
      const key = keyOf(restBase[i] as SchemaView, 'base');
      const j = key === undefined ? -1 : restHead.findIndex((v) => keyOf(v, 'head') === key);
      if (j >= 0) pairs.push([restBase.splice(i, 1)[0] as SchemaView, restHead.splice(j, 1)[0] as SchemaView]);
      else i++;
    }
  };
  // The same component ($ref), or the same $refs of an inline allOf; never the position in the list.
  pairBy((v) => (componentName(v) !== undefined ? v.pointer : undefined));
  pairBy((v) => v.refs);
  if (discriminator) {
    const byMapping = new Map([...discriminator.mapping].map(([value, target]) => [target.replace(/^#/, ''), value]));
    pairBy((v, side) => byMapping.get(v.pointer) ?? tagValue(v, discriminator.propertyName, read[side]) ?? componentName(v));
  }
  // A tag property every remaining alternative gives one value (`kind: {const: card}`), discriminator or not.
  const first = restBase[0];
  if (first) {
    for (const name of first.properties.keys()) {
      const all = restBase.every((v) => tagValue(v, name, read.base) !== undefined) && restHead.every((v) => tagValue(v, name, read.head) !== undefined);
      if (all && restHead.length > 0) pairBy((v, side) => tagValue(v, name, read[side]));
    }
  }
  pairBy((v) => (v.values && v.values.list.length > 0 ? v.values.list.map(show).join('|') : undefined));
  pairBy((v) => v.title);
  // The closest structure, best pairs first; never two whose tags (a property of one value each) differ.
  const tagsDiffer = (bv: SchemaView, hv: SchemaView): boolean =>
    [...bv.properties.keys()].some((name) => {
      const x = tagValue(bv, name, read.base);
      const y = x === undefined ? undefined : tagValue(hv, name, read.head);
      return y !== undefined && x !== y;
    });
  const scored: Array<{ i: number; j: number; score: number }> = [];
  restBase.forEach((bv, i) =>
    restHead.forEach((hv, j) => {
      const score = tagsDiffer(bv, hv) ? 0 : similarity(bv, hv);
      if (score > 0) scored.push({ i, j, score });
    }),
  );
  scored.sort((x, y) => y.score - x.score || x.i - y.i || x.j - y.j);
  const usedBase = new Set<number>();
  const usedHead = new Set<number>();
  for (const { i, j } of scored) {
    if (usedBase.has(i) || usedHead.has(j)) continue;
    usedBase.add(i);
    usedHead.add(j);
    pairs.push([restBase[i] as SchemaView, restHead[j] as SchemaView]);
  }
  return { pairs, restBase: restBase.filter((_, i) => !usedBase.has(i)), restHead: restHead.filter((_, j) => !usedHead.has(j)) };
}
