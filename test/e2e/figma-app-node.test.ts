/**
 * The Figma example's generated code in vitest with `msw/node`, as the README's test setup has it:
 * `setupServer(...createMswHandlers().handlers)` and the generated client with its default options
 * (retries on). An answer of 404, 429 or 500 (asked for with `Prefer: code=<status>`) ends, within
 * a bounded time and after the retries the client allows, with an ApiError whose message is the one
 * in the mock's error body (Figma's `{status, err}`), through the SDK and through the TanStack
 * query options alike; a 2xx is typed and realistic, and a posted comment is in the next list.
 */
import { QueryClient } from '@tanstack/react-query';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/runtime/entry/client.js';
import { createMswHandlers, defaultBaseUrl } from '../../examples/figma-app/src/api/msw.js';
import { getFileQueryOptions } from '../../examples/figma-app/src/api/react-query.js';
import { createSdkClient, getComments, getFile, postComment } from '../../examples/figma-app/src/api/sdk.js';

const FILE_KEY = 'hN3wPq8XkT2mZ4rY';
const mock = createMswHandlers({ stateful: true });
const server = setupServer(...mock.handlers);
/** "METHOD path" of each request MSW saw. */
const seen: string[] = [];

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    seen.push(`${request.method} ${url.pathname}`);
  });
});
afterEach(() => {
  mock.reset();
  seen.length = 0;
});
afterAll(() => server.close());

/** The promise, or a rejection once `ms` have passed: a hang fails the test instead of stalling the run. */
function within<T>(ms: number, pending: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([pending, timeout]).finally(() => clearTimeout(timer));
}

/** How a call ended (its value or what it threw) and how long it took. */
async function timed<T>(call: () => Promise<T>): Promise<{ outcome: { value: T } | { thrown: unknown }; ms: number }> {
  const start = performance.now();
  let outcome: { value: T } | { thrown: unknown };
  try {
    outcome = { value: await within(15_000, call()) };
  } catch (thrown) {
    outcome = { thrown };
  }
  return { outcome, ms: performance.now() - start };
}

const auth = { PersonalAccessToken: 'figd_test-token' };

describe('the generated Figma client against the generated MSW handlers in Node', () => {
  it('answers a file and its comments with typed, realistic data; a posted comment is listed', { timeout: 20_000 }, async () => {
    expect(defaultBaseUrl).toBe('https://api.figma.com');
    const client = createSdkClient({ auth, throwOnError: true });
    const file = await within(10_000, getFile(client, { path: { file_key: FILE_KEY }, query: { depth: 1 } }));
    const name: string = file.data.name;
    const modified: string = file.data.lastModified;
    expect(name).toMatch(/\p{L}{3,}/u);
    expect(name).not.toMatch(/^(?:string|value|name|file)$/i);
    expect(Number.isNaN(Date.parse(modified))).toBe(false);
    expect(file.data.thumbnailUrl ?? '').toMatch(/^(?:https:|data:image\/)/);

    const created = await within(10_000, postComment(client, { path: { file_key: FILE_KEY }, body: { message: 'Can we try the darker blue?' } }));
    expect(created.data.message).toBe('Can we try the darker blue?');
    expect(created.data.file_key).toBe(FILE_KEY);
    expect(created.data.user.handle).not.toBe('string');
    const listed = await within(10_000, getComments(client, { path: { file_key: FILE_KEY } }));
    expect(listed.data.comments.map((c) => [c.id, c.message])).toEqual([[created.data.id, 'Can we try the darker blue?']]);
    // Another file's comments are its own.
    const other = await within(10_000, getComments(client, { path: { file_key: 'aQ7rT2kLm9XzP4Wn' } }));
    expect(other.data.comments).toEqual([]);
  });

  for (const status of [404, 429, 500] as const) {
    it(`ends a GET answered ${status} with an ApiError carrying the body's message, in bounded time`, { timeout: 40_000 }, async () => {
      const client = createSdkClient({ auth, throwOnError: true });
      const headers = { Prefer: `code=${status}` };
      const { outcome, ms } = await timed(() => getFile(client, { path: { file_key: FILE_KEY }, query: { depth: 1 }, headers }));
      expect('thrown' in outcome).toBe(true);
      const error = 'thrown' in outcome ? outcome.thrown : undefined;
      expect(error).toBeInstanceOf(ApiError);
      if (!(error instanceof ApiError)) return;
      const body = error.body as { status: number; err: string };
      expect(error.status).toBe(status);
      expect(body.status).toBe(status);
      expect(body.err).not.toBe('string');
      expect(body.err.length).toBeGreaterThan(5);
      expect(error.message).toContain(body.err);
      // The client's default retries (429 and 5xx only, twice, within its total time), then the error.
      const tries = seen.filter((s) => s === `GET /v1/files/${FILE_KEY}`).length;
      expect(tries).toBe(status === 404 ? 1 : 3);
      expect(ms).toBeLessThan(8_000);

      // The TanStack query options end the same way (TanStack does not retry on top of the client).
      const queries = new QueryClient();
      const viaQuery = await timed(() => queries.fetchQuery(getFileQueryOptions(client, { path: { file_key: FILE_KEY }, query: { depth: 1 }, headers })));
      const thrown = 'thrown' in viaQuery.outcome ? viaQuery.outcome.thrown : undefined;
      expect(thrown).toBeInstanceOf(ApiError);
      expect(thrown instanceof ApiError ? thrown.message : '').toContain(body.err);
      expect(viaQuery.ms).toBeLessThan(8_000);
      queries.clear();
    });
  }

  it('gives a declared failure as a typed result without throwOnError, and never retries a POST', { timeout: 20_000 }, async () => {
    const client = createSdkClient({ auth });
    const { outcome, ms } = await timed(() =>
      postComment(client, { path: { file_key: FILE_KEY }, body: { message: 'hello' }, headers: { Prefer: 'code=500' } }),
    );
    expect('value' in outcome).toBe(true);
    const result = 'value' in outcome ? outcome.value : undefined;
    expect(result?.ok).toBe(false);
    if (result === undefined || result.ok || result.status !== 500) throw new Error(`expected a 500 result, got ${JSON.stringify(result)}`);
    const err: string = result.error.err;
    expect(err).not.toBe('string');
    expect(seen.filter((s) => s.startsWith('POST '))).toHaveLength(1);
    expect(ms).toBeLessThan(5_000);
  });
});
