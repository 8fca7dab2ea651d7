/**
 * `split: tag`: a contract's code generated as one folder per tag. Each operation lands in the
 * folder of its first tag (untagged ones in `default/`), each folder holds every target for its
 * operations and imports the component types from `shared/`, tag names become safe and unique
 * folder names, removing an operation of one tag changes no file of another tag's folder, the
 * output is the same bytes every time, `check` finds drift in it, and it compiles under
 * `tsc --strict` (the payments contract and the hostile one, whose tag names try to escape).
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { ALL_TARGETS } from '../../generators/index.js';
import { runCheck } from '../../src/cli/commands/generate.js';
import { ContractError } from '../../src/contract/errors.js';
import { buildModel } from '../../src/contract/model.js';
import { loadConfig, type SpecEntry } from '../../src/config/config.js';
import { generateSpec } from '../../src/pipeline/generate.js';
import { DEFAULT_FOLDER, SHARED_FOLDER, tagFolders } from '../../src/pipeline/split.js';
import { typeCheck } from '../support/type-errors.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `split-by-tag-${process.pid}`);
const CACHE = join(TMP, 'cache');
const PAYMENTS = join(ROOT, 'specs', 'payments', 'openapi.yaml');
const HOSTILE = join(ROOT, 'test', 'fixtures', 'hostile', 'openapi.yaml');
const FLAG = '__specforgePwned';
const global = globalThis as Record<string, unknown>;

function entry(path: string, out: string, api: string): SpecEntry {
  return { path, api, out, targets: [...ALL_TARGETS], strict: true, split: 'tag', root: ROOT };
}

/** Every file under `dir`, relative with "/", and its text. */
function tree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (at: string): void => {
    for (const d of readdirSync(at, { withFileTypes: true })) {
      const p = join(at, d.name);
      if (d.isDirectory()) walk(p);
      else out.set(relative(dir, p).split(sep).join('/'), readFileSync(p, 'utf8'));
    }
  };
  walk(dir);
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
}

function folders(files: Map<string, string>): string[] {
  return [...new Set([...files.keys()].filter((f) => f.includes('/')).map((f) => f.split('/')[0] as string))].sort();
}

const PAY = join(TMP, 'payments');
const HOST = join(TMP, 'hostile');

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  delete global[FLAG];
  await generateSpec(entry(PAYMENTS, PAY, 'payments'), { cacheDir: CACHE, force: true });
  await generateSpec(entry(HOSTILE, HOST, 'hostile'), { cacheDir: CACHE, force: true });
}, 180_000);

afterAll(() => {
  rmSync(TMP, { recursive: true, force: true });
  delete global[FLAG];
});

