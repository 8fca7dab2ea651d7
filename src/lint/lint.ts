/** Linting contracts with Redocly's engine, specforge's ruleset and house rules. */
import {
  createConfig,
  formatProblems,
  getTotals,
  lint,
  loadConfig,
  Source,
  type Config,
  type NormalizedProblem,
  type OutputFormat,
  type RuleConfig,
} from '@redocly/openapi-core';
import { isHttpLess } from '../contract/model.js';
import { loadContract, loadContractAsync, type LoadedContract } from '../contract/resolve.js';
import { ContractError } from '../contract/errors.js';
import { contractResolver } from '../contract/redocly-resolver.js';
import type { LintRuleSetting } from '../config/config.js';
import type { Finding, FindingLevel } from '../report/findings.js';
import { REPORT_FORMATS, type RuleInfo } from '../report/format.js';
import { DEFAULT_STRICT, type StrictLevel } from '../runtime/validation/ajv.js';
import { withContract } from './contract.js';
import { problemToFinding } from './findings.js';
import { ProblemLocator } from './locate.js';
import { lintRuleInfo, ruleLevels } from './rule-info.js';
import { specforgePluginPrefixed } from './plugin.js';
import { SPECFORGE_RULESET } from './ruleset.js';

/** Formats that print specforge findings, then Redocly's own formats that print its problems as they are. */
export const REDOCLY_FORMATS = ['codeframe', 'summary', 'checkstyle', 'junit'] as const;
export const LINT_FORMATS = [...REPORT_FORMATS, ...REDOCLY_FORMATS] as const;
export type LintFormat = (typeof LINT_FORMATS)[number];

/** A contract to lint, with what specforge.config.yaml says about it. */
export interface LintTarget {
  path: string;
  /** Ajv strictness of the contract's validators: what specforge/strict-schemas reports as errors. */
  strict?: StrictLevel;
  /** The contract's own rule settings over the built-in ruleset. */
  rules?: Record<string, LintRuleSetting>;
}

/** The built-in ruleset, with a contract's strictness and rule settings over it. */
export async function specforgeConfig(target: Omit<LintTarget, 'path'> = {}): Promise<Config> {
  const rules: Record<string, RuleConfig> = { ...SPECFORGE_RULESET.rules };
  // Schemas are judged at the contract's strict level (examples are checked whatever it is: examples.ts).
  const strict = target.strict ?? DEFAULT_STRICT;
  rules['specforge/strict-schemas'] = { severity: 'warn', strict };
  for (const [name, setting] of Object.entries(target.rules ?? {})) {
    // A contract's own setting of strict-schemas keeps its strict level unless it names one.
    rules[name] = name === 'specforge/strict-schemas' ? { strict, ...(typeof setting === 'string' ? { severity: setting } : setting) } : setting;
  }
  return createConfig({ ...SPECFORGE_RULESET, rules });
}

export async function lintConfig(configPath?: string): Promise<Config> {
  // A config of your own can turn on the house rules too: `specforge/valid-examples: error`.
  if (configPath) return loadConfig({ configPath, plugins: [specforgePluginPrefixed] });
  return specforgeConfig();
}

export interface LintResult {
  spec: string;
  problems: NormalizedProblem[];
  /** The rules the contract was linted with, at their levels (SARIF's rule metadata). */
  rules: ReadonlyMap<string, FindingLevel>;
}

