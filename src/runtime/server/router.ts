/**
 * Routing by OpenAPI path template. Templates are compiled once; a request path is matched against
 * the templates with as many segments, most specific first (a literal segment beats a parameter).
 * Parameter values are returned raw (percent-encoded), for style-aware parsing.
 *
 * Matching is linear in the length of the path: a segment that mixes parameters and literal text
 * (`{name}.json`, `{from}-{to}`, `{resource}:verb`) is matched by anchoring its leading and trailing
 * literals and taking every literal in between at its leftmost position, which gives the same
 * answer as a lazy regular expression without its backtracking.
 *
 * A HEAD request is served by the GET operation when the path declares no HEAD operation.
 */
import type { OperationSpec } from '../shared/spec.js';

type Piece = { literal: string } | { param: string };

interface Segment {
  pieces: Piece[];
}

interface Route {
  template: string;
  segments: Segment[];
  /**
   * Index of the segment that holds a multi-segment parameter (`x-specforge-multi-segment`), alone
   * or with literal text before or after it in that segment, and the parameter's name.
   */
  multi?: number;
  multiParam?: string;
  /** Specificity key per segment: 2 literal, 1 mixed, 0 a bare parameter. */
  rank: number[];
  operations: Map<string, OperationSpec>;
  /**
   * Operations that share a method and a path and differ by the template's fragment
   * (`/#Action=RunInstances`, `/#X-Amz-Target=Glue.GetJobs`): each with the name=value pairs a
   * request must carry (in its query or headers) to reach it.
   */
  variants?: Map<string, Array<{ when: Array<[string, string]>; operation: OperationSpec }>>;
}

/** Whether a request carries `name=value` (in its query, or as a header). */
export type RequestProbe = (name: string, value: string) => boolean;

/** `/#Action=Run&Version=1` to ["/", [["Action", "Run"], ["Version", "1"]]]. */
function splitFragment(template: string): [string, Array<[string, string]>] {
  const hash = template.indexOf('#');
  if (hash < 0) return [template, []];
  const when = template
    .slice(hash + 1)
    .split('&')
    .filter(Boolean)
    .map((pair): [string, string] => {
      const eq = pair.indexOf('=');
      return eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
    });
  return [template.slice(0, hash) || '/', when];
}

export type RouteMatch =
  { kind: 'found'; operation: OperationSpec; raw: Record<string, string> } | { kind: 'method-not-allowed'; allow: string[] } | { kind: 'not-found' };

function compile(template: string): Pick<Route, 'segments' | 'rank'> {
  const rank: number[] = [];
  const segments = template
    .split('/')
    .slice(1)
    .map((segment): Segment => {
      const pieces: Piece[] = segment
        .split(/(\{[^}]+\})/)
        .filter((s) => s !== '')
        .map((s) => (s.startsWith('{') && s.endsWith('}') ? { param: s.slice(1, -1) } : { literal: s }));
      const params = pieces.filter((p) => 'param' in p).length;
      rank.push(params === 0 ? 2 : pieces.length === 1 ? 0 : 1);
      return { pieces };
    });
  return { segments, rank };
}

/** Matches one segment; parameter values (non-empty) go to `raw`. */
function matchSegment(segment: Segment, text: string, raw: Record<string, string>): boolean {
  const pieces = segment.pieces;
  if (pieces.length === 0) return text === '';
  if (pieces.length === 1) {
    const only = pieces[0] as Piece;
    if ('literal' in only) return text === only.literal;
    if (text === '') return false;
    raw[only.param] = text;
    return true;
  }
  let start = 0;
  let end = text.length;
  let first = 0;
  let last = pieces.length - 1;
  const head = pieces[first] as Piece;
  if ('literal' in head) {
    if (!text.startsWith(head.literal)) return false;
    start = head.literal.length;
    first++;
  }
  const tail = pieces[last] as Piece;
  if ('literal' in tail) {
    if (end - tail.literal.length < start || !text.endsWith(tail.literal)) return false;
    end -= tail.literal.length;
    last--;
  }
  // Between the anchors: parameters separated by literals.
  let pending: string | undefined;
  for (let i = first; i <= last; i++) {
    const piece = pieces[i] as Piece;
    if ('param' in piece) {
      if (pending !== undefined) {
        // Adjacent parameters ("{a}{b}"): the first takes the shortest value, as a lazy match would.
        if (start + 1 > end) return false;
        raw[pending] = text.slice(start, start + 1);
        start++;
      }
      pending = piece.param;
      continue;
    }
    // A literal after a parameter: its leftmost place that leaves the parameter non-empty.
    const at = text.indexOf(piece.literal, pending === undefined ? start : start + 1);
    if (at < 0 || at + piece.literal.length > end) return false;
    if (pending !== undefined) raw[pending] = text.slice(start, at);
    else if (at !== start) return false;
    pending = undefined;
    start = at + piece.literal.length;
  }
  if (pending !== undefined) {
    if (end <= start) return false;
    raw[pending] = text.slice(start, end);
  } else if (start !== end) return false;
  return true;
}

