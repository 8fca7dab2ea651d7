/**
 * Local `$ref`s (`#/components/schemas/Pet`): resolveLocalRef decodes the fragment and follows the
 * pointer, and a reference it cannot follow, including one with a malformed percent-escape, is
 * reported by the contract reader as a SPECFORGE_* diagnostic with its location, not a URIError.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiSpec } from '../../src/contract/tables/api.js';
import { ContractError, type Diagnostic } from '../../src/contract/errors.js';
import { buildModel } from '../../src/contract/model.js';
import { resolveLocalRef } from '../../src/contract/pointer.js';

const MALFORMED = '#/components/schemas/%E0%A4%A';

describe('resolveLocalRef', () => {
  const doc = { components: { schemas: { Pet: { type: 'object' }, 'a/b~c': { type: 'string' }, '100%': { type: 'integer' } } }, list: [1, 2] };

  it('follows a pointer, with "~1", "~0" and percent-escapes decoded', () => {
    expect(resolveLocalRef(doc, '#/components/schemas/Pet')).toEqual({ pointer: '/components/schemas/Pet', value: { type: 'object' } });
    expect(resolveLocalRef(doc, '#/components/schemas/a~1b~0c')).toEqual({ pointer: '/components/schemas/a~1b~0c', value: { type: 'string' } });
    expect(resolveLocalRef(doc, '#/components/schemas/100%25')).toEqual({ pointer: '/components/schemas/100%', value: { type: 'integer' } });
    expect(resolveLocalRef(doc, '#/list/1')).toEqual({ pointer: '/list/1', value: 2 });
    expect(resolveLocalRef(doc, '#')).toEqual({ pointer: '', value: doc });
  });

  it('is undefined for a malformed escape, a fragment that is not a pointer, another document or nothing there', () => {
    expect(() => decodeURIComponent(MALFORMED.slice(1))).toThrow(URIError);
    expect(resolveLocalRef(doc, MALFORMED)).toBeUndefined();
    expect(resolveLocalRef(doc, '#components/schemas/Pet')).toBeUndefined();
    expect(resolveLocalRef(doc, 'other.yaml#/components/schemas/Pet')).toBeUndefined();
    expect(resolveLocalRef(doc, '#/components/schemas/Cat')).toBeUndefined();
    expect(resolveLocalRef(doc, '#/list/2')).toBeUndefined();
  });
});

describe('a malformed-escape $ref in an extension is a contract error with its location', () => {
  const ROOT = resolve('test/.tmp', `local-ref-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  afterAll(() => rmSync(ROOT, { recursive: true, force: true }));

  async function diagnosticsOf(name: string, text: string): Promise<Diagnostic[]> {
    const dir = join(ROOT, name);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'openapi.yaml');
    writeFileSync(file, text);
    try {
      apiSpec(await buildModel(file));
    } catch (err) {
      if (err instanceof ContractError) return err.diagnostics;
      throw err;
    }
    return [];
  }

  it('x-specforge-policy: a credential kind whose schema $ref cannot be decoded', async () => {
    const text = `openapi: 3.1.0
info: { title: t, version: '1' }
x-specforge-policy:
  scheme: bearer
  kinds:
    - { name: party, pattern: '^sk_' }
    - { name: agent, schema: { $ref: '${MALFORMED}' } }
paths:
  /a:
    post:
      operationId: a
      security: [{ bearer: [] }]
      responses:
        '200': { description: ok }
        '403': { description: refused }
components:
  schemas:
    Agent: { type: string, pattern: '^ak_' }
  securitySchemes:
    bearer: { type: http, scheme: bearer }
`;
    const found = await diagnosticsOf('policy', text);
    expect(found).toHaveLength(1);
    const d = found[0] as Diagnostic;
    expect(d.code).toBe('SPECFORGE_EXTENSION');
    expect(d.message).toContain(`the schema ${MALFORMED} points at nothing`);
    expect(d.location).toMatchObject({ line: 7, col: 22, pointer: '/x-specforge-policy/kinds/1/schema' });
  });

  it('x-specforge-cli: an option property whose $ref cannot be decoded', async () => {
    const text = `openapi: 3.1.0
info: { title: t, version: '1' }
x-specforge-cli:
  name: tool
  configuration: C
  options:
    a: { flag: alpha }
    b: { flag: beta }
components:
  schemas:
    C:
      type: object
      properties:
        a: { type: string }
        b: { $ref: '${MALFORMED}' }
`;
    const found = await diagnosticsOf('cli', text);
    expect(found.map((d) => d.code)).toEqual(['SPECFORGE_REF_INVALID']);
    expect(found[0]?.location).toMatchObject({ line: 15, col: 14, pointer: '/components/schemas/C/properties/b/$ref' });
  });

  it('a property named $ref is a property, not a reference (GitHub Enterprise 3.6 has one)', async () => {
    const text = `openapi: 3.1.0
info: { title: t, version: '1' }
paths: {}
components:
  schemas:
    Ref:
      type: object
      properties:
        $ref: { type: string }
        name: { $ref: '#/components/schemas/Name' }
    Name: { type: string }
`;
    expect(await diagnosticsOf('ref-property', text)).toEqual([]);
    const model = await buildModel(join(ROOT, 'ref-property', 'openapi.yaml'));
    const properties = (model.document['components'] as { schemas: { Ref: { properties: Record<string, unknown> } } }).schemas.Ref.properties;
    expect(Object.keys(properties)).toEqual(['$ref', 'name']);
  });
});
