/**
 * `specforge diff` of OpenAPI 3.2 querystring parameters: a property of the query string that becomes
 * required, and a change of the media type the query string is written in, are breaking (each with
 * its rule and the parameter named); the harmless direction and an optional property added are not.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, diffDocs, OK, type Doc } from '../diff/helpers.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `diff-32-${process.pid}`);
beforeAll(() => mkdirSync(TMP, { recursive: true }));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const searched = (schema: Doc, type = 'application/x-www-form-urlencoded'): Doc =>
  api({ '/pets': { get: { parameters: [{ name: 'filter', in: 'querystring', content: { [type]: { schema } } }], responses: OK } } }, undefined, {
    openapi: '3.2.0',
  });
const FILTER = { type: 'object', properties: { name: { type: 'string' }, tag: { type: 'string' } } };

async function findings(base: Doc, head: Doc): Promise<Array<[string, string, string]>> {
  return (await diffDocs(join(TMP, `case-${Math.random().toString(36).slice(2)}`), base, head)).map((f) => [f.rule, f.level, f.message]);
}

describe('diff of OpenAPI 3.2 querystring parameters', () => {
  it('a property that becomes required is breaking, named by the parameter; the other way is not', async () => {
    const narrowed = searched({ ...FILTER, required: ['tag'] });
    expect(await findings(searched(FILTER), narrowed)).toEqual([
      ['request-property-became-required', 'error', expect.stringContaining('querystring parameter "filter" property "tag" became required') as string],
    ]);
    expect(await findings(narrowed, searched(FILTER))).toEqual([]);
  });

  it('an optional property added is not breaking', async () => {
    const wider = searched({ ...FILTER, properties: { ...FILTER.properties, color: { type: 'string' } } });
    expect((await findings(searched(FILTER), wider)).filter(([, level]) => level === 'error')).toEqual([]);
  });

  it('the query string written in another media type is breaking', async () => {
    expect(await findings(searched(FILTER), searched(FILTER, 'application/json'))).toEqual([
      [
        'request-parameter-media-type-changed',
        'error',
        expect.stringContaining('querystring parameter "filter" is now described by content application/json') as string,
      ],
    ]);
  });
});
