/**
 * Output formats for findings of every producer (lint, diff, drift): `stylish` for people, `json`,
 * `github-actions` workflow commands (annotations on a pull request), `markdown` for a job summary
 * and SARIF 2.1.0 for code-scanning tools. Each format is a function from findings to text.
 */
import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Finding, FindingLevel } from './findings.js';

export const REPORT_FORMATS = ['stylish', 'json', 'github-actions', 'markdown', 'sarif'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

interface FormatOptions {
  /** Name of the tool that reports ("specforge"). */
  tool: string;
  /** Working folder: SARIF locations are relative to it. */
  cwd: string;
  /** Heading of the report ("specforge lint"); defaults to the tool. */
  title?: string;
}

interface Totals {
  error: number;
  warning: number;
  info: number;
}

function totals(findings: readonly Finding[]): Totals {
  const t: Totals = { error: 0, warning: 0, info: 0 };
  for (const f of findings) t[f.level]++;
  return t;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function summaryLine(findings: readonly Finding[]): string {
  const t = totals(findings);
  const parts = [plural(t.error, 'error'), plural(t.warning, 'warning')];
  if (t.info > 0) parts.push(plural(t.info, 'info'));
  return `${plural(findings.length, 'problem')} (${parts.join(', ')})`;
}

function position(f: Finding): string {
  const { line, column } = f.location;
  return line === undefined ? '' : `${line}:${column ?? 1}`;
}

/** Findings in a stable order: by file, then line and column; findings without a line first. */
function sorted(findings: readonly Finding[]): Finding[] {
  return findings
    .map((f, i) => ({ f, i }))
    .sort((a, b) => {
      const fa = a.f.location.file;
      const fb = b.f.location.file;
      if (fa !== fb) return fa < fb ? -1 : 1;
      const la = a.f.location.line ?? 0;
      const lb = b.f.location.line ?? 0;
      if (la !== lb) return la - lb;
      const ca = a.f.location.column ?? 0;
      const cb = b.f.location.column ?? 0;
      return ca !== cb ? ca - cb : a.i - b.i;
    })
    .map(({ f }) => f);
}

function indent(text: string, prefix: string): string {
  return text
    .replace(/\n$/, '')
    .split('\n')
    .map((l) => prefix + l)
    .join('\n');
}

function stylish(findings: readonly Finding[]): string {
  if (findings.length === 0) return 'no problems\n';
  const byFile = new Map<string, Finding[]>();
  for (const f of sorted(findings)) {
    const list = byFile.get(f.location.file) ?? [];
    list.push(f);
    byFile.set(f.location.file, list);
  }
  const out: string[] = [];
  for (const [file, list] of byFile) {
    out.push(file);
    const posWidth = Math.max(...list.map((f) => position(f).length));
    const levelWidth = Math.max(...list.map((f) => f.level.length));
    for (const f of list) {
      const where = posWidth > 0 ? `${position(f).padEnd(posWidth)}  ` : '';
      out.push(`  ${where}${f.level.padEnd(levelWidth)}  ${f.message}  ${f.rule}`);
      if (f.detail) out.push(indent(f.detail, '    '));
    }
    out.push('');
  }
  out.push(summaryLine(findings));
  return out.join('\n') + '\n';
}

function json(findings: readonly Finding[], opts: FormatOptions): string {
  const t = totals(findings);
  return JSON.stringify({ tool: opts.title ?? opts.tool, findings, totals: { errors: t.error, warnings: t.warning, infos: t.info } }, null, 2) + '\n';
}

/** Escaping of GitHub workflow commands (as @actions/core does it). */
function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

const GITHUB_COMMAND: Record<FindingLevel, string> = { error: 'error', warning: 'warning', info: 'notice' };

function githubActions(findings: readonly Finding[]): string {
  return sorted(findings)
    .map((f) => {
      const props = [`file=${escapeProperty(f.location.file)}`];
      if (f.location.line !== undefined) {
        props.push(`line=${f.location.line}`);
        props.push(`col=${f.location.column ?? 1}`);
      }
      props.push(`title=${escapeProperty(f.rule)}`);
      const message = f.detail ? `${f.message}\n\n${f.detail.replace(/\n$/, '')}` : f.message;
      return `::${GITHUB_COMMAND[f.level]} ${props.join(',')}::${escapeData(message)}\n`;
    })
    .join('');
}

/** Text inside a markdown table cell: no HTML, no formatting, one line. */
function cell(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]|])/g, '\\$1')
    .replace(/\r?\n/g, '<br>');
}

function fence(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

function markdown(findings: readonly Finding[], opts: FormatOptions): string {
  const out = [`## ${cell(opts.title ?? opts.tool)}`, ''];
  if (findings.length === 0) {
    out.push('No problems found.');
    return out.join('\n') + '\n';
  }
  out.push(`**${summaryLine(findings)}**`, '', '| Level | Location | Rule | Message |', '| --- | --- | --- | --- |');
  const list = sorted(findings);
  for (const f of list) {
    const where = position(f) ? `${f.location.file}:${position(f)}` : f.location.file;
    out.push(`| ${f.level} | ${cell(where)} | ${cell(f.rule)} | ${cell(f.message)} |`);
  }
  for (const f of list) {
    if (!f.detail) continue;
    const detail = f.detail.replace(/\n$/, '');
    const ticks = fence(detail);
    out.push('', `<details><summary>${cell(f.location.file)}: ${cell(f.rule)}</summary>`, '', `${ticks}${f.source === 'drift' ? 'diff' : ''}`, detail, ticks, '', '</details>');
  }
  return out.join('\n') + '\n';
}

const SARIF_LEVEL: Record<FindingLevel, string> = { error: 'error', warning: 'warning', info: 'note' };

function artifactUri(file: string): { uri: string; uriBaseId?: string } {
  if (isAbsolute(file)) return { uri: pathToFileURL(file).href };
  return { uri: file.split('/').map(encodeURIComponent).join('/'), uriBaseId: 'SRCROOT' };
}

function sarif(findings: readonly Finding[], opts: FormatOptions): string {
  const ruleIds = [...new Set(findings.map((f) => f.rule))].sort();
  const index = new Map(ruleIds.map((id, i) => [id, i]));
  const results = sorted(findings).map((f) => {
    const physicalLocation: Record<string, unknown> = { artifactLocation: artifactUri(f.location.file) };
    if (f.location.line !== undefined) physicalLocation['region'] = { startLine: f.location.line, startColumn: f.location.column ?? 1 };
    const location: Record<string, unknown> = { physicalLocation };
    if (f.location.pointer !== undefined) location['logicalLocations'] = [{ fullyQualifiedName: f.location.pointer || '/', kind: 'object' }];
    return {
      ruleId: f.rule,
      ruleIndex: index.get(f.rule),
      level: SARIF_LEVEL[f.level],
      message: { text: f.detail ? `${f.message}\n\n${f.detail.replace(/\n$/, '')}` : f.message },
      locations: [location],
      properties: { source: f.source },
    };
  });
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: opts.tool, rules: ruleIds.map((id) => ({ id, name: id })) } },
        originalUriBaseIds: { SRCROOT: { uri: pathToFileURL(opts.cwd.endsWith('/') ? opts.cwd : opts.cwd + '/').href } },
        results,
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
}

const FORMATTERS: Record<ReportFormat, (findings: readonly Finding[], opts: FormatOptions) => string> = {
  stylish,
  json,
  'github-actions': githubActions,
  markdown,
  sarif,
};

export function formatFindings(findings: Finding[], format: ReportFormat, opts: { tool: string; cwd: string; title?: string }): string {
  return FORMATTERS[format](findings, opts);
}
