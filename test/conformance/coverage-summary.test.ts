/**
 * The coverage summary that makes a green run honest: per operation how many requests got a 2xx,
 * 3xx, 4xx, 5xx or no answer; the operations that never got a 2xx, and why (401 throughout); the
 * share of valid requests refused; printed in every format; a never-succeeded operation is a
 * warning (the run stays green) and --min-coverage fails the run below its threshold.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTest, type TestOptions } from '../../src/cli/commands/test.js';
import { summarizeCoverage } from '../../src/conformance/coverage-summary.js';
import { runConformance } from '../../src/conformance/run.js';
import { buildModelFromText, writeSpec } from './support.js';

const SPEC = `openapi: 3.1.0
info: { title: items, version: 1.0.0 }
components:
  securitySchemes:
    bearer: { type: http, scheme: bearer }
  schemas:
    Item:
      type: object
      required: [id, name]
      properties: { id: { type: string }, name: { type: string, maxLength: 20 } }
paths:
  /items:
    get:
      operationId: listItems
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Item' } } } } }
  /items/{id}:
    get:
      operationId: getItem
      security: [{ bearer: [] }]
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses:
        '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } } }
        '401': { description: no credential }
  /reports:
    get:
      operationId: listReports
      responses:
        '200': { description: ok }
        '404': { description: none yet }
`;

/** listItems answers; getItem refuses every credential (401); listReports is always 404. */
async function server(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  if (request.method !== 'GET') return new Response(null, { status: 405, headers: { allow: 'GET' } });
  if (path === '/items') return Response.json([{ id: 'a', name: 'first' }]);
  if (path.startsWith('/items/')) return new Response(null, { status: 401, headers: { 'www-authenticate': 'Bearer' } });
  return new Response(null, { status: 404 });
}

async function cli(options: Partial<TestOptions>): Promise<{ code?: number; out: string; error?: Error }> {
  const out: string[] = [];
  try {
    const code = await runTest({
      spec: writeSpec(SPEC),
      baseUrl: 'http://api.test',
      fetch: server,
      progress: false,
      maxExamples: 5,
      write: (t) => out.push(t),
      ...options,
    });
    return { code, out: out.join('') };
  } catch (error) {
    return { out: out.join(''), error: error as Error };
  }
}

