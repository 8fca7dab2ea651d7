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

/**
 * A byte writer, generated for a response schema whose JSON it knows whole (closed objects, arrays
 * of them, strings, numbers, booleans): it writes the JSON of `value` into `bytes` from `at` and
 * returns where it stopped, or NO_FIT when the value is not what the schema describes (another
 * type, undefined in an array, a string with a lone surrogate), or NO_ROOM when
 * `bytes` is too short. The string serializer then does the work, or the writer runs again on a
 * larger buffer.
 */
export type ByteWriter = (bytes: Uint8Array, at: number, value: unknown) => number;

/** What a byte writer returns when the value is not its schema's: the string serializer writes it. */
export const NO_FIT = -1;
/** What a byte writer returns when the buffer is too short. */
export const NO_ROOM = -2;

/** The largest buffer the byte writers get: a larger answer goes to the string serializer. */
const MAX_SCRATCH = 1024 * 1024;

/** How the scratch buffer's bytes become a string: node's Buffer (latin1Slice for ASCII, utf8Slice), else TextDecoder. */
interface TextView {
  latin1Slice(start: number, end: number): string;
  utf8Slice(start: number, end: number): string;
}

interface NodeBufferClass {
  from(buffer: ArrayBufferLike, offset: number, length: number): Partial<TextView>;
}

const decoder = new TextDecoder();

function textView(bytes: Uint8Array): TextView {
  const NodeBuffer = (globalThis as unknown as { Buffer?: NodeBufferClass }).Buffer;
  if (NodeBuffer !== undefined && typeof NodeBuffer.from === 'function') {
    const view = NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (typeof view.latin1Slice === 'function' && typeof view.utf8Slice === 'function') return view as TextView;
  }
  const decode = (start: number, end: number): string => decoder.decode(bytes.subarray(start, end));
  return { latin1Slice: decode, utf8Slice: decode };
}

/**
 * The scratch buffer every byte writer of the process writes into (an answer is serialized whole
 * before the next one starts), and whether the bytes written so far hold a character above ASCII.
 */
let scratch = new Uint8Array(16 * 1024);
let text = textView(scratch);
let wide = false;
let busy = false;
/** The last text the byte writers made, and its length in bytes (the reply stage need not measure it again). */
let lastText: string | undefined;
let lastLength = 0;

/**
 * The JSON text of `value` written by `write`, or undefined when the writer cannot write it (the
 * caller's string serializer then does). One string is made from one flat run of bytes, instead of
 * joining a string piece by piece and flattening the joins before the write. A writer that meets a
 * value it cannot write stops, and the string serializer reads the value again from its start: a
 * getter on a handler's object may then run twice.
 */
export function jsonBytes(write: ByteWriter, value: unknown): string | undefined {
  // A getter of the value that serializes another answer while this one is written gets strings.
  if (busy) return undefined;
  busy = true;
  try {
    for (;;) {
      wide = false;
      let end: number;
      try {
        end = write(scratch, 0, value);
      } catch (e) {
        // A constant written through the DataView past the buffer's end throws where the typed
        // array would drop it: the string serializer writes the answer (and a getter's own
        // RangeError comes again from there).
        if (e instanceof RangeError) return undefined;
        throw e;
      }
      // An end past the buffer (bytes the typed array dropped) is taken as no room, never sliced.
      const past = end > scratch.length;
      if (end >= 0 && !past) {
        lastText = wide ? text.utf8Slice(0, end) : text.latin1Slice(0, end);
        lastLength = end;
        return lastText;
      }
      if ((end !== NO_ROOM && !past) || scratch.length >= MAX_SCRATCH) return undefined;
      scratch = new Uint8Array(Math.min(scratch.length * 4, MAX_SCRATCH));
      text = textView(scratch);
    }
  } finally {
    busy = false;
  }
}

/** The DataView of the last buffer a byte writer asked for (the scratch buffer, but for a test's own). */
let viewed: Uint8Array | undefined;
let view: DataView | undefined;

