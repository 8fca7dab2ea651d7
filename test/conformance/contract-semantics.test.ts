/**
 * No false alarms from what the contract itself means: readOnly properties are not sent nor
 * mutated in requests (required or not), writeOnly ones are not demanded in answers, an empty query
 * value is not valid data unless allowEmptyValue says so, a required form body is never sent empty
 * as valid data, and binary multipart fields go as files (with a filename).
 */
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/conformance/run.js';
import { buildModelFromText } from './support.js';

const json = (status: number, body?: unknown): Response =>
  body === undefined ? new Response(null, { status }) : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const phases = ['examples', 'negative', 'fuzz'] as const;

describe('readOnly and writeOnly', () => {
  const SPEC = `openapi: 3.0.3
info: { title: users, version: 1.0.0 }
paths:
  /users:
    post:
      operationId: createUser
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/User' }
      responses:
        '201':
          description: created
          content:
            application/json:
              schema: { $ref: '#/components/schemas/User' }
        '400': { description: invalid }
components:
  schemas:
    User:
      type: object
      required: [id, name, password]
      properties:
        id: { type: integer, readOnly: true }
        name: { type: string, minLength: 1, maxLength: 10 }
        password: { type: string, minLength: 1, writeOnly: true }
`;
  it('a server that ignores id in requests and never answers the password has no finding', async () => {
    const sent: unknown[] = [];
    const server = async (request: Request): Promise<Response> => {
      let body: Record<string, unknown>;
      try {
        body = (await request.json()) as Record<string, unknown>;
      } catch {
        return json(400);
      }
      sent.push(body);
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return json(400);
      const { name, password } = body;
      if (typeof name !== 'string' || [...name].length < 1 || [...name].length > 10 || typeof password !== 'string' || password.length < 1) return json(400);
      return json(201, { id: 1, name });
    };
    const model = await buildModelFromText(SPEC);
    const report = await runConformance({ model, fetch: server, phases: [...phases], maxExamples: 30 });
    expect(report.failures.map((f) => `${f.check}: ${f.message}`)).toEqual([]);
    // The read-only id is never sent, nor mutated.
    expect(sent.length).toBeGreaterThan(5);
    expect(sent.filter((b) => typeof b === 'object' && b !== null && 'id' in b)).toEqual([]);
  });
});

describe('allowEmptyValue', () => {
  const spec = (allow: boolean): string => `openapi: 3.0.3
info: { title: search, version: 1.0.0 }
paths:
  /search:
    get:
      operationId: search
      parameters:
        - { name: username, in: query, required: true, ${allow ? 'allowEmptyValue: true, ' : ''}schema: { type: string, maxLength: 8 } }
      responses:
        '200': { description: found, content: { application/json: { schema: { type: array } } } }
        '400': { description: invalid }
`;
  const server = async (request: Request): Promise<Response> => {
    const u = new URL(request.url).searchParams.get('username');
    return u === null || u === '' || u.length > 8 ? json(400) : json(200, []);
  };

  it('an empty query value is not sent as valid data when the contract does not allow it', async () => {
    const urls: string[] = [];
    const report = await runConformance({
      model: await buildModelFromText(spec(false)),
      fetch: (r) => (urls.push(r.url), server(r)),
      phases: [...phases],
      maxExamples: 40,
    });
    expect(report.failures.map((f) => `${f.check}: ${f.message}`)).toEqual([]);
    // Empty values were tried (as anything but valid data): the case exists.
    expect(urls.some((u) => /username=(&|$)/.test(u))).toBe(true);
  });

  it('with allowEmptyValue: true, refusing the empty value is a finding', async () => {
    const report = await runConformance({ model: await buildModelFromText(spec(true)), fetch: server, phases: ['fuzz'], maxExamples: 40 });
    expect(report.failures.map((f) => f.check)).toContain('positive_data_acceptance');
  });
});

describe('request bodies', () => {
  it('a required form body is never sent empty as valid data', async () => {
    const SPEC = `openapi: 3.0.3
info: { title: forms, version: 1.0.0 }
paths:
  /login:
    post:
      operationId: login
      requestBody:
        required: true
        content:
          application/x-www-form-urlencoded:
            schema: { type: object }
      responses:
        '204': { description: ok }
        '400': { description: no body }
`;
    const server = async (request: Request): Promise<Response> => ((await request.text()) === '' ? json(400) : json(204));
    const report = await runConformance({ model: await buildModelFromText(SPEC), fetch: server, phases: [...phases], maxExamples: 20 });
    expect(report.failures.map((f) => `${f.check}: ${f.message}`)).toEqual([]);
  }, 60_000);

  it('binary multipart fields are sent as files, with a filename', async () => {
    const SPEC = `openapi: 3.0.3
info: { title: uploads, version: 1.0.0 }
paths:
  /upload:
    post:
      operationId: upload
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema:
              type: object
              required: [file]
              properties:
                file: { type: string, format: binary }
                note: { type: string }
      responses:
        '204': { description: stored }
        '400': { description: not a file }
`;
    const bodies: string[] = [];
    const server = async (request: Request): Promise<Response> => {
      const text = await request.text();
      bodies.push(text);
      // A file part carries a filename (as busboy, multer and formidable require).
      return /name="file"; filename="[^"]+"/.test(text) ? json(204) : json(400);
    };
    const report = await runConformance({ model: await buildModelFromText(SPEC), fetch: server, phases: ['examples', 'fuzz'], maxExamples: 20 });
    expect(report.failures.map((f) => `${f.check}: ${f.message}`)).toEqual([]);
    expect(bodies.some((b) => /name="note"\r\n\r\n/.test(b) || !b.includes('name="note"'))).toBe(true);
    expect(bodies.every((b) => !/name="note"; filename=/.test(b))).toBe(true);
  }, 60_000);

  it("Swagger 2.0's type: file formData fields are sent with a filename", async () => {
    const SPEC = `swagger: '2.0'
info: { title: uploads, version: 1.0.0 }
paths:
  /upload:
    post:
      operationId: upload
      consumes: [multipart/form-data]
      parameters:
        - { name: file, in: formData, type: file, required: true }
      responses:
        '204': { description: stored }
        '400': { description: not a file }
`;
    const server = async (request: Request): Promise<Response> => (/name="file"; filename="[^"]+"/.test(await request.text()) ? json(204) : json(400));
    const report = await runConformance({ model: await buildModelFromText(SPEC), fetch: server, phases: ['examples', 'fuzz'], maxExamples: 10 });
    expect(report.failures.map((f) => `${f.check}: ${f.message}`)).toEqual([]);
  }, 60_000);
});
