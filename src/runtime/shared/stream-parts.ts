/**
 * The parts of a multipart/mixed stream (OpenAPI 3.2 `itemEncoding` / `prefixEncoding`), shared by
 * the writer (stream-write.ts), the reader (stream-read-multipart.ts), the contract tables and the
 * mock. Browser-safe.
 *
 * - Part i is encoded by `prefix[i]` (`prefixEncoding`), else by the item encoding (`itemEncoding`:
 *   `item` when set, else the stream table's own fields at the top level; `item` below it).
 * - A part whose type is binary (any type but text/*, JSON, XML, forms, JavaScript and YAML, and
 *   not multipart) is bytes: a Uint8Array from the handler, a Uint8Array to the reader, never JSON.
 *   The spec's defaults apply without an encoding's contentType: a raw binary item schema
 *   (`format: binary`, a `contentEncoding`, or no `type` and no structure) is
 *   application/octet-stream.
 * - `Content-Transfer-Encoding` (RFC 2045): 7bit, 8bit and binary are the identity; base64 is
 *   decoded (the item schema's `contentEncoding: base64` writes it, as the specification equates
 *   the two); any other is an error naming the part.
 * - A multipart/* part nests: written from an array of its parts, read as one (one level; a part
 *   nested deeper is kept as bytes).
 */
import { isJsonMedia } from './json-media.js';

/** How one part is encoded (an Encoding Object as the runtime reads it). */
export interface PartEncodingSpec {
  /** The part's Content-Type (a comma-separated list, as the encoding writes it). */
  contentType?: string;
  /** The part is bytes (every type of `contentType` is binary). */
  binary?: true;
  /** The writer applies this Content-Transfer-Encoding (the item schema's `contentEncoding: base64`). */
  transfer?: 'base64';
  /** Headers the encoding requires of the part (`headers` with `required: true`), as written. */
  required?: string[];
  /** Positional encodings of the parts below (`prefixEncoding`). */
  prefix?: PartEncodingSpec[];
  /** The encoding of the other parts below (`itemEncoding`), for a nested multipart part. */
  item?: PartEncodingSpec;
}

/** The encoding of part `index` below `encoding` (the stream's own fields are its item encoding at the top). */
export function partEncodingAt(encoding: PartEncodingSpec | undefined, index: number, top: boolean): PartEncodingSpec | undefined {
  if (encoding === undefined) return undefined;
  const positional = encoding.prefix !== undefined && index < encoding.prefix.length ? encoding.prefix[index] : undefined;
  if (positional !== undefined) return positional;
  if (!top || encoding.item !== undefined) return encoding.item;
  const own: PartEncodingSpec = {};
  if (encoding.contentType !== undefined) own.contentType = encoding.contentType;
  if (encoding.binary === true) own.binary = true;
  if (encoding.transfer !== undefined) own.transfer = encoding.transfer;
  if (encoding.required !== undefined) own.required = encoding.required;
  return own;
}

function mediaOf(type: string): string {
  return (type.split(';')[0] ?? '').trim().toLowerCase();
}

/** Whether a media type is multipart/* (a nested part). */
export function isMultipartType(type: string): boolean {
  return mediaOf(type).startsWith('multipart/');
}

const TEXT_TYPES = new Set([
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/javascript',
  'application/ecmascript',
  'application/yaml',
  'application/x-yaml',
]);

/** Whether a media type is text (read as a string, or parsed as JSON). */
export function isTextPartType(type: string): boolean {
  const media = mediaOf(type);
  return media.startsWith('text/') || isJsonMedia(media) || media.endsWith('+xml') || TEXT_TYPES.has(media);
}

/** The types of a contentType list. */
export function partTypes(list: string | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
}

/**
 * The Content-Type a part is written with, for a value that is bytes or not: the first of the
 * list of that kind that is no wildcard, else application/octet-stream for bytes, and for other
 * values its first concrete type, else text/plain for a string, application/json else.
 */
