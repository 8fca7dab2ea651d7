/**
 * OpenAPI 3.2's `$self`, the base URI of a document: a reference to an absolute URI under the
 * `$self` of the file that holds it names the file at the same place beside that file (read under the
 * loader's rule, never fetched), one to the file's own `$self` is internal; every command (the loader,
 * lint's Redocly resolver, bundle) reads them so. Any other absolute URI is still refused, a `..` in
 * the URI cannot leave the folder, and a `$self` that is not a URI (or has a fragment) is an error
 * at its line.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractError } from '../../src/contract/errors.js';
import { buildModel } from '../../src/contract/model.js';
import { loadContract } from '../../src/contract/resolve.js';
import { underSelf } from '../../src/contract/self-uri.js';
import { lintSpecs } from '../../src/lint/lint.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `self-${process.pid}`);

const entry = (refs: { pet: string; problem: string }, self = 'https://example.com/api/openapi.yaml'): string => `openapi: 3.2.0
$self: ${JSON.stringify(self)}
info: { title: self, version: '1' }
security: []
paths:
  /pets/{id}:
    get:
      operationId: getPet
      parameters:
        - { name: id, in: path, required: true, schema: { type: integer } }
      responses:
        '200':
          description: a pet
          content:
            application/json:
              schema: { $ref: '${refs.pet}' }
        '404':
          description: none
          content:
            application/json:
              schema: { $ref: '${refs.problem}' }
components:
  schemas:
    Problem: { type: object, properties: { message: { type: string } } }
`;

const GOOD = { pet: 'https://example.com/api/schemas/pet.yaml#/Pet', problem: 'https://example.com/api/openapi.yaml#/components/schemas/Problem' };

function write(name: string, text: string): string {
  const file = join(TMP, name);
  writeFileSync(file, text);
  return file;
}

function errorsOf(fn: () => unknown): Array<{ code: string; line?: number; message: string }> {
  try {
    fn();
  } catch (err) {
    if (err instanceof ContractError) return err.diagnostics.map((d) => ({ code: d.code, line: d.location?.line, message: d.message }));
    throw err;
  }
  return [];
}

beforeAll(() => {
  mkdirSync(join(TMP, 'schemas'), { recursive: true });
  writeFileSync(join(TMP, 'schemas', 'pet.yaml'), 'Pet:\n  type: object\n  required: [id]\n  properties:\n    id: { type: integer }\n');
  writeFileSync(join(resolve(TMP, '..'), `self-secret-${process.pid}.yaml`), 'Secret: { type: string }\n');
});
afterAll(() => {
  rmSync(TMP, { recursive: true, force: true });
  rmSync(join(resolve(TMP, '..'), `self-secret-${process.pid}.yaml`), { force: true });
});

describe('$self as the base URI of references', () => {
  it('maps an absolute URI under $self to the file beside it, and its own URI to itself', () => {
    const data = { $self: 'https://example.com/api/openapi.yaml' };
    expect(underSelf(data, 'https://example.com/api/schemas/pet.yaml#/Pet')).toBe('./schemas/pet.yaml#/Pet');
    expect(underSelf(data, 'https://example.com/api/openapi.yaml#/components/schemas/A')).toBe('#/components/schemas/A');
    for (const other of [
      'https://example.com/other/pet.yaml',
      'http://example.com/api/pet.yaml',
      'https://evil.test/api/pet.yaml',
      'https://example.com/api/%2e%2e/secret.yaml',
      'https://example.com/api/pet.yaml?x=1',
    ]) {
      expect(underSelf(data, other), other).toBeUndefined();
    }
    expect(underSelf({ $self: '/api/openapi.yaml' }, 'https://example.com/api/pet.yaml')).toBeUndefined();
  });

  it('are read by the loader, bundled as internal references, and modelled', async () => {
    const file = write('openapi.yaml', entry(GOOD));
    const loaded = loadContract(file);
    expect(JSON.stringify(loaded.document)).not.toContain('"$ref":"https:');
    expect(loaded.document['$self']).toBe('https://example.com/api/openapi.yaml');
    const model = await buildModel(file);
    const schemas = model.operations[0]?.responses.map((r) => r.content[0]?.schema);
    expect(schemas).toEqual([{ $ref: '#/components/schemas/Pet' }, { $ref: '#/components/schemas/Problem' }]);
  });

  it('are resolved by lint (no unresolved reference)', async () => {
    const [result] = await lintSpecs([write('openapi.yaml', entry(GOOD))]);
    expect(result?.problems.filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('still refuses any other absolute URI, and one whose .. would leave the folder', () => {
    for (const pet of ['https://example.com/other/pet.yaml#/Pet', 'https://example.com/api/%2e%2e/self-secret.yaml#/Secret']) {
      const file = write('remote.yaml', entry({ ...GOOD, pet }));
      expect(errorsOf(() => loadContract(file))).toEqual([expect.objectContaining({ code: 'SPECFORGE_REF_REMOTE', line: 16 })]);
    }
  });

  it('a $self that is not a URI, or has a fragment, is an error at its line', () => {
    for (const [self, why] of [
      ['not a uri', /is not a URI reference/],
      ['https://example.com/api/openapi.yaml#top', /has a fragment/],
    ] as const) {
      const file = write('bad-self.yaml', entry(GOOD, self));
      expect(errorsOf(() => loadContract(file))).toEqual([{ code: 'SPECFORGE_INVALID_STRUCTURE', line: 2, message: expect.stringMatching(why) as string }]);
    }
    const file = write('number-self.yaml', entry(GOOD).replace(/^\$self: .*$/m, '$self: 42'));
    expect(errorsOf(() => loadContract(file))).toEqual([{ code: 'SPECFORGE_INVALID_STRUCTURE', line: 2, message: '$self must be a URI string, not 42' }]);
  });
});
