/**
 * A query or header parameter has no null: the fuzz phase never sends "limit=null" for a nullable
 * number (the text "null" is no number, and no serialization of null is defined for parameters), so
 * a server that refuses that text is not reported as refusing valid data. Found by the real-apps
 * suite (a Koa app with zod: "Expected number, received nan").
 */
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/conformance/run.js';
import { buildModelFromText } from './support.js';

const SPEC = `openapi: 3.0.3
info: { title: list, version: 1.0.0 }
paths:
  /users:
    get:
      operationId: listUsers
      parameters:
        - { name: limit, in: query, schema: { type: number, nullable: true, minimum: 0, maximum: 100 } }
        - { name: X-Page, in: header, schema: { type: integer, nullable: true, minimum: 0, maximum: 9 } }
      responses:
        '200': { description: users, content: { application/json: { schema: { type: array } } } }
        '400': { description: invalid }
`;

describe('nullable parameters in the fuzz phase', () => {
  it('never sends null as the text "null"', async () => {
    const model = await buildModelFromText(SPEC);
    const sent: string[] = [];
    const report = await runConformance({
      model,
      phases: ['fuzz'],
      maxExamples: 60,
      seed: 3,
      fetch: async (request) => {
        const url = new URL(request.url);
        const limit = url.searchParams.get('limit');
        const page = request.headers.get('x-page');
        sent.push(`${limit ?? '-'} ${page ?? '-'}`);
        // What a zod `z.coerce.number()` makes of "null": NaN, refused.
        const bad = (limit !== null && Number.isNaN(Number(limit))) || (page !== null && Number.isNaN(Number(page)));
        return bad ? new Response('{"msg":"Expected number, received nan"}', { status: 400 }) : Response.json([]);
      },
    });
    expect(sent.length).toBeGreaterThan(10);
    expect(sent.some((s) => s.includes('null'))).toBe(false);
    expect(report.failures).toEqual([]);
  });
});
