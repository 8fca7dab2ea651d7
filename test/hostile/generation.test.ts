/**
 * Generation from hostile contracts and configs: a schema whose smallest valid value is huge gets a
 * sample cut to the budget (never an out-of-memory abort, never a 100 MB mocks.ts), a schema that
 * requires itself is a located error (never a stack overflow), two contracts never share an output
 * folder or a cache entry, and `check` finds a file no contract produced.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockFromSpec } from '../../src/cli/commands/mock.js';
import { ContractError } from '../../src/contract/errors.js';
import { loadConfig } from '../../src/config/config.js';
import { SAMPLE_BUDGET, SampleError, sampleSchema, sampleSchemaReport } from '../../src/runtime/shared/sample.js';
import {
  jsonBytes,
  jsonFallback,
  jsonNumberBytes,
  jsonString,
  jsonStringBytes,
  jsonView,
  jsonWide,
  type SerializersModule,
} from '../../src/runtime/server/serialize.js';
import ts from 'typescript';
import { typeCheck } from '../support/type-errors.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const TMP = join(ROOT, 'test', '.tmp', `hostile-generation-${process.pid}`);
const ECHO = join(ROOT, 'specs', 'echo', 'openapi.yaml');

/** A contract whose one operation answers `Top`, with `schemas` as components.schemas (YAML lines). */
function contract(schemas: string): string {
  return `openapi: 3.1.0
info: {title: hostile, version: '1'}
paths:
  /x:
    get:
      operationId: getX
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Top'}
components:
  schemas:
${schemas}
`;
}

const NESTED_1000 =
  '    Top: {type: array, minItems: 1000, items: {type: array, minItems: 1000, items: {type: array, minItems: 1000, items: {type: string, minLength: 8}}}}';
const NESTED_100 =
  '    Top: {type: array, minItems: 100, items: {type: array, minItems: 100, items: {type: array, minItems: 100, items: {type: object, required: [name], properties: {name: {type: string}}}}}}';
const SELF = `    Top: {$ref: '#/components/schemas/Node'}
    Node:
      type: object
      required: [child]
      properties:
        child: {$ref: '#/components/schemas/Node'}`;

/** The CLI in a child process with a 512 MB heap: an out-of-memory abort fails the test instead of the runner. */
function cli(args: string[], cwd: string): SpawnSyncReturns<string> & { ms: number } {
  const start = Date.now();
  const r = spawnSync(process.execPath, ['--max-old-space-size=512', CLI, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, SPECFORGE_CACHE_DIR: join(cwd, '.cache'), NO_COLOR: '1' },
  });
  return Object.assign(r, { ms: Date.now() - start });
}

/** tsc --strict's errors on the generated TypeScript of `out` (test/support/type-errors.ts: strict, the run-time package's declarations). */
function strictErrors(out: string): string[] {
  return typeCheck(
    readdirSync(out)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join(out, f)),
  ).diagnostics;
}