export function writtenPartType(list: string | undefined, bytes: boolean, value: unknown): string {
  const concrete = partTypes(list).filter((t) => !t.includes('*'));
  for (const type of concrete) {
    if (isMultipartType(type)) return type;
    if (isTextPartType(type) !== bytes) return type;
  }
  if (bytes) return 'application/octet-stream';
  // Text where the encoding names binary types only (a sample shown in the docs): its first type.
  if (concrete[0] !== undefined) return concrete[0];
  return typeof value === 'string' ? 'text/plain' : 'application/json';
}

/** Whether every type of a contentType list is binary (none text, none multipart). */
export function isBinaryList(list: string | undefined): boolean {
  const types = partTypes(list);
  return types.length > 0 && types.every((t) => !isTextPartType(t) && !isMultipartType(t));
}

/** The bytes of a base64 body (RFC 2045: line breaks and white space ignored), or undefined when it is not base64. */
export function decodeBase64(text: string): Uint8Array | undefined {
  const clean = text.replace(/[\s]+/g, '');
  if (clean.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) return undefined;
  const binary = atob(clean);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** The base64 of `bytes` in lines of 76 characters (RFC 2045). */
export function encodeBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  const text = btoa(binary);
  const lines: string[] = [];
  for (let i = 0; i < text.length; i += 76) lines.push(text.slice(i, i + 76));
  return lines.join('\r\n');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An Encoding Object as the contract model holds it (src/contract/model-types.ts's MediaEncodingModel). */
export interface EncodingSource {
  contentType?: string;
  headers?: Record<string, { required: boolean }>;
  prefixEncoding?: EncodingSource[];
  itemEncoding?: EncodingSource;
}

const STRUCTURE = ['properties', 'items', 'prefixItems', 'oneOf', 'anyOf', 'allOf', 'not', 'enum', 'const', 'required', 'if', '$ref', 'additionalProperties'];

/** The spec's default Content-Type of a part described by `schema` when it is binary (Encoding Object defaults), or undefined. */
function binaryDefault(schema: unknown, resolve: (ref: string) => unknown): { type: string; transfer?: 'base64' } | undefined {
  let node = schema;
  for (let i = 0; i < 16 && isObject(node) && typeof node['$ref'] === 'string'; i++) node = resolve(node['$ref']);
  if (!isObject(node)) return undefined;
  if (typeof node['contentEncoding'] === 'string')
    return node['contentEncoding'] === 'base64' ? { type: 'application/octet-stream', transfer: 'base64' } : { type: 'application/octet-stream' };
  if (node['type'] === 'string' && node['format'] === 'binary') return { type: 'application/octet-stream' };
  if (node['type'] !== undefined) return undefined;
  if (typeof node['contentMediaType'] === 'string') return isTextPartType(node['contentMediaType']) ? undefined : { type: node['contentMediaType'] };
  return STRUCTURE.some((k) => node[k] !== undefined) ? undefined : { type: 'application/octet-stream' };
}

/**
 * How a part is encoded, from its Encoding Object (maybe none) and the item schema: its type, whether
 * it is bytes, its transfer encoding and required headers, and (for a multipart part, one level
 * deeper at most) the encodings of its own parts.
 */
export function partEncodingOf(encoding: EncodingSource | undefined, schema: unknown, resolve: (ref: string) => unknown, depth = 0): PartEncodingSpec {
  const out: PartEncodingSpec = {};
  const fallback = binaryDefault(schema, resolve);
  const type = encoding?.contentType ?? fallback?.type;
  if (type !== undefined) out.contentType = type;
  if (isBinaryList(type)) out.binary = true;
  if (fallback?.transfer !== undefined && out.binary === true) out.transfer = fallback.transfer;
  const required = Object.entries(encoding?.headers ?? {})
    .filter(([name, h]) => h.required && !['content-type', 'content-transfer-encoding'].includes(name.toLowerCase()))
    .map(([name]) => name);
  if (required.length > 0) out.required = required;
  if (depth < 1 && type !== undefined && partTypes(type).some(isMultipartType)) {
    // The parts below know no schema of their own (their item schema is the array's): the encoding's types alone.
    if (encoding?.prefixEncoding !== undefined) out.prefix = encoding.prefixEncoding.map((e) => partEncodingOf(e, undefined, resolve, depth + 1));
    if (encoding?.itemEncoding !== undefined) out.item = partEncodingOf(encoding.itemEncoding, undefined, resolve, depth + 1);
  }
  return out;
}

/**
 * The stream table's part encodings of a multipart/mixed media type: its item encoding's fields,
 * and `prefix` for its prefixEncoding. Empty fields are left out.
 */
export function streamPartsOf(
  itemEncoding: EncodingSource | undefined,
  prefixEncoding: EncodingSource[] | undefined,
  itemSchema: unknown,
  resolve: (ref: string) => unknown,
): PartEncodingSpec {
  const item = partEncodingOf(itemEncoding, itemSchema, resolve);
  // A nested item encoding keeps its own parts' encodings under `item` (the top's `prefix` is the stream's).
  const out: PartEncodingSpec = item.prefix !== undefined || item.item !== undefined ? { ...item, prefix: [], item } : item;
  if (out.prefix?.length === 0) delete out.prefix;
  if (prefixEncoding !== undefined) out.prefix = prefixEncoding.map((e) => partEncodingOf(e, itemSchema, resolve));
  return out;
}

/** What a handler may say of one part besides its body. */
export interface MultipartPartOptions {
  /** The part's headers (an encoding's `headers`); not Content-Type nor Content-Transfer-Encoding. */
  headers?: Readonly<Record<string, string>>;
  /** Which of the encoding's types the part is (its Content-Type), where the encoding lists several. */
  contentType?: string;
}

/**
 * A multipart/mixed item with headers of its own or a chosen Content-Type: a handler yields
 * `new MultipartPart(body, { headers, contentType })` where it would yield `body`. The body is
 * validated and written as the item would be.
 */
export class MultipartPart<Body = unknown> {
  constructor(
    readonly body: Body,
    readonly options: MultipartPartOptions = {},
  ) {}
}

/** The body of an item (a MultipartPart's, or the item itself). */
export function itemBody(item: unknown): unknown {
  return item instanceof MultipartPart ? (item as MultipartPart).body : item;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}$/;

/** Whether `type` is one of a contentType list (wildcards like image/* match), or the list is empty. */
export function listedType(list: string | undefined, type: string): boolean {
  const types = partTypes(list);
  const media = mediaOf(type);
  return types.length === 0 || types.some((t) => t === '*/*' || mediaOf(t) === media || (t.endsWith('/*') && media.startsWith(mediaOf(t).slice(0, -1))));
}

/**
 * The header lines a part's options add (each ending CRLF), or why they cannot be written: a name
 * that is no token, a value with a line break or NUL, Content-Type or Content-Transfer-Encoding
 * (written from the encoding), or a header the encoding requires missing.
 */
export function partHeaderLines(
  options: MultipartPartOptions | undefined,
  required: readonly string[] | undefined,
): { ok: true; text: string } | { ok: false; reason: string } {
  let text = '';
  const names = new Set<string>();
  for (const [name, value] of Object.entries(options?.headers ?? {})) {
    if (!TOKEN.test(name)) return { ok: false, reason: `the part header name ${JSON.stringify(name.slice(0, 64))} is not a token` };
    const lower = name.toLowerCase();
    if (lower === 'content-type' || lower === 'content-transfer-encoding')
      return { ok: false, reason: `the part's ${name} is written from its encoding (use contentType)` };
    if (typeof value !== 'string' || /[\r\n\0]/.test(value))
      return { ok: false, reason: `the part header ${name} holds a line break or NUL, or is not a string` };
    names.add(lower);
    text += `${name}: ${value}\r\n`;
  }
  for (const name of required ?? [])
    if (!names.has(name.toLowerCase())) return { ok: false, reason: `the part has no ${name} header (its encoding requires it)` };
  return { ok: true, text };
}
