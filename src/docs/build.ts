/**
 * Static API docs (`specforge docs`): each contract rendered at build time by specforge's own
 * renderer (site/: an overview, a page per tag, schemas, a search index; `renderer: 'static'`, the
 * default), or one page per contract rendered by Redocly (build-docs, `renderer: 'redocly'`), made to
 * work offline by serving Redoc's bundle from the docs folder instead of a CDN; the command-line
 * reference of each CLI contract (`<out>/cli.md`, rendered to `<api>/cli.html`); and an index page.
 * Every page is deterministic and carries a Content-Security-Policy that lets it load nothing from
 * elsewhere.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { promisify } from 'node:util';
import { ContractError } from '../contract/errors.js';
import { buildModel, type ContractModel } from '../contract/model.js';
import { displayPath } from '../contract/resolve.js';
import { changelogArticle, changelogHtml, changelogMarkdown, type ContractChangelog } from '../diff/changelog.js';
import { escapeHtml, staticPage } from '../report/html.js';
import { renderMarkdown } from './markdown.js';
import { sanitizeForDocs } from './sanitize.js';
import { CONSOLE_JS, DOCS_JS } from './site/client-script.js';
import { SEARCH_JS } from './site/search-script.js';
import { prepareContractSite, type SiteVersion } from './site/site.js';
import { versionFolder, type DocsVersion } from './versions.js';
import { DOCS_CSS, themeCss } from './site/style.js';
import type { DocsTheme } from '../config/docs-theme.js';

export { escapeHtml } from '../report/html.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

export interface DocsSpec {
  /** The contract's entry file. */
  path: string;
  api: string;
  /** The contract's generated folder; a `cli.md` there becomes the command-line reference. */
  out?: string;
  /** Changes since an earlier version (`specforge docs --changelog-base`): `<api>/changelog.html` and `.md`. */
  changelog?: ContractChangelog;
  /** Earlier versions published beside this one (static renderer), oldest first: `<api>/versions/<label>/`. */
  versions?: DocsVersion[];
  /** The contract's model when the caller already built it (specforge docs, for its strictness check): not loaded again. */
  model?: ContractModel;
}

export interface DocsPage {
  api: string;
  title: string;
  version: string;
  operations: number;
  /** The contract's page (its overview with the static renderer, the Redoc page), relative to the docs folder. */
  file: string;
  /** The command-line reference page, relative to the docs folder, for a CLI contract. */
  cli?: string;
  /** The changelog page, relative to the docs folder, when one was asked for. */
  changelog?: string;
  /** Every published version when there are several, oldest first: its label and overview, relative to the docs folder. */
  versions?: { label: string; file: string }[];
}

/**
 * Response headers for every page, in the `_headers` format of static hosts (Netlify, Cloudflare
 * Pages): what a `<meta>` policy cannot say (`frame-ancestors`: no site may frame the docs), and
 * the same `base-uri` and `form-action` as the pages' own policies. Other hosts: set them in the
 * server's configuration.
 */
export const HEADERS_FILE = '_headers';
export const HEADERS = `/*
  Content-Security-Policy: frame-ancestors 'none'; base-uri 'none'; form-action 'none'
  X-Frame-Options: DENY
  X-Content-Type-Options: nosniff
  Referrer-Policy: no-referrer
`;

/** Redoc's bundle, written next to the pages. */
export const REDOC_BUNDLE = 'redoc.standalone.js';

function redoclyCli(): string {
  return join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
}

function redocBundle(): string {
  return join(dirname(require.resolve('@redocly/cli/package.json')), 'lib', 'chunks', REDOC_BUNDLE);
}

