/**
 * OpenAPI 3.2 `in: querystring` in the stateful mock: where the mock reads query parameters (a
 * declared collection's pagination, `listFilter.unlessQuery`), it reads the properties of a
 * querystring parameter's object the same way (form-encoded with `encoding`, or JSON), and where it
 * writes a request of its own (the `Link` header of a paged list: the first, previous, next and
 * last pages) the querystring's value is written by its media type, the page property changed, so
 * the links it gives are requests the operation accepts. A querystring whose value is not an object
 * (JSON `null`) pages nothing and breaks nothing. `Prefer` and the `__code` query control work on
 * such operations as on others.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockFromSpec } from '../../src/cli/commands/mock.js';
import { buildMockStart } from '../../src/cli/commands/mock-build.js';
import { ContractError } from '../../src/contract/errors.js';
import { createBrowserMock } from '../../src/runtime/mock/browser.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `openapi32-querystring-mock-${process.pid}`);
const SPEC = join(TMP, 'openapi.yaml');
const BASE = 'http://127.0.0.1:4010';

const CONTRACT = `openapi: 3.2.0
info: { title: Querystring lists, version: '1' }
x-specforge-error: { schema: { $ref: '#/components/schemas/Error' }, fields: { message: /message } }
x-specforge-resources:
  notes:
    id: { field: id, param: noteId }
    operations: { create: createNote, list: listNotes }
    showDocument: true
    listFilter: { field: state, in: [open], unlessQuery: all }
    pagination: { style: page, size: per_page, page: page, defaultSize: 2, link: Link }
  tasks:
    id: { field: id, param: taskId }
    operations: { create: createTask, list: listTasks }
    showDocument: true
    listField: items
    pagination: { style: token, size: limit, token: cursor, next: next }
  memos:
    id: { field: id, param: memoId }
    operations: { create: createMemo, list: listMemos }
    showDocument: true
    pagination: { style: page, size: size, page: page, defaultSize: 2, link: Link }
paths:
  /memos:
    post:
      operationId: createMemo
      requestBody:
        required: true
        content: { application/json: { schema: { type: object, required: [title], properties: { title: { type: string } } } } }
      responses:
        '201': { description: created, content: { application/json: { schema: { $ref: '#/components/schemas/Task' } } } }
    get:
      operationId: listMemos
      security: [{ key: [] }]
      parameters:
        - name: q
          in: querystring
          content:
            application/json:
              schema: { type: object, properties: { page: { type: integer, minimum: 1 }, size: { type: integer, minimum: 1 }, title: { type: string } } }
      responses:
        '200':
          description: a page of memos
          headers: { Link: { schema: { type: string } } }
          content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Task' } } } }
        '400': { description: refused, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
  /notes:
    post:
      operationId: createNote
      requestBody:
        required: true
        content: { application/json: { schema: { $ref: '#/components/schemas/NoteInput' } } }
      responses:
        '201': { description: created, content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } }
    get:
      operationId: listNotes
      parameters:
        - name: q
          in: querystring
          content:
            application/x-www-form-urlencoded:
              schema: { $ref: '#/components/schemas/NoteQuery' }
              encoding:
                tags: { style: form, explode: false }
      responses:
        '200':
          description: a page of notes
          headers: { Link: { schema: { type: string } } }
          content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Note' } } } }
        '400': { description: refused, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
        '404': { description: not found, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
  /tasks:
    post:
      operationId: createTask
      requestBody:
        required: true
        content: { application/json: { schema: { type: object, required: [title], properties: { title: { type: string } } } } }
      responses:
        '201': { description: created, content: { application/json: { schema: { $ref: '#/components/schemas/Task' } } } }
    get:
      operationId: listTasks
      parameters:
        - name: q
          in: querystring
          content:
            application/json:
              schema:
                type: [object, 'null']
                additionalProperties: false
                properties:
                  limit: { type: integer, minimum: 1, maximum: 100 }
                  cursor: { type: string }
      responses:
        '200':
          description: a page of tasks
          content:
            application/json:
              schema:
                type: object
                required: [items]
                properties:
                  items: { type: array, items: { $ref: '#/components/schemas/Task' } }
                  next: { type: string }
        '400': { description: refused, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
components:
  securitySchemes:
    key: { type: apiKey, in: query, name: api_key }
  schemas:
    NoteQuery:
      type: object
      additionalProperties: false
      properties:
        page: { type: integer, minimum: 1 }
        per_page: { type: integer, minimum: 1, maximum: 50 }
        all: { type: boolean }
        tags: { type: array, items: { type: string } }
    NoteInput:
      type: object
      required: [text]
      properties:
        text: { type: string }
        state: { type: string, enum: [open, closed] }
    Note:
      type: object
      required: [id, text, state]
      properties:
        id: { type: string }
        text: { type: string }
        state: { type: string, enum: [open, closed] }
    Task:
      type: object
      required: [id, title]
      properties:
        id: { type: string }
        title: { type: string }
    Error: { type: object, required: [message], properties: { message: { type: string } } }
`;

beforeAll(() => {
  mkdirSync(TMP, { recursive: true });
  writeFileSync(SPEC, CONTRACT);
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

type Fetch = (request: Request) => Promise<Response>;

async function send(fetch: Fetch, method: string, target: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const init: RequestInit = { method, headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' } };
  if (body !== undefined) init.body = JSON.stringify(body);
  return fetch(new Request(`${BASE}${target}`, init));
}

/** The Link header's targets by rel, as paths with their query strings. */
function links(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of (res.headers.get('link') ?? '').matchAll(/<([^>]*)>; rel="(\w+)"/g)) {
    const url = new URL(m[1] as string);
    out[m[2] as string] = `${url.pathname}${url.search}`;
  }
  return out;
}

