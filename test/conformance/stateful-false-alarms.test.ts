/**
 * False alarms of real servers: an opaque cursor (a page token only the server issues) sampled
 * from its schema is no valid data, so its 400 is no finding; a 404 for a method a templated path
 * does not declare (PATCH /items/{id}) may say the item does not exist, so it is no finding either,
 * while a 2xx or 5xx there still is.
 */
import { describe, expect, it } from 'vitest';
import { buildModel } from '../../src/contract/model.js';
import { runConformance, type ConformanceReport, type Phase } from '../../src/conformance/run.js';
import { writeSpec } from './support.js';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const findings = (r: ConformanceReport): string[] => r.failures.map((f) => `${f.check} ${f.operationId}: ${f.message}`);

async function run(spec: string, handler: (r: Request) => Response, phases: Phase[]): Promise<{ report: ConformanceReport; sent: string[] }> {
  const model = await buildModel(writeSpec(spec));
  const sent: string[] = [];
  const report = await runConformance({
    model,
    phases,
    maxExamples: 30,
    fetch: async (r) => {
      const url = new URL(r.url);
      sent.push(`${r.method} ${url.pathname}${url.search}`);
      return handler(r);
    },
  });
  return { report, sent };
}

const LIST = (cursor: string): string => `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /items:
    get:
      operationId: listItems
      parameters:
        - { name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 50 } }
        - ${cursor}
      responses:
        '200':
          description: ok
          content: { application/json: { schema: { type: object, properties: { items: { type: array, items: { type: string } }, next_cursor: { type: string, nullable: true } } } } }
        '400': { description: invalid }
`;

/** A server that refuses every cursor it did not issue (it issues 'c2'). */
const issuing = (r: Request): Response => {
  if (r.method !== 'GET') return json({}, 405, { allow: 'GET' });
  const url = new URL(r.url);
  const cursor = url.searchParams.get('after') ?? url.searchParams.get('cursor');
  const limit = url.searchParams.get('limit');
  if (limit !== null && !(Number(limit) >= 1 && Number(limit) <= 50)) return json({ error: 'limit' }, 400);
  if (cursor !== null && cursor !== 'c2') return json({ error: 'unknown cursor' }, 400);
  return json({ items: ['a'], next_cursor: cursor === null ? 'c2' : null });
};

describe('an opaque cursor is never sent as valid data', () => {
  it('a plain string cursor (with a length, so the coverage phase has edges) is left out of the fuzz and coverage requests', async () => {
    const { report, sent } = await run(LIST('{ name: after, in: query, schema: { type: string, maxLength: 64 } }'), issuing, ['examples', 'coverage', 'fuzz']);
    expect(findings(report)).toEqual([]);
    expect(sent.filter((s) => s.includes('after='))).toEqual([]);
    expect(sent.some((s) => s.includes('limit='))).toBe(true);
  });

  it('a cursor the contract gives an example of is sent (it is the contract that promises it)', async () => {
    const { sent } = await run(LIST('{ name: cursor, in: query, example: c2, schema: { type: string } }'), issuing, ['examples']);
    expect(sent).toContain('GET /items?cursor=c2');
  });

  it('a parameter named like a cursor but with a format is not opaque: it is still tried', async () => {
    const { sent } = await run(LIST('{ name: after, in: query, schema: { type: string, format: date-time } }'), () => json({ items: [] }), [
      'coverage',
      'fuzz',
    ]);
    expect(sent.some((s) => s.includes('after='))).toBe(true);
  });
});

const ITEM = `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /items/{itemId}:
    get:
      operationId: getItem
      parameters: [{ name: itemId, in: path, required: true, schema: { type: string } }]
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object } } } }
        '404': { description: missing }
`;

describe('unsupported_method on a templated path', () => {
  it('a 404 for PATCH /items/{itemId} is no finding (the item may not exist), and says so in skipped', async () => {
    const { report, sent } = await run(ITEM, (r) => (r.method === 'GET' ? json({}) : json({ error: 'not found' }, 404)), ['coverage']);
    expect(sent).toContain('PATCH /items/string');
    expect(findings(report)).toEqual([]);
    expect(report.skipped).toEqual([
      { check: 'unsupported_method', path: '/items/{itemId}', reason: expect.stringMatching(/^PATCH was answered 404/) as unknown },
    ]);
  });

  it('a 2xx or a 5xx there is still a finding; a 405 with Allow still passes', async () => {
    for (const status of [200, 500]) {
      const { report } = await run(ITEM, (r) => (r.method === 'GET' ? json({}) : json({}, status)), ['coverage']);
      expect(findings(report)).toContainEqual(
        expect.stringMatching(new RegExp(`^unsupported_method getItem: PATCH /items/\\{itemId\\}.* answers ${status}, not 405`)),
      );
    }
    const { report } = await run(ITEM, (r) => (r.method === 'GET' ? json({}) : json({}, 405, { allow: 'GET' })), ['coverage']);
    expect(findings(report)).toEqual([]);
    expect(report.operations[0]?.checks.unsupported_method).toEqual({ passed: 1, failed: 0 });
  });
});
