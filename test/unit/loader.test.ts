/**
 * The contract loader: syntax errors, $ref resolution and its sandbox, version detection, structural
 * validation, model checks, bundling across files, 3.0 normalization and example collection. Every
 * error case is a small contract written to a temp folder; each diagnostic is checked for its code,
 * file, exact line and column, and JSON pointer.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractError, type Diagnostic, type ErrorCode } from '../../src/contract/errors.js';
import { buildModel, collectExamples, type ContractModel } from '../../src/contract/model.js';
import { getAtPointer } from '../../src/contract/pointer.js';
import { loadContract } from '../../src/contract/resolve.js';
import { compileValidators } from '../../src/contract/tables/validators.js';

const ROOT = resolve('test/.tmp', `loader-${process.pid}-${Math.random().toString(36).slice(2, 10)}`);
const FIXTURES = resolve('test/fixtures/loader');

/** How the loader shows a path: relative to the working directory, with forward slashes. */
function shown(abs: string): string {
  return relative(process.cwd(), abs).split(sep).join('/');
}

interface ExpectedDiagnostic {
  code: ErrorCode;
  /** File relative to the case folder. */
  file: string;
  line: number;
  col: number;
  /** JSON pointer inside `file`; undefined where a problem has none (syntax errors). */
  pointer: string | undefined;
  message?: RegExp;
}

interface ErrorCase {
  name: string;
  /** Files of the case folder; a function receives the folder, for contracts that name absolute paths. */
  files: Record<string, string> | ((dir: string) => Record<string, string>);
  /** Symlinks to create: link path (relative to the case folder) to target (relative to the link's folder). */
  symlinks?: Record<string, string>;
  entry?: string;
  expected: ExpectedDiagnostic[];
}

const INFO = "info: {title: t, version: '1'}";

/** A one-operation contract whose 200 response schema is `$ref: <ref>` on line 12, column 17. */
function refAt(ref: string): string {
  return [
    'openapi: 3.1.0',
    INFO,
    'paths:',
    '  /a:',
    '    get:',
    '      responses:',
    "        '200':",
    '          description: ok',
    '          content:',
    '            application/json:',
    '              schema:',
    `                $ref: ${JSON.stringify(ref)}`,
    '',
  ].join('\n');
}
const REF_POINTER = '/paths/~1a/get/responses/200/content/application~1json/schema/$ref';