describe('coverage summary', () => {
  it('counts the answers per operation and says why an operation never got a 2xx', async () => {
    const model = await buildModelFromText(SPEC);
    const report = await runConformance({ model, fetch: server, baseUrl: 'http://api.test', maxExamples: 5 });
    expect(report.failures.map((f) => `${f.check} ${f.operationId}`)).toEqual([]);
    const summary = summarizeCoverage(report);
    const byId = Object.fromEntries(summary.operations.map((o) => [o.operationId, o]));
    expect(byId['listItems']?.['2xx']).toBeGreaterThan(0);
    expect(byId['listItems']?.neverSucceeded).toBeUndefined();
    expect(byId['getItem']?.['2xx']).toBe(0);
    expect(byId['getItem']?.['4xx']).toBe(byId['getItem']?.requests);
    expect(byId['getItem']?.neverSucceeded).toMatch(/^401 throughout \(\d+ valid requests\): no request was accepted as authenticated/);
    expect(byId['listReports']?.neverSucceeded).toMatch(/^404 throughout/);
    expect(summary).toMatchObject({ selected: 3, succeeded: 1, percent: 33.3 });
    // The valid requests of getItem and listReports were refused (4xx); those of listItems were not.
    expect(summary.valid.requests).toBeGreaterThan(summary.valid.refused);
    expect(summary.valid.refused).toBeGreaterThan(0);
  });

  it('an operation the run sent nothing to never succeeded: "no request was sent"', async () => {
    const model = await buildModelFromText(SPEC);
    const report = await runConformance({ model, fetch: server, baseUrl: 'http://api.test', phases: ['security'] });
    const summary = summarizeCoverage(report);
    expect(summary.operations.find((o) => o.operationId === 'listItems')?.neverSucceeded).toMatch(/^no request was sent/);
  });

  it('a green run warns about each operation that never succeeded (exit 0)', async () => {
    const { code, out, error } = await cli({});
    expect(error).toBeUndefined();
    expect(code).toBe(0);
    expect(out).toMatch(/coverage: 1 of 3 operations \(33\.3%\) got a 2xx/);
    expect(out).toMatch(/warning: getItem \(GET \/items\/\{id\}\) never got a 2xx: 401 throughout/);
    expect(out).toMatch(/warning: listReports \(GET \/reports\) never got a 2xx: 404 throughout/);
    expect(out).toMatch(/valid requests refused: \d+ of \d+ \(\d+(\.\d)?%\)/);
    expect(out).toMatch(/✔ .*: no failures\n$/);
  });

  it('--min-coverage fails the run below the threshold, and passes at or above it', async () => {
    const below = await cli({ minCoverage: '50' });
    expect(below.code).toBe(1);
    expect(below.out).toMatch(/✖ coverage 33\.3% is below --min-coverage 50%: 2 of 3 selected operations never got a 2xx/);
    const at = await cli({ minCoverage: '33' });
    expect(at.code).toBe(0);
    const one = await cli({ minCoverage: '100', operations: 'listItems' });
    expect(one.code).toBe(0);
  });

  it('--min-coverage takes a percentage from 0 to 100', async () => {
    for (const bad of ['101', '-1', 'most', '']) {
      const { error } = await cli({ minCoverage: bad });
      expect(error?.message, bad).toMatch(/--min-coverage takes a percentage from 0 to 100/);
    }
    expect((await cli({ minCoverage: '33.3%' })).code).toBe(0);
  });

  it('is in every format', async () => {
    const json = JSON.parse((await cli({ format: 'json' })).out) as { coverage?: { percent: number; operations: Array<{ neverSucceeded?: string }> } };
    expect(json.coverage?.percent).toBe(33.3);
    expect(json.coverage?.operations.filter((o) => o.neverSucceeded !== undefined)).toHaveLength(2);

    const junit = (await cli({ format: 'junit' })).out;
    expect(junit).toContain('<property name="coverage" value="1 of 3 operations (33.3%) got a 2xx"/>');
    expect(junit).toMatch(/<testsuite name="coverage" tests="3" failures="0"[^>]*>/);
    expect(junit).toMatch(/<testcase name="getItem" classname="coverage">\s*<system-out>warning: never got a 2xx: 401 throughout/);

    const markdown = (await cli({ format: 'markdown' })).out;
    expect(markdown).toContain('#### Coverage');
    expect(markdown).toMatch(/\| getItem \(GET \/items\/\{id\}\) \| 0 \| 0 \| \d+ \| 0 \| 0 \| ⚠ 401 throughout/);

    const sarif = JSON.parse((await cli({ format: 'sarif' })).out) as {
      runs: Array<{ properties?: { coverage?: { percent: number } }; results: Array<{ ruleId: string; level: string; message: { text: string } }> }>;
    };
    expect(sarif.runs[0]?.properties?.coverage?.percent).toBe(33.3);
    const warnings = sarif.runs[0]?.results.filter((r) => r.ruleId === 'never-succeeded') ?? [];
    expect(warnings.map((w) => w.level)).toEqual(['warning', 'warning']);
    expect(warnings[0]?.message.text).toMatch(/getItem .*never got a 2xx: 401 throughout/);
  });

  it('a replayed recording has the same summary as the run that recorded it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sf-coverage-replay-'));
    const cassette = join(dir, 'run.json');
    type Json = {
      coverage?: { percent: number; operations: Array<{ operationId: string; requests: number; '2xx': number; '4xx': number; neverSucceeded?: string }> };
    };
    const run = JSON.parse((await cli({ format: 'json', record: cassette })).out) as Json;
    const replay = JSON.parse((await cli({ format: 'json', replay: cassette, baseUrl: undefined })).out) as Json;
    expect(replay.coverage?.percent).toBe(33.3);
    const counts = (r: Json): unknown =>
      r.coverage?.operations.map((o) => [o.operationId, o.requests, o['2xx'], o['4xx'], o.neverSucceeded?.replace(/ \(.*$/, '')]);
    expect(counts(replay)).toEqual(counts(run));
  });

  it('--workers: the merged report has the same summary', async () => {
    type Json = { coverage?: { percent: number; operations: Array<{ operationId: string; requests: number; '2xx': number; '4xx': number }> } };
    const counts = (r: Json): unknown => r.coverage?.operations.map((o) => [o.operationId, o.requests, o['2xx'], o['4xx']]);
    const one = JSON.parse((await cli({ format: 'json' })).out) as Json;
    const two = JSON.parse((await cli({ format: 'json', workers: 2 })).out) as Json;
    expect(two.coverage?.percent).toBe(33.3);
    expect(counts(two)).toEqual(counts(one));
  });

  it('what was not tried (skipped checks, exclusions) is in junit and sarif too', async () => {
    const junit = (await cli({ format: 'junit', operations: 'listItems' })).out;
    expect(junit).toMatch(/<testsuite name="not tested" tests="1" failures="0" errors="0" skipped="1">/);
    expect(junit).toMatch(
      /<testcase name="unsupported_method not tried on 2 paths \(\/items\/\{id\}, \/reports\): [^"]+" classname="not tested"><skipped message=/,
    );
    const sarif = JSON.parse((await cli({ format: 'sarif', operations: 'listItems' })).out) as { runs: Array<{ properties?: { skipped?: unknown[] } }> };
    expect(sarif.runs[0]?.properties?.skipped).toHaveLength(2);
  });

  it("the public runConformance's report has the summary and the groups, as the command's", async () => {
    const { runConformance: publicRun } = await import('../../src/index.js');
    const report = await publicRun({ spec: writeSpec(SPEC), fetchHandler: server, maxExamples: 5 });
    expect(report.coverage).toMatchObject({ selected: 3, succeeded: 1, percent: 33.3 });
    expect(report.findings).toEqual([]);
  });

  it("the stateful phase's creates and lists are valid requests; a read of an id never created is not", async () => {
    const spec = writeSpec(`openapi: 3.1.0
info: { title: pets, version: 1.0.0 }
components:
  schemas:
    Pet: { type: object, required: [id, name], properties: { id: { type: string, readOnly: true }, name: { type: string } } }
paths:
  /pets:
    get:
      operationId: listPets
      responses: { '200': { description: ok, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Pet' } } } } } }
    post:
      operationId: createPet
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
      responses: { '201': { description: created, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } } }
  /pets/{petId}:
    get:
      operationId: getPet
      parameters: [{ name: petId, in: path, required: true, schema: { type: string } }]
      responses:
        '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
        '404': { description: not found }
`);
    // A store of pets: what is created can be read and is listed; an id never created is a 404.
    const pets = new Map<string, { id: string; name: string }>();
    const store = async (request: Request): Promise<Response> => {
      const path = new URL(request.url).pathname;
      if (path === '/pets' && request.method === 'POST') {
        const pet = { ...((await request.json()) as { name: string }), id: `p${pets.size + 1}` };
        pets.set(pet.id, pet);
        return Response.json(pet, { status: 201 });
      }
      if (path === '/pets' && request.method === 'GET') return Response.json([...pets.values()]);
      const pet = request.method === 'GET' ? pets.get(path.slice('/pets/'.length)) : undefined;
      return pet ? Response.json(pet) : new Response(null, { status: request.method === 'GET' ? 404 : 405 });
    };
    const { buildModel } = await import('../../src/contract/model.js');
    const report = await runConformance({ model: await buildModel(spec), fetch: store, phases: ['stateful'], statefulSteps: 0 });
    const answers = Object.fromEntries(report.operations.map((o) => [o.operationId, o.answers]));
    expect(answers['createPet']?.valid['201']).toBeGreaterThan(0);
    expect(answers['listPets']?.valid['200']).toBeGreaterThan(0);
    // The read of an id never created (404, as it should be) is not a refused valid request.
    expect(answers['getPet']?.statuses['404']).toBeGreaterThan(0);
    expect(answers['getPet']?.valid['404']).toBeUndefined();
  });
});
