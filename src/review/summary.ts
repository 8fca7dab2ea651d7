/**
 * What `specforge review` tells a pull request, most important first: the breaking changes, then
 * the new lint errors, then the stale generated files (what fails the run), and everything else
 * (warnings, info, lint findings already on the base branch) folded away in a `<details>` section.
 * The same order in the markdown summary and on a terminal.
 */
import { backticks, markdownCode } from '../codegen/escape.js';
import type { Finding, FindingLevel } from '../report/findings.js';
import { markdownCell, stylishLines } from '../report/format.js';
import { terminalText } from '../report/terminal.js';

export interface ReviewReport {
  /** The base revision as given. */
  base: string;
  /** Lint findings reported: new since the base (or all of them, with --all). */
  lint: Finding[];
  /** Lint findings already on the base (none with --all). */
  preExisting: Finding[];
  /** Breaking changes and other changes since the base. */
  diff: Finding[];
  /** Stale generated files. */
  drift: Finding[];
  /** Whether lint findings were compared with the base's. */
  newOnly: boolean;
  /** Levels that fail the run. */
  failingLevels: readonly FindingLevel[];
}

export interface ReviewSectionsOrdered {
  breaking: Finding[];
  lintErrors: Finding[];
  stale: Finding[];
  /** Reported findings at levels that do not fail the run. */
  rest: Finding[];
}

/** The reported findings in the order the summary shows them. */
export function orderedSections(report: ReviewReport): ReviewSectionsOrdered {
  const failing = (f: Finding): boolean => report.failingLevels.includes(f.level);
  // Within a section, errors before warnings (with --fail-on warning both fail).
  const byLevel = (list: Finding[]): Finding[] => [...list.filter((f) => f.level === 'error'), ...list.filter((f) => f.level !== 'error')];
  return {
    breaking: byLevel(report.diff.filter(failing)),
    lintErrors: byLevel(report.lint.filter(failing)),
    stale: byLevel(report.drift.filter(failing)),
    rest: [...report.diff, ...report.lint, ...report.drift].filter((f) => !failing(f)).sort((a, b) => LEVELS.indexOf(a.level) - LEVELS.indexOf(b.level)),
  };
}

const LEVELS: readonly FindingLevel[] = ['error', 'warning', 'info'];

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "1 breaking change, 2 new lint errors, 1 stale file" (what fails the run), or "nothing that fails the run". */
export function verdictCounts(report: ReviewReport): string {
  const s = orderedSections(report);
  const lintWord = report.newOnly ? 'new lint problem' : 'lint problem';
  const parts = [
    plural(s.breaking.length, 'breaking change'),
    plural(s.lintErrors.length, lintWord),
    s.stale.length === 0 ? 'generated code up to date' : plural(s.stale.length, 'stale generated file'),
  ];
  return parts.join(', ');
}

function preExistingLine(report: ReviewReport, code: (text: string) => string): string | undefined {
  const n = report.preExisting.length;
  if (!report.newOnly || n === 0) return undefined;
  return `${plural(n, 'lint finding')} already on ${code(report.base)} ${n === 1 ? 'is' : 'are'} not counted (\`--all\` reports ${n === 1 ? 'it' : 'them'}).`;
}

function where(f: Finding): string {
  return f.location.line === undefined ? f.location.file : `${f.location.file}:${f.location.line}:${f.location.column ?? 1}`;
}

const KIND: Record<Finding['source'], string> = { diff: 'breaking change', lint: 'lint', drift: 'generated code', test: 'conformance' };

function rows(findings: readonly Finding[], kind: (f: Finding) => string, limit = Infinity): string[] {
  const out = ['| check | level | rule | location | message |', '|---|---|---|---|---|'];
  for (const f of findings.slice(0, limit))
    out.push(`| ${kind(f)} | ${f.level} | ${markdownCell(f.rule)} | ${markdownCell(where(f))} | ${markdownCell(f.message)} |`);
  if (findings.length > limit) out.push(`| | | | | … ${findings.length - limit} more (every one is in the SARIF file and the log) |`);
  return out;
}

export function detailBlocks(findings: readonly Finding[]): string[] {
  const out: string[] = [];
  for (const f of findings) {
    if (!f.detail) continue;
    const detail = f.detail.replace(/\n$/, '');
    const marks = backticks(detail, 3);
    out.push('', `<details><summary>${markdownCell(f.location.file)}: ${markdownCell(f.rule)}</summary>`, '', `${marks}diff`, detail, marks, '', '</details>');
  }
  return out;
}

/** Rows of the folded section kept in a comment of reasonable size; the rest is counted. */
export const FOLDED_ROWS = 50;

