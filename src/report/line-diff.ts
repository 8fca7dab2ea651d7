/**
 * A line diff of two texts (Myers' O(ND) algorithm, shortest edit script) and its unified form
 * with context lines, for every short diff of generated code specforge shows (`check`'s stale
 * files, `review`'s stale-code section). Common leading and trailing lines are set aside first, so
 * the work is proportional to the changed region; past `maxEdits` differing lines the region is
 * shown as replaced whole rather than searched for a minimal script.
 */

export type LineEdit = { kind: 'same' | 'del' | 'add'; line: string };

/** Edit scripts longer than this are not minimized (memory grows with its square). */
export const MAX_EDITS = 2000;

/** The shortest edit script turning `a` into `b`, line by line. */
export function diffLines(a: readonly string[], b: readonly string[], maxEdits = MAX_EDITS): LineEdit[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const out: LineEdit[] = [];
  for (let i = 0; i < start; i++) out.push({ kind: 'same', line: a[i] as string });
  out.push(...middle(a.slice(start, endA), b.slice(start, endB), maxEdits));
  for (let i = endA; i < a.length; i++) out.push({ kind: 'same', line: a[i] as string });
  return out;
}

/** Myers' greedy forward search with the trace kept, then the path walked back. */
function middle(a: readonly string[], b: readonly string[], maxEdits: number): LineEdit[] {
  const n = a.length;
  const m = b.length;
  if (n === 0) return b.map((line) => ({ kind: 'add', line }));
  if (m === 0) return a.map((line) => ({ kind: 'del', line }));
  const { A, B, sharedA, sharedB } = lineIds(a, b);
  const max = Math.min(n + m, maxEdits);
  // Every line of one side that the other side lacks is an edit: when those alone are more than
  // `max`, the search cannot succeed, and would spend `max` rounds (and copies of its frontier) to
  // find that out (a file whose every line changed).
  if (n - sharedA.length + (m - sharedB.length) > max)
    return [...a.map((line): LineEdit => ({ kind: 'del', line })), ...b.map((line): LineEdit => ({ kind: 'add', line }))];
  const offset = max + 1;
  let v: Int32Array = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && (v[offset + k - 1] as number) < (v[offset + k + 1] as number))
          ? (v[offset + k + 1] as number)
          : (v[offset + k - 1] as number) + 1;
      let y = x - k;
      while (x < n && y < m && A[x] === B[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  if (found < 0) return [...a.map((line): LineEdit => ({ kind: 'del', line })), ...b.map((line): LineEdit => ({ kind: 'add', line }))];
  // Walk back from (n, m) through the saved frontiers.
  const edits: LineEdit[] = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    v = trace[d] as Int32Array;
    const k = x - y;
    const down = k === -d || (k !== d && (v[offset + k - 1] as number) < (v[offset + k + 1] as number));
    const prevK = down ? k + 1 : k - 1;
    const prevX = v[offset + prevK] as number;
    const prevY = prevX - prevK;
    while (x > prevX + (down ? 0 : 1) && y > prevY + (down ? 1 : 0)) {
      edits.push({ kind: 'same', line: a[--x] as string });
      y--;
    }
    if (down) edits.push({ kind: 'add', line: b[--y] as string });
    else edits.push({ kind: 'del', line: a[--x] as string });
  }
  while (x > 0 && y > 0) {
    edits.push({ kind: 'same', line: a[--x] as string });
    y--;
  }
  return edits.reverse();
}

export interface Hunk {
  /** 1-based first line in the old text, and how many old lines the hunk spans. */
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  edits: LineEdit[];
}

/** The changes of an edit script in hunks, with `context` unchanged lines around each change. */
export function hunks(edits: readonly LineEdit[], context = 3): Hunk[] {
  const out: Hunk[] = [];
  const changed: number[] = [];
  edits.forEach((e, i) => {
    if (e.kind !== 'same') changed.push(i);
  });
  if (changed.length === 0) return out;
  // Old and new line number before each edit.
  const oldAt: number[] = [];
  const newAt: number[] = [];
  let o = 1;
  let nw = 1;
  for (const e of edits) {
    oldAt.push(o);
    newAt.push(nw);
    if (e.kind !== 'add') o++;
    if (e.kind !== 'del') nw++;
  }
  let from = Math.max(0, (changed[0] as number) - context);
  let to = Math.min(edits.length, (changed[0] as number) + 1 + context);
  const flush = (): void => {
    const slice = edits.slice(from, to);
    out.push({
      oldStart: oldAt[from] as number,
      oldLines: slice.filter((e) => e.kind !== 'add').length,
      newStart: newAt[from] as number,
      newLines: slice.filter((e) => e.kind !== 'del').length,
      edits: slice,
    });
  };
  for (const i of changed.slice(1)) {
    if (i - context <= to) to = Math.min(edits.length, i + 1 + context);
    else {
      flush();
      from = i - context;
      to = Math.min(edits.length, i + 1 + context);
    }
  }
  flush();
  return out;
}

export interface UnifiedOptions {
  /** Labels of the two sides (`--- old`, `+++ new`). */
  oldLabel: string;
  newLabel: string;
  /** Unchanged lines around each change (default 3). */
  context?: number;
  /** Most diff lines shown (hunk headers excluded); the rest is counted. */
  maxLines?: number;
  /** How a shown line is printed (cut to a width, say). */
  show?: (line: string) => string;
}