async function texts(res: Response): Promise<string[]> {
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as Array<{ text: string }>).map((n) => n.text);
}

async function scenario(fetch: Fetch): Promise<void> {
  for (const [text, state] of [
    ['one', 'open'],
    ['two', 'open'],
    ['three', 'closed'],
    ['four', 'open'],
    ['five', 'open'],
  ]) {
    expect((await send(fetch, 'POST', '/notes', { text, state })).status).toBe(201);
  }
  // Paged by the querystring's properties, as by query parameters; the filter's `all` is one of them.
  expect(await texts(await send(fetch, 'GET', '/notes'))).toEqual(['one', 'two']);
  const second = await send(fetch, 'GET', '/notes?per_page=3&page=2');
  expect(await texts(second.clone())).toEqual(['five']);
  expect(await texts(await send(fetch, 'GET', '/notes?all=true&per_page=3&page=2'))).toEqual(['four', 'five']);
  // The links are requests the operation accepts: the querystring written by its media type and encoding.
  const tagged = await send(fetch, 'GET', '/notes?tags=a,b&per_page=1&page=2');
  expect(await texts(tagged.clone())).toEqual(['two']);
  const rel = links(tagged);
  expect(rel['next']).toBe('/notes?tags=a%2Cb&per_page=1&page=3');
  expect(rel['prev']).toBe('/notes?tags=a%2Cb&per_page=1&page=1');
  expect(rel['last']).toBe('/notes?tags=a%2Cb&per_page=1&page=4');
  expect(await texts(await send(fetch, 'GET', rel['next'] as string))).toEqual(['four']);

  // A JSON querystring: its properties page the list, the next page's token read from it.
  for (const title of ['a', 'b', 'c']) expect((await send(fetch, 'POST', '/tasks', { title })).status).toBe(201);
  const q = (value: unknown): string => `/tasks?${encodeURIComponent(JSON.stringify(value))}`;
  const first = (await (await send(fetch, 'GET', q({ limit: 2 }))).json()) as { items: Array<{ title: string }>; next?: string };
  expect(first.items.map((t) => t.title)).toEqual(['a', 'b']);
  expect(first.next).toBe('page-2');
  const rest = (await (await send(fetch, 'GET', q({ limit: 2, cursor: first.next }))).json()) as { items: Array<{ title: string }>; next?: string };
  expect(rest.items.map((t) => t.title)).toEqual(['c']);
  expect(rest.next).toBeUndefined();
  // A querystring that is no object (JSON null) pages nothing: the whole list, not a 500.
  const whole = await send(fetch, 'GET', '/tasks?null');
  expect(whole.status, await whole.clone().text()).toBe(200);
  expect(((await whole.json()) as { items: unknown[] }).items).toHaveLength(3);
  const bad = await send(fetch, 'GET', q({ cursor: 'nope' }));
  expect(bad.status).toBe(400);

  // A JSON querystring's Link pages: its JSON written again with the page set, the API key kept.
  for (const title of ['m1', 'm2', 'm3']) expect((await send(fetch, 'POST', '/memos', { title })).status).toBe(201);
  const memo = (value: unknown): string => `/memos?${encodeURIComponent(JSON.stringify(value))}&api_key=k1`;
  const paged = await send(fetch, 'GET', memo({ title: 'x y', size: 1, page: 2 }));
  expect(((await paged.clone().json()) as Array<{ title: string }>).map((m) => m.title)).toEqual(['m2']);
  const memoLinks = links(paged);
  expect(memoLinks['next']).toBe(memo({ title: 'x y', size: 1, page: 3 }));
  expect(memoLinks['first']).toBe(memo({ title: 'x y', size: 1, page: 1 }));
  const third = await send(fetch, 'GET', memoLinks['next'] as string);
  expect(((await third.json()) as Array<{ title: string }>).map((m) => m.title)).toEqual(['m3']);

  // The mock's own controls: Prefer, and the __code query parameter, which is not the querystring's.
  expect((await send(fetch, 'GET', '/notes?page=1', undefined, { prefer: 'code=404' })).status).toBe(404);
  expect((await send(fetch, 'GET', '/notes?page=1&__code=404')).status).toBe(404);
  expect((await send(fetch, 'GET', '/notes?page=1&__dynamic')).status).toBe(200);
  expect((await send(fetch, 'GET', `${q({ limit: 1 })}&__code=400`)).status).toBe(400);
  const forced = await send(fetch, 'GET', '/notes?__code=404');
  expect(forced.status).toBe(404);
  expect(await forced.json()).toEqual({ message: expect.stringContaining('404') as unknown });
}

describe('in: querystring in the stateful mock', () => {
  it('specforge mock --stateful: pages and filters by the querystring, writes its Link pages by its media type', async () => {
    const mock = await createMockFromSpec(SPEC, { stateful: true });
    await scenario((r) => mock.fetch(r));
  });

  it('the browser mock behind the MSW handlers does the same', async () => {
    const { start, validators } = await buildMockStart(SPEC, false);
    const mock = createBrowserMock(start.api, validators, start.tables, { stateful: true });
    await scenario(mock.fetch);
  });

  it('pagination naming neither a query parameter nor a property of the querystring is refused at its line', async () => {
    const bad = CONTRACT.replace('size: per_page, page: page', 'size: perPage, page: page');
    const file = join(TMP, 'bad.yaml');
    writeFileSync(file, bad);
    const error = await createMockFromSpec(file, { stateful: true }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(ContractError);
    expect((error as ContractError).message).toMatch(
      /pagination\.size \("perPage"\) must name a query parameter of listNotes or a property of its querystring/,
    );
  });
});
