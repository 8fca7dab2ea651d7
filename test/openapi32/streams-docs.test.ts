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
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildModel } from '../../src/contract/model.js';
import { generateSpec } from '../../src/pipeline/generate.js';
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
      expect(ts, id).toMatch(/= await client\.(?:GET|POST)\([\s\S]*else for await \(const item of data\) console\.log\(item\);/);
    }
    const sse = shown(section(page, 'createCompletion'));
    expect(sse).toContain("-H 'Accept: text/event-stream'");
    expect(sse).toMatch(/, stream=True\)\nfor line in response\.iter_lines\(decode_unicode=True\):\n    print\(line\)<\/code>/);
  });

  it('give TypeScript samples (the generated client, its data the items) that compile under tsc --strict', async () => {
    await generateSpec(
      { path: SPEC, api: 'llm', out: join(TMP, 'generated', 'llm'), targets: ['types', 'client'], strict: true },
      { cacheDir: join(TMP, 'cache'), force: true },
    );
    const files: string[] = [];
    for (const id of ['createCompletion', 'followJobLog', 'watchJobProgress']) {
      const ts = /<figure class="sample" data-lang="typescript">[\s\S]*?<code>([\s\S]*?)<\/code>/.exec(section(page, id))?.[1] ?? '';
      const file = join(TMP, `${id}.mts`);
      writeFileSync(file, `${shown(ts)}\nexport {};\n`);
      files.push(file);
    }
    writeFileSync(
      join(TMP, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2022', 'DOM'],
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: [],
          paths: { '@specforge/runtime/*': [join(ROOT, 'src', 'runtime', 'entry', '*.ts')] },
        },
        files,
      }),
    );
    const r = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(TMP, 'tsconfig.json')], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  }, 120_000);

  it('give fetch samples that read the items as the server sends them (run by node against a server on 127.0.0.1)', async () => {
    const bodies: Record<string, [string, string]> = {
      '/v1/completions': [
        'text/event-stream',
        ': hello\n\nevent: delta\nid: 1\ndata: {"index":0,\ndata: "text":"Hel"}\n\nevent: done\ndata: {"index":1,"text":""}\n\n',
      ],
      log: ['application/jsonl', '{"at":"2026-01-01T00:00:00Z","level":"info","message":"a"}\n{"at":"2026-01-01T00:00:01Z","level":"warn","message":"b"}\n'],
      progress: ['application/json-seq', '\x1e{"percent":10}\n\x1e{"percent":100,"stage":"done"}\n'],
    };
    const server = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      const [type, body] = bodies[path.startsWith('/v1/jobs/') ? (path.split('/').pop() ?? '') : path] ?? ['text/plain', ''];
      req.resume();
      res.writeHead(200, { 'content-type': type });
      // In two parts, split inside an item: the sample must join them.
      res.write(body.slice(0, 20));
      setTimeout(() => res.end(body.slice(20)), 20);
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const outputs: Record<string, string> = {};
      for (const id of ['createCompletion', 'followJobLog', 'watchJobProgress']) {
        const code = shown(/<figure class="sample" data-lang="fetch">[\s\S]*?<code>([\s\S]*?)<\/code>/.exec(section(page, id))?.[1] ?? '');
        const run = spawn(process.execPath, ['--input-type=module', '-e', code.replaceAll('http://127.0.0.1:4010', origin)], {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        run.stdout.on('data', (c: Buffer) => (out += c.toString()));
        run.stderr.on('data', (c: Buffer) => (out += c.toString()));
        const status = await new Promise<number | null>((ok) => run.on('close', ok));
        expect(status, `${id}: ${out}`).toBe(0);
        outputs[id] = out;
      }
      expect(outputs['createCompletion']).toContain("{ event: 'delta', id: '1', data: { index: 0, text: 'Hel' } }");
      expect(outputs['createCompletion']).toContain("{ event: 'done', data: { index: 1, text: '' } }");
      // The comment (": hello") is no event.
      expect(outputs['createCompletion']?.trim().split('\n')).toHaveLength(2);
      expect(outputs['followJobLog']).toContain("message: 'b'");
      expect(outputs['watchJobProgress']).toContain("{ percent: 100, stage: 'done' }");
    } finally {
      server.closeAllConnections();
      await new Promise<void>((ok) => server.close(() => ok()));
    }
  }, 60_000);

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
