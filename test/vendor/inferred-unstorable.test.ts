/**
 * A collection `mock --stateful` infers from CRUD-shaped paths stores the create body over the read
 * answer's example. Where the body spells a field otherwise than the read answer (GitBook: an id in
 * the create body, an object in the answer), the document cannot be answered under the contract: the
 * request is answered as the stateless mock answers it (never a 500), nothing is kept, and the mock
 * says why once. A collection the contract declares (x-specforge-resources) still refuses it.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { createMockFromSpec, type StatefulReport } from '../../src/cli/commands/mock.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `vendor-unstorable-${process.pid}`);
mkdirSync(TMP, { recursive: true });
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const REVIEW = {
  type: 'object',
  required: ['id', 'status', 'reviewer'],
  properties: {
    id: { type: 'string' },
    status: { type: 'string', enum: ['approved', 'changes-requested'] },
    // The answer has the reviewer as an object; the create body names it by id.
    reviewer: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } },
  },
};
const EXAMPLE = { id: 'r1', status: 'approved', reviewer: { id: 'u1', name: 'Ada' } };
const missing = { description: 'no such review', content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } } } } } };

function contract(declared: boolean): string {
  const file = join(TMP, `openapi-${declared ? 'declared' : 'inferred'}.yaml`);
  const doc: Record<string, unknown> = {
    openapi: '3.1.0',
    info: { title: 'reviews', version: '1' },
    paths: {
      '/reviews': {
        post: {
          operationId: 'submitReview',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { type: 'object', required: ['status'], properties: { status: { type: 'string' }, reviewer: { type: 'string' } } },
              },
            },
          },
          responses: { '201': { description: 'created', content: { 'application/json': { schema: REVIEW, example: EXAMPLE } } } },
        },
      },
      '/reviews/{reviewId}': {
        get: {
          operationId: 'getReview',
          parameters: [{ name: 'reviewId', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'the review', content: { 'application/json': { schema: REVIEW, example: EXAMPLE } } }, '404': missing },
        },
      },
    },
  };
  if (declared)
    doc['x-specforge-resources'] = { reviews: { id: { field: 'id', param: 'reviewId' }, operations: { create: 'submitReview', read: 'getReview' } } };
  writeFileSync(file, stringify(doc));
  return file;
}

async function post(fetch: (r: Request) => Promise<Response>, body: unknown): Promise<{ status: number; body: unknown }> {
  const res = await fetch(new Request('http://x/reviews', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
  return { status: res.status, body: (await res.json()) as unknown };
}

describe('an inferred collection sent a document it cannot answer under the contract', () => {
  it('answers as the stateless mock does, keeps nothing, and says why once', async () => {
    const file = contract(false);
    const said: string[] = [];
    const report: StatefulReport = { infer: true, lines: [] };
    const mock = await createMockFromSpec(file, { stateful: true, warn: (m) => said.push(m) }, undefined, report);
    expect(report.lines.join('\n')).toContain('inferred collection reviews');
    const stateless = await createMockFromSpec(file);
    const body = { status: 'approved', reviewer: 'u2' };
    const expected = await post(stateless.fetch, body);
    expect(expected).toEqual({ status: 201, body: EXAMPLE });
    for (let i = 0; i < 3; i++) expect(await post(mock.fetch, body)).toEqual(expected);
    expect(mock.engine.documents('reviews')).toEqual([]);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(
      /^submitReview would store a reviews that getReview cannot answer under the contract \(\/reviewer must be object\): the inferred collection reviews keeps nothing from submitReview, which answers as the stateless mock does$/,
    );
    // A body the read answer can hold is kept and read back.
    const kept = await post(mock.fetch, { status: 'changes-requested' });
    expect(kept.status).toBe(201);
    const id = (kept.body as { id: string }).id;
    expect(id).not.toBe('r1');
    const read = await mock.fetch(new Request(`http://x/reviews/${id}`));
    expect(await read.json()).toMatchObject({ id, status: 'changes-requested', reviewer: EXAMPLE.reviewer });
  });

  it('a collection the contract declares still refuses it with a 500 naming the disagreement', async () => {
    const mock = await createMockFromSpec(contract(true), { stateful: true, warn: () => {} }, undefined, { infer: true, lines: [] });
    const refused = await post(mock.fetch, { status: 'approved', reviewer: 'u2' });
    expect(refused.status).toBe(500);
    expect(JSON.stringify(refused.body)).toContain('would store a reviews that getReview cannot answer under the contract');
  });
});
