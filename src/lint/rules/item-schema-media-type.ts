/**
 * `specforge/item-schema-media-type`: OpenAPI 3.2's `itemSchema` describes each item of a
 * sequential media type (server-sent events, JSON Lines, JSON text sequences, multipart): on any
 * other media type no item is ever read with it, so the schema checks nothing.
 */
import type { Oas3Rule } from '@redocly/openapi-core';

/** The sequential media types OpenAPI 3.2 names, and the `+json-seq` suffix and `multipart/*` family. */
const SEQUENTIAL = new Set(['text/event-stream', 'application/jsonl', 'application/x-ndjson', 'application/x-jsonlines', 'application/json-seq']);

export function isSequentialMediaType(type: string): boolean {
  const essence = type.split(';')[0]?.trim().toLowerCase() ?? '';
  return SEQUENTIAL.has(essence) || essence.endsWith('+json-seq') || essence.startsWith('multipart/');
}

export const ItemSchemaMediaType: Oas3Rule = () => ({
  // Each content map, its media types read through a $ref to components.mediaTypes (OpenAPI 3.2), so
  // a component is judged by the media type it is used under.
  MediaTypesMap(map, ctx) {
    for (const [type, raw] of Object.entries(map as Record<string, unknown>)) {
      const { node } = ctx.resolve(raw as object);
      if (node === undefined || node === null || typeof node !== 'object' || (node as Record<string, unknown>)['itemSchema'] === undefined) continue;
      if (isSequentialMediaType(type)) continue;
      ctx.report({
        message: `${type} is not a sequential media type: its itemSchema describes no item (use it with text/event-stream, application/jsonl, application/x-ndjson, application/json-seq or multipart; schema describes a whole body)`,
        location: ctx.location.child([type]).key(),
      });
    }
  },
});
