/**
 * Every entry point package.json exports resolves in the build, and `import 'specforge'` gives the
 * commands as functions.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, string | Record<string, string>>;
  bin: Record<string, string>;
};

const RUNTIME_ROOT = join(ROOT, 'src', 'runtime');
const RUNTIME_PKG = JSON.parse(readFileSync(join(RUNTIME_ROOT, 'package.json'), 'utf8')) as {
  name: string;
  exports: Record<string, string | Record<string, string>>;
};

function exportTargets(exports: Record<string, string | Record<string, string>>): string[][] {
  return Object.entries(exports).flatMap(([entry, to]) =>
    typeof to === 'string' ? [[entry, 'default', to]] : Object.entries(to).map(([cond, file]) => [entry, cond, file]),
  );
}
const targets = exportTargets(PKG.exports);

describe('package.json exports', () => {
  it.each(targets)('%s (%s) -> %s exists', (_entry, _cond, file) => {
    expect(existsSync(join(ROOT, file as string))).toBe(true);
  });

  it.each(Object.entries(PKG.bin))('bin %s -> %s exists', (_name, file) => {
    expect(existsSync(join(ROOT, file))).toBe(true);
  });

  it("import 'specforge' gives every command, and check runs on this repository", async () => {
    const main = PKG.exports['.'] as Record<string, string>;
    const mod = (await import(pathToFileURL(join(ROOT, main['default'] as string)).href)) as Record<string, unknown>;
    expect(Object.keys(mod).sort()).toEqual([
      'bundle',
      'changelog',
      'check',
      'createMockFromSpec',
      'createProxy',
      'defineConfig',
      'diff',
      'docs',
      'generate',
      'init',
      'lint',
      'review',
      'runConformance',
      'test',
    ]);
    const out: string[] = [];
    const check = mod['check'] as (o: { cwd: string; quiet: boolean; write: (t: string) => void }) => Promise<number>;
    expect(await check({ cwd: ROOT, quiet: true, write: (t) => out.push(t) })).toBe(0);
  });
});

describe('@specforge/runtime package.json exports', () => {
  it.each(exportTargets(RUNTIME_PKG.exports))('%s (%s) -> %s exists', (_entry, _cond, file) => {
    expect(existsSync(join(RUNTIME_ROOT, file as string))).toBe(true);
  });

  it('has one entry point per use', () => {
    expect(Object.keys(RUNTIME_PKG.exports).sort()).toEqual([
      './cli',
      './client',
      './compile',
      './express',
      './fastify',
      './fetch',
      './koa',
      './mock',
      './mock-browser',
      './package.json',
      './server',
      './validators',
    ]);
  });

  it('imports no framework: Express, Fastify and Koa are optional peers', async () => {
    const pkg = JSON.parse(readFileSync(join(RUNTIME_ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      peerDependenciesMeta: Record<string, { optional: boolean }>;
    };
    for (const framework of ['express', 'fastify', 'koa']) {
      expect(pkg.dependencies[framework]).toBeUndefined();
      expect(pkg.peerDependenciesMeta[framework]?.optional).toBe(true);
      const built = readFileSync(join(RUNTIME_ROOT, 'dist', 'server', 'adapters', `${framework}.js`), 'utf8');
      expect(built).not.toMatch(/from ['"](express|fastify|koa)['"]/);
    }
  });

  it.each(['validators', 'client', 'server', 'fetch', 'mock', 'mock-browser', 'cli', 'compile', 'express', 'fastify', 'koa'])(
    '%s loads from the built package',
    async (entry) => {
      const mod = (await import(pathToFileURL(join(RUNTIME_ROOT, 'dist', 'entry', `${entry}.js`)).href)) as Record<string, unknown>;
      expect(Object.keys(mod).length).toBeGreaterThan(0);
    },
  );
});
