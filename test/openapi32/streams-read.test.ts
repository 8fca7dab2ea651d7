/**
 * OpenAPI 3.2 streams, the reader (src/runtime/shared/stream-read.ts): server-sent events as the
 * WHATWG HTML standard interprets an event stream, JSON Lines and JSON text sequences (RFC 7464),
 * read item by item as chunks arrive, within bounds (items, bytes, time, one item's size), ended by an
 * AbortSignal, the body cancelled when the reader is left. A property: random items, framed, cut
 * into random chunks, read back equal.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readStreamItems, StreamReadError, type SseItem, type SseState, type StreamReadOptions } from '../../src/runtime/shared/stream-read.js';
import type { StreamFraming } from '../../src/runtime/shared/stream-media.js';

const encoder = new TextEncoder();

/** A body that hands out `chunks` one by one; `cancelled` says whether the reader cancelled it. */
function body(chunks: (string | Uint8Array)[], options: { endless?: boolean } = {}): { stream: ReadableStream<Uint8Array>; cancelled: () => boolean } {
  let cancelled = false;
  let i = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[i++];
      if (chunk !== undefined) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      else if (options.endless === true) return new Promise<void>(() => undefined);
      else controller.close();
      return undefined;
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}

async function read(chunks: (string | Uint8Array)[], framing: StreamFraming, options: StreamReadOptions = {}): Promise<unknown[]> {
  const items: unknown[] = [];
  for await (const item of readStreamItems(body(chunks).stream, framing, options)) items.push(item);
  return items;
}

async function failure(
  chunks: (string | Uint8Array)[],
  framing: StreamFraming,
  options: StreamReadOptions = {},
): Promise<{ error: StreamReadError; items: unknown[] }> {
  const items: unknown[] = [];
  try {
    for await (const item of readStreamItems(body(chunks).stream, framing, options)) items.push(item);
  } catch (error) {
    if (error instanceof StreamReadError) return { error, items };
    throw error;
  }
  throw new Error(`no error; read ${JSON.stringify(items)}`);
}

describe('server-sent events, as WHATWG HTML interprets an event stream', () => {
  it('joins multi-line data with LF, strips one leading space, ignores comments and unknown fields', async () => {
    const items = await read([': a comment\n', 'data: first\ndata:  second\nfoo: bar\n\n', 'data\n\n'], 'sse');
    expect(items).toEqual([{ data: 'first\n second' }, { data: '' }]);
  });

  it('accepts CR, LF and CRLF line ends, split anywhere (a CRLF across two chunks is one line end)', async () => {
    const items = await read(['data: a\r', '\ndata: b\r\r', 'event: x\ndata: c\r\n\r\n', 'data: d\n\r'], 'sse');
    expect(items).toEqual([{ data: 'a\nb' }, { event: 'x', data: 'c' }, { data: 'd' }]);
  });

  it('drops one UTF-8 byte order mark at the start, even cut in pieces, and keeps a later one', async () => {
    const bom = Uint8Array.of(0xef, 0xbb, 0xbf);
    expect(await read([bom.subarray(0, 1), bom.subarray(1), 'data: x\n\n'], 'sse')).toEqual([{ data: 'x' }]);
    expect(await read([bom, '\uFEFFdata: y\n\ndata: z\n\n'], 'sse')).toEqual([{ data: 'z' }]);
  });

  it('keeps an id without NUL (the last event id for a reconnect), ignores one with NUL, and reads retry of digits only', async () => {
    const state: SseState = { lastEventId: '' };
    const items = await read(['id: 1\ndata: a\n\n', 'id: 2\u0000x\ndata: b\n\n', 'retry: 15x\ndata: c\n\n', 'retry: 2500\ndata: d\n\n'], 'sse', { state });
    expect(items).toEqual([{ id: '1', data: 'a' }, { data: 'b' }, { data: 'c' }, { retry: 2500, data: 'd' }]);
    expect(state).toEqual({ lastEventId: '1', retry: 2500 });
  });

  it('dispatches nothing for an event without data, and drops an event the body ends inside', async () => {
    expect(await read(['event: ping\n\n', 'data: kept\n\n', 'data: lost\n'], 'sse')).toEqual([{ data: 'kept' }]);
    expect(await read(['data: no line end'], 'sse')).toEqual([]);
  });

  it('parses data as JSON when asked, and names the item whose data is not JSON', async () => {
    expect(await read(['data: {"index":0,\ndata: "text":"Hel"}\n\n'], 'sse', { json: true })).toEqual([{ data: { index: 0, text: 'Hel' } }]);
    const { error, items } = await failure(['data: 1\n\ndata: 2\n\ndata: {oops\n\n'], 'sse', { json: true });
    expect(items).toEqual([{ data: 1 }, { data: 2 }]);
    expect(error.code).toBe('parse');
    expect(error.index).toBe(2);
    expect(error.message).toMatch(/^stream item 2: the event data is not JSON/);
  });
});

