/**
 * `specforge lint`, `bundle`, `mock` and `docs` as users run them. The built CLI in a child
 * process, with exit codes, messages and files checked (the sandbox of cli-sandbox.ts). Needs `npm
 * run build` (make test does it).
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliSandbox, CLI, ROOT } from './cli-sandbox.js';

const { TMP, cli, echoCopy } = cliSandbox('commands');

describe('lint', () => {
  it('reports nothing on our own contracts', () => {
    const r = cli(['lint']);
    expect(r.stdout + r.stderr).not.toMatch(/error|warning/i);
    expect(r.code).toBe(0);
  });

  it('a seeded convention mistake is a warning: exit 0, or 1 with --fail-on warning', () => {
    const spec = echoCopy('lint');
    // No operationId: specforge makes one up (a convention of the default rules; a missing summary is the opt-in style ruleset's).
    writeFileSync(spec, readFileSync(spec, 'utf8').replace('      operationId: echo\n      summary: Echo a message\n', '      summary: Echo a message\n'));
    const r = cli(['lint', spec, '--format', 'json']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('specforge/operation-operationid');
    expect(cli(['lint', spec, '--format', 'json', '--fail-on', 'warning']).code).toBe(1);
  });
});

describe('bundle', () => {
  it('writes one document with every external file inlined as components', () => {
    const dir = join(TMP, 'bundle', 'multi');
    mkdirSync(join(dir, 'schemas'), { recursive: true });
    cpSync(join(ROOT, 'specs', 'echo', 'openapi.yaml'), join(dir, 'openapi.yaml'));
    const text = readFileSync(join(dir, 'openapi.yaml'), 'utf8');
    writeFileSync(
      join(dir, 'openapi.yaml'),
      text.replace(/(\n {4}echoMessage:\n)(( {6}.*\n)+)/, '\n    echoMessage:\n      $ref: ./schemas/echo-message.yaml\n'),
    );
    const schema = /\n {4}echoMessage:\n((?: {6}.*\n)+)/.exec(text)?.[1] ?? '';
    writeFileSync(join(dir, 'schemas', 'echo-message.yaml'), schema.replace(/^ {6}/gm, ''));
    const out = join(TMP, 'bundle', 'bundled.json');
    const r = cli(['bundle', join(dir, 'openapi.yaml'), '-o', out]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const doc = JSON.parse(readFileSync(out, 'utf8')) as { components: { schemas: Record<string, unknown> } };
    expect(JSON.stringify(doc)).not.toContain('echo-message.yaml');
    // The component keeps its own name; the file's content takes its place.
    expect(doc.components.schemas['echoMessage']).toMatchObject({ type: 'object', required: ['message'] });
    expect(Object.keys(doc.components.schemas)).not.toContain('echo-message');
  });
});

describe('mock', () => {
  it('serves the echo contract: a valid body is 200 and echoed, a body that breaks the schema is 400', async () => {
    const child = spawn(process.execPath, [CLI, 'mock', 'specs/echo/openapi.yaml', '--port', '0', '--host', '127.0.0.1'], { cwd: ROOT });
    try {
      const port = await new Promise<number>((ok, fail) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
          if (m) ok(Number(m[1]));
        });
        child.once('exit', (code) => fail(new Error(`mock exited with ${String(code)}`)));
        setTimeout(() => fail(new Error('mock did not start')), 30_000);
      });
      const base = `http://127.0.0.1:${port}`;
      const ok = await fetch(`${base}/echo?key=k`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'hi there' }),
      });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ message: 'hi there' });
      const bad = await fetch(`${base}/echo?key=k`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: 5 }) });
      expect(bad.status).toBe(400);
      const body = (await bad.json()) as { code: number; message: string };
      expect(body.code).toBe(400);
      expect(body.message).toContain('/message');
      const noKey = await fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"message":"x"}' });
      expect(noKey.status).toBe(401);
    } finally {
      child.kill('SIGTERM');
    }
    const code = await new Promise<number | null>((ok) => (child.exitCode !== null ? ok(child.exitCode) : child.once('exit', (c) => ok(c))));
    expect(code).toBe(0);
  });
});

describe('docs', () => {
  it('builds pages per contract rendered at build time and an index that works offline', () => {
    const out = join(TMP, 'docs');
    const r = cli(['docs', '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('echo/index.html: Endpoints Example');
    const index = readFileSync(join(out, 'index.html'), 'utf8');
    expect(index).toContain('Endpoints Example');
    expect(index).toContain('href="./echo/index.html"');
    for (const asset of ['docs.css', 'docs.js', 'console.js']) expect(existsSync(join(out, 'assets', asset))).toBe(true);
    const pages = readdirSync(join(out, 'echo'))
      .filter((f) => f.endsWith('.html'))
      .map((f) => readFileSync(join(out, 'echo', f), 'utf8'));
    for (const page of pages) {
      expect(page).not.toMatch(/<script>|\sstyle=|https:\/\/cdn\./);
      expect(page).toContain('<script src="../assets/docs.js" defer></script>');
    }
    for (const id of ['echo', 'auth_info_google_jwt', 'authInfoGoogleIdToken', 'authInfoFirebase']) expect(pages.join('')).toContain(`id="op-${id}"`);
  });

  // Every contract of this repository rendered by Redoc, in a browser: test/e2e/docs-site.test.ts.
  it('--renderer redocly writes a Redoc page per contract with Redoc from the folder', () => {
    const project = join(TMP, 'docs-redocly');
    const spec = echoCopy('docs-redocly');
    writeFileSync(join(project, 'specforge.config.yaml'), `specs:\n  - path: ${JSON.stringify(spec)}\n    api: echo\n`);
    const out = join(project, 'site');
    const r = cli(['docs', '--renderer', 'redocly', '--out', 'site'], project);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('href="./echo.html"');
    const page = readFileSync(join(out, 'echo.html'), 'utf8');
    expect(page).not.toContain('cdn.redocly.com');
    expect(page).toContain('./redoc.standalone.js');
    expect(existsSync(join(out, 'redoc.standalone.js'))).toBe(true);
    for (const id of ['echo', 'auth_info_google_jwt', 'authInfoGoogleIdToken', 'authInfoFirebase']) expect(page).toContain(id);
    expect(cli(['docs', '--renderer', 'nope', '--out', 'site'], project).stderr).toContain('--renderer must be static or redocly');
  });

  it('renders every operation of every contract', async () => {
    const out = join(TMP, 'docs');
    if (!existsSync(join(out, 'index.html'))) expect(cli(['docs', '--out', out]).code).toBe(0);
    const { loadConfig } = await import('../../src/config/config.js');
    const { buildModel } = await import('../../src/contract/model.js');
    for (const entry of loadConfig(ROOT).specs) {
      const model = await buildModel(entry.path, { api: entry.api });
      const pages = readdirSync(join(out, entry.api))
        .filter((f) => f.endsWith('.html'))
        .map((f) => readFileSync(join(out, entry.api, f), 'utf8'))
        .join('');
      expect(
        model.operations.filter((op) => !pages.includes(`<code>${op.id}</code>`)).map((op) => op.id),
        entry.api,
      ).toEqual([]);
      expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain(`${model.operations.length}</td>`);
    }
  });

  it('renders the cli.md of a contract into <api>/cli.html and links it from the index', () => {
    const project = join(TMP, 'docs-cli');
    const spec = echoCopy('docs-cli');
    mkdirSync(join(project, 'gen', 'echo'), { recursive: true });
    writeFileSync(join(project, 'gen', 'echo', 'cli.md'), '# echo\n\n| Flag | Meaning |\n|---|---|\n| `--key` | the <API> key |\n');
    writeFileSync(join(project, 'specforge.config.yaml'), `specs:\n  - path: ${JSON.stringify(spec)}\n    out: gen/echo\n`);
    const r = cli(['docs', '--out', 'site'], project);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('site/echo/cli.html: command-line reference of Endpoints Example');
    const page = readFileSync(join(project, 'site', 'echo', 'cli.html'), 'utf8');
    expect(page).toContain('<td><code>--key</code></td><td>the &lt;API&gt; key</td>');
    // A page of the contract's site: its header names the contract, its sidebar marks the page.
    expect(page).toContain('<span class="crumbs"><a href="index.html">Endpoints Example 1.0.0</a></span>');
    expect(page).toContain('<li><a href="cli.html" aria-current="page">Command line</a></li>');
    expect(readFileSync(join(project, 'site', 'index.html'), 'utf8')).toContain('<a href="./echo/cli.html">command line</a>');
  });

  it('refuses a contract name that cannot name a page, with exit 2 and no stack trace', () => {
    const project = join(TMP, 'docs-index-name');
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, 'specforge.config.yaml'), `specs:\n  - path: ${JSON.stringify(join(ROOT, 'specs', 'echo', 'openapi.yaml'))}\n    api: index\n`);
    const r = cli(['docs', '--out', 'site'], project);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error SPECFORGE_CONFIG: the contract name "index" cannot name a docs page');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(project, 'site'))).toBe(false);
  });
});
