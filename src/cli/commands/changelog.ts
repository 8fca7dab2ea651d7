/**
 * `specforge changelog`: every change between two versions of a contract (or of every contract
 * since a git revision), grouped by operation, as release notes in markdown, HTML or JSON, with the
 * semantic-version bump the changes call for.
 */
import { terminalText } from '../../report/terminal.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../../contract/errors.js';
import { displayPath } from '../../contract/resolve.js';
import { buildChangelog, CHANGELOG_FORMATS, renderChangelog, type ChangelogFormat, type ChangelogInput } from '../../diff/changelog.js';
import { resolveRevision } from '../../contract/git-base.js';
import { changesOfFiles, changesSinceRevision } from '../../diff/report.js';
import { diffSettingsFor, loadConfig, type DiffSettings } from '../../config/config.js';
import { policyOf, type ReviewPolicy } from '../../diff/policy.js';
import { EXIT_FINDINGS, EXIT_OK } from '../errors.js';
import { formatOption } from '../format-option.js';
import { deprecationDays } from './diff.js';

export interface ChangelogOptions {
  cwd?: string;
  /** Two contract files (base, head); with `base` set, the contracts to compare. */
  specs?: string[];
  /** Git revision to compare every contract with. */
  base?: string;
  config?: string;
  /** markdown (default), html or json; without it, an --output ending in .html or .json picks that format. */
  format?: string;
  /** Write the changelog here instead of standard output. */
  output?: string;
  /** Exit 1 when a contract's info.version is lower than the suggested bump needs. */
  checkVersion?: boolean;
  /**
   * Days required between deprecating an operation or parameter and its x-sunset date, as for
   * `specforge diff --deprecation-days`; default: the config's diff.deprecationDays, else 0.
   */
  deprecationDays?: string | number;
  /** Today, for sunset dates (tests; default: the current date). */
  now?: Date;
  /** Per-rule levels, `<rule>=<level>`, as for diff (over the config's diff.severity). */
  severity?: string[];
  /** oasdiff's severity-levels file: `<rule> <level>` lines. */
  severityLevels?: string;
  /** Only API paths this regular expression matches (default: the config's diff.matchPath). */
  matchPath?: string;
  /** No API paths this regular expression matches (default: the config's diff.unmatchPath). */
  unmatchPath?: string;
  write?: (text: string) => void;
}

function defaultFormat(output: string | undefined): ChangelogFormat {
  if (output?.toLowerCase().endsWith('.html') || output?.toLowerCase().endsWith('.htm')) return 'html';
  if (output?.toLowerCase().endsWith('.json')) return 'json';
  return 'markdown';
}

/**
 * The policy of the comparison: the deprecation period, severity overrides and path filters, each
 * the option, else the config's diff: setting (so the changelog counts what diff and review count).
 */
function comparisonPolicy(options: ChangelogOptions, cwd: string, settings: DiffSettings): { deprecationDays: number; now?: Date; policy: ReviewPolicy } {
  return {
    deprecationDays: deprecationDays(options.deprecationDays ?? settings.deprecationDays),
    ...(options.now ? { now: options.now } : {}),
    policy: policyOf(cwd, settings, options),
  };
}

export async function runChangelog(options: ChangelogOptions): Promise<number> {
  const cwd = options.cwd ?? process.cwd();
  const write = options.write ?? ((t: string) => process.stdout.write(t));
  const format = formatOption(options.format, CHANGELOG_FORMATS, defaultFormat(options.output));
  const specs = options.specs ?? [];
  let inputs: ChangelogInput[];
  if (options.base !== undefined) {
    const ref = options.base;
    // The revision first: an unknown one is a usage error even without a config.
    resolveRevision(cwd, ref);
    const config = specs.length > 0 ? undefined : loadConfig(cwd, options.config);
    const paths = config ? config.specs.map((e) => e.path) : specs.map((s) => resolve(cwd, s));
    const policy = comparisonPolicy(options, cwd, config ? config.diff : diffSettingsFor(cwd, options.config));
    const compared = await changesSinceRevision({ cwd, ref, specs: paths, ...policy });
    inputs = compared.map((c, i) => ({ ...c, path: paths[i] as string, since: ref }));
  } else {
    if (specs.length !== 2) throw new UsageError('changelog needs two contracts (<base> <head>) or --base <git-ref>');
    const [basePath, headPath] = specs as [string, string];
    const policy = comparisonPolicy(options, cwd, diffSettingsFor(cwd, options.config));
    inputs = [
      { ...(await changesOfFiles(basePath, headPath, { cwd, ...policy })), path: resolve(cwd, headPath), since: displayPath(resolve(cwd, basePath), cwd) },
    ];
  }
  const changelog = buildChangelog(inputs, cwd);
  const text = renderChangelog(changelog, format);
  if (options.output !== undefined) {
    const target = resolve(cwd, options.output);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
    for (const c of changelog.contracts) {
      const v = c.version;
      const bump = v.bump === 'none' ? 'no bump' : `${v.bump}${v.next !== undefined ? ` (${v.base} -> ${v.next})` : ''}`;
      write(terminalText(`${c.spec}: ${c.isNew ? 'new contract' : `${v.reason}; suggested bump: ${bump}`}${v.warning ? `; warning: ${v.verdict}` : ''}\n`));
    }
    write(`changelog written to ${displayPath(target, cwd)}\n`);
  } else {
    // To standard output, a terminal perhaps: control characters a contract holds are shown escaped
    // (JSON escapes its own).
    write(format === 'json' ? text : terminalText(text));
  }
  return options.checkVersion && changelog.contracts.some((c) => c.version.warning) ? EXIT_FINDINGS : EXIT_OK;
}
