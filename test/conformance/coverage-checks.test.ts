/**
 * The coverage phase's checks and the collections inferred for the stateful phase, each shown
 * failing on the fault it names and silent where HTTP or the contract allows what a server does
 * (no false alarms): a server that disregards Accept, a 401 before routing, a static server that
 * answers every id.
 */
import { describe, expect, it } from 'vitest';
import { buildModel } from '../../src/contract/model.js';
import { runConformance, type ConformanceReport, type Phase } from '../../src/conformance/run.js';
import { writeSpec } from './support.js';

type Handler = (request: Request) => Response | Promise<Response>;

async function run(
  spec: string,
  handler: Handler,
  phases: Phase[],
  extra: { maxResponseTimeMs?: number } = {},
  options: { patch?: boolean } = {},
): Promise<{ report: ConformanceReport; sent: string[] }> {
  const model = await buildModel(writeSpec(spec));
  const sent: string[] = [];
  const report = await runConformance({
    model,
    phases,
    maxExamples: 5,
    fetch: async (r) => {
      const url = new URL(r.url);
      sent.push(`${r.method} ${url.pathname}${url.search}${r.headers.get('accept') ? ` accept=${r.headers.get('accept')}` : ''}`);
      // Every server here refuses a method the path does not declare as HTTP says (unless the test says otherwise).
      if (r.method === 'PATCH' && !options.patch) return json({}, 405, { allow: 'GET' });
      return handler(r);
    },
    ...extra,
  });
  return { report, sent };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const findings = (r: ConformanceReport): string[] => r.failures.map((f) => `${f.check} ${f.operationId}: ${f.message}`);

const ONE_PATH = `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /things:
    get:
      operationId: listThings
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: array } } } }
`;

describe('unsupported_method', () => {
  it('405 with an Allow header passes; the method sent is PATCH, the first the path lacks', async () => {
    const { report, sent } = await run(ONE_PATH, (r) => (r.method === 'GET' ? json([]) : json({}, 405, { allow: 'GET' })), ['coverage'], {}, { patch: true });
    expect(findings(report)).toEqual([]);
    expect(sent).toContain('PATCH /things');
    expect(report.operations[0]?.checks.unsupported_method).toEqual({ passed: 1, failed: 0 });
  });

  it('a 404 or 200 for an undeclared method, and a 405 without Allow, are findings', async () => {
    for (const [status, headers, message] of [
      [404, {}, /answers 404, not 405/],
      [200, {}, /answers 200, not 405/],
      [405, {}, /405 without an Allow header/],
      [405, { allow: 'GET, PATCH' }, /Allow header that lists PATCH/],
    ] as const) {
      const { report } = await run(ONE_PATH, (r) => (r.method === 'GET' ? json([]) : json({}, status, headers)), ['coverage'], {}, { patch: true });
      expect(findings(report)).toEqual([expect.stringMatching(message)]);
      expect(report.failures[0]?.check).toBe('unsupported_method');
    }
  });

  it('a method another template declares for the same URL (/things/special and /things/{id}) is not tried', async () => {
    const overlap = `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /things/special:
    get:
      operationId: special
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object } } } }
  /things/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    get:
      operationId: getThing
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object } } } }
    patch:
      operationId: patchThing
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object } } } }
`;
    // PATCH /things/special is routed to /things/{id} (and answered 200): PUT is tried instead.
    const { report, sent } = await run(
      overlap,
      (r) => (r.method === 'GET' || r.method === 'PATCH' ? json({}) : json({}, 405, { allow: 'GET, PATCH' })),
      ['coverage'],
      {},
      { patch: true },
    );
    expect(findings(report)).toEqual([]);
    expect(sent).toContain('PUT /things/special');
    expect(sent).not.toContain('PATCH /things/special');
  });

  it('a 401 (authentication before routing) or a 501 is no finding', async () => {
    for (const status of [401, 403, 501]) {
      const { report } = await run(ONE_PATH, (r) => (r.method === 'GET' ? json([]) : json({}, status)), ['coverage'], {}, { patch: true });
      expect(findings(report)).toEqual([]);
    }
  });
});

const TWO_TYPES = (with406: boolean): string => `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /report:
    get:
      operationId: report
      responses:
        '200':
          description: ok
          content:
            application/json: { schema: { type: object } }
            text/csv: { schema: { type: string } }
${with406 ? "        '406': { description: none fits }\n" : ''}`;

describe('content_type_negotiation', () => {
  it('a server that disregards Accept and answers a declared type is not at fault, a 406 in the contract or not', async () => {
    for (const with406 of [false, true]) {
      const { report, sent } = await run(TWO_TYPES(with406), () => json({}), ['coverage']);
      expect(findings(report)).toEqual([]);
      expect(sent.filter((s) => s.startsWith('GET'))).toEqual(['GET /report accept=application/x-specforge-unacceptable']);
    }
  });

  it('a server that negotiates (406 for an Accept no declared type fits) and answers a declared type in another is a finding', async () => {
    const server: Handler = (r) => ((r.headers.get('accept') ?? '').includes('unacceptable') ? json({}, 406) : json({}));
    const { report, sent } = await run(TWO_TYPES(true), server, ['coverage']);
    expect(findings(report)).toEqual([
      expect.stringMatching(/^content_type_negotiation report: Accept: text\/csv is answered 200 in application\/json \(the server negotiates/),
    ]);
    expect(sent).toContain('GET /report accept=text/csv');
  });

  it('a server that negotiates and refuses a declared type with 406 is a finding', async () => {
    const server: Handler = (r) => ((r.headers.get('accept') ?? '') === 'application/json' ? json({}) : json({}, 406));
    const { report } = await run(TWO_TYPES(true), server, ['coverage']);
    expect(findings(report)).toEqual([
      expect.stringMatching(/^content_type_negotiation report: Accept: text\/csv, a type the operation declares for 200, is refused with 406/),
    ]);
  });

  it('a server that negotiates and answers each type asked for passes', async () => {
    const server: Handler = (r) => {
      const accept = r.headers.get('accept') ?? '';
      if (accept === 'text/csv') return new Response('a,b\n', { headers: { 'content-type': 'text/csv' } });
      if (accept === 'application/json' || accept === '*/*' || accept === '') return json({});
      return json({}, 406);
    };
    const { report } = await run(TWO_TYPES(true), server, ['coverage']);
    expect(findings(report)).toEqual([]);
    expect(report.operations[0]?.checks.content_type_negotiation).toEqual({ passed: 3, failed: 0 });
  });
});

const BOUNDED = `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /items:
    get:
      operationId: listItems
      parameters:
        - { name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 50 } }
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: array } } } }
        '400': { description: bad }
`;

describe('boundary values (coverage phase)', () => {
  it('a valid value at the maximum refused is positive_data_acceptance; one below the minimum accepted is negative_data_rejection, reported once with the negative phase', async () => {
    const server: Handler = (r) => {
      const limit = new URL(r.url).searchParams.get('limit');
      if (limit === null) return json([]);
      const n = Number(limit);
      // Faults: 50 (the maximum) refused, 0 (below the minimum) accepted.
      return n >= 50 || !Number.isInteger(n) ? json({}, 400) : json([]);
    };
    const { report, sent } = await run(BOUNDED, server, ['negative', 'coverage']);
    expect(sent).toEqual(expect.arrayContaining(['GET /items?limit=1', 'GET /items?limit=0', 'GET /items?limit=50', 'GET /items?limit=51']));
    expect(findings(report).sort()).toEqual([
      expect.stringMatching(/^negative_data_rejection listItems: invalid data \(limit below its minimum\) was accepted with 200/),
      expect.stringMatching(/^positive_data_acceptance listItems: valid data \(limit at its maximum\) was refused with 400/),
    ]);
  });

  it('a server that keeps the bounds passes', async () => {
    const server: Handler = (r) => {
      const limit = new URL(r.url).searchParams.get('limit');
      const n = Number(limit ?? 1);
      return Number.isInteger(n) && n >= 1 && n <= 50 ? json([]) : json({}, 400);
    };
    const { report } = await run(BOUNDED, server, ['coverage']);
    expect(findings(report)).toEqual([]);
    expect(report.operations[0]?.checks.positive_data_acceptance?.passed).toBeGreaterThanOrEqual(2);
    expect(report.operations[0]?.checks.negative_data_rejection?.passed).toBeGreaterThanOrEqual(2);
  });
});

describe('max_response_time', () => {
  const slow: Handler = async () => {
    await new Promise((ok) => setTimeout(ok, 300));
    return json([]);
  };
  it('is off by default', async () => {
    const { report } = await run(ONE_PATH, slow, ['examples']);
    expect(findings(report)).toEqual([]);
    expect(report.operations[0]?.checks.max_response_time).toBeUndefined();
  });
  it('--max-response-time takes a number of milliseconds', async () => {
    const { runTest } = await import('../../src/cli/commands/test.js');
    await expect(runTest({ spec: writeSpec(ONE_PATH), baseUrl: 'http://127.0.0.1:9', maxResponseTime: 'soon', write: () => {} })).rejects.toThrow(
      /--max-response-time must be an integer/,
    );
  });

  it('flags an answer slower than the bound, once per operation', async () => {
    const { report } = await run(ONE_PATH, slow, ['examples', 'fuzz'], { maxResponseTimeMs: 100 });
    expect(findings(report)).toEqual([expect.stringMatching(/^max_response_time listThings: answered in \d+ ms, over the bound of 100 ms/)]);
  });
});

const CRUD = `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /pets:
    post:
      operationId: createPet
      requestBody:
        required: true
        content: { application/json: { schema: { type: object, properties: { name: { type: string } } } } }
      responses:
        '201':
          description: created
          headers: { Location: { schema: { type: string } } }
  /pets/{petId}:
    parameters: [{ name: petId, in: path, required: true, schema: { type: string } }]
    get:
      operationId: getPet
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object, properties: { name: { type: string } } } } } }
        '404': { description: missing }
    delete:
      operationId: deletePet
      responses:
        '204': { description: deleted }
        '404': { description: missing }
`;

describe('collections inferred when the contract declares none (stateful phase)', () => {
  it("follows the create's Location to the item's read and delete, and finds a pet that is not deleted", async () => {
    const pets = new Set<string>();
    let next = 7;
    const server: Handler = (r) => {
      const path = new URL(r.url).pathname;
      if (r.method === 'POST') {
        const id = `p${next++}`;
        pets.add(id);
        return new Response(null, { status: 201, headers: { location: `/pets/${id}` } });
      }
      const id = path.slice('/pets/'.length);
      if (!pets.has(id)) return json({}, 404);
      // Fault: deleting does nothing.
      if (r.method === 'DELETE') return new Response(null, { status: 204 });
      return json({ name: 'x' });
    };
    const { report, sent } = await run(CRUD, server, ['stateful']);
    expect(sent.slice(0, 5)).toEqual(['GET /pets/specforge-absent-1', 'POST /pets', 'POST /pets', 'GET /pets/p7', 'DELETE /pets/p7']);
    expect(findings(report)).toEqual([expect.stringMatching(/^use_after_free getPet: pets p7, deleted, answers 200/)]);
  });

  it('a server whose creates answer the same id each time (a stateless answer) is not judged', async () => {
    const server: Handler = (r) => (r.method === 'POST' ? new Response(null, { status: 201, headers: { location: '/pets/sample' } }) : json({}, 404));
    const { report, sent } = await run(CRUD, server, ['stateful']);
    expect(findings(report)).toEqual([]);
    expect(sent).toEqual(['GET /pets/specforge-absent-1', 'POST /pets', 'POST /pets']);
  });

  it('a server that answers every id (a static mock) is not judged: it shows nothing of what it stores', async () => {
    const server: Handler = (r) =>
      r.method === 'POST'
        ? new Response(null, { status: 201, headers: { location: '/pets/1' } })
        : r.method === 'DELETE'
          ? new Response(null, { status: 204 })
          : json({ name: 'x' });
    const { report, sent } = await run(CRUD, server, ['stateful']);
    expect(findings(report)).toEqual([]);
    expect(sent).toEqual(['GET /pets/specforge-absent-1']);
  });
});
