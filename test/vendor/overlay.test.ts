/**
 * Patching a vendor's contract without editing it: `schema: null` is read as absent with a warning
 * at its line; OpenAPI Overlay 1.0 documents (`--overlay`, the config's `overlays:`) are applied on
 * load, before validation, with errors located in the overlay where the overlay wrote the value;
 * overlay files are read under the contract loader's rules; the config's `errors:` names the error
 * shape.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { registerPatches } from '../../src/cli/patches.js';
import { ContractError } from '../../src/contract/errors.js';
import { evaluatePath, parsePath } from '../../src/contract/jsonpath.js';
import { buildModel } from '../../src/contract/model.js';
import { clearContractPatches, setContractPatches } from '../../src/contract/patches.js';
import { loadContract } from '../../src/contract/resolve.js';
import { apiSpec } from '../../src/contract/tables/api.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `vendor-overlay-${process.pid}`);
mkdirSync(TMP, { recursive: true });
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
afterEach(() => clearContractPatches());

const vendorText = (): string => VENDOR;
const NULL_LINE = (): number =>
  vendorText()
    .split('\n')
    .findIndex((l) => l.includes('"schema": null')) + 1;
const NULL_COL = (): number => (vendorText().split('\n')[NULL_LINE() - 1] ?? '').indexOf('"schema"') + 1;
const VENDOR = JSON.stringify(
  {
    openapi: '3.0.1',
    info: { title: 'vendor', version: '1' },
    security: [{ key: [] }],
    components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    paths: {
      '/login': {
        post: {
          operationId: 'login',
          requestBody: { content: { 'application/json': { schema: null } } },
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
        },
      },
      '/things': {
        get: { operationId: 'listThings', tags: ['internal'], responses: { '200': { description: 'ok' } } },
        post: { operationId: 'createThing', responses: { '201': { description: 'made' } } },
      },
    },
  },
  null,
  2,
);

function dir(name: string): string {
  const d = join(TMP, name);
  mkdirSync(d, { recursive: true });
  writeFileSync(join(d, 'openapi.json'), VENDOR);
  return d;
}

describe('null where an object is expected', () => {
  it('is read as absent, with a warning at its file:line:col', async () => {
    const d = dir('nulls');
    const loaded = loadContract(join(d, 'openapi.json'));
    const media = (
      (loaded.document['paths'] as Record<string, Record<string, Record<string, unknown>>>)['/login']?.['post']?.['requestBody'] as {
        content: Record<string, Record<string, unknown>>;
      }
    ).content['application/json'];
    expect(media).toEqual({});
    expect(loaded.patchWarnings?.map((w) => [w.code, w.location?.line, w.location?.col])).toEqual([['SPECFORGE_NULL_AS_ABSENT', NULL_LINE(), NULL_COL()]]);
    // And the contract models: the operation takes any JSON body.
    const model = await buildModel(join(d, 'openapi.json'));
    expect(model.operations.find((o) => o.id === 'login')?.requestBody?.content[0]?.schema).toBeUndefined();
  });

  it('values of the API stay: null examples, defaults and enums are data', () => {
    const d = join(TMP, 'data');
    mkdirSync(d, { recursive: true });
    writeFileSync(
      join(d, 'openapi.yaml'),
      stringify({
        openapi: '3.1.0',
        info: { title: 't', version: '1' },
        paths: {},
        components: { schemas: { A: { type: ['string', 'null'], default: null, enum: ['a', null], examples: [{ schema: null }] } } },
      }),
    );
    const loaded = loadContract(join(d, 'openapi.yaml'));
    expect(loaded.patchWarnings).toBeUndefined();
    expect((loaded.document['components'] as { schemas: { A: unknown } }).schemas.A).toEqual({
      type: ['string', 'null'],
      default: null,
      enum: ['a', null],
      examples: [{ schema: null }],
    });
  });
});

describe('OpenAPI Overlay 1.0', () => {
  const overlay = (d: string, name: string, doc: unknown): string => {
    const file = join(d, name);
    writeFileSync(file, typeof doc === 'string' ? doc : stringify(doc));
    return file;
  };

  it('update (deep merge), remove, filters and descendants, applied before the model is built', async () => {
    const d = dir('apply');
    const file = overlay(d, 'fix.overlay.yaml', {
      overlay: '1.0.0',
      info: { title: 'fixes', version: '1' },
      actions: [
        { target: "$.paths['/login'].post", update: { security: [], summary: 'Log in' } },
        { target: "$.paths.*[?(@.tags && @.operationId == 'listThings')]", remove: true },
        { target: '$.paths..[?(@.operationId == "createThing")].responses', update: { '400': { description: 'bad' } } },
        { target: '$.info', update: { 'x-patched': true } },
      ],
    });
    setContractPatches([file]);
    const model = await buildModel(join(d, 'openapi.json'));
    const login = model.operations.find((o) => o.id === 'login');
    expect(login?.security).toEqual([]);
    expect(login?.summary).toBe('Log in');
    expect(model.operations.map((o) => o.id).sort()).toEqual(['createThing', 'login']);
    expect(
      model.operations
        .find((o) => o.id === 'createThing')
        ?.responses.map((r) => r.status)
        .sort(),
    ).toEqual(['201', '400']);
    expect(apiSpec(model).operations.find((o) => o.id === 'login')?.security).toEqual([]);
  });

  it('a value the overlay wrote that breaks the structure is reported in the overlay file', async () => {
    const d = dir('position');
    const file = overlay(
      d,
      'bad.overlay.yaml',
      'overlay: 1.0.0\ninfo: { title: t, version: "1" }\nactions:\n  - target: $.paths[\'/login\'].post\n    update:\n      summary: 3\n',
    );
    setContractPatches([file]);
    const err = await buildModel(join(d, 'openapi.json')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ContractError);
    const d0 = (err as ContractError).diagnostics[0];
    expect(d0?.location?.file).toMatch(/bad\.overlay\.yaml$/);
    expect(d0?.location?.line).toBe(6);
  });

  it('a malformed overlay is an error at its line; an action selecting nothing a warning', () => {
    const d = dir('malformed');
    const bad = overlay(d, 'bad.yaml', 'overlay: 1.0.0\ninfo: { title: t, version: "1" }\nactions:\n  - target: paths.login\n    remove: true\n');
    setContractPatches([bad]);
    let err: unknown;
    try {
      loadContract(join(d, 'openapi.json'));
    } catch (e) {
      err = e;
    }
    expect((err as ContractError).diagnostics[0]).toMatchObject({ code: 'SPECFORGE_OVERLAY', location: { line: 4 } });
    const empty = overlay(d, 'empty.yaml', { overlay: '1.0.0', info: { title: 't', version: '1' }, actions: [{ target: '$.paths.nowhere', remove: true }] });
    setContractPatches([empty]);
    expect(loadContract(join(d, 'openapi.json')).patchWarnings?.map((w) => [w.code, w.location?.line])).toEqual([
      ['SPECFORGE_NULL_AS_ABSENT', NULL_LINE()],
      ['SPECFORGE_OVERLAY', 6],
    ]);
    const notOverlay = overlay(d, 'not.yaml', { openapi: '3.1.0' });
    setContractPatches([notOverlay]);
    expect(() => loadContract(join(d, 'openapi.json'))).toThrow(/not an Overlay 1.0 document/);
  });

  it('an overlay file is read under the loader rules: a FIFO is refused without being opened', () => {
    const d = dir('fifo');
    const fifo = join(d, 'fifo.yaml');
    execFileSync('mkfifo', [fifo]);
    setContractPatches([fifo]);
    let err: unknown;
    try {
      loadContract(join(d, 'openapi.json'));
    } catch (e) {
      err = e;
    }
    expect((err as ContractError).diagnostics[0]?.code).toBe('SPECFORGE_FILE_NOT_REGULAR');
  });

  it('the config names overlays and the error shape per contract', async () => {
    const d = dir('config');
    overlay(d, 'fix.yaml', { overlay: '1.0.0', info: { title: 't', version: '1' }, actions: [{ target: "$.paths['/login'].post", update: { security: [] } }] });
    writeFileSync(
      join(d, 'specforge.config.yaml'),
      stringify({
        specs: [
          {
            path: 'openapi.json',
            overlays: ['fix.yaml'],
            errors: { schema: { type: 'object', properties: { msg: { type: 'string' } } }, fields: { message: 'msg' } },
          },
        ],
      }),
    );
    registerPatches({ config: 'specforge.config.yaml' }, d);
    const model = await buildModel(join(d, 'openapi.json'));
    expect(model.operations.find((o) => o.id === 'login')?.security).toEqual([]);
    expect(model.errorBody?.fields).toEqual({ message: 'msg' });
  });

  it('--overlay on the command line (bundle), with the warnings on standard error', () => {
    const d = dir('cli');
    overlay(d, 'fix.yaml', { overlay: '1.0.0', info: { title: 't', version: '1' }, actions: [{ target: "$.paths['/login'].post", update: { security: [] } }] });
    const out = spawnSync(process.execPath, [resolve('dist/src/cli/main.js'), 'bundle', 'openapi.json', '--overlay', 'fix.yaml', '--format', 'json'], {
      cwd: d,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(out.status, out.stderr).toBe(0);
    const bundled = JSON.parse(out.stdout) as { paths: Record<string, { post?: { security?: unknown } }> };
    expect(bundled.paths['/login']?.post?.security).toEqual([]);
    expect(out.stderr).toContain(`openapi.json:${NULL_LINE()}:${NULL_COL()} `);
    expect(out.stderr).toMatch(/SPECFORGE_NULL_AS_ABSENT/);
  });
});

describe('the JSONPath of Overlay targets', () => {
  const doc = {
    a: {
      b: [
        { id: 1, k: 'x' },
        { id: 2, k: 'y' },
      ],
      'c d': { b: 3 },
    },
  };
  const pointers = (path: string): string[] => evaluatePath(doc, parsePath(path)).map((s) => s.pointer);
  it('selects by name, index, wildcard, descendant and filter', () => {
    expect(pointers('$.a.b[1]')).toEqual(['/a/b/1']);
    expect(pointers('$.a.b[-1].k')).toEqual(['/a/b/1/k']);
    expect(pointers("$.a['c d'].b")).toEqual(['/a/c d/b']);
    expect(pointers('$..b')).toEqual(['/a/b', '/a/c d/b']);
    expect(pointers("$.a.b[?(@.k == 'y')]")).toEqual(['/a/b/1']);
    expect(pointers('$.a.b[?@.id != 1].id')).toEqual(['/a/b/1/id']);
    expect(pointers('$.a.*')).toEqual(['/a/b', '/a/c d']);
  });
  it('refuses what it does not read, without evaluating anything', () => {
    expect(() => parsePath('a.b')).toThrow(/starts with \$/);
    expect(() => parsePath('$.a[?(@.b.constructor("x")())]')).toThrow();
    expect(() => parsePath(`$${'.a'.repeat(3000)}`)).toThrow(/longer than/);
  });
});
