/** Positions of JSON pointers in JSON text: one pointer at a time, or many in one pass, agree. */
import { describe, expect, it } from 'vitest';
import { locateJsonPointer, locateJsonPointers } from '../../src/contract/json-locate.js';

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
    expect(locateJsonPointers(TEXT, CASES.map(([, p]) => p)).get(pointer)).toBe(one);
  });

  it('finds keys and items where they are written', () => {
    expect(TEXT.slice(locateJsonPointer(TEXT, '/paths/~1a"b/get/parameters/1'))).toMatch(/^\{ "name": "y"/);
    expect(TEXT.slice(locateJsonPointer(TEXT, '/components/schemas/A~0B/items/1/1/k'))).toMatch(/^"k": "v"/);
    expect(TEXT.slice(locateJsonPointer(TEXT, '/components/schemas/A~0B/nope'))).toMatch(/^"A~B"/);
  });
});
