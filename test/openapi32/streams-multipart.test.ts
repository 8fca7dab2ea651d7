/**
 * OpenAPI 3.2 streams, multipart/mixed (RFC 2046) read item by item: the reader
 * (src/runtime/shared/stream-read-multipart.ts through readStreamItems) takes the boundary from the
 * answer's Content-Type, ignores the preamble and the epilogue, reads each part's Content-Type and
 * body (JSON parsed, text kept), ends at the close delimiter, and keeps the bounds of the other
 * framings (one part's size before it is buffered whole, items, bytes). A property: items framed by
 * the server's writer (frameItem), cut into random chunks, read back equal.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readStreamItems, StreamReadError, type StreamReadOptions } from '../../src/runtime/shared/stream-read.js';
import { frameEnd, frameItem } from '../../src/runtime/shared/stream-write.js';

const encoder = new TextEncoder();
const TYPE = 'multipart/mixed; boundary=b0und';

function body(chunks: (string | Uint8Array)[]): { stream: ReadableStream<Uint8Array>; cancelled: () => boolean } {
  let cancelled = false;
  let i = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[i++];
      if (chunk !== undefined) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      else controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}

async function read(chunks: (string | Uint8Array)[], options: StreamReadOptions = { contentType: TYPE }): Promise<unknown[]> {
  const items: unknown[] = [];
  for await (const item of readStreamItems(body(chunks).stream, 'multipart', options)) items.push(item);
  return items;
}

async function failure(
  chunks: (string | Uint8Array)[],
  options: StreamReadOptions = { contentType: TYPE },
): Promise<{ error: StreamReadError; items: unknown[] }> {
  const items: unknown[] = [];
  try {
    for await (const item of readStreamItems(body(chunks).stream, 'multipart', options)) items.push(item);
  } catch (error) {
    if (error instanceof StreamReadError) return { error, items };
    throw error;
  }
  throw new Error(`no error; read ${JSON.stringify(items)}`);
}

/** Cuts `bytes` at the given offsets (taken modulo its length). */
function cut(bytes: Uint8Array, at: number[]): Uint8Array[] {
  const points = [...new Set(at.map((n) => (bytes.length === 0 ? 0 : n % bytes.length)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const p of points) {
    out.push(bytes.subarray(from, p));
    from = p;
  }
  out.push(bytes.subarray(from));
  return out;
}

describe('multipart/mixed, read part by part', () => {
  it('reads JSON parts and text parts, ignoring the preamble and the epilogue (CRLF)', async () => {
    const text =
      'a preamble\r\n--b0und\r\nContent-Type: application/json\r\n\r\n{"n":1}\r\n--b0und\r\ncontent-type: text/plain; charset=utf-8\r\n\r\nline one\r\nline two\r\n--b0und--\r\nan epilogue';
    expect(await read([text])).toEqual([{ n: 1 }, 'line one\r\nline two']);
  });

  it('accepts LF line ends, a quoted boundary, transport padding and a part without headers', async () => {
    const text = '--b0und \n\n{"n":1}\n--b0und\nContent-Type: application/json\n\n[2]\n--b0und--\n';
    expect(await read([text], { contentType: 'multipart/mixed; charset=x; boundary="b0und"', partType: 'application/json' })).toEqual([{ n: 1 }, [2]]);
    // Without the part's own Content-Type nor the itemEncoding's, a part is text/plain (RFC 2046).
    expect(await read(['--b0und\n\n{"n":1}\n--b0und--'])).toEqual(['{"n":1}']);
  });

  it('does not take a line that merely starts with the boundary for a delimiter', async () => {
    expect(await read(['--b0und\r\nContent-Type: text/plain\r\n\r\nx\r\n--b0undary\r\n--b0und--\r\n'])).toEqual(['x\r\n--b0undary']);
  });

  it('reads items framed by the server writer, cut into random chunks, back equal', async () => {
    const json = fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);
    const cuts = fc.array(fc.nat(), { maxLength: 30 });
    await fc.assert(
      fc.asyncProperty(fc.array(json, { maxLength: 8 }), cuts, fc.constantFrom('b', 'specforge-stream-boundary', 'x y'), async (items, at, boundary) => {
        let text = 'preamble\r\n';
        const kept: unknown[] = [];
        for (const item of items) {
          const framed = frameItem('multipart', item, { boundary, contentType: 'application/json' });
          if (!framed.ok) continue;
          text += framed.text;
          kept.push(item);
        }
        text += frameEnd('multipart', { boundary });
        const got = await read(cut(encoder.encode(text), at), { contentType: `multipart/mixed; boundary="${boundary}"` });
        expect(got).toEqual(kept);
      }),
      { numRuns: 150 },
    );
    // Text parts too (the itemEncoding's text/plain), strings as they are.
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ maxLength: 30 }), { maxLength: 6 }), cuts, async (items, at) => {
        const kept = items.filter((s) => !s.includes('--b0und'));
        const text =
          kept.map((s) => (frameItem('multipart', s, { boundary: 'b0und', contentType: 'text/plain' }) as { text: string }).text).join('') + '--b0und--\r\n';
        expect(await read(cut(encoder.encode(text), at))).toEqual(kept);
      }),
      { numRuns: 100 },
    );
  });

  it('a body that ends without the close delimiter is truncated, naming the item', async () => {
    const { error, items } = await failure(['--b0und\r\n\r\nzero\r\n--b0und\r\n\r\none\r\n--b0und\r\n\r\ntw']);
    expect(items).toEqual(['zero', 'one']);
    expect(error.code).toBe('truncated');
    expect(error.index).toBe(2);
    expect(error.message).toMatch(/^stream item 2: .*close delimiter/);
    expect((await failure([''])).error.code).toBe('truncated');
  });

  it('a JSON part that is not JSON is a parse error at its index', async () => {
    const { error, items } = await failure([
      '--b0und\r\nContent-Type: application/json\r\n\r\n1\r\n--b0und\r\nContent-Type: application/json\r\n\r\n{no\r\n--b0und--\r\n',
    ]);
    expect(items).toEqual([1]);
    expect([error.code, error.index]).toEqual(['parse', 1]);
  });

  it('an answer without a boundary is a framing error, and the body is cancelled', async () => {
    const b = body(['--b0und\r\n', '\r\nx\r\n', '--b0und--']);
    const iterator = readStreamItems(b.stream, 'multipart', { contentType: 'multipart/mixed' });
    await expect(iterator.next()).rejects.toMatchObject({ code: 'framing', index: 0 });
    await expect.poll(() => b.cancelled(), { timeout: 1000 }).toBe(true);
  });

  it('a part over maxItemBytes is an error before it is buffered whole; the body is cancelled', async () => {
    const b = body(['--b0und\r\n\r\nsmall\r\n--b0und\r\n\r\n', ...Array.from({ length: 1000 }, () => 'x'.repeat(1024))]);
    const items: unknown[] = [];
    let caught: unknown;
    try {
      for await (const item of readStreamItems(b.stream, 'multipart', { contentType: TYPE, maxItemBytes: 4096 })) items.push(item);
    } catch (error) {
      caught = error;
    }
    expect(items).toEqual(['small']);
    expect(caught).toBeInstanceOf(StreamReadError);
    expect((caught as StreamReadError).code).toBe('item-too-large');
    expect((caught as StreamReadError).index).toBe(1);
    expect(b.cancelled()).toBe(true);
  });

  it('keeps the bounds on items and bytes', async () => {
    const parts = Array.from({ length: 10 }, (_, i) => `--b0und\r\n\r\n${i}\r\n`).join('') + '--b0und--\r\n';
    expect((await failure([parts], { contentType: TYPE, maxItems: 3 })).error.code).toBe('items-limit');
    expect((await failure([parts], { contentType: TYPE, maxBytes: 40 })).error.code).toBe('bytes-limit');
  });

  it('reads a long stream in linear time (no rescanning of what was read)', async () => {
    // 20,000 parts in 1-byte-aligned chunks of 7 bytes: quadratic rescanning would take far longer.
    const text = Array.from({ length: 20_000 }, (_, i) => `--b0und\r\nContent-Type: application/json\r\n\r\n{"i":${i}}\r\n`).join('') + '--b0und--\r\n';
    const bytes = encoder.encode(text);
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < bytes.length; i += 7) chunks.push(bytes.subarray(i, i + 7));
    const started = performance.now();
    const items = await read(chunks);
    expect(items).toHaveLength(20_000);
    expect(items[19_999]).toEqual({ i: 19_999 });
    expect(performance.now() - started).toBeLessThan(5000);
    // One part of 4 MiB in 1 KiB chunks: linear too.
    const big = encoder.encode(`--b0und\r\n\r\n${'y'.repeat(4 * 1024 * 1024)}\r\n--b0und--`);
    const pieces: Uint8Array[] = [];
    for (let i = 0; i < big.length; i += 1024) pieces.push(big.subarray(i, i + 1024));
    const t = performance.now();
    const [one] = await read(pieces);
    expect((one as string).length).toBe(4 * 1024 * 1024);
    expect(performance.now() - t).toBeLessThan(5000);
  }, 30_000);
});
