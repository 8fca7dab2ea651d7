/**
 * specforge's static docs (`specforge docs`, the default renderer) as readers use them, opened from
 * file:// in headless Chromium (Debian's chromium, driven by playwright-core): for each contract
 * named the overview becomes interactive, search finds an operation and its link opens it, a deep
 * link (#anchor) opens an operation, the code samples say the operation's method and path, the
 * request console reaches `specforge mock --cors` on 127.0.0.1, and axe (axe-core, added to every
 * page of its contexts before the page's own scripts) finds no violation on any page, in light and
 * in dark mode.
 *
 * The contracts of specforge.config.yaml are spread over several test files (docs-static-*.test.ts)
 * so that Vitest runs them side by side; each builds only its contracts' site (the file that checks
 * the site's index builds every contract) and reuses one tab per kind of visit.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocs } from '../../src/cli/commands/docs.js';
import { runMock } from '../../src/cli/commands/mock.js';
import { buildModel, type ContractModel } from '../../src/contract/model.js';
import type { OperationModel } from '../../src/contract/model-types.js';
import { serversOf } from '../../src/docs/site/site.js';
import { loadConfig } from '../../src/config/config.js';
import { launchChromium } from '../support/chromium.js';
import { AXE, axeViolations } from '../support/axe.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const LIFETIME_MS = 40 * 60_000;

/** A tab and what it saw since its last `go`. */
interface Tab {
  page: Page;
  /** Console errors, uncaught exceptions and failed requests. */
  problems: string[];
  /** Requests for anything but the site's files (and the mock when one is allowed). */
  external: string[];
  /** Opens a file of the site ("engine/index.html", "engine/container.html#op-x") in this tab. */
  go(file: string, allow?: string[]): Promise<void>;
}

/** The contracts of the repository's config, by name. */
export const CONTRACTS = loadConfig(ROOT).specs.map((s) => ({ api: s.api, path: s.path }));

/** Contracts with a test file of their own (the largest sites; the first file also checks the site index); docs-static-rest.test.ts takes every other one. */
export const OWN_FILES: readonly (readonly string[])[] = [['engine'], ['payments', 'tables']];

/** The contracts no other file takes. */
export function otherContracts(): string[] {
  const taken = new Set(OWN_FILES.flat());
  return CONTRACTS.map((c) => c.api).filter((api) => !taken.has(api));
}

/**
 * The browser test of the static docs of the contracts named `apis`; with `siteIndex`, the whole
 * site is built and its index checked too.
 */
