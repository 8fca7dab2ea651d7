/**
 * multipart/mixed streams (RFC 2046, section 5.1) read part by part for readStreamItems
 * (stream-read.ts): each part is an item. The boundary is the `boundary` parameter of the answer's
 * Content-Type; the preamble and the epilogue are ignored; parts are separated by CRLF--boundary
 * (LF accepted), followed by optional transport padding and a line end; each part holds its headers,
 * a blank line and its body. Part i is read by its own Content-Type, else by its encoding's
 * (stream-parts.ts: `prefixEncoding[i]`, else `itemEncoding`; text/plain without either, as RFC 2046
 * says, application/octet-stream for a binary encoding): JSON is parsed, text kept as a string, a
 * binary type read as bytes (a Uint8Array), and a multipart/* part (one level deep) read as the
 * array of its parts, by the same rules and within the same part's bytes (deeper, as bytes; a
 * nested part without a boundary is a `framing` error). `Content-Transfer-Encoding` 7bit, 8bit and
 * binary are read as they are, base64 decoded (a body that is not base64 is a `parse` error), any
 * other is a `framing` error naming the part; a header the encoding requires and the part lacks is
 * an `invalid` error naming it. The close delimiter --boundary-- ends the stream; a body that ends
 * before it is truncated (also what a server that stopped early sends: a last delimiter, then
 * nothing). Browser-safe.
 *
 * Linear in the bytes read: the delimiter is searched in the new bytes only (and the few before
 * them that could start one), and a part is buffered only up to `maxItemBytes` (past it, an
 * `item-too-large` error before the part is whole); the preamble is not kept.
 */

import { decodeBase64, isMultipartType, isTextPartType, listedType, partEncodingAt, partTypes, type PartEncodingSpec } from './stream-parts.js';
import { isJsonMedia } from './json-media.js';

/** What the reader gives a framer (stream-read.ts's Context). */
export interface MultipartContext {
  decode(bytes: Uint8Array): string;
  index(): number;
  maxItemBytes: number;
  fail(code: 'item-too-large' | 'parse' | 'truncated' | 'framing' | 'invalid', message: string): never;
}

/** A framer (stream-read.ts's Framer). */
export interface MultipartFramer {
  chunk(bytes: Uint8Array, emit: (item: unknown) => void): void;
  end(emit: (item: unknown) => void): void;
}

const LF = 0x0a;
const CR = 0x0d;
const DASH = 0x2d;
const SPACE = 0x20;
const TAB = 0x09;
/** The most bytes of transport padding after a delimiter. */
const MAX_PADDING = 1024;

/** The `boundary` parameter of a Content-Type (quoted or not), or undefined. */
export function boundaryOf(contentType: string | null | undefined): string | undefined {
  if (typeof contentType !== 'string') return undefined;
  const match = /;\s*boundary\s*=\s*(?:"((?:[^"\\\r\n]|\\[^\r\n])*)"|([^;\s"]+))/i.exec(contentType);
  if (match === null) return undefined;
  const value = match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : (match[2] ?? '');
  // RFC 2046: 1 to 70 characters, none a line break (a longer one is tolerated, within reason).
  return value.length >= 1 && value.length <= 256 && !/[\r\n]/.test(value) ? value : undefined;
}

/** A byte buffer appended at its end and consumed from its start, compacted when half is consumed. */
class Window {
  data = new Uint8Array(1024);
  start = 0;
  end = 0;

  /** Appends `bytes`; returns how far the live bytes moved back (indices into `data` shift by it). */
  append(bytes: Uint8Array): number {
    let shift = 0;
    if (this.end + bytes.length > this.data.length) {
      const live = this.end - this.start;
      const need = live + bytes.length;
      // In place when at least half was consumed (its copy paid for by those bytes), else twice as large.
      const next = need <= this.data.length && this.start >= this.data.length / 2 ? this.data : new Uint8Array(Math.max(need, this.data.length * 2));
      next.set(this.data.subarray(this.start, this.end), 0);
      shift = this.start;
      this.data = next;
      this.end = live;
      this.start = 0;
    }
    this.data.set(bytes, this.end);
    this.end += bytes.length;
    return shift;
  }

  /** The live bytes and those before them (indices as in `data`). */
  view(): Uint8Array {
    return this.data.subarray(0, this.end);
  }

