/**
 * The escaping module against hostile input. Safety is shown by running or parsing the produced code,
 * not by comparing strings: literals round-trip through `new Function`, identifiers can be declared,
 * comments parse as exactly one comment whatever they contain.
 */
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import {
  NameRegistry,
  docComment,
  identifier,
  isSafeIdentifier,
  jsonLiteral,
  lineComment,
  propertyAccess,
  propertyKey,
  stringLiteral,
} from '../../src/codegen/escape.js';

const FLAG = '__specforgeEscapePwned';
const SET_FLAG = `globalThis.${FLAG} = true`;

const HOSTILE: readonly string[] = [
  '',
  ' ',
  'plain',
  '"',
  "'",
  '`',
  '\\',
  '\\"',
  "\\'",
  '\\u0041',
  '${process.exit(1)}',
  `\`; ${SET_FLAG}; \``,
  `"; ${SET_FLAG}; "`,
  `'; ${SET_FLAG}; '`,
  `\${${SET_FLAG}}`,
  `*/ ${SET_FLAG}; /*`,
  `**/ ${SET_FLAG} /**`,
  '/*',
  '*/',
  '*',
  '/',
  '**/',
  '/**/',
  '*//*',
  '/*/',
  `*\n/ ${SET_FLAG}`,
  '</script><script>alert(1)</script>',
  '</SCRIPT >',
  '<!-- x -->',
  '-->',
  '\u2028',
  '\u2029',
  `a\u2028${SET_FLAG}\u2029b`,
  '\r\n',
  '\r',
  '\n',
  `line1\n${SET_FLAG}`,
  `line1\r${SET_FLAG}`,
  `line1\u2028${SET_FLAG}`,
  '\0',
  'nul\0byte',
  '\x1b[31mred',
  '\t\v\f',
  '\uFEFF',
  '😀',
  '👩‍👩‍👧',
  '\ud83d',
  '\udc00x',
  'ünïcödé',
  'class',
  'constructor',
  '__proto__',
  'prototype',
  'await',
  'yield',
  'let',
  'enum',
  'static',
  'undefined',
  'NaN',
  'Infinity',
  'arguments',
  'eval',
  'null',
  'true',
  'this',
  'string',
  'any',
  'type',
  '0',
  '0day',
  '123abc',
  '1e3',
  '-',
  'a-b',
  'a b',
  'a.b',
  '$',
  '_',
  '$$',
  '@scope/pkg',
  'toString',
  'hasOwnProperty',
  'x'.repeat(300),
];

/** Runs `body` as a function body, in strict mode. */
function run(body: string): unknown {
  return new Function(`"use strict";\n${body}`)();
}

/** Syntax errors of `source` as a TS module. */
function syntaxErrors(source: string): string[] {
  const out = ts.transpileModule(source, {
    reportDiagnostics: true,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  return (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

const LIB_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  lib: ['lib.es2022.d.ts'],
  types: [],
  noUnusedLocals: false,
};

/** Syntax and type errors of `source` as a strict TS module (one in-memory file). */
function typeErrors(source: string): string[] {
  const name = '/virtual/check.ts';
  const host = ts.createCompilerHost(LIB_OPTIONS);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, lang, onError, create) =>
    file === name ? ts.createSourceFile(file, source, lang, true) : getSourceFile(file, lang, onError, create);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (file) => file === name || fileExists(file);
  const program = ts.createProgram([name], LIB_OPTIONS, host);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

/** Every comment in `source`, by scanning it as TS does. */
function comments(source: string): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.ES2022, false, ts.LanguageVariant.Standard, source);
  const out: string[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia) out.push(scanner.getTokenText());
  }
  return out;
}

const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;

afterEach(() => {
  expect((globalThis as Record<string, unknown>)[FLAG]).toBeUndefined();
});

describe('stringLiteral', () => {
  it.each(HOSTILE.map((x) => [JSON.stringify(x).slice(0, 60), x]))('round-trips %s', (_label, x) => {
    const lit = stringLiteral(x);
    expect(run(`return ${lit};`)).toBe(x);
    expect(new Function(`return ${lit}`)()).toBe(x);
    expect(run(`return [${lit}, ${lit}].join("|");`)).toBe(`${x}|${x}`);
    // Safe wherever a JS file may end up: one line, no script-closing or HTML-comment sequences.
    expect(lit).not.toMatch(LINE_TERMINATOR);
    expect(lit).not.toMatch(/<\/script/i);
    expect(lit).not.toContain('<!--');
    expect(syntaxErrors(`export const value: string = ${lit};\n`)).toEqual([]);
  });

  it('produces a double-quoted literal', () => {
    expect(stringLiteral('a"b')).toBe('"a\\"b"');
    expect(stringLiteral('')).toBe('""');
    expect(stringLiteral('\u2028')).toBe('"\\u2028"');
  });
});

