/** The short diffs of check and review: line-limited, long lines cut. */
import { describe, expect, it } from 'vitest';
import { cutLine, DIFF_LINE_WIDTH, unifiedDiff } from '../../src/cli/diff-text.js';

describe('unifiedDiff', () => {
  it('shows the first differing hunk, at most maxLines changed lines', () => {
    const before = ['a', 'b', 'c', 'd', 'e'].join('\n');
    const after = ['a', 'B', 'C', 'D', 'e'].join('\n');
    expect(unifiedDiff(before, after, 'f.ts', 4)).toBe(
      ['--- f.ts (on disk)', '+++ f.ts (from the contract)', '@@ -2 +2 @@', '-b', '-c', '-d', '+B', '… 2 more changed line(s)', ''].join('\n'),
    );
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
