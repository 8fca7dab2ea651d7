/**
 * A conformance report (`specforge test`) in the output formats: `stylish` for people (a table per
 * operation and check, then each failure with its curl command), `json` (the ConformanceReport),
 * `junit` (a testsuite per operation, a testcase per check), `markdown` (a CI job summary) and
 * SARIF 2.1.0 (the shape lint writes, each failure at the contract location it breaks).
 */
import type { Finding, FindingLocation } from '../report/findings.js';
import { formatFindings, markdownCell } from '../report/format.js';
import { backticks } from '../codegen/escape.js';
import { terminalText } from '../report/terminal.js';
import { CHECKS, type CheckName } from './checks.js';
import type { ConformanceFailure, ConformanceReport } from './types.js';

export const TEST_FORMATS = ['stylish', 'json', 'junit', 'markdown', 'sarif'] as const;
export type TestFormat = (typeof TEST_FORMATS)[number];

export interface ReportContext {
  /** The contract, as the user named it. */
  spec: string;
  /** The server the requests went to. */
  baseUrl: string;
  /** Where a JSON pointer of the contract is: file (relative to the working folder), line, column. */
  locate?: (pointer: string) => { file: string; line?: number; col?: number } | undefined;
  toolVersion?: string;
  dryRun?: boolean;
}

const CHECK_DESCRIPTIONS: Record<CheckName, string> = {
  not_a_server_error: 'the server answers without a 5xx error (and answers at all)',
  status_code_conformance: 'the status is one the operation declares',
  content_type_conformance: 'the content type is one the response declares',
  response_headers_conformance: 'required response headers are present and of their schema',
  response_schema_conformance: 'the body matches the response schema',
  negative_data_rejection: 'a request the contract forbids is refused with a 4xx',
  positive_data_acceptance: 'a request the contract allows is not refused as invalid',
  use_after_free: 'a deleted resource is gone (404 on read, absent from the list)',
  ensure_resource_availability: 'a created resource can be read and is listed',
  ignored_auth: 'a secured operation does not succeed (2xx) for a request without a valid credential',
  auth_challenge: 'a 401 of a scheme that can challenge (http, oauth2, openIdConnect) carries WWW-Authenticate',
  transition_precondition: "a state transition the resource's state does not allow is refused with its declared status",
  example_schema_conformance: "the contract's own request examples match their schemas (a finding against the contract: such an example is not sent)",
  unsupported_method: 'a method the path does not declare is answered 405 with an Allow header that does not list it (or 501)',
  content_type_negotiation: 'a server that answers 406 to an Accept no declared type fits (it negotiates) answers each declared type asked for in that type',
  max_response_time: 'each answer arrives within --max-response-time (off by default)',
};

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

interface Row {
  operation: string;
  check: CheckName;
  passed: number;
  failed: number;
}

function rows(report: ConformanceReport): Row[] {
  const out: Row[] = [];
  for (const op of report.operations) {
    for (const check of CHECKS) {
      const t = op.checks[check];
      if (t) out.push({ operation: `${op.operationId} (${op.method} ${op.path})`, check, passed: t.passed, failed: t.failed });
    }
  }
  return out;
}

function headline(report: ConformanceReport, context: ReportContext): string {
  const verdict = context.dryRun ? 'dry run: nothing sent' : report.failures.length === 0 ? 'no failures' : plural(report.failures.length, 'failure');
  return `${plural(report.requests, 'request')} in ${report.durationMs} ms, seed ${report.seed}: ${verdict}`;
}

function where(f: ConformanceFailure, context: ReportContext): string | undefined {
  if (f.location === undefined) return undefined;
  const at = context.locate?.(f.location);
  if (!at) return `#${f.location}`;
  return `${at.file}${at.line === undefined ? '' : `:${at.line}:${at.col ?? 1}`} (#${f.location})`;
}

