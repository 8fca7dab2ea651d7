/**
 * What a large contract's pages share, as a reader sees it in Chromium from file://: the sidebar's
 * groups, listed once in groups.js (nested tags under their parents, headings, counts), come out
 * the same as the overview's own list, with the page's group marked and its operations under it;
 * an example several operations share, listed once in `<group>.examples.js`, is shown in each of
 * their code blocks as it would be in place. Hostile tag summaries stay text, and the pages raise
 * no script error.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocs } from '../../src/cli/commands/docs.js';
import { SHARE_MIN } from '../../src/docs/site/shared-examples.js';
import { SHARED_NAV_PAGES } from '../../src/docs/site/site.js';
import { launchChromium } from '../support/chromium.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `docs-shared-site-${process.pid}`);
const SITE = join(TMP, 'site');
const HOSTILE = '</script><img src=x onerror="self.pwned=1">';
const EXAMPLE = { id: 7, name: 'shared', tags: Array.from({ length: 8 }, (_, i) => `tag-${i}`), pad: 'p'.repeat(SHARE_MIN) };
const TAGS = SHARED_NAV_PAGES + 5;

let browser: Browser;

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < TAGS; i++) {
    const content = { 'application/json': { schema: { type: 'object' }, example: i < 2 ? EXAMPLE : { i } } };
    paths[`/t${i}`] = { get: { operationId: `get${i}`, tags: [i < 2 ? 't0' : `t${i}`], responses: { '200': { description: 'ok', content } } } };
  }
  const tags = [
    { name: 'parent', summary: 'A parent without operations' },
    { name: 't2', parent: 'parent', summary: HOSTILE },
    { name: 't3', parent: 'parent' },
    { name: 't4', parent: 't3' },
  ];
  const spec = { openapi: '3.2.0', info: { title: 'many', version: '1' }, security: [], tags, paths };
  writeFileSync(join(TMP, 'openapi.json'), JSON.stringify(spec));
  writeFileSync(join(TMP, 'specforge.config.yaml'), 'specs:\n  - path: openapi.json\n    api: many\n    strict: false\n');
  expect(await runDocs({ cwd: TMP, out: SITE, write: () => undefined })).toBe(0);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  rmSync(TMP, { recursive: true, force: true });
});

/** The sidebar's groups as a reader sees them: depth, text, link and whether it is marked current. */
async function sidebar(page: Page): Promise<[number, string, string, string][]> {
  return page.evaluate(() => {
    const out: [number, string, string, string][] = [];
    const walk = (ul: Element, depth: number): void => {
      for (const li of Array.from(ul.children)) {
        const head = li.firstElementChild;
        if (head === null) continue;
        out.push([depth, head.textContent ?? '', head.getAttribute('href') ?? '', head.getAttribute('aria-current') ?? '']);
        const sub = li.querySelector(':scope > ul.subgroups');
        if (sub !== null) walk(sub, depth + 1);
      }
    };
    const list = document.querySelector('nav.side ul.groups');
    if (list !== null) walk(list, 0);
    return out;
  });
}

async function open(file: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(pathToFileURL(join(SITE, 'many', file)).href, { waitUntil: 'load' });
  return { page, errors };
}

describe("a large contract's shared sidebar and examples, in Chromium", () => {
  it("the groups listed from groups.js are the overview's own list; the page's group is marked, its operations under it", async () => {
    const html = readFileSync(join(SITE, 'many', 't3.html'), 'utf8');
    expect(html).toContain('<script src="groups.js" defer></script>');
    // Without JavaScript: the page's own group and the way to the others.
    expect(html).not.toContain('href="t9.html"');
    expect(html).toContain('Every group: the overview');
    const overview = await open('index.html');
    const expected = await sidebar(overview.page);
    expect(expected.length).toBeGreaterThan(TAGS - 2);
    expect(expected).toContainEqual([1, `${HOSTILE} (1)`, 't2.html', '']);
    expect(expected).toContainEqual([2, 't4 (1)', 't4.html', '']);
    const { page, errors } = await open('t3.html');
    const shown = await sidebar(page);
    expect(shown.map(([d, t, h]) => [d, t, h])).toEqual(expected.map(([d, t, h]) => [d, t, h]));
    expect(shown.filter((e) => e[3] === 'page').map((e) => e[2])).toEqual(['t3.html']);
    expect(await page.evaluate(() => document.querySelector('a[aria-current="page"][href="t3.html"] + ul.ops a')?.getAttribute('href'))).toBe('#op-get3');
    expect(await page.evaluate(() => (self as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it('an example two operations share is shown in both code blocks as in place', async () => {
    const html = readFileSync(join(SITE, 'many', 't0.html'), 'utf8');
    expect(html).toContain('<script src="t0.examples.js" defer></script>');
    expect(html.match(/ data-ex="0"/g)).toHaveLength(2);
    const { page, errors } = await open('t0.html');
    const blocks = await page.evaluate(() => Array.from(document.querySelectorAll('pre.code[data-ex] code'), (c) => c.textContent));
    expect(blocks).toEqual([JSON.stringify(EXAMPLE, null, '\t'), JSON.stringify(EXAMPLE, null, '\t')]);
    expect(errors).toEqual([]);
  });
});
