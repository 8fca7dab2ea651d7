/**
 * multipart/form-data bodies: parsed by a streaming parser within the body limit, fields converted
 * to their schema types, files handed to the handler as UploadedFile values it can buffer or stream,
 * required parts and part content types (encoding.contentType) enforced, malformed bodies refused.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { apiSpec } from '../../src/contract/tables/api.js';
import { compileValidators } from '../../src/contract/tables/validators.js';
import { buildModel } from '../../src/contract/model.js';
import { UploadedFile } from '../../src/runtime/server/body/multipart.js';
import { createRequestListener, type RequestContext } from '../../src/runtime/server/server.js';
import type { BodyOf } from '../../src/runtime/server/node-types.js';

const FIXTURE = 'test/fixtures/media/openapi.yaml';
const LIMIT = 64 * 1024;
let server: Server;
let base = '';
const received: unknown[] = [];

beforeAll(async () => {
  const model = await buildModel(FIXTURE);
  const store = async (ctx: RequestContext): Promise<{ status: 201; body: unknown }> => {
    const body = ctx.body as Record<string, unknown>;
    const file = body['file'];
    // A handler may stream a file as well as read it whole.
    let streamed = 0;
    if (file instanceof UploadedFile) for await (const chunk of file.stream()) streamed += (chunk as Buffer).length;
    received.push(body);
    return { status: 201, body: { ...body, streamed, text: file instanceof UploadedFile ? file.text() : null } };
  };
  const none = (): { status: 200; body: unknown } => ({ status: 200, body: {} });
  server = createServer(
    createRequestListener(
      apiSpec(model),
      compileValidators(model),
      { uploadFile: store, listPaymentIntents: none, createPaymentIntent: none },
      { bodyLimit: LIMIT },
    ),
  );
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((ok) => server.close(() => ok()));
});

function form(parts: Array<[string, string | Blob, string?]>): FormData {
  const data = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === 'string') data.append(name, value);
    else data.append(name, value, filename);
  }
  return data;
}

const png = (text = 'PNGDATA'): Blob => new Blob([text], { type: 'image/png' });

async function upload(body: FormData | string, headers: Record<string, string> = {}): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${base}/v1/files`, { method: 'POST', body, headers });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe('multipart bodies', () => {
  it('a file, typed fields, repeated fields, a JSON part and several files reach the handler', async () => {
    const data = form([
      ['file', png(), 'photo.png'],
      ['caption', 'a cat'],
      ['copies', '3'],
      ['tags', 'pets'],
      ['tags', 'cats'],
      ['attachments', png('A'), 'a.png'],
      ['attachments', png('B'), 'b.png'],
    ]);
    data.append('options', new Blob([JSON.stringify({ dpi: 300 })], { type: 'application/json' }));
    const res = await upload(data);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({
      file: { filename: 'photo.png', contentType: 'image/png', size: 7 },
      caption: 'a cat',
      copies: 3,
      tags: ['pets', 'cats'],
      attachments: [
        { filename: 'a.png', size: 1 },
        { filename: 'b.png', size: 1 },
      ],
      streamed: 7,
      text: 'PNGDATA',
    });
    const last = received[received.length - 1] as Record<string, unknown>;
    expect(last['file']).toBeInstanceOf(UploadedFile);
  });

  it.each([
    ['a missing required file', () => form([['caption', 'x']]), '/file', /required/],
    [
      'a field over its maxLength',
      () =>
        form([
          ['file', png(), 'p.png'],
          ['caption', 'x'.repeat(21)],
        ]),
      '/caption',
      /more than 20/,
    ],
    [
      'a field that is not an integer',
      () =>
        form([
          ['file', png(), 'p.png'],
          ['copies', 'many'],
        ]),
      '/copies',
      /integer/,
    ],
    [
      'a file of a content type the encoding refuses',
      () => form([['file', new Blob(['x'], { type: 'text/plain' }), 'p.txt']]),
      '/file',
      /content type text\/plain; allowed: image\/png, image\/jpeg/,
    ],
    [
      'too many files',
      () =>
        form([
          ['file', png(), 'p.png'],
          ['attachments', png(), 'a'],
          ['attachments', png(), 'b'],
          ['attachments', png(), 'c'],
        ]),
      '/attachments',
      /more than 2/,
    ],
  ])('%s is a 400 naming the part', async (_name, make, pointer, message) => {
    const res = await upload(make());
    expect(res.status).toBe(400);
    const errors = (res.json['errors'] ?? []) as Array<{ pointer?: string; message: string }>;
    const found = errors.find((e) => e.pointer === pointer);
    expect(found, JSON.stringify(res.json)).toBeDefined();
    expect(found?.message).toMatch(message);
  });

  it('a malformed body is a 400, never a crash', async () => {
    const res = await upload('--nope\r\nContent-Disposition: form-data; name="file"\r\n\r\nunterminated', {
      'content-type': 'multipart/form-data; boundary=nope',
    });
    expect(res.status).toBe(400);
    const noBoundary = await upload('x', { 'content-type': 'multipart/form-data' });
    expect(noBoundary.status).toBe(400);
  });

  it('a body over the limit is a 413', async () => {
    const res = await upload(form([['file', png('x'.repeat(LIMIT + 1)), 'big.png']]));
    expect(res.status).toBe(413);
  });

  it('bodyLimits raise the limit for one media type only (uploads), and the default stays for the rest', async () => {
    const model = await buildModel(FIXTURE);
    const ok = (): { status: 201; body: unknown } => ({ status: 201, body: {} });
    const none = (): { status: 200; body: unknown } => ({ status: 200, body: {} });
    const wide = createServer(
      createRequestListener(
        apiSpec(model),
        compileValidators(model),
        { uploadFile: ok, listPaymentIntents: none, createPaymentIntent: ok },
        { bodyLimit: LIMIT, bodyLimits: { 'multipart/form-data': 4 * LIMIT } },
      ),
    );
    await new Promise<void>((done) => wide.listen(0, '127.0.0.1', done));
    const at = `http://127.0.0.1:${(wide.address() as AddressInfo).port}`;
    try {
      const big = await fetch(`${at}/v1/files`, { method: 'POST', body: form([['file', png('x'.repeat(2 * LIMIT)), 'big.png']]) });
      expect(big.status).not.toBe(413);
      const bigger = await fetch(`${at}/v1/files`, { method: 'POST', body: form([['file', png('x'.repeat(4 * LIMIT + 1)), 'big.png']]) });
      expect(bigger.status).toBe(413);
      // Another media type keeps bodyLimit.
      const formBody = await fetch(`${at}/v1/payment_intents`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `amount=1&pad=${'x'.repeat(2 * LIMIT)}`,
      });
      expect(formBody.status).toBe(413);
    } finally {
      await new Promise<void>((done) => wide.close(() => done()));
    }
  });
});

describe('handler body types match what the server hands over', () => {
  it('multipart string fields may be files; bytes are Buffers; JSON, forms and text stay as the schema says', () => {
    type Op<C> = { requestBody: { content: C } };
    expectTypeOf<BodyOf<Op<{ 'multipart/form-data': { file: string; copies?: number; tags?: string[] } }>>>().toEqualTypeOf<{
      file: string | UploadedFile;
      copies?: number;
      tags?: Array<string | UploadedFile>;
    }>();
    expectTypeOf<BodyOf<Op<{ 'application/octet-stream': string }>>>().toEqualTypeOf<Buffer>();
    expectTypeOf<BodyOf<Op<{ 'application/x-tar': string }>>>().toEqualTypeOf<Buffer>();
    expectTypeOf<BodyOf<Op<{ 'application/json': { a: number } }>>>().toEqualTypeOf<{ a: number }>();
    expectTypeOf<BodyOf<Op<{ 'application/x-www-form-urlencoded': { amount: number } }>>>().toEqualTypeOf<{ amount: number }>();
    expectTypeOf<BodyOf<Op<{ 'text/plain': string }>>>().toEqualTypeOf<string>();
  });
});
