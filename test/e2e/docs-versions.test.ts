/**
 * A static site with two versions of a contract (docs.versions), opened from file:// in headless
 * Chromium: the header's version selector opens without script, its link leads to the same page of
 * the earlier version, the earlier version's search works, nothing is requested from elsewhere,
 * and axe finds no violation with the selector open, in light and dark mode.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocs } from '../../src/cli/commands/docs.js';
import { launchChromium } from '../support/chromium.js';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let repo: string;
let browser: Browser;
const git = (...args: string[]): void => {
  const r = spawnSync('git', ['-c', 'user.name=specforge', '-c', 'user.email=specforge@example.com', '-c', 'commit.gpgsign=false', ...args], {
    cwd: repo,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
};
const op = (id: string, tag: string): unknown => ({ get: { operationId: id, tags: [tag], summary: `Run ${id}`, responses: { '200': { description: 'ok' } } } });
const contract = (version: string, paths: Record<string, unknown>): string => stringify({ openapi: '3.1.0', info: { title: 'Pets', version }, paths });

async function open(context: BrowserContext, file: string): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  page.on('request', (r) => {
    if (!r.url().startsWith('file://') && !r.url().startsWith('data:')) problems.push(`external request: ${r.url()}`);
  });
  await page.goto(pathToFileURL(join(repo, 'site', file)).href, { waitUntil: 'load', timeout: 60_000 });
  return { page, problems };
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (
      globalThis as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }
    ).axe;
    const result = await axe.run(document, { preload: false, resultTypes: ['violations'] });
    return result.violations.flatMap((v) => v.nodes.slice(0, 5).map((n) => `${v.id}: ${n.target.join(' ')}`));
  });
}

beforeAll(async () => {
  repo = realpathSync(mkdtempSync(join(tmpdir(), 'specforge-docs-versions-e2e-')));
  mkdirSync(join(repo, 'specs', 'pets'), { recursive: true });
  writeFileSync(join(repo, 'specs', 'pets', 'openapi.yaml'), contract('1.0.0', { '/pets': op('listPets', 'pets'), '/owners': op('listOwners', 'owners') }));
  writeFileSync(
    join(repo, 'specforge.config.yaml'),
    stringify({ specs: [{ path: 'specs/pets/openapi.yaml', api: 'pets' }], docs: { versions: { pets: [{ ref: 'v1', label: 'One <b>' }] } } }),
  );
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('commit', '-qm', 'one');
  git('tag', 'v1');
  writeFileSync(join(repo, 'specs', 'pets', 'openapi.yaml'), contract('2.0.0', { '/pets': op('listPets', 'pets'), '/toys': op('listToys', 'toys') }));
  git('commit', '-qam', 'two');
  expect(await runDocs({ cwd: repo, out: join(repo, 'site'), write: () => undefined })).toBe(0);
  browser = await launchChromium();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  rmSync(repo, { recursive: true, force: true });
});

describe('the version selector from file://', () => {
  it('leads to the same page of the earlier version, whose search works', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const visit = await open(context, 'pets/pets.html');
    await visit.page.click('details.versions summary');
    await visit.page.click('details.versions a:has-text("One <b>")');
    await visit.page.waitForLoadState('load');
    expect(visit.page.url()).toBe(pathToFileURL(join(repo, 'site', 'pets', 'versions', 'one-b', 'pets.html')).href);
    expect(await visit.page.textContent('details.versions summary')).toBe('Version One <b>');
    await visit.page.fill('#search-input', 'owners');
    await expect.poll(() => visit.page.locator('.search ol a').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(visit.problems).toEqual([]);
    await context.close();
  });

  it('axe finds no violation with the selector open, light and dark', async () => {
    const found: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({
        viewport: scheme === 'dark' ? { width: 390, height: 844 } : { width: 1280, height: 800 },
        colorScheme: scheme,
        serviceWorkers: 'block',
      });
      for (const file of ['pets/index.html', 'pets/versions/one-b/owners.html', 'pets/changelog.html']) {
        const visit = await open(context, file);
        await visit.page.click('details.versions summary');
        found.push(...(await axeViolations(visit.page)).map((v) => `${scheme} ${file}: ${v}`));
        expect(visit.problems, file).toEqual([]);
      }
      await context.close();
    }
    expect(found).toEqual([]);
  }, 300_000);
});
