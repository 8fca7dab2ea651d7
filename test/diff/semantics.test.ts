/**
 * The diff compares meaning, not text: $refs, allOf, 3.0 and 3.1 spellings, renamed path
 * parameters; it terminates on recursive schemas; and it reports on the line of the head contract.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { api, diffDocs, OK, rulesOf, tmpRoot, type Doc } from './helpers.js';

const TMP = tmpRoot('diff-semantics');
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

/** 1-based line of the first line of `text` that equals `line` (trailing spaces ignored). */
function lineOf(text: string, line: string): number {
  const i = text.split('\n').findIndex((l) => l.trimEnd() === line);
  if (i < 0) throw new Error(`no line ${JSON.stringify(line)}`);
  return i + 1;
}

const INLINE = `openapi: 3.1.0
info: { title: Pets, version: '1' }
paths:
  /pets/{id}:
    put:
      parameters:
        - { name: id, in: path, required: true, schema: { type: integer, minimum: 1 } }
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [name]
              properties:
                name: { type: string, maxLength: 20 }
                tags: { type: array, items: { type: string, enum: [a, b] } }
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: object
                required: [id, name]
                properties:
                  id: { type: integer }
                  name: { type: string }
`;

const MOVED_ENTRY = `openapi: 3.1.0
info: { title: Pets, version: '1' }
paths:
  /pets/{petId}:
    put:
      parameters:
        - $ref: '#/components/parameters/PetId'
      requestBody:
        $ref: '#/components/requestBodies/NewPet'
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                $ref: './schemas.yaml#/Pet'
components:
  parameters:
    PetId: { name: petId, in: path, required: true, schema: { $ref: '#/components/schemas/Id' } }
  requestBodies:
    NewPet:
      required: true
      content:
        application/json:
          schema:
            allOf:
              - $ref: './schemas.yaml#/Named'
              - type: object
                properties:
                  tags: { type: array, items: { $ref: '#/components/schemas/Tag' } }
  schemas:
    Id: { type: integer, minimum: 1 }
    Tag: { type: string, enum: [a, b] }
`;

const MOVED_SCHEMAS = `Named:
  type: object
  required: [name]
  properties:
    name: { type: string, maxLength: 20 }
Pet:
  type: object
  required: [id, name]
  properties:
    id: { type: integer }
    name: { type: string }
`;

