/**
 * Comparing two schemas by meaning, in the direction values travel. A request schema receives
 * values from clients: narrowing it breaks them. A response schema sends values to clients:
 * widening it breaks them. Each pair of schemas is compared once per root (see SchemaContext.done).
 */
import type { Emit } from './change.js';
import type { RequestCheck, RequestScope, ResponseCheck, ResponseScope } from './rules.js';
import { boundKind, tighter, type BoundName, type SchemaReader, type SchemaRef, type SchemaView } from './schema-view.js';

export type Direction = 'request' | 'response';

export interface SchemaContext {
  direction: Direction;
  scope: RequestScope | ResponseScope;
  /** What the schema is, for messages: `request body (application/json)`, `query parameter "limit"`. */
  where: string;
  /** Property path below the root (`address.zip`, `tags[]`); empty at the root. */
  path: string;
  base: SchemaReader;
  head: SchemaReader;
  emit: Emit;
  /** `<base pointer>|<head pointer>` of the schemas being compared on the current path. */
  stack: Set<string>;
  /**
   * Pairs already compared under this root (a request body, a response): each pair of schemas is
   * compared once, so schemas that refer to each other cost what they hold, not the number of
   * paths through them (a change in a schema used at several places is reported at the first).
   */
  done: Set<string>;
}

/** Compares schemas of two documents; one per diff, shared by every operation. */
export class SchemaComparer {
  constructor(
    readonly base: SchemaReader,
    readonly head: SchemaReader,
  ) {}

  /** A context for one root: a parameter, a request body, a response body, a header. */
  context(direction: Direction, scope: RequestScope | ResponseScope, where: string, emit: Emit): SchemaContext {
    return { direction, scope, where, path: '', base: this.base, head: this.head, emit, stack: new Set(), done: new Set() };
  }
}

const BOUND_WORDS: Record<BoundName, { keyword: string; id: string }> = {
  maxLength: { keyword: 'maxLength', id: 'max-length' },
  minLength: { keyword: 'minLength', id: 'min-length' },
  max: { keyword: 'maximum', id: 'max' },
  min: { keyword: 'minimum', id: 'min' },
  maxItems: { keyword: 'maxItems', id: 'max-items' },
  minItems: { keyword: 'minItems', id: 'min-items' },
};

function nested(scope: RequestScope | ResponseScope): RequestScope | ResponseScope {
  if (scope === 'request-body') return 'request-property';
  if (scope === 'response-body') return 'response-property';
  if (scope === 'webhook-body') return 'webhook-property';
  return scope;
}

function subject(ctx: SchemaContext): string {
  return ctx.path ? `${ctx.where} property "${ctx.path}"` : ctx.where;
}

function ruleOf(ctx: SchemaContext, check: RequestCheck | ResponseCheck): Parameters<Emit>[0] {
  return `${ctx.scope}-${check}` as Parameters<Emit>[0];
}

/** Whether every type in `inner` is allowed by `outer` (undefined: any type; integer is a number). */
function covers(outer: Set<string> | undefined, inner: Set<string> | undefined): boolean {
  if (outer === undefined) return true;
  if (inner === undefined) return false;
  for (const t of inner) if (!outer.has(t) && !(t === 'integer' && outer.has('number'))) return false;
  return true;
}

function typeText(types: Set<string> | undefined): string {
  return types ? [...types].join(' | ') || 'nothing' : 'any type';
}

function boundText(b: { value: number; exclusive: boolean } | undefined): string {
  return b === undefined ? 'none' : `${b.value}${b.exclusive ? ' (exclusive)' : ''}`;
}

