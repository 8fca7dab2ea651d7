/**
 * OpenAPI 3.2 documents are read by every command (before, each refused `openapi: 3.2.0` with
 * SPECFORGE_UNSUPPORTED_VERSION): a 3.2 document of 3.1's features is linted (Redocly's oas3_2
 * types and the house rules), generated (compiling under tsc --strict), mocked and modelled as a 3.1
 * one, with 3.2's additions that change nothing specforge writes (`$self`, tags with parent and
 * kind, a response summary, a server name) accepted, and an example's `dataValue` taken as its
 * value. What 3.2 adds that specforge does not yet give its meaning (an example with only a
 * serializedValue where none is read) is said in a warning at its file:line:col, never dropped in
 * silence; the query method, additionalOperations, `in: querystring` and `itemSchema` streams are
 * given theirs (each in its own suite) and warn no more.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockFromSpec } from '../../src/cli/commands/mock.js';
import type { Diagnostic } from '../../src/contract/errors.js';
import { buildModel } from '../../src/contract/model.js';
import { loadContract } from '../../src/contract/resolve.js';
import { detectVersion } from '../../src/contract/validate.js';
import { lintSpecs } from '../../src/lint/lint.js';
import { DEFAULT_TARGETS } from '../../src/codegen/targets.js';
import { generateSpec } from '../../src/pipeline/generate.js';
import { typeCheck } from '../support/type-errors.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `openapi32-${process.pid}`);

const PLAIN = `openapi: 3.2.0
$self: https://example.com/api/openapi.yaml
info: { title: Pets 3.2, version: '1', summary: pets }
servers:
  - { url: 'https://pets.test/v1', name: production }
tags:
  - { name: animals, summary: Animals, kind: nav }
  - { name: pets, parent: animals, kind: nav }
security: []
paths:
  /pets/{id}:
    get:
      operationId: getPet
      tags: [pets]
      parameters:
        - { name: id, in: path, required: true, schema: { type: integer, minimum: 1 } }
      responses:
        '200':
          summary: The pet
          description: the pet
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
              examples:
                rex: { summary: Rex, dataValue: { id: 1, name: Rex } }
        '404':
          description: no such pet
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Problem' }
components:
  schemas:
    Pet:
      type: object
      required: [id, name]
      properties:
        id: { type: integer, minimum: 1 }
        name: { type: [string, 'null'], maxLength: 20 }
    Problem:
      type: object
      required: [message]
      properties: { message: { type: string } }
`;

const FEATURES = `openapi: 3.2.0
info: { title: Features 3.2, version: '1' }
paths:
  /pets:
    get:
      operationId: listPets
      parameters:
        - name: filter
          in: querystring
          content:
            application/x-www-form-urlencoded:
              schema: { type: object, properties: { name: { type: string } } }
      responses:
        '200':
          description: pets
          content:
            application/json:
              schema: { type: array, items: { type: object, properties: { id: { type: integer } } } }
              examples:
                two: { dataValue: [{ id: 1 }, { id: 2 }] }
                text: { serializedValue: '[{"id":1}]' }
    query:
      operationId: searchPets
      requestBody:
        content:
          application/json:
            schema: { type: object }
      responses:
        '200': { description: found }
    additionalOperations:
      PURGE:
        operationId: purgePets
        responses:
          '204': { description: purged }
  /events:
    get:
      operationId: events
      responses:
        '200':
          description: events
          content:
            text/event-stream:
              itemSchema:
                type: object
                properties: { data: { type: string } }
`;

beforeAll(() => {
  mkdirSync(TMP, { recursive: true });
  writeFileSync(join(TMP, 'plain.yaml'), PLAIN);
  writeFileSync(join(TMP, 'features.yaml'), FEATURES);
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('OpenAPI 3.2 documents', () => {
  it('are read as 3.2 (3.2.x of any patch); 3.3 and 3.2 without a patch are refused with the versions that are read', () => {
    expect(detectVersion(loadContract(join(TMP, 'plain.yaml')))).toBe('3.2');
    for (const [version, ok] of [
      ['3.2.1', true],
      ['3.3.0', false],
      ['3.2', false],
    ] as const) {
      const file = join(TMP, `v-${version}.yaml`);
      writeFileSync(file, PLAIN.replace('openapi: 3.2.0', `openapi: '${version}'`));
      if (ok) expect(detectVersion(loadContract(file))).toBe('3.2');
      else expect(() => detectVersion(loadContract(file))).toThrow(/is not supported[\s\S]*3\.2\.x, 3\.1\.x or 3\.0\.x|SPECFORGE_UNSUPPORTED_VERSION/);
    }
  });

  it('are modelled with their examples (dataValue) and 3.1 schemas, and no warning for what changes no output', async () => {
    const model = await buildModel(join(TMP, 'plain.yaml'));
    expect(model.operations.map((o) => `${o.method} ${o.path}`)).toEqual(['get /pets/{id}']);
    const ok = model.operations[0]?.responses.find((r) => r.status === '200');
    expect(ok?.content[0]?.examples).toEqual([
      {
        name: 'rex',
        summary: 'Rex',
        value: { id: 1, name: 'Rex' },
        pointer: '/paths/~1pets~1{id}/get/responses/200/content/application~1json/examples/rex/dataValue',
      },
    ]);
    expect(model.warnings).toEqual([]);
  });

  it('are linted with the 3.2 structure and the house rules, and a dataValue that breaks its schema is found', async () => {
    const bad = join(TMP, 'bad-example.yaml');
    writeFileSync(bad, PLAIN.replace('dataValue: { id: 1, name: Rex }', 'dataValue: { id: 0, name: Rex }'));
    const [clean, broken] = await lintSpecs([join(TMP, 'plain.yaml'), bad]);
    expect(clean?.problems.filter((p) => p.ruleId === 'struct')).toEqual([]);
    const exampleFindings = (broken?.problems ?? []).filter((p) => p.location[0]?.pointer?.includes('/examples/rex'));
    expect(exampleFindings.length).toBeGreaterThan(0);
    // The house rules apply to 3.2 documents too.
    expect(clean?.rules.has('specforge/operation-error-response')).toBe(true);
  });

  it('are generated into code that compiles under tsc --strict', async () => {
    const out = join(TMP, 'generated');
    const result = await generateSpec(
      { path: join(TMP, 'plain.yaml'), api: 'pets32', out, targets: [...DEFAULT_TARGETS], strict: true },
      { cacheDir: join(TMP, 'cache'), force: true },
    );
    expect(result.warnings.filter((w) => w.code === 'SPECFORGE_UNSUPPORTED_VERSION')).toEqual([]);
    const files = result.files.map((f) => f.path).filter((p) => p.endsWith('.ts'));
    expect(files).toEqual(expect.arrayContaining(['types.ts', 'validators.ts', 'server.ts']));
    expect(readFileSync(join(out, 'types.ts'), 'utf8')).toContain('getPet');
    expect(typeCheck(files.map((f) => join(out, f))).diagnostics).toEqual([]);
  }, 60_000);

  it('are mocked: the dataValue example is answered and the request is checked', async () => {
    const mock = await createMockFromSpec(join(TMP, 'plain.yaml'));
    const ok = await mock.fetch(new Request('http://mock.test/pets/1'));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ id: 1, name: 'Rex' });
    expect((await mock.fetch(new Request('http://mock.test/pets/0'))).status).toBe(400);
  });

  it('take a media type from components.mediaTypes: structure, model, mock and types read it', async () => {
    const file = join(TMP, 'media-types.yaml');
    writeFileSync(
      file,
      `openapi: 3.2.0
info: { title: media types, version: '1' }
security: []
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        '200':
          description: pets
          content:
            application/json: { $ref: '#/components/mediaTypes/Pets' }
components:
  mediaTypes:
    Pets:
      schema: { type: array, items: { type: object, required: [id], properties: { id: { type: integer } } } }
      example: [{ id: 7 }]
`,
    );
    const model = await buildModel(file);
    const content = model.operations[0]?.responses[0]?.content[0];
    expect(content?.pointer).toBe('/components/mediaTypes/Pets');
    expect(content?.examples.map((e) => e.value)).toEqual([[{ id: 7 }]]);
    const mock = await createMockFromSpec(file);
    expect(await (await mock.fetch(new Request('http://mock.test/pets'))).json()).toEqual([{ id: 7 }]);
    const out = join(TMP, 'media-types');
    await generateSpec({ path: file, api: 'mt', out, targets: ['types'], strict: true }, { cacheDir: join(TMP, 'cache'), force: true });
    const types = readFileSync(join(out, 'types.ts'), 'utf8');
    expect(types).toMatch(/"application\/json": \{\s*id: number;\s*\}\[\];/);
  });

  it("say, at each one's place, which 3.2 features are not given their meaning yet", async () => {
    const model = await buildModel(join(TMP, 'features.yaml'));
    const said = model.warnings.map((w) => `${w.location?.line}:${w.location?.col} ${w.message}`);
    // The query method and additionalOperations are operations (test/openapi32/query-method.test.ts), a
    // querystring parameter is one (querystring.test.ts), a serializedValue is read (example-values.test.ts),
    // an itemSchema stream is typed, served, mocked and tested (streams-*.test.ts).
    expect(said).toEqual([]);
    expect(model.operations[3]?.responses[0]?.content[0]?.itemSchema).toEqual({ type: 'object', properties: { data: { type: 'string' } } });
    expect(model.operations.map((o) => o.id)).toEqual(['listPets', 'searchPets', 'purgePets', 'events']);
    // The dataValue example is the response's example, and so is the serializedValue one, read as JSON.
    expect(model.operations[0]?.responses[0]?.content[0]?.examples.map((e) => [e.name, e.value])).toEqual([
      ['two', [{ id: 1 }, { id: 2 }]],
      ['text', [{ id: 1 }]],
    ]);
    // The mock says the same at start, and answers the query method.
    const warnings: Diagnostic[] = [];
    const mock = await createMockFromSpec(join(TMP, 'features.yaml'), {}, undefined, undefined, (d) => warnings.push(d));
    expect(warnings.filter((w) => w.code === 'SPECFORGE_UNSUPPORTED_FEATURE').map((w) => w.message)).toEqual(model.warnings.map((w) => w.message));
    expect(
      (await mock.fetch(new Request('http://mock.test/pets', { method: 'QUERY', headers: { 'content-type': 'application/json' }, body: '{}' }))).status,
    ).toBe(200);
  });
});
