/** The README's rule tables are the catalogue's: every rule, its level and example, nothing else. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIFF_RULES, REQUEST_CHECKS, RESPONSE_CHECKS } from '../../src/diff/rules.js';
import { ruleTableMarkdown, TABLE_END, TABLE_START } from '../../src/diff/rule-table.js';
import { ROOT } from './helpers.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const block = readme.slice(readme.indexOf(TABLE_START) + TABLE_START.length, readme.indexOf(TABLE_END)).trim();

describe('README rule table', () => {
  it('is the table the catalogue writes (run `node dist/src/diff/rule-table.js README.md` after changing a rule)', () => {
    expect(block).toBe(ruleTableMarkdown());
  });

  it('lists every rule: each rule of its own by id, each schema family check by check', () => {
    const listed = new Set([...block.matchAll(/^\| `([a-z-]+)` \| (breaking|warning|info) \|/gm)].map((m) => m[1]));
    const checks = new Set([...Object.keys(REQUEST_CHECKS), ...Object.keys(RESPONSE_CHECKS)]);
    const missing = DIFF_RULES.filter((r) => !listed.has(r.id) && ![...checks].some((c) => r.id.endsWith(`-${c}`) && listed.has(c)));
    expect(missing.map((r) => r.id)).toEqual([]);
  });
});