describe('jsonLiteral', () => {
  const tricky: Record<string, unknown> = {};
  HOSTILE.forEach((x, i) => {
    tricky[x] = { index: i, value: x, list: [x, i, null, true] };
  });
  const VALUES: Array<[string, unknown]> = [
    ['null', null],
    ['number', 1.5],
    ['string', '</script>\u2028'],
    ['array of hostile strings', [...HOSTILE]],
    ['object keyed by hostile strings', tricky],
    ['own __proto__ key', JSON.parse('{"__proto__": {"polluted": true}, "a": {"__proto__": [1]}}') as unknown],
    ['__proto__ inside strings', { text: '"__proto__": {"x": 1}', '"__proto__":': '"__proto__":' }],
    ['nested', { a: [{ b: { c: ['\u2029', '`${x}`', '*/'] } }] }],
  ];

  it.each(VALUES)('round-trips %s', (_label, value) => {
    for (const indent of [undefined, 2]) {
      const lit = jsonLiteral(value, indent);
      const back = run(`return ${lit};`);
      expect(back).toEqual(value);
      expect(JSON.stringify(back)).toBe(JSON.stringify(value));
      expect(lit).not.toMatch(/[\u2028\u2029]/);
      expect(lit).not.toMatch(/<\/script/i);
      expect(lit).not.toContain('<!--');
      expect(syntaxErrors(`export const value = ${lit};\n`)).toEqual([]);
    }
  });

  it('keeps an own "__proto__" key as data instead of setting the prototype', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    const back = run(`return ${jsonLiteral(value, 2)};`) as Record<string, unknown>;
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(Object.keys(back)).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(back, '__proto__')?.value).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('prints undefined for a value JSON cannot hold', () => {
    expect(jsonLiteral(undefined)).toBe('undefined');
  });
});

describe('identifier', () => {
  it.each(HOSTILE.map((x) => [JSON.stringify(x).slice(0, 60), x]))('is a declarable identifier for %s', (_label, x) => {
    const id = identifier(x);
    expect(id).toMatch(/^[A-Za-z_$][A-Za-z0-9_$]*$/);
    expect(isSafeIdentifier(id)).toBe(true);
    expect(identifier(x)).toBe(id);
    expect(run(`let ${id} = 7; return ${id};`)).toBe(7);
    expect(run(`function ${id}() { return 8; } return ${id}();`)).toBe(8);
    expect(run(`class ${id} { static v = 9; } return ${id}.v;`)).toBe(9);
    expect(syntaxErrors(`export const ${id} = 1;\nexport interface ${id}Shape { a: 1 }\nexport type ${id}T = typeof ${id};\n`)).toEqual([]);
  });

  it('type-checks as a type, interface, function and variable name in strict TypeScript', () => {
    const ids = [...new Set(HOSTILE.map(identifier))];
    const source = ids
      .map(
        (id, i) =>
          `type ${id} = { n: ${i} };\ninterface ${id}I { n: ${i} }\nconst ${id}: ${id} = { n: ${i} };\nfunction ${id}F(a: ${id}I): ${id} { return a; }\nexport { ${id}, ${id}F };\n`,
      )
      .join('');
    expect(typeErrors(source)).toEqual([]);
  });

  it('derives readable names', () => {
    expect(identifier('a-b')).toBe('aB');
    expect(identifier('list pets')).toBe('listPets');
    expect(identifier('0day')).toBe('_0day');
    expect(identifier('class')).toBe('_class');
    expect(identifier('')).toBe('_');
    expect(identifier('😀')).toBe('_');
    expect(identifier('__proto__')).toBe('__proto__');
  });
});

describe('propertyKey and propertyAccess', () => {
  it.each(HOSTILE.map((x) => [JSON.stringify(x).slice(0, 60), x]))('writes and reads the property %s', (_label, x) => {
    const key = propertyKey(x);
    const obj = run(`return { ${key}: 1, other: 2 };`) as Record<string, unknown>;
    expect(Object.getPrototypeOf(obj)).toBe(Object.prototype);
    expect(Object.keys(obj).sort()).toEqual([x, 'other'].sort());
    expect(Object.getOwnPropertyDescriptor(obj, x)?.value).toBe(1);
    const read = new Function('o', `"use strict"; return o${propertyAccess(x)};`) as (o: unknown) => unknown;
    expect(read(obj)).toBe(1);
    expect(
      syntaxErrors(
        `export const o = { ${key}: 1 };\nexport interface T { ${key}: number }\nexport declare const t: T;\nexport const v = t${propertyAccess(x)};\n`,
      ),
    ).toEqual([]);
  });

  it('type-checks in interfaces, type literals and object literals', () => {
    const keys = HOSTILE.filter((x) => x !== 'other');
    const members = keys.map((x, i) => `  readonly ${propertyKey(x)}: ${i};`).join('\n');
    const values = keys.map((x, i) => `  ${propertyKey(x)}: ${i},`).join('\n');
    const reads = keys.map((x, i) => `const r${i}: ${i} = t${propertyAccess(x)};`).join('\n');
    const source = `export interface T {\n${members}\n}\nexport const t: T = {\n${values}\n};\nexport declare const d: {\n${members}\n};\n${reads}\nexport {};\n`;
    expect(typeErrors(source)).toEqual([]);
  });

  it('leaves plain names bare', () => {
    expect(propertyKey('name')).toBe('name');
    expect(propertyKey('class')).toBe('class');
    expect(propertyKey('a-b')).toBe('"a-b"');
    expect(propertyKey('')).toBe('""');
    expect(propertyAccess('name')).toBe('.name');
    expect(propertyAccess('a-b')).toBe('["a-b"]');
  });
});

