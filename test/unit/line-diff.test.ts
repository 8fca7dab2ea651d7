/** The line diff behind every short diff of generated code: minimal, applied back it gives the new text. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countChanges, diffLines, hunks, lineChangeCounts, unifiedLineDiff } from '../../src/report/line-diff.js';

/** The old and new texts an edit script describes. */
function sides(edits: ReturnType<typeof diffLines>): { a: string[]; b: string[] } {
  return { a: edits.filter((e) => e.kind !== 'add').map((e) => e.line), b: edits.filter((e) => e.kind !== 'del').map((e) => e.line) };
}

/** Length of a longest common subsequence (the minimal script keeps exactly that many lines). */
function lcs(a: string[], b: string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    let prev = 0;
    for (let j = 1; j <= b.length; j++) {
      const keep = row[j] as number;
      row[j] = x === b[j - 1] ? prev + 1 : Math.max(row[j] as number, row[j - 1] as number);
      prev = keep;
    }
  }
  return row[b.length] as number;
}

describe('diffLines', () => {
  it('is an edit script from a to b that keeps a longest common subsequence', () => {
    const line = fc.constantFrom('a', 'b', 'c', '}', '');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.array(line, { maxLength: 30 }), (a, b) => {
        const edits = diffLines(a, b);
        expect(sides(edits)).toEqual({ a, b });
        expect(edits.filter((e) => e.kind === 'same').length).toBe(lcs(a, b));
      }),
      { numRuns: 500 },
    );
  });

  it('a removal in the middle is a removal only', () => {
    const a = ['x', '{', 'y', '}', '{', 'z', '}'];
    const b = ['x', '{', 'z', '}'];
    expect(countChanges(diffLines(a, b))).toEqual({ removed: 3, added: 0 });
  });

  it('past maxEdits, the differing region is shown replaced whole (still a correct script)', () => {
    const a = Array.from({ length: 50 }, (_, i) => `a${i}`);
    const b = Array.from({ length: 50 }, (_, i) => `b${i}`);
    const edits = diffLines(['same', ...a], ['same', ...b], 10);
    expect(sides(edits)).toEqual({ a: ['same', ...a], b: ['same', ...b] });
    expect(countChanges(edits)).toEqual({ removed: 50, added: 50 });
  });

  it('with a bound on edits: a minimal script where one within the bound exists, else the region replaced whole', () => {
    const line = fc.constantFrom('a', 'b', 'c', 'd', 'e', '}', '');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 24 }), fc.array(line, { maxLength: 24 }), fc.integer({ min: 0, max: 30 }), (a, b, bound) => {
        const edits = diffLines(a, b, bound);
        expect(sides(edits)).toEqual({ a, b });
        // The minimal script keeps a longest common subsequence: its edits are the rest of both sides.
        const common = lcs(a, b);
        const minimal = a.length + b.length - 2 * common;
        // Common leading and trailing lines are kept before the bound applies.
        let lead = 0;
        while (lead < a.length && lead < b.length && a[lead] === b[lead]) lead++;
        let trail = 0;
        while (trail < a.length - lead && trail < b.length - lead && a[a.length - 1 - trail] === b[b.length - 1 - trail]) trail++;
        const kept = edits.filter((e) => e.kind === 'same').length;
        expect(kept).toBe(minimal <= bound ? common : lead + trail);
      }),
      { numRuns: 1500 },
    );
  });

  it('lineChangeCounts counts the edits of a minimal script (the lines one side lacks set aside first)', () => {
    const line = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', '}');
    const text = (lines: string[]): string => lines.map((l) => `${l}\n`).join('');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.array(line, { maxLength: 30 }), (a, b) => {
        expect(lineChangeCounts(text(a), text(b))).toEqual(countChanges(diffLines(a, b, Infinity)));
      }),
      { numRuns: 1500 },
    );
    const many = Array.from({ length: 20_000 }, (_, i) => `line ${i}`);
    expect(lineChangeCounts(text(many), text(many.map((l, i) => (i % 2 === 0 ? `${l} ` : l))))).toEqual({ added: 10_000, removed: 10_000 });
  });

  it('a file whose every line changed is shown replaced whole', () => {
    const a = Array.from({ length: 30_000 }, (_, i) => `line ${i}`);
    const b = a.map((l) => `${l} `);
    expect(countChanges(diffLines(a, b))).toEqual({ removed: 30_000, added: 30_000 });
  });

  it('a large file with a small change is fast', () => {
    const a = Array.from({ length: 100_000 }, (_, i) => `line ${i % 97}`);
    const b = [...a.slice(0, 40_000), 'new', ...a.slice(40_010)];
    const t = performance.now();
    expect(countChanges(diffLines(a, b))).toEqual({ removed: 10, added: 1 });
    expect(performance.now() - t).toBeLessThan(5000);
  });
});

describe('hunks and unified output', () => {
  it('groups changes closer than twice the context into one hunk, with diff -u headers', () => {
    const a = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14', '15', '16', '17', '18', '19', '20'];
    const b = a.map((l) => (l === '3' || l === '5' ? `${l}!` : l)).filter((l) => l !== '18');
    const hs = hunks(diffLines(a, b), 2);
    expect(hs.map((h) => [h.oldStart, h.oldLines, h.newStart, h.newLines])).toEqual([
      [1, 7, 1, 7],
      [16, 5, 16, 4],
    ]);
    expect(unifiedLineDiff(a.join('\n'), b.join('\n'), { oldLabel: 'a', newLabel: 'b', context: 0 })).toBe(
      ['--- a', '+++ b', '@@ -3 +3 @@', '-3', '+3!', '@@ -5 +5 @@', '-5', '+5!', '@@ -18 +17,0 @@', '-18', ''].join('\n'),
    );
  });

  it('says nothing but the labels for equal texts', () => {
    expect(unifiedLineDiff('a\nb', 'a\nb', { oldLabel: 'a', newLabel: 'b' })).toBe('--- a\n+++ b\n');
  });
});
