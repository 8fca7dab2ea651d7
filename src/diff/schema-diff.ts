/**
 * Comparing two schemas by meaning, in the direction values travel. A request schema receives
 * values from clients: narrowing it breaks them. A response schema sends values to clients:
 * widening it breaks them.
 *
 * Cost: each pair of schemas (base pointer, head pointer, direction) is compared once per diff,
 * into a node of a graph: what differs in the pair itself, and edges to the pairs below it
 * (properties, items, alternatives). A node knows whether anything differs below it ("dirty").
 * Each root (a parameter, a body, a response) then walks only the dirty part of the graph to report
 * its findings, with its own names and paths. Schemas that refer to each other, or a large
 * component graph reached from every operation, cost what the documents hold, not the number of
 * paths through them. A change reached along several paths of one root is reported at the first.
 */
import type { DiffRuleId } from './rules.js';
import type { Emit } from './change.js';
import { diffRule, REQUEST_CHECKS, RESPONSE_CHECKS, type RequestCheck, type RequestScope, type ResponseCheck, type ResponseScope } from './rules.js';
import { boundKind, tighter, type BoundName, type SchemaReader, type SchemaRef, type SchemaView } from './schema-view.js';
import { describe, pairVariants, show, similarity, typeText } from './schema-variants.js';
import { mappingRef } from '../contract/discriminator.js';

export type Direction = 'request' | 'response';
type Scope = RequestScope | ResponseScope;

export interface SchemaContext {
  direction: Direction;
  scope: Scope;
  /** What the schema is, for messages: `request body (application/json)`, `query parameter "limit"`. */
  where: string;
  base: SchemaReader;
  head: SchemaReader;
  emit: Emit;
  comparer: SchemaComparer;
}

/** A difference of a pair itself; its message is the subject (the schema, or one of its properties) followed by `text`. */
interface FindingStep {
  kind: 'finding';
  /** A check of the scope's family (`type-changed`), or a rule of its own. */
  check?: RequestCheck | ResponseCheck;
  rule?: DiffRuleId;
  pointer: string;
  /** The finding is about this property of the schema (its name), not the schema itself. */
  property?: string;
  text: string;
}

/** How the path of a child pair extends its parent's. */
type Move = { property: string } | 'items' | 'additional' | 'same';

interface EdgeStep {
  kind: 'edge';
  child: PairNode;
  move: Move;
}

type Step = FindingStep | EdgeStep;

interface PairNode {
  key: string;
  direction: Direction;
  b: SchemaView;
  h: SchemaView;
  steps: Step[];
  /** This pair, or a pair below it, differs. */
  dirty: boolean;
  parents: PairNode[];
}

/** Compares schemas of two documents; one per diff, shared by every operation. */
export class SchemaComparer {
  private readonly nodes = new Map<string, PairNode>();
  private readonly pending: PairNode[] = [];

  constructor(
    readonly base: SchemaReader,
    readonly head: SchemaReader,
  ) {}

  /** A context for one root: a parameter, a request body, a response body, a header. */
  context(direction: Direction, scope: Scope, where: string, emit: Emit): SchemaContext {
    return { direction, scope, where, base: this.base, head: this.head, emit, comparer: this };
  }

  /** The node of a pair, with everything below it compared. */
  root(direction: Direction, b: SchemaView, h: SchemaView): PairNode {
    const node = this.node(direction, b, h);
    while (this.pending.length > 0) this.build(this.pending.pop() as PairNode);
    return node;
  }

  /** The node of a pair: known, or new and queued to be compared. */
  node(direction: Direction, b: SchemaView, h: SchemaView): PairNode {
    const key = `${direction}|${b.pointer}|${h.pointer}`;
    let node = this.nodes.get(key);
    if (!node) {
      node = { key, direction, b, h, steps: [], dirty: false, parents: [] };
      this.nodes.set(key, node);
      this.pending.push(node);
    }
    return node;
  }

