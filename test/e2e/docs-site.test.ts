/**
 * The docs site of `specforge docs --renderer redocly` (Redoc pages) as readers see it: built into a temporary folder, served on
 * 127.0.0.1 and opened in headless Chromium (Debian's `chromium`, driven by playwright-core). Every
 * contract page must render every operation of its contract, with no console error and no failed
 * request; nothing may be fetched from anywhere but the site; a screenshot of each page is kept in
 * test/.tmp/docs-screenshots/. A hostile contract checks that no text of a contract runs as script.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocs } from '../../src/cli/commands/docs.js';
import { buildModel, type ContractModel } from '../../src/contract/model.js';
import { renderMarkdown } from '../../src/docs/markdown.js';
import { loadConfig } from '../../src/config/config.js';
import { launchChromium } from '../support/chromium.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `docs-site-${process.pid}`);
const SHOTS = join(ROOT, 'test', '.tmp', 'docs-screenshots');
/** The static server and the browser close after this long even if a hook never runs. */
const LIFETIME_MS = 10 * 60_000;
const HOSTILE = join(ROOT, 'test', 'fixtures', 'docs', 'hostile');

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

interface Site {
  dir: string;
  server: Server;
  origin: string;
}

/** A static file server for `dir` on 127.0.0.1 (GET and HEAD only, nothing outside `dir`). */
async function serve(dir: string): Promise<Site> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    const file = resolve(dir, '.' + (path.endsWith('/') ? `${path}index.html` : path));
    const inside = file === dir || file.startsWith(dir + sep);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !inside || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(req.method === 'HEAD' ? undefined : readFileSync(file));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  setTimeout(() => stop(server), LIFETIME_MS).unref();
  return { dir, server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise<void>((ok) => server.close(() => ok()));
}

async function launch(): Promise<Browser> {
  const browser = await launchChromium();
  setTimeout(() => void browser.close(), LIFETIME_MS).unref();
  return browser;
}

interface Visit {
  page: Page;
  /** Console errors, uncaught exceptions, failed requests and error responses, in order. */
  problems: string[];
  /** Requests for anything but the site, which were blocked before they left the machine. */
  external: string[];
}

/** Opens `path` of the site in a fresh context that lets no request leave the site. */
async function open(context: BrowserContext, site: Site, path: string): Promise<Visit> {
  const page = await context.newPage();
  const visit: Visit = { page, problems: [], external: [] };
  page.on('console', (m) => {
    if (m.type() === 'error') visit.problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => visit.problems.push(`uncaught: ${e.message}`));
  page.on('requestfailed', (r) => visit.problems.push(`request failed: ${r.url()} (${r.failure()?.errorText ?? 'unknown'})`));
  page.on('response', (r) => {
    if (r.status() >= 400) visit.problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  await page.route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith(`${site.origin}/`)) return route.continue();
    visit.external.push(url);
    return route.abort('blockedbyclient');
  });
  await page.goto(`${site.origin}/${path}`, { waitUntil: 'load', timeout: 60_000 });
  return visit;
}