function matchRoute(route: Route, segments: string[]): Record<string, string> | undefined {
  const raw: Record<string, string> = {};
  for (let i = 0; i < route.segments.length; i++) {
    if (!matchSegment(route.segments[i] as Segment, segments[i] as string, raw)) return undefined;
  }
  return raw;
}

function compareRank(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const d = (b[i] as number) - (a[i] as number);
    if (d !== 0) return d;
  }
  return 0;
}

/** The operation a fragment-qualified route's request names (the first whose pairs it carries), else `op`. */
function chooseVariant(route: Route, method: string, op: OperationSpec, probe: RequestProbe | undefined): OperationSpec {
  const variants = route.variants?.get(method);
  if (!variants || !probe) return op;
  return variants.find((v) => v.when.every(([name, value]) => probe(name, value)))?.operation ?? op;
}

interface Scan {
  probe?: RequestProbe | undefined;
  wanted: string;
  allow: Set<string> | undefined;
  /** A GET that serves a HEAD request when the path declares no HEAD. */
  fallback: { operation: OperationSpec; raw: Record<string, string> } | undefined;
}

/** Tries routes in order: the first that matches the path and has the method wins; others add to Allow. */
function scan(routes: readonly Route[], matcher: (route: Route) => Record<string, string> | undefined, state: Scan): RouteMatch | undefined {
  for (const route of routes) {
    const raw = matcher(route);
    if (!raw) continue;
    const op = route.operations.get(state.wanted);
    if (op) return { kind: 'found', operation: chooseVariant(route, state.wanted, op, state.probe), raw };
    const get = state.wanted === 'HEAD' ? route.operations.get('GET') : undefined;
    if (get) state.fallback ??= { operation: get, raw };
    state.allow ??= new Set();
    for (const m of route.operations.keys()) state.allow.add(m);
    if (route.operations.has('GET')) state.allow.add('HEAD');
  }
  return undefined;
}

/** Literal templates of one length up to this many are compared one by one; more, looked up in a map. */
const LINEAR = 8;

export class Router {
  /** Every method an operation takes (a custom one as written: HTTP methods are case-sensitive). */
  readonly methods = new Set<string>();
  private readonly bySegments = new Map<number, Route[]>();
  /** Templates without parameters, by path. */
  private readonly staticRoutes = new Map<string, Map<string, OperationSpec>>();
  /**
   * The same templates (those without variants) by length, where a length has at most LINEAR of
   * them: `literal` compares the request's path with each, where a map lookup would first hash it
   * (a fresh string, so hashed on every request). Null: a length with more, looked up in the map.
   */
  private readonly literalsByLength: Array<{ templates: string[]; operations: Array<Map<string, OperationSpec>> } | null | undefined> = [];

  constructor(operations: readonly OperationSpec[]) {
    const routes = new Map<string, Route>();
    for (const op of operations) {
      const [path, when] = splitFragment(op.path);
      let route = routes.get(path);
      if (!route) {
        route = { template: path, ...compile(path), operations: new Map() };
        routes.set(path, route);
      }
      // As the tables give it: a fixed method in upper case, a custom one (OpenAPI 3.2) as written.
      const method = op.method;
      this.methods.add(method);
      if (!route.operations.has(method)) route.operations.set(method, op);
      if (when.length > 0) {
        route.variants ??= new Map();
        const list = route.variants.get(method) ?? [];
        list.push({ when, operation: op });
        this.variantCount++;
        route.variants.set(method, list);
      }
      for (const p of op.parameters) {
        if (p.in !== 'path' || !p.multiSegment) continue;
        // The parameter's segment may carry literal text around it (`{resource}:testIamPermissions`),
        // but no other parameter: the literals anchor where the value ends.
        const at = route.segments.findIndex((seg) => {
          const params = seg.pieces.filter((piece): piece is { param: string } => 'param' in piece);
          return params.length === 1 && params[0]?.param === p.name;
        });
        if (at >= 0) {
          route.multi = at;
          route.multiParam = p.name;
        }
      }
    }
    for (const route of routes.values()) {
      if (!route.template.includes('{')) this.staticRoutes.set(route.template, route.operations);
      if (route.variants && !route.template.includes('{')) this.variantsOf.set(route.template, route);
      if (!route.variants && !route.template.includes('{')) {
        const n = route.template.length;
        const known = this.literalsByLength[n];
        const bucket = known === undefined ? { templates: [], operations: [] } : known;
        if (bucket !== null && bucket.templates.length < LINEAR) {
          bucket.templates.push(route.template);
          bucket.operations.push(route.operations);
          this.literalsByLength[n] = bucket;
        } else this.literalsByLength[n] = null;
      }
      const n = route.segments.length;
      const list = this.bySegments.get(n) ?? [];
      list.push(route);
      this.bySegments.set(n, list);
    }
    for (const list of this.bySegments.values()) {
      list.sort((a, b) => compareRank(a.rank, b.rank) || (a.template < b.template ? -1 : a.template > b.template ? 1 : 0));
    }
    // Routes whose parameter spans segments, most literal segments first, then those whose
    // parameter segment carries literal text (`{name}:cancel` before `{name}`).
    const literals = (r: Route): number => r.rank.filter((x) => x === 2).length;
    const anchored = (r: Route): number => r.rank[r.multi as number] as number;
    this.multi = [...routes.values()]
      .filter((r) => r.multi !== undefined)
      .sort((a, b) => literals(b) - literals(a) || anchored(b) - anchored(a) || b.segments.length - a.segments.length || (a.template < b.template ? -1 : 1));
  }

