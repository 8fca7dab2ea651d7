/**
 * The sampler's own fit check (src/runtime/shared/sample-check.ts) on const and enum: JSON equality,
 * primitives by value and objects and arrays by their JSON, as the validators judge them.
 */
import { describe, expect, it } from 'vitest';
import { fits } from '../../src/runtime/shared/sample-check.js';

describe('fits: const and enum', () => {
  it.each<[string, Record<string, unknown>, unknown, boolean]>([
    ['a string in the enum', { enum: ['a', 'b'] }, 'b', true],
    ['a string not in it', { enum: ['a', 'b'] }, 'c', false],
    ['a number is not its string', { enum: ['1', 2] }, 1, false],
    ['null is not "null"', { enum: ['null'] }, null, false],
    ['null in the enum', { enum: ['a', null] }, null, true],
    ['an object member, by value', { enum: [{ a: 1, b: [2] }] }, { a: 1, b: [2] }, true],
    ['an object member that differs', { enum: [{ a: 1, b: [2] }] }, { a: 1, b: [3] }, false],
    ['an array const, by value', { const: [1, 'x'] }, [1, 'x'], true],
    ['an array against a primitive const', { const: 1 }, [1], false],
    ['an object against a string member', { enum: ['[object Object]'] }, {}, false],
    ['a large enum, last member', { enum: Array.from({ length: 500 }, (_, i) => `v${i}`) }, 'v499', true],
  ])('%s', (_name, schema, value, expected) => {
    expect(fits(schema, value, undefined)).toBe(expected);
  });
});
