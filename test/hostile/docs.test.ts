/**
 * Published docs hold only what a contract says, never what it would make a reader's browser do:
 * descriptions go through an allow-list sanitizer (no meta refresh, base, form, iframe, object,
 * event handler or javascript:/data:/vbscript: link), and a page built from a hostile contract,
 * opened in Chromium, neither navigates away nor runs script nor sends a request anywhere.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve, sep } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocs } from '../../src/cli/commands/docs.js';
import { HEADERS, HEADERS_FILE } from '../../src/docs/build.js';
import { sanitizeDescription, sanitizeForDocs } from '../../src/docs/sanitize.js';
import { launchChromium } from '../support/chromium.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `hostile-docs-${process.pid}`);
const FIXTURE = join(ROOT, 'test', 'fixtures', 'hostile-docs', 'openapi.yaml');
const LIFETIME_MS = 5 * 60_000;

/** What must never reach a page (its HTML or the contract state Redoc hydrates from). */
const FORBIDDEN = [
  /<meta[^>]*http-equiv="?refresh/i,
  /<base\b/i,
  /<form\b/i,
  /<iframe\b/i,
  /<object\b/i,
  /<embed\b/i,
  /<link[^>]*stylesheet[^>]*127\.0\.0\.1/i,
  /<svg[^>]*onload/i,
  /PHN2ZyBvbmxvYWQ9YWxlcnQoMSk/,
  /<script>window/i,
  /javascript:/i,
  /vbscript:/i,
  /srcdoc/i,
  /formaction/i,
  /\bonerror\s*=/i,
  /\bontoggle\s*=/i,
  /\bonload\s*=\s*"/i,
  /127\.0\.0\.1:\d+\/(?:meta|base|form|object|embed|link|style)/,
];

