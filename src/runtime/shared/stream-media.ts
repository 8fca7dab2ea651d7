/**
 * Sequential media types (OpenAPI 3.2 streams): a body that is a sequence of items, each described
 * by the media type's `itemSchema`, framed by the media type. One list for the generators, the
 * runtime, the mock, `test` and the docs.
 */
import { isJsonMedia } from './json-media.js';

/** How the items of a stream are framed on the wire. */
export type StreamFraming = 'sse' | 'jsonl' | 'json-seq' | 'multipart';

/**
 * The framing of a sequential media type, or undefined for a type that is not one: server-sent
 * events, JSON Lines (`application/jsonl`, `application/x-ndjson`, `application/x-jsonlines`), JSON
 * text sequences (RFC 7464) and `multipart/mixed` (each part an item). Parameters are ignored.
 */
export function streamFraming(type: string): StreamFraming | undefined {
  const media = (type.split(';')[0] ?? '').trim().toLowerCase();
  switch (media) {
    case 'text/event-stream':
      return 'sse';
    case 'application/jsonl':
    case 'application/x-ndjson':
    case 'application/ndjson':
    case 'application/x-jsonlines':
      return 'jsonl';
    case 'application/json-seq':
      return 'json-seq';
    case 'multipart/mixed':
      return 'multipart';
    default:
      return undefined;
  }
}

/**
 * THE ITEM CONVENTION (one for the server, the client, the mock, MSW, `test` and the proxy):
 *
 * - An item is what one frame carries, as a value: a JSON Lines line or a JSON text sequence
 *   record parsed as JSON; a multipart part's body (parsed as JSON when its type is JSON); a
 *   server-sent event as an object of its fields `{ event?, id?, retry?, data? }`.
 * - A server-sent event's `data` is a string, unless the item schema's `data` property says it
 *   carries JSON (`contentMediaType: application/json` or a `+json` type, with a `contentSchema`):
 *   then the item holds `data` parsed, the writer stringifies it and a reader parses it.
 * - The response validator of a media type with `itemSchema` (validators.js, by status and media
 *   type, as for any body) checks ONE item, in that form: the typed item schema (`typedItemSchema`:
 *   for server-sent events with JSON data, `data` is the `contentSchema`). The whole stream has no
 *   validator; a reader validates each item it parses, a writer each item before it frames it.
 * - The api tables (OperationSpec.responses[status].items) name, per media type, its framing and
 *   whether its event data is JSON (`jsonData`).
 */

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The `contentSchema` of a server-sent event's JSON `data` (see the convention above), or undefined
 * when its data is text; `resolve` reads a local `$ref` (the item itself may be one, read through up
 * to 16 times).
 */
export function eventDataSchema(item: unknown, resolve: (ref: string) => unknown): unknown {
  let node = item;
  for (let i = 0; i < 16 && isObject(node) && typeof node['$ref'] === 'string'; i++) node = resolve(node['$ref']);
  if (!isObject(node) || !isObject(node['properties'])) return undefined;
  const data = node['properties']['data'];
  if (!isObject(data) || !isJsonMedia(data['contentMediaType']) || data['contentSchema'] === undefined) return undefined;
  return data['contentSchema'];
}

/**
 * The item schema as the item is typed and validated: for an event stream whose `data` carries
 * JSON, the (dereferenced) item with `data` replaced by its `contentSchema`; else the item schema.
 */
export function typedItemSchema(item: unknown, framing: StreamFraming | undefined, resolve: (ref: string) => unknown): unknown {
  if (framing !== 'sse') return item;
  const content = eventDataSchema(item, resolve);
  if (content === undefined) return item;
  let node = item;
  for (let i = 0; i < 16 && isObject(node) && typeof node['$ref'] === 'string'; i++) node = resolve(node['$ref']);
  if (!isObject(node) || !isObject(node['properties'])) return item;
  return { ...node, properties: { ...node['properties'], data: content } };
}