const CDN_SCRIPT = /https:\/\/cdn\.redocly\.com\/redoc\/[^"'\s]*\/redoc\.standalone\.js/g;
const LOCAL_IMPORT = `import { hydrate } from "./${REDOC_BUNDLE}";`;

/** Makes a build-docs page load Redoc from `./redoc.standalone.js`. */
export function localizeRedocPage(html: string): string {
  return html
    .replace(CDN_SCRIPT, `./${REDOC_BUNDLE}`)
    .replace(/\s+integrity="[^"]*"/g, '')
    .replace(/\s+crossorigin="[^"]*"/g, '');
}

/** The inline scripts build-docs writes: Redoc's colour-mode switch and the hydration module. */
function isRedocInlineScript(code: string): boolean {
  return code.includes(LOCAL_IMPORT) || code.startsWith('try{var m=localStorage.getItem("redoc.colorMode")');
}

/**
 * The policy of a Redoc page: scripts only from the docs folder and Redoc's own inline scripts (by
 * hash, so neither an inline event handler nor a script smuggled into a description can run),
 * nothing from elsewhere.
 */
export function redocPageCsp(html: string): string {
  const hashes = [...html.matchAll(/<script(?:\s+type="module")?>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1] as string)
    .filter(isRedocInlineScript)
    .map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`);
  return [
    "default-src 'self'",
    `script-src 'self' ${[...new Set(hashes)].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self' blob:",
    "worker-src 'self' blob:",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** A build-docs page made local: Redoc from the docs folder, no favicon request, a strict policy. */
export function finishRedocPage(html: string, source: string): string {
  const local = localizeRedocPage(html);
  if (!local.includes(LOCAL_IMPORT) || !local.includes('<head>')) {
    throw new Error(`Redocly build-docs wrote a page specforge does not recognise for ${source} (expected it to import Redoc from its CDN)`);
  }
  const csp = redocPageCsp(local);
  return local.replace('<head>', `<head>\n  <meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">\n  <link rel="icon" href="data:,">`);
}

/** Redoc's attribution logo, drawn locally instead of being loaded from Redocly's CDN. */
function logoDataUri(text: string, width: number): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="16" viewBox="0 0 ${width} 16"><text x="0" y="12" font-family="sans-serif" font-size="12" font-weight="600" fill="#0044D4">${text}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** Redoc's bundle with the images it would fetch from Redocly's CDN replaced by inline ones. */
export function localizeRedocBundle(source: string): string {
  return source
    .replaceAll('https://cdn.redoc.ly/redoc/logo-mini-full.svg', logoDataUri('Redocly', 56))
    .replaceAll('https://cdn.redoc.ly/redoc/logo-mini.svg', logoDataUri('R', 10));
}

/** File names of a contract's pages: "<api>.html" and "<api>/cli.html". */
function checkApiNames(specs: DocsSpec[]): void {
  const seen = new Map<string, string>();
  for (const spec of specs) {
    const where = { file: displayPath(spec.path) };
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(spec.api) || spec.api === 'index' || spec.api.endsWith('.')) {
      throw ContractError.single(
        'SPECFORGE_CONFIG',
        `the contract name "${spec.api}" cannot name a docs page (letters, digits, ".", "_" and "-"; not "index")`,
        where,
        'set "api:" on the contract in specforge.config.yaml',
      );
    }
    const other = seen.get(spec.api.toLowerCase());
    if (other !== undefined) {
      throw ContractError.single(
        'SPECFORGE_CONFIG',
        `two contracts are named "${spec.api}" (${other} and ${displayPath(spec.path)}): their docs pages would collide`,
        where,
        'set "api:" on one of them in specforge.config.yaml',
      );
    }
    seen.set(spec.api.toLowerCase(), displayPath(spec.path));
  }
}

/** Runs `task` over `items` with at most `limit` at a time, keeping the order of the results. */
async function mapLimited<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/**
 * Renders the page from a sanitized copy of the loader's bundle (see sanitizeForDocs), written alone
 * into a fresh temporary folder, never from the contract's files: every reference in the bundle is
 * internal (the loader refused any other), so Redocly's own resolver has nothing to read or fetch,
 * and the page holds only what the contract holds and the sanitizer let through.
 */
async function renderRedocPage(spec: DocsSpec, model: ContractModel, target: string): Promise<void> {
  const tmp = mkdtempSync(join(tmpdir(), 'specforge-docs-'));
  try {
    const bundled = join(tmp, 'openapi.json');
    writeFileSync(bundled, JSON.stringify(sanitizeForDocs(model.document)));
    await run(process.execPath, [redoclyCli(), 'build-docs', bundled, '-o', target, '--title', `${model.info.title} ${model.info.version}`], {
      cwd: tmp,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (err) {
    const stderr = (err as { stderr?: unknown }).stderr;
    const detail =
      typeof stderr === 'string' && stderr.trim() !== '' ? stderr.trim().split('\n').slice(-3).join(' ') : err instanceof Error ? err.message : String(err);
    throw new Error(`Redocly build-docs failed for ${displayPath(spec.path)}: ${detail}`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  writeFileSync(target, finishRedocPage(readFileSync(target, 'utf8'), displayPath(spec.path)));
}

/** The changelog page of a contract, linking back to the index and the contract's page. */
export function changelogPage(page: Pick<DocsPage, 'title' | 'version' | 'file'>, changelog: ContractChangelog): string {
  const nav = `<nav><a href="../index.html">All contracts</a> · <a href="../${escapeHtml(page.file)}">${escapeHtml(page.title)} ${escapeHtml(page.version)}</a></nav>`;
  return changelogHtml({ contracts: [changelog] }, { nav });
}

/** A changelog as a page of the contract's site. */
function changelogSitePage(changelog: ContractChangelog): { file: string; title: string; main: string } {
  return { file: 'changelog.html', title: 'Changelog', main: `<div class="changelog">\n${changelogArticle(changelog)}\n</div>` };
}

/** The command-line reference page of a CLI contract. */
export function cliPage(page: Pick<DocsPage, 'api' | 'title' | 'version' | 'file'>, markdown: string): string {
  const rendered = renderMarkdown(markdown);
  const nav = `<nav><a href="../index.html">All contracts</a> · <a href="../${escapeHtml(page.file)}">${escapeHtml(page.title)} ${escapeHtml(page.version)}</a></nav>`;
  return staticPage(`${page.title} ${page.version}: command line`, `${nav}\n<main>\n${rendered.html}</main>`);
}

/** Which renderer writes the contract pages: specforge's static one (default) or Redocly's build-docs. */
export type DocsRenderer = 'static' | 'redocly';
export const DOCS_RENDERERS: readonly DocsRenderer[] = ['static', 'redocly'];

export interface BuildDocsOptions {
  renderer?: DocsRenderer;
  /** The static renderer's logo, colours and fonts. */
  theme?: DocsTheme;
}

/** The site's shared files of the static renderer: stylesheet, scripts, theme and logo; returns the logo's path from the root. */
function writeStaticAssets(outDir: string, theme: DocsTheme): { logo?: string; hasTheme: boolean } {
  const assets = join(outDir, 'assets');
  mkdirSync(assets, { recursive: true });
  writeFileSync(join(assets, 'docs.css'), DOCS_CSS);
  writeFileSync(join(assets, 'docs.js'), DOCS_JS);
  writeFileSync(join(assets, 'console.js'), CONSOLE_JS);
  writeFileSync(join(assets, 'search.js'), SEARCH_JS);
  const css = themeCss(theme);
  if (css !== '') writeFileSync(join(assets, 'theme.css'), css);
  if (theme.logo === undefined) return { hasTheme: css !== '' };
  const logo = `assets/logo${extname(theme.logo).toLowerCase()}`;
  writeFileSync(join(outDir, logo), readFileSync(theme.logo));
  return { logo, hasTheme: css !== '' };
}

export async function buildDocs(specs: DocsSpec[], outDir: string, options: BuildDocsOptions = {}): Promise<DocsPage[]> {
  checkApiNames(specs);
  mkdirSync(outDir, { recursive: true });
  const renderer = options.renderer ?? 'static';
  const assets = renderer === 'static' ? writeStaticAssets(outDir, options.theme ?? {}) : undefined;
  // Models are built one after another (in process); each build-docs runs in its own process.
  const pages = await mapLimited(specs, renderer === 'static' ? 1 : availableParallelism(), async (spec): Promise<DocsPage> => {
    const model = spec.model ?? (await buildModel(spec.path, { api: spec.api }));
    const markdown = spec.out !== undefined ? join(spec.out, 'cli.md') : undefined;
    const hasCli = markdown !== undefined && existsSync(markdown);
    let file = `${spec.api}.html`;
    if (assets !== undefined) {
      const extraLinks: [string, string][] = [
        ...(hasCli ? [['cli.html', 'Command line'] as [string, string]] : []),
        ...(spec.changelog !== undefined ? [['changelog.html', 'Changelog'] as [string, string]] : []),
      ];
      const document = sanitizeForDocs(model.document);
      // The command-line reference and the changelog are pages of the contract's site, in its shell.
      const extraPages = [
        ...(markdown !== undefined && hasCli ? [{ file: 'cli.html', title: 'Command line', main: renderMarkdown(readFileSync(markdown, 'utf8')).html }] : []),
        ...(spec.changelog !== undefined ? [changelogSitePage(spec.changelog)] : []),
      ];
      const site = { out: outDir, api: spec.api, hasTheme: assets.hasTheme, ...(assets.logo !== undefined ? { logo: assets.logo } : {}) };
      // Earlier versions: one folder each under the contract's, the current one where it always was.
      const used = new Set<string>();
      const earlier = (spec.versions ?? []).map((v) => {
        const doc = sanitizeForDocs(v.model.document);
        const pages = v.changelog !== undefined ? [changelogSitePage(v.changelog)] : [];
        const folder = `${spec.api}/versions/${versionFolder(v.label, used)}`;
        const links: [string, string][] = pages.map((p) => [p.file, p.title]);
        return { v, folder, site: prepareContractSite({ ...site, model: v.model, document: doc, extraLinks: links, extraPages: pages, folder }) };
      });
      const current = prepareContractSite({ ...site, model, document, extraLinks, extraPages });
      const versions: SiteVersion[] = [
        ...earlier.map((e) => ({ label: e.v.label, folder: e.folder, files: e.site.files, current: false })),
        { label: model.info.version, folder: spec.api, files: current.files, current: false },
      ];
      const marked = (i: number): SiteVersion[] => versions.map((v, j) => ({ ...v, current: i === j }));
      earlier.forEach((e, i) => e.site.write(marked(i)));
      file = current.write(marked(earlier.length)).file;
    } else {
      await renderRedocPage(spec, model, join(outDir, file));
    }
    const page: DocsPage = { api: spec.api, title: model.info.title, version: model.info.version, operations: model.operations.length, file };
    if (assets !== undefined && spec.versions !== undefined && spec.versions.length > 0) {
      const used = new Set<string>();
      page.versions = [
        ...spec.versions.map((v) => ({ label: v.label, file: `${spec.api}/versions/${versionFolder(v.label, used)}/index.html` })),
        { label: model.info.version, file },
      ];
    }
    if (markdown !== undefined && hasCli) {
      page.cli = `${spec.api}/cli.html`;
      mkdirSync(join(outDir, spec.api), { recursive: true });
      if (assets === undefined) writeFileSync(join(outDir, page.cli), cliPage(page, readFileSync(markdown, 'utf8')));
    }
    if (spec.changelog !== undefined) {
      page.changelog = `${spec.api}/changelog.html`;
      mkdirSync(join(outDir, spec.api), { recursive: true });
      if (assets === undefined) writeFileSync(join(outDir, page.changelog), changelogPage(page, spec.changelog));
      writeFileSync(join(outDir, spec.api, 'changelog.md'), changelogMarkdown({ contracts: [spec.changelog] }));
    }
    return page;
  });
  if (renderer === 'redocly') writeFileSync(join(outDir, REDOC_BUNDLE), localizeRedocBundle(readFileSync(redocBundle(), 'utf8')));
  writeFileSync(join(outDir, HEADERS_FILE), HEADERS);
  writeFileSync(join(outDir, 'index.html'), indexPage(pages));
  return pages;
}

export function indexPage(pages: DocsPage[]): string {
  const rows = pages
    .map((p) => {
      const links = [
        ...(p.cli !== undefined ? [`<a href="./${escapeHtml(p.cli)}">command line</a>`] : []),
        ...(p.changelog !== undefined ? [`<a href="./${escapeHtml(p.changelog)}">changelog</a>`] : []),
        ...(p.versions !== undefined ? [`versions: ${p.versions.map((v) => `<a href="./${escapeHtml(v.file)}">${escapeHtml(v.label)}</a>`).join(', ')}`] : []),
      ];
      const cli = links.join(' · ');
      return `      <tr><td><a href="./${escapeHtml(p.file)}">${escapeHtml(p.title)}</a></td><td>${escapeHtml(p.version)}</td><td>${p.operations}</td><td><code>${escapeHtml(p.api)}</code></td><td>${cli}</td></tr>`;
    })
    .join('\n');
  return staticPage(
    'API contracts',
    `<main>
  <h1>API contracts</h1>
  <table>
    <thead><tr><th>Contract</th><th>Version</th><th>Operations</th><th>Name</th><th>Reference</th></tr></thead>
    <tbody>
${rows}
    </tbody>
  </table>
</main>`,
  );
}
