/**
 * Static API docs: one page per contract rendered by Redocly (build-docs), made to work offline by
 * serving Redoc's bundle from the docs folder instead of a CDN, plus an index page.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { buildModel } from '../contract/model.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

export interface DocsPage {
  api: string;
  title: string;
  version: string;
  operations: number;
  file: string;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
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
    const file = `${spec.api}.html`;
    const target = join(outDir, file);
    await run(process.execPath, [redoclyCli(), 'build-docs', spec.path, '-o', target, '--title', `${model.info.title} ${model.info.version}`], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      maxBuffer: 16 * 1024 * 1024,
    });
    writeFileSync(target, localizeRedocPage(readFileSync(target, 'utf8')));
    pages.push({ api: spec.api, title: model.info.title, version: model.info.version, operations: model.operations.length, file });
  }
  copyFileSync(redocBundle(), join(outDir, 'redoc.standalone.js'));
  writeFileSync(join(outDir, 'index.html'), indexPage(pages));
  return pages;
}

export function indexPage(pages: DocsPage[]): string {
  const rows = pages
    .map(
      (p) =>
        `      <tr><td><a href="./${escapeHtml(p.file)}">${escapeHtml(p.title)}</a></td><td>${escapeHtml(p.version)}</td><td>${p.operations}</td><td><code>${escapeHtml(p.api)}</code></td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>API contracts</title>
  <style>
    body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1f2328; }
    table { border-collapse: collapse; width: 100%; }
    th, td { text-align: left; padding: .5rem .75rem; border-bottom: 1px solid #d0d7de; }
    th { background: #f6f8fa; }
  </style>
</head>
<body>
  <h1>API contracts</h1>
  <table>
    <thead><tr><th>Contract</th><th>Version</th><th>Operations</th><th>Name</th></tr></thead>
    <tbody>
${rows}
    </tbody>
  </table>
</body>
</html>
`;
}
