/**
 * The docs of an OpenAPI 3.2 stream (test/fixtures/openapi32/llm-streams.yaml): the item schema is
 * shown as "Each item" (not as the whole body), the examples are framed as they go on the wire (a
 * server-sent event as `event:`/`id:`/`data:` lines, JSON Lines one JSON per line, a JSON text
 * sequence with its record separators), the curl samples read with `--no-buffer`, and the fetch and
 * TypeScript samples iterate the stream; contract text stays escaped. One Chromium check that the
 * built page renders them.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModel } from '../../src/contract/model.js';
import { sanitizeForDocs } from '../../src/docs/sanitize.js';
import { writeContractSite } from '../../src/docs/site/site.js';
import { launchChromium } from '../support/chromium.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = resolve(ROOT, 'test', '.tmp', `streams-docs-${process.pid}`);
const FIXTURE = join(ROOT, 'test', 'fixtures', 'openapi32', 'llm-streams.yaml');
const SPEC = join(TMP, 'openapi.yaml');
let pageFile = '';
let page = '';

/** The built page's text of one operation's section. */
function section(html: string, operationId: string): string {
  const start = html.indexOf(`<section class="op" id="op-${operationId}"`);
  expect(start, operationId).toBeGreaterThanOrEqual(0);
  const end = html.indexOf('</section>', start);
  return html.slice(start, end);
}

/** Text as the page shows it in a code block (the entities of escapeHtml undone). */
function shown(html: string): string {
  return html
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  copyFileSync(FIXTURE, SPEC);
  // Contract text that reads like markup, in a stream's item schema and example: escaped as any.
  const hostile = readFileSync(SPEC, 'utf8').replace("text: 'lo' }", "text: '<img src=x onerror=alert(1)>' }");
  writeFileSync(SPEC, hostile.replace('stage: { type: string }', 'stage: { type: string, description: "<script>alert(2)</script>" }'));
  const model = await buildModel(SPEC);
  const out = join(TMP, 'site');
  writeContractSite({ out, api: 'llm', model, document: sanitizeForDocs(model.document), extraLinks: [], hasTheme: false });
  const dir = join(out, 'llm');
  const files = readdirSync(dir).filter((f) => f.endsWith('.html'));
  const file = files.find((f) => readFileSync(join(dir, f), 'utf8').includes('id="op-createCompletion"'));
  expect(file).toBeDefined();
  pageFile = join(dir, file ?? '');
  // The operations may be on pages of their own: every page, read as one.
  page = files.map((f) => readFileSync(join(dir, f), 'utf8')).join('\n');
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('docs of an OpenAPI 3.2 stream', () => {
  it('show the item schema as "Each item", and the examples framed for their media type', () => {
    const sse = section(page, 'createCompletion');
    expect(sse).toContain('Each item');
    expect(sse).toMatch(/stream of server-sent events/);
    // The example's items, framed: one event per item, its JSON data on a data: line.
    const framed = shown(sse);
    expect(framed).toContain('event: delta\nid: 1\ndata: {"index":0,"text":"Hel"}\n\n');
    expect(framed).toContain('event: done\nid: 3\ndata: {"index":2,"text":"","finish_reason":"stop"}');
    const log = section(page, 'followJobLog');
    expect(log).toContain('Each item');
    expect(log).toMatch(/stream of JSON Lines/);
    // No example: a sampled item, one JSON per line.
    expect(shown(log)).toMatch(/<code>\{"at":"[^"\n]*","level":"[a-z]+","message":"[^"\n]*"\}\n/);
    const progress = section(page, 'watchJobProgress');
    expect(progress).toContain('Each item');
    expect(shown(progress)).toMatch(/␞\{"percent":\d+/);
  });

  it('give curl samples with --no-buffer and fetch and TypeScript samples that iterate the stream', () => {
    for (const id of ['createCompletion', 'followJobLog', 'watchJobProgress']) {
      const html = shown(section(page, id));
      const curl = /<figure class="sample" data-lang="curl">[\s\S]*?<\/figure>/.exec(html)?.[0] ?? '';
      expect(curl, id).toMatch(/^<figure[^>]*><figcaption>curl<\/figcaption><pre[^>]*><code>curl --no-buffer /);
      const fetchSample = /<figure class="sample" data-lang="fetch">[\s\S]*?<\/figure>/.exec(html)?.[0] ?? '';
      expect(fetchSample, id).toContain('getReader()');
      expect(fetchSample, id).not.toContain('await response.json()');
      const ts = /<figure class="sample" data-lang="typescript">[\s\S]*?<\/figure>/.exec(html)?.[0] ?? '';
      expect(ts, id).toMatch(/for await \(const item of /);
    }
    const sse = shown(section(page, 'createCompletion'));
    expect(sse).toContain("-H 'Accept: text/event-stream'");
  });

  it('escape contract text in items and item schemas', () => {
    expect(page).not.toContain('<img src=x');
    expect(page).not.toContain('<script>alert(2)');
    expect(section(page, 'createCompletion')).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('render in Chromium: "Each item" and the framed event lines are on the page', async () => {
    const browser = await launchChromium();
    try {
      const tab = await browser.newPage();
      const requests: string[] = [];
      tab.on('request', (r) => {
        if (!r.url().startsWith('file:')) requests.push(r.url());
      });
      await tab.goto(pathToFileURL(pageFile).href);
      const op = tab.locator('#op-createCompletion');
      await op
        .locator('details.response')
        .first()
        .evaluate((d) => d.setAttribute('open', ''));
      await expect.poll(async () => op.getByText('Each item').first().isVisible()).toBe(true);
      const framed = await op.locator('pre.stream-framed code').first().innerText();
      expect(framed).toContain('event: delta\nid: 1\ndata: {"index":0,"text":"Hel"}');
      const curl = await op.locator('figure.sample[data-lang="curl"] code').innerText();
      expect(curl.startsWith('curl --no-buffer ')).toBe(true);
      expect(requests).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
