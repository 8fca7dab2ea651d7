/**
 * Sequential media types (OpenAPI 3.2 streams): a body that is a sequence of items, each described
 * by the media type's `itemSchema`, framed by the media type. One list for the generators, the
 * runtime, the mock, `test` and the docs.
 */

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
