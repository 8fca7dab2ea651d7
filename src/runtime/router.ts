/**
 * Routing by OpenAPI path template. Templates are compiled once; a request path is matched against
 * the templates with as many segments, most specific first (a literal segment beats a parameter).
 * Parameter values are returned raw (percent-encoded), for style-aware parsing.
 */
import type { OperationSpec } from './spec.js';

interface Route {
  template: string;
  regex: RegExp;
  names: string[];
  /** Specificity key per segment: 2 literal, 1 mixed, 0 a bare parameter. */
  rank: number[];
  operations: Map<string, OperationSpec>;
}

export type RouteMatch =
  | { kind: 'found'; operation: OperationSpec; raw: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' };

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function compile(template: string): Pick<Route, 'regex' | 'names' | 'rank'> {
  const names: string[] = [];
  const rank: number[] = [];
  const segments = template.split('/').slice(1);
  const parts = segments.map((segment) => {
    const pieces = segment.split(/(\{[^}]+\})/).filter((s) => s !== '');
    const params = pieces.filter((s) => s.startsWith('{'));
    rank.push(params.length === 0 ? 2 : pieces.length === 1 ? 0 : 1);
    return pieces
      .map((piece) => {
        if (piece.startsWith('{')) {
          names.push(piece.slice(1, -1));
          return '([^/]+?)';
        }
        return escapeRegExp(piece);
      })
      .join('');
  });
  return { regex: new RegExp(`^/${parts.join('/')}$`), names, rank };
}

function compareRank(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const d = (b[i] as number) - (a[i] as number);
    if (d !== 0) return d;
  }
  return 0;
}

export class Router {
  private readonly bySegments = new Map<number, Route[]>();

  constructor(operations: readonly OperationSpec[]) {
    const routes = new Map<string, Route>();
    for (const op of operations) {
      let route = routes.get(op.path);
      if (!route) {
        route = { template: op.path, ...compile(op.path), operations: new Map() };
        routes.set(op.path, route);
      }
      route.operations.set(op.method.toUpperCase(), op);
    }
    for (const route of routes.values()) {
      const n = route.template.split('/').length - 1;
      const list = this.bySegments.get(n) ?? [];
      list.push(route);
      this.bySegments.set(n, list);
    }
    for (const list of this.bySegments.values()) {
      list.sort((a, b) => compareRank(a.rank, b.rank) || (a.template < b.template ? -1 : a.template > b.template ? 1 : 0));
    }
  }

  match(method: string, path: string): RouteMatch {
    const n = path.split('/').length - 1;
    const candidates = this.bySegments.get(n);
    if (!candidates) return { kind: 'not-found' };
    let allow: string[] | undefined;
    for (const route of candidates) {
      const m = route.regex.exec(path);
      if (!m) continue;
      const op = route.operations.get(method.toUpperCase());
      if (op) {
        const raw: Record<string, string> = {};
        route.names.forEach((name, i) => {
          raw[name] = m[i + 1] as string;
        });
        return { kind: 'found', operation: op, raw };
      }
      allow ??= [...route.operations.keys()].sort();
    }
    return allow ? { kind: 'method-not-allowed', allow } : { kind: 'not-found' };
  }
}
