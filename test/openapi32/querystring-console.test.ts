/**
 * The docs' request console with an OpenAPI 3.2 querystring parameter, in headless Chromium
 * (Debian's chromium, driven by playwright-core) against `specforge mock --cors` on 127.0.0.1: the
 * parameter is edited as the query string it is sent as (its example's serializedValue, else its
 * value written by its media type), sent whole, and an API key in the query is added beside a JSON
 * querystring without writing the JSON again; the mock answers 2xx.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocs } from '../../src/cli/commands/docs.js';
import { runMock } from '../../src/cli/commands/mock.js';
import { launchChromium } from '../support/chromium.js';
import { QUERYSTRING_CONTRACT } from './querystring-contract.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `querystring-console-${process.pid}`);
const SPEC = join(TMP, 'qs', 'openapi.yaml');
const SITE = join(TMP, 'site');

let browser: Browser;

beforeAll(async () => {
  mkdirSync(join(TMP, 'qs'), { recursive: true });
  writeFileSync(SPEC, QUERYSTRING_CONTRACT);
  expect(await runDocs({ cwd: ROOT, out: SITE, specs: [SPEC], write: () => undefined })).toBe(0);
  browser = await launchChromium();
  setTimeout(() => void browser.close(), 5 * 60_000).unref();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  rmSync(TMP, { recursive: true, force: true });
});

/** The page and section id of the operation at `path`. */
function locate(path: string): { file: string; anchor: string } {
  const dir = join(SITE, 'qs');
  for (const f of readdirSync(dir).filter((name) => name.endsWith('.html'))) {
    for (const section of readFileSync(join(dir, f), 'utf8').split('<section class="op" id="').slice(1)) {
      if (section.includes(`<code class="path">${path}</code>`)) return { file: join(dir, f), anchor: section.slice(0, section.indexOf('"')) };
    }
  }
  throw new Error(`no page holds ${path}`);
}

/** Opens the console of the operation at `path`, points it at the mock, and sends; what the field held, the URL shown, what the mock got and answered. */
async function tryIt(path: string, apiKey?: string): Promise<{ field: string; shown: string; answer: string; urls: string[] }> {
  const { server } = await runMock({ cwd: ROOT, spec: SPEC, port: 0, host: '127.0.0.1', cors: true, write: () => undefined });
  const urls: string[] = [];
  (server as Server).on('request', (req) => {
    if (req.method === 'GET') urls.push(req.url ?? '');
  });
  try {
    const { file, anchor } = locate(path);
    const page = await browser.newPage();
    await page.goto(`${pathToFileURL(file).href}#${anchor}`, { waitUntil: 'load', timeout: 60_000 });
    await page.click(`#${anchor} details.try > summary`);
    const box = page.locator(`#${anchor} .console`);
    await box.locator('select').first().selectOption('mock');
    await box.locator('input[type="url"]').fill(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const field = await box.getByLabel(/\(querystring/).inputValue();
    if (apiKey !== undefined) await box.getByLabel(/API key/).fill(apiKey);
    const shown = (await box.locator('.console-url code').textContent()) ?? '';
    await box.locator('button', { hasText: /^Send / }).click();
    await page.waitForFunction(
      (sel) => /^(\d{3} |A redirect|The request failed)/.test(document.querySelector(sel)?.textContent ?? ''),
      `#${anchor} .console output pre`,
      {
        timeout: 20_000,
      },
    );
    const answer = (await box.locator('output pre').textContent()) ?? '';
    await page.close();
    return { field, shown, answer, urls };
  } finally {
    server.closeAllConnections();
    await new Promise<void>((ok) => server.close(() => ok()));
  }
}

describe('the docs console sends a querystring parameter whole', () => {
  it('a form-encoded one: its example as written, answered 200', async () => {
    const r = await tryIt('/search');
    expect(r.field).toBe('foo=a+%2B+b&bar=true');
    expect(r.urls).toEqual(['/search?foo=a+%2B+b&bar=true']);
    expect(r.answer).toMatch(/^200 /);
  }, 60_000);

  it('a JSON one beside an API key in the query: the JSON as written, the key after it', async () => {
    const r = await tryIt('/json', 'k1');
    expect(r.field).toBe('%7B%22numbers%22%3A%5B1%2C2%5D%2C%22flag%22%3Anull%7D');
    expect(r.urls).toEqual(['/json?%7B%22numbers%22%3A%5B1%2C2%5D%2C%22flag%22%3Anull%7D&api_key=k1']);
    expect(r.answer).toMatch(/^200 /);
  }, 60_000);
});
