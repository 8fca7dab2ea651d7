/**
 * Documents no walker can take: nesting deeper than any contract needs, and schemas that reach
 * themselves without consuming data. Every command refuses them with a located error (exit 2), never
 * "Maximum call stack size exceeded".
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_DEPTH, schemaCycle, tooDeep } from '../../src/contract/shape.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `shape-${process.pid}`);
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');

afterAll(() => rmSync(TMP, { recursive: true, force: true }));

function nested(depth: number): unknown {
  let node: unknown = { type: 'string' };
  for (let i = 0; i < depth; i++) node = { type: 'object', properties: { n: node } };
  return node;
}

function aliasBomb(): string {
  const lines = ['openapi: 3.1.0', 'info: { title: t, version: "1" }', 'paths: {}', 'x-a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i < 9; i++) {
    const name = String.fromCharCode(97 + i);
    lines.push(
      `x-${name}: &${name} [${Array(9)
        .fill(`*${String.fromCharCode(96 + i)}`)
        .join(',')}]`,
    );
  }
  return lines.join('\n') + '\n';
}

function doc(schemas: Record<string, unknown>): Record<string, unknown> {
  return { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, components: { schemas } };
}

describe('tooDeep', () => {
  it('finds the first node past the limit, without recursion (100,000 levels)', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(tooDeep(deep)?.split('/').length).toBe(MAX_DOCUMENT_DEPTH + 2);
  });

  it('names the node by its escaped pointer', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10; i++) deep = { 'a/b~c': [deep] };
    expect(tooDeep({ x: 1, paths: deep }, 5)).toBe('/paths/a~1b~0c/0/a~1b~0c/0/a~1b~0c');
  });

  it('leaves real depths alone', () => {
    expect(tooDeep(doc({ D: nested(100) }))).toBeUndefined();
  });
});

describe('schemaCycle', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    [
      'an allOf cycle',
      { A: { allOf: [{ $ref: '#/components/schemas/B' }] }, B: { allOf: [{ $ref: '#/components/schemas/A' }] } },
      ['/components/schemas/A/allOf/0', '/components/schemas/A/allOf/0/$ref', '/components/schemas/B/allOf/0', '/components/schemas/B/allOf/0/$ref'],
    ],
    [
      'a $ref cycle',
      { A: { $ref: '#/components/schemas/B' }, B: { $ref: '#/components/schemas/A' } },
      ['/components/schemas/A/$ref', '/components/schemas/B/$ref'],
    ],
    [
      'a schema that is one of its own alternatives',
      { A: { anyOf: [{ type: 'string' }, { $ref: '#/components/schemas/A' }] } },
      ['/components/schemas/A/anyOf/1', '/components/schemas/A/anyOf/1/$ref'],
    ],
    ['a cycle through not', { A: { not: { $ref: '#/components/schemas/A' } } }, ['/components/schemas/A/not', '/components/schemas/A/not/$ref']],
  ])('finds %s', (_name, schemas, steps) => {
    expect(schemaCycle(doc(schemas))).toEqual(steps);
  });

  it.each<[string, Record<string, unknown>]>([
    ['recursion through properties', { Tree: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } } } }],
    ['recursion through additionalProperties', { Map: { type: 'object', additionalProperties: { $ref: '#/components/schemas/Map' } } }],
    [
      'a diamond of allOf',
      {
        A: { allOf: [{ $ref: '#/components/schemas/B' }, { $ref: '#/components/schemas/C' }] },
        B: { allOf: [{ $ref: '#/components/schemas/C' }] },
        C: { type: 'object' },
      },
    ],
  ])('leaves %s alone', (_name, schemas) => {
    expect(schemaCycle(doc(schemas))).toBeUndefined();
  });
});

describe('every command refuses them, located', () => {
  const cases: Array<[string, string, string]> = [
    [
      'allof-cycle',
      'openapi: 3.1.0\ninfo: { title: t, version: "1" }\npaths: {}\ncomponents:\n  schemas:\n    A:\n      allOf:\n        - $ref: "#/components/schemas/B"\n    B:\n      allOf:\n        - $ref: "#/components/schemas/A"\n',
      'openapi.yaml:8:11 (#/components/schemas/A/allOf/0): error SPECFORGE_SCHEMA_CYCLE',
    ],
    [
      'ref-cycle',
      'openapi: 3.1.0\ninfo: { title: t, version: "1" }\npaths: {}\ncomponents:\n  schemas:\n    A:\n      $ref: "#/components/schemas/B"\n    B:\n      $ref: "#/components/schemas/A"\n',
      'openapi.yaml:7:7 (#/components/schemas/A/$ref): error SPECFORGE_SCHEMA_CYCLE',
    ],
    ['deep', JSON.stringify(doc({ D: nested(1500) })), 'error SPECFORGE_TOO_DEEP: the document nests deeper than 256 levels'],
    // Nine levels of nine aliases (387 million strings expanded): refused before anything expands it.
    ['alias-bomb', aliasBomb(), 'error SPECFORGE_YAML_SYNTAX: Excessive alias count'],
  ];
  it.each(cases)('%s: generate, lint and mock exit 2 with the error', (name, text, expected) => {
    const dir = join(TMP, name);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, name === 'deep' ? 'openapi.json' : 'openapi.yaml');
    writeFileSync(file, text);
    for (const args of [
      ['generate', '--spec', file, '--out', join(dir, 'out')],
      ['lint', file],
      ['mock', file, '--port', '0'],
    ]) {
      const r = spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
      expect(r.status, args[0]).toBe(2);
      expect(r.stderr, args[0]).toContain(expected);
      expect(r.stderr, args[0]).not.toContain('Maximum call stack');
      expect(r.stderr, args[0]).not.toMatch(/\n\s+at /);
    }
  });
});
