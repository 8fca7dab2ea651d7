/**
 * Every house rule against its fixtures (test/lint/fixtures/<rule>/): each `pass*` case reports
 * nothing, each `fail*` case reports exactly the problems its `# want: <message part>` comments
 * mark, on those lines, in the file that holds them. A case is one YAML file or a folder whose entry
 * is openapi.yaml.
 */
import { createConfig, lint } from '@redocly/openapi-core';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { problemToFinding } from '../../src/lint/findings.js';
import { lintFindings, lintSpecs } from '../../src/lint/lint.js';
import { HOUSE_RULES, specforgePlugin } from '../../src/lint/plugin.js';
import type { Finding } from '../../src/report/findings.js';

const ROOT = join(import.meta.dirname, '..', '..');
const FIXTURES = join(import.meta.dirname, 'fixtures');

interface Want {
  where: string;
  text: string;
}

function yamlFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .filter((n) => n.endsWith('.yaml'))
    .map((n) => join(path, n));
}

function wants(casePath: string): Want[] {
  const out: Want[] = [];
  for (const file of yamlFiles(casePath)) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const m = /# want: (.*)$/.exec(line);
        if (m?.[1]) out.push({ where: `${relative(FIXTURES, file)}:${i + 1}`, text: m[1].trim() });
      });
  }
  return out.sort((a, b) => a.where.localeCompare(b.where));
}

async function lintWith(rule: string, casePath: string): Promise<Finding[]> {
  const config = await createConfig({ plugins: [specforgePlugin], rules: { [`specforge/${rule}`]: 'error' } });
  const entry = statSync(casePath).isDirectory() ? join(casePath, 'openapi.yaml') : casePath;
  const problems = await lint({ ref: entry, config });
  return problems.map((p) => problemToFinding(p, entry, FIXTURES));
}

const rules = Object.keys(HOUSE_RULES).sort();
const cases = rules.flatMap((rule) =>
  readdirSync(join(FIXTURES, rule))
    .filter((n) => /^(pass|fail)/.test(n))
    .sort()
    .map((name) => [rule, name] as const),
);

describe('house rules', () => {
  it('every rule has a passing and a failing fixture', () => {
    expect(readdirSync(FIXTURES).sort()).toEqual(rules);
    for (const rule of rules) {
      const names = cases.filter(([r]) => r === rule).map(([, n]) => n);
      expect(
        names.some((n) => n.startsWith('pass')),
        `${rule} pass`,
      ).toBe(true);
      expect(
        names.some((n) => n.startsWith('fail')),
        `${rule} fail`,
      ).toBe(true);
    }
  });

  it.each(cases)('specforge/%s: %s', async (rule, name) => {
    const casePath = join(FIXTURES, rule, name);
    const want = wants(casePath);
    if (name.startsWith('pass')) expect(want).toEqual([]);
    else expect(want.length).toBeGreaterThan(0);
    const findings = await lintWith(rule, casePath);
    const got = findings
      .map((f) => ({ where: `${f.location.file}:${f.location.line ?? 0}`, text: f.message, rule: f.rule }))
      .sort((a, b) => a.where.localeCompare(b.where) || a.text.localeCompare(b.text));
    expect(got.map((g) => g.where)).toEqual(want.map((w) => w.where));
    got.forEach((g, i) => {
      expect(g.rule).toBe(`specforge/${rule}`);
      expect(g.text).toContain(want[i]?.text);
    });
  });
});

describe('the ruleset on our own contracts', () => {
  it('reports nothing for the echo and engine contracts', async () => {
    const specs = ['specs/echo/openapi.yaml', 'specs/engine/openapi.yaml'].map((s) => join(ROOT, s));
    const findings = lintFindings(await lintSpecs(specs), ROOT);
    expect(findings).toEqual([]);
  });
});
