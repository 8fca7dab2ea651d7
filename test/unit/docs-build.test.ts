/**
 * The docs builder's own pages and the changes it makes to Redocly's output: the page loads Redoc
 * from the docs folder under a policy that admits only Redoc's own inline scripts, the bundle loads
 * no image from a CDN, the index and command-line pages escape what they print, and contract names
 * that cannot name a page are refused before anything is written.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ContractError } from '../../src/contract/errors.js';
import { buildDocs, cliPage, finishRedocPage, indexPage, localizeRedocBundle, redocPageCsp } from '../../src/docs/build.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `docs-build-${process.pid}`);
const HOSTILE = '<img src=x onerror="globalThis.__specforgePwned=true"> </title><script>x</script> & \' "';

afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const CDN = 'https://cdn.redocly.com/redoc/v3.0.1/bundles/redoc.standalone.js';
const COLOUR = 'try{var m=localStorage.getItem("redoc.colorMode");document.documentElement.classList.add(m)}catch(e){}';
const MODULE = `
      import { hydrate } from "${CDN}";
      hydrate({}, {}, document.getElementById('redoc'));
      `;
/** The shape of a page Redocly's build-docs writes, with a script smuggled into a description. */
const BUILD_DOCS_PAGE = `<!DOCTYPE html>
<html lang="en">

<head>
  <meta charset="utf8" />
  <title>T</title>
  <link rel="modulepreload" href="${CDN}" integrity="sha384-abc" crossorigin="anonymous" /><style>a{}</style>
</head>

<body>
  <div id="redoc"><div hidden=""><script>${COLOUR}</script></div><p><script>globalThis.__specforgePwned=true</script></p></div>
  <script type="module">${MODULE}</script>
</body>
</html>
`;

function localModule(text: string): string {
  return text.replaceAll(CDN, './redoc.standalone.js');
}

const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('finishRedocPage', () => {
  const page = finishRedocPage(BUILD_DOCS_PAGE, 'specs/x/openapi.yaml');

  it('loads Redoc from the docs folder, not from the CDN', () => {
    expect(BUILD_DOCS_PAGE).toContain('cdn.redocly.com');
    expect(page).not.toContain('cdn.redocly.com');
    expect(page).toContain('import { hydrate } from "./redoc.standalone.js";');
    expect(page).toContain('<link rel="modulepreload" href="./redoc.standalone.js" />');
    expect(page).not.toMatch(/integrity=|crossorigin=/);
  });

  it('adds a policy that admits Redoc’s inline scripts by hash and nothing else, and no favicon request', () => {
    const csp = redocPageCsp(localModule(BUILD_DOCS_PAGE));
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
    expect(scriptSrc.sort()).toEqual(["'self'", sha256(COLOUR), sha256(localModule(MODULE))].sort());
    expect(scriptSrc).not.toContain(sha256('globalThis.__specforgePwned=true'));
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(csp).toContain("default-src 'self'");
    const head = page.slice(page.indexOf('<head>'), page.indexOf('<title>'));
    expect(head).toContain(`<meta http-equiv="Content-Security-Policy" content="${csp.replace(/'/g, '&#39;')}">`);
    expect(head).toContain('<link rel="icon" href="data:,">');
  });

  it('refuses a page it does not recognise instead of writing one that loads a CDN', () => {
    expect(() =>
      finishRedocPage(
        '<html><head></head><body><script type="module">import { hydrate } from "https://elsewhere.example/redoc.js";</script></body></html>',
        'specs/x/openapi.yaml',
      ),
    ).toThrow(/does not recognise for specs\/x\/openapi\.yaml/);
  });
});

describe('localizeRedocBundle', () => {
  it('draws the attribution logos inline instead of loading them from the CDN', () => {
    const require = createRequire(import.meta.url);
    const bundle = readFileSync(join(dirname(require.resolve('@redocly/cli/package.json')), 'lib', 'chunks', 'redoc.standalone.js'), 'utf8');
    expect(bundle).toContain('https://cdn.redoc.ly/redoc/logo-mini');
    const local = localizeRedocBundle(bundle);
    expect(local).not.toContain('https://cdn.redoc.ly/');
    expect(local).toContain('data:image/svg+xml,');
    expect(local.length).toBeGreaterThan(bundle.length - 200);
  });
});

describe('indexPage', () => {
  it('escapes titles, versions and names, and links the command-line reference only when there is one', () => {
    const html = indexPage([
      { api: 'a', title: HOSTILE, version: `1 ${HOSTILE}`, operations: 3, file: 'a.html', cli: 'a/cli.html' },
      { api: 'b', title: 'B', version: '2', operations: 0, file: 'b.html' },
    ]);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain(
      '&lt;img src=x onerror=&quot;globalThis.__specforgePwned=true&quot;&gt; &lt;/title&gt;&lt;script&gt;x&lt;/script&gt; &amp; &#39; &quot;',
    );
    expect(html).toContain('<td><a href="./a/cli.html">command line</a></td>');
    expect(html).toMatch(/<a href="\.\/b\.html">B<\/a><\/td><td>2<\/td><td>0<\/td><td><code>b<\/code><\/td><td><\/td>/);
    expect(html).toContain('Content-Security-Policy');
  });
});

describe('cliPage', () => {
  it('escapes the title in the page title and the navigation, and renders the reference', () => {
    const html = cliPage({ api: 'tool', title: HOSTILE, version: '1', file: 'tool.html' }, '# tool\n\n`tool --flag`\n');
    expect(html).not.toContain('<img');
    expect(html).not.toMatch(/<script/);
    expect(html).toContain('<title>&lt;img src=x');
    expect(html).toContain('<a href="../index.html">All contracts</a> · <a href="../tool.html">&lt;img src=x');
    expect(html).toContain('<h1 id="tool">tool</h1>\n<p><code>tool --flag</code></p>');
  });
});

describe('buildDocs', () => {
  const spec = join(ROOT, 'specs', 'echo', 'openapi.yaml');
  const cases: Array<[string, string[], RegExp]> = [
    ['a name that is the index page', ['index'], /contract name "index" cannot name a docs page/],
    ['a name that leaves the folder', ['../escape'], /contract name "\.\.\/escape" cannot name a docs page/],
    ['a name with a slash', ['a/b'], /contract name "a\/b" cannot name a docs page/],
    ['two contracts with one name', ['echo', 'Echo'], /two contracts are named "Echo"/],
  ];
  it.each(cases)('refuses %s before writing anything', async (_, apis, message) => {
    const out = join(TMP, 'refused');
    const err = await buildDocs(
      apis.map((api) => ({ path: spec, api })),
      out,
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ContractError);
    expect((err as ContractError).diagnostics[0]?.code).toBe('SPECFORGE_CONFIG');
    expect((err as ContractError).message).toMatch(message);
    expect(existsSync(out)).toBe(false);
  });

  it('reports a broken contract with its location, not a Redocly failure', async () => {
    const dir = join(TMP, 'broken');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'openapi.yaml'), 'openapi: 3.1.0\ninfo:\n  title: [unclosed\n');
    const err = await buildDocs([{ path: join(dir, 'openapi.yaml'), api: 'broken' }], join(TMP, 'broken-out')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ContractError);
    const d = (err as ContractError).diagnostics[0];
    expect(d?.code).toBe('SPECFORGE_YAML_SYNTAX');
    expect(d?.location?.line).toBeGreaterThan(0);
  });
});