describe('compared by meaning', () => {
  it('moving inline schemas into components and sibling files (and renaming the path parameter) reports nothing', async () => {
    expect(await diffDocs(TMP, { 'openapi.yaml': INLINE }, { 'openapi.yaml': MOVED_ENTRY, 'schemas.yaml': MOVED_SCHEMAS }, true)).toEqual([]);
    expect(await diffDocs(TMP, { 'openapi.yaml': MOVED_ENTRY, 'schemas.yaml': MOVED_SCHEMAS }, { 'openapi.yaml': INLINE }, true)).toEqual([]);
  });

  it('a change inside the moved component is reported in the sibling file, on its line', async () => {
    const changed = MOVED_SCHEMAS.replace('name: { type: string, maxLength: 20 }', 'name: { type: string, maxLength: 10 }');
    const findings = await diffDocs(TMP, { 'openapi.yaml': INLINE }, { 'openapi.yaml': MOVED_ENTRY, 'schemas.yaml': changed }, true);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      rule: 'request-property-max-length-decreased',
      level: 'error',
      location: {
        file: 'head/api/schemas.yaml',
        line: lineOf(changed, '    name: { type: string, maxLength: 10 }'),
        pointer: '/Named/properties/name/maxLength',
      },
    });
    expect(findings[0]?.message).toBe('PUT /pets/{petId}: request body (application/json) property "name": maxLength decreased from 20 to 10');
  });

  it("3.0's nullable and boolean exclusiveMaximum equal 3.1's type list and numeric bound", async () => {
    const v30 = `openapi: 3.0.3
info: { title: T, version: '1' }
paths:
  /a:
    post:
      requestBody:
        content:
          application/json:
            schema: { type: object, properties: { n: { type: integer, maximum: 10, exclusiveMaximum: true, nullable: true } } }
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: string, nullable: true } } } }
`;
    const v31 = `openapi: 3.1.0
info: { title: T, version: '1' }
paths:
  /a:
    post:
      requestBody:
        content:
          application/json:
            schema: { type: object, properties: { n: { type: [integer, 'null'], exclusiveMaximum: 10 } } }
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: [string, 'null'] } } } }
`;
    expect(await diffDocs(TMP, { 'openapi.yaml': v30 }, { 'openapi.yaml': v31 }, true)).toEqual([]);
    const stricter = v31.replace("type: [integer, 'null'], exclusiveMaximum: 10", 'type: integer, exclusiveMaximum: 10');
    expect(rulesOf(await diffDocs(TMP, { 'openapi.yaml': v30 }, { 'openapi.yaml': stricter }, true))).toEqual(['request-property-type-changed']);
  });

  it('header parameters are matched without regard to case', async () => {
    const h = (name: string): Doc =>
      api({ '/a': { get: { parameters: [{ name, in: 'header', required: true, schema: { type: 'string' } }], responses: OK } } });
    expect(await diffDocs(TMP, h('X-Request-Id'), h('x-request-id'))).toEqual([]);
  });

  it('readOnly properties are not part of requests, writeOnly ones not of responses', async () => {
    const schema = (required: string[]): Doc => ({
      type: 'object',
      required,
      properties: { id: { type: 'string', readOnly: true }, secret: { type: 'string', writeOnly: true }, name: { type: 'string' } },
    });
    const doc = (required: string[]): Doc =>
      api({
        '/a': {
          post: {
            requestBody: { content: { 'application/json': { schema: schema(required) } } },
            responses: { '200': { description: 'ok', content: { 'application/json': { schema: schema(required) } } } },
          },
        },
      });
    // id becomes required: only responses carry it; secret stops being required: only requests carry it.
    expect(rulesOf(await diffDocs(TMP, doc(['secret']), doc(['id'])))).toEqual([]);
    expect(rulesOf(await diffDocs(TMP, doc([]), doc(['name'])))).toEqual(['request-property-became-required']);
  });

  it('a response made nullable through anyOf is a widened response, and no change for requests', async () => {
    const pet = { type: 'object', properties: { name: { type: 'string' } } };
    const doc = (schema: Doc): Doc =>
      api(
        {
          '/a': {
            post: {
              requestBody: { content: { 'application/json': { schema } } },
              responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } },
            },
          },
        },
        { schemas: { Pet: pet } },
      );
    const before = doc({ type: 'object', properties: { pet: { $ref: '#/components/schemas/Pet' } } });
    const after = doc({ type: 'object', properties: { pet: { anyOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'null' }] } } });
    expect(rulesOf(await diffDocs(TMP, before, after))).toEqual(['response-property-variant-added']);
    // Back to a single schema: a narrowed response and a narrowed request.
    expect(rulesOf(await diffDocs(TMP, after, before))).toEqual(['request-property-variant-removed']);
  });
});

describe('recursive schemas', () => {
  const tree = (nameMax: number, childMax: number): Doc =>
    api(
      { '/trees': { post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } }, responses: OK } } },
      {
        schemas: {
          Node: {
            type: 'object',
            properties: {
              name: { type: 'string', maxLength: nameMax },
              children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
              leaf: { $ref: '#/components/schemas/Leaf' },
            },
          },
          Leaf: { type: 'object', properties: { parent: { $ref: '#/components/schemas/Node' }, label: { type: 'string', maxLength: childMax } } },
        },
      },
    );

  it('terminate, and a change in a recursive definition is reported once per place it is reached first', async () => {
    expect(await diffDocs(TMP, tree(10, 10), tree(10, 10))).toEqual([]);
    const findings = await diffDocs(TMP, tree(10, 10), tree(5, 4));
    expect(findings.map((f) => f.message).sort()).toEqual([
      'POST /trees: request body (application/json) property "leaf.label": maxLength decreased from 10 to 4',
      'POST /trees: request body (application/json) property "name": maxLength decreased from 10 to 5',
    ]);
  });

  it('an inline base compared with a recursive head terminates too', async () => {
    const inline = api({
      '/trees': {
        post: {
          requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string', maxLength: 10 } } } } } },
          responses: OK,
        },
      },
    });
    // The head accepts more (two optional properties): reported as additions, nothing breaks.
    expect(rulesOf(await diffDocs(TMP, inline, tree(10, 10)))).toEqual(['request-property-added', 'request-property-added']);
  });
});