describe('the layout', () => {
  it('is one folder per tag with every target, the operations of its first tag, and the shared component types', async () => {
    const files = tree(PAY);
    expect(folders(files)).toEqual(['agent-keys', 'api-keys', 'money-movement', 'payments', SHARED_FOLDER]);
    expect([...files.keys()].filter((f) => f.startsWith('payments/'))).toEqual(
      [
        'api.ts',
        'client.ts',
        'fetch.ts',
        'index.ts',
        'mock-tables.ts',
        'mocks.ts',
        'msw.ts',
        'react-query.ts',
        'sdk.ts',
        'serializers.ts',
        'server.ts',
        'types.ts',
        'validators.ts',
        'zod.ts',
      ].map((f) => `payments/${f}`),
    );
    expect([...files.keys()].filter((f) => f.startsWith('shared/'))).toEqual(['shared/types.ts']);
    expect(files.has('specforge-manifest.json')).toBe(true);
    expect(files.has('index.ts')).toBe(false);
    const model = await buildModel(PAYMENTS);
    const folderOf = tagFolders(model.operations.map((op) => op.tags[0] as string));
    for (const op of model.operations) {
      const home = folderOf.get(op.tags[0] as string) as string;
      for (const folder of folders(files).filter((f) => f !== SHARED_FOLDER)) {
        const server = (await import(pathToFileURL(join(PAY, folder, 'server.ts')).href)) as { api: { operations: Array<{ id: string }> } };
        expect(
          server.api.operations.some((o) => o.id === op.id),
          `${op.id} in ${folder}/`,
        ).toBe(folder === home);
      }
    }
  });

  it('keeps in a folder only the components its operations reach, and takes the component types from shared/', () => {
    const files = tree(PAY);
    const shared = files.get('shared/types.ts') as string;
    expect(shared).toMatch(/^export interface components \{$/m);
    expect(shared).toMatch(/^ {8}ApiKeyAttributes: /m);
    for (const folder of folders(files).filter((f) => f !== SHARED_FOLDER)) {
      const types = files.get(`${folder}/types.ts`) as string;
      expect(types).toContain('import type { components } from "../shared/types.js";\nexport type { components };\n');
      expect(types).not.toMatch(/^export interface components/m);
    }
    // The payments tag's validators do not compile the API-key schemas it never uses.
    expect(files.get('payments/validators.ts')).not.toContain('ApiKeyAttributes');
    expect(files.get('api-keys/validators.ts')).toContain('ApiKeyAttributes');
  });

  it('puts operations without a tag in default/, and one with several tags in its first', async () => {
    const dir = join(TMP, 'untagged');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'openapi.yaml'),
      `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /a:
    get: { operationId: getA, responses: { '204': { description: none } } }
  /b:
    get: { operationId: getB, tags: [zeta, alpha], responses: { '204': { description: none } } }
    post: { operationId: postB, tags: [alpha], responses: { '204': { description: none } } }
`,
    );
    await generateSpec(entry(join(dir, 'openapi.yaml'), join(dir, 'out'), 'untagged'), { cacheDir: CACHE, force: true });
    const files = tree(join(dir, 'out'));
    expect(folders(files)).toEqual(['alpha', DEFAULT_FOLDER, SHARED_FOLDER, 'zeta']);
    expect(files.get('default/api.ts')).toContain('"getA"');
    expect(files.get('zeta/api.ts')).toContain('"getB"');
    expect(files.get('zeta/api.ts')).not.toContain('"postB"');
    expect(files.get('alpha/api.ts')).toContain('"postB"');
  });
});

describe('what a tag folder keeps of the components', () => {
  it('is what its operations reach: through $ref, discriminator mappings and pointers in extensions', async () => {
    const dir = join(TMP, 'reach');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'openapi.yaml'),
      `openapi: 3.1.0
info: { title: t, version: '1' }
security: [{ key: [] }]
paths:
  /pets:
    get:
      operationId: listPets
      tags: [pets]
      parameters:
        - { name: X-Auth, in: header, schema: { type: string }, x-specforge-base64-json: '#/components/schemas/Auth' }
      responses:
        '200':
          description: pets
          content:
            application/json:
              schema: { oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }], discriminator: { propertyName: kind, mapping: { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog' } } }
  /owners:
    get:
      operationId: listOwners
      tags: [owners]
      security: [{ bearer: [] }]
      responses:
        '200': { $ref: '#/components/responses/Owners' }
components:
  securitySchemes:
    key: { type: apiKey, in: header, name: X-Key }
    bearer: { type: http, scheme: bearer }
    unused: { type: http, scheme: basic }
  responses:
    Owners: { description: owners, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Owner' } } } } }
  schemas:
    Auth: { type: object, properties: { user: { type: string } } }
    Cat: { type: object, required: [kind], properties: { kind: { const: cat }, owner: { $ref: '#/components/schemas/Owner' } } }
    Dog: { type: object, required: [kind], properties: { kind: { const: dog } } }
    Owner: { type: object, properties: { name: { type: string } } }
    Unused: { type: string }
`,
    );
    const { splitByTag } = await import('../../src/pipeline/split.js');
    const groups = splitByTag(await buildModel(join(dir, 'openapi.yaml')), []);
    const kept = groups.map((g) => {
      const components = g.document['components'] as Record<string, Record<string, unknown>>;
      return [g.folder, Object.fromEntries(Object.entries(components).map(([kind, names]) => [kind, Object.keys(names)]))];
    });
    expect(kept).toEqual([
      ['owners', { securitySchemes: ['key', 'bearer'], responses: ['Owners'], schemas: ['Owner'] }],
      ['pets', { securitySchemes: ['key'], schemas: ['Auth', 'Cat', 'Dog', 'Owner'] }],
    ]);
  });
});

