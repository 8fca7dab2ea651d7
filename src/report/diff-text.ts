import { unifiedLineDiff } from './line-diff.js';

/**
 * A short line diff for reports, in unified style: a real line diff (Myers, src/report/line-diff.ts)
 * with two lines of context around each change, at most `maxLines` lines of it.
 */
export function unifiedDiff(before: string, after: string, label: string, maxLines: number): string {
  return unifiedLineDiff(before, after, { oldLabel: `${label} (on disk)`, newLabel: `${label} (from the contract)`, context: 2, maxLines, show: cutLine });
}

/** Longest line a diff shows whole: generated code has lines of minified validators thousands of characters long. */
export const DIFF_LINE_WIDTH = 200;

/** A line cut to DIFF_LINE_WIDTH characters, saying how much was left out. */
export function cutLine(line: string): string {
  if (line.length <= DIFF_LINE_WIDTH) return line;
  return `${line.slice(0, DIFF_LINE_WIDTH)}… (${line.length - DIFF_LINE_WIDTH} more characters)`;
}

/** The 1-based number of the first line where two texts differ. */
export function firstDifferentLine(before: string, after: string): number {
  const a = before.split('\n');
  const b = after.split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i + 1;
}