const CASES: ErrorCase[] = [
  {
    name: 'YAML syntax error',
    files: {
      'openapi.yaml': ['openapi: 3.1.0', 'info:', '  title: a: b', "  version: '1'", 'paths: {}', ''].join('\n'),
    },
    expected: [{ code: 'SPECFORGE_YAML_SYNTAX', file: 'openapi.yaml', line: 3, col: 10, pointer: undefined }],
  },
  {
    name: 'JSON syntax error without a position in the parser message',
    entry: 'openapi.json',
    files: {
      'openapi.json': ['{', '  "openapi": "3.1.0",', '  "info": { "title": "t", "version": "1" },', '  "paths": }', ''].join('\n'),
    },
    expected: [{ code: 'SPECFORGE_JSON_SYNTAX', file: 'openapi.json', line: 4, col: 12, pointer: undefined }],
  },
  {
    name: 'JSON syntax error: trailing comma',
    entry: 'openapi.json',
    files: {
      'openapi.json': ['{', '  "openapi": "3.1.0",', '  "info": { "title": "t", "version": "1" },', '  "paths": {},', '}', ''].join('\n'),
    },
    expected: [{ code: 'SPECFORGE_JSON_SYNTAX', file: 'openapi.json', line: 5, col: 1, pointer: undefined }],
  },
  {
    name: 'JSON syntax error: unterminated document',
    entry: 'openapi.json',
    files: { 'openapi.json': '{\n  "openapi": "3.1.0",\n  "paths": [1, 2' },
    expected: [{ code: 'SPECFORGE_JSON_SYNTAX', file: 'openapi.json', line: 3, col: 17, pointer: undefined }],
  },
  {
    name: 'duplicate YAML key',
    files: {
      'openapi.yaml': ['openapi: 3.1.0', 'info:', '  title: t', "  version: '1'", '  title: again', 'paths: {}', ''].join('\n'),
    },
    expected: [{ code: 'SPECFORGE_YAML_SYNTAX', file: 'openapi.yaml', line: 5, col: 3, pointer: undefined, message: /unique/ }],
  },
  {
    name: '$ref to a missing component',
    files: { 'openapi.yaml': refAt('#/components/schemas/Missing') },
    expected: [{ code: 'SPECFORGE_REF_NOT_FOUND', file: 'openapi.yaml', line: 12, col: 17, pointer: REF_POINTER }],
  },
  {
    name: '$ref to a missing component of a JSON contract',
    entry: 'openapi.json',
    files: {
      'openapi.json': JSON.stringify(
        {
          openapi: '3.1.0',
          info: { title: 't', version: '1' },
          paths: {},
          components: { schemas: { A: { type: 'object', properties: { b: { $ref: '#/components/schemas/B' } } } } },
        },
        null,
        2,
      ),
    },
    expected: [{ code: 'SPECFORGE_REF_NOT_FOUND', file: 'openapi.json', line: 14, col: 13, pointer: '/components/schemas/A/properties/b/$ref' }],
  },
  {
    name: '$ref to a missing file',
    files: { 'openapi.yaml': refAt('./schemas/nope.yaml') },
    expected: [{ code: 'SPECFORGE_FILE_NOT_FOUND', file: 'openapi.yaml', line: 12, col: 17, pointer: REF_POINTER, message: /nope\.yaml/ }],
  },
  {
    name: '$ref to a missing pointer in another file',
    files: { 'openapi.yaml': refAt('./schemas.yaml#/Pet'), 'schemas.yaml': 'Cat:\n  type: object\n' },
    expected: [{ code: 'SPECFORGE_REF_NOT_FOUND', file: 'openapi.yaml', line: 12, col: 17, pointer: REF_POINTER, message: /schemas\.yaml/ }],
  },
  {
    name: '$ref that leaves the folder with ../',
    files: { 'openapi.yaml': refAt('../outside.yaml') },
    expected: [{ code: 'SPECFORGE_REF_OUTSIDE', file: 'openapi.yaml', line: 12, col: 17, pointer: REF_POINTER }],
  },
  {
    name: '$ref that leaves the folder with ../ from a subfolder',
    files: { 'openapi.yaml': refAt('./sub/deeper.yaml'), 'sub/deeper.yaml': 'allOf:\n  - $ref: ../../outside.yaml\n' },
    expected: [{ code: 'SPECFORGE_REF_OUTSIDE', file: 'sub/deeper.yaml', line: 2, col: 5, pointer: '/allOf/0/$ref' }],
  },
  {
    name: '$ref by absolute path',
    files: (dir) => ({ 'openapi.yaml': refAt(join(dirname(dir), 'outside.yaml')) }),
    expected: [{ code: 'SPECFORGE_REF_OUTSIDE', file: 'openapi.yaml', line: 12, col: 17, pointer: REF_POINTER }],
  },
  {
    name: '$ref by file: URL',
    files: (dir) => ({ 'openapi.yaml': refAt(`file://${join(dirname(dir), 'outside.yaml')}`) }),
    expected: [{ code: 'SPECFORGE_REF_REMOTE', file: 'openapi.yaml', line: 12, col: 17, pointer: REF_POINTER }],
  },
  {
    name: 'remote $ref',
    files: { 'openapi.yaml': refAt('https://example.com/schemas/pet.yaml#/Pet') },
    expected: [{ code: 'SPECFORGE_REF_REMOTE', file: 'openapi.yaml', line: 12, col: 17, pointer: REF_POINTER, message: /https:\/\/example\.com/ }],
  },
  {
    name: 'symlinked file inside the folder pointing outside',
    files: { 'openapi.yaml': refAt('./link.yaml') },
    symlinks: { 'link.yaml': '../outside.yaml' },
    expected: [{ code: 'SPECFORGE_REF_OUTSIDE', file: 'openapi.yaml', line: 12, col: 17, pointer: REF_POINTER }],
  },
  {
    name: 'symlinked folder inside the folder pointing outside',
    files: { 'openapi.yaml': refAt('./up/outside.yaml') },
    symlinks: { up: '..' },
    expected: [{ code: 'SPECFORGE_REF_OUTSIDE', file: 'openapi.yaml', line: 12, col: 17, pointer: REF_POINTER }],
  },
  {
    name: 'missing file of a contract opened through a symlinked folder',
    entry: 'via/openapi.yaml',
    files: { 'real/openapi.yaml': refAt('./missing.yaml') },
    symlinks: { via: 'real' },
    expected: [{ code: 'SPECFORGE_FILE_NOT_FOUND', file: 'via/openapi.yaml', line: 12, col: 17, pointer: REF_POINTER }],
  },
  {
    name: 'Swagger 1.2 document',
    files: { 'openapi.yaml': ["swagger: '1.2'", 'info:', '  title: t', "  version: '1'", 'paths: {}', ''].join('\n') },
    expected: [{ code: 'SPECFORGE_UNSUPPORTED_VERSION', file: 'openapi.yaml', line: 1, col: 1, pointer: '/swagger', message: /Swagger version "1\.2"/ }],
  },
  {
    name: 'Swagger document with an unquoted version that is not 2.0',
    files: { 'openapi.yaml': ['info:', '  title: t', "  version: '1'", 'swagger: 1.2', 'paths: {}', ''].join('\n') },
    expected: [{ code: 'SPECFORGE_UNSUPPORTED_VERSION', file: 'openapi.yaml', line: 4, col: 1, pointer: '/swagger', message: /1\.2/ }],
  },
  {
    name: 'no version field',
    files: { 'openapi.yaml': ['info:', '  title: t', "  version: '1'", 'paths: {}', ''].join('\n') },
    expected: [{ code: 'SPECFORGE_NOT_OPENAPI', file: 'openapi.yaml', line: 1, col: 1, pointer: '', message: /openapi/ }],
  },
  {
    name: 'openapi: 3.3.0',
    files: { 'openapi.yaml': [INFO, 'openapi: 3.3.0', 'paths: {}', ''].join('\n') },
    expected: [{ code: 'SPECFORGE_UNSUPPORTED_VERSION', file: 'openapi.yaml', line: 2, col: 1, pointer: '/openapi', message: /3\.3\.0/ }],
  },
  {
    name: 'openapi: 2.0 (a number)',
    files: { 'openapi.yaml': ['openapi: 2.0', INFO, 'paths: {}', ''].join('\n') },
    expected: [{ code: 'SPECFORGE_UNSUPPORTED_VERSION', file: 'openapi.yaml', line: 1, col: 1, pointer: '/openapi', message: /2/ }],
  },
  {
    name: 'openapi: 3.1 (a number)',
    files: { 'openapi.yaml': ['openapi: 3.1', INFO, 'paths: {}', ''].join('\n') },
    expected: [{ code: 'SPECFORGE_UNSUPPORTED_VERSION', file: 'openapi.yaml', line: 1, col: 1, pointer: '/openapi', message: /string/ }],
  },
  {
    name: 'structure: a response without description',
    files: {
      'openapi.yaml': ['openapi: 3.1.0', INFO, 'paths:', '  /a:', '    get:', '      responses:', "        '200':", '          content: {}', ''].join('\n'),
    },
    expected: [{ code: 'SPECFORGE_INVALID_STRUCTURE', file: 'openapi.yaml', line: 7, col: 9, pointer: '/paths/~1a/get/responses/200', message: /description/ }],
  },
  {
    name: 'structure: paths as a list',
    files: { 'openapi.yaml': ['openapi: 3.1.0', INFO, 'paths:', '  - /a', ''].join('\n') },
    expected: [{ code: 'SPECFORGE_INVALID_STRUCTURE', file: 'openapi.yaml', line: 3, col: 1, pointer: '/paths', message: /Paths|object/ }],
  },
  {
    name: 'structure: a problem inside a referenced path item file',
    files: {
      'openapi.yaml': ['openapi: 3.1.0', INFO, 'paths:', '  /a:', '    $ref: ./paths/a.yaml', ''].join('\n'),
      'paths/a.yaml': ['get:', '  operationId: getA', '  responses:', "    '200':", '      content: {}', ''].join('\n'),
    },
    expected: [{ code: 'SPECFORGE_INVALID_STRUCTURE', file: 'paths/a.yaml', line: 4, col: 5, pointer: '/get/responses/200', message: /description/ }],
  },
  {
    name: 'structure: a problem inside a referenced schema file',
    files: {
      'openapi.yaml': refAt('./schemas/thing.yaml'),
      'schemas/thing.yaml': ['type: object', 'properties:', '  size:', '    type: integer', '    minimum: lots', ''].join('\n'),
    },
    expected: [{ code: 'SPECFORGE_INVALID_STRUCTURE', file: 'schemas/thing.yaml', line: 5, col: 5, pointer: '/properties/size/minimum' }],
  },
  {
    name: 'a broken $ref inside a referenced file',
    files: {
      'openapi.yaml': refAt('./schemas/thing.yaml'),
      'schemas/thing.yaml': ['type: object', 'properties:', '  other:', '    $ref: ./missing.yaml', ''].join('\n'),
    },
    expected: [{ code: 'SPECFORGE_FILE_NOT_FOUND', file: 'schemas/thing.yaml', line: 4, col: 5, pointer: '/properties/other/$ref' }],
  },
  {
    name: 'path template without its path parameter',
    files: {
      'openapi.yaml': [
        'openapi: 3.1.0',
        INFO,
        'paths:',
        '  /pets/{petId}:',
        '    get:',
        '      operationId: getPet',
        '      responses:',
        "        '200':",
        '          description: ok',
        '',
      ].join('\n'),
    },
    expected: [{ code: 'SPECFORGE_PATH_PARAMETER', file: 'openapi.yaml', line: 5, col: 5, pointer: '/paths/~1pets~1{petId}/get', message: /petId/ }],
  },
  {
    name: 'path parameter that the path template does not contain',
    files: {
      'openapi.yaml': [
        'openapi: 3.1.0',
        INFO,
        'paths:',
        '  /pets:',
        '    get:',
        '      parameters:',
        '        - name: petId',
        '          in: path',
        '          required: true',
        '          schema: {type: string}',
        '      responses:',
        "        '200':",
        '          description: ok',
        '',
      ].join('\n'),
    },
    expected: [{ code: 'SPECFORGE_PATH_PARAMETER', file: 'openapi.yaml', line: 7, col: 11, pointer: '/paths/~1pets/get/parameters/0', message: /petId/ }],
  },
  {
    name: 'duplicate operationId',
    files: {
      'openapi.yaml': [
        'openapi: 3.1.0',
        INFO,
        'paths:',
        '  /a:',
        '    get:',
        '      operationId: same',
        '      responses:',
        "        '200': {description: ok}",
        '  /b:',
        '    post:',
        '      operationId: same',
        '      responses:',
        "        '200': {description: ok}",
        '',
      ].join('\n'),
    },
    expected: [
      { code: 'SPECFORGE_DUPLICATE_OPERATION_ID', file: 'openapi.yaml', line: 11, col: 7, pointer: '/paths/~1b/post/operationId', message: /GET \/a/ },
    ],
  },
  {
    name: 'several YAML problems together',
    files: {
      'openapi.yaml': ['openapi: 3.1.0', 'info:', '  title: t', '  title: u', "  version: '1'", "  version: '2'", 'paths: {}', ''].join('\n'),
    },
    expected: [
      { code: 'SPECFORGE_YAML_SYNTAX', file: 'openapi.yaml', line: 4, col: 3, pointer: undefined },
      { code: 'SPECFORGE_YAML_SYNTAX', file: 'openapi.yaml', line: 6, col: 3, pointer: undefined },
    ],
  },
  {
    name: 'several $ref problems together',
    files: {
      'openapi.yaml': [
        'openapi: 3.1.0',
        INFO,
        'paths: {}',
        'components:',
        '  schemas:',
        '    A:',
        "      $ref: '#/components/schemas/Nope'",
        '    B:',
        '      $ref: https://example.com/b.yaml',
        '    C:',
        '      $ref: ../outside.yaml',
        '    D:',
        '      $ref: ./d.yaml',
        '',
      ].join('\n'),
      'd.yaml': 'type: object\nproperties:\n  e:\n    $ref: ./e.yaml\n',
    },
    expected: [
      { code: 'SPECFORGE_REF_NOT_FOUND', file: 'openapi.yaml', line: 7, col: 7, pointer: '/components/schemas/A/$ref' },
      { code: 'SPECFORGE_REF_REMOTE', file: 'openapi.yaml', line: 9, col: 7, pointer: '/components/schemas/B/$ref' },
      { code: 'SPECFORGE_REF_OUTSIDE', file: 'openapi.yaml', line: 11, col: 7, pointer: '/components/schemas/C/$ref' },
      { code: 'SPECFORGE_FILE_NOT_FOUND', file: 'd.yaml', line: 4, col: 5, pointer: '/properties/e/$ref' },
    ],
  },
  {
    name: 'several structural problems together',
    files: {
      'openapi.yaml': [
        'openapi: 3.1.0',
        INFO,
        'paths:',
        '  /a:',
        '    get:',
        '      responses:',
        "        '200':",
        '          content: {}',
        '  /b:',
        '    get:',
        '      responses:',
        "        '404':",
        '          content: {}',
        '',
      ].join('\n'),
    },
    expected: [
      { code: 'SPECFORGE_INVALID_STRUCTURE', file: 'openapi.yaml', line: 7, col: 9, pointer: '/paths/~1a/get/responses/200' },
      { code: 'SPECFORGE_INVALID_STRUCTURE', file: 'openapi.yaml', line: 12, col: 9, pointer: '/paths/~1b/get/responses/404' },
    ],
  },
  {
    name: 'several model problems together',
    files: {
      'openapi.yaml': [
        'openapi: 3.1.0',
        INFO,
        'paths:',
        '  /a/{x}:',
        '    get:',
        '      operationId: one',
        '      responses:',
        "        '200': {description: ok}",
        '  /b/{y}:',
        '    get:',
        '      operationId: two',
        '      responses:',
        "        '200': {description: ok}",
        '  /c:',
        '    get:',
        '      operationId: one',
        '      responses:',
        "        '200': {description: ok}",
        '',
      ].join('\n'),
    },
    expected: [
      { code: 'SPECFORGE_PATH_PARAMETER', file: 'openapi.yaml', line: 5, col: 5, pointer: '/paths/~1a~1{x}/get', message: /\{x\}/ },
      { code: 'SPECFORGE_PATH_PARAMETER', file: 'openapi.yaml', line: 10, col: 5, pointer: '/paths/~1b~1{y}/get', message: /\{y\}/ },
      { code: 'SPECFORGE_DUPLICATE_OPERATION_ID', file: 'openapi.yaml', line: 16, col: 7, pointer: '/paths/~1c/get/operationId' },
    ],
  },
];

