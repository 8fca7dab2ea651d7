/**
 * `specforge review --base <git-ref>`: everything a pull request that touches contracts needs, in
 * one run: lint problems, breaking changes since the base revision and stale generated files. Lint
 * findings are compared with the base revision's, and only new ones count (`--all` counts every
 * one). It writes one markdown summary (to `--summary`, or the job summary file of the CI run),
 * most important first, prints the findings as annotations (`github-actions` in a GitHub Actions
 * job, the most severe first and at most ten, `stylish` elsewhere), and exits 1 when anything new
 * is found at or above `--fail-on`. A base revision missing from the clone is a usage error that
 * still writes the SARIF file, with the problem as a notification, so an upload step finds it.
 */
import { appendFileSync, mkdtempSync, readdirSync, realpathSync, rmSync, statSync, writeFileSync, type Dirent } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { markdownText } from '../../codegen/escape.js';
import { ContractError, formatDiagnostic, UsageError } from '../../contract/errors.js';
import { MissingRevisionError, resolveRevision } from '../../contract/git-base.js';
import { applyToFindings, parseSeverityFlags, pathPattern, policyOf } from '../../diff/policy.js';
import { diffRevision } from '../../diff/report.js';
import { DIFF_RULE_INFO } from '../../diff/rules.js';
import { setContractPatches, setPatchReporter } from '../../contract/patches.js';
import { lintFindings, lintRules, lintSpecs, type LintTarget } from '../../lint/lint.js';
import { configAtRevision, type SpecforgeConfig } from '../../config/config.js';
import type { StrictLevel } from '../../runtime/validation/ajv.js';
import { driftFindings } from '../../pipeline/drift.js';
import { generateSpec } from '../../pipeline/generate.js';
import type { Finding } from '../../report/findings.js';
import { formatFindings, REPORT_FORMATS, type RuleInfo } from '../../report/format.js';
import { terminalText } from '../../report/terminal.js';
import { baseProblemKeys, markPreExisting, problemKeys } from '../../review/baseline.js';
import { fitComment, reviewMarkdown, reviewTerminal, SUMMARY_LIMIT, type ReviewReport } from '../../review/summary.js';
import { specforgeVersion } from '../version.js';
import { EXIT_FINDINGS, EXIT_OK } from '../errors.js';
import { formatOption, strictFlag } from '../format-option.js';
import { deprecationDays } from './diff.js';

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
  /** Also write the full markdown report here: every finding, no cap (the summary is capped to fit a comment). */
  report?: string;
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
  /** Report every lint finding, not only those new since the base revision. */
  all?: boolean;
  /** Per-rule levels, `<rule>=<level>` (repeatable; over the config's diff.severity). */
  severity?: string[];
  /** Count only lint findings new since the base (the default; the opposite of `all`). */
  newOnly?: boolean;
  /** oasdiff's severity-levels file: `<rule> <level>` lines. */
  severityLevels?: string;
  /** Only API paths this regular expression matches (default: the config's diff.matchPath). */
  matchPath?: string;
  /** No API paths this regular expression matches (default: the config's diff.unmatchPath). */
  unmatchPath?: string;
  /** true, false or schema: over each contract's strict level (lint and generated code). */
  strict?: string;
  /** `--overlay`: Overlay files applied to every contract (relative to cwd). */
  overlay?: string[];
  write?: (text: string) => void;
  /** Where notes go (the working tree's config was not read): standard error by default. */
  warn?: (text: string) => void;
  env?: NodeJS.ProcessEnv;
}

export interface ReviewSections {
  lint: Finding[];
  /** Lint findings already on the base revision (none with `all`). */
  preExisting: Finding[];
  diff: Finding[];
  drift: Finding[];
  /** The lint rules, described for SARIF. */
  lintRules?: RuleInfo[];
  /** Why the working tree's config was not read (the base revision's governs the review). */
  notes?: string[];
}