/**
 * A DataView over `bytes`, for a byte writer's constants of four bytes or more (property names,
 * `true`, `false`, `null`): one 32-bit store writes four of their bytes, where a typed array
 * stores one at a time, each with its own bounds check.
 */
export function jsonView(bytes: Uint8Array): DataView {
  if (bytes !== viewed || view === undefined) {
    view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    viewed = bytes;
  }
  return view;
}

/** The length in bytes of a text the byte writers made last, else -1. */
export function knownByteLength(text: string): number {
  return text === lastText ? lastLength : -1;
}

/** Writes a string as a JSON string token (as JSON.stringify escapes it), UTF-8 encoded: where it stopped, NO_FIT or NO_ROOM. */
export function jsonStringBytes(b: Uint8Array, p: number, s: string): number {
  const n = s.length;
  if (p + 3 * n + 2 > b.length) return NO_ROOM;
  const start = p;
  b[p++] = 34;
  // Printable ASCII without a quote or a backslash is written as is; anything else by escapedString.
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 32 || c === 34 || c === 92 || c > 126) return escapedString(b, start, s);
    b[p++] = c;
  }
  b[p++] = 34;
  return p;
}

/** jsonStringBytes for a string with a character to escape or above ASCII. */
function escapedString(b: Uint8Array, p: number, s: string): number {
  const n = s.length;
  b[p++] = 34;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 128) {
      if (c >= 32) {
        if (c === 34 || c === 92) b[p++] = 92;
        b[p++] = c;
      } else {
        // A control character: \b \t \n \f \r, or \u00XX (six bytes where three were counted).
        if (p + 6 + 3 * (n - i) > b.length) return NO_ROOM;
        b[p++] = 92;
        const short = c === 8 ? 98 : c === 9 ? 116 : c === 10 ? 110 : c === 12 ? 102 : c === 13 ? 114 : 0;
        if (short !== 0) b[p++] = short;
        else {
          b[p++] = 117;
          b[p++] = 48;
          b[p++] = 48;
          b[p++] = c < 16 ? 48 : 49;
          const d = c & 15;
          b[p++] = d < 10 ? 48 + d : 87 + d;
        }
      }
    } else if (c < 0x800) {
      wide = true;
      b[p++] = 0xc0 | (c >> 6);
      b[p++] = 0x80 | (c & 63);
    } else if (c < 0xd800 || c > 0xdfff) {
      wide = true;
      b[p++] = 0xe0 | (c >> 12);
      b[p++] = 0x80 | ((c >> 6) & 63);
      b[p++] = 0x80 | (c & 63);
    } else {
      // A surrogate pair is one character of four bytes; a lone surrogate JSON.stringify writes as \uXXXX.
      const d = c <= 0xdbff && i + 1 < n ? s.charCodeAt(i + 1) : 0;
      if (d < 0xdc00 || d > 0xdfff) return NO_FIT;
      const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
      wide = true;
      b[p++] = 0xf0 | (cp >> 18);
      b[p++] = 0x80 | ((cp >> 12) & 63);
      b[p++] = 0x80 | ((cp >> 6) & 63);
      b[p++] = 0x80 | (cp & 63);
      i++;
    }
  }
  b[p++] = 34;
  return p;
}

/** Marks the bytes written as holding a character above ASCII: a byte writer calls it before it writes such a constant (a property name). */
export function jsonWide(): void {
  wide = true;
}

/** Writes a number as JSON.stringify does (a non-finite one as null): where it stopped, or NO_ROOM. */
export function jsonNumberBytes(b: Uint8Array, p: number, x: number): number {
  const t = Number.isFinite(x) ? '' + x : 'null';
  const n = t.length;
  if (p + n > b.length) return NO_ROOM;
  for (let i = 0; i < n; i++) b[p++] = t.charCodeAt(i);
  return p;
}
