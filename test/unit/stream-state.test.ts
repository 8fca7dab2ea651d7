/**
 * The stateful mock's stream helpers (src/runtime/mock/stream-state.ts, and the schema walk they
 * share with the contract's querystring pagination, src/runtime/shared/schema-properties.ts) on
 * hostile contracts: the property names of an item schema are found with each schema visited once, so a chain of
 * schemas that each name the next ten times over (10^20 paths) is read at once, not for ever; a
 * carried value the item types otherwise is left as sampled.
 */
import { describe, expect, it } from 'vitest';
import { carried } from '../../src/runtime/mock/stream-state.js';
import { schemaPropertyNames } from '../../src/runtime/shared/schema-properties.js';
import type { MockResponse } from '../../src/runtime/shared/spec.js';

describe('stream-state', () => {
  it('reads the property names of a fanned-out chain of $refs in linear time', () => {
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < 20; i++) {
      schemas[`#/s${i}`] = { properties: { [`p${i}`]: {} }, allOf: Array.from({ length: 10 }, () => ({ $ref: `#/s${i + 1}` })) };
    }
    schemas['#/s20'] = { properties: { last: {} } };
    const started = Date.now();
    const names = schemaPropertyNames({ $ref: '#/s0' }, (ref) => schemas[ref]);
    expect(Date.now() - started).toBeLessThan(500);
    expect(names.has('p0')).toBe(true);
    expect(names.has('p5')).toBe(true);
  });

  it('carries only the values that keep the item valid, own keys only', () => {
    const response: MockResponse = { key: '200', status: 200, examples: [], pointer: '/x', items: { framing: 'jsonl', schema: {} } };
    const validate = (v: unknown): boolean => typeof (v as { n?: unknown }).n === 'number';
    const item = carried(
      response,
      { id: 'x', n: 1 },
      { id: 'job_1', n: 'not a number', ['__proto__']: { polluted: true } },
      new Set(['id', 'n', '__proto__']),
      validate,
    );
    expect(item).toEqual({ id: 'job_1', n: 1, ['__proto__']: { polluted: true } });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
