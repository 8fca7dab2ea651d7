/** Linting contracts with Redocly's engine and specforge's ruleset. */
import { createConfig, formatProblems, getTotals, lint, loadConfig, type Config, type NormalizedProblem, type OutputFormat } from '@redocly/openapi-core';
import { isHttpLess } from '../contract/model.js';
import { loadContract } from '../contract/resolve.js';
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
    const exempt = commandLineExemptions(spec);
    results.push({ spec, problems: problems.filter((p) => !p.ignored && !exempt(p)) });
  }
  return results;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The configuration schemas `x-specforge-cli` names, on the program and every command. */
function cliSchemas(node: unknown, into: Set<string>): void {
  if (!isRecord(node)) return;
  if (typeof node['configuration'] === 'string') into.add(node['configuration']);
  if (isRecord(node['commands'])) for (const sub of Object.values(node['commands'])) cliSchemas(sub, into);
}

/**
 * Problems that do not apply to a command-line contract (`x-specforge-cli`): the schemas the
 * extension names are used, by the extension; a contract without paths serves nothing, so it has
 * no servers.
 */
function commandLineExemptions(spec: string): (p: NormalizedProblem) => boolean {
  let document: Record<string, unknown>;
  try {
    document = loadContract(spec).document;
  } catch {
    return () => false;
  }
  const ext = document['x-specforge-cli'];
  if (ext === undefined) return () => false;
  const used = new Set<string>();
  cliSchemas(ext, used);
  const pointers = new Set([...used].map((name) => `#/components/schemas/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`));
  const httpLess = isHttpLess(document);
  return (p) =>
    (p.ruleId === 'no-unused-components' && p.location.some((l) => l.pointer !== undefined && pointers.has(decodeURIComponent(l.pointer)))) ||
    (p.ruleId === 'no-empty-servers' && httpLess);
}

export function printProblems(result: LintResult, format: LintFormat, cwd: string): void {
  formatProblems(result.problems, { format: format as OutputFormat, totals: getTotals(result.problems), cwd, color: false, command: 'lint', maxProblems: 1000 });
}
