/**
 * The fuzz phase goes on after the first failure of an operation: several distinct faults of one
 * operation are each reported (shrunk), and the same fault found by the examples and again by the
 * fuzz phase is reported once.
 */
import { describe, expect, it } from 'vitest';
import { buildModelFromText } from './support.js';
import { runConformance } from '../../src/conformance/run.js';

const SPEC = `openapi: 3.1.0
info: { title: things, version: 1.0.0 }
paths:
  /things:
    post:
      operationId: postThing
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              additionalProperties: false
              required: [name, kind]
              properties:
                name: { type: string, minLength: 1, maxLength: 8 }
                kind: { type: string, enum: [a, b, c] }
            example: { name: Widget, kind: a }
      responses:
        '201':
          description: created
          content:
            application/json:
              schema:
                type: object
                required: [id]
                properties: { id: { type: integer }, name: { type: string }, kind: { type: string } }
        '400': { description: invalid }
`;

const json = (status: number, body: unknown): Response => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Three faults on one operation: a valid name refused (an upper-case letter), a 500 on kind c, a wrong id type on kind b. */
async function server(request: Request): Promise<Response> {
  let body: { name?: unknown; kind?: unknown };
  try {
    body = (await request.json()) as typeof body;
  } catch {
    return json(400, { message: 'not JSON' });
  }
  if (typeof body !== 'object' || body === null || typeof body.name !== 'string' || !['a', 'b', 'c'].includes(String(body.kind)))
    return json(400, { message: 'invalid' });
  if (/[A-Z]/.test(body.name)) return json(400, { message: `name ${body.name} refused` });
  if (body.kind === 'c') return json(500, { message: 'kind c crashes' });
  if (body.kind === 'b') return json(201, { id: 'not-a-number', name: body.name });
  return json(201, { id: 7, name: body.name, kind: body.kind });
}

describe('several distinct failures per operation', () => {
  it('reports each fault of one operation once, each found by the fuzz phase shrunk', async () => {
    const model = await buildModelFromText(SPEC);
    const report = await runConformance({ model, fetch: server, phases: ['examples', 'fuzz'], maxExamples: 60, seed: 5 });
    const checks = report.failures.map((f) => f.check).sort();
    expect(checks).toEqual(['not_a_server_error', 'positive_data_acceptance', 'response_schema_conformance']);
    // The refusal of valid data was found by the example first, and not reported again by the fuzz phase.
    const refused = report.failures.filter((f) => f.check === 'positive_data_acceptance');
    expect(refused).toHaveLength(1);
    expect(refused[0]?.phase).toBe('examples');
    for (const f of report.failures.filter((x) => x.phase === 'fuzz')) expect(f.request.origin).toMatch(/shrunk/);
    expect(report.failures.find((f) => f.check === 'not_a_server_error')?.request.body).toContain('"kind":"c"');
    expect(report.failures.find((f) => f.check === 'response_schema_conformance')?.request.body).toContain('"kind":"b"');
    // Bounded: a few rounds of 60 cases, not an unbounded search.
    expect(report.requests).toBeLessThan(60 * 6 + 200);
  });
});
