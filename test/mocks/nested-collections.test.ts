/**
 * Nested collections inferred from the paths alone (no x-specforge-resources, no overlay): comments
 * under a file, in the shape of Figma's contract (test/fixtures/mocks/figma-like: POST
 * /v1/files/{file_key}/comments creates and answers 200, GET answers `{ comments: [...] }`, DELETE
 * on the item, no GET of one comment). Posting a comment then listing the file's comments shows it,
 * scoped by the parent key, in `specforge mock --stateful` and in the browser mock MSW handlers wrap.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMockFromSpec, type StatefulReport } from '../../src/cli/commands/mock.js';
import { buildMockStart } from '../../src/cli/commands/mock-build.js';
import { createBrowserMock } from '../../src/runtime/mock/browser.js';

const SPEC = resolve(import.meta.dirname, '..', 'fixtures', 'mocks', 'figma-like', 'openapi.yaml');
const BASE = 'https://api.figma.test';

type Fetch = (request: Request) => Promise<Response>;

async function send(fetch: Fetch, method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const init: RequestInit = { method, headers: body === undefined ? {} : { 'content-type': 'application/json' } };
  if (body !== undefined) init.body = JSON.stringify(body);
  const res = await fetch(new Request(`${BASE}${path}`, init));
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** Create then list, on two files: each file lists its own comments only. */
async function createThenList(fetch: Fetch): Promise<void> {
  const created = await send(fetch, 'POST', '/v1/files/FILE1/comments', { message: 'Looks great, ship it' });
  expect(created.status).toBe(200);
  expect(created.body).toMatchObject({ message: 'Looks great, ship it', file_key: 'FILE1' });
  expect(typeof created.body['id']).toBe('string');
  await send(fetch, 'POST', '/v1/files/FILE2/comments', { message: 'Another file' });
  const second = await send(fetch, 'POST', '/v1/files/FILE1/comments', { message: 'Second thought' });
  expect(second.body['id']).not.toBe(created.body['id']);
  const listed = await send(fetch, 'GET', '/v1/files/FILE1/comments');
  expect(listed.status).toBe(200);
  const comments = listed.body['comments'] as Array<Record<string, unknown>>;
  expect(comments.map((c) => c['message'])).toEqual(['Looks great, ship it', 'Second thought']);
  expect(comments[0]).toEqual(created.body);
  const other = await send(fetch, 'GET', '/v1/files/FILE2/comments');
  expect((other.body['comments'] as Array<Record<string, unknown>>).map((c) => c['message'])).toEqual(['Another file']);
  // The item path has a DELETE only: it removes the comment from its file's list.
  const removed = await send(fetch, 'DELETE', `/v1/files/FILE1/comments/${String(created.body['id'])}`);
  expect(removed.status).toBe(200);
  const after = await send(fetch, 'GET', '/v1/files/FILE1/comments');
  expect((after.body['comments'] as Array<Record<string, unknown>>).map((c) => c['message'])).toEqual(['Second thought']);
  expect((await send(fetch, 'DELETE', `/v1/files/FILE1/comments/${String(created.body['id'])}`)).status).toBe(404);
}

describe('nested collections inferred from the paths', () => {
  it('specforge mock --stateful: a posted comment is listed with its file, not with another', async () => {
    const report: StatefulReport = { infer: true, lines: [] };
    const mock = await createMockFromSpec(SPEC, { stateful: true }, undefined, report);
    expect(report.lines.join('\n')).toMatch(/inferred collection comments: POST \/v1\/files\/\{file_key\}\/comments, GET \/v1\/files\/\{file_key\}\/comments/);
    await createThenList((r) => mock.fetch(r));
  });

  it('the browser mock behind the MSW handlers (stateful: true) infers the same collection', async () => {
    const { start, validators } = await buildMockStart(SPEC, false);
    const mock = createBrowserMock(start.api, validators, start.tables, { stateful: true });
    await createThenList(mock.fetch);
    // infer: false keeps the documented answers only.
    const plain = createBrowserMock(start.api, validators, start.tables, { stateful: true, infer: false });
    await send(plain.fetch, 'POST', '/v1/files/FILE1/comments', { message: 'kept?' });
    const listed = await send(plain.fetch, 'GET', '/v1/files/FILE1/comments');
    expect(JSON.stringify(listed.body)).not.toContain('kept?');
  });
});
