/**
 * The generated server and the mock against hostile requests: bodies built to cost quadratic time,
 * request keys that name Object.prototype's members, bodies in a charset the server does not read,
 * a stateful store filled without end, and headers over Node's limit. Each answer is the documented
 * status in the contract's error body, in bounded time, and the server keeps answering others.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockFromSpec, runMock } from '../../src/cli/commands/mock.js';
import { apiSpec } from '../../src/contract/tables/api.js';
import { compileValidators } from '../../src/contract/tables/validators.js';
import { buildModel } from '../../src/contract/model.js';
import { createHttpServer, createRequestListener, type RequestContext } from '../../src/runtime/server/server.js';
import { formBody, keyTree } from '../../src/runtime/server/body/form.js';
import type { Mock } from '../../src/runtime/index.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SPEC = join(ROOT, 'test', 'fixtures', 'hostile-runtime', 'openapi.yaml');

interface Answer {
  status: number;
  body: { message?: string } & Record<string, unknown>;
  headers: Headers;
  ms: number;
}

async function answer(res: Response, started: number): Promise<Answer> {
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Answer['body']) : {}, headers: res.headers, ms: Date.now() - started };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((ok) => server.close(() => ok()));
}

describe('form bodies with a repeated key are parsed in linear time', () => {
  let server: Server;
  let base = '';

  beforeAll(async () => {
    const model = await buildModel(SPEC);
    const count = (ctx: RequestContext): { status: number; body: unknown } => {
      const body = ctx.body as { tags?: unknown; extra?: unknown } | undefined;
      // The JSON values are echoed: what a handler does with them must not overflow the stack.
      return { status: 200, body: { count: Array.isArray(body?.tags) ? body.tags.length : 0, extra: body?.extra ?? null, j: ctx.params.query['j'] ?? null } };
    };
    const listener = createRequestListener(
      apiSpec(model),
      compileValidators(model),
      { postForm: count, ping: () => ({ status: 200, body: { ok: true } }) },
      { bodyLimit: 4 * 2 ** 20 },
    );
    server = createHttpServer(listener);
    base = await listen(server);
  });

  afterAll(async () => {
    await close(server);
  });

  const post = (body: string | FormData, type?: string): Promise<Answer> => {
    const started = Date.now();
    const init: RequestInit = { method: 'POST', body };
    if (type) init.headers = { 'content-type': type };
    return fetch(`${base}/forms`, init).then((res) => answer(res, started));
  };

  // 50,000 repeats of one key (350 KB) took 134 s, and every other request waited for them.
  it.each([
    ['tags=x', 50_000],
    ['tags[]=x', 100_000],
  ])('%s repeated %i times: answered in bounded time, with a small request answered meanwhile', async (pair, times) => {
    const body = Array.from({ length: times }, () => pair).join('&');
    const big = post(body, 'application/x-www-form-urlencoded');
    const startedPing = Date.now();
    const ping = fetch(`${base}/ping`).then((res) => answer(res, startedPing));
    const [b, p] = await Promise.all([big, ping]);
    expect(b.status, JSON.stringify(b.body).slice(0, 300)).toBe(200);
    expect(b.body['count']).toBe(times);
    expect(b.ms).toBeLessThan(5000);
    expect(p.status).toBe(200);
    expect(p.ms).toBeLessThan(5000);
  });

  it('a multipart body with a repeated field (up to its part limit) is parsed in bounded time', async () => {
    const form = new FormData();
    for (let i = 0; i < 1000; i++) form.append('tags', 'x');
    const res = await post(form);
    expect(res.status).toBe(200);
    expect(res.body['count']).toBe(1000);
    expect(res.ms).toBeLessThan(5000);
  });

  it('a deepObject key nested thousands of levels is one plain name, answered at once', async () => {
    const key = `deep${'[a]'.repeat(20_000)}`;
    const res = await post(`${key}=1`, 'application/x-www-form-urlencoded');
    expect(res.status).toBeLessThan(500);
    expect(res.ms).toBeLessThan(5000);
    const started = Date.now();
    const query = await fetch(`${base}/forms?filter${'[a]'.repeat(1500)}=1`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' }).then(
      (r) => answer(r, started),
    );
    expect(query.status).toBeLessThan(500);
  });

  const deep = (n: number): string => `${'['.repeat(n)}${']'.repeat(n)}`;

  it('a form field sent as JSON nested 100,000 levels deep is a 400, not a stack overflow', async () => {
    const res = await post(`tags=x&extra=${deep(100_000)}`, 'application/x-www-form-urlencoded');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('nests deeper than 1000 levels');
  });

  it('a query parameter sent as JSON nested 7,000 levels deep is a 400', async () => {
    const started = Date.now();
    const res = await fetch(`${base}/forms?j=${deep(7000)}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' }).then((r) =>
      answer(r, started),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('query parameter j nests deeper than 1000 levels');
  });

  it('a multipart part sent as JSON nested 100,000 levels deep is a 400, and the server keeps answering', async () => {
    const boundary = 'hostile-boundary';
    const body = `--${boundary}\r\ncontent-disposition: form-data; name="extra"\r\ncontent-type: application/json\r\n\r\n${deep(100_000)}\r\n--${boundary}--\r\n`;
    const res = await post(body, `multipart/form-data; boundary=${boundary}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('nests deeper than 1000 levels');
    expect((await fetch(`${base}/ping`)).status).toBe(200);
  });

  it('the key tree grows linearly: 50,000 repeats build in bounded time', () => {
    const pairs: Array<[string, string]> = Array.from({ length: 50_000 }, () => ['tags', 'x']);
    const started = Date.now();
    const tree = keyTree(pairs);
    const value = formBody(pairs, { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } });
    expect(Date.now() - started).toBeLessThan(3000);
    expect((tree['tags'] as string[]).length).toBe(50_000);
    expect((value['tags'] as string[]).length).toBe(50_000);
  });
});

describe('the mock answers odd requests with the documented status and the error body', () => {
  let mock: Mock;

  beforeAll(async () => {
    mock = await createMockFromSpec(SPEC);
  });

  const send = async (path: string, init: RequestInit = {}): Promise<Answer> => {
    const started = Date.now();
    return answer(await mock.fetch(new Request(`http://mock.test${path}`, init)), started);
  };

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])('Prefer: code=%s is a 400 naming the declared statuses', async (code) => {
    const res = await send('/ping', { headers: { prefer: `code=${code}` } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(`no response with status ${code}`);
    expect(res.body.message).toContain('declared: 200');
    const byQuery = await send(`/ping?__code=${code}`);
    expect(byQuery.status).toBe(400);
    expect(byQuery.body.message).toContain(code);
  });

  it.each(['constructor', '__proto__', 'toString'])('Prefer: example=%s is a 400 naming the examples', async (name) => {
    const res = await send('/ping', { headers: { prefer: `example=${name}` } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('"pong"');
  });

  it('a declared status still answers', async () => {
    const res = await send('/ping', { headers: { prefer: 'code=200' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  it.each([
    ['application/json; charset=utf-16', Buffer.from('{"a":1}', 'utf16le'), 'utf-16'],
    ['application/json;charset="UTF-16LE"', Buffer.from('{"a":1}', 'utf16le'), 'utf-16le'],
    ['text/plain; charset=iso-8859-1', Buffer.from('caf\xe9', 'latin1'), 'iso-8859-1'],
    ['application/x-www-form-urlencoded; charset=shift_jis', Buffer.from('tags=x'), 'shift_jis'],
  ])('%s is a 415 naming the charset', async (type, body, charset) => {
    const res = await send('/forms', { method: 'POST', headers: { 'content-type': type }, body });
    expect(res.status).toBe(415);
    expect(res.body.message).toContain(`charset ${charset} is not supported`);
  });

  it.each(['application/json; charset=utf-8', 'application/json; charset=UTF8', 'application/json; charset=us-ascii', 'application/json'])(
    '%s is read',
    async (type) => {
      const res = await send('/forms', { method: 'POST', headers: { 'content-type': type }, body: '{"a":1}' });
      expect(res.status).toBe(200);
    },
  );
});

describe('the stateful store is bounded', () => {
  const create = async (mock: Mock, path: string, text: string): Promise<Answer> => {
    const started = Date.now();
    const res = await mock.fetch(
      new Request(`http://mock.test${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }) }),
    );
    return answer(res, started);
  };
  const get = async (mock: Mock, path: string): Promise<Answer> => answer(await mock.fetch(new Request(`http://mock.test${path}`)), Date.now());

  it('a create past maxDocuments is a 507 in the error body, and nothing is stored', async () => {
    const mock = await createMockFromSpec(SPEC, { stateful: true, maxDocuments: 3 });
    for (let i = 0; i < 3; i++) expect((await create(mock, '/notes', `n${i}`)).status).toBe(201);
    const full = await create(mock, '/notes', 'one too many');
    expect(full.status).toBe(507);
    expect(full.body.message).toMatch(/holds 3 notes.*maxDocuments/);
    expect(mock.engine.documents('notes')).toHaveLength(3);
    // A collection the contract does not paginate is bounded the same way.
    for (let i = 0; i < 3; i++) expect((await create(mock, '/tags', `t${i}`)).status).toBe(201);
    expect((await create(mock, '/tags', 'again')).status).toBe(507);
    expect(((await get(mock, '/tags')).body as unknown as unknown[]).length).toBe(3);
    // A reset makes room again.
    mock.reset();
    expect((await create(mock, '/notes', 'after reset')).status).toBe(201);
  });

  it('the default bound is 10,000 documents per collection', async () => {
    const mock = await createMockFromSpec(SPEC, { stateful: true });
    const started = Date.now();
    let status = 0;
    let made = 0;
    while (made <= 10_001 && Date.now() - started < 60_000) {
      status = (await create(mock, '/tags', 'x')).status;
      if (status !== 201) break;
      made++;
    }
    expect(made).toBe(10_000);
    expect(status).toBe(507);
  });

  it('a token-paginated list without a declared default size pages at maxPageSize, and a larger size asked for is cut to it', async () => {
    const mock = await createMockFromSpec(SPEC, { stateful: true, maxPageSize: 4 });
    for (let i = 0; i < 10; i++) await create(mock, '/notes', `n${i}`);
    const first = await get(mock, '/notes');
    expect((first.body['notes'] as unknown[]).length).toBe(4);
    expect(first.body['next']).toBe('page-4');
    const asked = await get(mock, '/notes?limit=1000');
    expect((asked.body['notes'] as unknown[]).length).toBe(4);
    const last = await get(mock, '/notes?after=page-8');
    expect((last.body['notes'] as unknown[]).length).toBe(2);
    expect(last.body['next']).toBeUndefined();
  });

  it('by default a list page holds at most 1,000 items', async () => {
    const mock = await createMockFromSpec(SPEC, { stateful: true });
    for (let i = 0; i < 1005; i++) await create(mock, '/notes', 'n');
    const first = await get(mock, '/notes');
    expect((first.body['notes'] as unknown[]).length).toBe(1000);
    expect(first.body['next']).toBe('page-1000');
  });
});

describe('specforge mock answers what Node refuses in the error body', () => {
  let server: Server;
  let base = '';

  beforeAll(async () => {
    const started = await runMock({ cwd: ROOT, spec: SPEC, port: 0, stateful: true, maxDocuments: '2', write: () => undefined });
    server = started.server;
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await close(server);
  });

  it('a 20 KB header is a 431 with the JSON error body, a length, and connection: close', async () => {
    const res = await fetch(`${base}/ping`, { headers: { 'x-big': 'a'.repeat(20_000) } });
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('connection')).toBe('close');
    const text = await res.text();
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text)).toEqual({ message: 'request headers are too large' });
  });

  it('--max-documents bounds each collection (507)', async () => {
    const post = (): Promise<Response> => fetch(`${base}/notes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":"x"}' });
    expect((await post()).status).toBe(201);
    expect((await post()).status).toBe(201);
    const full = await post();
    expect(full.status).toBe(507);
    expect(((await full.json()) as { message: string }).message).toContain('holds 2 notes');
  });

  it('--max-documents must be a positive integer', async () => {
    await expect(runMock({ cwd: ROOT, spec: SPEC, port: 0, maxDocuments: '0', write: () => undefined })).rejects.toThrow(
      /--max-documents must be an integer from 1/,
    );
  });
});
