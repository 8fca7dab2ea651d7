/**
 * The ruleset on GitHub's REST description (@octokit/openapi, 13 MB, OpenAPI 3.0 with x-webhooks),
 * at `strict: true`, where Ajv's strict mode refuses twelve of its schemas: the examples are checked
 * all the same, each invalid one located; nothing is reported inside x-webhooks nor about the shape
 * of an extension; every finding is at its rule's level, so the conventions GitHub does not follow
 * are warnings and only defects are errors.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { lintFindings, lintSpecs } from '../../src/lint/lint.js';
import { builtInRuleLevels } from '../../src/lint/rule-info.js';
import type { Finding, FindingLevel } from '../../src/report/findings.js';

const ROOT = join(import.meta.dirname, '..', '..');
const GITHUB = join(ROOT, 'node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json');

let findings: Finding[] = [];
let levels = new Map<string, FindingLevel>();

beforeAll(async () => {
  findings = lintFindings(await lintSpecs([{ path: GITHUB, strict: true }]), ROOT);
  levels = await builtInRuleLevels();
});

describe("GitHub's description", () => {
  it('has its examples checked at strict: true, each invalid one at its file, line, column and pointer', () => {
    const examples = findings.filter((f) => f.rule === 'specforge/valid-examples');
    expect(examples.filter((f) => f.message.startsWith('examples were not checked'))).toEqual([]);
    expect(examples.length).toBeGreaterThan(150);
    for (const f of examples) {
      expect(f.level).toBe('error');
      expect(f.message).toMatch(/^example ".*" of .* does not match its schema: /);
      expect(f.location).toMatchObject({
        file: 'node_modules/@octokit/openapi/generated/api.github.com.json',
        line: expect.any(Number) as unknown,
        column: expect.any(Number) as unknown,
        pointer: expect.stringMatching(/^\/(paths|components)\//) as unknown,
      });
    }
    // The schemas strict mode refuses are errors of their own rule.
    expect(findings.filter((f) => f.rule === 'specforge/strict-schemas' && f.level === 'error').length).toBeGreaterThan(0);
  });

  it('reports nothing inside x-webhooks, and nothing about the shape of an extension', () => {
    expect(findings.filter((f) => f.location.pointer?.startsWith('/x-webhooks'))).toEqual([]);
    expect(findings.filter((f) => f.rule === 'struct')).toEqual([]);
  });

  it("reports every finding at its rule's level: its conventions are warnings", () => {
    const off = findings.filter((f) => {
      // strict-schemas reports what the contract's strict level refuses as errors.
      if (f.rule === 'specforge/strict-schemas') return f.level !== 'error';
      return f.level !== levels.get(f.rule);
    });
    expect(off).toEqual([]);
    const errors = new Set(findings.filter((f) => f.level === 'error').map((f) => f.rule));
    expect([...errors].sort()).toEqual(['no-identical-paths', 'nullable-type-sibling', 'specforge/strict-schemas', 'specforge/valid-examples']);
  });
});
