/** Positions of JSON pointers in JSON text: one pointer at a time, or many in one pass, agree. */
import { describe, expect, it } from 'vitest';
import { JsonLocator, locateJsonPointer, locateJsonPointers } from '../../src/contract/json-locate.js';

const TEXT = `{
  "openapi": "3.1.0",
  "paths": {
    "/a\\"b": { "get": { "parameters": [ { "name": "x" }, { "name": "y", "schema": { "type": "string" } } ] } }
  },
  "components": { "schemas": { "A~B": { "items": [1, [2, {"k": "v"}], 3] }, "C/D": true } }
}`;

const CASES: Array<[string, string]> = [
  ['the root', ''],
  ['a top-level key', '/paths'],
  ['a key with an escaped quote', '/paths/~1a"b/get'],
  ['an array item', '/paths/~1a"b/get/parameters/1'],
  ['deep inside an array item', '/paths/~1a"b/get/parameters/1/schema/type'],
  ['a key with ~ and /', '/components/schemas/A~0B/items/1/1/k'],
  ['a key with /', '/components/schemas/C~1D'],
  ['a missing member: its nearest ancestor', '/components/schemas/A~0B/nope'],
  ['an index past the end: its array', '/paths/~1a"b/get/parameters/9'],
];

describe('locateJsonPointer and locateJsonPointers', () => {
  it.each(CASES)('%s', (_name, pointer) => {
    const one = locateJsonPointer(TEXT, pointer);
    expect(locateJsonPointers(TEXT, [pointer]).get(pointer)).toBe(one);
    expect(
      locateJsonPointers(
        TEXT,
        CASES.map(([, p]) => p),
      ).get(pointer),
    ).toBe(one);
  });

  it('finds keys and items where they are written', () => {
    expect(TEXT.slice(locateJsonPointer(TEXT, '/paths/~1a"b/get/parameters/1'))).toMatch(/^\{ "name": "y"/);
    expect(TEXT.slice(locateJsonPointer(TEXT, '/components/schemas/A~0B/items/1/1/k'))).toMatch(/^"k": "v"/);
    expect(TEXT.slice(locateJsonPointer(TEXT, '/components/schemas/A~0B/nope'))).toMatch(/^"A~B"/);
  });

  it('one locator answers many lookups as fresh ones do, with lines and columns', () => {
    const locator = new JsonLocator(TEXT);
    for (const [, pointer] of [...CASES, ...CASES]) expect(locator.offset(pointer)).toBe(locateJsonPointers(TEXT, [pointer]).get(pointer));
    expect(locator.lineCol(locator.offset('/paths/~1a"b/get'))).toEqual({ line: 4, col: (TEXT.split('\n')[3]?.indexOf('"get"') ?? 0) + 1 });
    expect(locator.lineCol(0)).toEqual({ line: 1, col: 1 });
    expect(locator.lineCol(locator.offset('/components/schemas/C~1D'))).toEqual({ line: 6, col: (TEXT.split('\n')[5]?.indexOf('"C/D"') ?? 0) + 1 });
  });
});
