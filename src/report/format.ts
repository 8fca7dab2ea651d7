/**
 * The shared output formats of review commands (lint, diff, drift), over a list of findings:
 * `stylish` for people, `json`, `github-actions` workflow commands (annotations on the file, line
 * and column), `markdown` for a job summary, and SARIF 2.1.0 for code scanning.
 */
import { pathToFileURL } from 'node:url';
import { backticks, inertReferences, markdownCode } from '../codegen/escape.js';
import type { Finding, FindingLevel } from './findings.js';
import { terminalText } from './terminal.js';

const LEVEL_ORDER: readonly FindingLevel[] = ['error', 'warning', 'info'];

export const REPORT_FORMATS = ['stylish', 'json', 'github-actions', 'markdown', 'sarif'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** What a rule is, for SARIF's rule metadata and help text. */
export interface RuleInfo {
  id: string;
  /** One sentence: SARIF's short description (and the full one when there is no `fullDescription`). */
  description: string;
  /** The level its results use by default; unset, the level of its results in the report. */
  level?: FindingLevel;
  /** A longer description. */
  fullDescription?: string;
  /** Where the rule is documented (a docs/ section, docsUrl); unset, the section of its findings' source. */
  helpUri?: string;
}

/** Where specforge's repository is published: rule help links point at its documentation pages. */
export const REPOSITORY_URL = 'https://github.com/specforge/specforge';

/** A section of specforge's documentation: a markdown file of the repository and a heading's anchor in it. */
export interface DocSection {
  /** The file, relative to the repository's root ("docs/reference/lint-rules.md"). */
  file: string;
  /** The heading's anchor, as GitHub makes it ("lint-rules-and-review-output"). */
  anchor: string;
}

/** The published address of a documentation section. */
export function docsUrl(section: DocSection): string {
  return `${REPOSITORY_URL}/blob/main/${section.file}#${section.anchor}`;
}

/** The documentation section that describes the rules of each kind of finding. */
export const SOURCE_DOCS: Record<Finding['source'], DocSection> = {
  lint: { file: 'docs/reference/lint-rules.md', anchor: 'lint-rules-and-review-output' },
  diff: { file: 'docs/reference/diff.md', anchor: 'breaking-change-diff-specforge-diff' },
  drift: { file: 'docs/guides/lint-and-review.md', anchor: 'reviewing-a-pull-request-specforge-review' },
  test: { file: 'docs/guides/testing-a-server.md', anchor: 'conformance-of-a-running-server-specforge-test' },
};

export interface FormatOptions {
  /** Heading of the markdown summary, e.g. "specforge diff". */
  title?: string;
  /** Rule descriptions: SARIF lists them as the driver's rules with their help text. */
  rules?: readonly RuleInfo[];
  /** specforge's version, written into SARIF. */
  toolVersion?: string;
  /**
   * The folder relative file paths are relative to (absolute): SARIF's `originalUriBaseIds`
   * SRCROOT. Unset, SRCROOT is named without a value (the consumer supplies the checkout).
   */
  srcRoot?: string;
  /** Problems of the run itself (a missing base revision): SARIF's toolExecutionNotifications. */
  notifications?: readonly RunNotification[];
  /**
   * Most workflow commands printed by `github-actions` (GitHub shows ten errors and ten warnings
   * per step): the most severe first, then one notice saying how many were left out. Default:
   * ANNOTATION_LIMIT.
   */
  annotationLimit?: number;
}

/** A problem of the run rather than of the code (SARIF notification). */
export interface RunNotification {
  /** Stable id, e.g. "base-revision-missing". */
  id: string;
  level: FindingLevel;
  message: string;
}

/** GitHub Actions shows at most ten error annotations (and ten warnings) of a step. */
export const ANNOTATION_LIMIT = 10;

const SOURCE_ORDER: readonly Finding['source'][] = ['diff', 'lint', 'drift', 'test'];

/**
 * Findings by how much they matter: errors, then warnings, then info; within a level breaking
 * changes, then lint, then stale files, then conformance; otherwise in their order.
 */
export function bySeverity(findings: readonly Finding[]): Finding[] {
  return findings
    .map((f, i) => ({ f, i }))
    .sort(
      (a, b) =>
        LEVEL_ORDER.indexOf(a.f.level) - LEVEL_ORDER.indexOf(b.f.level) || SOURCE_ORDER.indexOf(a.f.source) - SOURCE_ORDER.indexOf(b.f.source) || a.i - b.i,
    )
    .map(({ f }) => f);
}

export interface Totals {
  error: number;
  warning: number;
  info: number;
}

export function totals(findings: readonly Finding[]): Totals {
  const t: Totals = { error: 0, warning: 0, info: 0 };
  for (const f of findings) t[f.level]++;
  return t;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** "no findings", or the count of findings at each level. */
export function summaryLine(t: Totals): string {
  const n = t.error + t.warning + t.info;
  if (n === 0) return 'no findings';
  return `${plural(n, 'finding')} (${plural(t.error, 'error')}, ${plural(t.warning, 'warning')}, ${t.info} info)`;
}

function position(f: Finding): string {
  return f.location.line === undefined ? '-' : `${f.location.line}:${f.location.column ?? 1}`;
}

/** Findings grouped by file, files in order of first appearance. */
function byFile(findings: readonly Finding[]): Map<string, Finding[]> {
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    const list = groups.get(f.location.file) ?? [];
    list.push(f);
    groups.set(f.location.file, list);
  }
  return groups;
}

/** Findings in the stylish layout: by file, position, level, message and rule; no totals line. */
export function stylishLines(findings: readonly Finding[]): string[] {
  return stylish(findings).split('\n').slice(0, -2);
}

function stylish(findings: readonly Finding[]): string {
  const out: string[] = [];
  for (const [file, list] of byFile(findings)) {
    out.push(file);
    const posWidth = Math.max(...list.map((f) => position(f).length));
    const levelWidth = Math.max(...list.map((f) => f.level.length));
    for (const f of list) {
      out.push(`  ${position(f).padEnd(posWidth)}  ${f.level.padEnd(levelWidth)}  ${f.message}  ${f.rule}`);
      if (f.detail)
        out.push(
          ...f.detail
            .replace(/\n$/, '')
            .split('\n')
            .map((l) => `      ${l}`),
        );
    }
    out.push('');
  }
  const t = totals(findings);
  out.push(`${t.error > 0 ? '✖' : t.warning > 0 ? '⚠' : '✔'} ${summaryLine(t)}`);
  return out.join('\n') + '\n';
}

function json(findings: readonly Finding[]): string {
  return JSON.stringify({ totals: totals(findings), findings }, null, 2) + '\n';
}

/** Escaping of workflow command data and properties (what the Actions runner unescapes). */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

const ACTIONS_COMMAND: Record<FindingLevel, string> = { error: 'error', warning: 'warning', info: 'notice' };

function githubActions(all: readonly Finding[], options: FormatOptions): string {
  const limit = options.annotationLimit ?? ANNOTATION_LIMIT;
  const sorted = bySeverity(all);
  const findings = sorted.slice(0, limit);
  const left = sorted.slice(limit);
  const lines = findings
    .map((f) => {
      const props = [`file=${escapeProperty(f.location.file)}`];
      if (f.location.line !== undefined) props.push(`line=${f.location.line}`, `col=${f.location.column ?? 1}`);
      props.push(`title=${escapeProperty(f.rule)}`);
      const text = f.detail ? `${f.message}\n${f.detail.replace(/\n$/, '')}` : f.message;
      return `::${ACTIONS_COMMAND[f.level]} ${props.join(',')}::${escapeData(text)}\n`;
    })
    .join('');
  if (left.length === 0) return lines;
  const t = totals(left);
  const counted = `${plural(left.length, 'more finding')} not annotated (${t.error} error(s), ${t.warning} warning(s), ${t.info} info): GitHub shows ${limit} annotations of a kind per step; every finding is in the log's summary and the SARIF file`;
  return `${lines}::notice title=${escapeProperty(options.title ?? 'specforge')}::${escapeData(counted)}\n`;
}

/** Text safe in a markdown table cell: no HTML, no cell breaks, no line breaks, no GitHub references (inertReferences). */
export function markdownCell(text: string): string {
  return cell(text);
}

function cell(text: string): string {
  return inertReferences(text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>'));
}

function markdown(findings: readonly Finding[], options: FormatOptions): string {
  const out: string[] = [`### ${cell(options.title ?? 'specforge')}`, ''];
  const t = totals(findings);
  if (findings.length === 0) {
    out.push('No findings.');
    return out.join('\n') + '\n';
  }
  out.push(`**${t.error} error${t.error === 1 ? '' : 's'}, ${t.warning} warning${t.warning === 1 ? '' : 's'}, ${t.info} info**`, '');
  out.push('| level | rule | location | message |', '|---|---|---|---|');
  for (const f of findings) {
    const where = f.location.line === undefined ? f.location.file : `${f.location.file}:${f.location.line}:${f.location.column ?? 1}`;
    out.push(`| ${f.level} | ${cell(f.rule)} | ${cell(where)} | ${cell(f.message)} |`);
  }
  const detailed = findings.filter((f) => f.detail);
  for (const f of detailed) {
    const detail = (f.detail as string).replace(/\n$/, '');
    const marks = backticks(detail, 3);
    out.push('', `<details><summary>${cell(f.location.file)}: ${cell(f.rule)}</summary>`, '', `${marks}diff`, detail, marks, '', '</details>');
  }
  return out.join('\n') + '\n';
}

const SARIF_LEVEL: Record<FindingLevel, string> = { error: 'error', warning: 'warning', info: 'note' };

/** An absolute folder as a file URI ending in a slash, as SARIF's uriBaseIds need. */
function folderUri(folder: string): string {
  const href = pathToFileURL(folder).href;
  return href.endsWith('/') ? href : `${href}/`;
}

/** A relative path as a URI reference; an absolute one as a file URI. */
function artifactUri(file: string): string {
  const encoded = file.split('/').map(encodeURIComponent).join('/');
  return file.startsWith('/') ? `file://${encoded}` : encoded;
}

/**
 * A rule as SARIF describes it: short and full description, help text (plain and markdown) linking
 * to where it is documented, and the default level: the rule's own, else the level its results use
 * (the most severe, when they differ), else a warning.
 */
function sarifRule(rule: RuleInfo, results: readonly Finding[]): Record<string, unknown> {
  const level = rule.level ?? LEVEL_ORDER.find((l) => results.some((f) => f.level === l)) ?? 'warning';
  const source = results[0]?.source;
  const helpUri = rule.helpUri ?? (source === undefined ? undefined : docsUrl(SOURCE_DOCS[source]));
  const full = rule.fullDescription ?? rule.description;
  const text = [`${rule.id} (${level}): ${full}`, ...(helpUri ? [`Documentation: ${helpUri}`] : [])].join('\n');
  const markdown = [`**${markdownCode(rule.id)}** (${level}): ${full}`, ...(helpUri ? ['', `[Documentation](${helpUri})`] : [])].join('\n');
  const out: Record<string, unknown> = {
    id: rule.id,
    shortDescription: { text: rule.description },
    fullDescription: { text: full },
    help: { text, markdown },
    defaultConfiguration: { level: SARIF_LEVEL[level] },
  };
  if (helpUri) out['helpUri'] = helpUri;
  return out;
}

function sarif(findings: readonly Finding[], options: FormatOptions): string {
  const rules: RuleInfo[] = [...(options.rules ?? [])];
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const byRule = new Map<string, Finding[]>();
  for (const f of findings) {
    const list = byRule.get(f.rule) ?? [];
    list.push(f);
    byRule.set(f.rule, list);
    if (!index.has(f.rule)) {
      index.set(f.rule, rules.length);
      rules.push({ id: f.rule, description: f.rule });
    }
  }
  const driver: Record<string, unknown> = {
    name: 'specforge',
    rules: rules.map((r) => sarifRule(r, byRule.get(r.id) ?? [])),
  };
  if (options.toolVersion) driver['version'] = options.toolVersion;
  const results = findings.map((f) => {
    const region: Record<string, number> = {};
    if (f.location.line !== undefined) {
      region['startLine'] = f.location.line;
      region['startColumn'] = f.location.column ?? 1;
      // Without a known end, the region is the rest of its start line (SARIF 3.30.10).
      const endLine = f.location.endLine !== undefined && f.location.endLine >= f.location.line ? f.location.endLine : f.location.line;
      region['endLine'] = endLine;
      if (f.location.endColumn !== undefined && (endLine > f.location.line || f.location.endColumn > (f.location.column ?? 1)))
        region['endColumn'] = f.location.endColumn;
    }
    // Relative paths resolve against the checkout (SRCROOT), as code-scanning uploads expect.
    const uri = artifactUri(f.location.file);
    const artifactLocation: Record<string, string> = /^[a-z][a-z0-9+.-]*:|^\//i.test(f.location.file) ? { uri } : { uri, uriBaseId: 'SRCROOT' };
    const physicalLocation: Record<string, unknown> = { artifactLocation };
    if (f.location.line !== undefined) physicalLocation['region'] = region;
    const location: Record<string, unknown> = { physicalLocation };
    if (f.location.pointer !== undefined) location['logicalLocations'] = [{ fullyQualifiedName: `#${f.location.pointer}`, kind: 'member' }];
    const result: Record<string, unknown> = {
      ruleId: f.rule,
      ruleIndex: index.get(f.rule),
      level: SARIF_LEVEL[f.level],
      message: { text: f.detail ? `${f.message}\n${f.detail}` : f.message },
      locations: [location],
      properties: { source: f.source },
    };
    if (f.baseline !== undefined) result['baselineState'] = f.baseline;
    return result;
  });
  const run: Record<string, unknown> = {
    tool: { driver },
    // Relative artifact locations resolve against SRCROOT: the checkout, when it is known.
    originalUriBaseIds: {
      SRCROOT:
        options.srcRoot !== undefined ? { uri: folderUri(options.srcRoot) } : { description: { text: 'The root of the checkout the findings were made in.' } },
    },
    results,
  };
  const notifications = options.notifications ?? [];
  if (notifications.length > 0) {
    run['invocations'] = [
      {
        executionSuccessful: !notifications.some((n) => n.level === 'error'),
        toolExecutionNotifications: notifications.map((n) => ({ descriptor: { id: n.id }, level: SARIF_LEVEL[n.level], message: { text: n.message } })),
      },
    ];
  }
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [run],
  };
  return JSON.stringify(log, null, 2) + '\n';
}

/** Prints findings in one of the report formats. */
export function formatFindings(findings: readonly Finding[], format: ReportFormat, options: FormatOptions = {}): string {
  switch (format) {
    // Text formats reach a terminal or a CI log: what a contract holds cannot act on either.
    case 'stylish':
      return terminalText(stylish(findings));
    case 'json':
      return json(findings);
    case 'github-actions':
      return terminalText(githubActions(findings, options));
    case 'markdown':
      return terminalText(markdown(findings, options));
    case 'sarif':
      return sarif(findings, options);
  }
}