function writeCase(dir: string, c: ErrorCase): void {
  const files = typeof c.files === 'function' ? c.files(dir) : c.files;
  for (const [rel, text] of Object.entries(files)) {
    const abs = join(dir, rel);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, text);
  }
  for (const [link, target] of Object.entries(c.symlinks ?? {})) {
    const abs = join(dir, link);
    mkdirSync(dirname(abs), { recursive: true });
    symlinkSync(target, abs);
  }
}

async function diagnosticsOf(entry: string): Promise<Diagnostic[]> {
  try {
    await buildModel(entry);
  } catch (err) {
    if (err instanceof ContractError) return err.diagnostics;
    throw err;
  }
  throw new Error(`expected ${entry} to be refused`);
}

beforeAll(() => {
  mkdirSync(ROOT, { recursive: true });
  // A real file just outside every case folder, for the $refs that try to reach it.
  writeFileSync(join(ROOT, 'outside.yaml'), 'type: string\n');
});

afterAll(() => {
  rmSync(ROOT, { recursive: true, force: true });
});

describe('contract errors', () => {
  CASES.forEach((c, i) => {
    it(c.name, async () => {
      const dir = join(ROOT, `case-${i}`);
      writeCase(dir, c);
      const diagnostics = await diagnosticsOf(join(dir, c.entry ?? 'openapi.yaml'));
      const actual = diagnostics.map((d) => ({
        code: d.code,
        file: d.location?.file,
        line: d.location?.line,
        col: d.location?.col,
        pointer: d.location?.pointer,
      }));
      expect(actual).toEqual(c.expected.map((e) => ({ code: e.code, file: shown(join(dir, e.file)), line: e.line, col: e.col, pointer: e.pointer })));
      c.expected.forEach((e, j) => {
        expect(diagnostics[j]?.severity).toBe('error');
        if (e.message) expect(diagnostics[j]?.message).toMatch(e.message);
      });
    });
  });
});

