/**
 * `specforge init` fits the project it finds: in a browser project (vite or next in package.json,
 * or an index.html beside a Vite config) it writes no server example, `--framework none` writes
 * none anywhere, and where there is no tsconfig.json it writes one (a browser project: the Vite
 * template's settings, strict with noUnusedLocals and noUnusedParameters; else NodeNext, strict,
 * src/ to dist/) under which the generated code and the examples compile, as the README's commands
 * run them (`npx tsc`). An existing tsconfig.json is left as it is.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInit } from '../../src/cli/commands/init.js';
import { UsageError } from '../../src/contract/errors.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
// Inside the repository, so that the examples resolve @specforge/runtime and the packages from its node_modules.
const TMP = join(ROOT, 'test', '.tmp', `init-project-fit-${process.pid}`);
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const quiet = (): void => undefined;

beforeAll(() => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

function project(name: string, files: Record<string, string> = {}): string {
  const dir = join(TMP, name);
  mkdirSync(dir, { recursive: true });
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
  return dir;
}

/** tsc -p the project's tsconfig.json: its diagnostics ('' when it compiles). */
async function tsc(dir: string, ...args: string[]): Promise<string> {
  return promisify(execFile)(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json'), ...args], { cwd: dir, timeout: 180_000 }).then(
    () => '',
    (err: { stdout?: string; message: string }) => err.stdout || err.message,
  );
}

const VITE_PACKAGE = JSON.stringify({ name: 'app', private: true, type: 'module', devDependencies: { vite: '^7.0.0', typescript: '~5.9.3' } });

describe('init in a browser project', () => {
  it('writes no server example, and a Vite tsconfig.json under which everything compiles', async () => {
    const dir = project('vite', { 'package.json': VITE_PACKAGE, 'index.html': '<!doctype html><div id="root"></div>\n' });
    let text = '';
    await runInit({ cwd: dir, client: 'react-query', write: (t) => void (text += t) });
    expect(existsSync(join(dir, 'src', 'todos.server.ts'))).toBe(false);
    expect(existsSync(join(dir, 'src', 'todos.client.ts'))).toBe(true);
    expect(text).toContain('wrote tsconfig.json');
    expect(text).not.toContain('.server.ts');
    // emit: js: the generated modules are JavaScript beside declarations, which tsc reads (skipLibCheck) without checking bodies.
    expect(readFileSync(join(dir, 'specforge.config.yaml'), 'utf8')).toMatch(/^ {2}emit: js$/m);
    const generated = readdirSync(join(dir, 'src', 'generated', 'todos'));
    expect(generated).toEqual(expect.arrayContaining(['sdk.js', 'sdk.d.ts', 'react-query.js', 'react-query.d.ts', 'client.js', 'client.d.ts', 'types.ts']));
    expect(generated.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual(['types.ts']);
    const config = JSON.parse(readFileSync(join(dir, 'tsconfig.json'), 'utf8')) as { compilerOptions: Record<string, unknown> };
    expect(config.compilerOptions).toMatchObject({ strict: true, noUnusedLocals: true, noUnusedParameters: true, moduleResolution: 'bundler', noEmit: true });
    expect(await tsc(dir)).toBe('');
  }, 240_000);

  it('knows an index.html beside a Vite config, and next in package.json', async () => {
    const vite = project('vite-config', { 'index.html': '<!doctype html>\n', 'vite.config.ts': 'export default {};\n' });
    await runInit({ cwd: vite, generate: false, write: quiet });
    expect(existsSync(join(vite, 'src', 'todos.server.ts'))).toBe(false);
    const next = project('next', { 'package.json': JSON.stringify({ dependencies: { next: '15.0.0', react: '19.0.0' } }) });
    await runInit({ cwd: next, generate: false, write: quiet });
    expect(existsSync(join(next, 'src', 'todos.server.ts'))).toBe(false);
    // Both are browser projects: emit: js, as in the Vite project above.
    for (const dir of [vite, next]) expect(readFileSync(join(dir, 'specforge.config.yaml'), 'utf8'), dir).toMatch(/^ {2}emit: js$/m);
  });
});

describe('init --framework none', () => {
  it('is accepted, and writes no server example in a Node project either', async () => {
    const dir = project('none');
    await runInit({ cwd: dir, framework: 'none', generate: false, write: quiet });
    expect(existsSync(join(dir, 'src', 'todos.server.ts'))).toBe(false);
    expect(existsSync(join(dir, 'src', 'todos.client.ts'))).toBe(true);
    await expect(runInit({ cwd: project('bogus'), framework: 'nonesuch', write: quiet })).rejects.toThrow(UsageError);
  });
});

describe('init in a Node project without a tsconfig.json', () => {
  it('writes a NodeNext one under which the README commands compile (Express, Fastify, Koa)', async () => {
    for (const framework of ['express', 'fastify', 'koa']) {
      const dir = project(framework);
      await runInit({ cwd: dir, framework, write: quiet });
      const config = JSON.parse(readFileSync(join(dir, 'tsconfig.json'), 'utf8')) as { compilerOptions: Record<string, unknown> };
      expect(config.compilerOptions).toMatchObject({ module: 'nodenext', strict: true, outDir: 'dist', rootDir: 'src' });
      // A Node project keeps TypeScript sources (its build compiles them to dist/).
      expect(readFileSync(join(dir, 'specforge.config.yaml'), 'utf8')).not.toContain('emit:');
    }
    // One tsc per project would be three: the three compile as one, each by its own settings' rules.
    writeFileSync(
      join(TMP, 'tsconfig.json'),
      JSON.stringify({
        extends: './express/tsconfig.json',
        compilerOptions: { noEmit: true, rootDir: '.' },
        include: ['express/src', 'fastify/src', 'koa/src'],
      }),
    );
    expect(await tsc(TMP)).toBe('');
  }, 240_000);

  it('leaves an existing tsconfig.json as it is', async () => {
    const dir = project('own-tsconfig', { 'tsconfig.json': '{ "compilerOptions": {} }\n' });
    await runInit({ cwd: dir, generate: false, write: quiet });
    expect(readFileSync(join(dir, 'tsconfig.json'), 'utf8')).toBe('{ "compilerOptions": {} }\n');
  });
});