/** A unified diff of two texts, at most `maxLines` lines of it, saying how many changed lines were left out. */
export function unifiedLineDiff(before: string, after: string, options: UnifiedOptions): string {
  const show = options.show ?? ((l: string) => l);
  const all = hunks(diffLines(before.split('\n'), after.split('\n')), options.context ?? 3);
  const out: string[] = [`--- ${options.oldLabel}`, `+++ ${options.newLabel}`];
  const limit = options.maxLines ?? Infinity;
  let shown = 0;
  let hidden = 0;
  const mark = (e: LineEdit): string => `${e.kind === 'same' ? ' ' : e.kind === 'del' ? '-' : '+'}${show(e.line)}`;
  for (const h of all) {
    if (shown >= limit) {
      hidden += h.edits.filter((e) => e.kind !== 'same').length;
      continue;
    }
    out.push(`@@ -${range(h.oldStart, h.oldLines)} +${range(h.newStart, h.newLines)} @@`);
    let i = 0;
    while (i < h.edits.length) {
      const e = h.edits[i] as LineEdit;
      if (e.kind === 'same') {
        if (shown < limit) {
          out.push(mark(e));
          shown++;
        }
        i++;
        continue;
      }
      // A run of changes: its removed lines, then its added ones. Cut short, it shows some of each,
      // so a reader sees what replaced what, not only what went.
      let end = i;
      while (end < h.edits.length && (h.edits[end] as LineEdit).kind !== 'same') end++;
      const run = h.edits.slice(i, end);
      const dels = run.filter((x) => x.kind === 'del');
      const adds = run.filter((x) => x.kind === 'add');
      const room = Math.max(0, limit - shown);
      let showDels = dels.length;
      let showAdds = adds.length;
      if (dels.length + adds.length > room) {
        showDels = Math.min(dels.length, Math.max(room - adds.length, Math.ceil(room / 2)));
        showAdds = Math.min(adds.length, room - showDels);
        showDels = Math.min(dels.length, room - showAdds);
      }
      for (const x of dels.slice(0, showDels)) out.push(mark(x));
      for (const x of adds.slice(0, showAdds)) out.push(mark(x));
      shown += showDels + showAdds;
      hidden += dels.length - showDels + adds.length - showAdds;
      i = end;
    }
  }
  if (hidden > 0) out.push(`… ${hidden} more changed line(s)`);
  return out.join('\n') + '\n';
}

/**
 * Lines as git counts them: each with its line break, so a last line that gains or loses one
 * changes, as in `git diff --numstat`.
 */
export function gitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/**
 * Lines added and removed between two texts, as `git diff --numstat` counts them: the length of
 * a shortest edit script (Myers' forward search without the trace: memory linear in the texts,
 * whatever the number of changes), so the count is exact where the shown diff is cut short.
 */
export function lineChangeCounts(before: string, after: string): { added: number; removed: number } {
  const a = gitLines(before);
  const b = gitLines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const n = endA - start;
  const m = endB - start;
  if (n === 0 || m === 0) return { added: m, removed: n };
  // A line one side lacks is an edit whatever the script: the search runs on the lines both sides
  // have (a common subsequence uses no other), so a file whose every line changed costs one pass,
  // not a search of (n + m)² steps.
  const { sharedA, sharedB } = lineIds(a.slice(start, endA), b.slice(start, endB));
  const common = commonLength(sharedA, sharedB);
  return { added: m - common, removed: n - common };
}

/**
 * Two sides' lines as small integers (equal lines, equal numbers), and each side with only the
 * lines the other side has too.
 */
function lineIds(a: readonly string[], b: readonly string[]): { A: Int32Array; B: Int32Array; sharedA: Int32Array; sharedB: Int32Array } {
  const ids = new Map<string, number>();
  const id = (line: string): number => {
    let v = ids.get(line);
    if (v === undefined) {
      v = ids.size;
      ids.set(line, v);
    }
    return v;
  };
  const A = Int32Array.from(a, id);
  const B = Int32Array.from(b, id);
  const inA = new Uint8Array(ids.size);
  const inB = new Uint8Array(ids.size);
  for (const x of A) inA[x] = 1;
  for (const x of B) inB[x] = 1;
  return { A, B, sharedA: A.filter((x) => inB[x] === 1), sharedB: B.filter((x) => inA[x] === 1) };
}

/** The length of a longest common subsequence of two sequences (Myers' forward search, no trace). */
function commonLength(A: Int32Array, B: Int32Array): number {
  const n = A.length;
  const m = B.length;
  if (n === 0 || m === 0) return 0;
  const max = n + m;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  for (let d = 0; d <= max; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && (v[offset + k - 1] as number) < (v[offset + k + 1] as number))
          ? (v[offset + k + 1] as number)
          : (v[offset + k - 1] as number) + 1;
      let y = x - k;
      while (x < n && y < m && A[x] === B[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      // d edits: the common subsequence is what is left of both sides.
      if (x >= n && y >= m) return (n + m - d) / 2;
    }
  }
  return 0;
}

function range(start: number, lines: number): string {
  // As diff -u prints it: an empty side names the line before it.
  if (lines === 0) return `${start - 1},0`;
  return lines === 1 ? `${start}` : `${start},${lines}`;
}

/** How many lines an edit script removes and adds. */
export function countChanges(edits: readonly LineEdit[]): { removed: number; added: number } {
  let removed = 0;
  let added = 0;
  for (const e of edits) {
    if (e.kind === 'del') removed++;
    else if (e.kind === 'add') added++;
  }
  return { removed, added };
}
