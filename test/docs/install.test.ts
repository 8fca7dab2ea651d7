/**
 * README.md's install section matches what can be installed today: nothing is on the registry, so it
 * packs both packages (the tarball names npm pack writes, from the package.json files) and installs
 * the tarballs, or installs from a checkout; the Node.js versions it names are those `engines`
 * allows. test/e2e/downstream.test.ts runs these installs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const install = README.slice(README.indexOf('## Install'), README.indexOf('\n## ', README.indexOf('## Install') + 1));

interface Pkg {
  name: string;
  version: string;
  engines: { node: string };
}
const pkg = (path: string): Pkg => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Pkg;
/** The file `npm pack` writes for a package: scope without "@", "/" as "-". */
const tarball = (p: Pkg): string => `${p.name.replace(/^@/, '').replace('/', '-')}-${p.version}.tgz`;

describe('README.md#install', () => {
  const tool = pkg('package.json');
  const runtime = pkg('src/runtime/package.json');

  it('packs both packages and installs the tarballs npm pack writes', () => {
    expect(install).toContain('npm pack ');
    expect(install).toContain(`npm pack -w ${runtime.name}`);
    // From the project's own vendor/ folder: the file: dependency npm records resolves in `npm ci` on a runner.
    expect(install).toContain(`npm install ./vendor/${tarball(runtime)}`);
    expect(install).toContain(`npm install --save-dev ./vendor/${tarball(tool)}`);
  });

  it('says how to install from a checkout', () => {
    expect(install).toContain('npm install /path/to/specforge/src/runtime');
    expect(install).toContain('npm install --save-dev /path/to/specforge');
  });

  it('installs no package by a registry name that is not published', () => {
    expect(install).not.toMatch(/npm install (?:--save-dev )?(?:specforge|@specforge\/runtime)\s*$/m);
  });

  it('names the Node.js versions engines allows, in both packages', () => {
    expect(runtime.engines.node).toBe(tool.engines.node);
    for (const major of ['20', '22', '24']) expect(tool.engines.node).toContain(major);
    expect(README).toMatch(/Node\.js 20\.19\+, 22\.12\+ or 24/);
  });
});