  /**
   * Whether `h` takes (request) or sends (response) nothing that breaks a client of `b`: the pair
   * compared, and no breaking finding at or below it. Structural subsumption, as far as the diff
   * can tell; a pair still being compared further up (a cycle) counts as covered.
   */
  covers(direction: Direction, b: SchemaView, h: SchemaView): boolean {
    const start = this.root(direction, b, h);
    const seen = new Set<PairNode>();
    const stack = [start];
    while (stack.length > 0) {
      const n = stack.pop() as PairNode;
      if (!n.dirty || seen.has(n)) continue;
      seen.add(n);
      for (const step of n.steps) {
        if (step.kind === 'edge') stack.push(step.child);
        else if (findingLevel(direction, step) === 'breaking') return false;
      }
    }
    return true;
  }

  private build(node: PairNode): void {
    const steps: Step[] = [];
    const pair = new PairComparison(this, node.direction, steps);
    pair.compare(node.b, node.h);
    node.steps = steps;
    for (const step of steps) {
      if (step.kind === 'edge') {
        step.child.parents.push(node);
        if (step.child.dirty) markDirty(node);
      } else markDirty(node);
    }
  }
}

function findingLevel(direction: Direction, step: FindingStep): string {
  if (step.rule !== undefined) return diffRule(step.rule).level;
  const checks: Record<string, readonly [string, string, string]> = direction === 'request' ? REQUEST_CHECKS : RESPONSE_CHECKS;
  return checks[step.check as string]?.[0] ?? 'breaking';
}

/** Leftover alternatives compared with each candidate at most this many times in all (unions of hundreds stay cheap). */
const COVER_BUDGET = 400;

function markDirty(start: PairNode): void {
  const stack = [start];
  while (stack.length > 0) {
    const n = stack.pop() as PairNode;
    if (n.dirty) continue;
    n.dirty = true;
    for (const p of n.parents) if (!p.dirty) stack.push(p);
  }
}

/**
 * Formats that describe the width of a number without refusing any value a JSON number of that type
 * can hold in practice: adding `int64` to an integer, or removing it from a response, is no change.
 * `int32` is narrower (values past 2^31 are refused).
 */
const WIDE_FORMATS = new Set(['int64', 'double', 'float']);

const BOUND_WORDS: Record<BoundName, { keyword: string; id: string }> = {
  maxLength: { keyword: 'maxLength', id: 'max-length' },
  minLength: { keyword: 'minLength', id: 'min-length' },
  max: { keyword: 'maximum', id: 'max' },
  min: { keyword: 'minimum', id: 'min' },
  maxItems: { keyword: 'maxItems', id: 'max-items' },
  minItems: { keyword: 'minItems', id: 'min-items' },
};

function nested(scope: Scope): Scope {
  if (scope === 'request-body') return 'request-property';
  if (scope === 'response-body') return 'response-property';
  if (scope === 'webhook-body') return 'webhook-property';
  return scope;
}

/** Whether every type in `inner` is allowed by `outer` (undefined: any type; integer is a number). */
function covers(outer: Set<string> | undefined, inner: Set<string> | undefined): boolean {
  if (outer === undefined) return true;
  if (inner === undefined) return false;
  for (const t of inner) if (!outer.has(t) && !(t === 'integer' && outer.has('number'))) return false;
  return true;
}

function boundText(b: { value: number; exclusive: boolean } | undefined): string {
  return b === undefined ? 'none' : `${b.value}${b.exclusive ? ' (exclusive)' : ''}`;
}

/** Compares a root pair and reports its findings (and those below it) through the context. */
export function compareSchemas(baseRef: SchemaRef, headRef: SchemaRef, ctx: SchemaContext): void {
  const node = ctx.comparer.root(ctx.direction, ctx.base.view(baseRef), ctx.head.view(headRef));
  if (node.dirty) report(node, ctx);
}

/**
 * Walks the dirty part of the graph below a root, breadth first, emitting each finding once: at the
 * shortest property path that reaches it (`owner.login`, not the same schema ten levels down).
 */
