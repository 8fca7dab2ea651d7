/**
 * The conformance engine finds what it claims to find: a server with one deliberate fault at a
 * time (a mock wrapped so that one behaviour breaks the contract) is reported by the right check,
 * and by no other.
 */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMockFromSpec } from '../../src/cli/commands/mock.js';
import { buildModel } from '../../src/contract/model.js';
import { describeFailure, runConformance } from '../../src/conformance/run.js';
import type { CheckName } from '../../src/conformance/checks.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const NOTES = join(ROOT, 'test', 'fixtures', 'mocks', 'notes', 'openapi.yaml');
const PAYMENTS = join(ROOT, 'specs', 'payments', 'openapi.yaml');

type Fetch = (request: Request) => Promise<Response>;
type Fault = (request: Request, next: Fetch) => Promise<Response>;

const json = (status: number, body: unknown, type = 'application/json'): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });
const isItem = (r: Request): boolean => /^\/notes\/[^/]+$/.test(new URL(r.url).pathname);

const FAULTS: Array<[CheckName, Fault]> = [
  ['not_a_server_error', async (r, next) => (r.method === 'GET' && isItem(r) ? json(500, { message: 'boom' }) : next(r))],
  ['status_code_conformance', async (r, next) => (r.method === 'GET' && new URL(r.url).pathname === '/notes' ? json(418, { message: 'teapot' }) : next(r))],
  [
    'content_type_conformance',
    async (r, next) => {
      const res = await next(r);
      return r.method === 'GET' && new URL(r.url).pathname === '/notes' && res.status === 200
        ? new Response(await res.text(), { status: 200, headers: { 'content-type': 'text/plain' } })
        : res;
    },
  ],
  [
    'response_schema_conformance',
    async (r, next) => {
      const res = await next(r);
      return r.method === 'GET' && isItem(r) && res.status === 200 ? json(200, { ...((await res.json()) as object), id: 'not-an-integer' }) : res;
    },
  ],
  [
    'negative_data_rejection',
    async (r, next) => {
      if (r.method !== 'POST' || new URL(r.url).pathname !== '/notes') return next(r);
      const res = await next(r);
      return res.status === 400 ? json(201, { id: 99 }) : res;
    },
  ],
  ['positive_data_acceptance', async (r, next) => (r.method === 'PATCH' && isItem(r) ? json(400, { message: 'refused' }) : next(r))],
  ['use_after_free', async (r, next) => (r.method === 'DELETE' && isItem(r) ? new Response(null, { status: 204 }) : next(r))],
  [
    'transition_precondition',
    async (r, next) => (r.method === 'POST' && /\/publish$/.test(new URL(r.url).pathname) ? new Response(null, { status: 204 }) : next(r)),
  ],
  ['ensure_resource_availability', async (r, next) => (r.method === 'GET' && isItem(r) ? json(404, { message: 'no such note' }) : next(r))],
  [
    'response_headers_conformance',
    async (r, next) => {
      const res = await next(r);
      if (r.method !== 'GET' || new URL(r.url).pathname !== '/notes') return res;
      const headers = new Headers(res.headers);
      headers.set('x-total-count', 'many');
      return new Response(await res.text(), { status: res.status, headers });
    },
  ],
];

function checksOf(failures: Array<{ check: CheckName }>): CheckName[] {
  return [...new Set(failures.map((f) => f.check))].sort();
}

