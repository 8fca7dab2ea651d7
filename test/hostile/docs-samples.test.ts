/**
 * The code samples of the docs are safe to paste: an example value of the contract is data, never
 * a file to read, a URL glob or shell code. The docs are built from a contract whose examples name
 * a local file (`@/path`, `</path`, `--data @/path`), whose path holds a curl glob (`[1-3]`), and
 * whose values carry shell injection payloads; then each curl sample is run by bash against a
 * server on 127.0.0.1, and each Python sample by python3 with a stand-in for `requests`, from a
 * folder holding the placeholder file a reader would choose (`PATH_TO_FILE`). Neither sends the
 * file's content, a glob sends one request, no payload runs, and every value arrives as written.
 *
 * The request console (assets/console.js, run in a fresh VM context as the page runs it, and its
 * page in Chromium when /usr/bin/chromium is there): with several servers, or one with variables,
 * no server is chosen for the reader; a server variable (its default or a typed value) cannot move
 * the request to another host than the URL shows; and a click sends only to the URL on screen.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative, resolve, sep } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocs } from '../../src/cli/commands/docs.js';
import { CONSOLE_JS } from '../../src/docs/site/client-script.js';
import { launchChromium } from '../support/chromium.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `hostile-docs-samples-${process.pid}`);
const CANARY = join(TMP, 'canary.txt');
const CANARY_CONTENT = 'CANARY-CONTENT-7d1f';
const PLACEHOLDER_CONTENT = 'the file the reader chose';
/** Quoting breakers: none may run (each would create PWNED in the working folder). */
const PAYLOADS = ["'; touch PWNED; '", '$(touch PWNED)', '`touch PWNED`', '"; touch PWNED; "', "\\'; touch PWNED #"];

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
    servers: [
      { url: `http://127.0.0.1:${port}/v1` },
      { url: `http://{host}:{port}/v2`, variables: { host: { default: '127.0.0.1' }, port: { default: String(port) } } },
      { url: 'https://{tenant}.example.com/v3', variables: { tenant: { default: 'evil.example/' } } },
    ],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths: {
      '/secure': { get: { operationId: 'secure', security: [{ bearer: [] }], responses: { '200': { description: 'ok' } } } },
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
                  properties: {
                    file: { type: 'string', format: 'binary' },
                    note: { type: 'string' },
                    caption: { type: 'string' },
                    meta: { type: 'object', properties: { tag: { type: 'string' } } },
                  },
                },
                example: { file: `@${CANARY}`, note: `<${CANARY}`, caption: 'x;type=text/html', meta: { tag: `@${CANARY}` } },
              },
            },
          },
          responses: { '200': { description: 'ok' } },
        },
      },
      '/text': {
        post: { operationId: 'postText', requestBody: { content: { 'text/plain': text(`@${CANARY}`) } }, responses: { '200': { description: 'ok' } } },
      },
      '/form': {
        post: {
          operationId: 'postForm',
          requestBody: {
            content: {
              'application/x-www-form-urlencoded': {
                schema: { type: 'object' },
                example: { [`@${CANARY}`]: 'v', k: `@${CANARY}`, 'a=b': `<${CANARY}`, 'é😀': 'x', 'lone\udc00': 'y' },
              },
            },
          },
          responses: { '200': { description: 'ok' } },
        },
      },
      '/blob': {
        put: {
          operationId: 'putBlob',
          requestBody: { content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' }, example: `@${CANARY}` } } },
          responses: { '200': { description: 'ok' } },
        },
      },
      '/items/[1-3]': { get: { operationId: 'globbed', responses: { '200': { description: 'ok' } } } },
      '/odd/{id}': {
        get: { operationId: 'odd', parameters: [{ name: 'id', in: 'path', required: true, ...text('a\ud800b') }], responses: { '200': { description: 'ok' } } },
      },
      '/shell': {
        post: {
          operationId: 'shell',
          parameters: [
            ...PAYLOADS.map((p, i) => ({ name: `q${i}`, in: 'query', required: true, ...text(p) })),
            ...PAYLOADS.map((p, i) => ({ name: `X-H${i}`, in: 'header', required: true, ...text(p) })),
          ],
          requestBody: {
            content: {
              'application/json': { schema: { type: 'object' }, example: Object.fromEntries(PAYLOADS.map((p, i) => [`k${i}${p}`, `@${CANARY}\n${p}`])) },
            },
          },
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
/** The page (path under the site, HTML) of each operation's anchor. */
const pageOf = new Map<string, { file: string; html: string }>();

function unescapeHtml(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

beforeAll(async () => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(join(TMP, 'api'), { recursive: true });
  mkdirSync(join(TMP, 'cwd'), { recursive: true });
  writeFileSync(CANARY, CANARY_CONTENT);
  writeFileSync(join(TMP, 'cwd', 'PATH_TO_FILE'), PLACEHOLDER_CONTENT);
  server = createServer((req, res) => {
    // The built site, served from the API's own origin (the console then needs no CORS).
    if (req.url?.startsWith('/site/')) {
      const file = join(TMP, decodeURIComponent(new URL(req.url, 'http://x').pathname));
      if (!file.startsWith(join(TMP, 'site') + sep) || !existsSync(file)) return void res.writeHead(404).end();
      return void res.writeHead(200, { 'content-type': file.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8' }).end(readFileSync(file));
    }
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
  const pages: [string, string][] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (e.name.endsWith('.html')) pages.push([relative(site, join(dir, e.name)), readFileSync(join(dir, e.name), 'utf8')]);
    }
  };
  walk(site);
  for (const [file, page] of pages) {
    for (const section of page.split('<section class="op" id="').slice(1)) {
      const id = section.slice(0, section.indexOf('"'));
      pageOf.set(id, { file, html: page });
      const byLang: Record<string, string> = {};
      for (const m of section.matchAll(
        /<figure class="sample" data-lang="([^"]+)"><figcaption>[^<]*<\/figcaption><pre class="code" tabindex="0"><code>([\s\S]*?)<\/code><\/pre><\/figure>/g,
      ))
        byLang[m[1] as string] = unescapeHtml(m[2] as string);
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
  const child = spawn('bash', ['-c', sample], {
    cwd: join(TMP, 'cwd'),
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 20_000,
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: join(TMP, 'cwd') },
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const status = await new Promise<number | null>((ok) => child.on('close', (code) => ok(code)));
  return { status, stderr, got: received.slice(before) };
}

describe('docs code samples built from hostile examples', () => {
  it('every operation has the four samples, and no other language', () => {
    expect(samples.size).toBe(8);
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

  it('run by bash, curl reads no local file, sends one request per sample and every value as written', async () => {
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
    expect([...form]).toEqual([
      [`@${CANARY}`, 'v'],
      ['k', `@${CANARY}`],
      ['a=b', `<${CANARY}`],
      ['é😀', 'x'],
      ['lone\ufffd', 'y'],
    ]);
    expect(got['op-globbed']?.[0]?.url).toBe('/v1/items/[1-3]');
    // A lone surrogate in an example is sent as U+FFFD (the build does not stop on it).
    expect(got['op-odd']?.[0]?.url).toBe('/v1/odd/a%EF%BF%BDb');
    const shell = got['op-shell']?.[0];
    const url = new URL(shell?.url ?? '', 'http://x');
    PAYLOADS.forEach((p, i) => {
      expect(url.searchParams.get(`q${i}`)).toBe(p);
      expect(shell?.headers[`x-h${i}`]).toBe(p);
    });
    expect(JSON.parse(Buffer.from(shell?.body ?? '', 'latin1').toString('utf8'))).toEqual(
      Object.fromEntries(PAYLOADS.map((p, i) => [`k${i}${p}`, `@${CANARY}\n${p}`])),
    );
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
      const r = spawnSync('python3', ['-c', python], {
        cwd: join(TMP, 'cwd'),
        encoding: 'utf8',
        timeout: 20_000,
        env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', PYTHONPATH: stub },
      });
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

interface ConsoleServer {
  url: string;
  variables?: Record<string, { default: string; enum?: string[] }>;
}
interface Prepared {
  url?: string;
  shown?: string;
  error?: string;
  init?: { headers: Record<string, string> };
}
interface ConsoleApi {
  serverUrl(template: string, values: Record<string, string>): { url?: string; error?: string };
  initialChoice(servers: ConsoleServer[]): string;
  prepare(op: unknown, servers: ConsoleServer[], state: Record<string, unknown>): Prepared;
}

/** assets/console.js in a fresh context, as the page runs it; its answers as plain data. */
function consoleApi(): ConsoleApi {
  const sandbox: Record<string, unknown> = { URL, btoa, unescape, encodeURIComponent };
  sandbox['self'] = sandbox;
  runInNewContext(CONSOLE_JS, sandbox);
  const api = sandbox['specforgeConsole'] as Record<string, (...args: unknown[]) => unknown>;
  const plain = <T>(v: unknown): T => JSON.parse(JSON.stringify(v)) as T;
  const call =
    (name: string) =>
    (...args: unknown[]): unknown => {
      const f = api[name];
      if (typeof f !== 'function') throw new Error(`the console has no ${name}`);
      return plain(f(...args));
    };
  return {
    serverUrl: call('serverUrl') as ConsoleApi['serverUrl'],
    initialChoice: call('initialChoice') as ConsoleApi['initialChoice'],
    prepare: call('prepare') as ConsoleApi['prepare'],
  };
}

/** The servers the built page hands its console. */
function pageServers(html: string): ConsoleServer[] {
  const attr = /<body[^>]* data-servers="([^"]*)"/.exec(html)?.[1] ?? '[]';
  return JSON.parse(unescapeHtml(attr)) as ConsoleServer[];
}

const secureOp = { m: 'GET', p: '/secure', params: [], auth: [['bearer', 'bearer', '']] };

describe('the docs request console', () => {
  it('starts with no server chosen when the contract lists several, or one with variables', () => {
    const c = consoleApi();
    const servers = pageServers(pageOf.get('op-secure')?.html ?? '');
    expect(servers.map((s) => s.url)).toEqual([`http://127.0.0.1:${port}/v1`, 'http://{host}:{port}/v2', 'https://{tenant}.example.com/v3']);
    expect(c.initialChoice(servers)).toBe('');
    expect(c.initialChoice([{ url: 'https://a.example' }, { url: 'https://b.example' }])).toBe('');
    expect(c.initialChoice([{ url: 'https://{region}.example', variables: { region: { default: 'eu' } } }])).toBe('');
    expect(c.initialChoice([{ url: 'https://a.example', variables: {} }])).toBe('0');
    expect(c.initialChoice([])).toBe('mock');
    // Nothing is sent before the reader chooses.
    expect(c.prepare(secureOp, servers, { choice: '', creds: [[['bearer', 'bearer', ''], 'TOKEN']] })).toEqual({ error: 'Choose a server first.' });
  });

  it.each(['evil.example/', 'evil.example#', 'evil.example?', 'x@evil.example', 'evil.example\\', 'evil%2eexample', 'a b', 'a\tb', 'a\nb', ''])(
    'a server variable %j (a default or a value typed in) cannot move the request to another host',
    (value) => {
      const c = consoleApi();
      const r = c.serverUrl('https://{tenant}.example.com/v3', { tenant: value });
      expect(r.url).toBeUndefined();
      expect(r.error).toMatch(/server variable tenant/);
      const sent = c.prepare(secureOp, [{ url: 'https://{tenant}.example.com/v3', variables: { tenant: { default: value } } }], {
        choice: '0',
        vars: { tenant: value },
        creds: [[['bearer', 'bearer', ''], 'TOKEN']],
      });
      expect(sent.init).toBeUndefined();
    },
  );

  it('a variable fills in its host or path as written, and the page never offers an unsafe default', () => {
    const c = consoleApi();
    expect(c.serverUrl('https://{tenant}.example.com/v3', { tenant: 'eu' })).toEqual({ url: 'https://eu.example.com/v3' });
    expect(c.serverUrl('https://api.example.com/{base}', { base: 'v1/beta' })).toEqual({ url: 'https://api.example.com/v1/beta' });
    expect(c.serverUrl('https://{__proto__}.example.com', JSON.parse('{"__proto__":"eu"}') as Record<string, string>)).toEqual({
      url: 'https://eu.example.com',
    });
    expect(c.serverUrl('https://{constructor}.example.com', {}).error).toBe('Fill in the server variable constructor.');
    for (const base of ['v1?x=1', 'v1#x', 'v1\\..']) expect(c.serverUrl('https://api.example.com/{base}', { base }).error, base).toBeDefined();
    // The contract's default `evil.example/` would make https://{tenant}.example.com reach evil.example:
    // the page's policy does not let the console call it, and no sample uses it.
    const html = pageOf.get('op-secure')?.html ?? '';
    const csp = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(csp).toContain('connect-src');
    expect(csp).not.toContain('evil.example');
    for (const byLang of samples.values()) expect(byLang['curl']).not.toContain('evil.example');
  });

  it('a click sends only to the URL shown: another URL is refused, credential and all', () => {
    const c = consoleApi();
    const servers = pageServers(pageOf.get('op-secure')?.html ?? '');
    const state = (host: string, shown?: string): Record<string, unknown> => ({
      choice: '1',
      vars: { host, port: String(port) },
      creds: [[['bearer', 'bearer', ''], 'TOKEN']],
      ...(shown !== undefined ? { shown } : {}),
    });
    const first = c.prepare(secureOp, servers, state('127.0.0.1'));
    expect(first.shown).toBe(`http://127.0.0.1:${port}/v2/secure`);
    // Sent to the URL on screen: the credential goes.
    expect(c.prepare(secureOp, servers, state('127.0.0.1', first.shown)).init?.headers['Authorization']).toBe('Bearer TOKEN');
    // The variable changed after the URL was shown (no event told the page): not sent.
    const moved = c.prepare(secureOp, servers, state('localhost', first.shown));
    expect(moved.init).toBeUndefined();
    expect(moved.error).toBe(`The request would go to http://localhost:${port}/v2/secure, not to the URL shown: check it and send again.`);
    // A credential in the query is shown masked, and the comparison holds with it.
    const keyOp = { m: 'GET', p: '/secure', params: [], auth: [['key', 'query', 'api_key']] };
    const keyed = c.prepare(keyOp, servers, { choice: '0', creds: [[['key', 'query', 'api_key'], 'SECRET']] });
    expect(keyed.shown).toBe(`http://127.0.0.1:${port}/v1/secure?api_key=***`);
    expect(keyed.url).toBe(`http://127.0.0.1:${port}/v1/secure?api_key=SECRET`);
  });

  it('in Chromium: nothing is sent until a server is chosen; then the URL is shown and a click sends there only', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const { file } = pageOf.get('op-secure') ?? { file: '' };
      await page.goto(`http://127.0.0.1:${port}/site/${file.split(sep).join('/')}#op-secure`);
      await page.click('#op-secure details.try > summary');
      const box = page.locator('#op-secure .console');
      const where = box.locator('.console-url code');
      const out = box.locator('output pre');
      expect(await box.locator('select').first().inputValue()).toBe('');
      expect(await where.textContent()).toBe('Choose a server first.');
      const before = received.length;
      await box.locator('input[type="password"]').fill('TOKEN-1');
      await box.locator('button', { hasText: 'Send' }).click();
      expect(await out.textContent()).toBe('Choose a server first.');
      // The variables' server: its inputs appear, and the full URL with them.
      await box.locator('select').first().selectOption('1');
      expect(await where.textContent()).toBe(`http://127.0.0.1:${port}/v2/secure`);
      await box.locator('button', { hasText: 'Send' }).click();
      await page.waitForFunction(() => /^\d{3} /.test(document.querySelector('#op-secure .console output pre')?.textContent ?? ''), undefined, {
        timeout: 15_000,
      });
      expect(received.slice(before).map((r) => `${r.method} ${r.url} ${String(r.headers['authorization'])}`)).toEqual(['GET /v2/secure Bearer TOKEN-1']);
      // A variable changed with no event the page sees: the click shows the new URL and sends nothing.
      await box
        .locator('input[type="text"]')
        .first()
        .evaluate((e) => ((e as HTMLInputElement).value = 'localhost'));
      await box.locator('button', { hasText: 'Send' }).click();
      expect(await out.textContent()).toBe(`The request would go to http://localhost:${port}/v2/secure, not to the URL shown: check it and send again.`);
      expect(await where.textContent()).toBe(`http://localhost:${port}/v2/secure`);
      // A value that would move the host is refused as it is typed.
      await box.locator('input[type="text"]').first().fill('evil.example/');
      expect(await where.textContent()).toMatch(/server variable host may not hold "\/"/);
      await box.locator('button', { hasText: 'Send' }).click();
      expect(received.length).toBe(before + 1);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