function report(root: PairNode, ctx: SchemaContext): void {
  const inner = nested(ctx.scope);
  const onceKey = (node: PairNode, depth: number): string => (depth === 0 ? `root|${node.key}` : node.key);
  const done = new Set<string>([onceKey(root, 0)]);
  const queue: Array<{ node: PairNode; path: string; depth: number }> = [{ node: root, path: '', depth: 0 }];
  for (let q = 0; q < queue.length; q++) {
    const { node, path, depth } = queue[q] as { node: PairNode; path: string; depth: number };
    const scope = depth === 0 ? ctx.scope : inner;
    node.steps.forEach((step, index) => {
      if (step.kind === 'edge') {
        if (!step.child.dirty) return;
        const move = step.move;
        const next =
          move === 'same'
            ? path
            : move === 'items'
              ? `${path}[]`
              : move === 'additional'
                ? `${path}${path ? '.' : ''}*`
                : path
                  ? `${path}.${move.property}`
                  : move.property;
        const childDepth = move === 'same' ? depth : depth + 1;
        const once = onceKey(step.child, childDepth);
        if (done.has(once)) return;
        done.add(once);
        queue.push({ node: step.child, path: next, depth: childDepth });
        return;
      }
      const rule = step.rule ?? (`${scope}-${step.check as string}` as DiffRuleId);
      const at = step.property === undefined ? path : path ? `${path}.${step.property}` : step.property;
      ctx.emit(rule, step.pointer, `${at ? `${ctx.where} property "${at}"` : ctx.where}${step.text}`, undefined, `${node.key}#${index}`);
    });
  }
}

/** A schema that is nothing but anyOf/oneOf alternatives. */
function isPureUnion(v: SchemaView): boolean {
  return v.variants.length > 0 && !v.types && !v.values && !v.items && v.properties.size === 0 && v.required.size === 0;
}

/** The comparison of one pair: records its own differences and the pairs below it. */
class PairComparison {
  private readonly request: boolean;

  constructor(
    private readonly comparer: SchemaComparer,
    private readonly direction: Direction,
    private readonly steps: Step[],
  ) {
    this.request = direction === 'request';
  }

  private find(check: RequestCheck | ResponseCheck, pointer: string, text: string): void {
    this.steps.push({ kind: 'finding', check, pointer, text: `: ${text}` });
  }

  private fixed(rule: DiffRuleId, pointer: string, property: string, text: string): void {
    this.steps.push({ kind: 'finding', rule, pointer, property, text });
  }

  private edge(b: SchemaView, h: SchemaView, move: Move): void {
    this.steps.push({ kind: 'edge', child: this.comparer.node(this.direction, b, h), move });
  }

  private views(b: SchemaRef, h: SchemaRef): [SchemaView, SchemaView] {
    return [this.comparer.base.view(b), this.comparer.head.view(h)];
  }

  compare(b: SchemaView, h: SchemaView): void {
    if (b.variants.length > 0 !== h.variants.length > 0) {
      if (isPureUnion(b)) return this.unionWithSingle(b, h, 'base');
      if (isPureUnion(h)) return this.unionWithSingle(h, b, 'head');
    }
    const request = this.request;
    // Types: the head must take every type the base took (request), or send no type the base did not (response).
    const [wide, narrow] = request ? [h, b] : [b, h];
    let nullMoved = false;
    if (!covers(wide.types?.set, narrow.types?.set) || (request && h.never && !b.never)) {
      this.find('type-changed', h.types?.pointer ?? h.pointer, `type changed from ${typeText(b.types?.set)} to ${typeText(h.types?.set)}`);
      nullMoved = (wide.types !== undefined && !wide.types.set.has('null')) !== (narrow.types !== undefined && !narrow.types.set.has('null'));
    }
    this.values(b, h, nullMoved);
    this.bounds(b, h);
    const patternChanged = request
      ? h.pattern !== undefined && h.pattern.value !== b.pattern?.value
      : b.pattern !== undefined && b.pattern.value !== h.pattern?.value;
    if (patternChanged) {
      this.find(
        'pattern-changed',
        h.pattern?.pointer ?? h.pointer,
        `pattern changed from ${b.pattern ? show(b.pattern.value) : 'none'} to ${h.pattern ? show(h.pattern.value) : 'none'}`,
      );
    }
    const formatChanged = request
      ? h.format !== undefined &&
        h.format.value !== b.format?.value &&
        !(WIDE_FORMATS.has(h.format.value) && (b.format === undefined || WIDE_FORMATS.has(b.format.value) || b.format.value === 'int32'))
      : b.format !== undefined && b.format.value !== h.format?.value && !(WIDE_FORMATS.has(b.format.value) && h.format === undefined);
    if (formatChanged) {
      this.find(
        'format-changed',
        h.format?.pointer ?? h.pointer,
        `format changed from ${b.format ? show(b.format.value) : 'none'} to ${h.format ? show(h.format.value) : 'none'}`,
      );
    }
    if (request && h.closed && !b.closed && (b.additional === undefined || b.additional.node !== false)) {
      this.find('additional-properties-restricted', h.closed.pointer, 'additionalProperties: false was set; properties it does not list are now refused');
    }
    this.discriminator(b, h);
    this.properties(b, h);
    if (b.items && h.items) this.edge(...this.views(b.items, h.items), 'items');
    if (b.additional && h.additional) this.edge(...this.views(b.additional, h.additional), 'additional');
    this.variants(b, h);
  }

