/**
 * The reader's figures of bench/docs.bench.ts, the same for each renderer (specforge's static pages,
 * Redoc, Scalar): first paint, an operation in view after opening its address at 1280x800 and at
 * 390x844 (touch), the JS heap once it is, and search (how many of the search terms of
 * docs/benchmarks.md rank their operation first, and the median time from typing to the first
 * result). Every time is read in the page from its navigation's start; requests outside the site
 * are aborted (offline).
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';

export interface Viewport {
  width: number;
  height: number;
  phone: boolean;
}

export const DESKTOP: Viewport = { width: 1280, height: 800, phone: false };
export const PHONE: Viewport = { width: 390, height: 844, phone: true };

/** How to find an operation's element: a CSS selector, or an id pattern (a renderer whose anchors the bench cannot name before it draws). */
export interface OperationFinder {
  selector?: string;
  idPattern?: string;
  /** Scroll the element into view once it exists (the renderer's address does not). */
  scroll?: boolean;
}

export interface ReaderFigures {
  firstPaintMs: number;
  inViewMs: number;
  heapMb: number;
  timedOut: boolean;
}

export interface SearchTerm {
  term: string;
  id: string;
  method: string;
  path: string;
  summary: string;
  /** specforge: the operation's address in the site (page and anchor). */
  href?: string;
}

export interface SearchFigures {
  right: number;
  of: number;
  medianMs: number;
  note?: string;
}

/** The search terms of docs/benchmarks.md ("### Search terms") for one API. */
export function searchTerms(benchmarksMd: string, api: string): { term: string; id: string }[] {
  const section = benchmarksMd.slice(benchmarksMd.indexOf('### Search terms'));
  const table = section.slice(0, section.indexOf('\n\n', section.indexOf('| API | term |')));
  return table.split('\n').flatMap((line) => {
    const cells = line.split('|').map((c) => c.trim());
    return cells.length === 5 && cells[1] === api ? [{ term: cells[2] as string, id: cells[3] as string }] : [];
  });
}

/** Each operation of a description by operationId: method, path, summary. */
export function operationsOf(file: string): Map<string, { method: string; path: string; summary: string }> {
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { paths?: Record<string, Record<string, { operationId?: string; summary?: string }>> };
  const out = new Map<string, { method: string; path: string; summary: string }>();
  for (const [path, item] of Object.entries(doc.paths ?? {}))
    for (const [method, op] of Object.entries(item))
      if (typeof op === 'object' && op !== null && typeof op.operationId === 'string')
        out.set(op.operationId, { method: method.toUpperCase(), path, summary: op.summary ?? '' });
  return out;
}

async function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((ok) => (timer = setTimeout(() => ok(fallback), ms)));
  try {
    return await Promise.race([promise.catch(() => fallback), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function offlineContext(browser: Browser, viewport: Viewport): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.phone,
    hasTouch: viewport.phone,
    serviceWorkers: 'block',
  });
  await context.route('**/*', (route) =>
    /^(?:http:\/\/127\.0\.0\.1[:/]|file:|data:|blob:)/.test(route.request().url()) ? route.continue() : route.abort('blockedbyclient'),
  );
  return context.newPage();
}

/** Opens `url` in a fresh context and reads when the operation's element is first drawn in the viewport. */
export async function operationInView(browser: Browser, url: string, finder: OperationFinder, viewport: Viewport, timeoutMs: number): Promise<ReaderFigures> {
  const page = await offlineContext(browser, viewport);
  const context = page.context();
  try {
    await context.addInitScript((f: OperationFinder) => {
      const w = globalThis as unknown as { __inViewAt?: number };
      const pattern = f.idPattern !== undefined ? new RegExp(f.idPattern, 'i') : undefined;
      let scrolled = false;
      const find = (): Element | null => {
        if (f.selector !== undefined) return document.querySelector(f.selector);
        if (pattern === undefined) return null;
        for (const e of Array.from(document.querySelectorAll('[id]'))) if (pattern.test(e.id)) return e;
        return null;
      };
      const timer = setInterval(() => {
        const e = find();
        if (e === null) return;
        if (f.scroll === true && !scrolled) {
          scrolled = true;
          e.scrollIntoView();
        }
        const r = e.getBoundingClientRect();
        if (r.height > 0 && r.top >= -2 && r.top < innerHeight) {
          w.__inViewAt = performance.now();
          clearInterval(timer);
        }
      }, 50);
    }, finder);
    const cdp = await context.newCDPSession(page);
    let timedOut = false;
    await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs }).catch(() => (timedOut = true));
    if (!timedOut)
      await page
        .waitForFunction(() => (globalThis as unknown as { __inViewAt?: number }).__inViewAt !== undefined, undefined, { timeout: timeoutMs, polling: 100 })
        .catch(() => (timedOut = true));
    const read = await within(
      page.evaluate(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0] ?? performance.getEntriesByName('first-paint')[0];
        return { paint: paint?.startTime ?? Number.NaN, inView: (globalThis as unknown as { __inViewAt?: number }).__inViewAt ?? Number.NaN };
      }),
      15_000,
      { paint: Number.NaN, inView: Number.NaN },
    );
    await within(cdp.send('HeapProfiler.collectGarbage'), 15_000, undefined);
    const heap = await within(cdp.send('Runtime.getHeapUsage') as Promise<{ usedSize: number }>, 15_000, undefined);
    // In view means drawn: not before the first paint.
    return {
      firstPaintMs: read.paint,
      inViewMs: timedOut ? Number.POSITIVE_INFINITY : Math.max(read.inView, read.paint),
      heapMb: heap !== undefined ? heap.usedSize / 1e6 : Number.NaN,
      timedOut,
    };
  } finally {
    await within(context.close(), 30_000, undefined);
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : (s[Math.floor(s.length / 2)] as number);
}

