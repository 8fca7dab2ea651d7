/**
 * Small helpers over plain data shared by the run-time modules. Generated code reaches run-time code
 * only through `specforge/runtime`, so these live here rather than with the contract reader
 * (src/contract/pointer.ts has the same helpers for build-time code).
 */

/** A JSON mapping: an object that is neither null nor an array. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** One segment of an RFC 6901 JSON pointer: "~" as "~0", "/" as "~1". */
export function escapePointerSegment(s: string): string {
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapePointerSegment(s: string): string {
  return s.replace(/~1/g, '/').replace(/~0/g, '~');
}
