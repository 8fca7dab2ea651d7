/**
 * Code the example applications share lives once, in examples/shared/ (each app imports it with a
 * relative import): no two source files of examples/<app>/src (generated code aside) have the same
 * content (an app's entry point, src/main.ts, aside), and every file of examples/shared/ is imported
 * by two apps or more (from their src/, or from their Vite config).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const EXAMPLES = resolve(import.meta.dirname, '..', '..', 'examples');

function files(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      if (name === 'node_modules' || name === 'dist' || name === 'generated') continue;
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name)) out.push(path);
    }
  };
  if (existsSync(dir)) walk(dir);
  return out.sort();
}

const apps = readdirSync(EXAMPLES).filter((name) => name !== 'shared' && existsSync(join(EXAMPLES, name, 'src')));

describe('examples share their common code from examples/shared/', () => {
  it('no two apps hold a file with the same content', () => {
    const byText = new Map<string, string[]>();
    for (const app of apps) {
      for (const file of files(join(EXAMPLES, app, 'src'))) {
        const text = readFileSync(file, 'utf8');
        byText.set(text, [...(byText.get(text) ?? []), relative(EXAMPLES, file)]);
      }
    }
    // Allowed: an app's entry point (src/main.ts, what its package.json starts), which Express and Koa
    // write alike since their app.listen takes the same arguments; sharing it would leave an identical
    // one-line entry in each app all the same.
    const entry = (path: string): boolean => /^[^/]+\/src\/main\.ts$/.test(path.split('\\').join('/'));
    expect([...byText.values()].filter((paths) => paths.length > 1 && !paths.every(entry))).toEqual([]);
  });

  it('every shared file is imported by an app, through its tsconfig', () => {
    const shared = files(join(EXAMPLES, 'shared')).map((f) => relative(join(EXAMPLES, 'shared'), f).replace(/\.ts$/, ''));
    expect(shared.length).toBeGreaterThan(0);
    for (const name of shared) {
      const users = apps.filter((app) => files(join(EXAMPLES, app, 'src')).some((f) => readFileSync(f, 'utf8').includes(`from '../../shared/${name}.js'`)));
      for (const app of users) expect(readFileSync(join(EXAMPLES, app, 'tsconfig.json'), 'utf8'), app).toContain(`../shared/${name}.ts`);
      // A browser app's Vite config (outside src/, bundled by Vite itself) imports the plugin it shares.
      const configs = apps.filter((app) => {
        const config = join(EXAMPLES, app, 'vite.config.ts');
        return existsSync(config) && readFileSync(config, 'utf8').includes(`from '../shared/${name}.ts'`);
      });
      expect(users.length + configs.length, `examples/shared/${name}.ts`).toBeGreaterThan(1);
    }
  });
});
