/** The short diffs of check and review: line-limited, long lines cut. */
import { describe, expect, it } from 'vitest';
import { cutLine, DIFF_LINE_WIDTH, unifiedDiff } from '../../src/report/diff-text.js';

describe('unifiedDiff', () => {
  it('shows hunks with two lines of context, at most maxLines lines, counting the changed lines left out', () => {
    const before = ['a', 'b', 'c', 'd', 'e'].join('\n');
    const after = ['a', 'B', 'C', 'D', 'e'].join('\n');
    expect(unifiedDiff(before, after, 'f.ts', 5)).toBe(
      // Cut short, a run of changes shows some of its removed lines and some of its added ones.
      ['--- f.ts (on disk)', '+++ f.ts (from the contract)', '@@ -1,5 +1,5 @@', ' a', '-b', '-c', '+B', '+C', '… 2 more changed line(s)', ''].join('\n'),
    );
  });

  it('pairs lines by a real diff: a removed block in the middle is only that block, not the rest of the file', () => {
    const lines = Array.from({ length: 200 }, (_, i) => `line ${i}`);
    const after = [...lines.slice(0, 50), ...lines.slice(60)];
    // Lines that repeat (as generated code does) around the removed block.
    const diff = unifiedDiff([...lines, '}', '}'].join('\n'), [...after, '}', '}'].join('\n'), 'f.ts', 100);
    expect(diff.split('\n').filter((l) => l.startsWith('-') && !l.startsWith('---'))).toEqual(lines.slice(50, 60).map((l) => `-${l}`));
    expect(diff.split('\n').filter((l) => l.startsWith('+') && !l.startsWith('+++'))).toEqual([]);
    expect(diff).toContain('@@ -49,14 +49,4 @@');
  });

  it('cuts a long line, saying how much it left out', () => {
    const long = 'x'.repeat(7620);
    const diff = unifiedDiff(`${long}\n`, `${long}y\n`, 'validators.js', 20);
    const lines = diff.split('\n');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(DIFF_LINE_WIDTH + 40);
    expect(lines).toContain(`-${'x'.repeat(DIFF_LINE_WIDTH)}… (${7620 - DIFF_LINE_WIDTH} more characters)`);
    expect(lines).toContain(`+${'x'.repeat(DIFF_LINE_WIDTH)}… (${7621 - DIFF_LINE_WIDTH} more characters)`);
  });

  it.each([
    ['', ''],
    ['short', 'short'],
    ['x'.repeat(DIFF_LINE_WIDTH), 'x'.repeat(DIFF_LINE_WIDTH)],
  ])('leaves a line of at most the width as it is (%#)', (line, want) => {
    expect(cutLine(line)).toBe(want);
  });
});