  /** Forgets the bytes before `at`. */
  consume(at: number): void {
    this.start = at;
  }
}

/**
 * The framer of a multipart/mixed stream whose answer has the Content-Type `contentType`; `encoding`
 * the parts' encodings (`top`: those of the stream, else of a nested part's).
 */
export function multipartFramer(
  ctx: MultipartContext,
  contentType: string | null | undefined,
  partType: string | undefined,
  encoding?: PartEncodingSpec,
  top = true,
): MultipartFramer {
  const boundary = boundaryOf(contentType);
  // The delimiter is LF--boundary (its CR, when there, ends the part before it).
  const delimiter = boundary === undefined ? new Uint8Array(0) : new TextEncoder().encode(`\n--${boundary}`);
  const buf = new Window();
  /** The position of the next part (which picks its encoding). */
  let position = 0;
  // A virtual line end first, so that a delimiter at the very start of the body is found too.
  buf.append(new Uint8Array([CR, LF]));
  let state: 'preamble' | 'part' | 'done' = 'preamble';
  /** Where the next search for a delimiter begins (what is before it was searched). */
  let scan = 0;
  /** Where a found delimiter begins (-1: none yet), and how far its line's end was searched. */
  let found = -1;
  let lineScan = 0;

  const noBoundary = (): never =>
    ctx.fail(
      'framing',
      `stream item ${ctx.index()}: the multipart/mixed answer names no usable boundary in its Content-Type (${JSON.stringify(contentType ?? '')})`,
    );

  const tooLarge = (): never => ctx.fail('item-too-large', `stream item ${ctx.index()}: the part is larger than ${ctx.maxItemBytes} bytes`);

  /** The next delimiter at or after `scan`, or -1 (linear: the delimiter holds one LF, its first byte). */
  const search = (): number => {
    const data = buf.view();
    const last = buf.end - delimiter.length;
    for (let i = data.indexOf(LF, scan); i >= 0 && i <= last; i = data.indexOf(LF, i + 1)) {
      let j = 1;
      while (j < delimiter.length && data[i + j] === delimiter[j]) j++;
      if (j === delimiter.length) return i;
    }
    return -1;
  };

  const emitPart = (from: number, to: number, emit: (item: unknown) => void): void => {
    // The CR of the CRLF before the delimiter belongs to the delimiter.
    if (to > from && buf.data[to - 1] === CR) to--;
    if (to - from > ctx.maxItemBytes) tooLarge();
    const part = buf.data.subarray(from, to);
    // The headers end at the first blank line (or the part starts with one: no headers).
    let bodyAt = -1;
    let headEnd = 0;
    if (part[0] === LF) bodyAt = 1;
    else if (part[0] === CR && part[1] === LF) bodyAt = 2;
    else
      for (let i = part.indexOf(LF); i >= 0; i = part.indexOf(LF, i + 1)) {
        if (part[i + 1] === LF) [headEnd, bodyAt] = [i, i + 2];
        else if (part[i + 1] === CR && part[i + 2] === LF) [headEnd, bodyAt] = [i, i + 3];
        if (bodyAt >= 0) break;
      }
    // A part of headers alone has an empty body.
    if (bodyAt < 0) [headEnd, bodyAt] = [part.length, part.length];
    const headers = new Map<string, string>();
    for (const line of ctx.decode(part.subarray(0, headEnd)).split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const encoded = partEncodingAt(encoding, position++, top) ?? (partType !== undefined ? { contentType: partType } : undefined);
    emit(partValue(ctx, headers, part.subarray(bodyAt), encoded, top));
  };

  return {
    chunk(bytes, emit) {
      if (boundary === undefined) noBoundary();
      if (state === 'done') return;
      const shift = buf.append(bytes);
      scan -= shift;
      found = found < 0 ? found : found - shift;
      lineScan -= shift;
      for (;;) {
        if (found < 0) {
          found = search();
          if (found < 0) {
            // Candidates before here were all tried: a delimiter can only start in the last bytes.
            scan = Math.max(buf.start, buf.end - delimiter.length + 1);
            if (state === 'preamble') buf.consume(scan);
            else if (buf.end - buf.start > ctx.maxItemBytes + delimiter.length + 1) tooLarge();
            return;
          }
          lineScan = found + delimiter.length;
        }
        const after = found + delimiter.length;
        if (buf.end - after < 2) return;
        const data = buf.view();
        if (data[after] === DASH && data[after + 1] === DASH) {
          // The close delimiter: the last part ends here; the epilogue is ignored.
          if (state === 'part') emitPart(buf.start, found, emit);
          state = 'done';
          buf.consume(buf.end);
          return;
        }
        const lineEnd = data.indexOf(LF, lineScan);
        if (lineEnd < 0) {
          lineScan = buf.end;
          if (buf.end - after > MAX_PADDING)
            ctx.fail('framing', `stream item ${ctx.index()}: the line of a multipart delimiter is longer than ${MAX_PADDING} bytes`);
          return;
        }
        let padding = true;
        for (let i = after; i < lineEnd; i++) {
          const b = data[i];
          if (b !== SPACE && b !== TAB && !(b === CR && i === lineEnd - 1)) padding = false;
        }
        if (!padding) {
          // The boundary was only the start of a line (--boundaryX): not a delimiter.
          scan = found + 1;
          found = -1;
          continue;
        }
        if (state === 'part') emitPart(buf.start, found, emit);
        state = 'part';
        buf.consume(lineEnd + 1);
        scan = buf.start;
        found = -1;
      }
    },
    end() {
      if (boundary === undefined) noBoundary();
      if (state !== 'done') ctx.fail('truncated', `stream item ${ctx.index()}: the multipart stream ends without its close delimiter (--${boundary}--)`);
    },
  };
}

/** Transfer encodings read as they are (RFC 2045: the identity). */
const IDENTITY = new Set(['7bit', '8bit', 'binary']);

/** The value of one part (see the module's comment); `top`: a part of the stream, not of a nested part. */
function partValue(ctx: MultipartContext, headers: Map<string, string>, raw: Uint8Array, encoding: PartEncodingSpec | undefined, top: boolean): unknown {
  const at = `stream item ${ctx.index()}${top ? '' : ' (a nested part)'}`;
  for (const name of encoding?.required ?? [])
    if (!headers.has(name.toLowerCase())) ctx.fail('invalid', `${at}: the part has no ${name} header (its encoding requires it)`);
  const transfer = headers.get('content-transfer-encoding')?.toLowerCase();
  let body = raw;
  if (transfer === 'base64') {
    const decoded = decodeBase64(ctx.decode(raw));
    if (decoded === undefined) ctx.fail('parse', `${at}: the part's body is not base64 (its Content-Transfer-Encoding)`);
    body = decoded;
  } else if (transfer !== undefined && !IDENTITY.has(transfer))
    ctx.fail(
      'framing',
      `${at}: the part's Content-Transfer-Encoding ${JSON.stringify(transfer.slice(0, 64))} is not supported (7bit, 8bit, binary and base64 are)`,
    );
  const type = headers.get('content-type') ?? partTypes(encoding?.contentType)[0] ?? (encoding?.binary === true ? 'application/octet-stream' : 'text/plain');
  // A part's own Content-Type must be one its encoding allows: a server cannot escape the item
  // schema by labelling a JSON item as bytes (binary parts are not judged by the schema).
  if (top && encoding !== undefined && headers.has('content-type')) {
    const shown = JSON.stringify(type.slice(0, 64));
    if (encoding.contentType !== undefined && !listedType(encoding.contentType, type))
      ctx.fail('invalid', `${at}: the part's Content-Type ${shown} is not one its encoding allows (${encoding.contentType})`);
    if (encoding.contentType === undefined && encoding.binary !== true && !isTextPartType(type) && !isMultipartType(type))
      ctx.fail('invalid', `${at}: the part is bytes (Content-Type ${shown}) where its item is not binary`);
  }
  if (isMultipartType(type)) {
    // One level is read as its parts (the whole part is within maxItemBytes already); deeper, as bytes.
    if (!top) return body.slice();
    const parts: unknown[] = [];
    const inner = multipartFramer(ctx, type, undefined, encoding, false);
    inner.chunk(body, (p) => parts.push(p));
    inner.end((p) => parts.push(p));
    return parts;
  }
  if (!isTextPartType(type)) return body.slice();
  const text = ctx.decode(body);
  if (!isJsonMedia(type)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    return ctx.fail('parse', `${at}: the part is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}
