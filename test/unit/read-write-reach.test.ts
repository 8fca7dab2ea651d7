/**
 * The SDK reads an answer through `Readable<T>` and writes a body through `Writable<T>` only where
 * the body's schema reaches a readOnly or writeOnly marker (those deep mapped types cost the
 * compiler a walk of every schema they touch): through `$ref`s, cycles included; a reference that
 * cannot be followed counts as reaching one.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readWriteReach } from '../../generators/read-write.js';
import { generateSpec } from '../../src/pipeline/generate.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `read-write-reach-${process.pid}`);
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const DOC = {
  components: {
    schemas: {
      Plain: { type: 'object', properties: { name: { type: 'string' }, child: { $ref: '#/components/schemas/Plain' } } },
      Marked: { type: 'object', properties: { id: { type: 'integer', readOnly: true } } },
      Secret: { type: 'object', properties: { password: { type: 'string', writeOnly: true } } },
      // A cycle whose far end reaches a marker: both ends do.
      A: { type: 'object', properties: { b: { $ref: '#/components/schemas/B' } } },
      B: { type: 'object', properties: { a: { $ref: '#/components/schemas/A' }, m: { $ref: '#/components/schemas/Marked' } } },
      C: { type: 'array', items: { $ref: '#/components/schemas/Plain' } },
    },
  },
};

describe('readWriteReach', () => {
  it('says which schemas reach a marker, through references and cycles', () => {
    const reach = readWriteReach(DOC);
    expect(reach({ $ref: '#/components/schemas/Plain' })).toBe(false);
    expect(reach({ $ref: '#/components/schemas/C' })).toBe(false);
    expect(reach({ $ref: '#/components/schemas/Marked' })).toBe(true);
    expect(reach({ allOf: [{ $ref: '#/components/schemas/Plain' }, { $ref: '#/components/schemas/Secret' }] })).toBe(true);
    // B first, then A: the answers for the cycle do not depend on the order asked.
    expect(reach({ $ref: '#/components/schemas/B' })).toBe(true);
    expect(reach({ $ref: '#/components/schemas/A' })).toBe(true);
    expect(readWriteReach(DOC)({ $ref: '#/components/schemas/A' })).toBe(true);
    expect(reach({ type: 'object', properties: { at: { type: 'string', readOnly: true } } })).toBe(true);
    expect(reach({ $ref: '#/components/schemas/Missing' })).toBe(true);
    expect(reach(undefined)).toBe(false);
  });

  it('the SDK wraps only the bodies whose schema reaches a marker, and imports only the views it uses', async () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: {
        '/items': {
          post: {
            operationId: 'createItem',
            requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Plain' } } } },
            responses: { '201': { description: 'created', content: { 'application/json': { schema: { $ref: '#/components/schemas/A' } } } } },
          },
          get: {
            operationId: 'listItems',
            responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/C' } } } } },
          },
        },
      },
      ...DOC,
    };
    mkdirSync(TMP, { recursive: true });
    writeFileSync(join(TMP, 'openapi.json'), JSON.stringify(doc));
    const out = join(TMP, 'out');
    await generateSpec(
      { path: join(TMP, 'openapi.json'), api: 'items', out, targets: ['types', 'sdk'], strict: true },
      { cacheDir: join(TMP, 'cache'), force: true },
    );
    const text = readFileSync(join(out, 'sdk.ts'), 'utf8');
    expect(text).toMatch(/CreateItemResult =\s*\| SdkSuccess<201, Readable<paths\["\/items"\]\["post"\]\["responses"\]\[201\]/);
    expect(text).toMatch(/ListItemsResult =\s*\| SdkSuccess<200, paths\["\/items"\]\["get"\]/);
    expect(text).toContain('body: NonNullable<paths["/items"]["post"]["requestBody"]>["content"]["application/json"]');
    expect(text).toContain('type Readable');
    expect(text).not.toContain('type Writable');
  });

  it('imports what the types use, never what contract text in a string literal says', async () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: {
        '/Readable<x>/SdkFailure<y>': {
          post: {
            operationId: 'odd',
            requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
            responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
          },
        },
      },
    };
    mkdirSync(TMP, { recursive: true });
    writeFileSync(join(TMP, 'odd.json'), JSON.stringify(doc));
    const out = join(TMP, 'odd');
    await generateSpec(
      { path: join(TMP, 'odd.json'), api: 'odd', out, targets: ['types', 'sdk'], strict: true },
      { cacheDir: join(TMP, 'cache-odd'), force: true },
    );
    const text = readFileSync(join(out, 'sdk.ts'), 'utf8');
    expect(text).toContain('paths["/Readable<x>/SdkFailure<y>"]["post"]["responses"][200]');
    expect(text).not.toMatch(/type Readable|type Writable|type SdkFailure/);
  });
});
