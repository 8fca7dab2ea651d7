/**
 * The fetch-standard handler (`@specforge/runtime/fetch`, a generated fetch.ts): the node:http
 * listener's stages over `(Request) => Promise<Response>` with no node: module in its bundle. It
 * answers what the node listener answers (validation, the contract's error shape, security and
 * verifiers, 405/404/415/501), under the contract's base path; it reads a body from request.body
 * only up to its limit, streams answers, and never rejects.
 */
import { build } from 'esbuild';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { toFetchHandler } from '../../src/runtime/server/fetch-adapter.js';
import { routeHandlers, honoHandler } from '../../src/runtime/server/fetch-frameworks.js';
import type { AnyHandler, RequestListener, ServerOptions } from '../../src/runtime/server/server.js';
import { API_KEY, generatePets, petHandlers, ROOT } from './pets.js';

type Make = (handlers: Record<string, AnyHandler>, options?: ServerOptions & { basePath?: string }) => (request: Request) => Promise<Response>;
let makeFetch: Make;
let makeListener: (handlers: Record<string, AnyHandler>, options?: ServerOptions) => RequestListener;
let gen: string;

beforeAll(async () => {
  gen = await generatePets('fetch-handler', ['types', 'validators', 'server']);
  const fetchModule = (await import(join(gen, 'fetch.ts'))) as { createPartialFetchHandler: Make };
  const serverModule = (await import(join(gen, 'server.ts'))) as { createPartialServer: typeof makeListener };
  makeFetch = fetchModule.createPartialFetchHandler;
  makeListener = serverModule.createPartialServer;
});

const key = { 'x-api-key': API_KEY };
const create = { ...key, 'x-request-id': 'r1', 'content-type': 'application/json' };

/** Requests as [method, path under the API, headers, body]. */
const REQUESTS: Array<[string, string, Record<string, string>, string | undefined]> = [
  ['GET', '/pets', {}, undefined],
  ['GET', '/pets?limit=0', {}, undefined],
  ['POST', '/pets', { 'x-request-id': 'r1', 'content-type': 'application/json' }, '{"name":"Rex","kind":"dog"}'],
  ['POST', '/pets', { ...key, 'content-type': 'application/json' }, '{"name":"Rex","kind":"dog"}'],
  ['POST', '/pets', create, '{"name":"Rex","kind":"dog"}'],
  ['POST', '/pets', create, '{"name":"Rex","kind":"lion","extra":1}'],
  ['POST', '/pets', create, '{"name":'],
  ['POST', '/pets', { ...create, 'content-type': 'text/plain' }, 'Rex'],
  ['POST', '/pets', { ...create, 'content-type': 'application/json; charset=latin1' }, '{"name":"Rex","kind":"dog"}'],
  ['GET', '/pets/1', {}, undefined],
  ['GET', '/pets/999', {}, undefined],
  ['GET', '/pets/abc', {}, undefined],
  ['PUT', '/pets', {}, undefined],
  ['GET', '/nothing', {}, undefined],
  ['DELETE', '/pets/1', { 'x-api-key': 'bad key with spaces' }, undefined],
  ['DELETE', '/pets/1', key, undefined],
  ['DELETE', '/pets/1', key, undefined],
  ['HEAD', '/pets', {}, undefined],
];

async function snapshot(response: Response): Promise<{ status: number; type: string | null; allow: string | null; challenge: string | null; body: string }> {
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    allow: response.headers.get('allow'),
    challenge: response.headers.get('www-authenticate'),
    body: await response.text(),
  };
}

