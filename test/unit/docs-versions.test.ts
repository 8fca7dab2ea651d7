/**
 * `docs.versions`: earlier versions of a contract published in one static site beside the current
 * one. A temporary git repository holds two revisions of a small contract; the site has a folder per
 * version (the current one where it always was), a version selector in every page's header whose
 * links resolve to files of the site, each version's changelog against the one before it, an
 * overview listing the versions; labels are escaped and folder names made safe; the output is the
 * same bytes on a second run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocs } from '../../src/cli/commands/docs.js';
import { ContractError } from '../../src/contract/errors.js';
import { loadConfig } from '../../src/config/config.js';
import { versionFolder } from '../../src/docs/versions.js';

const HOSTILE = '<img src=x onerror=alert(1)> ../../etc';

let repo: string;
const git = (...args: string[]): void => {
  const r = spawnSync('git', ['-c', 'user.name=specforge', '-c', 'user.email=specforge@example.com', '-c', 'commit.gpgsign=false', ...args], {
    cwd: repo,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
};
const op = (id: string, tag: string): unknown => ({ get: { operationId: id, tags: [tag], summary: id, responses: { '200': { description: 'ok' } } } });
const contract = (version: string, paths: Record<string, unknown>): string => stringify({ openapi: '3.1.0', info: { title: 'Pets', version }, paths });

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)]));
}

const out = (name: string): string => join(repo, name);
let printed = '';

beforeAll(async () => {
  repo = realpathSync(mkdtempSync(join(tmpdir(), 'specforge-docs-versions-')));
  mkdirSync(join(repo, 'specs', 'pets'), { recursive: true });
  writeFileSync(join(repo, 'specs', 'pets', 'openapi.yaml'), contract('1.0.0', { '/pets': op('listPets', 'pets'), '/owners': op('listOwners', 'owners') }));
  writeFileSync(
    join(repo, 'specforge.config.yaml'),
    stringify({ specs: [{ path: 'specs/pets/openapi.yaml', api: 'pets' }], docs: { versions: { pets: ['v1'] } } }),
  );
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('commit', '-qm', 'one');
  git('tag', 'v1');
  writeFileSync(join(repo, 'specs', 'pets', 'openapi.yaml'), contract('2.0.0', { '/pets': op('listPets', 'pets') }));
  git('commit', '-qam', 'two');
  await runDocs({ cwd: repo, out: out('site'), write: (t) => (printed += t) });
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe('docs.versions from a git revision', () => {
  it('publishes both versions, the current one where it was', () => {
    expect(existsSync(join(repo, 'site', 'pets', 'index.html'))).toBe(true);
    expect(existsSync(join(repo, 'site', 'pets', 'versions', '1.0.0', 'index.html'))).toBe(true);
    // The tag only the earlier version has is a page of its folder alone.
    expect(existsSync(join(repo, 'site', 'pets', 'versions', '1.0.0', 'owners.html'))).toBe(true);
    expect(existsSync(join(repo, 'site', 'pets', 'owners.html'))).toBe(false);
    expect(printed).toContain('pets/versions/1.0.0/index.html: Pets 1.0.0 (earlier version)');
  });

  it('puts a selector in every page whose links resolve to files of the site', () => {
    const pages = files(join(repo, 'site')).filter((f) => f.endsWith('.html') && f.includes(`${join('site', 'pets')}`));
    expect(pages.length).toBeGreaterThanOrEqual(7);
    for (const page of pages) {
      const html = readFileSync(page, 'utf8');
      const selector = /<details class="versions">([\s\S]*?)<\/details>/.exec(html)?.[1];
      expect(selector, relative(repo, page)).toBeDefined();
      const hrefs = [...(selector as string).matchAll(/href="([^"]+)"/g)].map((m) => m[1] as string);
      expect(hrefs).toHaveLength(2);
      for (const href of hrefs) {
        expect(href).not.toMatch(/^(\/|[a-z]+:)/i);
        expect(existsSync(resolve(dirname(page), href)), `${relative(repo, page)} -> ${href}`).toBe(true);
      }
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(html).not.toMatch(/\sstyle=/);
    }
    // The same page in the other version where it exists, else that version's overview.
    const schemas = readFileSync(join(repo, 'site', 'pets', 'versions', '1.0.0', 'schemas.html'), 'utf8');
    expect(schemas).toContain('href="../../../pets/schemas.html"');
    const owners = readFileSync(join(repo, 'site', 'pets', 'versions', '1.0.0', 'owners.html'), 'utf8');
    expect(owners).toContain('href="../../../pets/index.html"');
  });

  it('gives the current version its changes since the one before it, and the overview lists the versions', () => {
    const changelog = readFileSync(join(repo, 'site', 'pets', 'changelog.html'), 'utf8');
    expect(changelog).toContain('path /owners was removed');
    expect(changelog).toContain('api-path-removed');
    const overview = readFileSync(join(repo, 'site', 'pets', 'index.html'), 'utf8');
    expect(overview).toContain('<h2>Versions</h2>');
    expect(overview).toContain('href="../pets/versions/1.0.0/index.html"');
    expect(readFileSync(join(repo, 'site', 'index.html'), 'utf8')).toContain('href="./pets/versions/1.0.0/index.html"');
  });

  it('writes the same bytes on a second run', async () => {
    await runDocs({ cwd: repo, out: out('again'), write: () => undefined });
    const a = files(join(repo, 'site'))
      .map((f) => relative(join(repo, 'site'), f))
      .sort();
    const b = files(join(repo, 'again'))
      .map((f) => relative(join(repo, 'again'), f))
      .sort();
    expect(b).toEqual(a);
    for (const f of a) expect(readFileSync(join(repo, 'again', f), 'utf8'), f).toBe(readFileSync(join(repo, 'site', f), 'utf8'));
  });
});

describe('docs.versions from a file, with a hostile label', () => {
  it('escapes the label everywhere and makes a safe folder of it', async () => {
    const other = join(repo, 'old.yaml');
    writeFileSync(other, contract('0.9.0', { '/pets': op('listPets', 'pets'), '/legacy': op('legacy', 'legacy') }));
    const config = join(repo, 'hostile.config.yaml');
    writeFileSync(
      config,
      stringify({ specs: [{ path: 'specs/pets/openapi.yaml', api: 'pets' }], docs: { versions: { pets: [{ file: 'old.yaml', label: HOSTILE }, 'v1'] } } }),
    );
    await runDocs({ cwd: repo, config, out: out('hostile'), write: () => undefined });
    const site = join(repo, 'hostile');
    const folders = readdirSync(join(site, 'pets', 'versions')).sort();
    expect(folders).toEqual(['1.0.0', 'img-src-x-onerror-alert-1-etc']);
    for (const page of files(site).filter((f) => f.endsWith('.html'))) {
      const html = readFileSync(page, 'utf8');
      expect(html, relative(site, page)).not.toContain('<img src=x');
    }
    expect(readFileSync(join(site, 'pets', 'index.html'), 'utf8')).toContain('&lt;img src=x onerror=alert(1)&gt; ../../etc');
    // 1.0.0 is compared with the file before it: /legacy is gone, /owners is new.
    const changelog = readFileSync(join(site, 'pets', 'versions', '1.0.0', 'changelog.html'), 'utf8');
    expect(changelog).toContain('/legacy');
    expect(changelog).toContain('/owners');
  });

  it('makes folder names from labels: safe characters, unique, never empty', () => {
    const used = new Set<string>();
    expect(versionFolder('1.0', used)).toBe('1.0');
    expect(versionFolder('1.0', used)).toBe('1.0-2');
    expect(versionFolder('..', used)).toBe('version');
    expect(versionFolder('../../x', used)).toBe('x');
    expect(versionFolder('ÄPI v2', used)).toBe('api-v2');
  });
});

describe('docs.versions in the config', () => {
  const load = (docs: unknown): unknown => {
    const dir = mkdtempSync(join(tmpdir(), 'specforge-docs-versions-config-'));
    try {
      writeFileSync(join(dir, 'specforge.config.yaml'), stringify({ specs: [{ path: 'openapi.yaml', api: 'pets' }], docs }));
      return loadConfig(dir).docs.versions;
    } catch (err) {
      return err;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('reads revisions and files with labels', () => {
    const versions = load({ versions: { pets: ['v1', { ref: 'v2', label: '2.0' }, { file: 'old.yaml' }] } }) as Record<string, unknown[]>;
    expect(versions['pets']?.[0]).toEqual({ ref: 'v1' });
    expect(versions['pets']?.[1]).toEqual({ ref: 'v2', label: '2.0' });
    expect(versions['pets']?.[2]).toMatchObject({ file: expect.stringMatching(/old\.yaml$/) });
  });

  it('refuses a contract it does not publish and an entry without ref or file, at their lines', () => {
    for (const [docs, text] of [
      [{ versions: { cats: ['v1'] } }, 'docs.versions names "cats"'],
      [{ versions: { pets: [{ label: 'x' }] } }, 'needs one of ref'],
      [{ versions: { pets: [{ ref: 'v1', file: 'x.yaml' }] } }, 'needs one of ref'],
      [{ versions: { pets: [{ ref: 'v1', colour: 'red' }] } }, 'no setting "colour"'],
      [{ versions: { pets: 'v1' } }, 'must be a list'],
    ] as const) {
      const err = load(docs);
      expect(err).toBeInstanceOf(ContractError);
      const d = (err as ContractError).diagnostics[0];
      expect(d?.message).toContain(text);
      expect(d?.code).toBe('SPECFORGE_CONFIG');
      expect(d?.location?.line).toBeGreaterThan(0);
    }
  });
});
