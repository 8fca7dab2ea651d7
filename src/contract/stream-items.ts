/**
 * OpenAPI 3.2 streams in the contract's tables: what a media type with `itemSchema` streams (its
 * framing, whether a server-sent event's data is JSON) and the schema of ONE item as validated
 * (the convention in src/runtime/shared/stream-media.ts).
 */
import type { ContractModel, JsonSchema, MediaTypeModel } from './model-types.js';
import { resolveLocalRef } from './pointer.js';
import type { StreamItemsSpec } from '../runtime/shared/spec.js';
import { normalizeSchema } from './schema-normalize.js';
import { eventDataSchema, streamFraming, typedItemSchema } from '../runtime/shared/stream-media.js';
import { streamPartsOf } from '../runtime/shared/stream-parts.js';

/** How a media type's items are framed, when it streams them (a sequential type with `itemSchema`). */
export type StreamItems = StreamItemsSpec;

function resolver(model: ContractModel): (ref: string) => unknown {
  return (ref) => {
    const found = ref.startsWith('#') ? resolveLocalRef(model.document, ref) : undefined;
    return found === undefined ? undefined : normalizeSchema(found.value, model.version);
  };
}

/** What `mt` streams, or undefined when it is not a stream of items. */
export function streamItemsOf(model: ContractModel, mt: MediaTypeModel): StreamItems | undefined {
  const framing = streamFraming(mt.type);
  if (framing === undefined || mt.itemSchema === undefined) return undefined;
  const items: StreamItems = { framing };
  if (framing === 'sse' && eventDataSchema(mt.itemSchema, resolver(model)) !== undefined) items.jsonData = true;
  if (framing === 'multipart') return { ...streamPartsOf(mt.itemEncoding, mt.prefixEncoding, mt.itemSchema, resolver(model)), ...items };
  return items;
}

/**
 * The schema a response of `mt` is validated with: for a stream of items, ONE item as typed (an
 * event's JSON data as its contentSchema); else the media type's schema.
 */
export function bodySchemaOf(model: ContractModel, mt: MediaTypeModel): JsonSchema | undefined {
  const framing = streamFraming(mt.type);
  if (framing === undefined || mt.itemSchema === undefined) return mt.schema;
  return typedItemSchema(mt.itemSchema, framing, resolver(model)) as JsonSchema;
}
