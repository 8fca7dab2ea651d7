/**
 * A generated module never exports `then`: a module namespace with a `then` export is a thenable,
 * so `await import('./sdk.js')` would call it instead of giving the module (and reject, or resolve
 * to whatever it returns). Generated from a contract whose operationIds and schema names are
 * `then`, `constructor`, `__proto__` and `default`, every module of every target is transpiled and
 * imported by Node itself (in one child process): each import gives the module's namespace, and
 * each operation is callable under its documented name (`_then`, `_constructor`, `__proto__`,
 * `_default`: see docs/reference/generated-output.md).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { runGenerate } from '../../src/cli/commands/generate.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `hostile-then-${process.pid}`);

const ok = { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/then' } } } } };
const CONTRACT = {
  openapi: '3.1.0',
  info: { title: 'then', version: '1' },
  servers: [{ url: 'http://h.invalid' }],
  paths: {
    '/then': { get: { operationId: 'then', responses: ok }, post: { operationId: 'constructor', responses: ok } },
    '/proto': { get: { operationId: '__proto__', responses: ok }, delete: { operationId: 'default', responses: ok } },
  },
  components: {
    schemas: {
      then: { type: 'object', properties: { then: { type: 'string' } }, example: { then: 'x' } },
      constructor: { type: 'string' },
      default: { type: 'integer' },
    },
  },
};

interface Imported {
  file: string;
  error?: string;
  namespace?: boolean;
  exportsThen?: boolean;
  keys?: string[];
}

/** In Node itself (not through the test runner's loader): import each module, then call the SDK's operations. */
const PROBE = `
const files = JSON.parse(process.argv[1]);
const out = { modules: [], calls: [] };
for (const file of files) {
  try {
    const ns = await import(new URL(file, 'file://' + process.cwd() + '/').href);
    out.modules.push({ file, namespace: Object.prototype.toString.call(ns) === '[object Module]', exportsThen: Object.keys(ns).includes('then'), keys: Object.keys(ns) });
  } catch (e) {
    out.modules.push({ file, error: String(e && e.message) });
  }
}
const sdk = await import(new URL('sdk.js', 'file://' + process.cwd() + '/').href);
const client = sdk.createSdkClient({ baseUrl: 'http://h.invalid', fetch: async (request) => { out.calls.push(request.method + ' ' + new URL(request.url).pathname); return new Response('{"then":"x"}', { status: 200, headers: { 'content-type': 'application/json' } }); } });
for (const name of ['_then', '_constructor', '__proto__', '_default']) {
  const result = await sdk[name](client, {});
  out.calls.push(name + ' -> ' + result.status);
}
const api = sdk.createApi(client);
out.calls.push('api has then: ' + ('then' in api));
process.stdout.write(JSON.stringify(out));
`;

afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('generated modules never export `then`', () => {
  it('every module imports as a namespace and each operation is callable under its documented name', async () => {
    rmSync(TMP, { recursive: true, force: true });
    mkdirSync(join(TMP, 'api'), { recursive: true });
    writeFileSync(join(TMP, 'api', 'openapi.json'), JSON.stringify(CONTRACT));
    let said = '';
    await runGenerate({
      cwd: TMP,
      spec: 'api/openapi.json',
      out: 'out',
      targets: 'types,validators,server,mocks,client,sdk,react-query,zod,msw,index',
      quiet: true,
      write: (t) => (said += t),
    });
    const out = join(TMP, 'out');

    // The TypeScript as Node runs it once compiled: types erased, `./x.js` imports kept.
    const js = join(TMP, 'js');
    mkdirSync(js, { recursive: true });
    writeFileSync(join(js, 'package.json'), '{"type":"module"}');
    const modules: string[] = [];
    for (const f of readdirSync(out)) {
      if (f.endsWith('.d.ts')) continue;
      const text = readFileSync(join(out, f), 'utf8');
      if (f.endsWith('.ts')) {
        writeFileSync(
          join(js, f.replace(/\.ts$/, '.js')),
          ts.transpileModule(text, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, verbatimModuleSyntax: false } })
            .outputText,
        );
        modules.push(f.replace(/\.ts$/, '.js'));
      } else if (f.endsWith('.js')) {
        writeFileSync(join(js, f), text);
        modules.push(f);
      }
    }
    expect(modules).toEqual(
      expect.arrayContaining(['sdk.js', 'react-query.js', 'client.js', 'server.js', 'mocks.js', 'validators.js', 'zod.js', 'msw.js', 'index.js']),
    );
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', PROBE, JSON.stringify(modules.sort())], { cwd: js, encoding: 'utf8', timeout: 60_000 });
    expect(r.stderr, said).toBe('');
    const result = JSON.parse(r.stdout) as { modules: Imported[]; calls: string[] };
    for (const m of result.modules) {
      expect(m.error, m.file).toBeUndefined();
      expect(m.namespace, m.file).toBe(true);
      expect(m.exportsThen, `${m.file}: ${m.keys?.join(', ')}`).toBe(false);
    }
    const sdk = readFileSync(join(out, 'sdk.ts'), 'utf8');
    expect(sdk).not.toMatch(/export (?:async )?(?:function|const|let|var|class) then\b/);
    expect(sdk).toMatch(/export function _then</);
    expect(result.calls).toEqual([
      'GET /then',
      '_then -> 200',
      'POST /then',
      '_constructor -> 200',
      'GET /proto',
      '__proto__ -> 200',
      'DELETE /proto',
      '_default -> 200',
      'api has then: false',
    ]);
  }, 120_000);
});