describe('each deliberate fault is found by its check, and only by it', () => {
  it('the faultless mock passes', async () => {
    const model = await buildModel(NOTES);
    const mock = await createMockFromSpec(NOTES, { stateful: true });
    const report = await runConformance({ model, fetch: (r) => mock.fetch(r), maxExamples: 15, seed: 3 });
    expect(report.failures.map(describeFailure)).toEqual([]);
  });

  it.each(FAULTS)('%s', async (check, fault) => {
    const model = await buildModel(NOTES);
    const mock = await createMockFromSpec(NOTES, { stateful: true });
    const next: Fetch = (r) => mock.fetch(r);
    const report = await runConformance({ model, fetch: (r) => fault(r, next), maxExamples: 15, seed: 3, headers: { 'x-trace': 't1' } });
    expect(checksOf(report.failures), report.failures.map(describeFailure).join('\n')).toEqual([check]);
    const failure = report.failures[0];
    expect(failure?.curl).toMatch(/^curl -X [A-Z]+ 'http:\/\/conformance\.test\/notes/);
    // The curl reproduces the request as sent, headers included (stateful failures too); the value
    // of a header the user added is redacted as a credential might be.
    expect(failure?.curl).toContain("-H 'x-trace: [REDACTED]'");
    expect(failure?.location).toMatch(/^\/paths\//);
  });

  it('ignored_auth: a server that serves requests without a credential', async () => {
    const model = await buildModel(PAYMENTS);
    const mock = await createMockFromSpec(PAYMENTS, { stateful: true });
    // The fault: every request is treated as if it carried a party API key.
    const key = `sk_ntl_test_${'a'.repeat(40)}`;
    const fault: Fetch = (r) => {
      const headers = new Headers(r.headers);
      headers.set('authorization', `Bearer ${key}`);
      return mock.fetch(new Request(r, { headers }));
    };
    const report = await runConformance({ model, fetch: fault, phases: ['security'] });
    expect(checksOf(report.failures)).toEqual(['ignored_auth']);
    const honest = await runConformance({ model, fetch: (r) => mock.fetch(r), phases: ['security'] });
    expect(honest.failures.map(describeFailure)).toEqual([]);
    expect(honest.operations.some((o) => (o.checks.ignored_auth?.passed ?? 0) > 0)).toBe(true);
  });

  it('OpenAPI links: a contract without x-specforge-resources is chained by its links', async () => {
    const { parse, stringify } = await import('yaml');
    const { mkdirSync, readFileSync, writeFileSync } = await import('node:fs');
    const doc = parse(readFileSync(NOTES, 'utf8')) as Record<string, unknown>;
    delete doc['x-specforge-resources'];
    const dir = join(ROOT, 'test', '.tmp', `links-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    const spec = join(dir, 'openapi.yaml');
    writeFileSync(spec, stringify(doc));
    const model = await buildModel(spec);
    const mock = await createMockFromSpec(spec);
    const honest = await runConformance({ model, fetch: (r) => mock.fetch(r), phases: ['stateful'] });
    expect(honest.failures.map(describeFailure)).toEqual([]);
    expect(honest.operations.find((o) => o.operationId === 'getNote')?.checks.ensure_resource_availability?.passed).toBe(1);
    const broken = await runConformance({
      model,
      fetch: async (r) => (r.method === 'GET' && isItem(r) ? json(404, { message: 'gone' }) : mock.fetch(r)),
      phases: ['stateful'],
    });
    expect(broken.failures.map((f) => [f.check, f.location])).toEqual([['ensure_resource_availability', '/paths/~1notes/post/responses/201/links/GetNote']]);
  });

  it('never sends a request outside the base URL', async () => {
    const model = await buildModel(NOTES);
    const seen: string[] = [];
    await runConformance({
      model,
      fetch: async (r) => (seen.push(new URL(r.url).origin), json(404, { message: 'x' })),
      baseUrl: 'http://127.0.0.1:9',
      maxExamples: 5,
    });
    expect(new Set(seen)).toEqual(new Set(['http://127.0.0.1:9']));
  });
});

describe('the public API: runConformance from specforge', () => {
  it('takes the contract as a path and the server as a node:http handler, in process (no port)', async () => {
    const { runConformance: fromPackage } = await import('../../src/index.js');
    const mocks = (await import('../../generated/echo/mocks.js')) as { createMockServer(): import('node:http').RequestListener };
    const report = await fromPackage({ spec: join(ROOT, 'specs', 'echo', 'openapi.yaml'), handler: mocks.createMockServer(), maxExamples: 5 });
    expect(report.failures.map(describeFailure)).toEqual([]);
    expect(report.requests).toBeGreaterThan(10);
    const broken = await fromPackage({
      spec: join(ROOT, 'specs', 'echo', 'openapi.yaml'),
      handler: (_req, res) => res.writeHead(500).end(),
      phases: ['examples'],
    });
    expect(new Set(broken.failures.map((f) => f.check))).toEqual(new Set(['not_a_server_error']));
  });
});
