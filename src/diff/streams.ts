/**
 * OpenAPI 3.2 streams in the diff: a media type whose body is a sequence of items (`itemSchema`, or
 * a sequential media type such as `text/event-stream`). Its items are compared as a schema of their
 * own (scopes `request-stream-item`, `response-stream-item`); a stream whose media type changes
 * (another framing, or a plain body turned into a stream) is one change, not a media type removed.
 */
import { joinPointer } from '../contract/pointer.js';
import type { MediaTypeModel } from '../contract/model.js';
import { streamFraming } from '../runtime/shared/stream-media.js';
import type { Emit } from './change.js';
import type { ContextFactory } from './parameters.js';
import { compareSchemas } from './schema-diff.js';

/** Whether a media type carries a stream of items. */
export function isStream(m: MediaTypeModel): boolean {
  return m.itemSchema !== undefined || streamFraming(m.type) !== undefined;
}

function framingText(m: MediaTypeModel): string {
  return `${m.type} (${streamFraming(m.type) ?? (m.itemSchema !== undefined ? 'stream' : 'not a stream')})`;
}

/**
 * The media types removed from a body, each paired with one added, when one of the two is a
 * stream: the stream changed its media type. What stays unpaired is removed as before.
 */
export function streamSwaps(removed: MediaTypeModel[], added: MediaTypeModel[]): { swaps: Array<[MediaTypeModel, MediaTypeModel]>; removed: MediaTypeModel[] } {
  const free = [...added];
  const swaps: Array<[MediaTypeModel, MediaTypeModel]> = [];
  const rest: MediaTypeModel[] = [];
  for (const m of removed) {
    const i = free.findIndex((a) => isStream(a) || isStream(m));
    if (i >= 0 && (isStream(m) || isStream(free[i] as MediaTypeModel))) swaps.push([m, free.splice(i, 1)[0] as MediaTypeModel]);
    else rest.push(m);
  }
  return { swaps, removed: rest };
}

/** A stream's media type changed: reported once, and its items compared when both sides have them. */
export function streamChanged(bm: MediaTypeModel, hm: MediaTypeModel, direction: 'request' | 'response', label: string, emit: Emit, ctx: ContextFactory): void {
  emit(
    direction === 'request' ? 'request-stream-media-type-changed' : 'response-stream-media-type-changed',
    hm.pointer,
    `${label} stream ${framingText(bm)} is now ${framingText(hm)}: ${direction === 'request' ? 'clients send the old framing' : 'clients parse the old framing'}`,
  );
  compareItems(bm, hm, direction, `${label} (${hm.type})`, ctx);
}

/** The item schemas of a stream on both sides, compared in the direction values travel. */
export function compareItems(bm: MediaTypeModel, hm: MediaTypeModel, direction: 'request' | 'response', where: string, ctx: ContextFactory): void {
  if (bm.itemSchema === undefined || hm.itemSchema === undefined) return;
  const c = ctx(direction, direction === 'request' ? 'request-stream-item' : 'response-stream-item', `${where} each item`);
  compareSchemas(c.base.at(joinPointer(bm.pointer, 'itemSchema')), c.head.at(joinPointer(hm.pointer, 'itemSchema')), c);
}
