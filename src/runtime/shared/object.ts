/**
 * Small helpers over plain data shared by the run-time modules. Generated code reaches run-time code
 * only through `specforge/runtime`, so these live here rather than with the contract reader
 * (src/contract/pointer.ts has the same helpers for build-time code).
 */

/** A JSON mapping: an object that is neither null nor an array. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * The value of `table` at `key` when it is the table's own property: a key a client sends
 * ("constructor", "__proto__", "toString") never reaches Object.prototype.
 */
export function ownValue<T>(table: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return table !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}

/** One segment of an RFC 6901 JSON pointer: "~" as "~0", "/" as "~1". */
export function escapePointerSegment(s: string): string {
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapePointerSegment(s: string): string {
  return s.replace(/~1/g, '/').replace(/~0/g, '~');
}
