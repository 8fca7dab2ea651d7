/**
 * The diff rule tables of docs/reference/diff.md, written from the catalogue so the two cannot
 * disagree: `node dist/src/diff/rule-table.js` (default: docs/reference/diff.md) rewrites the block
 * between the markers, and a test fails when the page's block differs from the catalogue.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { REQUEST_CHECKS, REQUEST_SCOPES, RESPONSE_CHECKS, RESPONSE_SCOPES, SCHEMA_RULES } from './rules.js';
import { STRUCTURE_RULES } from './structure-rules.js';

/** The page that holds the tables (the writer's default target). */
export const DOC_FILE = 'docs/reference/diff.md';

export const TABLE_START = '<!-- diff-rules:start (written by `node dist/src/diff/rule-table.js docs/reference/diff.md`) -->';
export const TABLE_END = '<!-- diff-rules:end -->';

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

type Entry = readonly [string, string, string];

function rows(entries: Array<[string, Entry]>): string[] {
  return entries.map(([id, [level, description, example]]) => `| \`${id}\` | ${level} | ${cell(description)} | ${cell(example)} |`);
}

/** The markdown of the rule tables (without the markers). */
export function ruleTableMarkdown(): string {
  const lines: string[] = [];
  lines.push('Rules of paths, operations, parameters, bodies, responses, security, servers, callbacks and webhooks:', '');
  lines.push('| Rule | Level | What it finds | Example |', '|---|---|---|---|');
  lines.push(...rows([...Object.entries(STRUCTURE_RULES), ...Object.entries(SCHEMA_RULES)] as Array<[string, Entry]>));
  const family = (title: string, scopes: Record<string, string>, checks: Record<string, Entry>): void => {
    lines.push(
      '',
      title,
      '',
      `Scopes: ${Object.keys(scopes)
        .map((s) => `\`${s}\``)
        .join(', ')}; the rule id is \`<scope>-<check>\`.`,
      '',
    );
    lines.push('| Check | Level | What it finds | Example |', '|---|---|---|---|');
    lines.push(...rows(Object.entries(checks)));
  };
  family('Checks of schemas that receive values from clients (narrowing breaks them):', REQUEST_SCOPES, REQUEST_CHECKS);
  family('Checks of schemas that send values to clients (widening breaks them):', RESPONSE_SCOPES, RESPONSE_CHECKS);
  return lines.join('\n');
}

/** `text` with the block between the markers replaced by the current table. */
export function withRuleTable(text: string): string {
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`the file has no block between ${TABLE_START} and ${TABLE_END}`);
  return `${text.slice(0, start + TABLE_START.length)}\n${ruleTableMarkdown()}\n${text.slice(end)}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2] ?? DOC_FILE;
  writeFileSync(file, withRuleTable(readFileSync(file, 'utf8')));
}
