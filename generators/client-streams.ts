/**
 * The clients' view of OpenAPI 3.2 streams: which declared answers are streams of items (a
 * sequential media type with `itemSchema` that the runtime reads item by item: server-sent events,
 * JSON Lines, JSON text sequences, multipart/mixed parts) and how each is framed. A stream type
 * without `itemSchema` stays the raw body, as before.
 */
import type { ContractModel, MediaTypeModel } from '../src/contract/model-types.js';
import { isRecord, resolveLocalRef } from '../src/contract/pointer.js';
import type { StreamItemsTable } from '../src/runtime/client/stream-items.js';
import { streamFraming } from '../src/runtime/shared/stream-media.js';
import { streamPartsOf } from '../src/runtime/shared/stream-parts.js';
import { isJsonMedia } from '../src/runtime/shared/json-media.js';

/** Whether a server-sent event item's `data` carries JSON (`contentMediaType` JSON with a `contentSchema`). */
function eventDataIsJson(model: ContractModel, item: unknown): boolean {
  let node = item;
  for (let i = 0; i < 16 && isRecord(node) && typeof node['$ref'] === 'string'; i++) node = resolveLocalRef(model.document, node['$ref'])?.value;
  if (!isRecord(node) || !isRecord(node['properties'])) return false;
  const data = node['properties']['data'];
  return isRecord(data) && isJsonMedia(data['contentMediaType']) && data['contentSchema'] !== undefined;
}

/** How the clients read `media`'s items, or undefined when it is not read item by item. */
export function clientStreamItems(model: ContractModel, media: MediaTypeModel): StreamItemsTable | undefined {
  const framing = streamFraming(media.type);
  if (framing === undefined || media.itemSchema === undefined) return undefined;
  const table: StreamItemsTable = { type: media.type, framing };
  if (framing === 'sse' && eventDataIsJson(model, media.itemSchema)) table.jsonData = true;
  if (framing === 'multipart') {
    const resolve = (ref: string): unknown => resolveLocalRef(model.document, ref)?.value;
    return { ...streamPartsOf(media.itemEncoding, media.prefixEncoding, media.itemSchema, resolve), ...table };
  }
  return table;
}
