/**
 * Things created in an inferred collection of the stateful mock are created at different times: a
 * date-time the created document takes from the collection's template (its `created_at`, its
 * `updated_at`) moves on with each create after the first (which keeps the template's, the
 * documented example's where there is one), so a list of posted comments does not show every one
 * at the same minute. Deterministic: the same creates give the same times after a reset.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildMockStart } from '../../src/cli/commands/mock-build.js';
import { createBrowserMock } from '../../src/runtime/mock/browser.js';

const SPEC = resolve(import.meta.dirname, '..', 'fixtures', 'mocks', 'figma-like', 'openapi.yaml');
const BASE = 'https://api.figma.test';

type Fetch = (request: Request) => Promise<Response>;

async function post(fetch: Fetch, message: string): Promise<Record<string, unknown>> {
  const res = await fetch(
    new Request(`${BASE}/v1/files/FILE1/comments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message }) }),
  );
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

async function listed(fetch: Fetch): Promise<Array<Record<string, unknown>>> {
  const res = await fetch(new Request(`${BASE}/v1/files/FILE1/comments`));
  expect(res.status).toBe(200);
  return ((await res.json()) as { comments: Array<Record<string, unknown>> }).comments;
}

describe('the creation times of documents created in an inferred collection', () => {
  it('differ from one create to the next, in order, and are the same after a reset', async () => {
    const { start, validators } = await buildMockStart(SPEC, false);
    const mock = createBrowserMock(start.api, validators, start.tables, { stateful: true });
    const messages = ['First look', 'Second look', 'Third look'];
    const times = async (): Promise<string[]> => {
      for (const m of messages) await post(mock.fetch, m);
      const comments = await listed(mock.fetch);
      expect(comments.map((c) => c['message'])).toEqual(messages);
      return comments.map((c) => String(c['created_at']));
    };
    const first = await times();
    expect(
      first.every((t) => /^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?Z$/.test(t)),
      first.join(', '),
    ).toBe(true);
    expect(new Set(first).size).toBe(3);
    const ms = first.map((t) => Date.parse(t));
    expect(ms[0]! < ms[1]! && ms[1]! < ms[2]!, first.join(', ')).toBe(true);
    mock.reset();
    expect(await times()).toEqual(first);
  });
});