/** Whether a result's text and address name the operation: its operationId in the address, else its summary, else its method and path. */
function names(result: { href: string; text: string }, t: SearchTerm): boolean {
  if (result.href.includes(t.id) || result.href.includes(encodeURIComponent(t.id))) return true;
  const text = result.text.replace(/\s+/g, ' ');
  if (t.summary !== '' && text.includes(t.summary)) return true;
  const path = t.path.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
  return new RegExp(`${t.method}\\s*${path}(?![\\w/{])`, 'i').test(text);
}

/** The first result's address and text once the results show `term` (polled), with the time from typing. */
async function firstResult(page: Page, item: string, term: string, timeoutMs: number): Promise<{ href: string; text: string; ms: number } | undefined> {
  // Typed into the focused search field (the dialogs focus theirs), the previous term erased first.
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await page.waitForTimeout(300);
  await page.keyboard.type(term);
  const started = Date.now();
  const deadline = started + timeoutMs;
  let last = '';
  let stableSince = Date.now();
  while (Date.now() < deadline) {
    const first = await page
      .$eval(item, (e) => ({ href: e.getAttribute('href') ?? e.querySelector('a')?.getAttribute('href') ?? '', text: e.textContent ?? '' }))
      .catch(() => undefined);
    const key = first === undefined ? '' : first.href + first.text;
    if (key !== last) {
      last = key;
      stableSince = Date.now();
    } else if (first !== undefined && Date.now() - stableSince >= 400) return { ...first, ms: stableSince - started };
    await page.waitForTimeout(50);
  }
  return undefined;
}

/** The search terms typed into a renderer's search; specforge's is timed in the page (its search is synchronous once its index is read). */
export async function searchFigures(browser: Browser, renderer: string, url: string, terms: SearchTerm[], timeoutMs: number): Promise<SearchFigures> {
  const page = await offlineContext(browser, DESKTOP);
  try {
    await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
    if (renderer !== 'specforge')
      await within(
        page.evaluate(() => 0),
        timeoutMs,
        0,
      );
    const times: number[] = [];
    let right = 0;
    if (renderer === 'specforge') {
      await page.waitForSelector('.search:not([hidden])', { timeout: timeoutMs });
      await page.focus('#search-input');
      await page.waitForFunction(() => (globalThis as unknown as { specforgeSearchIndex?: unknown }).specforgeSearchIndex !== undefined, undefined, {
        timeout: timeoutMs,
      });
      for (const t of terms) {
        const r = await page.evaluate((value) => {
          const input = document.querySelector('#search-input') as HTMLInputElement;
          const started = performance.now();
          input.value = value;
          input.dispatchEvent(new Event('input', { bubbles: true }));
          return { ms: performance.now() - started, href: document.querySelector('.search ol a')?.getAttribute('href') ?? '' };
        }, t.term);
        times.push(r.ms);
        if (t.href !== undefined && r.href.endsWith(t.href.slice(t.href.indexOf('#')))) right++;
      }
      return { right, of: terms.length, medianMs: median(times) };
    }
    // Redoc: a search trigger opens a dialog; Scalar: a search button (or "/") opens its search.
    const ui =
      renderer === 'redocly'
        ? {
            open: '[data-testid="search-trigger"]',
            input: '[data-testid="search-dialog"]',
            item: '[data-testid="search-item"]',
          }
        : {
            open: 'button:has-text("Search")',
            input: '[role="dialog"] input, input[type="search"]',
            item: '[role="dialog"] [role="option"], [role="listbox"] [role="option"]',
          };
    const trigger = await page.waitForSelector(ui.open, { timeout: timeoutMs }).catch(() => null);
    if (trigger === null) return { right: 0, of: terms.length, medianMs: Number.NaN, note: 'no search field shown' };
    // Redoc's trigger says "Loading..." until its index is built.
    await page
      .waitForFunction((sel) => !(document.querySelector(sel)?.textContent ?? '').includes('Loading'), ui.open, { timeout: timeoutMs, polling: 250 })
      .catch(() => undefined);
    await trigger.click({ timeout: 10_000 }).catch(() => undefined);
    if ((await page.waitForSelector(ui.input, { timeout: 10_000 }).catch(() => null)) === null)
      return { right: 0, of: terms.length, medianMs: Number.NaN, note: 'the search field did not open' };
    for (const t of terms) {
      // A renderer still busy answers no command: each term is given 15 s in all.
      const r = await within(firstResult(page, ui.item, t.term, 10_000), 15_000, undefined);
      if (r === undefined) continue;
      times.push(r.ms);
      if (names(r, t)) right++;
    }
    return { right, of: terms.length, medianMs: median(times) };
  } catch (e) {
    return { right: 0, of: terms.length, medianMs: Number.NaN, note: `not measured: ${(e as Error).message.split('\n')[0] ?? ''}` };
  } finally {
    await within(page.context().close(), 30_000, undefined);
  }
}
