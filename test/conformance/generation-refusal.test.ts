/**
 * What counts as refusing invalid data: a fresh value for each request's idempotency key (and
 * other headers that must be unique), so a reused key's 409 does not stand in for a refusal; a
 * 409 is never a refusal of the data; a 429 is retried after its Retry-After, and when it persists
 * the case is said to be not tried, never counted as passed.
 */
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/conformance/run.js';
import type { JsonSchema } from '../../src/contract/model.js';
import type { SentRequest } from '../../src/conformance/checks.js';
import { retryAfterMs } from '../../src/conformance/send-request.js';
import { freshHeaderValue } from '../../src/conformance/unique-headers.js';
import { buildModelFromText } from './support.js';

const SPEC = `openapi: 3.1.0
info: { title: payments, version: 1.0.0 }
paths:
  /payments:
    post:
      operationId: createPayment
      parameters:
        - name: Idempotency-Key
          in: header
          required: true
          schema: { type: string, minLength: 8, maxLength: 64 }
          example: key-00000001
        - name: X-Request-Id
          in: header
          schema: { type: string, format: uuid }
          example: 3f1c9a52-8a4e-4f0e-9c44-0d6f2b1e7a10
        - name: X-Tenant
          in: header
          required: true
          schema: { type: string, format: uuid }
          example: 11111111-2222-4333-8444-555555555555
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [amount, currency]
              properties:
                amount: { type: integer, minimum: 1, maximum: 1000 }
                currency: { type: string, enum: [EUR, USD] }
            example: { amount: 5, currency: EUR }
      responses:
        '201': { description: created }
        '400': { description: invalid }
        '409': { description: the key was used for another request }
        '429': { description: too many requests }
`;

const valid = (b: unknown): boolean => {
  const body = b as { amount?: unknown; currency?: unknown } | undefined;
  return (
    typeof body?.amount === 'number' &&
    Number.isInteger(body.amount) &&
    body.amount >= 1 &&
    body.amount <= 1000 &&
    ['EUR', 'USD'].includes(String(body.currency))
  );
};

async function read(request: Request): Promise<unknown> {
  return request.json().catch(() => undefined) as Promise<unknown>;
}