/** Every `$ref` value in a document, with the pointer of the object that holds it. */
function refsOf(node: unknown, at = '', out: Array<{ at: string; ref: unknown }> = []): Array<{ at: string; ref: unknown }> {
  if (Array.isArray(node)) node.forEach((v, i) => refsOf(v, `${at}/${i}`, out));
  else if (node !== null && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref') out.push({ at, ref: v });
      else refsOf(v, `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, out);
    }
  }
  return out;
}

function section(model: ContractModel, name: string): Record<string, unknown> {
  const components = model.document['components'] as Record<string, unknown>;
  return components[name] as Record<string, unknown>;
}

describe('bundling across files', () => {
  const entry = join(FIXTURES, 'bundle', 'openapi.yaml');
  const fixture = (rel: string): string => shown(join(FIXTURES, 'bundle', rel));

  it('bundles schemas, parameters, responses, headers, examples and path items into one document with internal refs', async () => {
    const model = await buildModel(entry);
    const refs = refsOf(model.document);
    expect(refs.length).toBeGreaterThan(10);
    for (const { at, ref } of refs) {
      expect(typeof ref, at).toBe('string');
      const text = ref as string;
      expect(text.startsWith('#/'), `${at}: ${text}`).toBe(true);
      expect(getAtPointer(model.document, decodeURIComponent(text.slice(1))).found, `${at}: ${text}`).toBe(true);
    }
    expect(Object.keys(section(model, 'schemas')).sort()).toEqual(['Code', 'Edge', 'Error', 'Node', 'Owner', 'Pet', 'Tag']);
    expect(Object.keys(section(model, 'parameters')).sort()).toEqual(['limit', 'petId']);
    expect(Object.keys(section(model, 'responses'))).toEqual(['Error']);
    expect(Object.keys(section(model, 'headers'))).toEqual(['RateHeader']);
    expect(Object.keys(section(model, 'examples'))).toEqual(['pets']);
    // Path items are inlined, not hoisted.
    const paths = model.document['paths'] as Record<string, Record<string, unknown>>;
    expect(paths['/pets']?.['$ref']).toBeUndefined();
    expect(Object.keys(paths['/pets'] ?? {})).toEqual(['get', 'post']);
    expect(model.operations.map((o) => `${o.method} ${o.path} ${o.id}`)).toEqual([
      'get /pets listPets',
      'post /pets createPet',
      'get /pets/{petId} getPet',
      'get /trees getTree',
    ]);
    expect(model.operations.map((o) => o.responses.map((r) => r.status))).toEqual([['200'], ['201', 'default'], ['200', '404'], ['200']]);
    // Specific rewrites.
    const schemas = section(model, 'schemas');
    expect(schemas['Pet']).toMatchObject({
      properties: { tag: { $ref: '#/components/schemas/Tag' }, owner: { $ref: '#/components/schemas/Owner' } },
    });
    // A $ref from a referenced file back into the entry becomes internal.
    expect(schemas['Error']).toMatchObject({ properties: { code: { $ref: '#/components/schemas/Code' } } });
    expect(section(model, 'responses')['Error']).toMatchObject({
      headers: { 'X-Rate-Limit': { $ref: '#/components/headers/RateHeader' } },
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
    expect(paths['/pets/{petId}']?.['parameters']).toEqual([{ $ref: '#/components/parameters/petId' }]);
    expect(model.loaded.files.map((f) => shown(f.path)).sort()).toEqual(
      [
        'openapi.yaml',
        'paths/pets.yaml',
        'paths/pet-by-id.yaml',
        'parameters.yaml',
        'responses.yaml',
        'examples/pets.yaml',
        'schemas/Pet.yaml',
        'schemas/Tag.yaml',
        'schemas/Error.yaml',
        'schemas/Node.yaml',
        'schemas/Edge.yaml',
      ]
        .map(fixture)
        .sort(),
    );
  });

  it('keeps hoisted names apart from the names the entry already uses', () => {
    const dir = join(ROOT, 'names');
    writeCase(dir, {
      name: 'names',
      files: {
        'openapi.yaml': [
          'openapi: 3.1.0',
          INFO,
          'paths: {}',
          'components:',
          '  schemas:',
          '    Pet:',
          '      type: object',
          '    Uses:',
          '      type: object',
          '      properties:',
          '        a: {$ref: ./a/Pet.yaml}',
          '        b: {$ref: ./b/Pet.yaml}',
          "        c: {$ref: './odd name.yaml'}",
          '',
        ].join('\n'),
        'a/Pet.yaml': 'type: string\n',
        'b/Pet.yaml': 'type: integer\n',
        'odd name.yaml': 'type: boolean\n',
      },
      expected: [],
    });
    const loaded = loadContract(join(dir, 'openapi.yaml'));
    const schemas = (loaded.document['components'] as Record<string, Record<string, unknown>>)['schemas'] ?? {};
    expect(Object.keys(schemas)).toEqual(['Pet', 'Uses', 'Pet-2', 'Pet-3', 'odd_name']);
    expect(schemas['Uses']).toEqual({
      type: 'object',
      properties: {
        a: { $ref: '#/components/schemas/Pet-2' },
        b: { $ref: '#/components/schemas/Pet-3' },
        c: { $ref: '#/components/schemas/odd_name' },
      },
    });
    expect(schemas['Pet-2']).toEqual({ type: 'string' });
    expect(schemas['Pet-3']).toEqual({ type: 'integer' });
  });

  it('a component that is only a $ref to a file takes the target under its own name', () => {
    const dir = join(ROOT, 'alias-components');
    mkdirSync(join(dir, 'schemas'), { recursive: true });
    writeFileSync(
      join(dir, 'openapi.yaml'),
      [
        'openapi: 3.1.0',
        INFO,
        'paths:',
        '  /pets:',
        '    get:',
        '      responses:',
        "        '200':",
        '          description: ok',
        '          content:',
        '            application/json:',
        '              schema: {$ref: ./schemas/pet.yaml}',
        'components:',
        '  schemas:',
        '    Pet: {$ref: ./schemas/pet.yaml}',
        '    Owner: {$ref: ./schemas/owner.yaml#/Owner}',
        '',
      ].join('\n'),
    );
    writeFileSync(join(dir, 'schemas', 'pet.yaml'), 'type: object\nproperties:\n  owner: {$ref: ./owner.yaml#/Owner}\n');
    writeFileSync(join(dir, 'schemas', 'owner.yaml'), 'Owner:\n  type: object\n  properties:\n    name: {type: string}\n');
    const loaded = loadContract(join(dir, 'openapi.yaml'));
    const doc = loaded.document as {
      paths: Record<string, { get: { responses: Record<string, { content: Record<string, { schema: unknown }> }> } }>;
      components: { schemas: Record<string, unknown> };
    };
    expect(Object.keys(doc.components.schemas)).toEqual(['Pet', 'Owner']);
    expect(doc.components.schemas['Pet']).toEqual({ type: 'object', properties: { owner: { $ref: '#/components/schemas/Owner' } } });
    expect(doc.paths['/pets']?.get.responses['200']?.content['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Pet' });
    expect(loaded.locate('/components/schemas/Pet/properties/owner')).toMatchObject({ file: expect.stringContaining('pet.yaml') as unknown, line: 3 });
  });

  it('bundles recursive schemas across files, and their validators accept recursive data', async () => {
    const model = await buildModel(entry);
    const schemas = section(model, 'schemas');
    expect(schemas['Node']).toMatchObject({
      properties: { children: { items: { $ref: '#/components/schemas/Node' } }, edge: { $ref: '#/components/schemas/Edge' } },
    });
    expect(schemas['Edge']).toMatchObject({ properties: { to: { $ref: '#/components/schemas/Node' } } });
    const validators = compileValidators(model);
    const node = validators.schemaValidators['Node'];
    expect(node).toBeDefined();
    expect(node?.({ value: 'root', children: [{ value: 'leaf' }], edge: { to: { value: 'x', edge: { to: { value: 'y' } } } } })).toBe(true);
    expect(node?.({ value: 'root', children: [{ value: 1 }] })).toBe(false);
    expect(node?.({ value: 'root', edge: { to: {} } })).toBe(false);
  });

  it('locates a pointer of the bundled document in the file it came from', async () => {
    const model = await buildModel(entry);
    const locate = model.loaded.locate;
    expect(locate('/paths/~1pets/get/responses/200')).toEqual({
      file: fixture('paths/pets.yaml'),
      line: 6,
      col: 5,
      pointer: '/get/responses/200',
    });
    expect(locate('/paths/~1pets~1{petId}/parameters/0')).toEqual({
      file: fixture('paths/pet-by-id.yaml'),
      line: 2,
      col: 5,
      pointer: '/parameters/0',
    });
    expect(locate('/components/schemas/Pet/properties/name')).toEqual({
      file: fixture('schemas/Pet.yaml'),
      line: 6,
      col: 3,
      pointer: '/properties/name',
    });
    expect(locate('/components/headers/RateHeader/example')).toEqual({
      file: fixture('responses.yaml'),
      line: 13,
      col: 3,
      pointer: '/RateHeader/example',
    });
    expect(locate('/paths/~1trees/get/operationId')).toEqual({
      file: fixture('openapi.yaml'),
      line: 12,
      col: 7,
      pointer: '/paths/~1trees/get/operationId',
    });
  });
});

describe('OpenAPI 3.0 normalization', () => {
  it('rewrites nullable and boolean exclusiveMinimum/Maximum to JSON Schema 2020-12 in the model', async () => {
    const model = await buildModel(join(FIXTURES, 'openapi30', 'openapi.yaml'));
    expect(model.version).toBe('3.0');
    const thing = model.schemas.find((s) => s.name === 'Thing')?.schema;
    expect(thing).toEqual({
      type: 'object',
      required: ['id'],
      properties: {
        id: { type: 'integer', minimum: 1, exclusiveMaximum: 100 },
        label: { type: ['string', 'null'] },
        kind: { type: ['string', 'null'], enum: ['a', 'b', null] },
        parent: { anyOf: [{ $ref: '#/components/schemas/Thing' }, { type: 'null' }] },
        either: { anyOf: [{ oneOf: [{ type: 'string' }, { type: 'integer' }] }, { type: 'null' }] },
      },
    });
    const param = model.operations[0]?.parameters[0];
    expect(param?.schema).toEqual({ type: ['number', 'null'], exclusiveMinimum: 0 });
    // The bundled document itself is kept as written.
    const written = (model.document['components'] as Record<string, Record<string, Record<string, unknown>>>)['schemas']?.['Thing'];
    expect(written?.['properties']).toMatchObject({ label: { type: 'string', nullable: true } });
    // And the normalized schemas compile and behave.
    const validators = compileValidators(model);
    const validate = validators.schemaValidators['Thing'];
    expect(validate?.({ id: 1, label: null, kind: null, parent: null, either: null })).toBe(true);
    expect(validate?.({ id: 100 })).toBe(false);
    expect(validate?.({ id: 0 })).toBe(false);
    expect(validate?.({ id: 2, kind: 'c' })).toBe(false);
  });
});

describe('collectExamples', () => {
  it('finds media-type, parameter, header and schema examples with their pointers', async () => {
    const model = await buildModel(join(FIXTURES, 'bundle', 'openapi.yaml'));
    const examples = collectExamples(model);
    const byPointer = new Map(examples.map((e) => [e.example.pointer, e]));
    expect([...byPointer.keys()].sort()).toEqual(
      [
        '/components/schemas/Code/example',
        '/components/schemas/Error/example',
        '/components/parameters/limit/example',
        '/components/examples/pets/value',
        '/components/parameters/petId/examples/one/value',
        '/paths/~1pets~1{petId}/get/responses/200/content/application~1json/example',
        '/components/headers/RateHeader/example',
      ].sort(),
    );
    expect(byPointer.get('/components/schemas/Code/example')).toMatchObject({
      example: { name: 'example', value: 42 },
      validator: { kind: 'schema', name: 'Code' },
    });
    expect(byPointer.get('/components/parameters/limit/example')).toMatchObject({
      example: { name: 'example', value: 20 },
      subject: 'listPets query parameter limit',
      schema: { type: 'integer', maximum: 100 },
    });
    expect(byPointer.get('/components/parameters/petId/examples/one/value')).toMatchObject({
      example: { name: 'one', value: 1 },
      subject: 'getPet path parameter petId',
    });
    expect(byPointer.get('/components/examples/pets/value')).toMatchObject({
      example: { name: 'two', summary: 'two pets' },
      validator: { kind: 'response', operationId: 'listPets', status: '200', mediaType: 'application/json' },
    });
    expect(byPointer.get('/paths/~1pets~1{petId}/get/responses/200/content/application~1json/example')).toMatchObject({
      example: { name: 'example', value: { id: 1, name: 'Rex' } },
      validator: { kind: 'response', operationId: 'getPet', status: '200', mediaType: 'application/json' },
    });
    expect(byPointer.get('/components/headers/RateHeader/example')).toMatchObject({
      example: { value: 10 },
      schema: { type: 'integer' },
    });
    expect(byPointer.get('/components/headers/RateHeader/example')?.subject).toBe('createPet default header X-Rate-Limit');
    // Each pointer names the example's value in the bundled document, and leads back to its file.
    for (const e of examples) {
      expect(getAtPointer(model.document, e.example.pointer)).toEqual({ found: true, value: e.example.value });
      expect(model.loaded.locate(e.example.pointer).line).toBeGreaterThan(0);
    }
    expect(model.loaded.locate('/components/examples/pets/value')).toMatchObject({
      file: shown(join(FIXTURES, 'bundle', 'examples', 'pets.yaml')),
      line: 2,
      col: 1,
    });
    // Every example satisfies its schema.
    const validators = compileValidators(model);
    for (const e of examples) {
      const v = e.validator;
      if (!v) continue;
      const fn =
        v.kind === 'schema'
          ? validators.schemaValidators[v.name]
          : v.kind === 'request-body'
            ? validators.operationValidators[v.operationId]?.body?.[v.mediaType]
            : validators.operationValidators[v.operationId]?.responses[v.status ?? '']?.[v.mediaType];
      expect(fn, e.subject).toBeDefined();
      expect(fn?.(e.example.value), `${e.subject} ${e.example.pointer}`).toBe(true);
    }
  });
});
