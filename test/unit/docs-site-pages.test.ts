/**
 * The static docs' changelog and command-line pages are pages of the contract's site: the same
 * shell as its other pages (header, sidebar with the page marked current, search, the site's
 * stylesheet and scripts, its policy with no inline style), the changelog's markers styled by the
 * site's stylesheet; the Redoc renderer keeps its standalone pages.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocs } from '../../src/docs/build.js';
import { DOCS_CSS } from '../../src/docs/site/style.js';
import { contractChangelog } from '../../src/diff/changelog.js';
import { changesOfFiles } from '../../src/diff/report.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `docs-site-pages-${process.pid}`);

const contract = (paths: Record<string, unknown>): string =>
  stringify({ openapi: '3.1.0', info: { title: 'Pets <b>', version: '2.0.0' }, servers: [{ url: 'https://api.example.com' }], paths });
const LIST = { get: { operationId: 'listPets', tags: ['pets'], summary: 'List pets', responses: { '200': { description: 'ok' } } } };

let site: string;
beforeAll(async () => {
  mkdirSync(join(TMP, 'base'), { recursive: true });
  mkdirSync(join(TMP, 'head'), { recursive: true });
  mkdirSync(join(TMP, 'gen'), { recursive: true });
  writeFileSync(
    join(TMP, 'base', 'openapi.yaml'),
    contract({ '/pets': LIST, '/old': { get: { operationId: 'old', tags: ['pets'], responses: { '200': { description: 'ok' } } } } }),
  );
  writeFileSync(join(TMP, 'head', 'openapi.yaml'), contract({ '/pets': LIST }));
  writeFileSync(join(TMP, 'gen', 'cli.md'), '# pets\n\n| Flag | Meaning |\n|---|---|\n| `--key` | the <API> key |\n');
  const changes = await changesOfFiles(join(TMP, 'base', 'openapi.yaml'), join(TMP, 'head', 'openapi.yaml'), { cwd: TMP });
  const changelog = contractChangelog({ ...changes, path: join(TMP, 'head', 'openapi.yaml'), since: 'v1' }, TMP);
  site = join(TMP, 'site');
  await buildDocs([{ path: join(TMP, 'head', 'openapi.yaml'), api: 'pets', out: join(TMP, 'gen'), changelog }], site);
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

function shellOf(html: string, current: string): void {
  expect(html).toContain('<link rel="stylesheet" href="../assets/docs.css">');
  expect(html).toContain('<script src="../assets/docs.js" defer></script>');
  expect(html).toContain('<a class="site" href="../index.html">API docs</a>');
  expect(html).toContain('<span class="crumbs"><a href="index.html">Pets &lt;b&gt; 2.0.0</a></span>');
  expect(html).toContain(`<li><a href="${current}" aria-current="page">`);
  expect(html).toContain('<a href="pets.html">pets <span class="muted">(1)</span></a>');
  expect(html).toContain('<div class="search" role="search" hidden>');
  expect(html).not.toContain('<style');
  expect(html).not.toMatch(/<script(?![^>]*\ssrc=)/);
  expect(html).toMatch(/content="[^"]*style-src (?:'|&#39;)self(?:'|&#39;);/);
}

describe('the static docs site', () => {
  it('renders the changelog in the site shell, marked current in the sidebar, its markers styled by the site', () => {
    const html = readFileSync(join(site, 'pets', 'changelog.html'), 'utf8');
    shellOf(html, 'changelog.html');
    expect(html).toContain('<title>Changelog: Pets &lt;b&gt; 2.0.0</title>');
    expect(html).toContain('<div class="changelog">');
    expect(html).toContain('<h1>Changelog: Pets &lt;b&gt;</h1>');
    expect(html).toContain('<span class="marker">breaking</span>');
    expect(DOCS_CSS).toContain('.changelog .breaking .marker');
    expect(readFileSync(join(site, 'pets', 'changelog.md'), 'utf8')).toMatch(/^# Changelog: Pets \\<b\\>/);
  });

  it('renders the command-line reference in the site shell, escaped', () => {
    const html = readFileSync(join(site, 'pets', 'cli.html'), 'utf8');
    shellOf(html, 'cli.html');
    expect(html).toContain('<title>Command line: Pets &lt;b&gt; 2.0.0</title>');
    expect(html).toContain('<td><code>--key</code></td><td>the &lt;API&gt; key</td>');
  });

  it('links both from the contract pages and the index', () => {
    const overview = readFileSync(join(site, 'pets', 'index.html'), 'utf8');
    expect(overview).toContain('<li><a href="cli.html">Command line</a></li>');
    expect(overview).toContain('<li><a href="changelog.html">Changelog</a></li>');
    const index = readFileSync(join(site, 'index.html'), 'utf8');
    expect(index).toContain('<a href="./pets/cli.html">command line</a> · <a href="./pets/changelog.html">changelog</a>');
  });
});
