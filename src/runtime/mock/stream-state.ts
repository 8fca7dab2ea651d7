/**
 * Streams (OpenAPI 3.2 `itemSchema`) over the stateful mock's collections. A list answered as a
 * stream sends the stored documents, each as one item (a server-sent event's JSON `data`); a stream
 * about one stored document sends its example or sampled items, each carrying the document's values
 * where the item (an event's JSON data) has a property of the same name, one property at a time and
 * only where the item stays valid.
 */
import { isRecord } from '../shared/object.js';
import type { MockResponse } from '../shared/spec.js';
import { clone, setOwn } from './paths.js';

type Resolve = (ref: string) => unknown;

/** The schema of the thing one item holds: an event's JSON data (none for text data), else the item. */
export function thingSchema(response: MockResponse, resolve: Resolve): unknown {
  const items = response.items;
  if (items === undefined) return undefined;
  if (items.framing !== 'sse') return items.schema;
  // The mock's item schema is already typed (data is the contentSchema): read its data property.
  if (items.jsonData !== true) return undefined;
  let node: unknown = items.schema;
  for (let i = 0; i < 16 && isRecord(node) && typeof node['$ref'] === 'string'; i++) node = resolve(node['$ref']);
  if (!isRecord(node) || !isRecord(node['properties'])) return undefined;
  return node['properties']['data'];
}

/** Whether the item's thing sits in an event's `data` (server-sent events with JSON data). */
function inData(response: MockResponse): boolean {
  return response.items?.framing === 'sse';
}

/** A stored document as one item of a list stream: the document, or an event (`base`) whose data it is. */
export function storedItem(response: MockResponse, base: () => unknown, doc: unknown): unknown {
  if (!inData(response)) return doc;
  const event = base();
  return { ...(isRecord(event) ? event : {}), data: doc };
}

/**
 * `item` carrying `values` (a stored document as shown) where the item's thing (an event's data)
 * has a property of the same name (`names`: the thing schema's properties); each value is kept only
 * where the item stays valid (`validate`, one item), so a value the item types otherwise is left as
 * sampled.
 */
export function carried(
  response: MockResponse,
  item: unknown,
  values: Record<string, unknown>,
  names: Set<string>,
  validate?: (v: unknown) => boolean,
): unknown {
  const copy = clone(item);
  const target = inData(response) ? (isRecord(copy) ? copy['data'] : undefined) : copy;
  if (!isRecord(target)) return item;
  for (const [name, value] of Object.entries(values)) {
    if (!names.has(name) || value === undefined) continue;
    const had = Object.hasOwn(target, name);
    const before = target[name];
    setOwn(target, name, clone(value));
    if (validate && !validate(copy)) {
      if (had) setOwn(target, name, before);
      else delete target[name];
    }
  }
  return copy;
}
