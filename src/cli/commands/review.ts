/**
 * `specforge review --base <git-ref>`: everything a pull request that touches contracts needs, in
 * one run: lint problems, breaking changes since the base revision and stale generated files. It
 * writes one markdown summary (to `--summary`, or the job summary file of the CI run) and prints the
 * findings as annotations (`github-actions` in a GitHub Actions job, `stylish` elsewhere), and
 * exits 1 when anything is found at or above `--fail-on`.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { markdownCode } from '../../codegen/escape.js';
import { UsageError } from '../../contract/errors.js';
import { diffRevision } from '../../diff/report.js';
import { DIFF_RULE_INFO } from '../../diff/rules.js';
import { lintFindings, lintRules, lintSpecs } from '../../lint/lint.js';
import { loadConfig } from '../../pipeline/config.js';
import { driftFindings } from '../../pipeline/drift.js';
import { generateSpec } from '../../pipeline/generate.js';
import type { Finding } from '../../report/findings.js';
import { formatFindings, REPORT_FORMATS, summaryLine, totals, type RuleInfo } from '../../report/format.js';
import { EXIT_FINDINGS, EXIT_OK } from '../errors.js';
import { formatOption, strictFlag } from '../format-option.js';
import { deprecationDays } from './diff.js';
import { cacheDirFor, entriesFor } from './generate.js';
import { lintTargets } from './lint.js';

export const REVIEW_FAIL_ON = ['error', 'warning'] as const;

export interface ReviewOptions {
  cwd?: string;
  base?: string;
  config?: string;
  /** Format of what is printed: stylish, json, github-actions, markdown or sarif. */
  format?: string;
  /** Markdown summary file; default: $GITHUB_STEP_SUMMARY when set (appended), else none. */
  summary?: string;
  /** Also write every finding as SARIF here. */
  sarif?: string;
  failOn?: string;
  /** Accepted breaking changes (relative to cwd); default: the config's diff.accept. */
  accept?: string;
  /**
   * Days required between deprecating an operation or parameter and its x-sunset date, as for
   * `specforge diff --deprecation-days`; default: the config's diff.deprecationDays, else 0.
   */
  deprecationDays?: string | number;
  /** Today, for sunset dates (tests; default: the current date). */
  now?: Date;
  /** true, false or schema: over each contract's strict level (lint and generated code). */
  strict?: string;
  write?: (text: string) => void;
  env?: NodeJS.ProcessEnv;
}

export interface ReviewSections {
  lint: Finding[];
  diff: Finding[];
  drift: Finding[];
  /** The lint rules, described for SARIF. */
  lintRules?: RuleInfo[];
}

/** Runs the three checks over every contract of the config. */
export async function reviewFindings(options: ReviewOptions & { cwd: string; base: string }): Promise<ReviewSections> {
  const { cwd } = options;
  const strict = options.strict !== undefined ? { strict: options.strict } : {};
  const linted = await lintSpecs(lintTargets(cwd, { ...(options.config ? { config: options.config } : {}), ...strict }));
  const lint = lintFindings(linted, cwd);
  // The config's diff: settings under the flags (diff.failOn is diff's own: --fail-on here covers every check).
  const settings = loadConfig(cwd, options.config).diff;
  const accept = options.accept !== undefined ? resolve(cwd, options.accept) : settings.accept;
  const days = deprecationDays(options.deprecationDays ?? settings.deprecationDays);
  const diff = (
    await diffRevision({
      cwd,
      ref: options.base,
      specs: [],
      deprecationDays: days,
      ...(options.now ? { now: options.now } : {}),
      ...(options.config ? { config: options.config } : {}),
      ...(accept !== undefined ? { accept } : {}),
    })
  ).findings;
  const drift: Finding[] = [];
  for (const entry of entriesFor({ cwd, ...(options.config ? { config: options.config } : {}), ...strict }).entries) {
    const result = await generateSpec(entry, { check: true, cacheDir: cacheDirFor({ cwd }) });
    drift.push(...driftFindings(entry, result.files, { cwd, diffLines: 20 }));
  }
  return { lint, diff, drift, lintRules: lintRules(linted, lint) };
}

/** The pull request's summary: a verdict line, then one section per check. */
export function reviewMarkdown(sections: ReviewSections, base: string, failing: boolean): string {
  const all = [...sections.lint, ...sections.diff, ...sections.drift];
  const verdict = failing ? '❌ changes needed' : '✅ ready';
  const out = [
    '## specforge review',
    '',
    `${verdict} (compared with ${markdownCode(base)}): ${summaryLine(totals(all))}.`,
    '',
    '| check | result |',
    '|---|---|',
    `| lint | ${summaryLine(totals(sections.lint))} |`,
    `| breaking changes | ${summaryLine(totals(sections.diff))} |`,
    `| generated code | ${sections.drift.length === 0 ? 'up to date' : `${sections.drift.length} stale file(s)`} |`,
    '',
  ];
  const part = (title: string, findings: Finding[]): void => {
    if (findings.length > 0) out.push(formatFindings(findings, 'markdown', { title }));
  };
  part('Lint', sections.lint);
  part('Breaking changes', sections.diff);
  part('Stale generated code', sections.drift);
  return `${out.join('\n').trimEnd()}\n`;
}

export async function runReview(options: ReviewOptions): Promise<number> {
  const cwd = options.cwd ?? process.cwd();
  const env = options.env ?? process.env;
  const write = options.write ?? ((t: string) => process.stdout.write(t));
  if (!options.base) throw new UsageError('review needs --base <git-ref>: the revision the pull request is compared with');
  strictFlag(options.strict);
  const format = formatOption(options.format, REPORT_FORMATS, env['GITHUB_ACTIONS'] === 'true' ? 'github-actions' : 'stylish');
  const failOn = options.failOn ?? 'error';
  if (!(REVIEW_FAIL_ON as readonly string[]).includes(failOn)) throw new UsageError(`--fail-on must be ${REVIEW_FAIL_ON.join(' or ')}, not "${failOn}"`);
  // A bad --deprecation-days is a usage error before anything runs.
  if (options.deprecationDays !== undefined) deprecationDays(options.deprecationDays);
  const sections = await reviewFindings({ ...options, cwd, base: options.base });
  const all = [...sections.lint, ...sections.diff, ...sections.drift];
  const failingLevels = failOn === 'warning' ? ['error', 'warning'] : ['error'];
  const failing = all.some((f) => failingLevels.includes(f.level));
  const rules = [...DIFF_RULE_INFO, ...(sections.lintRules ?? [])];
  write(formatFindings(all, format, { title: 'specforge review', rules }));
  const markdown = reviewMarkdown(sections, options.base, failing);
  if (options.summary !== undefined) writeFileSync(resolve(cwd, options.summary), markdown);
  else if (env['GITHUB_STEP_SUMMARY']) appendFileSync(env['GITHUB_STEP_SUMMARY'], markdown);
  if (options.sarif !== undefined) writeFileSync(resolve(cwd, options.sarif), formatFindings(all, 'sarif', { title: 'specforge review', rules }));
  return failing ? EXIT_FINDINGS : EXIT_OK;
}
