/**
 * The lint rule tables of docs/reference/lint-rules.md, written from the catalogue (rule-info.ts) at
 * the levels of the built-in ruleset, so the three cannot disagree: `node dist/src/lint/rule-table.js`
 * (default: docs/reference/lint-rules.md) rewrites the block between the markers, and a test fails
 * when the page's block differs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FindingLevel } from '../report/findings.js';
import { builtInRuleLevels, HOUSE_RULE_DOCS, REDOCLY_RULE_DOCS, styleRuleLevels, type RuleDoc } from './rule-info.js';
import { SPECFORGE_RULESET, STYLE_RULES } from './ruleset.js';

/** The page that holds the tables (the writer's default target). */
export const DOC_FILE = 'docs/reference/lint-rules.md';

export const TABLE_START = '<!-- lint-rules:start (written by `node dist/src/lint/rule-table.js docs/reference/lint-rules.md`) -->';
export const TABLE_END = '<!-- lint-rules:end -->';

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

const isStyle = (id: string): boolean => Object.hasOwn(STYLE_RULES, id);

function rows(docs: Record<string, RuleDoc>, levels: ReadonlyMap<string, FindingLevel>, style: boolean): string[] {
  return Object.entries(docs)
    .filter(([id]) => isStyle(id) === style)
    .map(([id, doc]) => `| \`${id}\` | ${levels.get(id) ?? 'off'} | ${cell(doc.details ? `${doc.summary} ${doc.details}` : doc.summary)} | ${cell(doc.why)} |`);
}

/** The markdown of the rule tables (without the markers): the rules on by default, then the style ruleset. */
export async function ruleTableMarkdown(): Promise<string> {
  const levels = await builtInRuleLevels();
  const style = await styleRuleLevels();
  const recommended = await builtInRuleLevels({ extends: ['recommended'] });
  const changed = Object.keys(REDOCLY_RULE_DOCS).filter((id) => !isStyle(id) && recommended.get(id) !== levels.get(id));
  const list = changed.map((id) => `\`${id}\` (${recommended.get(id) ?? 'off'} there)`).join(', ');
  const base = (SPECFORGE_RULESET.extends ?? []).map((e) => `\`${e}\``).join(', ');
  const head = ['| Rule | Level | What it finds | Why it is on |', '|---|---|---|---|'];
  return [
    "On by default, specforge's house rules (rule ids `specforge/…`):",
    '',
    ...head,
    ...rows(HOUSE_RULE_DOCS, levels, false),
    '',
    `On by default, Redocly's rules (its ${base} set, but the rules a house rule replaces and the style rules), at Redocly's levels except ${list}:`,
    '',
    ...head,
    ...rows(REDOCLY_RULE_DOCS, levels, false),
    '',
    'The `style` ruleset, off unless a config asks for it (`lint: { extends: [style] }`): how complete the documentation is.',
    '',
    '| Rule | Level | What it finds | What it is for |',
    '|---|---|---|---|',
    ...rows(HOUSE_RULE_DOCS, style, true),
    ...rows(REDOCLY_RULE_DOCS, style, true),
  ].join('\n');
}

/** `text` with the block between the markers replaced by the current tables. */
export async function withRuleTable(text: string): Promise<string> {
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`the file has no block between ${TABLE_START} and ${TABLE_END}`);
  return `${text.slice(0, start + TABLE_START.length)}\n${await ruleTableMarkdown()}\n${text.slice(end)}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2] ?? DOC_FILE;
  writeFileSync(file, await withRuleTable(readFileSync(file, 'utf8')));
}