describe('JSON Lines and JSON text sequences', () => {
  it('JSON Lines: skips blank lines, accepts CRLF and a last line without its LF', async () => {
    expect(await read(['{"a":1}\r\n\n  \n[2', ',3]\n"x"'], 'jsonl')).toEqual([{ a: 1 }, [2, 3], 'x']);
    const { error } = await failure(['{"a":1}\n{"a":\n'], 'jsonl');
    expect([error.code, error.index]).toEqual(['parse', 1]);
    expect(error.message).toMatch(/^stream item 1: the line is not JSON/);
  });

  it('json-seq: RS-separated records, consecutive RS ignored; a truncated record or text before the first RS is an error', async () => {
    expect(await read(['\u001e{"percent":1}\n\u001e\u001e', '{"percent":', '2}\n'], 'json-seq')).toEqual([{ percent: 1 }, { percent: 2 }]);
    const truncated = await failure(['\u001e{"percent":1}\n\u001e{"percent":2}'], 'json-seq');
    expect([truncated.error.code, truncated.error.index, truncated.items]).toEqual(['truncated', 1, [{ percent: 1 }]]);
    expect(truncated.error.message).toBe('stream item 1: the record is truncated (no line feed at its end)');
    const number = await failure(['\u001e12\u001e13\n'], 'json-seq');
    expect(number.error.code).toBe('truncated');
    expect((await failure(['junk\u001e1\n'], 'json-seq')).error.code).toBe('framing');
  });
});

describe('bounds, cancellation and validation', () => {
  it('a line past maxItemBytes is an error before it is whole (the buffer stays bounded)', async () => {
    const chunks = Array.from({ length: 50 }, () => 'x'.repeat(1000));
    expect((await failure(chunks, 'jsonl', { maxItemBytes: 10_000 })).error.code).toBe('item-too-large');
    expect((await failure(['data: ', ...chunks], 'sse', { maxItemBytes: 10_000 })).error.code).toBe('item-too-large');
    // Many short data lines make one large event.
    const lines = Array.from({ length: 2000 }, () => 'data: xxxxxxxxxx\n');
    expect((await failure(lines, 'sse', { maxItemBytes: 10_000 })).error.message).toBe('stream item 0: the event is larger than 10000 bytes');
    expect((await failure(['\u001e', ...chunks], 'json-seq', { maxItemBytes: 10_000 })).error.code).toBe('item-too-large');
  });

  it('maxItems and maxBytes end the stream with an error that says which', async () => {
    const { error, items } = await failure(['1\n2\n3\n4\n'], 'jsonl', { maxItems: 2 });
    expect([error.code, error.index, items]).toEqual(['items-limit', 2, [1, 2]]);
    expect((await failure(['1\n', '2\n', '3\n'], 'jsonl', { maxBytes: 5 })).error.code).toBe('bytes-limit');
  });

  it('a body that never ends is bounded by timeoutMs and idleTimeoutMs, and cancelled', async () => {
    for (const options of [{ timeoutMs: 100 }, { idleTimeoutMs: 100 }]) {
      const source = body(['data: 1\n\n'], { endless: true });
      const items: unknown[] = [];
      const started = Date.now();
      await expect(
        (async () => {
          for await (const item of readStreamItems(source.stream, 'sse', options)) items.push(item);
        })(),
      ).rejects.toThrow(options.timeoutMs === undefined ? 'stream item 1: no data for 100 ms' : 'stream item 1: the stream took longer than 100 ms');
      expect(Date.now() - started).toBeLessThan(2000);
      expect(items).toEqual([{ data: '1' }]);
      expect(source.cancelled()).toBe(true);
    }
  });

  it('an AbortSignal ends reading with its reason and cancels the body; leaving the loop cancels it too', async () => {
    const controller = new AbortController();
    const source = body(['data: 1\n\n'], { endless: true });
    const reading = (async () => {
      for await (const item of readStreamItems(source.stream, 'sse', { signal: controller.signal })) expect(item).toEqual({ data: '1' });
    })();
    setTimeout(() => controller.abort(new Error('stop now')), 20);
    await expect(reading).rejects.toThrow('stop now');
    expect(source.cancelled()).toBe(true);

    const left = body(['1\n2\n', '3\n'], { endless: true });
    for await (const item of readStreamItems(left.stream, 'jsonl')) if (item === 2) break;
    expect(left.cancelled()).toBe(true);
  });

  it('validate names the first bad item; the items before it are handed out', async () => {
    const validate = (item: unknown): string | undefined => (typeof item === 'number' && item < 0 ? 'must be >= 0' : undefined);
    const { error, items } = await failure(['1\n2\n-3\n4\n'], 'jsonl', { validate });
    expect([error.code, error.index, error.message, items]).toEqual(['invalid', 2, 'stream item 2: must be >= 0', [1, 2]]);
  });

  it('a multipart body without a boundary (no contentType given) is a framing error', async () => {
    expect((await failure(['--b\r\n'], 'multipart')).error.code).toBe('framing');
  });
});

