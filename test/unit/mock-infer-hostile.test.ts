/**
 * Collections inferred from a hostile contract's paths (src/runtime/mock/infer.ts): schemas that
 * name the next one ten times over, twenty deep, with an `id` of no declared type at every level,
 * are read with each schema visited once, so inference ends at once instead of walking 10^16 paths.
 */
import { describe, expect, it } from 'vitest';
import { inferResources } from '../../src/runtime/mock/infer.js';
import type { ApiSpec, MockResponse, MockTables, OperationSpec } from '../../src/runtime/shared/spec.js';

function op(id: string, method: string, path: string): OperationSpec {
  const parameters: OperationSpec['parameters'] = path.includes('{id}')
    ? [{ name: 'id', in: 'path', required: true, style: 'simple', explode: false, shape: { type: 'string' } }]
    : [];
  return { id, method, path, parameters, responses: {}, security: [] };
}

function answer(status: number): MockResponse {
  return { key: String(status), status, contentType: 'application/json', examples: [], pointer: '/x', schema: { $ref: '#/s0' } };
}

describe('inferred collections on a hostile contract', () => {
  it('reads fanned-out schemas in linear time', () => {
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < 20; i++) {
      schemas[`#/s${i}`] = { type: 'object', properties: { id: {} }, allOf: Array.from({ length: 10 }, () => ({ $ref: `#/s${i + 1}` })) };
    }
    schemas['#/s20'] = { type: 'object', properties: { name: { type: 'string' } } };
    const api = {
      api: 'h',
      title: 'h',
      version: '1',
      operations: [op('create', 'POST', '/things'), op('read', 'GET', '/things/{id}')],
      securitySchemes: {},
    } as ApiSpec;
    const notFound: MockResponse = { key: '404', status: 404, examples: [], pointer: '/y' };
    const tables: MockTables = {
      operations: {
        create: { primary: '201', responses: { '201': answer(201) } },
        read: { primary: '200', responses: { '200': answer(200), '404': notFound } },
      },
      schemas,
      resources: [],
    };
    const started = Date.now();
    const inference = inferResources(api, tables);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(inference.resources.map((r) => [r.name, r.idField, r.generate])).toEqual([['things', 'id', 'uuid']]);
  });
});
