/**
 * The mock's multipart/mixed items (OpenAPI 3.2 `itemEncoding` / `prefixEncoding`): an item sampled
 * from the item schema, or written in an example, is made what its part's encoding asks
 * (src/runtime/shared/stream-parts.ts): bytes for a binary part (a string's UTF-8, or any other
 * value's JSON), the array of its parts for a nested multipart part (each made by its own encoding),
 * and a header the encoding requires filled with the part's index (the mock knows no value for it).
 */
import type { StreamItemsSpec } from '../shared/spec.js';
import { isMultipartType, MultipartPart, partEncodingAt, partTypes, type PartEncodingSpec } from '../shared/stream-parts.js';

const ENCODER = new TextEncoder();

function bytesOf(value: unknown): Uint8Array {
  if (value instanceof Uint8Array) return value;
  return ENCODER.encode(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
}

function made(value: unknown, encoding: PartEncodingSpec | undefined, index: number, depth: number): unknown {
  let body = value;
  if (encoding?.binary === true) body = bytesOf(value);
  else if (depth === 0 && partTypes(encoding?.contentType).some(isMultipartType) && !Array.isArray(value)) {
    const below = encoding?.prefix ?? [encoding?.item];
    body = below.map((e, j) => made(value, e, j, depth + 1));
  }
  const required = encoding?.required ?? [];
  if (required.length === 0) return body;
  return new MultipartPart(body, { headers: Object.fromEntries(required.map((name) => [name, String(index)])) });
}

/** Item `index` of a stream as its multipart part's encoding makes it (other framings: as it is). */
export function mockPart(items: StreamItemsSpec | undefined, value: unknown, index: number): unknown {
  if (items?.framing !== 'multipart') return value;
  return made(value, partEncodingAt(items, index, true), index, 0);
}