  private values(b: SchemaView, h: SchemaView, nullMoved: boolean): void {
    // A value of null that came or went with the type (`nullable`) is reported once, as the type change.
    const key = (v: unknown): string => show(v);
    // Each value once (some contracts list a value twice), and null left to the type change.
    const drop = (list: unknown[]): unknown[] => {
      const seen = new Set<string>();
      return list.filter((v) => !(nullMoved && v === null) && !seen.has(key(v)) && seen.add(key(v)) !== undefined);
    };
    if (this.request) {
      if (!h.values) return;
      if (!b.values) {
        this.find('enum-value-removed', h.values.pointer, `now limited to ${show(h.values.list)}`);
        return;
      }
      const kept = new Set(h.values.list.map(key));
      const removed = drop(b.values.list.filter((v) => !kept.has(key(v))));
      if (removed.length > 0)
        this.find('enum-value-removed', h.values.pointer, `enum value${removed.length > 1 ? 's' : ''} ${removed.map(show).join(', ')} removed`);
      const known = new Set(b.values.list.map(key));
      const added = drop(h.values.list.filter((v) => !known.has(key(v))));
      if (added.length > 0) this.find('enum-value-added', h.values.pointer, `enum value${added.length > 1 ? 's' : ''} ${added.map(show).join(', ')} added`);
      return;
    }
    if (h.extensible) {
      // An extensible enum: clients are told to expect values they do not know, so a new one is news, not a break.
      const before = b.extensible?.list ?? b.values?.list;
      if (before === undefined) return;
      const known = new Set(before.map(key));
      const added = drop(h.extensible.list.filter((v) => !known.has(key(v))));
      if (added.length > 0)
        this.find(
          'extensible-enum-value-added',
          h.extensible.pointer,
          `x-extensible-enum value${added.length > 1 ? 's' : ''} ${added.map(show).join(', ')} added`,
        );
      const kept = new Set(h.extensible.list.map(key));
      const removed = drop(before.filter((v) => !kept.has(key(v))));
      if (removed.length > 0)
        this.find('enum-value-removed', h.extensible.pointer, `enum value${removed.length > 1 ? 's' : ''} ${removed.map(show).join(', ')} removed`);
      return;
    }
    if (!b.values) return;
    if (!h.values) {
      this.find('enum-value-added', h.pointer, `no longer limited to ${show(b.values.list)}`);
      return;
    }
    const known = new Set(b.values.list.map(key));
    const added = drop(h.values.list.filter((v) => !known.has(key(v))));
    if (added.length > 0) this.find('enum-value-added', h.values.pointer, `enum value${added.length > 1 ? 's' : ''} ${added.map(show).join(', ')} added`);
    const kept = new Set(h.values.list.map(key));
    const removed = drop(b.values.list.filter((v) => !kept.has(key(v))));
    if (removed.length > 0)
      this.find('enum-value-removed', h.values.pointer, `enum value${removed.length > 1 ? 's' : ''} ${removed.map(show).join(', ')} removed`);
  }

