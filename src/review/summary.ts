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

function detailBlocks(findings: readonly Finding[]): string[] {
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

/** The pull request's markdown summary. */
export function reviewMarkdown(report: ReviewReport, failing: boolean): string {
  const s = orderedSections(report);
  const main = [...s.breaking, ...s.lintErrors, ...s.stale];
  const out = [
    '## specforge review',
    '',
    `${failing ? '❌ changes needed' : '✅ ready'} (compared with ${markdownCode(report.base)}): ${verdictCounts(report)}.`,
  ];
  const pre = preExistingLine(report, markdownCode);
  if (pre) out.push('', pre);
  out.push('');
  if (main.length > 0) {
    const kind = (f: Finding): string =>
      f.source === 'diff' ? '**breaking change**' : f.source === 'lint' ? (report.newOnly ? 'new lint' : 'lint') : KIND[f.source];
    out.push(...rows(main, kind));
    out.push(...detailBlocks(s.stale));
    out.push('');
  }
  const folded = s.rest.length + report.preExisting.length;
  if (folded > 0) {
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
      out.push('#### Warnings and info', '', ...rows(s.rest, (f) => (f.source === 'diff' ? 'change' : KIND[f.source]), FOLDED_ROWS), '');
      out.push(...detailBlocks(s.rest.slice(0, FOLDED_ROWS)));
    }
    if (report.preExisting.length > 0) {
      out.push(`#### Lint findings already on ${markdownCode(report.base)}`, '', ...rows(report.preExisting, () => 'lint (pre-existing)', FOLDED_ROWS), '');
    }
    out.push('</details>', '');
  }
  return `${out.join('\n').trimEnd()}\n`;
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