describe('the fetch handler', () => {
  it('answers every request as the node:http listener does (status, content type, headers, body), under the base path', async () => {
    const viaFetch = makeFetch(petHandlers());
    const viaNode = toFetchHandler(makeListener(petHandlers()));
    const seen: number[] = [];
    for (const [method, path, headers, body] of REQUESTS) {
      const init: RequestInit = { method, headers, ...(body === undefined ? {} : { body }) };
      const a = await snapshot(await viaFetch(new Request(`http://pets.test/api${path}`, init)));
      const b = await snapshot(await viaNode(new Request(`http://pets.test/api${path}`, init)));
      expect(a, `${method} ${path}`).toEqual(b);
      seen.push(a.status);
    }
    // The requests cover every stage's answers.
    expect(seen).toEqual([200, 400, 401, 400, 201, 400, 400, 415, 415, 200, 404, 400, 405, 404, 401, 204, 404, 200]);
  });

  it('answers a request outside the base path 404 in the contract error shape, and takes another base path', async () => {
    const handler = makeFetch(petHandlers());
    const outside = await handler(new Request('http://pets.test/pets'));
    expect(outside.status).toBe(404);
    expect(await outside.json()).toMatchObject({ code: 'not_found' });
    const moved = makeFetch(petHandlers(), { basePath: '/v2/' });
    expect((await moved(new Request('http://pets.test/v2/pets'))).status).toBe(200);
    expect((await moved(new Request('http://pets.test/api/pets'))).status).toBe(404);
    const root = makeFetch(petHandlers(), { basePath: '' });
    expect((await root(new Request('http://pets.test/pets'))).status).toBe(200);
  });

  it('reads a body without Content-Length only up to its limit: 413, the rest of the stream never pulled', async () => {
    let pulls = 0;
    const chunk = new TextEncoder().encode(`{"name":"${'x'.repeat(1000)}`);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        // Bounded: a handler that read everything would stop here.
        if (pulls > 10_000) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const handler = makeFetch(petHandlers(), { bodyLimit: 4096 });
    const response = await handler(new Request('http://pets.test/api/pets', { method: 'POST', headers: create, body: endless, duplex: 'half' } as RequestInit));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'payload_too_large' });
    expect(pulls).toBeLessThan(20);
    // A declared length over the limit is refused before reading.
    const declared = await handler(
      new Request('http://pets.test/api/pets', { method: 'POST', headers: { ...create, 'content-length': '999999' }, body: '{}' }),
    );
    expect(declared.status).toBe(413);
  });

  it('hands verifiers the request head and answers their refusal 401 with a challenge', async () => {
    const seen: string[] = [];
    const handler = makeFetch(petHandlers(), {
      security: {
        apiKey: (credential, { request }) => {
          seen.push(`${credential.credential} ${String(request.headers['x-request-id'])} ${String(request.url)}`);
          return credential.credential === API_KEY;
        },
      },
    });
    const refused = await handler(
      new Request('http://pets.test/api/pets', { method: 'POST', headers: { ...create, 'x-api-key': 'other' }, body: '{"name":"Rex","kind":"dog"}' }),
    );
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('ApiKey');
    const accepted = await handler(new Request('http://pets.test/api/pets', { method: 'POST', headers: create, body: '{"name":"Rex","kind":"dog"}' }));
    expect(accepted.status).toBe(201);
    // The target as node:http gives it: the base path included.
    expect(seen).toEqual(['other r1 /api/pets', `${API_KEY} r1 /api/pets`]);
  });

  it('answers 501 for an operation without a handler, and a throwing handler 500 in the error shape (reported to onError)', async () => {
    const errors: unknown[] = [];
    const handler = makeFetch(
      {
        listPets: () => {
          throw new Error('database down');
        },
      },
      { onError: (e) => errors.push(e) },
    );
    const missing = await handler(new Request('http://pets.test/api/pets/1'));
    expect(missing.status).toBe(501);
    expect(await missing.json()).toMatchObject({ code: 'not_implemented' });
    const failed = await handler(new Request('http://pets.test/api/pets'));
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ message: 'the handler failed', code: 'internal_error' });
    // Every 5xx is reported, the 501 too (as by the node listener).
    expect(errors.map((e) => (e instanceof Error ? e.message : e))).toEqual(['operation getPet has no handler', 'database down']);
  });

  it('validates answers when asked: a wrong shape is a 500 naming the rule', async () => {
    const handler = makeFetch({ getPet: () => ({ status: 200, body: { id: 1, name: 'Rex', kind: 'lion' } }) }, { validateResponses: true });
    const response = await handler(new Request('http://pets.test/api/pets/1'));
    expect(response.status).toBe(500);
    expect(JSON.stringify(await response.json())).toContain('/kind');
  });

  it('streams an async iterable as it is produced, and stops it when the reader cancels', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    let finished = false;
    const handler = makeFetch({
      listPets: () => ({
        status: 200,
        body: (async function* () {
          try {
            yield '[';
            await gate;
            yield '{"id":1,"name":"Rex","kind":"dog"}';
            yield ']';
          } finally {
            finished = true;
          }
        })(),
      }),
    });
    const response = await handler(new Request('http://pets.test/api/pets'));
    expect(response.headers.get('content-type')).toBe('application/json');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    // The first piece arrives while the handler is still waiting.
    expect(new TextDecoder().decode(first.value)).toBe('[');
    await reader.cancel();
    release();
    await new Promise((r) => setTimeout(r, 20));
    expect(finished).toBe(true);
  });

  it('parses a multipart body with the runtime formData() (fields to their schema types)', async () => {
    const { createFetchHandler: make } = await import('../../src/runtime/server/fetch.js');
    const { api } = (await import(join(gen, 'api.ts'))) as { api: Parameters<typeof make>[0] };
    const op = api.operations.find((o) => o.id === 'createPet');
    const multipartApi = {
      ...api,
      operations: api.operations.map((o) => (o === op && o.body ? { ...o, body: { ...o.body, types: ['multipart/form-data'] } } : o)),
    };
    let received: unknown;
    const handler = make(
      multipartApi,
      { operationValidators: {} },
      {
        createPet: (ctx) => {
          received = ctx.body;
          return { status: 201, body: { id: 1, name: 'x', kind: 'dog' } };
        },
      },
    );
    const form = new FormData();
    form.set('name', 'Rex');
    form.set('photo', new Blob(['png!'], { type: 'image/png' }), 'rex.png');
    // The route table carries the contract's base path (/api): the fetch handler serves under it by default.
    const response = await handler(new Request('http://pets.test/api/pets', { method: 'POST', headers: { ...key, 'x-request-id': 'r' }, body: form }));
    expect(response.status).toBe(201);
    const body = received as { name: string; photo: { filename: string; contentType: string; text(): string } };
    expect(body.name).toBe('Rex');
    expect([body.photo.filename, body.photo.contentType, body.photo.text()]).toEqual(['rex.png', 'image/png', 'png!']);
  });
});