function snippet(body: string, max = 300): string {
  const text = body.replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Paths listed per line of skipped ones, at most. */
const SKIPPED_SHOWN = 8;

/** The paths a check was not tried on, a line per check and reason: `unsupported_method not tried on /a, /b: reason`. */
function skippedLines(report: ConformanceReport): string[] {
  const groups = new Map<string, { check: string; reason: string; paths: string[] }>();
  for (const s of report.skipped ?? []) {
    const key = `${s.check}\u0000${s.reason}`;
    const group = groups.get(key) ?? { check: s.check, reason: s.reason, paths: [] };
    group.paths.push(s.path);
    groups.set(key, group);
  }
  return [...groups.values()].map((g) => {
    const shown = g.paths.slice(0, SKIPPED_SHOWN).join(', ');
    const more = g.paths.length > SKIPPED_SHOWN ? ` and ${g.paths.length - SKIPPED_SHOWN} more` : '';
    return `${g.check} not tried on ${plural(g.paths.length, 'path')} (${shown}${more}): ${g.reason}`;
  });
}

function stylish(report: ConformanceReport, context: ReportContext): string {
  const out: string[] = [`specforge test ${context.spec} against ${context.baseUrl}`, ''];
  const table = rows(report);
  if (table.length > 0) {
    const w1 = Math.max('operation'.length, ...table.map((r) => r.operation.length));
    const w2 = Math.max('check'.length, ...table.map((r) => r.check.length));
    out.push(`  ${'operation'.padEnd(w1)}  ${'check'.padEnd(w2)}  passed  failed`);
    let last = '';
    for (const r of table) {
      out.push(
        `  ${(r.operation === last ? '' : r.operation).padEnd(w1)}  ${r.check.padEnd(w2)}  ${String(r.passed).padStart(6)}  ${String(r.failed).padStart(6)}${r.failed > 0 ? '  ✖' : ''}`,
      );
      last = r.operation;
    }
    out.push('');
  }
  report.failures.forEach((f, i) => {
    out.push(`${i + 1}) ${f.check}: ${f.operationId} [${f.phase}, ${f.request.origin}]`);
    out.push(`   ${f.message}`);
    const at = where(f, context);
    if (at) out.push(`   contract: ${at}`);
    if (f.response) out.push(`   response: ${f.response.status}${f.response.body ? ` ${snippet(f.response.body)}` : ''}`);
    else out.push(f.curl ? '   response: none' : '   not sent: a defect of the contract');
    out.push(...(f.curl ? [`   ${f.curl}`] : []), '');
  });
  const skipped = skippedLines(report);
  if (skipped.length > 0) out.push(...skipped, '');
  out.push(`${report.failures.length > 0 ? '✖' : '✔'} ${headline(report, context)}`);
  return out.join('\n') + '\n';
}

function xml(text: string): string {
  // Control characters (which XML 1.0 cannot hold, or which a CI log would act on) are shown as
  // escapes, a lone surrogate and U+FFFE/U+FFFF (not characters) as U+FFFD; markup is escaped.
  return terminalText(text)
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[\ufffe\uffff]/g, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function failureText(f: ConformanceFailure, context: ReportContext): string {
  const lines = [`${f.message}`, `phase: ${f.phase}, request: ${f.request.origin}`];
  const at = where(f, context);
  if (at) lines.push(`contract: ${at}`);
  lines.push(f.response ? `response: ${f.response.status} ${snippet(f.response.body, 1000)}` : 'response: none');
  lines.push(f.curl);
  return lines.join('\n');
}

function junit(report: ConformanceReport, context: ReportContext): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const tests = report.operations.reduce((n, o) => n + Object.keys(o.checks).length, 0);
  const failedCases = report.operations.reduce((n, o) => n + Object.values(o.checks).filter((t) => t.failed > 0).length, 0);
  out.push(
    `<testsuites name="${xml(`specforge test ${context.spec}`)}" tests="${tests}" failures="${failedCases}" errors="0" time="${(report.durationMs / 1000).toFixed(3)}">`,
  );
  for (const op of report.operations) {
    const checks = CHECKS.filter((c) => op.checks[c] !== undefined);
    const failed = checks.filter((c) => (op.checks[c]?.failed ?? 0) > 0).length;
    out.push(`  <testsuite name="${xml(op.operationId)}" tests="${checks.length}" failures="${failed}" errors="0" skipped="0">`);
    out.push(
      `    <properties><property name="operation" value="${xml(`${op.method} ${op.path}`)}"/><property name="seed" value="${report.seed}"/></properties>`,
    );
    for (const check of checks) {
      const t = op.checks[check] ?? { passed: 0, failed: 0 };
      const name = `${xml(check)}" classname="${xml(op.operationId)}`;
      if (t.failed === 0) {
        out.push(`    <testcase name="${name}"/>`);
        continue;
      }
      const failures = report.failures.filter((f) => f.operationId === op.operationId && f.check === check);
      const message = failures[0]?.message ?? `${t.failed} failed`;
      out.push(`    <testcase name="${name}">`);
      out.push(`      <failure message="${xml(message)}" type="${xml(check)}">${xml(failures.map((f) => failureText(f, context)).join('\n\n'))}</failure>`);
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return out.join('\n') + '\n';
}

/** Text safe in a markdown table cell (the findings' markdownCell: no HTML, no GitHub references). */
function cell(text: string): string {
  return markdownCell(text);
}

function markdown(report: ConformanceReport, context: ReportContext): string {
  const out: string[] = [
    `### specforge test ${cell(context.spec)}`,
    '',
    `**${cell(headline(report, context))}** against \`${context.baseUrl.replace(/`/g, '')}\``,
    '',
  ];
  const table = rows(report);
  if (table.length > 0) {
    out.push('| operation | check | passed | failed |', '|---|---|---:|---:|');
    for (const r of table) out.push(`| ${cell(r.operation)} | ${cell(r.check)} | ${r.passed} | ${r.failed > 0 ? `**${r.failed}**` : '0'} |`);
  }
  const skipped = skippedLines(report);
  if (skipped.length > 0) out.push('', ...skipped.map((line) => `- ${cell(line)}`));
  for (const f of report.failures) {
    const detail = failureText(f, context);
    const marks = backticks(detail, 3);
    out.push(
      '',
      `<details><summary>${cell(f.check)}: ${cell(f.operationId)}: ${cell(f.message.slice(0, 200))}</summary>`,
      '',
      `${marks}text`,
      detail,
      marks,
      '',
      '</details>',
    );
  }
  return out.join('\n') + '\n';
}

function sarif(report: ConformanceReport, context: ReportContext): string {
  const findings: Finding[] = report.failures.map((f) => {
    const at = f.location === undefined ? undefined : context.locate?.(f.location);
    const location: FindingLocation = { file: at?.file ?? context.spec };
    if (at?.line !== undefined) {
      location.line = at.line;
      location.column = at.col ?? 1;
    }
    if (f.location !== undefined) location.pointer = f.location;
    const detail = [
      `${f.operationId} [${f.phase}, ${f.request.origin}]`,
      f.response ? `response: ${f.response.status} ${snippet(f.response.body)}` : 'response: none',
      f.curl,
    ].join('\n');
    return { source: 'test', rule: f.check, level: 'error', message: f.message, location, detail };
  });
  const options: Parameters<typeof formatFindings>[2] = {
    title: 'specforge test',
    rules: CHECKS.map((id) => ({ id, description: CHECK_DESCRIPTIONS[id], level: 'error' as const })),
  };
  if (context.toolVersion) options.toolVersion = context.toolVersion;
  return formatFindings(findings, 'sarif', options);
}

/** The report in one of the formats. */
export function formatConformance(report: ConformanceReport, format: TestFormat, context: ReportContext): string {
  switch (format) {
    case 'stylish':
      // For a terminal: what a server answered or a contract holds cannot act on it.
      return terminalText(stylish(report, context));
    case 'json':
      return JSON.stringify(report, null, 2) + '\n';
    case 'junit':
      return junit(report, context);
    case 'markdown':
      return terminalText(markdown(report, context));
    case 'sarif':
      return sarif(report, context);
  }
}
