/**
 * The React example application (examples/react-app) as its users run it: its generated code is
 * what its contract produces (`specforge check` over the example's config), it type-checks under
 * `tsc --strict`, Vite builds it, its bundle holds no `node:` module, and in headless Chromium
 * (Debian's chromium, driven by playwright-core) it lists, adds and removes items through the
 * generated TanStack Query hooks: against the generated MSW handlers' stateful mock in the page
 * (MSW's service worker, no server), and against specforge's stateful mock served in Node
 * (`mock --stateful --cors`); either mock's state afterwards is what the page shows.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative, resolve, sep } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../src/cli/commands/generate.js';
import { runMock } from '../../src/cli/commands/mock.js';
import { buildApp, close, filesUnder, listen, NODE_IMPORT, serveStatic, typecheck } from '../support/browser-app.js';
import { launchChromium } from '../support/chromium.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const APP = join(ROOT, 'examples', 'react-app');
const TMP = join(ROOT, 'test', '.tmp', `react-app-${process.pid}`);
const DIST = join(TMP, 'dist');

let modules: string[] = [];
let mock: Server;
let mockUrl: string;
let site: Server;
let siteUrl: string;
let browser: Browser;
/** The paths the static server was asked for. */
const served: string[] = [];
let typechecked: Promise<{ status: number | null; output: string }>;

interface Visit {
  page: Page;
  /** Console errors, uncaught exceptions and failed requests. */
  problems: string[];
  /** Requests to anything but the site (and the origins allowed). */
  elsewhere: string[];
  /** "METHOD /path" of each API call the page made (preflights left out). */
  calls: string[];
}

async function open(url: string, apiBase: string, allow: string[] = []): Promise<Visit> {
  const page = await browser.newPage();
  const visit: Visit = { page, problems: [], elsewhere: [], calls: [] };
  page.on('console', (m) => {
    if (m.type() === 'error') visit.problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => visit.problems.push(`uncaught: ${e.message}`));
  page.on('requestfailed', (r) => visit.problems.push(`request failed: ${r.url()} (${r.failure()?.errorText ?? ''})`));
  page.on('request', (r) => {
    const at = r.url();
    if (!at.startsWith(siteUrl) && !allow.some((a) => at.startsWith(a))) visit.elsewhere.push(at);
    if (at.startsWith(apiBase) && r.method() !== 'OPTIONS') visit.calls.push(`${r.method()} /${at.slice(apiBase.length)}`);
  });
  await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
  return visit;
}

/** The application's items as shown: "name xquantity". */
function shown(page: Page): Promise<string[]> {
  return page
    .locator('ul[aria-label="Items"] li')
    .evaluateAll((lis) => lis.map((li) => `${li.querySelector('.name')?.textContent} x${li.querySelector('.quantity')?.textContent}`));
}

/** Starts from the empty list, adds apples and pears, removes the apples. */
async function listAddRemove(page: Page): Promise<void> {
  await page.getByTestId('empty').waitFor({ timeout: 15_000 });
  const add = async (name: string, quantity: number): Promise<void> => {
    await page.getByRole('textbox', { name: 'Item' }).fill(name);
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill(String(quantity));
    await page.getByRole('button', { name: 'Add' }).click();
    await page.locator('li', { hasText: name }).waitFor({ timeout: 15_000 });
  };
  await add('apples', 3);
  await add('pears', 2);
  expect(await shown(page)).toEqual(['apples x3', 'pears x2']);
  await page.getByRole('button', { name: 'Remove apples' }).click();
  await page.locator('li', { hasText: 'apples' }).waitFor({ state: 'detached', timeout: 15_000 });
  await page.getByTestId('status').filter({ hasText: 'idle' }).waitFor({ timeout: 15_000 });
  expect(await shown(page)).toEqual(['pears x2']);
}

/** Two creates and a delete, each followed by a refetch of the list (the hooks invalidate the collection they change). */
function expectRefetches(calls: string[]): void {
  expect(calls.filter((c) => c === 'POST /items')).toHaveLength(2);
  expect(calls.filter((c) => /^DELETE \/items\/\d+$/.test(c))).toHaveLength(1);
  expect(calls.filter((c) => c === 'GET /items').length).toBeGreaterThanOrEqual(4);
}

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  // The type check runs while Vite builds.
  typechecked = typecheck(join(APP, 'tsconfig.json'));
  ({ modules } = await buildApp(APP, DIST));
  const started = await runMock({ cwd: ROOT, spec: join(APP, 'openapi.yaml'), port: 0, host: '127.0.0.1', stateful: true, cors: true, write: () => undefined });
  mock = started.server;
  mockUrl = `http://127.0.0.1:${(mock.address() as AddressInfo).port}`;
  site = serveStatic(DIST, served);
  siteUrl = await listen(site);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await close(site);
  await close(mock);
  rmSync(TMP, { recursive: true, force: true });
});

