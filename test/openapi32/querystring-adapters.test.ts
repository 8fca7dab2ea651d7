/**
 * An OpenAPI 3.2 `in: querystring` parameter through every server adapter: the fetch handler (Hono,
 * workers), Express, Koa and the Fastify plugin each hand the generated server the query string as
 * it came, so it is parsed by its media type (form with its encoding, JSON), validated whole and
 * handed to the handler as one value; a bad one is a 400 naming the field, as on node:http
 * (querystring.test.ts).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSpec } from '../../src/pipeline/generate.js';
import type { AnyHandler, RequestListener } from '../../src/runtime/server/server.js';
import { close, listen } from '../support/browser-app.js';
import { QUERYSTRING_CONTRACT } from './querystring-contract.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `querystring-adapters-${process.pid}`);
const OUT = join(TMP, 'generated');

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  writeFileSync(join(TMP, 'openapi.yaml'), QUERYSTRING_CONTRACT);
  await generateSpec(
    { path: join(TMP, 'openapi.yaml'), api: 'qs', out: OUT, targets: ['types', 'validators', 'server'], strict: true },
    { cacheDir: join(TMP, 'cache'), force: true },
  );
}, 60_000);
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

type Send = (target: string) => Promise<{ status: number; text: string }>;

/** What every adapter must do with the contract's querystring parameters; `seen` holds what the handlers got. */
async function probe(send: Send, seen: unknown[]): Promise<void> {
  expect((await send('/search?foo=a+%2B+b&bar=true&tags=x&tags=y&ids=1,2')).status).toBe(200);
  expect(seen.pop()).toEqual({ foo: 'a + b', bar: true, tags: ['x', 'y'], ids: [1, 2] });
  const long = await send('/search?foo=much+too+long+a+value');
  expect(long.status).toBe(400);
  expect(long.text).toMatch(/foo/);
  expect((await send(`/json?${encodeURIComponent('{"numbers":[1,2],"flag":null}')}`)).status).toBe(200);
  expect(seen.pop()).toEqual({ numbers: [1, 2], flag: null });
  const badJson = await send(`/json?${encodeURIComponent('{"numbers":["one"]}')}`);
  expect(badJson.status).toBe(400);
  expect(badJson.text).toMatch(/numbers/);
  expect(seen).toEqual([]);
}

function handlers(seen: unknown[]): Record<string, AnyHandler> {
  const take =
    (body: unknown, status = 200): AnyHandler =>
    (ctx) => {
      seen.push(ctx.params.query);
      return { status, body };
    };
  return { search: take({ foo: 'x' }), jsonQuery: take({ count: 0 }), select: take(undefined, 204) };
}

describe('a querystring parameter through every adapter', () => {
  it('the fetch handler (Hono, workers)', async () => {
    const seen: unknown[] = [];
    const { createFetchHandler } = (await import(join(OUT, 'fetch.ts'))) as {
      createFetchHandler: (h: Record<string, AnyHandler>) => (r: Request) => Promise<Response>;
    };
    const handle = createFetchHandler(handlers(seen));
    await probe(async (target) => {
      const res = await handle(new Request(`http://qs.test${target}`));
      return { status: res.status, text: await res.text() };
    }, seen);
  });

  it('Express and Koa', async () => {
    const { createServer } = (await import(join(OUT, 'server.ts'))) as { createServer: (h: Record<string, AnyHandler>) => RequestListener };
    const { specforgeExpress } = await import('../../src/runtime/server/adapters/express.js');
    const { specforgeKoa } = await import('../../src/runtime/server/adapters/koa.js');
    const { default: express } = await import('express');
    const { default: Koa } = await import('koa');
    for (const make of [
      (seen: unknown[]): RequestListener => {
        const app = express();
        app.use(specforgeExpress(createServer(handlers(seen))) as unknown as Parameters<typeof app.use>[0]);
        return app as unknown as RequestListener;
      },
      (seen: unknown[]): RequestListener => {
        const koa = new Koa();
        koa.use(specforgeKoa(createServer(handlers(seen))) as unknown as Parameters<typeof koa.use>[0]);
        return koa.callback() as unknown as RequestListener;
      },
    ]) {
      const seen: unknown[] = [];
      const server = createHttpServer(make(seen));
      const url = await listen(server);
      try {
        await probe(async (target) => {
          const res = await fetch(`${url}${target}`);
          return { status: res.status, text: await res.text() };
        }, seen);
      } finally {
        await close(server);
      }
    }
  });

  it('the Fastify plugin', async () => {
    const { default: Fastify } = await import('fastify');
    const { specforgeFastify } = await import('../../src/runtime/server/adapters/fastify.js');
    const { createServer } = (await import(join(OUT, 'server.ts'))) as { createServer: (h: Record<string, AnyHandler>) => RequestListener };
    const seen: unknown[] = [];
    const app = Fastify();
    await app.register(specforgeFastify(createServer(handlers(seen))));
    try {
      await probe(async (target) => {
        const res = await app.inject({ method: 'GET', url: target });
        return { status: res.statusCode, text: res.body };
      }, seen);
    } finally {
      await app.close();
    }
  });
});
