/**
 * A oneOf branch's sample that matches other branches too (open objects whose properties overlap,
 * none requiring what the others lack) made to match its branch alone: for each other branch it
 * also matches, a property that branch declares and the chosen one does not is set to a value that
 * branch refuses (null, else a value of another type). The caller checks the result against the
 * whole schema; the validators stay the judge.
 */
import { isRecord } from './object.js';
import { fits } from './sample-check.js';

type Schema = Record<string, unknown> | boolean;
type Resolve = ((ref: string) => Schema | undefined) | undefined;

/** What an object schema allows, after its $refs and allOf (bounded): `closed` when no undeclared property may be added. */
interface Shape {
  properties: Record<string, unknown>;
  patterns: RegExp[];
  additional: Schema | undefined;
  closed: boolean;
}

/** $refs and allOf followed no deeper than this. */
const MAX_DEPTH = 16;

function shapeOf(schema: Schema, resolve: Resolve, depth = 0): Shape {
  const out: Shape = { properties: {}, patterns: [], additional: undefined, closed: false };
  if (depth > MAX_DEPTH || !isRecord(schema)) {
    out.closed = schema === false || depth > MAX_DEPTH;
    return out;
  }
  const parts: Shape[] = [];
  if (typeof schema['$ref'] === 'string') {
    const target = resolve?.(schema['$ref']);
    // A schema that cannot be read is taken as closed: nothing is added to it.
    if (target === undefined) return { ...out, closed: true };
    parts.push(shapeOf(target, resolve, depth + 1));
  }
  if (Array.isArray(schema['allOf'])) for (const s of schema['allOf'] as Schema[]) parts.push(shapeOf(s, resolve, depth + 1));
  if (isRecord(schema['properties'])) Object.assign(out.properties, schema['properties']);
  if (isRecord(schema['patternProperties'])) {
    for (const p of Object.keys(schema['patternProperties'])) {
      try {
        out.patterns.push(new RegExp(p, 'u'));
      } catch {
        out.closed = true;
      }
    }
  }
  const additional = schema['additionalProperties'] ?? schema['unevaluatedProperties'];
  if (additional === false) out.closed = true;
  else if (isRecord(additional)) out.additional = additional;
  for (const p of parts) {
    for (const [name, sub] of Object.entries(p.properties)) if (!Object.hasOwn(out.properties, name)) out.properties[name] = sub;
    out.patterns.push(...p.patterns);
    out.closed ||= p.closed;
    out.additional ??= p.additional;
  }
  return out;
}

/** Values tried, in order, for a property another branch must refuse. */
const WRONG: ReadonlyArray<() => unknown> = [() => null, () => 0, () => 'string', () => true, () => [], () => ({})];

/**
 * `value` (sampled from `chosen`) with, for each of `others` it also fits, a property set that the
 * other branch refuses and `chosen` does not declare; undefined when some other branch cannot be
 * refused that way (the chosen branch is closed, or the other declares nothing the chosen does not).
 * Never edits `value` (it may be a contract's own example).
 */
export function exclusiveSample(
  value: Record<string, unknown>,
  chosen: Schema,
  others: readonly Schema[],
  resolve: Resolve,
): Record<string, unknown> | undefined {
  const own = shapeOf(chosen, resolve);
  if (own.closed) return undefined;
  const out: Record<string, unknown> = { ...value };
  for (const other of others) {
    if (!fits(other, out, resolve)) continue;
    const theirs = shapeOf(other, resolve);
    let refused = false;
    for (const [name, sub] of Object.entries(theirs.properties)) {
      if (Object.hasOwn(own.properties, name) || Object.hasOwn(out, name) || own.patterns.some((p) => p.test(name))) continue;
      const wrong = WRONG.map((make) => make()).find(
        (c) => !fits(sub as Schema, c, resolve) && (own.additional === undefined || fits(own.additional, c, resolve)),
      );
      if (wrong === undefined) continue;
      Object.defineProperty(out, name, { value: wrong, enumerable: true, writable: true, configurable: true });
      refused = true;
      break;
    }
    if (!refused) return undefined;
  }
  return out;
}
