/** Linting contracts with Redocly's engine and specforge's ruleset. */
import { createConfig, formatProblems, getTotals, lint, loadConfig, type Config, type NormalizedProblem, type OutputFormat } from '@redocly/openapi-core';
import { SPECFORGE_RULESET } from './ruleset.js';

export const LINT_FORMATS = ['stylish', 'json', 'github-actions', 'markdown', 'codeframe', 'summary', 'checkstyle', 'junit'] as const;
export type LintFormat = (typeof LINT_FORMATS)[number];

export async function lintConfig(configPath?: string): Promise<Config> {
  if (configPath) return loadConfig({ configPath });
  return createConfig(SPECFORGE_RULESET as unknown as Parameters<typeof createConfig>[0]);
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

export function printProblems(result: LintResult, format: LintFormat, cwd: string): void {
  formatProblems(result.problems, { format: format as OutputFormat, totals: getTotals(result.problems), cwd, color: false, command: 'lint', maxProblems: 1000 });
}
