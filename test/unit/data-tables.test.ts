/**
 * Large tables in generated code are data: `jsonData` writes `JSON.parse(\`...\`)` that gives back
 * exactly the value (hostile text cannot leave the template), and a mock response that several
 * operations share is written once and expanded back on load.
 */
import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { jsonData } from '../../src/codegen/escape.js';
import { compactMockTables } from '../../src/contract/tables/api.js';
import { expandMockTables } from '../../src/runtime/mock/tables.js';
import type { MockResponse, MockTables } from '../../src/runtime/shared/spec.js';

/** Evaluates a generated expression as a module would (no access to anything else). */
function evaluate(expression: string): unknown {
  return new Function(`"use strict"; return (${expression});`)() as unknown;
}

const HOSTILE: Array<[string, unknown]> = [
  ['a backtick', { a: 'x`y' }],
  ['a template substitution', { a: '${globalThis.pwned = 1}', b: '$', c: '${', d: '\\${x}' }],
  ['backslashes and escapes', { a: 'C:\\dir\\n', b: '\\', c: '\\`', d: '"quoted"\n\r\t' }],
  ['a closing script tag and an HTML comment', { a: '</script><script>alert(1)</script>', b: '<!-- x -->' }],
  ['line and paragraph separators', { a: 'x\u2028y\u2029z' }],
  ['a lone surrogate', { a: '\ud800', b: 'ok \udfff' }],
  ['a __proto__ key', JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": 1}}') as unknown],
  ['nested arrays, numbers, null', [1, -0.5, 1e21, null, [true, false, []], {}]],
  ['a string that ends in a backslash', 'end\\'],
];

describe('jsonData', () => {
  it.each(HOSTILE)('gives back %s exactly, as an own-property JSON value', (_name, value) => {
    const expression = jsonData(value);
    expect(expression.startsWith('JSON.parse(`')).toBe(true);
    const back = evaluate(expression);
    expect(JSON.stringify(back)).toBe(JSON.stringify(value));
    expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it.each(HOSTILE)('is one template literal to TypeScript for %s (no substitution, no syntax error)', (_name, value) => {
    const source = ts.createSourceFile('t.ts', `export const x: unknown = ${jsonData(value)};`, ts.ScriptTarget.ES2022, true);
    const diagnostics = (source as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
    expect(diagnostics).toEqual([]);
    let templates = 0;
    let substitutions = 0;
    const visit = (node: ts.Node): void => {
      if (ts.isNoSubstitutionTemplateLiteral(node)) templates++;
      if (ts.isTemplateExpression(node)) substitutions++;
      ts.forEachChild(node, visit);
    };
    visit(source);
    expect([templates, substitutions]).toEqual([1, 0]);
  });

  it('pretty-prints, so tables read and diff line by line', () => {
    expect(jsonData({ a: [1, 2] }).split('\n').length).toBeGreaterThan(3);
  });
});

function response(key: string, pointer: string, example: unknown): MockResponse {
  return { key, status: Number(key), contentType: 'application/json', examples: [{ name: 'default', value: example, pointer: `${pointer}/example` }], pointer };
}

describe('shared mock responses', () => {
  const serverError = (key: string): MockResponse => response(key, '/components/responses/ServerError/content/application~1json', { message: 'boom' });
  const tables: MockTables = {
    operations: {
      a: { primary: '200', responses: { '200': response('200', '/paths/~1a/get/responses/200', { a: 1 }), '500': serverError('500') } },
      b: {
        primary: '200',
        responses: { '200': response('200', '/paths/~1b/get/responses/200', { b: 1 }), '500': serverError('500'), '503': serverError('503') },
      },
      c: { responses: { '200': response('200', '/paths/~1a/get/responses/200', { a: 2 }) } },
    },
    schemas: {},
    resources: [],
  };

  it('writes a response several operations answer once, and names it from each', () => {
    const data = compactMockTables(tables);
    expect(Object.keys(data.shared ?? {})).toEqual(['/components/responses/ServerError/content/application~1json']);
    expect(data.operations['b']?.responses['503']).toEqual({ key: '503', status: 503, shared: '/components/responses/ServerError/content/application~1json' });
    // The same pointer with different content is not shared.
    expect(data.operations['c']?.responses['200']).toEqual(tables.operations['c']?.responses['200']);
    expect(JSON.stringify(data).split('"message":"boom"').length - 1).toBe(1);
  });

  it('expands back to the same tables, keys and statuses per operation', () => {
    expect(expandMockTables(JSON.parse(JSON.stringify(compactMockTables(tables))))).toEqual(tables);
  });

  it('leaves tables with nothing to share as they are', () => {
    const lone: MockTables = { operations: { a: tables.operations['a'] as MockTables['operations'][string] }, schemas: {}, resources: [] };
    expect(compactMockTables(lone)).toBe(lone);
    expect(expandMockTables(lone)).toBe(lone);
  });

  it('refuses a reference to a shared response that is not there', () => {
    const data = compactMockTables(tables);
    expect(() => expandMockTables({ ...data, shared: {} })).toThrow(/operation a names no shared response/);
  });

  it('writes an example that several different responses carry once, and expands it back', () => {
    const shared = { name: 'user', value: { login: 'octocat', id: 1 }, pointer: '/components/examples/user/value' };
    const withExample = (key: string, pointer: string): MockResponse => ({
      key,
      status: Number(key),
      contentType: 'application/json',
      examples: [shared],
      pointer,
    });
    const t: MockTables = {
      operations: {
        me: { primary: '200', responses: { '200': withExample('200', '/paths/~1me/get/responses/200') } },
        user: {
          primary: '200',
          responses: { '200': withExample('200', '/paths/~1users~1{id}/get/responses/200'), '201': response('201', '/x', { other: true }) },
        },
      },
      schemas: {},
      resources: [],
    };
    const data = compactMockTables(t);
    expect(data.shared).toBeUndefined();
    expect(data.examples).toEqual({ '/components/examples/user/value': shared });
    expect(data.operations['me']?.responses['200']).toMatchObject({ examples: [{ example: '/components/examples/user/value' }] });
    expect(JSON.stringify(data).split('"octocat"').length - 1).toBe(1);
    expect(expandMockTables(JSON.parse(JSON.stringify(data)))).toEqual(t);
    expect(() => expandMockTables({ ...data, examples: {} })).toThrow(/operation me names no shared example/);
  });
});
