/**
 * The framework tables of README.md, docs/guides/frameworks.md (two) and examples/README.md, written from
 * the registry (frameworks.ts) so that no page lists the frameworks by hand:
 * `node dist/src/cli/framework-table.js` rewrites the block between each page's markers, and a test
 * (test/docs/framework-tables.test.ts) fails when a block differs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { FRAMEWORKS, type FrameworkInfo } from './frameworks.js';

/** The command that rewrites the tables, named by the markers. */
export const WRITER = 'node dist/src/cli/framework-table.js';

/** Each page holding a table, and which table. */
export const TABLE_PAGES = [
  { file: 'README.md', table: 'readme' },
  { file: 'docs/guides/frameworks.md', table: 'guide' },
  { file: 'docs/guides/frameworks.md', table: 'limits' },
  { file: 'examples/README.md', table: 'examples' },
] as const;

export type TableName = (typeof TABLE_PAGES)[number]['table'];

export function tableStart(table: TableName): string {
  return `<!-- frameworks:${table}:start (written by \`${WRITER}\` from src/cli/frameworks.ts) -->`;
}

export function tableEnd(table: TableName): string {
  return `<!-- frameworks:${table}:end -->`;
}

function code(text: string): string {
  return `\`${text}\``;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** The install command of a framework: its run-time packages, then its type declarations as development dependencies. */
export function installCommand(f: FrameworkInfo): string {
  const run = ['npm install @specforge/runtime', ...f.packages].join(' ');
  return f.devPackages.length > 0 ? `${run} && npm install --save-dev ${f.devPackages.join(' ')}` : run;
}

function adapterCell(f: FrameworkInfo): string {
  return `${code(f.adapter)} from ${code(f.entry)}`;
}

function readmeRows(): string[] {
  return FRAMEWORKS.map((f: FrameworkInfo) => {
    const first = f.serverExample ? code(`npx specforge init --framework ${f.id}`) : code('npx specforge generate');
    const run = f.serverExample ? f.run : `${f.run}, with ${f.help}`;
    return `| ${cell(f.name)} | ${first} · ${code(installCommand(f))} · ${cell(run)} |`;
  });
}

function guideRows(): string[] {
  return FRAMEWORKS.map((f: FrameworkInfo) => {
    const flag = f.serverExample ? code(f.id) : 'none';
    const example = f.example ? `[examples/${f.example}](../../examples/${f.example})` : '';
    return `| ${cell(f.name)} | ${flag} | ${adapterCell(f)} | ${code(installCommand(f))} | ${cell(f.help)} | ${example} |`;
  });
}

function exampleRows(): string[] {
  return FRAMEWORKS.filter((f: FrameworkInfo) => f.example !== undefined).map(
    (f: FrameworkInfo) => `| [${f.example ?? ''}](${f.example ?? ''}) | ${cell(f.name)} | ${adapterCell(f)} |`,
  );
}

function limitRows(): string[] {
  return FRAMEWORKS.map((f: FrameworkInfo) => `| ${cell(f.name)} | ${cell(f.limits)} |`);
}

/** The markdown of one table (without the markers). */
export function frameworkTable(table: TableName): string {
  switch (table) {
    case 'readme':
      return ['| Framework | The three commands |', '|---|---|', ...readmeRows()].join('\n');
    case 'guide':
      return ['| Framework | `init --framework` | Adapter | Install | What it is | Example |', '|---|---|---|---|---|---|', ...guideRows()].join('\n');
    case 'limits':
      return ['| Framework | The limits |', '|---|---|', ...limitRows()].join('\n');
    case 'examples':
      return ['| Folder | Framework | Adapter |', '|---|---|---|', ...exampleRows()].join('\n');
  }
}

/** `text` with the block between the table's markers replaced by the current table. */
export function withFrameworkTable(text: string, table: TableName): string {
  const start = text.indexOf(tableStart(table));
  const end = text.indexOf(tableEnd(table));
  if (start < 0 || end < start) throw new Error(`the file has no block between ${tableStart(table)} and ${tableEnd(table)}`);
  return `${text.slice(0, start + tableStart(table).length)}\n${frameworkTable(table)}\n${text.slice(end)}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const page of TABLE_PAGES) writeFileSync(page.file, withFrameworkTable(readFileSync(page.file, 'utf8'), page.table));
}
