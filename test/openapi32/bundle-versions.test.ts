/**
 * `specforge bundle --openapi 3.1` writes a 3.2 document for tools that lack 3.2: what 3.1 says the
 * same way is rewritten, what it cannot is kept under an `x-oas32-` extension and said in a warning
 * at its file:line:col, and the result is a valid 3.1 document that every command reads. `--openapi
 * 3.2` writes a 3.1 document as 3.2. Anything else is a usage error.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBundle } from '../../src/cli/commands/bundle.js';
import { buildModel } from '../../src/contract/model.js';
import { loadContract } from '../../src/contract/resolve.js';
import { validateStructure } from '../../src/contract/validate.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `bundle-versions-${process.pid}`);

const DOC = `openapi: 3.2.0
$self: https://example.com/pets/openapi.yaml
info: { title: Pets, version: '1' }
servers:
  - { url: 'https://pets.test', name: production }
tags:
  - { name: animals, summary: Animals }
  - { name: pets, parent: animals, kind: nav }
security: []
paths:
  /pets:
    get:
      operationId: listPets
      tags: [pets]
      parameters:
        - name: filter
          in: querystring
          content:
            application/x-www-form-urlencoded:
              schema: { type: object, properties: { name: { type: string } } }
      responses:
        '200':
          summary: The pets
          description: the pets
          content:
            application/json: { $ref: '#/components/mediaTypes/Pets' }
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
              itemSchema: { type: object, properties: { data: { type: string } } }
components:
  mediaTypes:
    Pets:
      schema:
        type: array
        items: { $ref: '#/components/schemas/Pet' }
      examples:
        two: { dataValue: [{ id: 1 }], serializedValue: '[{"id":1}]' }
  schemas:
    Pet:
      type: object
      required: [id]
      properties:
        id: { type: integer, xml: { nodeType: attribute } }
  securitySchemes:
    old:
      type: apiKey
      in: header
      name: X-Key
      deprecated: true
`;

beforeAll(() => {
  mkdirSync(TMP, { recursive: true });
  writeFileSync(join(TMP, 'openapi.yaml'), DOC);
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

async function bundle(args: { spec: string; openapi?: string; output?: string }): Promise<{ text: string; warnings: string[] }> {
  let text = '';
  const warnings: string[] = [];
  await runBundle({ cwd: TMP, ...args, write: (t) => (text += t), warn: (t) => warnings.push(t.trimEnd()) });
  return { text, warnings };
}

describe('bundle --openapi 3.1 of a 3.2 document', () => {
  it('writes a valid 3.1 document that every command reads', async () => {
    const { text } = await bundle({ spec: 'openapi.yaml', openapi: '3.1', output: 'openapi-3.1.yaml' });
    expect(text).toBe('');
    const out = join(TMP, 'openapi-3.1.yaml');
    const doc = parse(readFileSync(out, 'utf8')) as Record<string, unknown>;
    expect(doc['openapi']).toBe('3.1.1');
    const loaded = loadContract(out);
    expect((await validateStructure(loaded)).filter((d) => d.severity === 'error')).toEqual([]);
    const model = await buildModel(out);
    expect(model.operations.map((o) => o.id)).toEqual(['listPets', 'events']);
    // The form-encoded query string is the same object as a form-style, exploded query parameter.
    expect(model.operations[0]?.parameters.map((p) => [p.name, p.in, p.style, p.explode])).toEqual([['filter', 'query', 'form', true]]);
    // dataValue is the example's value, and the media type from components.mediaTypes is written in place.
    expect(model.operations[0]?.responses[0]?.content[0]?.examples).toMatchObject([{ name: 'two', value: [{ id: 1 }] }]);
    expect(model.warnings).toEqual([]);
  });

  it('keeps what 3.1 cannot say under x-oas32- extensions, and says each at its place', async () => {
    const { text, warnings } = await bundle({ spec: 'openapi.yaml', openapi: '3.1' });
    const doc = parse(text) as {
      paths: Record<string, Record<string, unknown>>;
      tags: Array<Record<string, unknown>>;
      servers: Array<Record<string, unknown>>;
      components: Record<string, Record<string, Record<string, unknown>>>;
      'x-oas32-$self': string;
    };
    expect(doc['x-oas32-$self']).toBe('https://example.com/pets/openapi.yaml');
    expect(Object.keys(doc.paths['/pets'] ?? {})).toEqual(['get', 'x-query', 'x-oas32-additionalOperations']);
    expect(doc.tags[1]).toEqual({ name: 'pets', 'x-oas32-parent': 'animals', 'x-oas32-kind': 'nav' });
    expect(doc.servers[0]).toEqual({ url: 'https://pets.test', 'x-oas32-name': 'production' });
    expect(doc.components['mediaTypes']).toBeUndefined();
    expect(doc.components['schemas']?.['Pet']).toMatchObject({ properties: { id: { xml: { attribute: true } } } });
    expect(doc.components['securitySchemes']?.['old']).toMatchObject({ 'x-oas32-deprecated': true });
    const events = doc.paths['/events']?.['get'] as { responses: Record<string, { content: Record<string, Record<string, unknown>> }> };
    expect(Object.keys(events.responses['200']?.content['text/event-stream'] ?? {})).toEqual(['x-oas32-itemSchema']);
    // Each warning names its line and what was kept.
    expect(warnings.length).toBe(13);
    expect(warnings.every((w) => /openapi\.yaml:\d+:\d+ \(#[^)]*\): warning SPECFORGE_VERSION_CONVERSION: /.test(w))).toBe(true);
    expect(warnings.find((w) => w.includes('x-query'))).toMatch(/openapi\.yaml:27:5 /);
    expect(warnings.find((w) => w.includes('itemSchema'))).toMatch(/openapi\.yaml:48:15 /);
    // Said where it is written: in the media type component, not at the reference.
    expect(warnings.find((w) => w.includes('x-oas32-serializedValue'))).toMatch(
      /openapi\.yaml:56:\d+ \(#\/components\/mediaTypes\/Pets\/examples\/two\/serializedValue\)/,
    );
  });
});

describe('bundle --openapi 3.1 of a component parameter', () => {
  it('says what it could not keep at the parameter named in components, not at an index', async () => {
    writeFileSync(
      join(TMP, 'component-param.yaml'),
      `openapi: 3.2.0\ninfo: { title: t, version: '1' }\nsecurity: []\npaths:\n  /a:\n    get:\n      operationId: a\n      parameters: [{ $ref: '#/components/parameters/Filter' }]\n      responses:\n        '204': { description: none }\ncomponents:\n  parameters:\n    Filter:\n      name: filter\n      in: querystring\n      content:\n        application/json:\n          schema: { type: object }\n`,
    );
    const { warnings } = await bundle({ spec: 'component-param.yaml', openapi: '3.1' });
    expect(warnings).toEqual([
      expect.stringMatching(
        /component-param\.yaml:15:7 \(#\/components\/parameters\/Filter\/in\): warning SPECFORGE_VERSION_CONVERSION: 3\.1 cannot describe a query string given as application\/json/,
      ),
    ]);
  });
});

describe('bundle --openapi 3.2 of a 3.1 document', () => {
  it('writes it as 3.2, which every command reads', async () => {
    writeFileSync(
      join(TMP, 'v31.yaml'),
      `openapi: 3.1.0\ninfo: { title: t, version: '1' }\nsecurity: []\npaths:\n  /a:\n    get:\n      operationId: a\n      responses:\n        '204': { description: none }\n`,
    );
    const { text, warnings } = await bundle({ spec: 'v31.yaml', openapi: '3.2', output: 'v32.yaml' });
    expect([text, warnings]).toEqual(['', []]);
    const out = join(TMP, 'v32.yaml');
    expect((parse(readFileSync(out, 'utf8')) as { openapi: string }).openapi).toBe('3.2.0');
    expect((await buildModel(out)).operations.map((o) => o.id)).toEqual(['a']);
  });

  it('refuses another version, or a document that is neither 3.1 nor 3.2, as usage errors', async () => {
    await expect(bundle({ spec: 'openapi.yaml', openapi: '3.0' })).rejects.toThrow('--openapi must be 3.1 or 3.2, not "3.0"');
    writeFileSync(join(TMP, 'v30.yaml'), `openapi: 3.0.3\ninfo: { title: t, version: '1' }\npaths: {}\n`);
    await expect(bundle({ spec: 'v30.yaml', openapi: '3.2' })).rejects.toThrow('converts between 3.1 and 3.2; v30.yaml is OpenAPI 3.0.3');
  });
});