async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SHOTS, { recursive: true });
  const file = join(SHOTS, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

interface RenderedOperation {
  /** Redoc's route of the operation ("/container/containerlist"). */
  section: string;
  method: string;
  path: string;
  heading: string;
}

const METHOD_LINE = /(?:^|\n)(GET|PUT|POST|DELETE|OPTIONS|HEAD|PATCH|TRACE)\n(\/[^\n]*)(?:\n|$)/;

/**
 * Every operation Redoc renders, found as a reader finds it: open each group of the navigation,
 * then go to each operation in it and read the method, path and heading Redoc shows.
 */
async function renderedOperations(page: Page): Promise<RenderedOperation[]> {
  await page.waitForSelector('#api-content', { timeout: 30_000 });
  const sections = (): Promise<string[]> => page.$$eval('[data-section-id]', (els) => [...new Set(els.map((e) => e.getAttribute('data-section-id') ?? ''))]);
  const groups = (await sections()).filter((s) => s !== '/' && s !== '' && !s.startsWith('/section/'));
  const candidates = new Set<string>();
  for (const group of groups) {
    await page.evaluate((h) => (location.hash = `#${h}`), group);
    // A group is a tag that lists its operations or, when no operation appears in it, an operation
    // itself. A tag's operations appear once it is opened, which takes seconds on a busy machine.
    await page
      .waitForFunction(
        (h) => Array.from(document.querySelectorAll('[data-section-id]')).some((e) => (e.getAttribute('data-section-id') ?? '').startsWith(`${h}/`)),
        group,
        { timeout: 20_000 },
      )
      .catch(() => undefined);
    const children = (await sections()).filter((s) => s.startsWith(`${group}/`) && s.split('/').length === group.split('/').length + 1);
    if (children.length === 0) candidates.add(group);
    for (const child of children) candidates.add(child);
  }
  const rendered: RenderedOperation[] = [];
  for (const section of candidates) {
    const { text, heading } = await goToOperation(page, section);
    const m = METHOD_LINE.exec(text);
    if (m) rendered.push({ section, method: m[1] as string, path: (m[2] as string).trim(), heading: heading.trim() });
  }
  return rendered;
}

/** Navigates to an operation and waits until Redoc shows it (its method and path). */
async function goToOperation(page: Page, section: string): Promise<{ text: string; heading: string }> {
  await page.evaluate((h) => (location.hash = `#${h}`), section);
  const handle = await page.waitForFunction(
    (h) => {
      const el = Array.from(document.querySelectorAll('[data-section-id]')).find((e) => e.getAttribute('data-section-id') === h) as HTMLElement | undefined;
      const text = el?.innerText ?? '';
      if (!/\n(GET|PUT|POST|DELETE|OPTIONS|HEAD|PATCH|TRACE)\n\//.test(text)) return false;
      return { text, heading: el?.querySelector('h1, h2')?.textContent ?? '' };
    },
    section,
    { timeout: 60_000 },
  );
  return (await handle.jsonValue()) as { text: string; heading: string };
}

/** The operations of `model` that no rendered operation shows (by method and path, and summary when there is one). */
function missingOperations(model: ContractModel, rendered: RenderedOperation[]): string[] {
  return model.operations
    .filter(
      (op) =>
        !rendered.some((r) => r.method === op.method.toUpperCase() && r.path === op.path && (op.summary === undefined || r.heading === op.summary.trim())),
    )
    .map((op) => `${op.id} (${op.method.toUpperCase()} ${op.path})`);
}

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  rmSync(TMP, { recursive: true, force: true });
});

describe('the docs site of specforge.config.yaml', () => {
  const config = loadConfig(ROOT);
  const contracts = config.specs.map((s) => ({ api: s.api, path: s.path, cli: existsSync(join(s.out, 'cli.md')) ? join(s.out, 'cli.md') : undefined }));
  let site: Site;

  beforeAll(async () => {
    const dir = join(TMP, 'site');
    const printed: string[] = [];
    expect(await runDocs({ cwd: ROOT, out: dir, renderer: 'redocly', write: (t) => printed.push(t) })).toBe(0);
    expect(printed.join('')).toContain(`index of ${contracts.length} contract(s)`);
    site = await serve(dir);
  });

  afterAll(async () => {
    if (site) await stop(site.server);
  });

  it('index lists every contract with its title, version and operation count, and links its pages', async () => {
    const visit = await open(context, site, 'index.html');
    const rows = await visit.page.$$eval('tbody tr', (trs) =>
      trs.map((tr) => ({
        cells: Array.from(tr.querySelectorAll('td')).map((td) => td.textContent ?? ''),
        links: Array.from(tr.querySelectorAll('a')).map((a) => a.getAttribute('href') ?? ''),
      })),
    );
    expect(rows).toHaveLength(contracts.length);
    for (const [i, contract] of contracts.entries()) {
      const model = await buildModel(contract.path, { api: contract.api });
      expect(rows[i]?.cells.slice(0, 4)).toEqual([model.info.title, model.info.version, String(model.operations.length), contract.api]);
      expect(rows[i]?.links).toEqual(contract.cli ? [`./${contract.api}.html`, `./${contract.api}/cli.html`] : [`./${contract.api}.html`]);
    }
    await screenshot(visit.page, 'index');
    expect(visit.problems).toEqual([]);
    expect(visit.external).toEqual([]);
    await visit.page.close();
  });

  for (const contract of contracts) {
    it(`${contract.api}.html renders every operation of ${contract.api}`, async () => {
      const model = await buildModel(contract.path, { api: contract.api });
      const visit = await open(context, site, `${contract.api}.html`);
      const rendered = await renderedOperations(visit.page);
      expect(missingOperations(model, rendered)).toEqual([]);
      expect(rendered).toHaveLength(model.operations.length);
      // The screenshot shows the first operation as a reader sees it.
      const first = rendered[0];
      if (first) await goToOperation(visit.page, first.section);
      await screenshot(visit.page, contract.api);
      expect(visit.problems).toEqual([]);
      expect(visit.external).toEqual([]);
      await visit.page.close();
    }, 240_000);

    if (contract.cli) {
      const markdown = contract.cli;
      it(`${contract.api}/cli.html shows the command-line reference of ${contract.api}`, async () => {
        const visit = await open(context, site, `${contract.api}/cli.html`);
        const ids = await visit.page.$$eval('main h1, main h2, main h3, main h4, main h5, main h6', (hs) => hs.map((h) => h.id));
        expect(ids.length).toBeGreaterThan(0);
        expect(ids).toEqual(renderMarkdown(readFileSync(markdown, 'utf8')).headings.map((h) => h.id));
        await screenshot(visit.page, `${contract.api}-cli`);
        expect(visit.problems).toEqual([]);
        expect(visit.external).toEqual([]);
        await visit.page.close();
      });
    }
  }
});