/** Lints each contract: with the Redocly config at `configPath` when given, else the built-in ruleset and each contract's settings. */
export async function lintSpecs(targets: ReadonlyArray<string | LintTarget>, configPath?: string): Promise<LintResult[]> {
  const shared = configPath ? await lintConfig(configPath) : undefined;
  const configs = new Map<string, Promise<Config>>();
  const results: LintResult[] = [];
  for (const t of targets) {
    const target: LintTarget = typeof t === 'string' ? { path: t } : t;
    let config = shared;
    if (!config) {
      const key = JSON.stringify([target.strict, target.rules]);
      let made = configs.get(key);
      if (!made) {
        made = specforgeConfig(target);
        configs.set(key, made);
      }
      config = await made;
    }
    // Loaded first (a Swagger 2.0 contract is converted here), so the rules that read specforge's model find it.
    // A document no walker can take (too deep, a schema cycle, unreadable or an alias bomb) stops
    // here, located, before Redocly's own walk would overflow its stack or expand the aliases.
    // A contract the loader refuses (a reference it does not follow, a file it does not read) is
    // never handed to Redocly; whatever Redocly reads goes through the loader's rule (contractResolver).
    const loaded = await loadContractAsync(target.path).catch((err: unknown) => {
      if (err instanceof ContractError && err.diagnostics.some((d) => LOADER_FATAL.has(d.code) || LOADER_REFUSED.has(d.code))) throw err;
      return undefined;
    });
    let problems: NormalizedProblem[];
    try {
      const lintConfig = config;
      const externalRefResolver = contractResolver(target.path, loaded);
      problems = await withContract(target.path, loaded, () => lint({ ref: target.path, config: lintConfig, externalRefResolver }));
    } catch (err) {
      // A missing or unparsable file: specforge's own loader says where, with its error code.
      throw lintStopped(target.path, err);
    }
    // A contract that only describes a command line (x-specforge-cli, no paths) serves nothing: it needs no servers.
    const contract = loaded ?? loadContract(target.path);
    const document = contract.document;
    const httpLess = document['x-specforge-cli'] !== undefined && isHttpLess(document);
    const openapi = String(document['openapi']);
    const version = contract.sourceVersion === '2.0' ? 'oas2' : openapi.startsWith('3.2') ? 'oas3_2' : openapi.startsWith('3.1') ? 'oas3_1' : 'oas3_0';
    if (contract.overlays) problems = problems.map((p) => inOverlay(p, contract));
    results.push({
      spec: target.path,
      problems: problems.filter((p) => !p.ignored && !(httpLess && p.ruleId === 'no-empty-servers')),
      rules: ruleLevels(config, version),
    });
  }
  return results;
}

const LOADER_FATAL = new Set<string>(['SPECFORGE_TOO_DEEP', 'SPECFORGE_SCHEMA_CYCLE', 'SPECFORGE_YAML_SYNTAX', 'SPECFORGE_JSON_SYNTAX']);
/** The loader's refusals: references and files outside its rule. */
const LOADER_REFUSED = new Set<string>([
  'SPECFORGE_REF_REMOTE',
  'SPECFORGE_REF_OUTSIDE',
  'SPECFORGE_REF_UNFOLLOWED',
  'SPECFORGE_FILE_NOT_REGULAR',
  'SPECFORGE_FILE_TOO_LARGE',
  'SPECFORGE_ENCODING',
]);

export function lintFindings(results: readonly LintResult[], cwd: string): Finding[] {
  // One locator for the run: each document's position index is built once, whatever its findings.
  const locator = new ProblemLocator();
  return results.flatMap((r) => r.problems.map((p) => problemToFinding(p, r.spec, cwd, locator)));
}

/** SARIF's rule metadata for these results and their findings: every rule turned on, described, at the level its results use. */
export function lintRules(results: readonly LintResult[], findings: readonly Finding[]): RuleInfo[] {
  const levels = new Map<string, FindingLevel>();
  for (const r of results) for (const [id, level] of r.rules) if (!levels.has(id)) levels.set(id, level);
  return lintRuleInfo(levels, findings);
}

/** Prints with one of Redocly's own formats (REDOCLY_FORMATS). */
export function printRedoclyProblems(result: LintResult, format: (typeof REDOCLY_FORMATS)[number], cwd: string): void {
  formatProblems(result.problems, {
    format: format as OutputFormat,
    totals: getTotals(result.problems),
    cwd,
    color: false,
    command: 'lint',
    maxProblems: 1000,
  });
}

/** A problem at a value an overlay wrote is located in the overlay file, where the value was written. */
function inOverlay(problem: NormalizedProblem, contract: LoadedContract): NormalizedProblem {
  const where = problem.location[0];
  if (!where || where.source.absoluteRef !== contract.entry.path || where.pointer === undefined) return problem;
  const raw = where.pointer.replace(/^#/, '');
  let pointer = raw;
  try {
    pointer = decodeURIComponent(raw);
  } catch {
    // a pointer with a stray %: used as it is
  }
  const origin = contract.origin(pointer);
  const overlay = contract.overlays?.find((o) => o === origin.file);
  if (!overlay) return problem;
  const moved = { ...where, source: new Source(overlay.path, overlay.text), pointer: `#${origin.pointer}` };
  return { ...problem, location: [moved, ...problem.location.slice(1)] };
}

/**
 * What a lint that threw becomes: the loader's own error for a missing or unparsable file; a
 * ContractError as it is; anything else (Redocly's walker failing on a node its types do not
 * expect) a SPECFORGE_INVALID_STRUCTURE error at the file, never a bare message.
 */
export function lintStopped(path: string, err: unknown): ContractError {
  const read = loadContract(path);
  if (err instanceof ContractError) return err;
  return ContractError.single('SPECFORGE_INVALID_STRUCTURE', `the lint stopped: ${err instanceof Error ? err.message : String(err)}`, read.locate(''));
}