function project(name: string, files: Record<string, string>): string {
  const dir = join(TMP, name);
  rmSync(dir, { recursive: true, force: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

beforeAll(() => mkdirSync(TMP, { recursive: true }));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('the sample budget', () => {
  it('cuts a sample of minItems 1000 nested three times to the budget, in bounded time', () => {
    const start = Date.now();
    const r = sampleSchemaReport({
      type: 'array',
      minItems: 1000,
      items: { type: 'array', minItems: 1000, items: { type: 'array', minItems: 1000, items: { type: 'string', minLength: 8 } } },
    });
    expect(Date.now() - start).toBeLessThan(10_000);
    expect(r.reduced?.what).toMatch(/^an array of 1000 items at items\.items\.items, cut to \d+$/);
    expect(JSON.stringify(r.value).length).toBeLessThan(SAMPLE_BUDGET.bytes * 4);
  });

  it('shortens a string of minLength 10^9 to the budget', () => {
    const r = sampleSchemaReport({ type: 'string', minLength: 1_000_000_000 });
    expect((r.value as string).length).toBeLessThanOrEqual(SAMPLE_BUDGET.bytes);
    expect(r.reduced?.what).toBe('a string of 1000000000 characters at the top level');
  });

  it('leaves a sample within the budget as it was, unmarked', () => {
    const r = sampleSchemaReport({ type: 'array', minItems: 3, items: { type: 'integer', minimum: 7 } });
    expect(r).toEqual({ value: [7, 7, 7] });
  });

  it('names the schema that requires itself and the property it requires itself through', () => {
    const schemas: Record<string, unknown> = {
      '#/components/schemas/Node': { type: 'object', required: ['child'], properties: { child: { $ref: '#/components/schemas/Node' } } },
    };
    const resolve = (ref: string): Record<string, unknown> | undefined => schemas[ref] as Record<string, unknown> | undefined;
    expect(() => sampleSchema({ $ref: '#/components/schemas/Node' }, { resolve })).toThrow(SampleError);
    expect(() => sampleSchema({ $ref: '#/components/schemas/Node' }, { resolve })).toThrow('schema Node requires itself through child: no finite value exists');
  });

  it('ends a recursion that may end (a nullable or oneOf-with-null child) instead of refusing it', () => {
    const schemas: Record<string, unknown> = {
      '#/components/schemas/A': { type: 'object', required: ['next'], properties: { next: { oneOf: [{ $ref: '#/components/schemas/A' }, { type: 'null' }] } } },
      '#/components/schemas/B': {
        type: 'object',
        required: ['next'],
        properties: { next: { anyOf: [{ $ref: '#/components/schemas/B' }, { type: 'string' }] } },
      },
    };
    const resolve = (ref: string): Record<string, unknown> | undefined => schemas[ref] as Record<string, unknown> | undefined;
    expect(JSON.stringify(sampleSchema({ $ref: '#/components/schemas/A' }, { resolve }))).toMatch(/"next":null/);
    expect(JSON.stringify(sampleSchema({ $ref: '#/components/schemas/B' }, { resolve }))).toMatch(/"next":"string"/);
  });

  it('refuses a schema nested 5,000 levels deep with a message, not a stack overflow', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 5_000; i++) schema = { type: 'object', required: ['a'], properties: { a: schema } };
    expect(() => sampleSchema(schema)).toThrow(/nests deeper than 128 levels/);
  });
});

describe('generate under the sample budget', () => {
  it('minItems 1000 nested three times: a warning at the schema naming the budget, bounded mock tables, no abort', () => {
    const dir = project('nested-1000', { 'api/openapi.yaml': contract(NESTED_1000) });
    const r = cli(['generate', '--spec', 'api/openapi.yaml', '--out', 'out', '--targets', 'mocks'], dir);
    expect(r.signal, r.stderr).toBeNull();
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).toMatch(
      /api\/openapi\.yaml:15:5 \(#\/components\/schemas\/Top\): warning SPECFORGE_SAMPLE_BUDGET: .*the sample budget of 10000 values or 524288 bytes/,
    );
    expect(statSync(join(dir, 'out', 'mock-tables.ts')).size).toBeLessThan(2 * 1024 * 1024);
    expect(r.ms).toBeLessThan(60_000);
  });

  it('minItems 100 nested three times writes mock tables of bounded size', () => {
    const dir = project('nested-100', { 'api/openapi.yaml': contract(NESTED_100) });
    const r = cli(['generate', '--spec', 'api/openapi.yaml', '--out', 'out', '--targets', 'mocks'], dir);
    expect(r.status, r.stderr).toBe(0);
    expect(statSync(join(dir, 'out', 'mock-tables.ts')).size).toBeLessThan(2 * 1024 * 1024);
  });

  it('a required self-reference is an error located at the schema, with no stack trace', () => {
    const dir = project('self', { 'api/openapi.yaml': contract(SELF) });
    const r = cli(['generate', '--spec', 'api/openapi.yaml', '--out', 'out'], dir);
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(
      /api\/openapi\.yaml:16:5 \(#\/components\/schemas\/Node\): error SPECFORGE_NO_FINITE_VALUE: schema Node requires itself through child: no finite value exists/,
    );
    expect(r.stderr).not.toMatch(/RangeError|Maximum call stack|\n\s+at /);
  });
});

describe('the mock at request time', () => {
  /** `Top` is the 200 (sampled at start); `Node` and `Huge` answer 404 and 409, sampled on request. */
  const twoStatuses = `openapi: 3.1.0
info: {title: hostile, version: '1'}
paths:
  /x:
    get:
      operationId: getX
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {type: object, properties: {ok: {type: boolean}}}
        '404':
          description: gone
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Node'}
        '409':
          description: huge
          content:
            application/json:
              schema: {type: array, minItems: 1000, items: {type: array, minItems: 1000, items: {type: array, minItems: 1000, items: {type: integer}}}}
components:
  schemas:
    Node:
      type: object
      required: [child]
      properties:
        child: {$ref: '#/components/schemas/Node'}
`;

  it('answers a status whose schema requires itself with a 500 naming it, and keeps serving', async () => {
    const dir = project('mock-runtime', { 'api/openapi.yaml': twoStatuses });
    const mock = await createMockFromSpec(join(dir, 'api', 'openapi.yaml'));
    const gone = await mock.fetch(new Request('http://mock.test/x', { headers: { prefer: 'code=404' } }));
    expect(gone.status).toBe(500);
    expect(await gone.text()).toContain('schema Node requires itself through child: no finite value exists');
    const start = Date.now();
    const huge = await mock.fetch(new Request('http://mock.test/x', { headers: { prefer: 'code=409' } }));
    expect(huge.status).toBeLessThan(600);
    expect((await huge.text()).length).toBeLessThan(SAMPLE_BUDGET.bytes * 4);
    expect(Date.now() - start).toBeLessThan(30_000);
    expect((await mock.fetch(new Request('http://mock.test/x'))).status).toBe(200);
  });

  it('specforge mock refuses a contract whose primary response requires itself, located', () => {
    const dir = project('mock-start', { 'api/openapi.yaml': contract(SELF) });
    const r = cli(['mock', 'api/openapi.yaml', '--port', '0'], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/api\/openapi\.yaml:16:5 \(#\/components\/schemas\/Node\): error SPECFORGE_NO_FINITE_VALUE/);
  });
});

describe('output folders', () => {
  const two = (config: string): string => {
    const dir = project('two', { 'specforge.config.yaml': config });
    for (const side of ['x', 'y']) cpSync(ECHO, join(dir, side, 'api', 'openapi.yaml'));
    return dir;
  };

  it('two contracts whose folders share a name are an error at config load naming both', () => {
    const dir = two('specs:\n  - path: x/api/openapi.yaml\n  - path: y/api/openapi.yaml\n');
    let error: unknown;
    try {
      loadConfig(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ContractError);
    const d = (error as ContractError).diagnostics[0];
    expect(d?.code).toBe('SPECFORGE_CONFIG');
    expect(d?.message).toBe(
      "specs[0] (x/api/openapi.yaml) and specs[1] (y/api/openapi.yaml) both write to generated/api: one would overwrite or remove the other's generated files",
    );
    expect(d?.location).toEqual({ file: join(dir, 'specforge.config.yaml'), line: 3, col: 5 });
    const r = cli(['generate'], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(
      'specforge.config.yaml:3:5: error SPECFORGE_CONFIG: specs[0] (x/api/openapi.yaml) and specs[1] (y/api/openapi.yaml) both write to generated/api',
    );
    expect(cli(['check'], dir).status).toBe(2);
  });

  it('an output folder inside another is an error too; distinct api names are not', () => {
    const nested = two('specs:\n  - path: x/api/openapi.yaml\n    out: gen\n  - path: y/api/openapi.yaml\n    out: gen/inner\n');
    expect(() => loadConfig(nested)).toThrow(
      'specs[0] (x/api/openapi.yaml) and specs[1] (y/api/openapi.yaml) write to gen and gen/inner, one folder inside the other',
    );
    const named = two('specs:\n  - path: x/api/openapi.yaml\n  - path: y/api/openapi.yaml\n    api: yapi\n');
    expect(loadConfig(named).specs.map((s) => s.out)).toEqual([join(named, 'generated', 'api'), join(named, 'generated', 'yapi')]);
  });

  it('check fails on a stray file in an output folder, naming it, cached or not', () => {
    const dir = two('specs:\n  - path: x/api/openapi.yaml\n  - path: y/api/openapi.yaml\n    api: yapi\n');
    expect(cli(['generate', '--quiet'], dir).status).toBe(0);
    expect(cli(['check'], dir).status).toBe(0);
    writeFileSync(join(dir, 'generated', 'api', 'evil.ts'), 'export const x = 1;\n');
    mkdirSync(join(dir, 'generated', 'yapi', 'sub'));
    writeFileSync(join(dir, 'generated', 'yapi', 'sub', '.hidden'), 'x\n');
    const r = cli(['check', '--format', 'json'], dir);
    expect(r.status, r.stdout + r.stderr).toBe(1);
    const found = (JSON.parse(r.stdout) as { findings: Array<{ rule: string; location: { file: string } }> }).findings;
    expect(found.map((f) => [f.rule, f.location.file])).toEqual([
      ['stray-file', 'generated/api/evil.ts'],
      ['stray-file', 'generated/yapi/sub/.hidden'],
    ]);
    // With a fresh cache (generate wrote it), check still looks at the folder.
    expect(cli(['generate', '--quiet'], dir).status).toBe(0);
    const cached = cli(['check'], dir);
    expect(cached.status).toBe(1);
    expect(cached.stdout).toContain('stray: generated/api/evil.ts is in the output folder of x/api/openapi.yaml, which does not produce it');
    // generate never removes a file it did not write.
    expect(readFileSync(join(dir, 'generated', 'api', 'evil.ts'), 'utf8')).toBe('export const x = 1;\n');
  });

  it('two contracts generated into one folder by hand never share a cache entry', () => {
    const dir = two('specs: []\n');
    writeFileSync(join(dir, 'y', 'api', 'openapi.yaml'), readFileSync(ECHO, 'utf8').replace(/^(\s+title:).*$/m, '$1 Other title'));
    expect(cli(['generate', '--spec', 'x/api/openapi.yaml', '--out', 'shared', '--quiet'], dir).status).toBe(0);
    const second = cli(['generate', '--spec', 'y/api/openapi.yaml', '--out', 'shared'], dir);
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).not.toContain('up to date (cached)');
    expect(second.stdout).toMatch(/shared: [1-9]\d* written/);
    const check = cli(['check', '--spec', 'x/api/openapi.yaml', '--out', 'shared'], dir);
    expect(check.status).toBe(1);
  });
});

describe('response serializers of hostile property names', () => {
  const NAMES = ['"', '\\', '*/', '/*', 'a\nb', '\u2028', '__proto__', 'constructor', 'toString', '</script>', '<!--', '${x}', '`', "'", '', '1', 'ok'];
  // Enum members too are written as constants (string literals, and their bytes).
  const MEMBERS = ['"', '\\', '*/', 'a\nb', '\u2028', '</script>', '${x}', '`'];
  const schemaOf = (i: number): Record<string, unknown> =>
    i % 4 === 0 ? { type: 'string', enum: MEMBERS } : i % 2 === 0 ? { type: 'string' } : { type: 'integer' };
  const valueOf = (n: string, i: number): unknown => (i % 4 === 0 ? MEMBERS[(i / 4) % MEMBERS.length] : i % 2 === 0 ? `v${n}` : i);
  const closed = { type: 'object', additionalProperties: false, properties: Object.fromEntries(NAMES.map((n, i) => [n, schemaOf(i)])) };
  const spec = {
    openapi: '3.1.0',
    info: { title: 'hostile names', version: '1' },
    paths: {
      '/x': {
        get: {
          operationId: 'getX',
          responses: {
            '200': { description: 'ok', content: { 'application/json': { schema: { $ref: `#/components/schemas/${encodeURIComponent('Evil"*~1\n')}` } } } },
          },
        },
      },
    },
    components: { schemas: { 'Evil"*/\n': closed } },
  };

  it('embeds them only as string literals: serializers.ts type-checks under --strict and writes what JSON.stringify writes', () => {
    const dir = project('serializer-names', { 'api/openapi.json': JSON.stringify(spec) });
    const r = cli(['generate', '--spec', 'api/openapi.json', '--out', 'out', '--targets', 'types,validators,server'], dir);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const source = readFileSync(join(dir, 'out', 'serializers.ts'), 'utf8');
    expect(strictErrors(join(dir, 'out'))).toEqual([]);
    const js = ts
      .transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } })
      .outputText.replace(/^import .*$/m, '')
      .replace(/^export const serializers =/m, 'const serializers =');
    // The byte writer's answers are kept: the names are written as bytes too, not only by the string serializer.
    const written: Array<string | undefined> = [];
    const bytes: typeof jsonBytes = (write, value) => {
      const out = jsonBytes(write, value);
      written.push(out);
      return out;
    };
    const serializers = new Function('__s', '__j', '__wb', '__ws', '__wn', '__wu', '__wv', `${js}\nreturn serializers;`)(
      jsonString,
      jsonFallback,
      bytes,
      jsonStringBytes,
      jsonNumberBytes,
      jsonWide,
      jsonView,
    ) as SerializersModule;
    const serialize = serializers['getX']?.['200']?.['application/json'];
    expect(serialize).toBeTypeOf('function');
    // Object.fromEntries (as JSON.parse) makes "__proto__" an own property.
    const value = Object.fromEntries(NAMES.map((n, i) => [n, valueOf(n, i)]));
    expect(source).toContain('if (x === "*/") {');
    expect(serialize?.(value)).toBe(JSON.stringify(value));
    expect(Object.hasOwn(JSON.parse(serialize?.(value) ?? '') as object, '__proto__')).toBe(true);
    // Without an own "__proto__" (or "constructor"), nothing is read from the prototype.
    expect(serialize?.({ ok: 'v' })).toBe('{"ok":"v"}');
    expect(written).toEqual([JSON.stringify(value), JSON.stringify(value), '{"ok":"v"}']);
  }, 180_000);
});

describe('the SDK and TanStack Query files from hostile operation ids, names and texts', () => {
  const EVIL = ['*/ alert(1) /*', '</script><script>x()</script>', '${process.exit(1)}', '`', '\u2028', '<!--'];
  const ok = {
    '200': {
      description: `ok ${EVIL.join(' ')}`,
      content: { 'application/json': { schema: { type: 'object', properties: { [EVIL[0] as string]: { type: 'string' } } } } },
    },
  };
  const spec = {
    openapi: '3.1.0',
    info: { title: `hostile */ ${EVIL[1]}`, version: '1' },
    paths: {
      '/things': {
        get: {
          operationId: 'delete',
          summary: EVIL[0],
          description: EVIL.join('\n'),
          parameters: [
            { name: '__proto__', in: 'query', schema: { type: 'string' } },
            { name: 'X-*/', in: 'header', schema: { type: 'string' } },
          ],
          responses: ok,
        },
        post: { operationId: '__proto__', description: EVIL[1], responses: ok, security: [{ 'k"*/': [] }] },
      },
      '/things/{id*/}': {
        parameters: [{ name: 'id*/', in: 'path', required: true, schema: { type: 'string' } }],
        get: { operationId: 'constructor', responses: ok },
        put: { operationId: 'a-b', responses: ok },
        delete: { operationId: 'aB', responses: ok },
      },
      '/x/{`}': {
        parameters: [{ name: '`', in: 'path', required: true, schema: { type: 'string' } }],
        get: { operationId: `get${EVIL[2]}`, responses: ok },
        post: { operationId: `</script>${EVIL[5]}`, responses: ok },
        patch: { operationId: 'createApi', responses: ok },
        head: { operationId: 'useDelete', responses: { '204': { description: 'none' } } },
        put: { operationId: 'createSdk', responses: ok },
        delete: { operationId: 'DataTag', responses: ok },
        options: { operationId: 'queryOptions', responses: ok },
      },
    },
    components: { securitySchemes: { 'k"*/': { type: 'apiKey', in: 'header', name: "X-Key*'|" } } },
  };

  it('emits identifiers and literals only, type-checks under --strict, is deterministic, and calls the right paths', async () => {
    const dir = project('sdk-hostile', { 'api/openapi.json': JSON.stringify(spec) });
    const targets = ['--targets', 'types,sdk,react-query'];
    const r = cli(['generate', '--spec', 'api/openapi.json', '--out', 'out', ...targets], dir);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const sdk = readFileSync(join(dir, 'out', 'sdk.ts'), 'utf8');
    const rq = readFileSync(join(dir, 'out', 'react-query.ts'), 'utf8');
    for (const source of [sdk, rq]) {
      expect(source).not.toContain('</script');
      expect(source).not.toContain('<!--');
      expect(source).not.toContain('\u2028');
      expect(source).not.toMatch(/\*\/ alert/);
    }
    expect(cli(['generate', '--spec', 'api/openapi.json', '--out', 'again', ...targets], dir).status).toBe(0);
    expect(readFileSync(join(dir, 'again', 'sdk.ts'), 'utf8')).toBe(sdk);
    expect(readFileSync(join(dir, 'again', 'react-query.ts'), 'utf8')).toBe(rq);
    expect(strictErrors(join(dir, 'out'))).toEqual([]);
    // Names: reserved words, __proto__ and clashes with the file's own exports get other identifiers.
    expect(sdk).toMatch(/export function _delete</);
    expect(sdk).toMatch(/export function __proto__</);
    expect(sdk).toMatch(/export function _constructor</);
    expect(sdk).toMatch(/export function aB</);
    expect(sdk).toMatch(/export function aB2</);
    expect(sdk).toMatch(/export function createApi2</);
    expect(sdk).toMatch(/export function createApi</);
    for (const imported of ['createSdk', 'DataTag', 'queryOptions']) expect(sdk).toMatch(new RegExp(`export function ${imported}2<`));
    const mod = (await import(pathToFileURL(join(dir, 'out', 'sdk.ts')).href)) as Record<string, (...args: unknown[]) => Promise<{ status: number }>>;
    const urls: string[] = [];
    const client = (mod['createSdkClient'] as (o: unknown) => unknown)({
      baseUrl: 'http://h.invalid',
      auth: { 'k"*/': 'secret' },
      fetch: async (request: Request) => {
        urls.push(`${request.method} ${request.url} ${request.headers.get("x-key*'|") ?? '-'}`);
        return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
      },
    });
    await mod['_delete']?.(client, { query: JSON.parse('{"__proto__":"p"}') as unknown });
    await mod['__proto__']?.(client, {});
    await mod['_constructor']?.(client, { path: { 'id*/': 'a/b' } });
    await mod['createApi2']?.(client, { path: { '`': '`' } });
    expect(urls).toEqual([
      'GET http://h.invalid/things?__proto__=p -',
      'POST http://h.invalid/things secret',
      'GET http://h.invalid/things/a%2Fb -',
      'PATCH http://h.invalid/x/%60 -',
    ]);
  }, 240_000);
});
