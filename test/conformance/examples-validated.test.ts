/**
 * Contract examples are judged before they are trusted: an example that breaks its own schema is
 * reported once, as a defect of the contract located at the example (file:line:col and pointer),
 * is never sent as valid data, and invalid requests are built from a valid base.
 */
import { describe, expect, it } from 'vitest';
import { runTest } from '../../src/cli/commands/test.js';
import { runConformance } from '../../src/conformance/run.js';
import { buildModel } from '../../src/contract/model.js';
import { writeSpec } from './support.js';

const SPEC = `openapi: 3.0.3
info: { title: pets, version: 1.0.0 }
paths:
  /pets:
    post:
      operationId: createPet
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [name]
              properties:
                name: { type: string, maxLength: 20 }
                age: { type: integer, minimum: 0 }
            examples:
              broken:
                value: { name: 12, age: 5 }
      responses:
        '201': { description: created, content: { application/json: { schema: { type: object } } } }
        '400': { description: invalid }
  /pets/{id}:
    get:
      operationId: getPet
      parameters:
        - name: id
          in: path
          required: true
          schema: { type: integer, minimum: 1 }
          example: zero
      responses:
        '200': { description: the pet, content: { application/json: { schema: { type: object } } } }
        '400': { description: invalid }
`;

const json = (status: number, body: unknown = {}): Response => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Refuses a name that is not a string, but never looks at age (a fault a broken base hides). */
async function server(request: Request, sent: string[]): Promise<Response> {
  const url = new URL(request.url);
  if (request.method === 'GET') {
    sent.push(url.pathname);
    return /^\/pets\/[1-9]\d*$/.test(url.pathname) ? json(200) : json(400);
  }
  const text = await request.text();
  sent.push(text);
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    return json(400);
  }
  if (typeof body !== 'object' || body === null || typeof (body as { name?: unknown }).name !== 'string') return json(400);
  return json(201, { id: 1 });
}

describe('examples are validated before they are sent', () => {
  it('a broken example is one located contract finding, never sent; negative cases start from a valid body', async () => {
    const file = writeSpec(SPEC);
    const sent: string[] = [];
    const report = await runConformance({
      model: await buildModel(file),
      fetch: (r) => server(r, sent),
      phases: ['examples', 'negative', 'fuzz'],
      maxExamples: 10,
    });
    const findings = report.failures.filter((f) => f.check === 'example_schema_conformance');
    expect(findings.map((f) => f.location).sort()).toEqual(
      ['/paths/~1pets/post/requestBody/content/application~1json/examples/broken/value', '/paths/~1pets~1{id}/get/parameters/0/example'].sort(),
    );
    expect(findings.every((f) => f.response === undefined && f.curl === '')).toBe(true);
    // Never sent: neither the broken body nor the broken path value.
    expect(sent.some((s) => /"name":12[,}]/.test(s))).toBe(false);
    expect(sent.some((s) => s.includes('zero'))).toBe(false);
    // The server's real fault (it never checks age) is found from a valid base.
    const negatives = report.failures.filter((f) => f.check === 'negative_data_rejection' && f.operationId === 'createPet');
    expect(negatives.map((f) => f.request.origin)).toContain('property age below its minimum');
    // No false alarm about valid data.
    expect(report.failures.filter((f) => f.check === 'positive_data_acceptance')).toEqual([]);
  });

  it('the report locates the defect at file:line:col of the example', async () => {
    const file = writeSpec(SPEC);
    const out: string[] = [];
    const code = await runTest({
      spec: file,
      baseUrl: 'http://api.test',
      fetch: (r) => server(r, []),
      phases: 'examples',
      write: (t) => out.push(t),
      progress: false,
    });
    expect(code).toBe(1);
    const text = out.join('');
    expect(text).toMatch(/example_schema_conformance: createPet/);
    expect(text).toMatch(/openapi\.yaml:19:17 \(#\/paths\/~1pets\/post\/requestBody\/content\/application~1json\/examples\/broken\/value\)/);
    expect(text).toMatch(/not sent: a defect of the contract/);
    expect((text.match(/example_schema_conformance: createPet/g) ?? []).length).toBe(1);
  });
});