describe('a refusal of invalid data is a refusal', () => {
  it('sends each request a fresh idempotency key and request id (valid for their schemas), keeps other headers', async () => {
    const model = await buildModelFromText(SPEC);
    const keys = new Set<string>();
    // Accepts every body (the fault); a reused key is answered 409 before anything else.
    const server = async (request: Request): Promise<Response> => {
      const key = request.headers.get('idempotency-key') ?? '';
      if (keys.has(key)) return new Response(null, { status: 409 });
      keys.add(key);
      await read(request);
      return new Response(null, { status: 201 });
    };
    const sent: SentRequest[] = [];
    const report = await runConformance({ model, fetch: server, phases: ['examples', 'negative'], seed: 1, onRequest: (r) => sent.push(r) });
    const accepted = report.failures.filter((f) => f.check === 'negative_data_rejection');
    expect(accepted.length).toBeGreaterThan(0);
    for (const f of accepted) expect(f.message).toMatch(/was accepted with 201/);
    const posts = sent.filter((r) => r.method === 'POST');
    // Every valid key differs (the negative cases of the key itself, missing or too long, aside).
    const idempotency = posts.map((r) => r.headers['idempotency-key']).filter((k): k is string => k !== undefined && k.length <= 64);
    expect(idempotency.length).toBeGreaterThan(10);
    expect(new Set(idempotency).size).toBe(idempotency.length);
    for (const k of idempotency) expect(k.length).toBeGreaterThanOrEqual(8);
    const requestIds = posts.map((r) => r.headers['x-request-id'] ?? '');
    expect(new Set(requestIds).size).toBe(posts.length);
    for (const id of requestIds) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    // A uuid the contract documents for a header that names something (a tenant) is kept.
    expect(new Set(posts.map((r) => r.headers['x-tenant']).filter((t) => t !== undefined))).toEqual(new Set(['11111111-2222-4333-8444-555555555555']));
  });

  it('a 409 to invalid data is not a refusal of it', async () => {
    const model = await buildModelFromText(SPEC);
    const server = async (request: Request): Promise<Response> => new Response(null, { status: valid(await read(request)) ? 201 : 409 });
    const report = await runConformance({ model, fetch: server, phases: ['negative'], seed: 1 });
    const accepted = report.failures.filter((f) => f.check === 'negative_data_rejection');
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.filter((f) => /answered 409/.test(f.message)).length).toBeGreaterThan(0);
    expect(report.operations[0]?.checks.negative_data_rejection?.passed ?? 0).toBe(0);
  });

  it('a 429 is retried after its Retry-After, then judged', async () => {
    const model = await buildModelFromText(SPEC);
    let count = 0;
    const server = async (request: Request): Promise<Response> => {
      const body = await read(request);
      if (count++ % 2 === 0) return new Response(null, { status: 429, headers: { 'retry-after': '0' } });
      const key = request.headers.get('idempotency-key');
      const headers = key !== null && key.length >= 8 && key.length <= 64 && request.headers.get('x-tenant') !== null;
      return new Response(null, { status: headers && valid(body) ? 201 : 400 });
    };
    const report = await runConformance({ model, fetch: server, phases: ['negative'], seed: 1 });
    expect(report.failures).toEqual([]);
    const passed = report.operations[0]?.checks.negative_data_rejection?.passed ?? 0;
    expect(passed).toBeGreaterThan(0);
    // Each case was sent twice: the 429, then the answer judged.
    expect(report.requests).toBe(2 * passed);
    expect(report.skipped ?? []).toEqual([]);
  });

  it('a 429 that persists: the cases are not tried (said so), never passed', async () => {
    const model = await buildModelFromText(SPEC);
    const server = async (): Promise<Response> => new Response(null, { status: 429, headers: { 'retry-after': '0' } });
    const report = await runConformance({ model, fetch: server, phases: ['negative'], seed: 1 });
    expect(report.operations[0]?.checks.negative_data_rejection).toBeUndefined();
    expect(report.failures.filter((f) => f.check === 'negative_data_rejection')).toEqual([]);
    const skipped = (report.skipped ?? []).filter((s) => s.check === 'negative_data_rejection');
    expect(skipped).toHaveLength(1);
    expect(skipped[0]?.path).toBe('/payments');
    expect(skipped[0]?.reason).toMatch(/429/);
  });

  it('valid data answered 429 that persists: not tried either, never accepted', async () => {
    const model = await buildModelFromText(SPEC);
    const server = async (): Promise<Response> => new Response(null, { status: 429, headers: { 'retry-after': '0' } });
    const report = await runConformance({ model, fetch: server, phases: ['examples'], seed: 1 });
    expect(report.operations[0]?.checks.positive_data_acceptance).toBeUndefined();
    expect((report.skipped ?? []).map((s) => s.check)).toEqual(['positive_data_acceptance']);
  });
});

describe('the parts', () => {
  it('reads Retry-After in seconds or as a date, and waits only a short one', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('0', now)).toBe(0);
    expect(retryAfterMs(' 3 ', now)).toBe(3000);
    expect(retryAfterMs('60', now)).toBeUndefined();
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:02 GMT', now)).toBe(2000);
    expect(retryAfterMs('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBe(1000);
  });

  it('a fresh key fits its schema (bounds, pattern), an invalid one sent on purpose stays, other headers are left alone', async () => {
    const model = await buildModelFromText(`openapi: 3.1.0
info: { title: keys, version: 1.0.0 }
paths:
  /things:
    post:
      parameters:
        - { name: Idempotency-Key, in: header, schema: { type: string, pattern: '^[A-Z]{4}-[0-9]{6}$' }, example: ABCD-000001 }
        - { name: X-Correlation-ID, in: header, schema: { type: string, maxLength: 10 } }
        - { name: X-Nonce, in: header, schema: { type: integer } }
        - { name: X-Account, in: header, schema: { type: string } }
      responses: { '204': { description: done } }
`);
    const resolve = (): JsonSchema | undefined => undefined;
    const [key, correlation, nonce, account] = model.operations[0]?.parameters ?? [];
    if (!key || !correlation || !nonce || !account) throw new Error('parameters');
    const fresh = new Set(Array.from({ length: 20 }, () => freshHeaderValue(key, 'ABCD-000001', resolve)));
    expect(fresh.size).toBe(20);
    for (const v of fresh) expect(v).toMatch(/^[A-Z]{4}-[0-9]{6}$/);
    expect(freshHeaderValue(key, 'not a key', resolve)).toBeUndefined();
    expect(freshHeaderValue(correlation, 'abc', resolve)?.length).toBeLessThanOrEqual(10);
    expect(freshHeaderValue(nonce, '7', resolve)).toBeUndefined();
    expect(freshHeaderValue(account, 'acct-1', resolve)).toBeUndefined();
  });
});