describe('schemas that all refer to each other', () => {
  // Every schema has a property referring to every other one: the number of paths through them
  // grows as n!, the number of pairs as n. (With paths walked one by one, 11 such schemas took
  // over 30 s against themselves; each pair is now compared once.)
  const web = (n: number, changed?: number): Doc => {
    const schemas: Doc = {};
    for (let i = 0; i < n; i++) {
      const properties: Doc = { name: { type: 'string', maxLength: i === changed ? 5 : 10 } };
      for (let j = 0; j < n; j++) if (j !== i) properties[`to${j}`] = { $ref: `#/components/schemas/S${j}` };
      schemas[`S${i}`] = { type: 'object', properties };
    }
    return api(
      { '/webs': { post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/S0' } } } }, responses: OK } } },
      { schemas },
    );
  };

  it('fourteen of them diff against themselves (no change) and against a changed copy (the change, once)', async () => {
    expect(await diffDocs(TMP, web(14), web(14))).toEqual([]);
    const findings = await diffDocs(TMP, web(14), web(14, 9));
    expect(findings.map((f) => f.rule)).toEqual(['request-property-max-length-decreased']);
    expect(findings[0]?.message).toMatch(/property "(to\d+\.)*to9\.name": maxLength decreased from 10 to 5/);
  });
});

describe('locations in the head contract (removals in the base)', () => {
  const BASE = `openapi: 3.1.0
info: { title: T, version: '1' }
paths:
  /keep:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: object
                required: [id, name]
                properties:
                  id: { type: string }
                  name: { type: string }
    delete:
      responses:
        '204': { description: gone }
  /gone:
    get:
      responses:
        '200': { description: ok }
`;
  // The same contract with the DELETE operation, the /gone path and the required property "name" removed.
  const HEAD = BASE.replace('required: [id, name]', 'required: [id]')
    .replace('                  name: { type: string }\n', '')
    .replace(/    delete:[\s\S]*$/, '');

  it('a removed required response property is breaking, on the line of its surviving parent; a removed operation or path on its own line in the base', async () => {
    const findings = await diffDocs(TMP, { 'openapi.yaml': BASE }, { 'openapi.yaml': HEAD }, true);
    const at = (rule: string): { level: string; line?: number; pointer?: string } => {
      const f = findings.find((x) => x.rule === rule);
      if (!f) throw new Error(`no ${rule} in ${JSON.stringify(findings)}`);
      return { level: f.level, line: f.location.line, pointer: f.location.pointer };
    };
    const fileOf = (rule: string): string | undefined => findings.find((x) => x.rule === rule)?.location.file;
    expect(fileOf('response-required-property-removed')).toMatch(/head\/api\/openapi\.yaml$/);
    expect(fileOf('api-operation-removed')).toMatch(/base\/api\/openapi\.yaml$/);
    expect(fileOf('api-path-removed')).toMatch(/base\/api\/openapi\.yaml$/);
    expect(at('response-required-property-removed')).toEqual({
      level: 'error',
      line: lineOf(HEAD, '                properties:'),
      pointer: '/paths/~1keep/get/responses/200/content/application~1json/schema/properties',
    });
    expect(at('api-operation-removed')).toEqual({ level: 'error', line: lineOf(BASE, '    delete:'), pointer: '/paths/~1keep/delete' });
    expect(at('api-path-removed')).toEqual({ level: 'error', line: lineOf(BASE, '  /gone:'), pointer: '/paths/~1gone' });
    expect(findings).toHaveLength(3);
  });
});

describe('a change of a shared schema', () => {
  const shared = (values: string[]): Doc =>
    api(
      Object.fromEntries(
        ['/a', '/b', '/c'].map((p) => [
          p,
          { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } } } },
        ]),
      ),
      { schemas: { Pet: { type: 'object', properties: { status: { type: 'string', enum: values }, name: { type: 'string' } } } } },
    );

  it('is one finding naming the other operations it reaches, not one per operation', async () => {
    const findings = await diffDocs(TMP, shared(['sold']), shared(['sold', 'lost']));
    expect(findings.map((f) => f.rule)).toEqual(['response-property-enum-value-added']);
    expect(findings[0]?.message).toBe(
      'GET /a: response 200 (application/json) property "status": enum value "lost" added (also in 2 other operations: GET /b, GET /c)',
    );
  });

  it('different changes at the same place stay apart', async () => {
    const base = shared(['sold']);
    const head = shared(['sold']);
    const pet = (head['components'] as { schemas: { Pet: { properties: Record<string, unknown> } } }).schemas.Pet;
    pet.properties = {};
    const findings = await diffDocs(TMP, base, head);
    expect(findings.map((f) => f.message)).toEqual([
      'GET /a: response 200 (application/json) property "status" was removed (also in 2 other operations: GET /b, GET /c)',
      'GET /a: response 200 (application/json) property "name" was removed (also in 2 other operations: GET /b, GET /c)',
    ]);
  });
});

