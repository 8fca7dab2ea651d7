/** A short line diff for reports: the first differing hunk of two texts, in unified style. */
export function unifiedDiff(before: string, after: string, label: string, maxLines: number): string {
  const a = before.split('\n');
  const b = after.split('\n');
  const start = firstDifferentLine(before, after) - 1;
  let endA = a.length - 1;
  let endB = b.length - 1;
  while (endA >= start && endB >= start && a[endA] === b[endB]) {
    endA--;
    endB--;
  }
  const out: string[] = [`--- ${label} (on disk)`, `+++ ${label} (from the contract)`, `@@ -${start + 1} +${start + 1} @@`];
  const removed = a.slice(start, endA + 1).map((l) => `-${cutLine(l)}`);
  const added = b.slice(start, endB + 1).map((l) => `+${cutLine(l)}`);
  const lines = [...removed, ...added];
  out.push(...lines.slice(0, maxLines));
  if (lines.length > maxLines) out.push(`… ${lines.length - maxLines} more changed line(s)`);
  return out.join('\n') + '\n';
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
