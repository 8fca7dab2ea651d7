/**
 * A large contract's static docs stay small per page: a tag whose operations add up to more than
 * PAGE_BYTES of HTML is cut into several pages (not only every PAGE_OPS operations), the schemas too
 * (schemas.html then lists every schema, linked to its page), every link between the pages reaches
 * its anchor, the pages read without JavaScript, and an old address (`things.html#op-…`, the tag's
 * first page, or `schemas.html#schema-…`) still reaches the operation or schema in Chromium from file://.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocs } from '../../src/cli/commands/docs.js';
import { PAGE_BYTES, PAGE_OPS, SCHEMA_PAGE_BYTES, paginate } from '../../src/docs/site/site.js';
import { launchChromium } from '../support/chromium.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `docs-split-${process.pid}`);
const SITE = join(TMP, 'site');
const DIR = join(SITE, 'big');
const OPS = 12;
const SCHEMAS = 40;

/** A contract of one tag whose operations each carry a large schema (about 50 kB of HTML each), and many large schemas. */
function bigContract(): string {
  const long = 'A property of the thing, described at length so that the schema weighs what a vendor contract weighs. '.repeat(4).trim();
  const schema = (n: number): Record<string, unknown> => ({
    type: 'object',
    description: `Thing number ${n}.`,
    properties: Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`field_${n}_${i}`, { type: 'string', description: long }])),
  });
  const schemas = Object.fromEntries(Array.from({ length: SCHEMAS }, (_, n) => [`Thing${String(n).padStart(2, '0')}`, schema(n)]));
  const paths = Object.fromEntries(
    Array.from({ length: OPS }, (_, n) => [
      `/things/${n}`,
      {
        post: {
          operationId: `postThing${n}`,
          summary: `Create thing ${n}`,
          tags: ['things'],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/Thing${String(n).padStart(2, '0')}` } } } },
          responses: {
            '200': {
              description: 'The thing.',
              content: { 'application/json': { schema: { $ref: `#/components/schemas/Thing${String(n).padStart(2, '0')}` } } },
            },
          },
        },
      },
    ]),
  );
  return JSON.stringify(
    {
      openapi: '3.1.0',
      info: { title: 'Big', version: '1.0.0' },
      servers: [{ url: 'https://api.example.com' }],
      tags: [{ name: 'things' }],
      paths,
      components: { schemas },
    },
    null,
    2,
  );
}

/** The main column of a page (what PAGE_BYTES bounds). */
function mainOf(html: string): string {
  return html.slice(html.indexOf('<main'), html.indexOf('</main>'));
}

let browser: Browser | undefined;

beforeAll(async () => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(join(TMP, 'big'), { recursive: true });
  writeFileSync(join(TMP, 'big', 'openapi.json'), bigContract());
  expect(await runDocs({ cwd: TMP, specs: ['big/openapi.json'], out: SITE, write: () => undefined })).toBe(0);
});

afterAll(async () => {
  await browser?.close();
  rmSync(TMP, { recursive: true, force: true });
});

describe('paginate', () => {
  it('cuts by size and by count, gives a large entry a page of its own, and never an empty page', () => {
    const size = (n: number): number => n;
    expect(paginate([40, 40, 40, 200, 10, 10], size, 100)).toEqual([[40, 40], [40], [200], [10, 10]]);
    expect(paginate([1, 1, 1, 1, 1], size, 100, 2)).toEqual([[1, 1], [1, 1], [1]]);
    expect(paginate([], size, 100)).toEqual([]);
  });
});

