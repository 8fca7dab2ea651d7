/**
 * The SDK's retries are safe by default, behind `setupServer` from msw/node as a frontend team's
 * vitest setup has it: a GET answered 408, 429 or 5xx rejects with an ApiError within a bound and a
 * bounded number of requests (the client never waits on cancelling a body, which an MSW answer
 * never completes); a POST is retried only with an Idempotency-Key; the total time bounds every
 * retry, a Retry-After past it included; and the generated TanStack query options do not retry on
 * top of the client's.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/runtime/client/sdk.js';
import * as pets from '../fixtures/sdk/pets/generated/sdk.js';
import * as petQueries from '../fixtures/sdk/pets/generated/react-query.js';

const BASE = 'https://pets.example.com/v1';
const server = setupServer();
/** Requests the handlers saw: method and the time since the test's start. */
let seen: Array<{ method: string; at: number; key: string | null }> = [];
let start = 0;

/** Answers every request to /pets with `status` (and `headers`), counting them. */
function answer(status: number, headers: Record<string, string> = {}): void {
  const handler = ({ request }: { request: Request }): Response => {
    seen.push({ method: request.method, at: Date.now() - start, key: request.headers.get('idempotency-key') });
    return HttpResponse.json({ message: `busy (${status})` }, { status, headers });
  };
  server.use(http.get(`${BASE}/pets`, handler), http.post(`${BASE}/pets`, handler));
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen = [];
});
afterAll(() => server.close());

/** The call's rejection and how long it took. */
async function failure(call: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  start = Date.now();
  const error = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  return { error, ms: Date.now() - start };
}

describe('default options behind msw/node', () => {
  for (const status of [500, 503, 408, 429]) {
    it(`a GET answered ${status} rejects with an ApiError within the bound`, async () => {
      answer(status);
      const client = pets.createSdkClient({ throwOnError: true });
      const { error, ms } = await failure(() => pets.listPets(client));
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status, declared: false });
      expect(seen.map((s) => s.method)).toEqual(['GET', 'GET', 'GET']);
      expect(ms).toBeLessThan(3_000);
    }, 8_000);
  }

  it('a POST without an idempotency key is never retried; with one it is', async () => {
    answer(503);
    const client = pets.createSdkClient({ auth: { bearer: 't' } });
    const once = await failure(() => pets.createPet(client, { body: { name: 'rex', kind: 'dog' } }));
    expect(once.error).toMatchObject({ status: 503, declared: false });
    expect(seen.map((s) => s.method)).toEqual(['POST']);
    seen = [];
    const keyed = await failure(() => pets.createPet(client, { body: { name: 'rex', kind: 'dog' }, headers: { 'Idempotency-Key': 'k1' } }));
    expect(keyed.error).toMatchObject({ status: 503 });
    expect(seen).toMatchObject([
      { method: 'POST', key: 'k1' },
      { method: 'POST', key: 'k1' },
      { method: 'POST', key: 'k1' },
    ]);
  }, 8_000);
});

describe('Retry-After and the total time', () => {
  it('a Retry-After past the total time is not waited for: the answer is returned at once', async () => {
    answer(503, { 'retry-after': '30' });
    const { error, ms } = await failure(() => pets.listPets(pets.createSdkClient()));
    expect(error).toMatchObject({ status: 503 });
    expect(seen).toHaveLength(1);
    expect(ms).toBeLessThan(1_000);
    seen = [];
    answer(503, { 'retry-after': new Date(Date.now() + 3_600_000).toUTCString() });
    expect((await failure(() => pets.listPets(pets.createSdkClient()))).error).toMatchObject({ status: 503 });
    expect(seen).toHaveLength(1);
  }, 8_000);

  it('a Retry-After in seconds or as an HTTP date within the total time is waited for', async () => {
    answer(429, { 'retry-after': '1' });
    const { error } = await failure(() => pets.listPets(pets.createSdkClient({ retry: { limit: 1 } })));
    expect(error).toMatchObject({ status: 429 });
    expect(seen).toHaveLength(2);
    expect((seen[1]?.at ?? 0) - (seen[0]?.at ?? 0)).toBeGreaterThanOrEqual(900);
    seen = [];
    server.resetHandlers();
    answer(503, { 'retry-after': new Date(Date.now() + 2_000).toUTCString() });
    expect((await failure(() => pets.listPets(pets.createSdkClient({ retry: { limit: 1 } })))).error).toMatchObject({ status: 503 });
    expect(seen).toHaveLength(2);
  }, 10_000);

  it('no retry starts past the total time, whatever the limit', async () => {
    answer(500);
    const { error, ms } = await failure(() => pets.listPets(pets.createSdkClient({ retry: { limit: 10, delay: 200, maxElapsed: 1_000 } })));
    expect(error).toMatchObject({ status: 500 });
    // Tries at 0, 200 and 600 ms; the next wait (800 ms) would end past 1 s.
    expect(seen).toHaveLength(3);
    expect(ms).toBeLessThan(1_500);
  }, 8_000);
});

describe('TanStack Query over the client', () => {
  it("the generated query options leave retrying to the client: one 500 costs the client's tries only", async () => {
    answer(500);
    // A browser's default: 3 more tries (TanStack waits 1 s, 2 s, then 4 s; shortened here), which
    // would multiply the client's own (Node's default is none: isServer).
    const qc = new QueryClient({ defaultOptions: { queries: { retry: 3, retryDelay: 50 } } });
    const client = pets.createSdkClient();
    start = Date.now();
    const observer = new QueryObserver(qc, petQueries.listPetsQueryOptions(client));
    const error = await new Promise<unknown>((resolve) => {
      const stop = observer.subscribe((result) => {
        if (result.status !== 'error') return;
        stop();
        resolve(result.error);
      });
    });
    const ms = Date.now() - start;
    expect(error).toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(3);
    expect(ms).toBeLessThan(3_000);
    qc.clear();
  }, 15_000);
});
