/** The rule tables of docs/reference/diff.md are the catalogue's: every rule, its level and example, nothing else. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIFF_RULES, REQUEST_CHECKS, RESPONSE_CHECKS } from '../../src/diff/rules.js';
import { DOC_FILE, ruleTableMarkdown, TABLE_END, TABLE_START } from '../../src/diff/rule-table.js';
import { ROOT } from './helpers.js';

const page = readFileSync(join(ROOT, DOC_FILE), 'utf8');
const block = page.slice(page.indexOf(TABLE_START) + TABLE_START.length, page.indexOf(TABLE_END)).trim();

describe('docs rule table', () => {
  it('is the table the catalogue writes (run `node dist/src/diff/rule-table.js` after changing a rule)', () => {
    expect(page).toContain(TABLE_START);
    expect(block).toBe(ruleTableMarkdown());
  });

  it('lists every rule: each rule of its own by id, each schema family check by check', () => {
    const listed = new Set([...block.matchAll(/^\| `([a-z-]+)` \| (breaking|warning|info) \|/gm)].map((m) => m[1]));
    const checks = new Set([...Object.keys(REQUEST_CHECKS), ...Object.keys(RESPONSE_CHECKS)]);
    const missing = DIFF_RULES.filter((r) => !listed.has(r.id) && ![...checks].some((c) => r.id.endsWith(`-${c}`) && listed.has(c)));
    expect(missing.map((r) => r.id)).toEqual([]);
  });
});
