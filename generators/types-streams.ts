/**
 * types: an OpenAPI 3.2 stream (a sequential media type with `itemSchema`) is typed by its item:
 * `content["text/event-stream"]` is the type of one item, which the client, the SDK and the server
 * wrap as `AsyncIterable<Item>` where the model says the media type streams. openapi-typescript
 * (7.x) knows no `itemSchema` and would print `unknown`; each is given to it as the media type's
 * `schema`. A server-sent event's `data` with `contentMediaType: application/json` and a
 * `contentSchema` is typed as that schema: the runtime parses (and serializes) it as JSON. A
 * multipart/mixed part that is binary (src/runtime/shared/stream-parts.ts: its encoding's type, or a
 * raw binary item schema) is a `Uint8Array`: the item is typed Uint8Array where every part is, and
 * the item's type or Uint8Array where only some are (prefixEncoding).
 */
import { createRequire } from 'node:module';
import type * as TypeScript from 'typescript';
import { isRecord, resolveLocalRef } from '../src/contract/pointer.js';
import { streamFraming, typedItemSchema, type StreamFraming } from '../src/runtime/shared/stream-media.js';
import { streamPartsOf, type EncodingSource } from '../src/runtime/shared/stream-parts.js';

// The TypeScript openapi-typescript prints with (openapi-typescript.ts made it specforge's own).
const ts = createRequire(import.meta.url)('typescript') as typeof TypeScript;

/** The schemas standing for bytes (made here, so no text of a contract can pose as one). */
const BYTES = new WeakSet<object>();

/** openapi-typescript's `transform`: `Uint8Array` for the schema of a binary multipart part. */
export function itemBytesType(schema: unknown): TypeScript.TypeNode | undefined {
  return typeof schema === 'object' && schema !== null && BYTES.has(schema) ? ts.factory.createTypeReferenceNode('Uint8Array') : undefined;
}

function encodingSource(raw: unknown): EncodingSource | undefined {
  if (!isRecord(raw)) return undefined;
  const out: EncodingSource = {};
  if (typeof raw['contentType'] === 'string') out.contentType = raw['contentType'];
  return out;
}

/** The item type's schema of a multipart stream: bytes where every part is binary, either where some are. */
function multipartItem(document: Record<string, unknown>, media: Record<string, unknown>, typed: unknown): unknown {
  const prefix = Array.isArray(media['prefixEncoding']) ? media['prefixEncoding'].map((e) => encodingSource(e) ?? {}) : undefined;
  const parts = streamPartsOf(encodingSource(media['itemEncoding']), prefix, media['itemSchema'], (ref) => resolveLocalRef(document, ref)?.value);
  const positions = [parts, ...(parts.prefix ?? [])];
  const binary = positions.filter((p) => p.binary === true).length;
  if (binary === 0) return typed;
  // openapi-typescript calls `transform` on a schema with a `type` only.
  const bytes = { type: 'string', format: 'binary' };
  BYTES.add(bytes);
  return binary === positions.length ? bytes : { anyOf: [typed, bytes] };
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];

/** The item schema as typed (see `typedItemSchema` in src/runtime/shared/stream-media.ts). */
function typedItem(document: Record<string, unknown>, item: unknown, framing: StreamFraming | undefined): unknown {
  return typedItemSchema(item, framing, (ref) => resolveLocalRef(document, ref)?.value);
}

function markContent(document: Record<string, unknown>, content: unknown): boolean {
  if (!isRecord(content)) return false;
  let found = false;
  for (const [type, media] of Object.entries(content)) {
    if (!isRecord(media) || media['itemSchema'] === undefined) continue;
    const framing = streamFraming(type);
    const typed = typedItem(document, media['itemSchema'], framing);
    media['schema'] = framing === 'multipart' ? multipartItem(document, media, typed) : typed;
    delete media['itemSchema'];
    found = true;
  }
  return found;
}

function markOperation(document: Record<string, unknown>, op: unknown): boolean {
  if (!isRecord(op)) return false;
  let found = false;
  if (isRecord(op['requestBody']) && markContent(document, op['requestBody']['content'])) found = true;
  if (isRecord(op['responses'])) {
    for (const response of Object.values(op['responses'])) if (isRecord(response) && markContent(document, response['content'])) found = true;
  }
  return found;
}

/**
 * Rewrites, in `document` (a copy with deep references already inlined), each media type with an
 * `itemSchema` so its `schema` is the item's type; whether there was any.
 */
export function markItemSchemas(document: Record<string, unknown>): boolean {
  let found = false;
  const components = isRecord(document['components']) ? document['components'] : {};
  const items = [document['paths'], document['webhooks'], components['pathItems']].flatMap((map) => (isRecord(map) ? Object.values(map) : []));
  for (const item of items) {
    if (!isRecord(item)) continue;
    const extra = isRecord(item['additionalOperations']) ? Object.values(item['additionalOperations']) : [];
    for (const op of [...METHODS.map((m) => item[m]), ...extra]) if (markOperation(document, op)) found = true;
  }
  for (const key of ['responses', 'requestBodies']) {
    const map = components[key];
    if (isRecord(map)) for (const entry of Object.values(map)) if (isRecord(entry) && markContent(document, entry['content'])) found = true;
  }
  return found;
}
