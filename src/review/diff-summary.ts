/**
 * `specforge diff --format markdown`: the changes between two contracts as a job summary or a
 * pull-request comment, capped and grouped the way the review's summary is (summary.ts): the
 * changes that fail the run grouped by operation, at most BREAKING_ROWS rows, the others folded
 * in a `<details>` section, at most FOLDED_ROWS, each list counting what it leaves out, and the
 * whole under SUMMARY_LIMIT characters. `full` lists every change.
 */
import { markdownCell } from '../report/format.js';
import type { Finding, FindingLevel } from '../report/findings.js';
import { BREAKING_ROWS, detailBlocks, fitComment, FOLDED_ROWS, groupedBreaking, SUMMARY_LIMIT, type SummaryOptions } from './summary.js';

/** Where every change is, said where the summary counts what it leaves out. */
export const DIFF_FULL_HINT = 'every change is listed by `--full` (this summary without a cap) and by `--format json`';

export interface DiffSummaryOptions {
  /** The heading ("specforge diff"). */
  title: string;
  /** Levels that fail the run (error; with --fail-on warning, warning too): listed first, grouped. */
  failingLevels: readonly FindingLevel[];
  /** Every change, no cap (the summary no longer fits a comment when there are many). */
  full?: boolean;
}

function count(n: number, one: string): string {
  return `${n} ${one}${n === 1 ? '' : 's'}`;
}

export function diffMarkdown(findings: readonly Finding[], options: DiffSummaryOptions): string {
  const out = [`### ${markdownCell(options.title)}`, ''];
  if (findings.length === 0) return `${out.join('\n')}\nNo findings.\n`;
  const levels = (level: FindingLevel): number => findings.filter((f) => f.level === level).length;
  out.push(`**${count(levels('error'), 'error')}, ${count(levels('warning'), 'warning')}, ${levels('info')} info**`, '');
  const full = options.full === true;
  const hint: SummaryOptions = { fullHint: DIFF_FULL_HINT };
  const failing = findings.filter((f) => options.failingLevels.includes(f.level));
  const rest = findings.filter((f) => !options.failingLevels.includes(f.level));
  if (failing.length > 0)
    out.push(...groupedBreaking(failing, full ? Infinity : BREAKING_ROWS, hint, { heading: '#### Breaking changes', more: 'more breaking change' }));
  if (rest.length > 0) {
    const warnings = rest.filter((f) => f.level === 'warning').length;
    const infos = rest.length - warnings;
    const summary = [warnings > 0 ? count(warnings, 'warning') : '', infos > 0 ? `${infos} info` : ''].filter((c) => c !== '').join(', ');
    out.push(`<details><summary>Other changes: ${summary}</summary>`, '');
    out.push(...groupedBreaking(rest, full ? Infinity : FOLDED_ROWS, hint, { heading: '#### Other changes', more: 'more change' }));
    out.push('</details>', '');
  }
  out.push(...detailBlocks(findings.filter((f) => f.detail).slice(0, full ? Infinity : 5)));
  const text = `${out.join('\n').trimEnd()}\n`;
  return full ? text : fitComment(text, SUMMARY_LIMIT, hint);
}
