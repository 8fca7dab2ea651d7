/**
 * OpenAPI 3.2 `in: querystring` and the mock's own query controls (`__code`, `__example`,
 * `__dynamic`): they are not part of the querystring's value wherever the mock answers. The mock
 * server (`specforge mock`), the browser mock behind the MSW handlers, and the generated mock
 * handlers plugged into the generated server (mocks.ts + server.ts, docs/guides/mocking.md) answer
 * `?<json>&__code=404` alike: the forced 404, the JSON querystring read without the control.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockFromSpec } from '../../src/cli/commands/mock.js';
import { buildMockStart } from '../../src/cli/commands/mock-build.js';
import { generateSpec } from '../../src/pipeline/generate.js';
import { createBrowserMock } from '../../src/runtime/mock/browser.js';
import { toFetchHandler, type AnyHandler, type RequestListener } from '../../src/runtime/index.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `openapi32-querystring-mock-handlers-${process.pid}`);
const SPEC = join(TMP, 'openapi.yaml');
const OUT = join(TMP, 'generated');
const BASE = 'http://127.0.0.1:4010';

const CONTRACT = `openapi: 3.2.0
info: { title: Querystring search, version: '1' }
paths:
  /search:
    get:
      operationId: search
      parameters:
        - name: q
          in: querystring
          content:
            application/json:
              schema:
                type: object
                additionalProperties: false
                properties: { term: { type: string } }
      responses:
        '200':
          description: found
          content:
            application/json:
              schema: { type: object, required: [hits], properties: { hits: { type: array, items: { type: string } } } }
              examples:
                some: { value: { hits: [a, b] } }
                none: { value: { hits: [] } }
        '404':
          description: nothing
          content: { application/json: { schema: { type: object, required: [message], properties: { message: { type: string } } } } }
`;

type Fetch = (request: Request) => Promise<Response>;

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  writeFileSync(SPEC, CONTRACT);
  await generateSpec(
    { path: SPEC, api: 'search', out: OUT, targets: ['types', 'validators', 'server', 'mocks'], strict: true },
    { cacheDir: join(TMP, 'cache'), force: true },
  );
}, 60_000);
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const query = `?${encodeURIComponent(JSON.stringify({ term: 'x' }))}`;

async function scenario(fetch: Fetch): Promise<void> {
  const get = (target: string): Promise<Response> => fetch(new Request(`${BASE}${target}`));
  const plain = await get(`/search${query}`);
  expect(plain.status, await plain.clone().text()).toBe(200);
  // The controls, after the querystring or alone, are the mock's and not the querystring's.
  const forced = await get(`/search${query}&__code=404`);
  expect(forced.status, await forced.clone().text()).toBe(404);
  const example = await get(`/search${query}&__example=none`);
  expect(example.status, await example.clone().text()).toBe(200);
  expect(await example.json()).toEqual({ hits: [] });
  expect((await get('/search?__code=404')).status).toBe(404);
  const dynamic = await get(`/search${query}&__dynamic`);
  expect(dynamic.status, await dynamic.clone().text()).toBe(200);
  // Anything else in the query string is the querystring's value: not JSON, refused.
  expect((await get(`/search${query}&other=1`)).status).toBe(400);
}

describe("the mock's query controls on a querystring operation", () => {
  it('specforge mock', async () => {
    const mock = await createMockFromSpec(SPEC, {});
    await scenario((r) => mock.fetch(r));
  });

  it('the browser mock behind the MSW handlers', async () => {
    const { start, validators } = await buildMockStart(SPEC, false);
    const mock = createBrowserMock(start.api, validators, start.tables, {});
    await scenario(mock.fetch);
  });

  it('the generated mock handlers in the generated server', async () => {
    const mocks = (await import(pathToFileURL(join(OUT, 'mocks.ts')).href)) as { createMockHandlers(): Record<string, AnyHandler> };
    const server = (await import(pathToFileURL(join(OUT, 'server.ts')).href)) as {
      createServer(handlers: Record<string, AnyHandler>): RequestListener;
    };
    await scenario(toFetchHandler(server.createServer(mocks.createMockHandlers())));
    // Handlers spread into the user's own object keep it so.
    await scenario(toFetchHandler(server.createServer({ ...mocks.createMockHandlers() })));
  });
});
