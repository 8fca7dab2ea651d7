/**
 * The Figma example application (examples/figma-app) as a frontend team builds it: Vite's
 * `react-ts` template settings (tsconfig.app.json: noUnusedLocals, noUnusedParameters,
 * verbatimModuleSyntax, erasableSyntaxOnly, moduleResolution bundler) around the code generated from
 * Figma's published contract as installed from npm (@figma/rest-api-spec, unedited). Its generated
 * code is what the contract produces, `tsc -p` passes under the template's flags, `vite build`
 * builds it, and in headless Chromium with the generated MSW handlers in the page (no server) the
 * file page shows realistic data, a posted comment is in the list that follows (the stateful mock
 * infers the nested collection /v1/files/{file_key}/comments), and an error answer shows the message
 * of the mock's error body (Figma's `{status, err}`).
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, relative, resolve, sep } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../src/cli/commands/generate.js';
import { buildApp, close, filesUnder, listen, NODE_IMPORT, serveStatic, typecheck, type AppBuild } from '../support/browser-app.js';
import { launchChromium } from '../support/chromium.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const APP = join(ROOT, 'examples', 'figma-app');
const TMP = join(ROOT, 'test', '.tmp', `figma-app-${process.pid}`);
const DIST = join(TMP, 'dist');
const FILE_KEY = 'hN3wPq8XkT2mZ4rY';

let built: AppBuild;
let site: Server;
let siteUrl: string;
let browser: Browser;
let page: Page;
/** Console errors, uncaught exceptions and failed requests of the page. */
const problems: string[] = [];
/** Requests to anything but the site. */
const elsewhere: string[] = [];
/** "METHOD /path" of each API call the page made. */
const calls: string[] = [];
/** The paths the static server was asked for. */
const served: string[] = [];
let typechecked: Promise<Array<{ status: number | null; output: string }>>;

/** The comments as shown: author, time and message of each. */
function shownComments(): Promise<Array<{ author: string; at: string; message: string; avatar: string }>> {
  return page.locator('ul[aria-label="Comments"] li').evaluateAll((lis) =>
    lis.map((li) => ({
      author: li.querySelector('.author')?.textContent ?? '',
      at: li.querySelector('time')?.getAttribute('datetime') ?? '',
      message: li.querySelector('.message')?.textContent ?? '',
      avatar: li.querySelector('img')?.getAttribute('src') ?? '',
    })),
  );
}

