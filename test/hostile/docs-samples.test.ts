/**
 * The code samples of the docs are safe to paste: an example value of the contract is data, never
 * a file to read, a URL glob or shell code. The docs are built from a contract whose examples name
 * a local file (`@/path`, `</path`, `--data @/path`), whose path holds a curl glob (`[1-3]`), and
 * whose values carry shell injection payloads; then each curl sample is run by bash against a
 * server on 127.0.0.1, and each Python sample by python3 with a stand-in for `requests`, from a
 * folder holding the placeholder file a reader would choose (`PATH_TO_FILE`). Neither sends the
 * file's content, a glob sends one request, no payload runs, and every value arrives as written.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocs } from '../../src/cli/commands/docs.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `hostile-docs-samples-${process.pid}`);
const CANARY = join(TMP, 'canary.txt');
const CANARY_CONTENT = 'CANARY-CONTENT-7d1f';
const PLACEHOLDER_CONTENT = 'the file the reader chose';
/** Quoting breakers: none may run (each would create PWNED in the working folder). */
const PAYLOADS = ["'; touch PWNED; '", '$(touch PWNED)', '`touch PWNED`', '"; touch PWNED; "', "\\'; touch PWNED #"];
const CURL = existsSync('/usr/bin/curl') ? '/usr/bin/curl' : undefined;

interface Received {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const text = (example: unknown, type = 'string'): Record<string, unknown> => ({ schema: { type }, example });

function contract(port: number): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: { title: 'samples', version: '1' },
    servers: [{ url: `http://127.0.0.1:${port}/v1` }],
    paths: {
      '/upload': {
        post: {
          operationId: 'upload',
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: ['file'],
                  properties: { file: { type: 'string', format: 'binary' }, note: { type: 'string' }, caption: { type: 'string' }, meta: { type: 'object', properties: { tag: { type: 'string' } } } },
                },
                example: { file: `@${CANARY}`, note: `<${CANARY}`, caption: 'x;type=text/html', meta: { tag: `@${CANARY}` } },
              },
            },
          },
          responses: { '200': { description: 'ok' } },
        },
      },
      '/text': { post: { operationId: 'postText', requestBody: { content: { 'text/plain': text(`@${CANARY}`) } }, responses: { '200': { description: 'ok' } } } },
      '/form': {
        post: {
          operationId: 'postForm',
          requestBody: { content: { 'application/x-www-form-urlencoded': { schema: { type: 'object' }, example: { [`@${CANARY}`]: 'v', k: `@${CANARY}`, 'a=b': `<${CANARY}` } } } },
          responses: { '200': { description: 'ok' } },
        },
      },
      '/blob': { put: { operationId: 'putBlob', requestBody: { content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' }, example: `@${CANARY}` } } }, responses: { '200': { description: 'ok' } } } },
      '/items/[1-3]': { get: { operationId: 'globbed', responses: { '200': { description: 'ok' } } } },
      '/shell': {
        post: {
          operationId: 'shell',
          parameters: [
            ...PAYLOADS.map((p, i) => ({ name: `q${i}`, in: 'query', required: true, ...text(p) })),
            ...PAYLOADS.map((p, i) => ({ name: `X-H${i}`, in: 'header', required: true, ...text(p) })),
          ],
          requestBody: { content: { 'application/json': { schema: { type: 'object' }, example: Object.fromEntries(PAYLOADS.map((p, i) => [`k${i}${p}`, `@${CANARY}\n${p}`])) } } },
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  };
}

let server: Server;
let port = 0;
const received: Received[] = [];
/** Each operation's samples by language, read from the built pages. */
const samples = new Map<string, Record<string, string>>();

function unescapeHtml(s: string): string {
  return s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&#x27;/g, "'").replace(/&amp;/g, '&');
}

beforeAll(async () => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(join(TMP, 'api'), { recursive: true });
  mkdirSync(join(TMP, 'cwd'), { recursive: true });
  writeFileSync(CANARY, CANARY_CONTENT);
  writeFileSync(join(TMP, 'cwd', 'PATH_TO_FILE'), PLACEHOLDER_CONTENT);
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('latin1') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  port = (server.address() as AddressInfo).port;
  writeFileSync(join(TMP, 'api', 'openapi.json'), JSON.stringify(contract(port)));
  const site = join(TMP, 'site');
  expect(await runDocs({ cwd: TMP, specs: ['api/openapi.json'], out: site, changelog: false, write: () => undefined })).toBe(0);
  const pages: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (e.name.endsWith('.html')) pages.push(readFileSync(join(dir, e.name), 'utf8'));
    }
  };
  walk(site);
  for (const page of pages) {
    for (const section of page.split('<section class="op" id="').slice(1)) {
      const id = section.slice(0, section.indexOf('"'));
      const byLang: Record<string, string> = {};
      for (const m of section.matchAll(/<figure class="sample" data-lang="([^"]+)"><figcaption>[^<]*<\/figcaption><pre class="code" tabindex="0"><code>([\s\S]*?)<\/code><\/pre><\/figure>/g)) byLang[m[1] as string] = unescapeHtml(m[2] as string);
      samples.set(id, byLang);
    }
  }
}, 60_000);

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((ok) => server.close(() => ok()));
  rmSync(TMP, { recursive: true, force: true });
});

