/**
 * `specforge docs <spec...> [-o out]` through the built CLI: a contract named on the command line is
 * published without a config (named after its folder, as `generate --spec` names it), and with one
 * only the contracts named are, each with its config entry's settings. Without a contract or a
 * config it is a usage error, and a missing file is a located error; neither prints a stack trace.
 * The pages themselves are the renderer's (test/e2e/cli-commands.test.ts and the docs-site tests):
 * here, which contracts they are.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
let dir: string;

function docs(args: string[], cwd = dir): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [CLI, 'docs', ...args], { cwd, encoding: 'utf8', timeout: 180_000, env: { ...process.env, NO_COLOR: '1' } });
}

/** Every file under `root`, relative to it. */
function files(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(root.length + 1))
    .sort();
}

const contains = (root: string, text: string): string[] => files(root).filter((f) => readFileSync(join(root, f), 'utf8').includes(text));

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error('build specforge first (npm run build)');
  // Outside the repository: no specforge.config.yaml in this folder or above it.
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'specforge-docs-spec-')));
  for (const [folder, spec] of [
    ['pets', 'echo'],
    ['billing', 'payments'],
  ] as const) {
    mkdirSync(join(dir, 'contracts', folder), { recursive: true });
    cpSync(join(ROOT, 'specs', spec, 'openapi.yaml'), join(dir, 'contracts', folder, 'openapi.yaml'));
  }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('specforge docs <spec>', () => {
  it('publishes a contract named on the command line, with no config, into -o', () => {
    const r = docs(['contracts/pets/openapi.yaml', '-o', 'site']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Endpoints Example');
    expect(r.stdout).toContain('site/index.html: index of 1 contract(s)');
    const site = join(dir, 'site');
    expect(readFileSync(join(site, 'index.html'), 'utf8')).toContain('Endpoints Example');
    // Named after its folder, as generate --spec names it.
    expect(files(site).some((f) => f.startsWith('pets'))).toBe(true);
    // The echo contract's operations are on a page; nothing of the contract not named is.
    expect(contains(site, 'authInfoGoogleIdToken').length).toBeGreaterThan(0);
    expect(contains(site, 'Payments credentials API')).toEqual([]);
  });

  it('publishes several contracts named, to dist/docs by default', () => {
    const r = docs(['contracts/pets/openapi.yaml', 'contracts/billing/openapi.yaml']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('dist/docs/index.html: index of 2 contract(s)');
    const names = files(join(dir, 'dist', 'docs'));
    expect(names.some((f) => f.startsWith('pets'))).toBe(true);
    expect(names.some((f) => f.startsWith('billing'))).toBe(true);
  });

  it("with a config: only the contracts named, each with its entry's settings (its api: name)", () => {
    const project = join(dir, 'project');
    cpSync(join(dir, 'contracts'), join(project, 'contracts'), { recursive: true });
    writeFileSync(
      join(project, 'specforge.config.yaml'),
      'specs:\n  - path: contracts/pets/openapi.yaml\n    api: pets-api\n  - path: contracts/billing/openapi.yaml\n',
    );
    const r = docs(['contracts/pets/openapi.yaml', '-o', 'out'], project);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('out/index.html: index of 1 contract(s)');
    const names = files(join(project, 'out'));
    expect(names.some((f) => f.startsWith('pets-api'))).toBe(true);
    expect(names.some((f) => f.startsWith('billing'))).toBe(false);
    // Without a contract named, every contract of the config, as before.
    const all = docs(['-o', 'all'], project);
    expect(all.status).toBe(0);
    expect(all.stdout).toContain('all/index.html: index of 2 contract(s)');
  });

  it('without a contract or a config: a usage error saying to name one (exit 2, no stack trace)', () => {
    const r = docs(['-o', 'nothing']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('name the contracts to publish: specforge docs <spec...>');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(dir, 'nothing'))).toBe(false);
  });

  it('a contract that does not exist: its error code and file (exit 2, no stack trace), nothing written', () => {
    const r = docs(['contracts/nope/openapi.yaml', '-o', 'missing']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('contracts/nope/openapi.yaml: error SPECFORGE_FILE_NOT_FOUND');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(dir, 'missing'))).toBe(false);
  });
});
