/**
 * `emit: js`: every generated module but types.ts and zod.ts written as JavaScript beside its
 * declarations. The config reads it (and refuses anything else at its line); the files are what a
 * project imports with the same specifiers; the JavaScript runs as it is under Node.js (a generated
 * server with its mocks, called through the generated SDK and path-style client); the declarations
 * type-check an app strictly (TypeScript 5.9 and 7, without skipLibCheck, so they are checked
 * themselves) and still catch a wrong argument; every contract of specs/ with every target has
 * declarations written without inference (no module stays TypeScript) and every module links under
 * Node.js; a split contract's tag folders are written the same way; a module whose declarations
 * would need inference stays TypeScript with a warning; `--emit` stands over the config; and turning
 * it on regenerates past the cache and removes the `.ts` files it replaces.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromText, type SpecEntry } from '../../src/config/config.js';
import { generateSpec } from '../../src/pipeline/generate.js';
import { emitJavaScript } from '../../src/pipeline/emit-js.js';
import { entriesFor } from '../../src/cli/commands/generate.js';
import { ALL_TARGETS, type Target } from '../../src/codegen/targets.js';
import { typecheckApp } from '../support/typecheck-app.js';
import { configRefusal } from '../support/config-refusal.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `emit-js-${process.pid}`);
const PETS = join(ROOT, 'test', 'fixtures', 'sdk', 'pets', 'openapi.yaml');
const OUT = join(TMP, 'generated', 'pets');
const PET_TARGETS: Target[] = ['types', 'validators', 'server', 'mocks', 'client', 'index', 'sdk', 'react-query', 'msw'];

function entry(path: string, out: string, targets: Target[], emit?: 'js' | 'ts'): SpecEntry {
  return { path, out, api: 'pets', targets, strict: false, ...(emit === undefined ? {} : { emit }) };
}

beforeAll(async () => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
  const result = await generateSpec(entry(PETS, OUT, PET_TARGETS, 'js'), { cacheDir: join(TMP, 'cache'), force: true });
  expect(result.warnings.filter((w) => w.message.includes('emit: js'))).toEqual([]);
}, 120_000);

afterAll(() => rmSync(TMP, { recursive: true, force: true }));

function refusal(text: string): string {
  return configRefusal(TMP, text);
}

describe('emit in the config', () => {
  it('is TypeScript by default, js where a contract or the defaults say so, the contract winning', () => {
    const config = configFromText(
      'specforge.config.yaml',
      TMP,
      'specforge.config.yaml',
      ['defaults:', '  emit: js', 'specs:', '  - path: a/openapi.yaml', '  - path: b/openapi.yaml', '    emit: ts'].join('\n'),
    );
    expect(config.specs.map((s) => s.emit)).toEqual(['js', undefined]);
    expect(configFromText('specforge.config.yaml', TMP, 'specforge.config.yaml', 'specs:\n  - path: a/openapi.yaml\n').specs[0]?.emit).toBeUndefined();
  });

  it('refuses another value at its line', () => {
    expect(refusal('specs:\n  - path: a/openapi.yaml\n    emit: mjs\n')).toBe('3: specs[0].emit must be js or ts, not "mjs"');
    expect(refusal('defaults:\n  emit: true\nspecs:\n  - path: a/openapi.yaml\n')).toBe('2: defaults.emit must be js or ts, not true');
  });
});

describe('--emit on the command line', () => {
  it('stands over the config for --spec and for every contract, and another value is a usage error', async () => {
    const dir = join(TMP, 'flag');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'specforge.config.yaml'), `defaults:\n  emit: js\nspecs:\n  - path: ${JSON.stringify(PETS)}\n`);
    expect(entriesFor({ cwd: dir }).entries.map((e) => e.emit)).toEqual(['js']);
    expect(entriesFor({ cwd: dir, emit: 'ts' }).entries.map((e) => e.emit)).toEqual([undefined]);
    expect(entriesFor({ cwd: TMP, spec: PETS, emit: 'js' }).entries.map((e) => e.emit)).toEqual(['js']);
    const cli = spawnSync(process.execPath, [join(ROOT, 'dist', 'src', 'cli', 'main.js'), 'generate', '--spec', PETS, '--emit', 'mjs'], {
      cwd: TMP,
      encoding: 'utf8',
    });
    expect(cli.status).toBe(2);
    expect(cli.stderr).toMatch(/--emit <kind>.*argument 'mjs' is invalid\. Allowed choices are ts, js/);
  });
});

describe('emit: js output', () => {
  it('writes each module as .js beside .d.ts, types.ts as TypeScript, and no other .ts', () => {
    const files = readdirSync(OUT).sort();
    const modules = ['client', 'fetch', 'index', 'mock-tables', 'mocks', 'msw', 'react-query', 'sdk', 'serializers', 'server', 'api', 'validators'];
    for (const m of modules) {
      expect(files).toContain(`${m}.js`);
      expect(files).toContain(`${m}.d.ts`);
    }
    expect(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual(['types.ts']);
    // The declarations carry no body; the JavaScript no type.
    const sdkDts = readFileSync(join(OUT, 'sdk.d.ts'), 'utf8');
    expect(sdkDts).toContain('export declare function listPets<ThrowOnError extends boolean = false>(client: Client<ThrowOnError>');
    expect(sdkDts).not.toContain('client.request');
    const sdkJs = readFileSync(join(OUT, 'sdk.js'), 'utf8');
    expect(sdkJs).toContain('export function listPets(client, args) {');
    // Every file starts with the header line, declarations included.
    for (const f of files.filter((f) => /\.(?:js|ts)$/.test(f)))
      expect(readFileSync(join(OUT, f), 'utf8').startsWith('// generated by specforge from '), f).toBe(true);
    const manifest = JSON.parse(readFileSync(join(OUT, 'specforge-manifest.json'), 'utf8')) as { files: string[] };
    expect(manifest.files).toEqual(files.filter((f) => f !== 'specforge-manifest.json'));
  });

  it('runs under Node.js as written: a generated server answering from its mocks, called through the SDK and the path-style client', () => {
    const main = join(TMP, 'main.mjs');
    writeFileSync(
      main,
      `import { createHttpServer } from '@specforge/runtime/server';
import { createMockServer } from './generated/pets/mocks.js';
import { createSdkClient, listPets, getPet, createPet } from './generated/pets/sdk.js';
import { createClient } from './generated/pets/client.js';
import { operationValidators } from './generated/pets/index.js';

const server = createHttpServer(createMockServer());
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const baseUrl = 'http://127.0.0.1:' + server.address().port;
try {
  const sdk = createSdkClient({ baseUrl, auth: { bearer: 't', apiKey: 'k' } });
  const listed = await listPets(sdk);
  const created = await createPet(sdk, { body: { name: 'rex', kind: 'dog' } });
  const refused = await createPet(sdk, { body: { name: 'rex', kind: 'dragon' } });
  const read = await getPet(sdk, { path: { petId: 1 } });
  const path = await createClient({ baseUrl, auth: { bearer: 't', apiKey: 'k' } }).GET('/pets');
  console.log(JSON.stringify({
    listed: [listed.status, Array.isArray(listed.data)],
    created: created.status,
    refused: [refused.ok, refused.status],
    read: read.status,
    path: [path.response.status, Array.isArray(path.data)],
    validators: typeof operationValidators,
  }));
} finally {
  server.close();
  server.closeAllConnections();
}
`,
    );
    const run = spawnSync(process.execPath, [main], { cwd: TMP, encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      listed: [200, true],
      created: 201,
      refused: [false, 400],
      read: 200,
      path: [200, true],
      validators: 'object',
    });
  }, 90_000);

  it('type-checks an app strictly from the declarations (TypeScript 5.9 and 7, declarations checked too) and still catches a wrong argument', () => {
    const app = join(TMP, 'app.ts');
    const wrong = join(TMP, 'wrong.ts');
    writeFileSync(
      app,
      `import { createSdkClient, listPets, createApi, type ListPetsData, type Api } from './generated/pets/sdk.js';
import { listPetsQueryOptions, usePetsQueryKeys } from './generated/pets/react-query.js';
import { createClient, type Client } from './generated/pets/client.js';
import { createServer, type Handlers } from './generated/pets/server.js';
import { createMockHandlers } from './generated/pets/mocks.js';
import type { paths } from './generated/pets/index.js';

export async function names(): Promise<string[]> {
  const sdk = createSdkClient({ throwOnError: true });
  const pets: ListPetsData = (await listPets(sdk, { query: { limit: 2 } })).data;
  const api: Api<true> = createApi(sdk);
  void api;
  return pets.map((p) => p.name);
}
export const options = listPetsQueryOptions(createSdkClient(), {});
export const keys = usePetsQueryKeys;
export const client: Client = createClient();
export type Listed = paths['/pets']['get']['responses'][200];
export const handlers: Handlers = createMockHandlers();
export const listener = createServer(handlers);
`,
    );
    writeFileSync(
      wrong,
      `import { createSdkClient, getPet } from './generated/pets/sdk.js';
export const p = getPet(createSdkClient(), { path: { petId: 'one' } });
`,
    );
    const keysExport = readFileSync(join(OUT, 'react-query.d.ts'), 'utf8').match(/export declare const (\w+): \{\n {4}all: readonly \["\/pets"\]/)?.[1];
    expect(keysExport).toBeDefined();
    writeFileSync(app, readFileSync(app, 'utf8').replaceAll('usePetsQueryKeys', keysExport as string));
    const options = {
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      compilerOptions: { skipLibCheck: false, module: 'ESNext', moduleResolution: 'bundler', types: ['node'] },
    };
    // One run per compiler: app.ts compiles clean, wrong.ts has its one error and nothing else does.
    for (const r of typecheckApp({ dir: TMP, files: ['app.ts', 'wrong.ts'], ...options })) {
      expect(r.status, r.compiler).not.toBe(0);
      const lines = r.output.split('\n').filter((l) => /error TS\d+/.test(l));
      expect(lines.length, `${r.compiler}: ${r.output}`).toBe(1);
      expect(lines[0], r.compiler).toMatch(/wrong\.ts\(2,.*Type 'string' is not assignable to type 'number'/);
    }
  }, 240_000);
});

describe('emit: js over every contract', () => {
  it('writes the declarations of every module of every contract in specs/ with every target without inference', async () => {
    const specs = readdirSync(join(ROOT, 'specs'), { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(ROOT, 'specs', d.name, 'openapi.yaml')))
      .map((d) => d.name);
    expect(specs.length).toBeGreaterThanOrEqual(6);
    for (const name of specs) {
      const out = join(TMP, 'all', name);
      const result = await generateSpec(entry(join(ROOT, 'specs', name, 'openapi.yaml'), out, [...ALL_TARGETS], 'js'), {
        cacheDir: join(TMP, 'cache-all'),
        force: true,
      });
      expect(
        result.warnings.filter((w) => w.message.includes('emit: js')).map((w) => w.message),
        name,
      ).toEqual([]);
      const left = readdirSync(out).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
      expect(
        left.filter((f) => f !== 'types.ts' && f !== 'zod.ts'),
        name,
      ).toEqual([]);
    }
    // Every module links under Node.js: an import or export TypeScript kept for a type would be a missing export here.
    const modules = specs.flatMap((name) =>
      readdirSync(join(TMP, 'all', name))
        .filter((f) => f.endsWith('.js'))
        .map((f) => join(TMP, 'all', name, f)),
    );
    expect(modules.length).toBeGreaterThan(50);
    const script = `for (const m of ${JSON.stringify(modules)}) await import(m);\nconsole.log('linked');\n`;
    const linked = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: TMP, encoding: 'utf8', timeout: 120_000 });
    expect(linked.stderr).toBe('');
    expect(linked.stdout.trim()).toBe('linked');
  }, 300_000);

  it('leaves a module whose declarations would need inference as TypeScript, with a warning naming the place', () => {
    const header = '// generated by specforge from x.yaml, do not edit\n';
    const { files, warnings } = emitJavaScript([
      { path: 'a.ts', content: `${header}export function twice(n: number): number {\n  return n * 2;\n}\n` },
      { path: 'b.ts', content: `${header}import { twice } from './a.js';\nexport const four = [twice(2)];\n` },
    ]);
    expect(files.map((f) => f.path)).toEqual(['a.d.ts', 'a.js', 'b.ts']);
    expect(files[0]?.content).toBe(`${header}export declare function twice(n: number): number;\n`);
    expect(files[1]?.content).toBe(`${header}export function twice(n) {\n    return n * 2;\n}\n`);
    expect(warnings.map((w) => [w.code, w.message])).toEqual([
      [
        'SPECFORGE_UNSUPPORTED_FEATURE',
        expect.stringMatching(/^emit: js: b\.ts stays TypeScript: its declarations need inference \(.* at 3:\d+, 1 place\(s\)\)$/),
      ],
    ]);
  });

  it('writes every tag folder of a split contract the same way', async () => {
    const out = join(TMP, 'split');
    const targets: Target[] = ['types', 'validators', 'server', 'mocks', 'client', 'index', 'sdk', 'react-query'];
    const result = await generateSpec(
      { ...entry(join(ROOT, 'specs', 'payments', 'openapi.yaml'), out, targets, 'js'), split: 'tag' },
      { cacheDir: join(TMP, 'cache-split'), force: true },
    );
    expect(result.warnings.filter((w) => w.message.includes('emit: js'))).toEqual([]);
    const paths = result.files.map((f) => f.path);
    const folders = new Set(paths.filter((p) => p.includes('/')).map((p) => p.slice(0, p.indexOf('/'))));
    expect(folders.size).toBeGreaterThanOrEqual(3);
    expect(paths.filter((p) => p.endsWith('.ts') && !p.endsWith('.d.ts') && !p.endsWith('/types.ts'))).toEqual([]);
    for (const js of paths.filter((p) => p.endsWith('.js'))) expect(paths, js).toContain(js.replace(/\.js$/, '.d.ts'));
    expect(paths.filter((p) => p.endsWith('/sdk.js')).length).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it('regenerates past the cache when turned on, and removes the .ts files it replaces', async () => {
    const out = join(TMP, 'switch');
    const cacheDir = join(TMP, 'cache-switch');
    await generateSpec(entry(PETS, out, ['types', 'client', 'sdk']), { cacheDir });
    expect(readdirSync(out).sort()).toEqual(['client.ts', 'sdk.ts', 'specforge-manifest.json', 'types.ts']);
    const switched = await generateSpec(entry(PETS, out, ['types', 'client', 'sdk'], 'js'), { cacheDir });
    expect(switched.cached).toBe(false);
    expect(switched.removed.sort()).toEqual(['client.ts', 'sdk.ts']);
    expect(readdirSync(out).sort()).toEqual(['client.d.ts', 'client.js', 'sdk.d.ts', 'sdk.js', 'specforge-manifest.json', 'types.ts']);
    const again = await generateSpec(entry(PETS, out, ['types', 'client', 'sdk'], 'js'), { cacheDir });
    expect(again.cached).toBe(true);
  }, 120_000);
});
