/**
 * The JSONPath (RFC 9535) that Overlay targets use, as a small parser and evaluator with no code
 * evaluation: `$`, `.name`, `['name']` / `["name"]`, `[*]` and `.*`, `[n]` (negative from the end),
 * `..name` and `..*` (descendants), and filters `[?(@.key == 'value')]` / `[?@.key != 1]` (conditions joined by `&&`), with a
 * nested key path (`@.a.b`, `@['x-y']`) compared to a string, number, boolean or null literal, or
 * alone for presence. Overlay files are untrusted like contracts: parsing is linear in the
 * expression, and evaluating visits each node of the document at most once per segment.
 */
import { isRecord } from './pointer.js';

type Filter = { path: string[]; op: '==' | '!=' | 'exists'; value?: unknown };
type Segment =
  | { kind: 'name'; name: string; deep: boolean }
  | { kind: 'wild'; deep: boolean }
  | { kind: 'index'; index: number }
  | { kind: 'filter'; filter: Filter[]; deep: boolean };

/** Longest expression accepted: no Overlay target comes near it. */
const MAX_LENGTH = 4096;

export function parsePath(text: string): Segment[] {
  if (text.length > MAX_LENGTH) throw new Error(`longer than ${MAX_LENGTH} characters`);
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`${why} at character ${i + 1} of ${JSON.stringify(text)}`);
  };
  const ident = (): string => {
    const start = i;
    while (i < text.length && /[A-Za-z0-9_$\-]/.test(text[i] as string)) i++;
    if (i === start) fail('expected a name');
    return text.slice(start, i);
  };
  const quoted = (): string => {
    const quote = text[i];
    if (quote !== "'" && quote !== '"') return fail('expected a quoted name');
    i++;
    let out = '';
    while (i < text.length && text[i] !== quote) {
      if (text[i] === '\\') {
        i++;
        const c = text[i];
        if (c === undefined) fail('unfinished escape');
        out += c === 'n' ? '\n' : c === 't' ? '\t' : c;
      } else out += text[i];
      i++;
    }
    if (text[i] !== quote) fail('unterminated string');
    i++;
    return out;
  };
  const spaces = (): void => {
    while (text[i] === ' ') i++;
  };
  const literal = (): unknown => {
    spaces();
    if (text[i] === "'" || text[i] === '"') return quoted();
    const m = /^(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null)/.exec(text.slice(i, i + 64));
    if (!m) return fail('expected a literal');
    i += (m[1] as string).length;
    return JSON.parse(m[1] as string) as unknown;
  };
  const filter = (): Filter[] => {
    spaces();
    const paren = text[i] === '(';
    if (paren) i++;
    const all: Filter[] = [];
    for (;;) {
      all.push(condition());
      spaces();
      if (!text.startsWith('&&', i)) break;
      i += 2;
    }
    if (paren) {
      if (text[i] !== ')') fail('expected )');
      i++;
    }
    return all;
  };
  const condition = (): Filter => {
    spaces();
    if (text[i] !== '@') fail('a filter starts with @');
    i++;
    const path: string[] = [];
    for (;;) {
      if (text[i] === '.') {
        i++;
        path.push(ident());
      } else if (text[i] === '[') {
        i++;
        spaces();
        path.push(quoted());
        spaces();
        if (text[i] !== ']') fail('expected ]');
        i++;
      } else break;
    }
    spaces();
    let f: Filter;
    if (text.startsWith('==', i) || text.startsWith('!=', i)) {
      const op = text.slice(i, i + 2) as '==' | '!=';
      i += 2;
      f = { path, op, value: literal() };
    } else f = { path, op: 'exists' };
    return f;
  };
  const bracket = (deep: boolean): Segment => {
    i++; // [
    spaces();
    let seg: Segment;
    if (text[i] === '*') {
      i++;
      seg = { kind: 'wild', deep };
    } else if (text[i] === '?') {
      i++;
      seg = { kind: 'filter', filter: filter(), deep };
    } else if (text[i] === "'" || text[i] === '"') seg = { kind: 'name', name: quoted(), deep };
    else {
      const m = /^-?\d+/.exec(text.slice(i, i + 16));
      if (!m || deep) return fail('expected a name, *, an index or a filter');
      i += m[0].length;
      seg = { kind: 'index', index: Number(m[0]) };
    }
    spaces();
    if (text[i] !== ']') fail('expected ]');
    i++;
    return seg;
  };
  if (text[0] !== '$') fail('a JSONPath starts with $');
  i = 1;
  const out: Segment[] = [];
  while (i < text.length) {
    if (text.startsWith('..', i)) {
      i += 2;
      if (text[i] === '*') {
        i++;
        out.push({ kind: 'wild', deep: true });
      } else if (text[i] === '[') out.push(bracket(true));
      else out.push({ kind: 'name', name: ident(), deep: true });
    } else if (text[i] === '.') {
      i++;
      if (text[i] === '*') {
        i++;
        out.push({ kind: 'wild', deep: false });
      } else out.push({ kind: 'name', name: ident(), deep: false });
    } else if (text[i] === '[') out.push(bracket(false));
    else fail('unexpected character');
  }
  return out;
}