  private readonly multi: Route[];
  /** Whether any operation is told apart by its template's fragment (only then does `match` need a probe). */
  get hasVariants(): boolean {
    return this.variantCount > 0;
  }
  private variantCount = 0;
  /** Literal routes with fragment-qualified operations, by path. */
  private readonly variantsOf = new Map<string, Route>();

  /**
   * Matches a route with a multi-segment parameter: segments before and after it fixed, the rest
   * joined with "/" and matched against the parameter's segment, whose literals (a `:verb` suffix)
   * anchor the value. The value may not have an empty segment ("a//b", "a/").
   */
  private static matchMulti(route: Route, segments: string[]): Record<string, string> | undefined {
    const k = route.multi as number;
    const after = route.segments.length - k - 1;
    const middle = segments.length - k - after;
    if (middle < 1) return undefined;
    const raw: Record<string, string> = {};
    for (let i = 0; i < k; i++) if (!matchSegment(route.segments[i] as Segment, segments[i] as string, raw)) return undefined;
    for (let j = 0; j < after; j++) {
      if (!matchSegment(route.segments[k + 1 + j] as Segment, segments[k + middle + j] as string, raw)) return undefined;
    }
    if (!matchSegment(route.segments[k] as Segment, segments.slice(k, k + middle).join('/'), raw)) return undefined;
    const value = raw[route.multiParam as string];
    if (value === undefined || value.split('/').includes('')) return undefined;
    return raw;
  }

  /**
   * The operation of a path without parameters, told apart by no fragment: the path compared with
   * the few templates of its length (one map lookup where a length has many), and nothing
   * allocated. Undefined sends the request through `match`.
   */
  literal(method: string, path: string): OperationSpec | undefined {
    const n = path.length;
    const bucket = n < this.literalsByLength.length ? this.literalsByLength[n] : undefined;
    if (bucket === undefined) return undefined;
    if (bucket !== null) {
      const { templates } = bucket;
      for (let i = 0; i < templates.length; i++) if (templates[i] === path) return bucket.operations[i]?.get(method);
      return undefined;
    }
    const routes = this.staticRoutes.get(path);
    return routes === undefined || this.variantsOf.has(path) ? undefined : routes.get(method);
  }

  /**
   * The operation for a request. `probe` tells whether the request carries a name=value pair, for
   * operations told apart by their template's fragment (`/#Action=…`).
   */
  match(method: string, path: string, probe?: RequestProbe): RouteMatch {
    const literal = this.staticRoutes.get(path);
    const exact = literal?.get(method);
    // A literal template wins over any parameterized one of the same length (rank 2 beats 0/1).
    if (exact)
      return { kind: 'found', operation: this.variantsOf.has(path) ? chooseVariant(this.variantsOf.get(path) as Route, method, exact, probe) : exact, raw: {} };
    if (!path.startsWith('/')) return { kind: 'not-found' };
    const segments = path.split('/').slice(1);
    const candidates = this.bySegments.get(segments.length) ?? [];
    const wanted = this.methods.has(method) ? method : method.toUpperCase();
    const state: Scan = { wanted, allow: undefined, fallback: undefined, probe };
    const found =
      scan(candidates, (route) => matchRoute(route, segments), state) ??
      (state.fallback === undefined ? scan(this.multi, (route) => Router.matchMulti(route, segments), state) : undefined);
    if (found) return found;
    const { allow, fallback } = state;
    if (fallback) return { kind: 'found', ...fallback };
    return allow ? { kind: 'method-not-allowed', allow: [...allow].sort() } : { kind: 'not-found' };
  }
}