describe('folder names from untrusted tag names', () => {
  it('are lower-case letters, digits and dashes, unique, and never shared/, default/ or a reserved device name', () => {
    const tags = [
      'Pets',
      'pets',
      'pets!',
      '../../etc',
      '..',
      '.',
      '',
      '__proto__',
      'constructor',
      'CON',
      'nul',
      'Shared',
      'default',
      '宠物',
      '🐶',
      'a\nb',
      'x'.repeat(300),
      'tag */ globalThis.__specforgePwned = true; /*',
      'Café',
    ];
    const got = tagFolders(tags);
    const names = tags.map((t) => got.get(t) as string);
    expect(new Set(names).size).toBe(tags.length);
    for (const name of names) {
      expect(name).toMatch(/^[a-z0-9][a-z0-9-]{0,59}$/);
      expect([SHARED_FOLDER, DEFAULT_FOLDER, 'con', 'nul']).not.toContain(name);
    }
    expect(got.get('pets')).toBe('pets');
    expect(got.get('Pets')).toBe('pets-2');
    expect(got.get('Café')).toBe('cafe');
    expect(got.get('Shared')).toBe('shared-tag');
    expect(got.get('default')).toBe('default-tag');
    expect(got.get('CON')).toBe('con-tag');
    expect(got.get('__proto__')).toBe('proto');
    expect(got.get('宠物')).toMatch(/^tag-[0-9a-f]{8}$/);
    // A tag's folder does not depend on the order the tags come in.
    expect(tagFolders([...tags].reverse())).toEqual(got);
  });

  it('of the hostile contract: its payloads stay text, its code imports without running one, and it is the same bytes again', async () => {
    const files = tree(HOST);
    // The "constructor" tag is only ever a second tag; three operations have none.
    expect(folders(files)).toEqual([DEFAULT_FOLDER, 'proto', SHARED_FOLDER, 'tag-globalthis-specforgepwned-true']);
    for (const [name, text] of files) if (name.endsWith('.ts')) expect(text, name).not.toMatch(/[\u2028\u2029]|<\/script/i);
    for (const folder of [DEFAULT_FOLDER, 'proto', 'tag-globalthis-specforgepwned-true']) {
      for (const name of [
        'validators.ts',
        'types.ts',
        'api.ts',
        'server.ts',
        'fetch.ts',
        'mock-tables.ts',
        'mocks.ts',
        'msw.ts',
        'client.ts',
        'index.ts',
        'sdk.ts',
        'react-query.ts',
        'zod.ts',
      ]) {
        await import(pathToFileURL(join(HOST, folder, name)).href);
        expect(global[FLAG], `${folder}/${name}`).toBeUndefined();
      }
    }
    const again = join(TMP, 'hostile-again');
    await generateSpec(entry(HOSTILE, again, 'hostile'), { cacheDir: join(TMP, 'cache-again'), force: true });
    expect(tree(again)).toEqual(files);
  });
});

describe('generated code', () => {
  it('type-checks with tsc --strict: every folder of the payments and the hostile contracts', () => {
    const files = [...tree(PAY).keys()].filter((f) => f.endsWith('.ts')).map((f) => join(PAY, f));
    files.push(...[...tree(HOST).keys()].filter((f) => f.endsWith('.ts')).map((f) => join(HOST, f)));
    const { diagnostics } = typeCheck(files);
    expect(diagnostics).toEqual([]);
  }, 240_000);
});