describe('the static docs of a large contract', () => {
  const pages = (): string[] =>
    readdirSync(DIR)
      .filter((f) => f.endsWith('.html'))
      .sort();

  it('cuts the tag by size, well before PAGE_OPS operations, and keeps every page small', () => {
    const tagPages = pages().filter((f) => /^things(-page-\d+)?\.html$/.test(f));
    expect(OPS).toBeLessThanOrEqual(PAGE_OPS);
    expect(tagPages.length).toBeGreaterThan(2);
    let ops = 0;
    for (const f of tagPages) {
      const main = mainOf(readFileSync(join(DIR, f), 'utf8'));
      const count = main.split('<section class="op"').length - 1;
      ops += count;
      expect(count, f).toBeGreaterThan(0);
      // A page over the budget holds a single operation.
      if (count > 1) expect(main.length, f).toBeLessThan(PAGE_BYTES + 5_000);
    }
    expect(ops).toBe(OPS);
  });

  it('cuts the schemas into pages and lists them all on schemas.html, linked to their pages', () => {
    const schemaPages = pages().filter((f) => /^schemas-\d+\.html$/.test(f));
    expect(schemaPages.length).toBeGreaterThan(2);
    for (const f of schemaPages) {
      const main = mainOf(readFileSync(join(DIR, f), 'utf8'));
      if (main.split('<section class="op"').length > 2) expect(main.length, f).toBeLessThan(SCHEMA_PAGE_BYTES + 5_000);
    }
    const list = [...readFileSync(join(DIR, 'schemas.html'), 'utf8').matchAll(/<li><a href="(schemas-\d+\.html)#(schema-Thing\d+)">/g)];
    expect(list.length).toBe(SCHEMAS);
    for (const [, file, id] of list) expect(readFileSync(join(DIR, file as string), 'utf8'), `${file}#${id}`).toContain(`id="${id}"`);
  });

  it('links every page to anchors that exist on the page named', () => {
    const ids = new Map(pages().map((f) => [f, new Set([...readFileSync(join(DIR, f), 'utf8').matchAll(/ id="([^"]+)"/g)].map((m) => m[1] as string))]));
    let links = 0;
    for (const f of pages()) {
      for (const [, file, anchor] of readFileSync(join(DIR, f), 'utf8').matchAll(/href="([A-Za-z0-9_.-]*\.html)?#([^"]+)"/g)) {
        const target = file ?? f;
        expect(ids.get(target)?.has(anchor as string), `${f}: ${target}#${anchor}`).toBe(true);
        links++;
      }
    }
    expect(links).toBeGreaterThan(OPS * 3);
    // The search index names each operation's page.
    const index = readFileSync(join(DIR, 'search-index.js'), 'utf8');
    for (const [, file, anchor] of index.matchAll(/"([A-Za-z0-9_.-]+\.html)#(op-[^"]+)"/g))
      expect(ids.get(file as string)?.has(anchor as string), `${file}#${anchor}`).toBe(true);
  });

  describe('in Chromium, from file://', () => {
    beforeAll(async () => {
      browser = await launchChromium();
    });

    const lastPage = (): string =>
      pages()
        .filter((f) => /^things-page-\d+\.html$/.test(f))
        .sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]))
        .at(-1) as string;

    it("an old address of an operation on the tag's first page reaches the page it is on now", async () => {
      const target = lastPage();
      const anchor = /<section class="op" id="([^"]+)"/.exec(readFileSync(join(DIR, target), 'utf8'))?.[1] as string;
      expect(readFileSync(join(DIR, 'things.html'), 'utf8')).not.toContain(`id="${anchor}"`);
      const page = await (browser as Browser).newPage();
      await page.goto(`${pathToFileURL(join(DIR, 'things.html')).href}#${anchor}`);
      await page.waitForURL((u) => u.pathname.endsWith(`/${target}`) && u.hash === `#${anchor}`, { timeout: 20_000 });
      await page.waitForSelector(`#${anchor}`);
      expect(await page.$eval(`#${anchor}`, (e) => e.getBoundingClientRect().top)).toBeLessThan(800);
      await page.close();
    });

    it('an old address of a schema on schemas.html reaches the page it is on now', async () => {
      const page = await (browser as Browser).newPage();
      await page.goto(`${pathToFileURL(join(DIR, 'schemas.html')).href}#schema-Thing39`);
      await page.waitForURL((u) => /\/schemas-\d+\.html$/.test(u.pathname) && u.hash === '#schema-Thing39', { timeout: 20_000 });
      expect(await page.textContent('#schema-Thing39 h2')).toBe('Thing39');
      await page.close();
    });

    it('an address whose anchor is on no page stays where it is', async () => {
      const page = await (browser as Browser).newPage();
      await page.goto(`${pathToFileURL(join(DIR, 'things.html')).href}#op-nothing`);
      await page.waitForSelector('.search:not([hidden])');
      await page.waitForTimeout(500);
      expect(new URL(page.url()).pathname.endsWith('/things.html')).toBe(true);
      await page.close();
    });

    it('reads without JavaScript: the split pages show their operations and the pager links them', async () => {
      const context = await (browser as Browser).newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(pathToFileURL(join(DIR, lastPage())).href);
      expect(await page.locator('main section.op h2').count()).toBeGreaterThan(0);
      expect(await page.locator('main section.op .samples figure').count()).toBeGreaterThan(0);
      const pager = await page.$$eval('nav.pager a', (as) => as.map((a) => a.getAttribute('href')));
      expect(pager[0]).toBe('things.html');
      expect(pager.length).toBeGreaterThan(2);
      await context.close();
    });
  });
});
