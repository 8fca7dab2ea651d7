/**
 * Every diff rule with a pair of contracts that breaks it. Where the rule has a direction (narrowing
 * a request, widening a response), the same pair the other way round must not report it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { DIFF_RULES, FINDING_LEVEL, diffRule } from '../../src/diff/rules.js';
import { SCHEMA_CASES } from './cases/schema.js';
import { STRUCTURE } from './cases/structure.js';
import { diffDocs, rulesOf, tmpRoot } from './helpers.js';

const TMP = tmpRoot('diff-rules');
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const CASES = [...STRUCTURE, ...SCHEMA_CASES];

/** Rules whose pair lives in another test file (they need a git revision). */
const TESTED_ELSEWHERE = ['spec-added'];

describe('diff rule catalogue', () => {
  it('has unique kebab-case ids with a level and a description', () => {
    const ids = DIFF_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of DIFF_RULES) {
      expect(r.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(['breaking', 'warning', 'info']).toContain(r.level);
      expect(r.description.length).toBeGreaterThan(10);
      expect(r.example.length, r.id).toBeGreaterThan(5);
    }
  });

  it('every rule has a test case', () => {
    const tested = new Set([...CASES.map((c) => c.rule), ...TESTED_ELSEWHERE]);
    expect(DIFF_RULES.map((r) => r.id).filter((id) => !tested.has(id))).toEqual([]);
  });
});

describe.each(CASES.map((c) => [c.rule, c] as const))('%s', (rule, c) => {
  it('is reported for its pair, at its level', async () => {
    const findings = await diffDocs(TMP, c.base, c.head, false, c.options);
    const hits = findings.filter((f) => f.rule === rule);
    expect(hits.length, JSON.stringify(findings, null, 2)).toBeGreaterThan(0);
    for (const f of hits) {
      expect(f.level).toBe(FINDING_LEVEL[diffRule(rule).level]);
      expect(f.source).toBe('diff');
      expect(f.location.line).toBeGreaterThan(0);
    }
  });

  it('is not reported when nothing changed', async () => {
    expect(await diffDocs(TMP, c.head, c.head, false, c.options)).toEqual([]);
  });

  c.quiet?.forEach(([base, head], i) => {
    it(`is not reported for the near pair ${i + 1}`, async () => {
      expect(rulesOf(await diffDocs(TMP, base, head, false, c.options))).not.toContain(rule);
    });
  });

  if (c.oneWay) {
    it('is not reported for the change the other way round', async () => {
      expect(rulesOf(await diffDocs(TMP, c.head, c.base, false, c.options))).not.toContain(rule);
    });
  }
});