export function staticDocsSuite(apis: readonly string[], options: { siteIndex?: boolean } = {}): void {
  const contracts = CONTRACTS.filter((c) => apis.includes(c.api));
  const TMP = join(ROOT, 'test', '.tmp', `docs-static-${apis.join('-')}-${process.pid}`);
  const SITE = join(TMP, 'site');
  const models = new Map<string, ContractModel>();
  /** Each contract's search index: operation id to page and anchor (read once). */
  const located = new Map<string, Map<string, { file: string; anchor: string }>>();
  let browser: Browser;
  let light: BrowserContext;
  let axeLight: BrowserContext;
  let axeDark: BrowserContext;

  async function tab(context: BrowserContext): Promise<Tab> {
    const page = await context.newPage();
    const t: Tab = {
      page,
      problems: [],
      external: [],
      async go(file, allow = []) {
        t.problems = [];
        t.external = [];
        allowed = allow;
        const [name, hash] = file.split('#') as [string, string | undefined];
        await page.goto(pathToFileURL(join(SITE, name)).href + (hash !== undefined ? `#${hash}` : ''), { waitUntil: 'load', timeout: 60_000 });
      },
    };
    let allowed: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') t.problems.push(`console error: ${m.text()}`);
    });
    page.on('pageerror', (e) => t.problems.push(`uncaught: ${e.message}`));
    page.on('requestfailed', (r) => t.problems.push(`request failed: ${r.url()} (${r.failure()?.errorText ?? ''})`));
    page.on('request', (r) => {
      const url = r.url();
      if (!url.startsWith('file://') && !url.startsWith('data:') && !allowed.some((a) => url.startsWith(a))) t.external.push(url);
    });
    return t;
  }

  /** The page of the site that shows an operation ("engine/container.html") and its anchor. */
  function locate(api: string, op: OperationModel): { file: string; anchor: string } {
    let byId = located.get(api);
    if (byId === undefined) {
      const index = readFileSync(join(SITE, api, 'search-index.js'), 'utf8');
      const data = JSON.parse(index.slice(index.indexOf('{'), index.lastIndexOf('}') + 1)) as { ops: string[][] };
      byId = new Map(
        data.ops.map((o) => {
          const [file, anchor] = (o[4] as string).split('#') as [string, string];
          return [o[3] as string, { file: `${api}/${file}`, anchor }];
        }),
      );
      located.set(api, byId);
    }
    const entry = byId.get(op.id);
    if (entry === undefined) throw new Error(`${op.id} is not in the search index of ${api}`);
    return entry;
  }

  beforeAll(async () => {
    rmSync(TMP, { recursive: true, force: true });
    mkdirSync(TMP, { recursive: true });
    // Only this file's contracts, unless the site's index (every contract) is checked here.
    expect(
      await runDocs({ cwd: ROOT, out: SITE, ...(options.siteIndex === true ? {} : { specs: contracts.map((c) => c.path) }), write: () => undefined }),
    ).toBe(0);
    for (const c of contracts) models.set(c.api, await buildModel(c.path, { api: c.api }));
    browser = await launchChromium();
    setTimeout(() => void browser.close(), LIFETIME_MS).unref();
    light = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light', serviceWorkers: 'block' });
    axeLight = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light', serviceWorkers: 'block' });
    axeDark = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark', serviceWorkers: 'block' });
    for (const c of [axeLight, axeDark]) await c.addInitScript({ content: AXE });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    rmSync(TMP, { recursive: true, force: true });
  });

  describe.each(contracts)('the static docs of $api, from file://', ({ api, path }) => {
    const model = (): ContractModel => models.get(api) as ContractModel;

    it('overview is interactive (its script ran) and lists every group; nothing is fetched from elsewhere', async () => {
      const visit = await tab(light);
      await visit.go(`${api}/index.html`);
      await visit.page.waitForSelector('.search:not([hidden])', { timeout: 15_000 });
      expect(await visit.page.textContent('h1')).toContain(model().info.title);
      const groups = await visit.page.$$eval('nav.side .groups > li > a', (as) => as.map((a) => a.getAttribute('href') ?? ''));
      for (const href of groups) {
        expect(href).not.toMatch(/^[a-z]+:|^\//);
        expect(existsSync(join(SITE, api, href))).toBe(true);
      }
      expect(visit.problems).toEqual([]);
      expect(visit.external).toEqual([]);
      await visit.page.close();
    });

    it('search finds an operation, its link opens it, and a deep link opens it too', async () => {
      const op = model().operations.at(-1);
      if (op === undefined) return void expect(model().operations).toEqual([]);
      const { file, anchor } = locate(api, op);
      const visit = await tab(light);
      await visit.go(`${api}/index.html`);
      await visit.page.waitForSelector('.search:not([hidden])');
      await visit.page.fill('#search-input', `${op.method} ${op.path}`);
      const hit = visit.page.locator(`.search ol a[href$="#${anchor}"]`).first();
      await hit.waitFor({ timeout: 10_000 });
      await hit.click();
      await visit.page.waitForURL((u) => u.hash === `#${anchor}`, { timeout: 10_000 });
      expect(visit.page.url()).toBe(`${pathToFileURL(join(SITE, file)).href}#${anchor}`);
      expect(await inView(visit.page, `#${anchor}`)).toBe(true);
      // A deep link, opened in a new tab.
      const deep = await tab(light);
      await deep.go(`${file}#${anchor}`);
      expect(await inView(deep.page, `#${anchor}`)).toBe(true);
      expect((await deep.page.textContent(`#${anchor} .endpoint`))?.replace(/\s+/g, ' ')).toContain(`${op.method.toUpperCase()} ${op.path}`);
      if (op.summary !== undefined) expect(await deep.page.textContent(`#${anchor} h2`)).toContain(op.summary.trim());
      for (const v of [visit, deep]) {
        expect(v.problems).toEqual([]);
        expect(v.external).toEqual([]);
        await v.page.close();
      }
    });

    it("every operation's code samples say its method and path, on the contract's server", async () => {
      const files = new Set(model().operations.map((op) => locate(api, op).file));
      const server = serversOf(model().document).find((s) => /^https?:\/\//.test(s.url) && !s.url.includes('{'))?.url ?? 'http://127.0.0.1:4010';
      const visit = await tab(light);
      for (const file of files) {
        await visit.go(file);
        // Every operation's samples of the page, read at once.
        const onPage = new Map(
          await visit.page.$$eval('section.op', (sections) =>
            sections.map(
              (s) =>
                [
                  s.id,
                  Object.fromEntries(
                    Array.from(s.querySelectorAll('.samples figure'), (f) => [f.getAttribute('data-lang') ?? '', f.querySelector('pre')?.textContent ?? '']),
                  ),
                ] as const,
            ),
          ),
        );
        for (const op of model().operations.filter((o) => locate(api, o).file === file)) {
          const byLang = (onPage.get(locate(api, op).anchor) ?? {}) as Record<string, string>;
          const curl = /^curl --globoff -X ([A-Z]+) '([^']+)'/.exec(byLang['curl'] ?? '');
          expect(curl, `${op.id}: ${byLang['curl']}`).not.toBeNull();
          const url = new URL((curl as RegExpExecArray)[2] as string);
          expect(curl?.[1]).toBe(op.method.toUpperCase());
          expect(url.origin, `${op.id}: ${url.href} on ${server}`).toBe(new URL(server).origin);
          const basePath = new URL(server).pathname.replace(/\/+$/, '');
          expect(url.pathname.slice(basePath.length), op.id).toMatch(pathPattern(op.path));
          for (const p of op.parameters.filter((x) => x.in === 'query' && x.required)) expect(url.searchParams.has(p.name), `${op.id} ${p.name}`).toBe(true);
          expect(byLang['typescript']).toContain(`client.${op.method.toUpperCase()}(${JSON.stringify(op.path)}`);
          expect(byLang['fetch']).toContain(`method: ${JSON.stringify(op.method.toUpperCase())}`);
          expect(byLang['python']).toContain(`requests.request(${JSON.stringify(op.method.toUpperCase())}`);
          if (op.requestBody !== undefined && /json/.test(op.requestBody.content[0]?.type ?? '')) {
            const data = /--data-raw '([\s\S]*)'$/.exec(byLang['curl'] ?? '')?.[1];
            expect(() => JSON.parse((data ?? '').replace(/'\\''/g, "'")), op.id).not.toThrow();
          }
        }
        expect(visit.problems, file).toEqual([]);
      }
      await visit.page.close();
    });

    it('the request console reaches `specforge mock --cors` on 127.0.0.1', async () => {
      const op = model().operations.find((o) => o.method === 'get') ?? model().operations[0];
      if (op === undefined) return;
      const { server } = await runMock({ cwd: ROOT, spec: path, port: 0, host: '127.0.0.1', cors: true, write: () => undefined });
      try {
        const seen: { method: string; url: string; auth?: string }[] = [];
        (server as Server).on('request', (req) =>
          seen.push({ method: req.method ?? '', url: req.url ?? '', ...(req.headers.authorization !== undefined ? { auth: req.headers.authorization } : {}) }),
        );
        const mock = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        const { file, anchor } = locate(api, op);
        const visit = await tab(light);
        await visit.go(`${file}#${anchor}`, [mock]);
        const page = visit.page;
        await page.click(`#${anchor} details.try > summary`);
        const box = page.locator(`#${anchor} .console`);
        await box.locator('select').selectOption('mock');
        await box.locator('input[type="url"]').fill(mock);
        for (const input of await box.locator('input[type="password"]').all()) await input.fill('secret-token');
        await box.locator('button', { hasText: 'Send' }).click();
        await page.waitForFunction((sel) => /^(\d{3} |A redirect)/.test(document.querySelector(sel)?.textContent ?? ''), `#${anchor} .console output pre`, {
          timeout: 15_000,
        });
        const shown = (await box.locator('output pre').textContent()) ?? '';
        expect(shown).toMatch(/^\d{3} /);
        const sent = seen.filter((r) => r.method === op.method.toUpperCase());
        expect(sent.length).toBe(1);
        expect(new URL(sent[0]?.url ?? '', mock).pathname).toMatch(pathPattern(op.path));
        expect(visit.external).toEqual([]);
        expect(visit.problems.filter((p) => !/status of [45]\d\d/.test(p))).toEqual([]);
        await page.close();
      } finally {
        server.closeAllConnections();
        await new Promise<void>((ok) => server.close(() => ok()));
      }
    });

    it('axe finds no violation on any page, in light mode and in dark mode at 390 px', async () => {
      const pages = readdirSync(join(SITE, api))
        .filter((f) => f.endsWith('.html'))
        .sort();
      expect(pages).toContain('index.html');
      const groups = pages.filter((p) => !/^(?:index|schemas(?:-\d+)?|cli|changelog)\.html$/.test(p));
      const smallest = groups.sort((a, b) => statSync(join(SITE, api, a)).size - statSync(join(SITE, api, b)).size)[0];
      const found: string[] = [];
      for (const [name, context] of [
        ['light', axeLight],
        ['dark', axeDark],
      ] as const) {
        const visit = await tab(context);
        for (const f of pages) {
          // Dark mode at 390 px: the overview and the smallest operations page (badges, tables, code).
          if (name === 'dark' && f !== 'index.html' && f !== smallest) continue;
          await visit.go(`${api}/${f}`);
          found.push(...(await axeViolations(visit.page)).map((v) => `${name} ${f}: ${v}`));
          expect(visit.problems, f).toEqual([]);
        }
        await visit.page.close();
      }
      expect(found).toEqual([]);
    }, 600_000);
  });

  if (options.siteIndex === true) {
    describe('the site index from file://', () => {
      it('links every contract to its overview by a relative address, and axe finds nothing', async () => {
        const visit = await tab(axeLight);
        await visit.go('index.html');
        const links = await visit.page.$$eval('tbody tr td:first-child a', (as) => as.map((a) => a.getAttribute('href')));
        expect(links).toEqual(CONTRACTS.map((c) => `./${c.api}/index.html`));
        expect(await axeViolations(visit.page)).toEqual([]);
        expect(visit.problems).toEqual([]);
        await visit.page.close();
      });
    });
  }
}

/** Whether the element's top is inside the viewport. */
async function inView(page: Page, selector: string): Promise<boolean> {
  return page.$eval(selector, (e) => {
    const r = e.getBoundingClientRect();
    return r.top >= -2 && r.top < window.innerHeight;
  });
}

/** The regular expression of an operation's URL path, with its parameters as "some segment". */
function pathPattern(path: string): RegExp {
  const parts = path.split(/\{[^}]+\}/).map((s) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[^/?#]+')}$`);
}
