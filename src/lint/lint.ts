/** Linting contracts with Redocly's engine, specforge's ruleset and house rules. */
import { createConfig, formatProblems, getTotals, lint, loadConfig, type Config, type NormalizedProblem, type OutputFormat } from '@redocly/openapi-core';
import type { Finding } from '../report/findings.js';
import { REPORT_FORMATS } from '../report/format.js';
import { problemToFinding } from './findings.js';
import { specforgePluginPrefixed } from './plugin.js';
import { SPECFORGE_RULESET } from './ruleset.js';

/** Formats that print specforge findings, then Redocly's own formats that print its problems as they are. */
export const REDOCLY_FORMATS = ['codeframe', 'summary', 'checkstyle', 'junit'] as const;
export const LINT_FORMATS = [...REPORT_FORMATS, ...REDOCLY_FORMATS] as const;
export type LintFormat = (typeof LINT_FORMATS)[number];

export async function lintConfig(configPath?: string): Promise<Config> {
  // A config of your own can turn on the house rules too: `specforge/valid-examples: error`.
  if (configPath) return loadConfig({ configPath, plugins: [specforgePluginPrefixed] });
  return createConfig(SPECFORGE_RULESET);
}

export interface LintResult {
  spec: string;
  problems: NormalizedProblem[];
}

export async function lintSpecs(specs: string[], configPath?: string): Promise<LintResult[]> {
  const config = await lintConfig(configPath);
  const results: LintResult[] = [];
  for (const spec of specs) {
    const problems = await lint({ ref: spec, config });
    results.push({ spec, problems: problems.filter((p) => !p.ignored) });
  }
  return results;
}

export function lintFindings(results: readonly LintResult[], cwd: string): Finding[] {
  return results.flatMap((r) => r.problems.map((p) => problemToFinding(p, r.spec, cwd)));
}

/** Prints with one of Redocly's own formats (REDOCLY_FORMATS). */
export function printRedoclyProblems(result: LintResult, format: (typeof REDOCLY_FORMATS)[number], cwd: string): void {
  formatProblems(result.problems, { format: format as OutputFormat, totals: getTotals(result.problems), cwd, color: false, command: 'lint', maxProblems: 1000 });
}