describe('frameworks over the fetch handler', () => {
  it('Hono: one route serves the API next to the application own routes', async () => {
    const { Hono } = await import('hono');
    const app = new Hono();
    app.get('/health', (c) => c.text('ok'));
    app.all('/api/*', honoHandler(makeFetch(petHandlers())));
    expect(await (await app.request('/health')).text()).toBe('ok');
    const created = await app.request('/api/pets', { method: 'POST', headers: create, body: '{"name":"Rex","kind":"dog"}' });
    expect(created.status).toBe(201);
    expect(await (await app.request('/api/pets')).json()).toEqual([{ id: 1, name: 'Rex', kind: 'dog' }]);
    expect((await app.request('/api/pets/abc')).status).toBe(400);
  });

  it('Next.js route handlers: one function per method, each the fetch handler', async () => {
    const { GET, POST, DELETE } = routeHandlers(makeFetch(petHandlers()));
    expect((await POST(new Request('http://app.test/api/pets', { method: 'POST', headers: create, body: '{"name":"Tom","kind":"cat"}' }))).status).toBe(201);
    expect(await (await GET(new Request('http://app.test/api/pets/1'))).json()).toEqual({ id: 1, name: 'Tom', kind: 'cat' });
    expect((await DELETE(new Request('http://app.test/api/pets/1', { method: 'DELETE', headers: key }))).status).toBe(204);
    expect((await GET(new Request('http://app.test/api/pets/1'))).status).toBe(404);
  });
});

describe('bundles', () => {
  const bundle = async (entry: string, platform: 'neutral' | 'browser'): Promise<{ text: string; inputs: string[] }> => {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      platform,
      format: 'esm',
      mainFields: ['module', 'main'],
      metafile: true,
      logLevel: 'silent',
      alias: { '@specforge/runtime': join(ROOT, 'src', 'runtime', 'entry') },
      resolveExtensions: ['.ts', '.js'],
    });
    return { text: result.outputFiles.map((f) => f.text).join('\n'), inputs: Object.keys(result.metafile.inputs) };
  };

  it('the fetch entry and a generated fetch.ts bundle for a neutral platform with no node: module', async () => {
    for (const entry of [join(ROOT, 'src', 'runtime', 'entry', 'fetch.ts'), join(gen, 'fetch.ts')]) {
      const { text, inputs } = await bundle(entry, 'neutral');
      expect(text).not.toMatch(/["']node:/);
      expect(inputs.some((i) => i.startsWith('node:') || /busboy|server\/(node-http|reply|fail|upgrade)\./.test(i))).toBe(false);
      expect(inputs.some((i) => i.includes('server/pipeline.ts'))).toBe(true);
    }
  });

  it('(the control) the node:http entry cannot bundle for a neutral platform', async () => {
    await expect(bundle(join(ROOT, 'src', 'runtime', 'entry', 'server.ts'), 'neutral')).rejects.toThrow(/node:/);
  });
});