function sampleOf(operationId: string, lang: string): string {
  const s = samples.get(`op-${operationId}`)?.[lang];
  if (s === undefined) throw new Error(`no ${lang} sample for ${operationId} (have ${[...samples.keys()].join(', ')})`);
  return s;
}

/** Runs a sample with bash (curl) from the reader's folder (the server answers meanwhile); what the server received. */
async function runCurl(sample: string): Promise<{ status: number | null; stderr: string; got: Received[] }> {
  const before = received.length;
  const child = spawn('bash', ['-c', sample], { cwd: join(TMP, 'cwd'), stdio: ['ignore', 'ignore', 'pipe'], timeout: 20_000, env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: join(TMP, 'cwd') } });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const status = await new Promise<number | null>((ok) => child.on('close', (code) => ok(code)));
  return { status, stderr, got: received.slice(before) };
}

describe('docs code samples built from hostile examples', () => {
  it('every operation has the four samples, and no other language', () => {
    expect(samples.size).toBe(6);
    for (const [id, byLang] of samples) expect(Object.keys(byLang).sort(), id).toEqual(['curl', 'fetch', 'python', 'typescript']);
  });

  it('curl samples use --globoff, --data-raw and --form-string; a declared binary part names the placeholder file', () => {
    for (const [id, byLang] of samples) {
      const curl = byLang['curl'] ?? '';
      expect(curl, id).toMatch(/^curl --globoff /);
      expect(curl, id).not.toMatch(/ (?:--data|-d|--data-ascii) /);
      // A value starting with @ or < after -F is a file curl would read: only the placeholder may be one.
      for (const m of curl.matchAll(/ -F '([^=']*)=([@<][^']*)'/g)) expect(m[2], id).toBe('@PATH_TO_FILE');
      expect(curl, id).not.toMatch(/--data-binary '@(?!PATH_TO_FILE')/);
      // --data-urlencode reads a file for `name@file` and `@file`: the name is encoded, so `=` comes first.
      for (const m of curl.matchAll(/--data-urlencode '([^']*)'/g)) expect(m[1], id).toMatch(/^[^@=]+=/);
    }
    expect(sampleOf('upload', 'curl')).toContain("-F 'file=@PATH_TO_FILE'");
    expect(sampleOf('upload', 'curl')).toContain(`--form-string 'note=<${CANARY}'`);
    expect(sampleOf('putBlob', 'curl')).toContain("--data-binary '@PATH_TO_FILE'");
  });

  it.skipIf(CURL === undefined)('run by bash, curl reads no local file, sends one request per sample and every value as written', async () => {
    const got: Record<string, Received[]> = {};
    for (const [id, byLang] of samples) {
      const r = await runCurl(byLang['curl'] ?? '');
      expect(r.status, `${id}: ${r.stderr}`).toBe(0);
      got[id] = r.got;
    }
    expect(existsSync(join(TMP, 'cwd', 'PWNED'))).toBe(false);
    for (const [id, list] of Object.entries(got)) {
      // One request each: a glob in the URL would send one per value.
      expect(list.length, id).toBe(1);
      for (const r of list) expect(r.body, id).not.toContain(CANARY_CONTENT);
    }
    const upload = got['op-upload']?.[0];
    expect(upload?.body).toContain(PLACEHOLDER_CONTENT);
    expect(upload?.body).toContain(`<${CANARY}`);
    expect(upload?.body).toContain('x;type=text/html');
    expect(upload?.body).toContain(`@${CANARY}`);
    expect(got['op-postText']?.[0]?.body).toBe(`@${CANARY}`);
    expect(got['op-putBlob']?.[0]?.body).toBe(PLACEHOLDER_CONTENT);
    const form = new URLSearchParams(got['op-postForm']?.[0]?.body ?? '');
    expect([...form]).toEqual([[`@${CANARY}`, 'v'], ['k', `@${CANARY}`], ['a=b', `<${CANARY}`]]);
    expect(got['op-globbed']?.[0]?.url).toBe('/v1/items/[1-3]');
    const shell = got['op-shell']?.[0];
    const url = new URL(shell?.url ?? '', 'http://x');
    PAYLOADS.forEach((p, i) => {
      expect(url.searchParams.get(`q${i}`)).toBe(p);
      expect(shell?.headers[`x-h${i}`]).toBe(p);
    });
    expect(JSON.parse(Buffer.from(shell?.body ?? '', 'latin1').toString('utf8'))).toEqual(Object.fromEntries(PAYLOADS.map((p, i) => [`k${i}${p}`, `@${CANARY}\n${p}`])));
  }, 120_000);

  it('python samples, run with a stand-in for requests, open only the placeholder file', () => {
    const stub = join(TMP, 'pystub');
    mkdirSync(stub, { recursive: true });
    writeFileSync(
      join(stub, 'requests.py'),
      `import json, sys
def _plain(v):
    if hasattr(v, 'read'):
        return {'file': v.name, 'content': v.read().decode('latin1')}
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    return v
class _Response:
    status_code = 200
    text = ''
def request(method, url, **kwargs):
    sys.stderr.write(json.dumps({'method': method, 'url': url, 'kwargs': _plain(kwargs)}))
    return _Response()
`,
    );
    for (const [id, byLang] of samples) {
      const python = byLang['python'] ?? '';
      const r = spawnSync('python3', ['-c', python], { cwd: join(TMP, 'cwd'), encoding: 'utf8', timeout: 20_000, env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', PYTHONPATH: stub } });
      expect(r.status, `${id}: ${r.stderr}`).toBe(0);
      const call = JSON.parse(r.stderr) as { method: string; url: string; kwargs: Record<string, unknown> };
      expect(JSON.stringify(call), id).not.toContain(CANARY_CONTENT);
      for (const m of python.matchAll(/open\(([^)]*)\)/g)) expect(m[1], id).toBe('"PATH_TO_FILE", "rb"');
      if (id === 'op-upload') {
        expect(call.kwargs['files']).toEqual({
          file: { file: 'PATH_TO_FILE', content: PLACEHOLDER_CONTENT },
          note: [null, `<${CANARY}`],
          caption: [null, 'x;type=text/html'],
          'meta[tag]': [null, `@${CANARY}`],
        });
      }
      if (id === 'op-putBlob') expect(call.kwargs['data']).toEqual({ file: 'PATH_TO_FILE', content: PLACEHOLDER_CONTENT });
      if (id === 'op-shell') expect(existsSync(join(TMP, 'cwd', 'PWNED'))).toBe(false);
    }
  }, 60_000);
});