/** GitHub refuses a comment over 65,536 characters: the summary stays under this, whatever the findings. */
export const SUMMARY_LIMIT = 60_000;

/** Breaking changes listed (grouped by operation); the rest are counted, and are in the full report. */
export const BREAKING_ROWS = 40;

/** Rows of new lint problems and of stale files listed each. */
export const MAIN_ROWS = 30;

/** A message longer than this is cut in the summary (the full text is in the SARIF file and the log). */
const MESSAGE_CHARS = 400;

export interface SummaryOptions {
  /** Where the full report is (the run's artifacts), said where the summary counts what it leaves out. */
  reportLink?: string;
  /** How to get every finding, said instead where the summary counts what it leaves out (`specforge diff`'s own flags). */
  fullHint?: string;
}

function short(message: string): string {
  return message.length > MESSAGE_CHARS ? `${message.slice(0, MESSAGE_CHARS - 1)}…` : message;
}

/** Where the full list is, for the lines that count what the summary leaves out. */
function fullReport(options: SummaryOptions): string {
  if (options.fullHint !== undefined) return options.fullHint;
  return options.reportLink
    ? `the full report is an artifact of [this run](${options.reportLink}), and every finding is in the SARIF file`
    : 'every finding is in the full report (`--report`), the SARIF file and the log';
}

/** The operation (or webhook, or removed path) a diff finding is about: its message names it first. */
export function operationOf(f: Finding): string {
  const op = /^([A-Z]+ \/\S*): /.exec(f.message) ?? /^(webhook "[^"]*"(?: [A-Z]+)?)/.exec(f.message);
  if (op) return op[1] as string;
  if (/^path \/\S* was removed/.test(f.message)) return 'removed paths';
  return 'the contract';
}

/** A grouped list's heading and what its count of left-out rows calls them. */
export interface GroupedTitle {
  heading: string;
  more: string;
}

const BREAKING_TITLE: GroupedTitle = { heading: '### Breaking changes', more: 'more breaking change' };

/** Breaking changes (or other findings of the diff) grouped by operation (groups in order of their first finding), at most `limit` rows. */
export function groupedBreaking(findings: readonly Finding[], limit: number, options: SummaryOptions, title: GroupedTitle = BREAKING_TITLE): string[] {
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    const key = operationOf(f);
    const list = groups.get(key);
    if (list) list.push(f);
    else groups.set(key, [f]);
  }
  const out = [`${title.heading}: ${plural(findings.length, 'change')} in ${plural(groups.size, 'place')}`, ''];
  let shown = 0;
  let groupsShown = 0;
  for (const [key, list] of groups) {
    if (shown >= limit) break;
    const rowsHere = list.slice(0, Math.max(1, limit - shown));
    groupsShown++;
    out.push(`**${markdownCode(key)}** (${list.length})`, '', '| level | rule | location | message |', '|---|---|---|---|');
    for (const f of rowsHere) {
      const message = key.startsWith('removed') || key === 'the contract' ? f.message : f.message.slice(key.length).replace(/^: /, '');
      out.push(`| ${f.level} | ${markdownCell(f.rule)} | ${markdownCell(where(f))} | ${markdownCell(short(message))} |`);
    }
    if (rowsHere.length < list.length) out.push(`| | | | … ${list.length - rowsHere.length} more here |`);
    out.push('');
    shown += rowsHere.length;
  }
  const rest = findings.length - shown;
  if (rest > 0) {
    out.push(
      `… and ${plural(rest, title.more)}${groups.size > groupsShown ? ` in ${plural(groups.size - groupsShown, 'more place')}` : ''} not listed here: ${fullReport(options)}.`,
      '',
    );
  }
  return out;
}

/**
 * The summary cut to `limit` characters at a line, when it is longer: the `<details>` left open are
 * closed, and a last line says where the rest is.
 */
export function fitComment(markdown: string, limit = SUMMARY_LIMIT, options: SummaryOptions = {}): string {
  if (markdown.length <= limit) return markdown;
  const tail = `\n\n… the summary was cut at ${limit.toLocaleString('en-US')} characters to fit a pull-request comment: ${fullReport(options)}.\n`;
  const lines = markdown.split('\n');
  const kept: string[] = [];
  let size = 0;
  let open = 0;
  for (const line of lines) {
    // Room for the tail and for closing every open <details>.
    if (size + line.length + 1 + tail.length + (open + 1) * 12 > limit) break;
    kept.push(line);
    size += line.length + 1;
    if (line.startsWith('<details')) open++;
    if (line.startsWith('</details>')) open--;
  }
  for (; open > 0; open--) kept.push('', '</details>');
  return `${kept.join('\n').trimEnd()}${tail}`;
}

