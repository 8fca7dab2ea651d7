/**
 * OpenAPI 3.2's `style: cookie` (Appendix D): cookie values pass through as written (no
 * percent-encoding either way), exploded by default: an array is one cookie per item
 * (`color=blue; color=black`), an object one cookie per property (`greeting=...; code=42`). The
 * `style: form` default keeps its percent-decoding. Modelled (explode defaults to true), read from the
 * specification's own serializedValue examples, parsed and validated by the generated node:http
 * server, and written by the SDK.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieStylePairs } from '../../src/conformance/parameter-values.js';
import { buildModel } from '../../src/contract/model.js';
import { generateSpec } from '../../src/pipeline/generate.js';
import type { AnyHandler, RequestListener } from '../../src/runtime/server/server.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = resolve(ROOT, 'test', '.tmp', `openapi32-cookie-style-${process.pid}`);
const SPEC = join(TMP, 'openapi.yaml');
const OUT = join(TMP, 'generated');

const CONTRACT = `openapi: 3.2.0
info: { title: Cookies, version: 1.0.0 }
security: []
paths:
  /greet:
    get:
      operationId: greet
      parameters:
        - name: cookie
          in: cookie
          style: cookie
          schema:
            type: object
            properties:
              greeting: { type: string }
              code: { type: integer, minimum: 0 }
          examples:
            Object:
              dataValue: { greeting: 'Hello%2C world!', code: 42 }
              serializedValue: 'greeting=Hello%2C world!; code=42'
        - name: color
          in: cookie
          style: cookie
          schema: { type: array, items: { type: string, enum: [blue, black, brown] } }
        - name: plain
          in: cookie
          schema: { type: string }
          examples:
            Greeting:
              dataValue: Hello, world!
              serializedValue: 'plain=Hello%2C%20world%21'
      responses:
        '200':
          description: What the server read.
          content:
            application/json:
              schema: { type: object }
        '400':
          description: Refused.
          content:
            application/json:
              schema: { type: object, properties: { message: { type: string } } }
`;

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  writeFileSync(SPEC, CONTRACT);
  await generateSpec(
    { path: SPEC, api: 'cookies', out: OUT, targets: ['types', 'validators', 'server', 'sdk'], strict: true },
    { cacheDir: join(TMP, 'cache'), force: true },
  );
}, 60_000);
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

async function listen(listener: RequestListener): Promise<{ url: string; server: Server }> {
  const server = createHttpServer(listener);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('style: cookie (OpenAPI 3.2)', () => {
  it('explodes by default, and reads the specification examples as written (form still percent-decodes)', async () => {
    const model = await buildModel(SPEC);
    const [object, color, plain] = model.operations[0]?.parameters ?? [];
    expect([object?.style, object?.explode, color?.explode, plain?.style, plain?.explode]).toEqual(['cookie', true, true, 'form', true]);
    expect(model.warnings).toEqual([]);
    expect(object?.examples.map((e) => e.value)).toEqual([{ greeting: 'Hello%2C world!', code: 42 }]);
    expect(plain?.examples.map((e) => e.value)).toEqual(['Hello, world!']);
  });

  it('is sent by specforge test as Cookie pairs, only what a cookie cannot hold percent-encoded', async () => {
    const model = await buildModel(SPEC);
    const [object, color] = model.operations[0]?.parameters ?? [];
    if (object === undefined || color === undefined) throw new Error('parameters missing');
    expect(cookieStylePairs(object, { greeting: 'Hello%2C world!', code: 42 })).toEqual(['greeting=Hello%2C%20world!', 'code=42']);
    expect(cookieStylePairs(color, ['blue', 'black'])).toEqual(['color=blue', 'color=black']);
    expect(cookieStylePairs({ ...color, explode: false }, ['blue', 'a;b'])).toEqual(['color=blue,a%3Bb']);
  });

  it('is parsed and validated by the generated server, values as written', async () => {
    const { createServer } = (await import(join(OUT, 'server.ts'))) as { createServer: (h: Record<string, AnyHandler>) => RequestListener };
    const seen: unknown[] = [];
    const { url, server } = await listen(
      createServer({
        greet: (ctx) => {
          seen.push(ctx.params.cookie);
          return { status: 200, body: {} };
        },
      }),
    );
    try {
      const ok = await fetch(`${url}/greet`, { headers: { cookie: 'greeting=Hello%2C world!; code=42; color=blue; color=black; plain=a%20b' } });
      expect(ok.status).toBe(200);
      expect(seen.pop()).toEqual({ cookie: { greeting: 'Hello%2C world!', code: 42 }, color: ['blue', 'black'], plain: 'a b' });
      const bad = await fetch(`${url}/greet`, { headers: { cookie: 'code=-1; color=red' } });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(await bad.json())).toMatch(/code|color/);
      expect(seen).toEqual([]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    }
  });

  it('is written by the SDK without percent-encoding, one cookie per item and per property', async () => {
    const sdk = (await import(join(OUT, 'sdk.ts'))) as {
      createSdkClient: (o: { baseUrl: string; fetch: (r: Request) => Promise<Response> }) => unknown;
      greet: (c: unknown, a: unknown) => Promise<{ ok: boolean; status: number }>;
    };
    const sent: (string | null)[] = [];
    const client = sdk.createSdkClient({
      baseUrl: 'http://cookies.test',
      fetch: (request) => {
        sent.push(request.headers.get('cookie'));
        return Promise.resolve(Response.json({}));
      },
    });
    expect((await sdk.greet(client, { cookie: { cookie: { greeting: 'Hello%2C world!', code: 42 }, color: ['blue', 'brown'], plain: 'a b' } })).ok).toBe(true);
    expect(sent).toEqual(['greeting=Hello%2C world!; code=42; color=blue; color=brown; plain=a%20b']);
  });
});
