/**
 * What generated serializers call: a string as JSON text, and the JSON.stringify fallback for a
 * value of a type its schema does not describe. Generated serializers (serializers.ts of a generated
 * server) are compiled from a contract's response schemas; the reply stage calls them in place of
 * JSON.stringify, per operation, response key and media type.
 */

/** A generated serializer: the JSON text of a value, or undefined where JSON.stringify gives undefined. */
export type SerializeFunction = (value: unknown) => string;

/** The shape of a generated serializers table: by operationId, response key ("200", "2XX", "default") and media type. */
export type SerializersModule = Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, SerializeFunction>>>>>>;

/** Strings at least this long go to JSON.stringify at once: its native scan beats a loop of char codes. */
const SCAN_LIMIT = 42;

/**
 * A string as a JSON string token, equal to JSON.stringify(value): a short string without a
 * character to escape (a quote, a backslash, a control character, a surrogate) is wrapped in
 * quotes as is; any other goes to JSON.stringify.
 */
export function jsonString(value: string): string {
  const n = value.length;
  if (n >= SCAN_LIMIT) return JSON.stringify(value);
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i);
    if (c < 32 || c === 34 || c === 92 || (c >= 0xd800 && c <= 0xdfff)) return JSON.stringify(value);
  }
  return `"${value}"`;
}

/**
 * JSON.stringify of a value its schema does not describe (a Date, a number where a string is
 * declared, an open object): undefined for what JSON.stringify leaves out (undefined, a function, a
 * symbol), and its TypeError for a bigint or a cycle.
 */
export const jsonFallback: SerializeFunction = (value) => JSON.stringify(value);