/**
 * The pull request's markdown summary: it fits a pull-request comment (SUMMARY_LIMIT), breaking
 * changes grouped by operation and capped, each list counting what it leaves out.
 */
export function reviewMarkdown(report: ReviewReport, failing: boolean, options: SummaryOptions & { full?: boolean } = {}): string {
  const s = orderedSections(report);
  const full = options.full === true;
  const out = [
    '## specforge review',
    '',
    `${failing ? '❌ changes needed' : '✅ ready'} (compared with ${markdownCode(report.base)}): ${verdictCounts(report)}.`,
  ];
  const pre = preExistingLine(report, markdownCode);
  if (pre) out.push('', pre);
  out.push('');
  const breaking = s.breaking.filter((f) => f.source === 'diff');
  const others = [...s.breaking.filter((f) => f.source !== 'diff'), ...s.lintErrors, ...s.stale];
  if (breaking.length > 0) out.push(...groupedBreaking(breaking, full ? Infinity : BREAKING_ROWS, options));
  if (others.length > 0) {
    const kind = (f: Finding): string =>
      f.source === 'diff' ? '**breaking change**' : f.source === 'lint' ? (report.newOnly ? 'new lint' : 'lint') : KIND[f.source];
    const limit = full ? Infinity : MAIN_ROWS;
    const lintAndStale = [...others.filter((f) => f.source !== 'drift').slice(0, limit), ...s.stale.slice(0, limit)];
    out.push(...rows(lintAndStale, kind));
    const left = others.length - lintAndStale.length;
    if (left > 0) out.push(`| | | | | … ${left} more: ${markdownCell(fullReport(options))} |`);
    out.push(...detailBlocks(s.stale.slice(0, full ? Infinity : 5)));
    out.push('');
  }
  const folded = s.rest.length + report.preExisting.length;
  if (folded > 0) {
    const foldedRows = full ? Infinity : FOLDED_ROWS;
    const counts: string[] = [];
    const warnings = s.rest.filter((f) => f.level === 'warning').length;
    const infos = s.rest.filter((f) => f.level === 'info').length;
    const errors = s.rest.length - warnings - infos;
    if (errors > 0) counts.push(plural(errors, 'error'));
    if (warnings > 0) counts.push(plural(warnings, 'warning'));
    if (infos > 0) counts.push(`${infos} info`);
    if (report.preExisting.length > 0) counts.push(`${report.preExisting.length} pre-existing lint`);
    out.push(`<details><summary>Everything else: ${counts.join(', ')}</summary>`, '');
    if (s.rest.length > 0) {
      const restRows = s.rest.slice(0, foldedRows).map((f) => ({ ...f, message: short(f.message) }));
      out.push('#### Warnings and info', '', ...rows(restRows, (f) => (f.source === 'diff' ? 'change' : KIND[f.source])), '');
      if (s.rest.length > restRows.length) out.push(`… ${s.rest.length - restRows.length} more: ${fullReport(options)}.`, '');
      out.push(...detailBlocks(s.rest.slice(0, Math.min(foldedRows, 5))));
    }
    if (report.preExisting.length > 0) {
      out.push(`#### Lint findings already on ${markdownCode(report.base)}`, '', ...rows(report.preExisting, () => 'lint (pre-existing)', foldedRows), '');
    }
    out.push('</details>', '');
  }
  const text = `${out.join('\n').trimEnd()}\n`;
  return full ? text : fitComment(text, SUMMARY_LIMIT, options);
}

/** The same summary for a terminal: the sections in order, each in the stylish layout. */
export function reviewTerminal(report: ReviewReport, failing: boolean): string {
  const s = orderedSections(report);
  const out: string[] = [];
  const section = (title: string, list: Finding[]): void => {
    if (list.length === 0) return;
    out.push(`${title} (${list.length})`, ...stylishLines(list).map((l) => (l === '' ? l : `  ${l}`)));
  };
  section('Breaking changes', s.breaking);
  section(report.newOnly ? 'New lint problems' : 'Lint problems', s.lintErrors);
  section('Stale generated code', s.stale);
  section('Other findings (not failing the run)', s.rest);
  const pre = preExistingLine(report, (t) => t);
  if (pre) out.push(pre.replace(/`/g, ''));
  out.push(`${failing ? '✖ changes needed' : '✔ ready'} (compared with ${report.base}): ${verdictCounts(report)}`);
  return terminalText(`${out.join('\n')}\n`);
}
