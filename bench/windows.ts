/**
 * The request-path bench's figure from its windows (instructions per request, one per window, in
 * order): windows are taken until the last `count` lie within ±`tolerance` of their median, and the
 * figure is that median, the steady state. A window in which the JIT still compiles, or a major
 * collection runs, breaks the run of agreeing windows instead of becoming the figure.
 */

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** How far values spread, as a fraction of their median. */
export function range(values: number[]): number {
  return (Math.max(...values) - Math.min(...values)) / median(values);
}

/** The last `count` windows lie within ±`tolerance` of their median. */
export function settled(windows: number[], count: number, tolerance: number): boolean {
  if (windows.length < count) return false;
  const last = windows.slice(-count);
  const mid = median(last);
  return last.every((w) => Math.abs(w - mid) <= tolerance * mid);
}

/** The figure of a route: the median of its last `count` windows (settled or, at the cap, not). */
export function figureOf(windows: number[], count: number, tolerance: number): { figure: number; settled: boolean; range: number } {
  const last = windows.slice(-count);
  return { figure: median(last), settled: settled(windows, count, tolerance), range: range(last) };
}