describe('sanitizeDescription', () => {
  it.each([
    ['<meta http-equiv="refresh" content="0;url=https://evil.example/">text', 'text'],
    ['<base href="https://evil.example/">text', 'text'],
    ['<form action="https://evil.example/"><button formaction="https://evil.example/">go</button></form>', 'go'],
    ['<iframe srcdoc="<script>alert(1)</script>"></iframe>text', 'text'],
    ['<img src="x" onerror="alert(1)">', '<img src="x" />'],
    ['<svg onload="alert(1)"><circle r="1"/></svg>text', 'text'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt&#58;alert(1)">x</a>', '<a>x</a>'],
    ['<object data="x"></object><embed src="x"><link rel="stylesheet" href="x"><style>*{}</style><script>alert(1)</script>ok', 'ok'],
    ['<p style="background:url(x)" onclick="alert(1)">p</p>', '<p>p</p>'],
  ])('%s', (input, expected) => {
    expect(sanitizeDescription(input)).toBe(expected);
  });

  it('points Markdown links and images with unsafe schemes at "#", entities and blanks included', () => {
    expect(sanitizeDescription('[a](javascript:alert(1)) [b](jav&#x61;script:alert(1)) ![c](data:image/png;base64,AAAA) [d](vbscript:x)')).toBe(
      '[a](#) [b](#) ![c](#) [d](#)',
    );
    expect(sanitizeDescription('[ref]: javascript:alert(1)\n[ok]: https://example.org')).toBe('[ref]: #\n[ok]: https://example.org');
    expect(sanitizeDescription('[a](https://example.org/x) [b](/relative) [c](mailto:a@example.org)')).toBe(
      '[a](https://example.org/x) [b](/relative) [c](mailto:a@example.org)',
    );
  });

  it('keeps Markdown without markup byte for byte, and quotes, code and autolinks next to markup', () => {
    const plain = '# Title\n\n> a quote\n\n`a && b < c`\n\n| a | b |\n|---|---|\n| 1 | 2 |\n';
    expect(sanitizeDescription(plain)).toBe(plain);
    expect(sanitizeDescription('<b>bold</b>\n> quote `a && b` <https://example.org>')).toBe(
      '<b>bold</b>\n> quote `a && b` [https://example.org](https://example.org)',
    );
  });

  it('sanitizes every description of a document and its unsafe link addresses, and leaves examples alone', () => {
    const doc = {
      info: { description: '<meta http-equiv="refresh" content="0">i', contact: { url: 'javascript:alert(1)' }, termsOfService: 'https://example.org/tos' },
      paths: { '/a': { get: { description: '<form>f</form>', responses: { '200': { description: '<img src=x onerror=alert(1)>' } } } } },
      components: { schemas: { A: { type: 'string', description: '<script>alert(1)</script>s', example: '<script>kept as data</script>' } } },
    };
    const out = sanitizeForDocs(doc) as typeof doc;
    expect(out.info.description).toBe('i');
    expect(out.info.contact.url).toBe('#');
    expect(out.info.termsOfService).toBe('https://example.org/tos');
    expect(out.paths['/a'].get.description).toBe('f');
    expect(out.paths['/a'].get.responses['200'].description).toBe('<img src="x" />');
    expect(out.components.schemas.A.description).toBe('s');
    expect(out.components.schemas.A.example).toBe('<script>kept as data</script>');
  });
});

/** Each renderer's pages of the hostile contract, and what shows that a page has rendered. */
const RENDERERS = [
  { renderer: 'static', pages: ['hostile/index.html', 'hostile/things.html', 'hostile/schemas.html'], ready: 'main' },
  { renderer: 'redocly', pages: ['hostile.html'], ready: '#api-content' },
] as const;

describe.each(RENDERERS)('docs pages ($renderer renderer) built from a hostile contract, in Chromium', ({ renderer, pages, ready }) => {
  let attacker: Server;
  let attackerHits: string[];
  let site: Server;
  let origin: string;
  let browser: Browser;
  const siteDir = join(TMP, `site-${renderer}`);

  beforeAll(async () => {
    mkdirSync(TMP, { recursive: true });
    attackerHits = [];
    attacker = createServer((req, res) => {
      attackerHits.push(req.url ?? '');
      res.end('<script>parent.__pwned = "attacker"</script>');
    });
    await new Promise<void>((ok) => attacker.listen(0, '127.0.0.1', ok));
    setTimeout(() => attacker.closeAllConnections(), LIFETIME_MS).unref();
    const attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
    const project = join(TMP, `project-${renderer}`);
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, 'openapi.yaml'), readFileSync(FIXTURE, 'utf8').replaceAll('ATTACKER', attackerOrigin));
    writeFileSync(join(project, 'specforge.config.yaml'), 'specs:\n  - path: openapi.yaml\n    api: hostile\n');
    expect(await runDocs({ cwd: project, out: siteDir, renderer, write: () => undefined })).toBe(0);
    site = createServer((req, res) => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
      const file = resolve(siteDir, '.' + path);
      if (!file.startsWith(siteDir + sep) || !existsSync(file) || !statSync(file).isFile()) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': file.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8' }).end(readFileSync(file));
    });
    await new Promise<void>((ok) => site.listen(0, '127.0.0.1', ok));
    setTimeout(() => site.closeAllConnections(), LIFETIME_MS).unref();
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    browser = await launchChromium();
    setTimeout(() => void browser.close(), LIFETIME_MS).unref();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    for (const s of [site, attacker]) {
      if (!s) continue;
      s.closeAllConnections();
      await new Promise<void>((ok) => s.close(() => ok()));
    }
    rmSync(siteDir, { recursive: true, force: true });
  });

  it('holds none of the payloads, in its markup or in the state Redoc hydrates from', () => {
    const html = pages
      .map((p) => readFileSync(join(siteDir, p), 'utf8'))
      .join('\n')
      .replace(/\\u003c/gi, '<')
      .replace(/\\"/g, '"');
    for (const pattern of FORBIDDEN) expect(html, String(pattern)).not.toMatch(pattern);
    // The text around the payloads is still there.
    expect(html).toContain('tag text');
    expect(html).toContain('safe link');
  });

  it('carries a policy with base-uri and form-action, and a _headers file with what a <meta> policy cannot set', () => {
    for (const p of pages) {
      const html = readFileSync(join(siteDir, p), 'utf8');
      const csp = (/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '').replace(/&#39;/g, "'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("form-action 'none'");
      // specforge's own pages: no inline script or style at all.
      if (renderer === 'static') expect(csp).toMatch(/script-src 'self'; style-src 'self';/);
    }
    expect(readFileSync(join(siteDir, HEADERS_FILE), 'utf8')).toBe(HEADERS);
    expect(HEADERS).toContain("frame-ancestors 'none'");
  });

  it.each(pages)('%s neither navigates, nor runs script, nor sends a request, even when its links and buttons are clicked', async (file) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const navigations: string[] = [];
    const external: string[] = [];
    page.on('framenavigated', (f) => navigations.push(f.url()));
    page.on('dialog', (d) => {
      external.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
    await context.route('**/*', async (route) => {
      const url = route.request().url();
      if (url.startsWith(`${origin}/`)) return route.continue();
      external.push(url);
      return route.abort('blockedbyclient');
    });
    const url = `${origin}/${file}`;
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForSelector(ready, { timeout: 30_000 });
    // A meta refresh of 0 s would have fired by now; give a slow machine room.
    await page.waitForTimeout(2_000);
    for (const selector of [
      'a[href^="javascript"]',
      '#hostile-js',
      '#hostile-submit',
      'button:has-text("go")',
      'a:has-text("click me")',
      'a:has-text("entity")',
    ]) {
      const target = page.locator(selector).first();
      if ((await target.count()) > 0) await target.click({ timeout: 2_000 }).catch(() => undefined);
    }
    await page.waitForTimeout(500);
    expect(page.url().split('#')[0]).toBe(url);
    expect(navigations.map((u) => u.split('#')[0]).filter((u) => u !== url && u !== 'about:blank')).toEqual([]);
    expect(await page.evaluate(() => (globalThis as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(await page.locator('iframe, form, base, object, embed, svg[onload], [onerror], [srcdoc]').count()).toBe(0);
    expect(external).toEqual([]);
    expect(attackerHits).toEqual([]);
    await context.close();
  });
});