/** One node a path selects: its value, its parent and key (undefined for the root), and its JSON pointer. */
export interface Selected {
  value: unknown;
  parent: Record<string, unknown> | unknown[] | undefined;
  key: string | number | undefined;
  pointer: string;
}

function escape(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

function children(node: Selected): Selected[] {
  const v = node.value;
  if (Array.isArray(v)) return v.map((value, i) => ({ value, parent: v, key: i, pointer: `${node.pointer}/${i}` }));
  if (isRecord(v)) return Object.keys(v).map((k) => ({ value: v[k], parent: v, key: k, pointer: `${node.pointer}/${escape(k)}` }));
  return [];
}

/** The node and all its descendants, each once, in document order. */
function descendants(node: Selected): Selected[] {
  const out: Selected[] = [];
  const stack: Selected[] = [node];
  while (stack.length > 0) {
    const n = stack.pop() as Selected;
    out.push(n);
    const kids = children(n);
    for (let k = kids.length - 1; k >= 0; k--) stack.push(kids[k] as Selected);
  }
  return out;
}

function matches(value: unknown, f: Filter): boolean {
  let v: unknown = value;
  for (const key of f.path) {
    if (!isRecord(v) || !Object.hasOwn(v, key)) return f.op === '!=';
    v = v[key];
  }
  if (f.op === 'exists') return true;
  const equal = v === f.value;
  return f.op === '==' ? equal : !equal;
}

function step(nodes: Selected[], seg: Segment): Selected[] {
  const out: Selected[] = [];
  const seen = new Set<unknown[] | Record<string, unknown>>();
  const bases = 'deep' in seg && seg.deep ? nodes.flatMap((n) => descendants(n)) : nodes;
  for (const n of bases) {
    if (seg.kind === 'name') {
      if (isRecord(n.value) && Object.hasOwn(n.value, seg.name))
        out.push({ value: n.value[seg.name], parent: n.value, key: seg.name, pointer: `${n.pointer}/${escape(seg.name)}` });
    } else if (seg.kind === 'index') {
      if (Array.isArray(n.value)) {
        const i = seg.index < 0 ? n.value.length + seg.index : seg.index;
        if (i >= 0 && i < n.value.length) out.push({ value: n.value[i], parent: n.value, key: i, pointer: `${n.pointer}/${i}` });
      }
    } else {
      // Each container's children once, even when deep bases reach it again.
      if ((isRecord(n.value) || Array.isArray(n.value)) && seen.has(n.value)) continue;
      if (isRecord(n.value) || Array.isArray(n.value)) seen.add(n.value);
      for (const child of children(n)) if (seg.kind === 'wild' || seg.filter.every((f) => matches(child.value, f))) out.push(child);
    }
  }
  return out;
}

/** The nodes `path` selects in `root`, in document order. */
export function evaluatePath(root: unknown, path: readonly Segment[]): Selected[] {
  let nodes: Selected[] = [{ value: root, parent: undefined, key: undefined, pointer: '' }];
  for (const seg of path) nodes = step(nodes, seg);
  return nodes;
}