async function postComment(message: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Comment' }).fill(message);
  await page.getByRole('button', { name: 'Post' }).click();
  await page.locator('ul[aria-label="Comments"] li .message', { hasText: message }).waitFor({ timeout: 15_000 });
}

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  // The type checks (the app's sources, then vite.config.ts) run while Vite builds.
  typechecked = typecheck(join(APP, 'tsconfig.app.json')).then(async (app) => [app, await typecheck(join(APP, 'tsconfig.node.json'))]);
  built = await buildApp(APP, DIST);
  site = serveStatic(DIST, served);
  siteUrl = await listen(site);
  browser = await launchChromium();
  page = await browser.newPage();
  page.on('console', (m) => {
    // Chromium logs each answer of 4xx/5xx status; the error state asks for those on purpose.
    if (m.type() === 'error' && !/^Failed to load resource: the server responded with a status of \d+/.test(m.text()))
      problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} (${r.failure()?.errorText ?? ''})`));
  page.on('request', (r) => {
    const at = r.url();
    if (!at.startsWith(siteUrl)) elsewhere.push(at);
    else if (at.startsWith(`${siteUrl}/figma/`)) calls.push(`${r.method()} ${at.slice(siteUrl.length + '/figma'.length)}`);
  });
});

afterAll(async () => {
  await browser?.close();
  await close(site);
  rmSync(TMP, { recursive: true, force: true });
});

describe("the Figma example application, on Figma's published contract", () => {
  it('has the generated code its contract produces', async () => {
    let out = '';
    expect(await runCheck({ cwd: APP, quiet: true, write: (t) => (out += t) }), out).toBe(0);
  });

  it("type-checks under the Vite react-ts template's flags", async () => {
    const config = JSON.parse(readFileSync(join(APP, 'tsconfig.app.json'), 'utf8').replace(/\/\*.*?\*\//g, '')) as { compilerOptions: Record<string, unknown> };
    expect(config.compilerOptions).toMatchObject({
      strict: true,
      noUnusedLocals: true,
      noUnusedParameters: true,
      verbatimModuleSyntax: true,
      erasableSyntaxOnly: true,
      moduleResolution: 'bundler',
      noUncheckedSideEffectImports: true,
    });
    for (const { status, output } of await typechecked) {
      expect(output).toBe('');
      expect(status).toBe(0);
    }
  });

  it('builds with Vite: no node: module, MSW and the validators in a chunk the entry loads only when mocking', () => {
    const sources = built.modules.map((m) => relative(ROOT, m).split(sep).join('/'));
    expect(sources).toEqual(
      expect.arrayContaining([
        'examples/figma-app/src/FilePage.tsx',
        'examples/figma-app/src/api/react-query.js',
        'examples/figma-app/src/api/sdk.js',
        'examples/figma-app/src/api/msw.js',
        'examples/figma-app/src/api/mock-tables.js',
        'examples/figma-app/src/api/validators.js',
      ]),
    );
    const entry = built.entryModules.map((m) => relative(ROOT, m).split(sep).join('/'));
    expect(entry).toContain('examples/figma-app/src/FilePage.tsx');
    expect(entry.filter((s) => /\/api\/(?:msw|mock-tables|validators|server|mocks)\.js$/.test(s) || s.includes('node_modules/msw/'))).toEqual([]);
    expect(sources.filter((s) => /\/api\/(?:server|mocks)\.js$/.test(s))).toEqual([]);
    expect(readFileSync(join(DIST, 'mockServiceWorker.js'), 'utf8')).toContain('addEventListener');
    for (const file of filesUnder(DIST).filter((f) => f.endsWith('.js')))
      expect(NODE_IMPORT.test(readFileSync(file, 'utf8')), relative(DIST, file)).toBe(false);
  });

  it('shows the file and its comments in Chromium with realistic mocked data, and a posted comment in the list', async () => {
    await page.goto(`${siteUrl}/?file=${FILE_KEY}`, { waitUntil: 'load', timeout: 30_000 });
    const name = (await page.getByTestId('file-name').textContent({ timeout: 15_000 })) ?? '';
    await page.getByTestId('no-comments').waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // A name a designer would accept: words, not the schema's type or an empty string.
    expect(name).toMatch(/\p{L}{3,}/u);
    expect(name).not.toMatch(/^(?:string|value|name|file)$/i);
    expect(name.toLowerCase()).not.toContain('string');
    // The thumbnail loads.
    const thumbnail = page.getByRole('img', { name: `Thumbnail of ${name}` });
    await expect.poll(() => thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);

    const posted = ['The pricing cards need 24px between them', 'Approved for the launch, thanks!'];
    for (const message of posted) await postComment(message);
    await page.getByTestId('status').filter({ hasText: 'idle' }).waitFor({ timeout: 15_000 });
    const comments = await shownComments();
    expect(comments.map((c) => c.message)).toEqual(posted);
    for (const c of comments) {
      expect(c.author).toMatch(/\p{L}{2,}/u);
      expect(c.author).not.toMatch(/^(?:string|value|handle)$/i);
      expect(Number.isNaN(Date.parse(c.at))).toBe(false);
      expect(c.avatar).not.toBe('string');
    }
    // Dates spread in time: each comment was posted after the one before.
    const times = comments.map((c) => Date.parse(c.at));
    expect(times[1]! > times[0]!, comments.map((c) => c.at).join(', ')).toBe(true);
    // No placeholder text anywhere on the page.
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(/\bstring\b/);
    // The stateful mock in the page holds both comments; each post was followed by a list.
    const held = await page.evaluate(async (key) => {
      const res = await fetch(`/figma/v1/files/${key}/comments`, { headers: { 'X-Figma-Token': 'figd_test' } });
      return ((await res.json()) as { comments: Array<{ message: string }> }).comments.map((c) => c.message);
    }, FILE_KEY);
    expect(held).toEqual(posted);
    expect(calls.filter((c) => c === `POST /v1/files/${FILE_KEY}/comments`)).toHaveLength(2);
    expect(calls.filter((c) => c === `GET /v1/files/${FILE_KEY}/comments`).length).toBeGreaterThanOrEqual(3);
    expect(served.filter((p) => p.startsWith('/figma'))).toEqual([]);
    expect(problems).toEqual([]);
    expect(elsewhere).toEqual([]);
  });

  it("shows the message of the mock's error body when the file is not found", async () => {
    const before = calls.length;
    await page.goto(`${siteUrl}/?file=${FILE_KEY}&prefer=${encodeURIComponent('code=404')}`, { waitUntil: 'load', timeout: 30_000 });
    const alert = page.getByTestId('file-error');
    await alert.waitFor({ timeout: 15_000 });
    // What the mock answers for the same request, read in the page.
    const body = await page.evaluate(async (key) => {
      const res = await fetch(`/figma/v1/files/${key}?depth=1`, { headers: { 'X-Figma-Token': 'figd_test', Prefer: 'code=404' } });
      return { status: res.status, body: (await res.json()) as { status: number; err: string } };
    }, FILE_KEY);
    expect(body.status).toBe(404);
    expect(body.body.status).toBe(404);
    expect(body.body.err).not.toBe('string');
    expect(body.body.err.length).toBeGreaterThan(5);
    const shown = (await alert.textContent()) ?? '';
    expect(shown).toContain(body.body.err);
    expect(shown).not.toMatch(/status 404$/);
    // The page's request (a 404 is not retried; no comments asked for a file not found), then the test's own.
    expect(calls.slice(before)).toEqual([`GET /v1/files/${FILE_KEY}?depth=1`, `GET /v1/files/${FILE_KEY}?depth=1`]);
    expect(problems).toEqual([]);
    expect(elsewhere).toEqual([]);
  });
});