  private bounds(b: SchemaView, h: SchemaView): void {
    const request = this.request;
    for (const name of Object.keys(BOUND_WORDS) as BoundName[]) {
      const kind = boundKind(name);
      const [bb, hb] = [b.bounds[name], h.bounds[name]];
      if (request ? !tighter(kind, hb, bb) : !tighter(kind, bb, hb)) continue;
      const word = BOUND_WORDS[name];
      const moved = kind === 'upper' ? (request ? 'decreased' : 'increased') : request ? 'increased' : 'decreased';
      this.find(
        `${word.id}-${moved}` as RequestCheck | ResponseCheck,
        hb?.pointer ?? h.pointer,
        `${word.keyword} ${bb === undefined ? `set to ${boundText(hb)}` : hb === undefined ? `removed (was ${boundText(bb)})` : `${moved} from ${boundText(bb)} to ${boundText(hb)}`}`,
      );
    }
  }

  private discriminator(b: SchemaView, h: SchemaView): void {
    const bd = b.discriminator;
    const hd = h.discriminator;
    if (!bd || !hd) return;
    if (bd.propertyName !== hd.propertyName) {
      this.find('discriminator-changed', hd.pointer, `discriminator property changed from "${bd.propertyName}" to "${hd.propertyName}"`);
      return;
    }
    const moved: string[] = [];
    for (const [value, target] of bd.mapping) {
      const now = hd.mapping.get(value);
      if (now === undefined ? this.request : mappingRef(now) !== mappingRef(target))
        moved.push(now === undefined ? `"${value}" removed` : `"${value}" now maps to ${now} (was ${target})`);
    }
    if (moved.length > 0) this.find('discriminator-changed', hd.pointer, `discriminator mapping ${moved.join(', ')}`);
    // OpenAPI 3.2's defaultMapping: the schema a payload without the property (or with an unmapped
    // value) is read as. A request loses it when removed; a client reading a response meets it when added.
    const [was, now] = [bd.defaultMapping, hd.defaultMapping];
    const same = was !== undefined && now !== undefined && mappingRef(was) === mappingRef(now);
    if (!same && was !== now && (was === undefined ? !this.request : now !== undefined || this.request)) {
      const what = was === undefined ? `added (${now ?? ''})` : now === undefined ? `removed (was ${was})` : `now names ${now} (was ${was})`;
      this.find('discriminator-changed', hd.pointer, `discriminator defaultMapping ${what}`);
    }
  }

  private properties(b: SchemaView, h: SchemaView): void {
    if (b.properties.size === 0 && h.properties.size === 0 && b.required.size === 0 && h.required.size === 0) return;
    const request = this.request;
    const names = new Set([...b.properties.keys(), ...b.required.keys(), ...h.properties.keys(), ...h.required.keys()]);
    const parent = h.propertiesPointer ?? h.pointer;
    for (const name of names) {
      const bRef = b.properties.get(name) ?? (b.required.has(name) ? { node: true, pointer: b.required.get(name) as string } : undefined);
      const hRef = h.properties.get(name) ?? (h.required.has(name) ? { node: true, pointer: h.required.get(name) as string } : undefined);
      const bView = bRef ? this.comparer.base.view(bRef) : undefined;
      const hView = hRef ? this.comparer.head.view(hRef) : undefined;
      const travels = (v: SchemaView | undefined): boolean => v !== undefined && (request ? !v.readOnly : !v.writeOnly);
      const inBase = travels(bView);
      const inHead = travels(hView);
      if (inBase && !inHead) {
        if (hView && request)
          this.fixed('request-property-became-read-only', hRef?.pointer ?? parent, name, ' became readOnly: clients that send it are ignored or refused');
        else if (hView) this.fixed('response-property-became-write-only', hRef?.pointer ?? parent, name, ' became writeOnly: clients no longer receive it');
        else if (request) this.fixed('request-property-removed', parent, name, ' was removed');
        else if (b.required.has(name)) this.fixed('response-required-property-removed', parent, name, ' (required) was removed');
        else this.fixed('response-property-removed', parent, name, ' was removed');
        continue;
      }
      if (!inHead || !hRef || !hView) continue;
      const requiredAt = h.required.get(name);
      if (!inBase || !bRef || !bView) {
        if (request && requiredAt !== undefined) this.fixed('new-required-request-property', requiredAt, name, ' was added as required');
        else if (request) this.fixed('request-property-added', hRef.pointer, name, ' was added (optional)');
        else this.fixed('response-property-added', hRef.pointer, name, ' was added');
        continue;
      }
      if (request && requiredAt !== undefined && !b.required.has(name)) this.fixed('request-property-became-required', requiredAt, name, ' became required');
      if (!request && b.required.has(name) && requiredAt === undefined) this.fixed('response-property-became-optional', hRef.pointer, name, ' became optional');
      if (request && requiredAt === undefined && show(bView.default?.value) !== show(hView.default?.value)) {
        const text = (d: SchemaView['default']): string => (d ? show(d.value) : 'none');
        this.fixed(
          'request-property-default-changed',
          hView.default?.pointer ?? hRef.pointer,
          name,
          `: default changed from ${text(bView.default)} to ${text(hView.default)}`,
        );
      }
      this.edge(bView, hView, { property: name });
    }
  }

