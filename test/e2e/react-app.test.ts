/**
 * The React example application (examples/react-app) as its users run it: its generated client is
 * what its contract produces (`specforge check` over the example's config), it type-checks under
 * `tsc --strict`, Vite builds it, its bundle holds no `node:` module, and in headless Chromium
 * (Debian's chromium, driven by playwright-core) it lists, adds and removes items through the
 * generated TanStack Query hooks against specforge's stateful mock (`mock --stateful --cors`),
 * whose state afterwards is what the page shows.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, relative, resolve, sep } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../src/cli/commands/generate.js';
import { runMock } from '../../src/cli/commands/mock.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const APP = join(ROOT, 'examples', 'react-app');
const TMP = join(ROOT, 'test', '.tmp', `react-app-${process.pid}`);
const DIST = join(TMP, 'dist');
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** What a browser build must not hold: an import of a Node.js module, or Vite's stand-in for one. */
const NODE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["'`]node:[\w/]+["'`]|__vite-browser-external/;

let modules: string[] = [];
let mock: Server;
let mockUrl: string;
let site: Server;
let siteUrl: string;
let browser: Browser;
let typecheck: Promise<{ status: number | null; output: string }>;

function listen(server: Server): Promise<string> {
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

function close(server: Server | undefined): Promise<void> {
  return new Promise((done) => {
    if (server === undefined) return done();
    server.close(() => done());
    server.closeAllConnections();
  });
}

/** The built files, served as a static host serves them (index.html for `/`). */
function serveDist(): Server {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' };
  return createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = resolve(DIST, `.${path === '/' ? '/index.html' : decodeURIComponent(path)}`);
    let body: Buffer | undefined;
    try {
      if (file.startsWith(DIST + sep) && statSync(file).isFile()) body = readFileSync(file);
    } catch {
      body = undefined;
    }
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': `${types[extname(file)] ?? 'application/octet-stream'}; charset=utf-8` }).end(body);
  });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? filesUnder(join(dir, d.name)) : [join(dir, d.name)]));
}

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  // The type check runs while Vite builds.
  typecheck = new Promise((done) => {
    const child = spawn(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(APP, 'tsconfig.json')], { cwd: ROOT });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (status) => done({ status, output }));
  });
  const result = await build({
    root: APP,
    configFile: join(APP, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir: DIST },
    // As in vitest: generated code imports @specforge/runtime/<entry> from its sources (no build needed).
    resolve: { alias: [{ find: /^@specforge\/runtime\/([a-z]+)$/, replacement: join(ROOT, 'src', 'runtime', 'entry', '$1.ts') }] },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  modules = outputs.flatMap((o) => o.output.flatMap((chunk) => (chunk.type === 'chunk' ? chunk.moduleIds : [])));
  const started = await runMock({ cwd: ROOT, spec: join(APP, 'openapi.yaml'), port: 0, host: '127.0.0.1', stateful: true, cors: true, write: () => undefined });
  mock = started.server;
  mockUrl = `http://127.0.0.1:${(mock.address() as AddressInfo).port}`;
  site = serveDist();
  siteUrl = await listen(site);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 60_000 });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await close(site);
  await close(mock);
  rmSync(TMP, { recursive: true, force: true });
});

describe('the React example application', () => {
  it('has the generated client its contract produces', async () => {
    let out = '';
    expect(await runCheck({ cwd: APP, quiet: true, write: (t) => (out += t) }), out).toBe(0);
  });

  it('type-checks under tsc --strict', async () => {
    const { status, output } = await typecheck;
    expect(output).toBe('');
    expect(status).toBe(0);
  });

  it('builds with Vite into a bundle with no node: module', () => {
    const sources = modules.map((m) => relative(ROOT, m).split(sep).join('/'));
    // The bundle is the application, its generated hooks and SDK, the run-time client, React and TanStack Query.
    expect(sources).toEqual(expect.arrayContaining(['examples/react-app/src/App.tsx', 'examples/react-app/src/api/react-query.ts', 'examples/react-app/src/api/sdk.ts']));
    expect(sources.some((s) => s.includes('node_modules/@tanstack/query-core/'))).toBe(true);
    expect(sources.filter((s) => s.startsWith('node:') || s.includes('__vite-browser-external') || /^(?:fs|path|stream|http|url|buffer|crypto|os|util)$/.test(s))).toEqual([]);
    const scripts = filesUnder(DIST).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) expect(NODE_IMPORT.test(readFileSync(file, 'utf8')), relative(DIST, file)).toBe(false);
  });

  it('lists, adds and removes items in Chromium through the hooks, against the stateful mock', async () => {
    const page: Page = await browser.newPage();
    const problems: string[] = [];
    const elsewhere: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
    page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} (${r.failure()?.errorText ?? ''})`));
    page.on('request', (r) => {
      if (!r.url().startsWith(siteUrl) && !r.url().startsWith(mockUrl)) elsewhere.push(r.url());
    });
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(mockUrl) && r.method() !== 'OPTIONS') apiCalls.push(`${r.method()} ${r.url().slice(mockUrl.length)}`);
    });
    await page.goto(`${siteUrl}/?api=${encodeURIComponent(mockUrl)}`, { waitUntil: 'load', timeout: 30_000 });
    await page.getByTestId('empty').waitFor({ timeout: 15_000 });

    const add = async (name: string, quantity: number): Promise<void> => {
      await page.getByRole('textbox', { name: 'Item' }).fill(name);
      await page.getByRole('spinbutton', { name: 'Quantity' }).fill(String(quantity));
      await page.getByRole('button', { name: 'Add' }).click();
      await page.locator('li', { hasText: name }).waitFor({ timeout: 15_000 });
    };
    await add('apples', 3);
    await add('pears', 2);
    const shown = async (): Promise<string[]> => page.locator('ul[aria-label="Items"] li').evaluateAll((lis) => lis.map((li) => `${li.querySelector('.name')?.textContent} x${li.querySelector('.quantity')?.textContent}`));
    expect(await shown()).toEqual(['apples x3', 'pears x2']);

    await page.getByRole('button', { name: 'Remove apples' }).click();
    await page.locator('li', { hasText: 'apples' }).waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByTestId('status').filter({ hasText: 'idle' }).waitFor({ timeout: 15_000 });
    expect(await shown()).toEqual(['pears x2']);

    // The mock holds what the page shows: the page talked to it, not to a cache of its own.
    const held = (await (await fetch(`${mockUrl}/items`)).json()) as Array<{ id: number; name: string; quantity: number }>;
    expect(held.map((i) => `${i.name} x${i.quantity}`)).toEqual(['pears x2']);
    // Each mutation refetched the list (the hooks invalidate the collection they change).
    expect(apiCalls.filter((c) => c === 'POST /items')).toHaveLength(2);
    expect(apiCalls.filter((c) => /^DELETE \/items\/\d+$/.test(c))).toHaveLength(1);
    expect(apiCalls.filter((c) => c === 'GET /items').length).toBeGreaterThanOrEqual(4);
    expect(problems).toEqual([]);
    expect(elsewhere).toEqual([]);
    await page.close();
  });
});
