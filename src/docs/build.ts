/**
 * Static API docs: one page per contract rendered by Redocly (build-docs), made to work offline by
 * serving Redoc's bundle from the docs folder instead of a CDN, plus an index page.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { buildModel, isHttpLess } from '../contract/model.js';
import { cliPage } from './cli-page.js';
import { escapeHtml, htmlPage } from './html.js';

export { escapeHtml };

const run = promisify(execFile);
const require = createRequire(import.meta.url);

export interface DocsPage {
  api: string;
  title: string;
  version: string;
  operations: number;
  file: string;
  /** The page of the contract's command line (`x-specforge-cli`), when it has one. */
  cliFile?: string;
}

function redoclyCli(): string {
  return join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
}

function redocBundle(): string {
  return join(dirname(require.resolve('@redocly/cli/package.json')), 'lib', 'chunks', 'redoc.standalone.js');
}

const CDN_SCRIPT = /https:\/\/cdn\.redocly\.com\/redoc\/[^"'\s]*\/redoc\.standalone\.js/g;

/** Makes a build-docs page load Redoc from `./redoc.standalone.js`. */
export function localizeRedocPage(html: string): string {
  return html.replace(CDN_SCRIPT, './redoc.standalone.js').replace(/\s+integrity="[^"]*"/g, '').replace(/\s+crossorigin="[^"]*"/g, '');
}

export async function buildDocs(specs: Array<{ path: string; api: string }>, outDir: string): Promise<DocsPage[]> {
  mkdirSync(outDir, { recursive: true });
  const pages: DocsPage[] = [];
  for (const spec of specs) {
    const model = await buildModel(spec.path, { api: spec.api });
    const title = `${model.info.title} ${model.info.version}`;
    const file = `${spec.api}.html`;
    const page: DocsPage = { api: spec.api, title: model.info.title, version: model.info.version, operations: model.operations.length, file };
    // A contract that describes only a command line gets its command-line page as its page.
    const commandLineOnly = model.cli !== undefined && isHttpLess(model.document);
    if (model.cli !== undefined) {
      page.cliFile = commandLineOnly ? file : `${spec.api}-cli.html`;
      writeFileSync(join(outDir, page.cliFile), cliPage(model.cli, `${title}: command line`));
    }
    if (!commandLineOnly) {
      const target = join(outDir, file);
      await run(process.execPath, [redoclyCli(), 'build-docs', spec.path, '-o', target, '--title', title], {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
        maxBuffer: 16 * 1024 * 1024,
      });
      writeFileSync(target, localizeRedocPage(readFileSync(target, 'utf8')));
    }
    pages.push(page);
  }
  copyFileSync(redocBundle(), join(outDir, 'redoc.standalone.js'));
  writeFileSync(join(outDir, 'index.html'), indexPage(pages));
  return pages;
}

export function indexPage(pages: DocsPage[]): string {
  const rows = pages
    .map(
      (p) =>
        `      <tr><td><a href="./${escapeHtml(p.file)}">${escapeHtml(p.title)}</a></td><td>${escapeHtml(p.version)}</td><td>${p.operations}</td><td>${p.cliFile ? `<a href="./${escapeHtml(p.cliFile)}">command line</a>` : ''}</td><td><code>${escapeHtml(p.api)}</code></td></tr>`,
    )
    .join('\n');
  return htmlPage(
    'API contracts',
    `  <table>
    <thead><tr><th>Contract</th><th>Version</th><th>Operations</th><th>Command line</th><th>Name</th></tr></thead>
    <tbody>
${rows}
    </tbody>
  </table>`,
  );
}