describe('alternatives are paired by meaning', () => {
  const payment = (alts: Doc[], discriminator?: Doc): Doc =>
    api({
      '/payments': {
        post: { requestBody: { content: { 'application/json': { schema: { oneOf: alts, ...(discriminator ? { discriminator } : {}) } } } }, responses: OK },
      },
    });
  const card = (required: string[] = ['kind']): Doc => ({ type: 'object', required, properties: { kind: { const: 'card' }, number: { type: 'string' } } });
  const bank = { type: 'object', required: ['kind'], properties: { kind: { const: 'bank' }, iban: { type: 'string' } } };

  it('by the tag value: a change to the card alternative is reported there, whatever the order', async () => {
    const findings = await diffDocs(
      TMP,
      payment([card(), bank], { propertyName: 'kind' }),
      payment([bank, card(['kind', 'number'])], { propertyName: 'kind' }),
    );
    expect(findings.map((f) => f.rule)).toEqual(['request-property-became-required']);
    expect(findings[0]?.message).toContain('property "number" became required');
  });

  it('an alternative removed is named, and the others are not compared with the wrong one', async () => {
    const findings = await diffDocs(TMP, payment([card(), bank]), payment([bank]));
    expect(findings.map((f) => [f.rule, f.message.replace(/^.*: /, '')])).toEqual([
      ['request-body-variant-removed', 'alternative object {kind, number} of anyOf/oneOf removed'],
    ]);
  });

  it('by title, and by structure when nothing names them', async () => {
    const a = { title: 'Email', type: 'object', properties: { address: { type: 'string', maxLength: 100 } } };
    const b = { title: 'Phone', type: 'object', properties: { number: { type: 'string' } } };
    const narrowed = { ...a, properties: { address: { type: 'string', maxLength: 50 } } };
    expect(rulesOf(await diffDocs(TMP, payment([a, b]), payment([b, narrowed])))).toEqual(['request-property-max-length-decreased']);
    const s = { type: 'string' };
    const n = { type: 'integer', maximum: 10 };
    expect(rulesOf(await diffDocs(TMP, payment([s, n]), payment([{ type: 'integer', maximum: 5 }, s])))).toEqual(['request-body-max-decreased']);
  });
});