describe('docComment', () => {
  it.each(HOSTILE.map((x) => [JSON.stringify(x).slice(0, 60), x]))('is exactly one comment for %s', (_label, x) => {
    for (const indent of ['', '    ']) {
      const doc = docComment(`Summary ${x} end`, indent);
      expect(doc.startsWith(`${indent}/**`)).toBe(true);
      expect(doc).not.toMatch(/<\/script/i);
      expect(doc).not.toContain('<!--');
      const source = `${doc}${indent}export const marker = 1;\n`;
      expect(syntaxErrors(source)).toEqual([]);
      expect(comments(source)).toEqual([doc.trimStart().trimEnd()]);
      const file = ts.createSourceFile('doc.ts', source, ts.ScriptTarget.ES2022, true);
      expect(file.statements).toHaveLength(1);
      const statement = file.statements[0] as ts.Statement;
      expect(ts.isVariableStatement(statement)).toBe(true);
      expect(ts.getLeadingCommentRanges(source, 0)).toHaveLength(1);
      const jsDoc = ts.getJSDocCommentsAndTags(statement);
      expect(jsDoc).toHaveLength(1);
      expect(run(`${doc}return 42;`)).toBe(42);
    }
  });

  it('keeps the words of the text', () => {
    expect(docComment('Returns */ the pet')).toContain('Returns');
    expect(docComment('Returns */ the pet')).toContain('the pet');
    expect(docComment('two\nlines')).toBe('/**\n * two\n * lines\n */\n');
    expect(docComment('one line', '  ')).toBe('  /** one line */\n');
  });

  it('is empty for no text', () => {
    expect(docComment(undefined)).toBe('');
    expect(docComment('')).toBe('');
    expect(docComment(' \n\t ')).toBe('');
  });
});

describe('lineComment', () => {
  it.each(HOSTILE.map((x) => [JSON.stringify(x).slice(0, 60), x]))('is exactly one line comment for %s', (_label, x) => {
    const comment = lineComment(`note ${x} end`);
    expect(comment.startsWith('// ')).toBe(true);
    expect(comment).not.toMatch(LINE_TERMINATOR);
    expect(comment).not.toMatch(/<\/script/i);
    expect(comment).not.toContain('<!--');
    const source = `${comment}\nexport const marker = 1;\n`;
    expect(syntaxErrors(source)).toEqual([]);
    expect(comments(source)).toEqual([comment]);
    expect(run(`${comment}\nreturn 42;`)).toBe(42);
  });
});

describe('NameRegistry', () => {
  it('hands out unique, deterministic identifiers', () => {
    const names = new NameRegistry();
    expect(names.take('foo')).toBe('foo');
    expect(names.take('foo')).toBe('foo2');
    expect(names.take('foo')).toBe('foo3');
    expect(names.take('a-b')).toBe('aB');
    expect(names.take('aB')).toBe('aB2');
    expect(names.take('class')).toBe('_class');
    expect(names.take('_class')).toBe('_class2');
  });

  it('skips taken numbered names and reserved names given to it', () => {
    const names = new NameRegistry(['api', 'createServer']);
    expect(names.take('api')).toBe('api2');
    expect(names.take('api2')).toBe('api22');
    expect(names.take('createServer')).toBe('createServer2');
    const other = new NameRegistry();
    expect(other.take('foo2')).toBe('foo2');
    expect(other.take('foo')).toBe('foo');
    expect(other.take('foo')).toBe('foo3');
  });

  it('gives every hostile name its own declarable identifier', () => {
    const names = new NameRegistry();
    const ids = HOSTILE.map((x) => names.take(x));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(isSafeIdentifier(id)).toBe(true);
    const body = ids.map((id, i) => `const ${id} = ${i};`).join('\n');
    expect(run(`${body}\nreturn [${ids.join(', ')}];`)).toEqual(ids.map((_id, i) => i));
    const again = new NameRegistry();
    expect(HOSTILE.map((x) => again.take(x))).toEqual(ids);
  });
});
