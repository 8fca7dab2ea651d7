/**
 * `x-extensible-enum` is a promise to clients that a value they receive may be one they do not
 * know: its findings (`…-extensible-enum-value-added`) belong to what the API sends (responses,
 * webhook payloads), never to what it receives. A request enum that gains a value accepts more,
 * which no client notices: info under the plain enum rule, or nothing for a list that does not
 * limit values at all.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { diffFiles } from '../../src/diff/report.js';
import { DIFF_RULES } from '../../src/diff/rules.js';
import { api, tmpRoot, writeFiles, type Doc } from './helpers.js';

const TMP = tmpRoot('extensible-direction');
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const body = (schema: Doc): Doc =>
  api({
    '/pets': {
      post: {
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { status: schema } } } } },
        responses: { '204': { description: 'ok' } },
      },
    },
  });
const query = (schema: Doc): Doc =>
  api({ '/pets': { get: { parameters: [{ name: 'status', in: 'query', schema }], responses: { '204': { description: 'ok' } } } } });
/** One component both received (request body) and sent (response). */
const both = (schema: Doc): Doc =>
  api(
    {
      '/pets': {
        post: {
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
        },
      },
    },
    { schemas: { Pet: { type: 'object', properties: { status: schema } } } },
  );

const LIST = (values: string[]): Doc => ({ type: 'string', 'x-extensible-enum': values });
const MARKED = (values: string[]): Doc => ({ type: 'string', enum: values, 'x-extensible-enum': true });

let n = 0;
async function rules(wrap: (s: Doc) => Doc, base: Doc, head: Doc): Promise<Array<[string, string]>> {
  n++;
  const b = writeFiles(join(TMP, String(n), 'base'), { 'openapi.yaml': wrap(base) });
  const h = writeFiles(join(TMP, String(n), 'head'), { 'openapi.yaml': wrap(head) });
  return (await diffFiles(b, h, { cwd: TMP })).findings.map((f) => [f.rule, f.level]);
}

describe('x-extensible-enum by direction', () => {
  it('no extensible-enum rule exists for a request scope', () => {
    const ids = DIFF_RULES.map((r) => r.id).filter((id) => id.endsWith('extensible-enum-value-added'));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id) => id.startsWith('request-'))).toEqual([]);
    expect(ids).toContain('response-property-extensible-enum-value-added');
  });

  it('a request body property or a query parameter whose x-extensible-enum list grows: no finding', async () => {
    expect(await rules(body, LIST(['active']), LIST(['active', 'frozen']))).toEqual([]);
    expect(await rules(query, LIST(['active']), LIST(['active', 'frozen']))).toEqual([]);
  });

  it('an enum marked extensible that grows in a request: the request rule at info, never breaking', async () => {
    expect(await rules(body, MARKED(['active']), MARKED(['active', 'frozen']))).toEqual([['request-property-enum-value-added', 'info']]);
    expect(await rules(query, MARKED(['active']), MARKED(['active', 'frozen']))).toEqual([['request-parameter-enum-value-added', 'info']]);
  });

  it('a schema both received and sent: the extensible finding only for the response', async () => {
    expect(await rules(both, LIST(['active']), LIST(['active', 'frozen']))).toEqual([['response-property-extensible-enum-value-added', 'info']]);
    const marked = await rules(both, MARKED(['active']), MARKED(['active', 'frozen']));
    expect(marked.filter(([rule]) => rule.includes('extensible'))).toEqual([['response-property-extensible-enum-value-added', 'info']]);
    expect(marked.filter(([, level]) => level === 'error')).toEqual([]);
  });
});
