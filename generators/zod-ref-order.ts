/**
 * The zod target's declaration order: the $defs keys a schema refers to, and the keys ordered so
 * that each comes after what it refers to, in groups that refer to each other (cycles).
 */
import { isRecord } from '../src/contract/pointer.js';
import type { ValidatorPlan } from '../src/contract/tables/validators.js';

export function refKeys(node: unknown, out: Set<string>): void {
  if (Array.isArray(node)) node.forEach((n) => refKeys(n, out));
  else if (isRecord(node)) {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/'))
        out.add(decodeURIComponent(v.slice('#/$defs/'.length)).replace(/~1/g, '/').replace(/~0/g, '~'));
      else if (k !== 'enum' && k !== 'const') refKeys(v, out);
    }
  }
}

/** The $defs keys in an order where each comes after what it refers to, in groups that refer to each other (cycles). */
export function orderedGroups(root: ValidatorPlan['root'], keys: Iterable<string>): string[][] {
  const edges = new Map<string, string[]>();
  const sorted = [...keys].sort();
  for (const key of sorted) {
    const refs = new Set<string>();
    refKeys(root.$defs[key], refs);
    edges.set(key, [...refs].filter((r) => r in root.$defs).sort());
  }
  // Tarjan's strongly connected components, iteratively: components come out dependencies first.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let next = 0;
  for (const start of sorted) {
    if (index.has(start)) continue;
    const work: Array<[string, number]> = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as [string, number];
      const [v, i] = frame;
      const out = edges.get(v) ?? [];
      if (i < out.length) {
        frame[1]++;
        const w = out[i] as string;
        if (!index.has(w)) {
          index.set(w, next);
          low.set(w, next++);
          stack.push(w);
          onStack.add(w);
          work.push([w, 0]);
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent[0], Math.min(low.get(parent[0]) as number, low.get(v) as number));
      if (low.get(v) === index.get(v)) {
        const group: string[] = [];
        let w: string;
        do {
          w = stack.pop() as string;
          onStack.delete(w);
          group.push(w);
        } while (w !== v);
        groups.push(group.sort());
      }
    }
  }
  // A group of one that refers to itself is a cycle too.
  return groups.map((g) => g);
}