describe('property: framed items cut into random chunks read back equal', () => {
  const json = fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);
  const text = fc.string({ unit: 'binary', maxLength: 40 });

  /** Cuts `bytes` at the sorted `cuts`. */
  function cut(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
    const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
    const out: Uint8Array[] = [];
    let start = 0;
    for (const c of at) {
      out.push(bytes.subarray(start, c));
      start = c;
    }
    out.push(bytes.subarray(start));
    return out;
  }

  const cuts = fc.array(fc.nat(), { maxLength: 30 });

  it('JSON Lines and json-seq', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(json, { maxLength: 20 }), cuts, fc.boolean(), async (items, at, crlf) => {
        const lines = encoder.encode(items.map((item) => JSON.stringify(item) + (crlf ? '\r\n' : '\n')).join(''));
        expect(await read(cut(lines, at), 'jsonl')).toEqual(items);
        const records = encoder.encode(items.map((item) => `\u001e${JSON.stringify(item)}\n`).join(''));
        expect(await read(cut(records, at), 'json-seq')).toEqual(items);
      }),
      { numRuns: 150 },
    );
  });

  it('server-sent events (multi-line data, any line end, ids, event names, comments)', async () => {
    const event = fc.record(
      {
        data: fc.array(
          text.map((s) => s.replace(/[\r\n]/g, ' ')),
          { minLength: 1, maxLength: 4 },
        ),
        event: fc.stringMatching(/^[a-z]{1,8}$/),
        id: fc.stringMatching(/^[0-9a-z]{1,6}$/),
        retry: fc.nat(100000),
      },
      { requiredKeys: ['data'] },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(event, { maxLength: 12 }), cuts, fc.constantFrom('\n', '\r', '\r\n'), async (events, at, eol) => {
        const framed = events
          .map((e) => {
            const lines = [': comment'];
            if (e.event !== undefined) lines.push(`event: ${e.event}`);
            if (e.id !== undefined) lines.push(`id:${e.id}`);
            if (e.retry !== undefined) lines.push(`retry: ${e.retry}`);
            for (const line of e.data) lines.push(`data: ${line}`);
            return lines.join(eol) + eol + eol;
          })
          .join('');
        const expected = events.map((e) => {
          const item: SseItem = { data: e.data.join('\n') };
          if (e.event !== undefined) item.event = e.event;
          if (e.id !== undefined) item.id = e.id;
          if (e.retry !== undefined) item.retry = e.retry;
          return item;
        });
        expect(await read(cut(encoder.encode(framed), at), 'sse')).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });
});