/**
 * The patches of the config that governs the review (its `overlays:` and `errors:`) and
 * `--overlay`: the command line registers those of the working tree's config for other commands;
 * review registers the base revision's (see configAtRevision).
 */
function registerReviewPatches(config: SpecforgeConfig, overlay: readonly string[] | undefined, cwd: string, warn: (text: string) => void): void {
  const byContract = new Map<string, { overlays: string[]; errors?: unknown }>();
  for (const entry of config.specs) {
    if (!entry.overlays && entry.errors === undefined) continue;
    byContract.set(entry.path, { overlays: entry.overlays ?? [], ...(entry.errors === undefined ? {} : { errors: entry.errors }) });
  }
  setContractPatches(
    (overlay ?? []).map((o) => resolve(cwd, o)),
    byContract,
  );
  // Nulls read as absent and overlay actions that select nothing: said once each.
  setPatchReporter((d) => warn(`${formatDiagnostic(d)}\n`));
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The files review reads from the working tree are the pull request's, and a symbolic link among
 * them could lead anywhere on the machine (a key, the runner's credentials) and bring what it
 * reads into the log (a drift diff, a lint message). Each contract, overlay, accept and
 * severity-levels file the review reads, and everything under an output folder, must stay inside
 * the repository by its real path; a path the config or the command line names outside the
 * repository is not the checkout's and is left alone.
 */
function refuseLinksOut(root: string, files: readonly string[], folders: readonly string[]): void {
  const inRepo = (p: string): boolean => {
    const rel = relative(root, p);
    return !rel.startsWith('..') && !isAbsolute(rel);
  };
  const bad: string[] = [];
  const check = (p: string): boolean => {
    if (!inRepo(p)) return true;
    let real: string;
    try {
      real = realpathSync(p);
    } catch {
      return true; // missing: the command that reads it says so
    }
    if (inRepo(real)) return true;
    bad.push(p);
    return false;
  };
  // Folders are walked by their real path once each (a link to a folder of the repository is walked too).
  const walked = new Set<string>();
  const walk = (dir: string): void => {
    if (!check(dir)) return;
    let entries: Dirent[];
    try {
      const real = realpathSync(dir);
      if (walked.has(real)) return;
      walked.add(real);
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() || (entry.isSymbolicLink() && check(path) && isFolder(path))) walk(path);
    }
  };
  for (const file of files) check(file);
  for (const folder of folders) walk(folder);
  if (bad.length === 0) return;
  throw new ContractError(
    [...new Set(bad)].map((p) => ({
      code: 'SPECFORGE_REF_OUTSIDE' as const,
      severity: 'error' as const,
      message: `${relative(root, p).split(sep).join('/')} leads out of the repository through a symbolic link: review reads only files of the checkout (a link in a pull request could point at any file of the machine)`,
      location: { file: p },
    })),
  );
}

/**
 * Runs the three checks over every contract of the config. The config is the base revision's
 * (configAtRevision): nothing the pull request carries runs, and generated files are compared in a
 * cache of this run's own (a cache folder of the checkout could claim they are up to date).
 */
export async function reviewFindings(options: ReviewOptions & { cwd: string; base: string }): Promise<ReviewSections> {
  const { cwd } = options;
  const rev = resolveRevision(cwd, options.base);
  const { config, notes } = configAtRevision(cwd, options.config, rev);
  registerReviewPatches(config, options.overlay, cwd, options.warn ?? ((t: string) => process.stderr.write(t)));
  const accept = options.accept !== undefined ? resolve(cwd, options.accept) : config.diff.accept;
  // Paths of the command line, from the working folder's real path (the repository's top is a real path).
  const here = realpathSync(cwd);
  const named = [
    ...(options.overlay ?? []),
    ...(options.accept !== undefined ? [options.accept] : []),
    ...(options.severityLevels !== undefined ? [options.severityLevels] : []),
  ].map((p) => resolve(here, p));
  refuseLinksOut(
    rev.root,
    [...config.specs.flatMap((e) => [e.path, ...(e.overlays ?? [])]), ...(config.diff.accept !== undefined ? [config.diff.accept] : []), ...named],
    config.specs.map((e) => e.out),
  );
  const strict = strictFlag(options.strict);
  const over = <T extends { strict?: StrictLevel }>(t: T): T => (strict === undefined ? t : { ...t, strict });
  const targets: LintTarget[] = config.specs.map((e) => over({ path: e.path, strict: e.strict, ...(e.lint ? { rules: e.lint } : {}) }));
  const linted = await lintSpecs(targets);
  const everyLint = lintFindings(linted, cwd);
  // The config's diff: settings under the flags (diff.failOn is diff's own: --fail-on here covers every check).
  const settings = config.diff;
  const policy = policyOf(cwd, settings, options);
  let lint = everyLint;
  let preExisting: Finding[] = [];
  if (!options.all) {
    const before = markPreExisting(
      linted.flatMap((r) => problemKeys(r, rev.root)),
      await baseProblemKeys(rev, targets, linted),
    );
    everyLint.forEach((f, i) => {
      f.baseline = before[i] ? 'unchanged' : 'new';
    });
    lint = everyLint.filter((f) => f.baseline === 'new');
    preExisting = applyToFindings(
      everyLint.filter((f) => f.baseline === 'unchanged'),
      policy,
    );
  }
  lint = applyToFindings(lint, policy);
  const days = deprecationDays(options.deprecationDays ?? settings.deprecationDays);
  const specs = config.specs.map((e) => e.path);
  const diff =
    specs.length === 0
      ? []
      : (
          await diffRevision({
            cwd,
            ref: options.base,
            specs,
            deprecationDays: days,
            policy,
            ...(options.now ? { now: options.now } : {}),
            ...(accept !== undefined ? { accept } : {}),
          })
        ).findings;
  const drift: Finding[] = [];
  // Never $SPECFORGE_CACHE_DIR or the checkout's cache: a cache entry is a claim that files are up to date.
  const ownCache = mkdtempSync(join(tmpdir(), 'specforge-review-cache-'));
  try {
    for (const entry of config.specs.map(over)) {
      const result = await generateSpec(entry, { check: true, cacheDir: ownCache });
      drift.push(...driftFindings(entry, result.files, { cwd, diffLines: 40 }));
    }
  } finally {
    rmSync(ownCache, { recursive: true, force: true });
  }
  return { lint, preExisting, diff, drift: applyToFindings(drift, policy), lintRules: lintRules(linted, everyLint), notes };
}

/** The pull request's summary: a verdict line, what fails the run, then the rest folded. */
export function reviewReport(sections: ReviewSections, base: string, failOn: string, all = false): ReviewReport {
  return {
    base,
    lint: sections.lint,
    preExisting: sections.preExisting,
    diff: sections.diff,
    drift: sections.drift,
    newOnly: !all,
    failingLevels: failOn === 'warning' ? ['error', 'warning'] : ['error'],
  };
}

/** The page of the GitHub Actions run (its artifacts hold the full report), when the run is one. */
function runLink(env: NodeJS.ProcessEnv): string | undefined {
  const server = env['GITHUB_SERVER_URL'];
  const repo = env['GITHUB_REPOSITORY'];
  const run = env['GITHUB_RUN_ID'];
  if (!server || !repo || !run || !/^https:\/\/[^\s()<>]+$/.test(server) || !/^[\w.-]+\/[\w.-]+$/.test(repo) || !/^\d+$/.test(run)) return undefined;
  return `${server}/${repo}/actions/runs/${run}`;
}

/** The SARIF log of a run that could not compare: no results, the reason as a notification. */
function notificationSarif(message: string, cwd: string): string {
  return formatFindings([], 'sarif', {
    title: 'specforge review',
    rules: [],
    toolVersion: specforgeVersion(),
    srcRoot: cwd,
    notifications: [{ id: 'base-revision-missing', level: 'error', message }],
  });
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
  // Bad values are usage errors before anything runs.
  if (options.deprecationDays !== undefined) deprecationDays(options.deprecationDays);
  if (options.all === true && options.newOnly === true)
    throw new UsageError(
      '--all and --new-only contradict each other: --new-only (the default) counts only lint findings new since the base, --all counts every one',
    );
  parseSeverityFlags(options.severity ?? []);
  pathPattern('--match-path', options.matchPath);
  pathPattern('--unmatch-path', options.unmatchPath);
  let sections: ReviewSections;
  try {
    sections = await reviewFindings({ ...options, cwd, base: options.base });
  } catch (err) {
    if (err instanceof MissingRevisionError) {
      // The upload step after review still finds a SARIF file, which says why it holds no results.
      if (options.sarif !== undefined) writeFileSync(resolve(cwd, options.sarif), notificationSarif(err.message, cwd));
      const summary = `## specforge review\n\n⚠️ not run: ${markdownText(err.message)}\n`;
      if (options.summary !== undefined) writeFileSync(resolve(cwd, options.summary), summary);
      else if (env['GITHUB_STEP_SUMMARY']) appendFileSync(env['GITHUB_STEP_SUMMARY'], summary);
    }
    throw err;
  }
  const warn = options.warn ?? ((t: string) => process.stderr.write(t));
  for (const note of sections.notes ?? []) warn(terminalText(`specforge review: ${note}\n`));
  const report = reviewReport(sections, options.base, failOn, options.all === true);
  const reported = [...sections.diff, ...sections.lint, ...sections.drift];
  const failing = reported.some((f) => report.failingLevels.includes(f.level));
  const rules = [...DIFF_RULE_INFO, ...(sections.lintRules ?? [])];
  const sarifOptions = { title: 'specforge review', rules, toolVersion: specforgeVersion(), srcRoot: cwd };
  const everything = [...reported, ...sections.preExisting];
  const preLine =
    sections.preExisting.length > 0
      ? `specforge review: ${sections.preExisting.length} lint finding(s) already on ${options.base} not counted (--all reports them)\n`
      : '';
  switch (format) {
    case 'stylish':
      write(reviewTerminal(report, failing));
      break;
    case 'markdown':
      write(terminalText(reviewMarkdown(report, failing)));
      break;
    case 'json': {
      const parsed = JSON.parse(formatFindings(reported, 'json')) as Record<string, unknown>;
      write(JSON.stringify({ ...parsed, preExisting: sections.preExisting.length }, null, 2) + '\n');
      break;
    }
    case 'github-actions':
      write(formatFindings(reported, 'github-actions', { title: 'specforge review' }) + terminalText(preLine));
      break;
    case 'sarif':
      write(formatFindings(everything, 'sarif', sarifOptions));
      break;
  }
  const link = runLink(env);
  const summaryOptions = link === undefined ? {} : { reportLink: link };
  const noteLines = (sections.notes ?? []).map((n) => `\n> ${markdownText(n)}\n`).join('');
  // A pull-request comment holds 65,536 characters: the summary is capped, grouped and counted; the full report is a file of its own.
  const markdown = fitComment(reviewMarkdown(report, failing, summaryOptions) + noteLines, SUMMARY_LIMIT, summaryOptions);
  if (options.report !== undefined) writeFileSync(resolve(cwd, options.report), reviewMarkdown(report, failing, { full: true }) + noteLines);
  if (options.summary !== undefined) writeFileSync(resolve(cwd, options.summary), markdown);
  else if (env['GITHUB_STEP_SUMMARY']) appendFileSync(env['GITHUB_STEP_SUMMARY'], markdown);
  if (options.sarif !== undefined) writeFileSync(resolve(cwd, options.sarif), formatFindings(everything, 'sarif', sarifOptions));
  return failing ? EXIT_FINDINGS : EXIT_OK;
}