  /** anyOf/oneOf alternatives on both sides, paired by meaning (see pairVariants). */
  private variants(b: SchemaView, h: SchemaView): void {
    if (b.variants.length === 0 || h.variants.length === 0) return;
    const bAlts = b.variants.map((r) => this.comparer.base.view(r));
    const hAlts = h.variants.map((r) => this.comparer.head.view(r));
    const read = { base: (r: SchemaRef) => this.comparer.base.view(r), head: (r: SchemaRef) => this.comparer.head.view(r) };
    const paired = pairVariants(bAlts, hAlts, b.discriminator ?? h.discriminator, read);
    const { pairs } = paired;
    // A request alternative left alone is no loss when another takes all it took (two merged into one
    // that takes both). A new response alternative is always reported: even one an old alternative
    // would validate may be a new kind of value clients should hear about.
    const restBase = this.request ? this.uncovered(paired.restBase, hAlts) : paired.restBase;
    const { restHead } = paired;
    if (this.request && restBase.length > 0) {
      this.find(
        'variant-removed',
        h.variantsPointer ?? h.pointer,
        `alternative${restBase.length > 1 ? 's' : ''} ${restBase.map(describe).join(', ')} of anyOf/oneOf removed`,
      );
    }
    if (!this.request && restHead.length > 0) {
      this.find(
        'variant-added',
        h.variantsPointer ?? h.pointer,
        `alternative${restHead.length > 1 ? 's' : ''} ${restHead.map(describe).join(', ')} added to anyOf/oneOf`,
      );
    }
    for (const [bv, hv] of pairs) this.edge(bv, hv, 'same');
  }

  /** The base alternatives of a request that no head alternative takes whole (structural subsumption). */
  private uncovered(lone: SchemaView[], head: SchemaView[]): SchemaView[] {
    if (lone.length === 0 || lone.length * head.length > COVER_BUDGET) return lone;
    return lone.filter((v) => !head.some((o) => this.comparer.covers(this.direction, v, o)));
  }

  /**
   * One side is a union of alternatives, the other a single schema (a schema made nullable with
   * `anyOf: [S, {type: null}]`, or a union collapsed to one of its members). The single schema is
   * compared with the alternative that matches it best.
   */
  private unionWithSingle(union: SchemaView, single: SchemaView, unionSide: 'base' | 'head'): void {
    const reader = unionSide === 'base' ? this.comparer.base : this.comparer.head;
    const alts = union.variants.map((r) => reader.view(r));
    let best = 0;
    let bestScore = -1;
    alts.forEach((alt, i) => {
      const s = alt.pointer === single.pointer ? 1000 : similarity(alt, single);
      if (s > bestScore) [best, bestScore] = [i, s];
    });
    const alt = alts[best] as SchemaView;
    if (unionSide === 'base') this.edge(alt, single, 'same');
    else this.edge(single, alt, 'same');
    const rest = alts.filter((_, i) => i !== best);
    const others = unionSide === 'base' && this.request ? this.uncovered(rest, [single]) : rest;
    if (others.length === 0) return;
    if (unionSide === 'base' && this.request) {
      this.find('variant-removed', single.pointer, `alternative${others.length > 1 ? 's' : ''} ${others.map(describe).join(', ')} of anyOf/oneOf removed`);
    }
    if (unionSide === 'head' && !this.request) {
      this.find(
        'variant-added',
        union.variantsPointer ?? union.pointer,
        `alternative${others.length > 1 ? 's' : ''} ${others.map(describe).join(', ')} added to anyOf/oneOf`,
      );
    }
  }
}