function show(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

export function compareSchemas(baseRef: SchemaRef, headRef: SchemaRef, ctx: SchemaContext): void {
  comparePair(ctx.base.view(baseRef), ctx.head.view(headRef), ctx);
}

function comparePair(b: SchemaView, h: SchemaView, ctx: SchemaContext): void {
  const key = `${b.pointer}|${h.pointer}`;
  const once = `${ctx.scope}|${key}`;
  if (ctx.stack.has(key) || ctx.done.has(once)) return;
  ctx.done.add(once);
  ctx.stack.add(key);
  try {
    compareViews(b, h, ctx);
  } finally {
    ctx.stack.delete(key);
  }
}

/** A schema that is nothing but anyOf/oneOf alternatives. */
function isPureUnion(v: SchemaView): boolean {
  return v.variants.length > 0 && !v.types && !v.values && !v.items && v.properties.size === 0 && v.required.size === 0;
}

function compareViews(b: SchemaView, h: SchemaView, ctx: SchemaContext): void {
  if ((b.variants.length > 0) !== (h.variants.length > 0)) {
    if (isPureUnion(b)) return compareUnionWithSingle(b, h, ctx, 'base');
    if (isPureUnion(h)) return compareUnionWithSingle(h, b, ctx, 'head');
  }
  const request = ctx.direction === 'request';
  const what = subject(ctx);
  // Types: the head must take every type the base took (request), or send no type the base did not (response).
  const [wide, narrow] = request ? [h, b] : [b, h];
  if (!covers(wide.types?.set, narrow.types?.set) || (request && h.never && !b.never)) {
    ctx.emit(ruleOf(ctx, 'type-changed'), h.types?.pointer ?? h.pointer, `${what}: type changed from ${typeText(b.types?.set)} to ${typeText(h.types?.set)}`);
  }
  compareValues(b, h, ctx, what);
  for (const name of Object.keys(BOUND_WORDS) as BoundName[]) {
    const kind = boundKind(name);
    const [bb, hb] = [b.bounds[name], h.bounds[name]];
    if (request ? !tighter(kind, hb, bb) : !tighter(kind, bb, hb)) continue;
    const word = BOUND_WORDS[name];
    const moved = kind === 'upper' ? (request ? 'decreased' : 'increased') : request ? 'increased' : 'decreased';
    ctx.emit(
      ruleOf(ctx, `${word.id}-${moved}` as RequestCheck | ResponseCheck),
      hb?.pointer ?? h.pointer,
      `${what}: ${word.keyword} ${bb === undefined ? `set to ${boundText(hb)}` : hb === undefined ? `removed (was ${boundText(bb)})` : `${moved} from ${boundText(bb)} to ${boundText(hb)}`}`,
    );
  }
  const patternChanged = request ? h.pattern !== undefined && h.pattern.value !== b.pattern?.value : b.pattern !== undefined && b.pattern.value !== h.pattern?.value;
  if (patternChanged) {
    ctx.emit(
      ruleOf(ctx, 'pattern-changed'),
      h.pattern?.pointer ?? h.pointer,
      `${what}: pattern changed from ${b.pattern ? show(b.pattern.value) : 'none'} to ${h.pattern ? show(h.pattern.value) : 'none'}`,
    );
  }
  compareProperties(b, h, ctx);
  const inner = { ...ctx, scope: nested(ctx.scope) };
  if (b.items && h.items) compareSchemas(b.items, h.items, { ...inner, path: `${ctx.path}[]` });
  if (b.additional && h.additional) compareSchemas(b.additional, h.additional, { ...inner, path: `${ctx.path}${ctx.path ? '.' : ''}*` });
  compareVariants(b, h, ctx, what);
}

function compareValues(b: SchemaView, h: SchemaView, ctx: SchemaContext, what: string): void {
  if (ctx.direction === 'request') {
    if (!h.values) return;
    if (!b.values) {
      ctx.emit(ruleOf(ctx, 'enum-value-removed'), h.values.pointer, `${what}: now limited to ${show(h.values.list)}`);
      return;
    }
    const kept = new Set(h.values.list.map(show));
    const removed = b.values.list.filter((v) => !kept.has(show(v)));
    if (removed.length > 0) ctx.emit(ruleOf(ctx, 'enum-value-removed'), h.values.pointer, `${what}: enum value${removed.length > 1 ? 's' : ''} ${removed.map(show).join(', ')} removed`);
    return;
  }
  if (!b.values) return;
  if (!h.values) {
    ctx.emit(ruleOf(ctx, 'enum-value-added'), h.pointer, `${what}: no longer limited to ${show(b.values.list)}`);
    return;
  }
  const known = new Set(b.values.list.map(show));
  const added = h.values.list.filter((v) => !known.has(show(v)));
  if (added.length > 0) ctx.emit(ruleOf(ctx, 'enum-value-added'), h.values.pointer, `${what}: enum value${added.length > 1 ? 's' : ''} ${added.map(show).join(', ')} added`);
}

/** Properties that travel in this direction: readOnly ones are never sent in requests, writeOnly never in responses. */
function travels(reader: SchemaReader, ref: SchemaRef, direction: Direction): boolean {
  const v = reader.view(ref);
  return direction === 'request' ? !v.readOnly : !v.writeOnly;
}

function compareProperties(b: SchemaView, h: SchemaView, ctx: SchemaContext): void {
  if (b.properties.size === 0 && h.properties.size === 0 && b.required.size === 0 && h.required.size === 0) return;
  const request = ctx.direction === 'request';
  const names = new Set([...b.properties.keys(), ...b.required.keys(), ...h.properties.keys(), ...h.required.keys()]);
  const inner: SchemaContext = { ...ctx, scope: nested(ctx.scope) };
  for (const name of names) {
    const path = ctx.path ? `${ctx.path}.${name}` : name;
    const prop = `${ctx.where} property "${path}"`;
    const bRef = b.properties.get(name) ?? (b.required.has(name) ? { node: true, pointer: b.required.get(name) as string } : undefined);
    const hRef = h.properties.get(name) ?? (h.required.has(name) ? { node: true, pointer: h.required.get(name) as string } : undefined);
    const inBase = bRef !== undefined && travels(ctx.base, bRef, ctx.direction);
    const inHead = hRef !== undefined && travels(ctx.head, hRef, ctx.direction);
    const parent = h.propertiesPointer ?? h.pointer;
    if (inBase && !inHead) {
      if (request) ctx.emit('request-property-removed', parent, `${prop} was removed`);
      else if (b.required.has(name)) ctx.emit('response-required-property-removed', parent, `${prop} (required) was removed`);
      else ctx.emit('response-property-removed', parent, `${prop} was removed`);
      continue;
    }
    if (!inHead || !hRef) continue;
    const requiredAt = h.required.get(name);
    if (!inBase || !bRef) {
      if (request && requiredAt !== undefined) ctx.emit('new-required-request-property', requiredAt, `${prop} was added as required`);
      continue;
    }
    if (request && requiredAt !== undefined && !b.required.has(name)) ctx.emit('request-property-became-required', requiredAt, `${prop} became required`);
    if (!request && b.required.has(name) && requiredAt === undefined) ctx.emit('response-property-became-optional', hRef.pointer, `${prop} became optional`);
    compareSchemas(bRef, hRef, { ...inner, path });
  }
}

function refOf(r: SchemaRef): string | undefined {
  const node = r.node;
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
  const ref = (node as Record<string, unknown>)['$ref'];
  return typeof ref === 'string' ? ref : undefined;
}

/** anyOf/oneOf alternatives on both sides: paired by the component they name, then by position. */
function compareVariants(b: SchemaView, h: SchemaView, ctx: SchemaContext, what: string): void {
  if (b.variants.length === 0 || h.variants.length === 0) return;
  const pairs: Array<[SchemaRef, SchemaRef]> = [];
  const restHead = [...h.variants];
  const restBase: SchemaRef[] = [];
  for (const bv of b.variants) {
    const ref = refOf(bv);
    const i = ref === undefined ? -1 : restHead.findIndex((hv) => refOf(hv) === ref);
    if (i >= 0) pairs.push([bv, restHead.splice(i, 1)[0] as SchemaRef]);
    else restBase.push(bv);
  }
  while (restBase.length > 0 && restHead.length > 0) pairs.push([restBase.shift() as SchemaRef, restHead.shift() as SchemaRef]);
  if (ctx.direction === 'request' && restBase.length > 0) {
    ctx.emit(ruleOf(ctx, 'variant-removed'), h.variantsPointer ?? h.pointer, `${what}: ${restBase.length} alternative(s) of anyOf/oneOf removed`);
  }
  if (ctx.direction === 'response' && restHead.length > 0) {
    ctx.emit(ruleOf(ctx, 'variant-added'), h.variantsPointer ?? h.pointer, `${what}: ${restHead.length} alternative(s) added to anyOf/oneOf`);
  }
  for (const [bv, hv] of pairs) compareSchemas(bv, hv, ctx);
}

/**
 * One side is a union of alternatives, the other a single schema (a schema made nullable with
 * `anyOf: [S, {type: null}]`, or a union collapsed to one of its members). The single schema is
 * compared with the alternative that matches it: the same component, else one of a type it shares.
 */
function compareUnionWithSingle(union: SchemaView, single: SchemaView, ctx: SchemaContext, unionSide: 'base' | 'head'): void {
  const reader = unionSide === 'base' ? ctx.base : ctx.head;
  const alts = union.variants.map((r) => reader.view(r));
  const shares = (v: SchemaView): boolean => !v.types || !single.types || [...v.types.set].some((t) => single.types?.set.has(t));
  let match = alts.findIndex((v) => v.pointer === single.pointer);
  if (match < 0) match = alts.findIndex(shares);
  if (match < 0) match = 0;
  const alt = alts[match] as SchemaView;
  if (unionSide === 'base') comparePair(alt, single, ctx);
  else comparePair(single, alt, ctx);
  const others = alts.length - 1;
  if (others === 0) return;
  const what = subject(ctx);
  if (unionSide === 'base' && ctx.direction === 'request') {
    ctx.emit(ruleOf(ctx, 'variant-removed'), single.pointer, `${what}: ${others} alternative(s) of anyOf/oneOf removed`);
  }
  if (unionSide === 'head' && ctx.direction === 'response') {
    ctx.emit(ruleOf(ctx, 'variant-added'), union.variantsPointer ?? union.pointer, `${what}: ${others} alternative(s) added to anyOf/oneOf`);
  }
}