describe('diffs stay local', () => {
  it('removing an operation of one tag changes no file under any other tag', async () => {
    const dir = join(TMP, 'local');
    cpSync(join(ROOT, 'specs', 'payments'), join(dir, 'spec'), { recursive: true });
    const spec = join(dir, 'spec', 'openapi.yaml');
    // Not the same bytes as specs/payments: the in-process model cache (by content) must not hand back that contract's model, whose files are elsewhere.
    writeFileSync(spec, `${readFileSync(spec, 'utf8')}# a copy\n`);
    const out = join(dir, 'out');
    await generateSpec(entry(spec, out, 'payments'), { cacheDir: CACHE, force: true });
    const before = tree(out);
    // Drop revokeAgentKey, one of the four operations of tag agent-keys.
    const doc = parseDocument(readFileSync(spec, 'utf8'));
    const model = await buildModel(spec);
    const op = model.operations.find((o) => o.id === 'revokeAgentKey');
    expect(op?.tags).toEqual(['agent-keys']);
    doc.deleteIn(['paths', op?.path, op?.method]);
    writeFileSync(spec, doc.toString());
    expect((await buildModel(spec)).operations.map((o) => o.id).sort()).toEqual(
      model.operations
        .map((o) => o.id)
        .filter((id) => id !== 'revokeAgentKey')
        .sort(),
    );
    const result = await generateSpec(entry(spec, out, 'payments'), { cacheDir: CACHE });
    const after = tree(out);
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter((f) => after.get(f) !== before.get(f));
    expect(changed.filter((f) => f !== 'specforge-manifest.json' && !f.startsWith('agent-keys/'))).toEqual([]);
    expect(changed).toEqual(expect.arrayContaining(['agent-keys/api.ts', 'agent-keys/sdk.ts', 'agent-keys/types.ts']));
    expect(
      result.files
        .filter((f) => f.state === 'written')
        .map((f) => f.path)
        .every((f) => f === 'specforge-manifest.json' || f.startsWith('agent-keys/')),
    ).toBe(true);
  });
});

describe('check', () => {
  it('finds a stale file in a tag folder, and the files of a tag the contract no longer has', async () => {
    const dir = join(TMP, 'check');
    mkdirSync(join(dir, 'spec'), { recursive: true });
    const spec = join(dir, 'spec', 'openapi.yaml');
    const contract = (tags: string): string => `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /a:
    get: { operationId: getA, tags: [${tags}], responses: { '204': { description: none } } }
  /b:
    get: { operationId: getB, tags: [b], responses: { '204': { description: none } } }
`;
    writeFileSync(spec, contract('a'));
    writeFileSync(
      join(dir, 'specforge.config.yaml'),
      'specs:\n  - path: spec/openapi.yaml\n    out: out\n    split: tag\n    targets: [types, server, client]\n',
    );
    const check = async (): Promise<{ code: number; text: string }> => {
      let text = '';
      const code = await runCheck({ cwd: dir, format: 'json', write: (t) => (text += t) });
      return { code, text };
    };
    const { runGenerate } = await import('../../src/cli/commands/generate.js');
    expect(await runGenerate({ cwd: dir, quiet: true, write: () => undefined })).toBe(0);
    expect((await check()).code).toBe(0);
    writeFileSync(join(dir, 'out', 'b', 'server.ts'), readFileSync(join(dir, 'out', 'b', 'server.ts'), 'utf8') + '// edited\n');
    const stale = await check();
    expect(stale.code).toBe(1);
    expect(stale.text).toContain('b/server.ts');
    expect(await runGenerate({ cwd: dir, quiet: true, write: () => undefined })).toBe(0);
    // getA moves to tag b: folder a/ is no longer produced.
    writeFileSync(spec, contract('b'));
    const extra = await check();
    expect(extra.code).toBe(1);
    expect(extra.text).toContain('a/server.ts');
    expect(await runGenerate({ cwd: dir, quiet: true, write: () => undefined })).toBe(0);
    expect(readdirSync(join(dir, 'out', 'a'))).toEqual([]);
    expect((await check()).code).toBe(0);
  });
});

describe('the config', () => {
  it('takes split: tag per contract or in defaults, and refuses another value at its line', () => {
    const dir = join(TMP, 'config');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'specforge.config.yaml'), 'defaults:\n  split: tag\nspecs:\n  - path: a/openapi.yaml\n  - path: b/openapi.yaml\n    split: none\n');
    expect(loadConfig(dir).specs.map((s) => s.split)).toEqual(['tag', undefined]);
    writeFileSync(join(dir, 'specforge.config.yaml'), 'specs:\n  - path: a/openapi.yaml\n    split: tags\n');
    let error: unknown;
    try {
      loadConfig(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ContractError);
    const d = (error as ContractError).diagnostics[0];
    expect(d?.code).toBe('SPECFORGE_CONFIG');
    expect(d?.message).toBe('specs[0].split must be tag or none, not "tags"');
    expect(d?.location).toMatchObject({ line: 3, col: 5 });
  });
});