describe('the React example application', () => {
  it('has the generated code its contract produces', async () => {
    let out = '';
    expect(await runCheck({ cwd: APP, quiet: true, write: (t) => (out += t) }), out).toBe(0);
  });

  it('type-checks under tsc --strict', async () => {
    const { status, output } = await typechecked;
    expect(output).toBe('');
    expect(status).toBe(0);
  });

  it('builds with Vite into a bundle with no node: module', () => {
    const sources = modules.map((m) => relative(ROOT, m).split(sep).join('/'));
    // The bundle is the application, its generated hooks and SDK, the run-time client, React and TanStack Query.
    expect(sources).toEqual(
      expect.arrayContaining([
        'examples/react-app/src/App.tsx',
        'examples/react-app/src/api/react-query.ts',
        'examples/react-app/src/api/sdk.ts',
        'examples/react-app/src/api/msw.ts',
        'examples/react-app/src/api/mock-tables.ts',
      ]),
    );
    expect(sources.some((s) => s.includes('node_modules/@tanstack/query-core/'))).toBe(true);
    expect(sources.some((s) => s.includes('node_modules/msw/'))).toBe(true);
    // The generated server (node:http) is not part of it: the MSW handlers take the route table from api.ts.
    expect(sources.filter((s) => /\/api\/(?:server|mocks)\.ts$/.test(s))).toEqual([]);
    // MSW's worker script, from the installed msw, at the root of the build.
    expect(readFileSync(join(DIST, 'mockServiceWorker.js'), 'utf8')).toContain('addEventListener');
    expect(
      sources.filter((s) => s.startsWith('node:') || s.includes('__vite-browser-external') || /^(?:fs|path|stream|http|url|buffer|crypto|os|util)$/.test(s)),
    ).toEqual([]);
    const scripts = filesUnder(DIST).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) expect(NODE_IMPORT.test(readFileSync(file, 'utf8')), relative(DIST, file)).toBe(false);
  });

  it('lists, adds and removes items in Chromium through the hooks and the generated MSW handlers, with no server', async () => {
    const { page, problems, elsewhere, calls } = await open(`${siteUrl}/`, `${siteUrl}/api/`);
    await listAddRemove(page);
    // MSW's service worker controls the page, and the page's requests never reached a server.
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    expect(served.filter((p) => p.startsWith('/api'))).toEqual([]);
    // The stateful mock in the page holds what the page shows.
    const held = await page.evaluate(async () => (await (await fetch('/api/items')).json()) as Array<{ name: string; quantity: number }>);
    expect(held.map((i) => `${i.name} x${i.quantity}`)).toEqual(['pears x2']);
    expectRefetches(calls);
    expect(problems).toEqual([]);
    expect(elsewhere).toEqual([]);
    await page.close();
  });

  it('does the same against the stateful mock served in Node (?api=)', async () => {
    const { page, problems, elsewhere, calls } = await open(`${siteUrl}/?api=${encodeURIComponent(mockUrl)}`, `${mockUrl}/`, [mockUrl]);
    await listAddRemove(page);
    // The mock holds what the page shows: the page talked to it, not to a cache of its own.
    const held = (await (await fetch(`${mockUrl}/items`)).json()) as Array<{ id: number; name: string; quantity: number }>;
    expect(held.map((i) => `${i.name} x${i.quantity}`)).toEqual(['pears x2']);
    expectRefetches(calls);
    expect(problems).toEqual([]);
    expect(elsewhere).toEqual([]);
    await page.close();
  });
});