describe('a hostile contract and command-line reference', () => {
  let site: Site;
  let model: ContractModel;
  const dir = join(TMP, 'hostile-site');

  beforeAll(async () => {
    const project = join(TMP, 'hostile-project');
    mkdirSync(project, { recursive: true });
    writeFileSync(
      join(project, 'specforge.config.yaml'),
      `specs:\n  - path: ${JSON.stringify(join(HOSTILE, 'openapi.yaml'))}\n    api: hostile\n    out: ${JSON.stringify(HOSTILE)}\n`,
    );
    expect(await runDocs({ cwd: project, out: dir, renderer: 'redocly', write: () => undefined })).toBe(0);
    model = await buildModel(join(HOSTILE, 'openapi.yaml'), { api: 'hostile' });
    site = await serve(dir);
  });

  afterAll(async () => {
    if (site) await stop(site.server);
  });

  it('renders the same bytes when built again', async () => {
    const again = join(TMP, 'hostile-again');
    expect(await runDocs({ cwd: join(TMP, 'hostile-project'), out: again, renderer: 'redocly', write: () => undefined })).toBe(0);
    const files = (d: string): string[] => readdirSync(d, { recursive: true, encoding: 'utf8' }).sort();
    expect(files(again)).toEqual(files(dir));
    for (const f of files(dir).filter((f) => f.endsWith('.html'))) expect(readFileSync(join(again, f), 'utf8'), f).toBe(readFileSync(join(dir, f), 'utf8'));
  });

  it('index shows the title as text', async () => {
    const visit = await open(context, site, 'index.html');
    expect(await visit.page.textContent('tbody tr td a')).toBe(model.info.title);
    expect(await visit.page.$$('tbody img, tbody script, tbody b')).toHaveLength(0);
    expect(await visit.page.evaluate(() => (globalThis as { __specforgePwned?: unknown }).__specforgePwned)).toBeUndefined();
    expect(visit.problems).toEqual([]);
    await visit.page.close();
  });

  it('the contract page runs none of its text and fetches nothing from elsewhere', async () => {
    const visit = await open(context, site, 'hostile.html');
    const rendered = await renderedOperations(visit.page);
    expect(missingOperations(model, rendered)).toEqual([]);
    expect(await visit.page.title()).toBe(`${model.info.title} ${model.info.version}`);
    expect(await visit.page.textContent('h1')).toContain(model.info.title);
    await screenshot(visit.page, 'hostile');
    expect(await visit.page.evaluate(() => (globalThis as { __specforgePwned?: unknown }).__specforgePwned)).toBeUndefined();
    // The payloads did try (Redoc renders HTML in Markdown descriptions): the page's policy stopped them.
    expect(visit.problems.some((p) => p.includes('Content Security Policy'))).toBe(true);
    expect(visit.external).toEqual([]);
    await visit.page.close();
  });

  it('the command-line reference escapes everything and keeps only safe links', async () => {
    const visit = await open(context, site, 'hostile/cli.html');
    const page = visit.page;
    expect(await page.textContent('main h1')).toBe('hostile <script>globalThis.__specforgePwned = true</script>');
    expect(await page.$$('main script, main img, main b, main i, main iframe')).toHaveLength(0);
    expect(await page.$$eval('main a', (as) => as.map((a) => a.getAttribute('href')))).toEqual(['https://example.com/docs', './other.html']);
    const table = await page.$$eval('main table tr', (trs) => trs.map((tr) => Array.from(tr.querySelectorAll('th, td')).map((c) => c.textContent)));
    expect(table).toEqual([
      ['Flag', 'Type', 'Default', 'Meaning'],
      ['--name', 'string', '<none>', 'a name with a | pipe'],
      ['--log_as_json', 'boolean', 'false', 'snake_case_words stay as they are'],
      ['--html', 'string', '<i>x</i>', '<script>globalThis.__specforgePwned = true</script>'],
    ]);
    expect(await page.textContent('main pre code')).toBe("hostile --name '</code></pre><script>globalThis.__specforgePwned = true</script>'\n");
    expect(await page.textContent('nav a[href="../hostile.html"]')).toBe(`${model.info.title} ${model.info.version}`);
    await screenshot(page, 'hostile-cli');
    expect(await page.evaluate(() => (globalThis as { __specforgePwned?: unknown }).__specforgePwned)).toBeUndefined();
    expect(visit.problems).toEqual([]);
    expect(visit.external).toEqual([]);
    await page.close();
  });
});
