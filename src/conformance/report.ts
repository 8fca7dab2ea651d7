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
import { belowMinimumLine, coverageHeadline, refusedLine } from './coverage-summary.js';
import { groupFindings } from './grouping.js';
import { baselineLines, coverageLines, coverageMarkdown, excludedLines, neverSucceededLine } from './report-summary.js';
import type { FindingGroup } from './summary-types.js';
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

/** Failures the baseline does not list: those fail the run. */
function newFailures(report: ConformanceReport): number {
  return report.failures.filter((f) => f.known !== true).length;
}

/** Whether the run fails: a failure the baseline does not list, or coverage below --min-coverage. */
export function runFails(report: ConformanceReport): boolean {
  return newFailures(report) > 0 || report.coverage?.belowMinimum === true;
}

function headline(report: ConformanceReport, context: ReportContext): string {
  const known = report.failures.length - newFailures(report);
  const verdict = context.dryRun
    ? 'dry run: nothing sent'
    : report.failures.length === 0
      ? 'no failures'
      : `${plural(report.failures.length, 'failure')}${known > 0 ? ` (${known} known: in the baseline)` : ''}`;
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
  const groups = new Map<string, { check: string; reason: string; paths: string[]; streams?: number }>();
  for (const s of report.skipped ?? []) {
    const key = `${s.check}\u0000${s.reason}`;
    const group = groups.get(key) ?? { check: s.check, reason: s.reason, paths: [] };
    group.paths.push(s.path);
    if (s.streams !== undefined) group.streams = (group.streams ?? 0) + s.streams;
    groups.set(key, group);
  }
  return [...groups.values()].map((g) => {
    const shown = g.paths.slice(0, SKIPPED_SHOWN).join(', ');
    const more = g.paths.length > SKIPPED_SHOWN ? ` and ${g.paths.length - SKIPPED_SHOWN} more` : '';
    const streams = g.streams === undefined ? '' : ` (${plural(g.streams, 'stream')} not read whole)`;
    return `${g.check} not tried on ${plural(g.paths.length, 'path')} (${shown}${more}): ${g.reason}${streams}`;
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
  groupsOf(report).forEach((g, i) => {
    const f = report.failures[g.failures[0] ?? -1];
    if (!f) return;
    const known = g.known ? ' (known: in the baseline)' : '';
    if (g.kind === 'contract') {
      // One finding, its operations named on its first line; the first failure shows how it looks.
      out.push(`${i + 1}) ${g.check}: ${listed(g.operations)} [contract defect]${known}`);
      out.push(`   ${g.message}`);
      out.push(
        `   ${g.message === f.message ? '' : `e.g. ${f.operationId} `}[${f.phase}, ${f.request.origin}]${g.message === f.message ? '' : `: ${f.message}`}`,
      );
    } else {
      out.push(`${i + 1}) ${f.check}: ${f.operationId} [${f.phase}, ${f.request.origin}]${known}`);
      out.push(`   ${f.message}`);
    }
    const at = where(f, context);
    if (at) out.push(`   contract: ${at}`);
    if (f.response) out.push(`   response: ${f.response.status}${f.response.body ? ` ${snippet(f.response.body)}` : ''}`);
    else out.push(f.curl ? '   response: none' : '   not sent: a defect of the contract');
    out.push(...(f.curl ? [`   ${f.curl}`] : []), '');
  });
  if (report.coverage && !context.dryRun) out.push(...coverageLines(report.coverage), '');
  const notes = [...byCause(report), ...excludedLines(report), ...skippedLines(report), ...baselineLines(report)];
  if (notes.length > 0) out.push(...notes, '');
  const below = report.coverage ? belowMinimumLine(report.coverage) : undefined;
  if (below) out.push(`✖ ${below}`);
  out.push(`${runFails(report) ? '✖' : '✔'} ${headline(report, context)}`);
  return out.join('\n') + '\n';
}

/** The failures grouped by cause: the report's own groups, else grouped here (grouping.ts). */
function groupsOf(report: ConformanceReport): FindingGroup[] {
  return report.findings ?? groupFindings(report);
}

/** "findings by cause: 1 contract defect (83 operations), 2 server faults", when the contract has defects. */
function byCause(report: ConformanceReport): string[] {
  const groups = groupsOf(report);
  const contract = groups.filter((g) => g.kind === 'contract');
  if (contract.length === 0) return [];
  const operations = new Set(contract.flatMap((g) => g.operations)).size;
  const server = groups.length - contract.length;
  return [`findings by cause: ${plural(contract.length, 'contract defect')} (${plural(operations, 'operation')}), ${plural(server, 'server fault')}`];
}

/** Operations listed in one line, at most. */
const OPERATIONS_SHOWN = 20;

function listed(operations: readonly string[]): string {
  const more = operations.length > OPERATIONS_SHOWN ? ` and ${operations.length - OPERATIONS_SHOWN} more` : '';
  return `${operations.slice(0, OPERATIONS_SHOWN).join(', ')}${more}`;
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
  const groups = groupsOf(report);
  const contract = groups.filter((g) => g.kind === 'contract');
  // A defect of the contract is one testcase of "contract defects", and a known failure (baseline)
  // fails nothing: neither fails its operation's testcase.
  const grouped = new Set(contract.flatMap((g) => g.failures));
  const failing = report.failures.map((f, i) => !grouped.has(i) && f.known !== true);
  const suites: string[] = [];
  let tests = 0;
  let failedCases = 0;
  for (const op of report.operations) {
    const checks = CHECKS.filter((c) => op.checks[c] !== undefined);
    const lines: string[] = [];
    let failed = 0;
    for (const check of checks) {
      const t = op.checks[check] ?? { passed: 0, failed: 0 };
      const name = `${xml(check)}" classname="${xml(op.operationId)}`;
      const all = report.failures.map((f, i) => ({ f, i })).filter(({ f }) => f.operationId === op.operationId && f.check === check);
      const failures = all.filter(({ i }) => failing[i]).map(({ f }) => f);
      if (t.failed === 0 || (failures.length === 0 && all.length > 0)) {
        const note =
          all.length === 0
            ? ''
            : all.every(({ f }) => f.known === true)
              ? 'known (in the baseline)'
              : 'a defect of the contract, reported once in "contract defects"';
        lines.push(note ? `    <testcase name="${name}"><system-out>${xml(note)}</system-out></testcase>` : `    <testcase name="${name}"/>`);
        continue;
      }
      failed++;
      const message = failures[0]?.message ?? `${t.failed} failed`;
      lines.push(`    <testcase name="${name}">`);
      lines.push(`      <failure message="${xml(message)}" type="${xml(check)}">${xml(failures.map((f) => failureText(f, context)).join('\n\n'))}</failure>`);
      lines.push('    </testcase>');
    }
    tests += checks.length;
    failedCases += failed;
    suites.push(`  <testsuite name="${xml(op.operationId)}" tests="${checks.length}" failures="${failed}" errors="0" skipped="0">`);
    suites.push(
      `    <properties><property name="operation" value="${xml(`${op.method} ${op.path}`)}"/><property name="seed" value="${report.seed}"/></properties>`,
      ...lines,
      '  </testsuite>',
    );
  }
  if (contract.length > 0) {
    const failed = contract.filter((g) => !g.known).length;
    tests += contract.length;
    failedCases += failed;
    suites.push(`  <testsuite name="contract defects" tests="${contract.length}" failures="${failed}" errors="0" skipped="0">`);
    for (const g of contract) {
      const name = `${xml(`${g.check}: ${g.cause}`)}" classname="contract defects`;
      const detail = [
        `operations: ${g.operations.join(', ')}`,
        ...g.failures.slice(0, 1).flatMap((i) => (report.failures[i] ? [failureText(report.failures[i], context)] : [])),
      ];
      if (g.known) suites.push(`    <testcase name="${name}"><system-out>${xml(`known (in the baseline): ${g.message}`)}</system-out></testcase>`);
      else
        suites.push(
          `    <testcase name="${name}">`,
          `      <failure message="${xml(g.message)}" type="${xml(g.check)}">${xml(detail.join('\n\n'))}</failure>`,
          '    </testcase>',
        );
    }
    suites.push('  </testsuite>');
  }
  const coverage = report.coverage;
  if (coverage) {
    // Each operation a testcase: one that never got a 2xx says so (a warning: it does not fail), and
    // --min-coverage one more, failed when the run is below it.
    const below = belowMinimumLine(coverage);
    const count = coverage.operations.length + (coverage.minimum === undefined ? 0 : 1);
    tests += count;
    failedCases += below ? 1 : 0;
    suites.push(`  <testsuite name="coverage" tests="${count}" failures="${below ? 1 : 0}" errors="0" skipped="0">`);
    suites.push(
      `    <properties><property name="coverage" value="${xml(coverageHeadline(coverage).replace(/^coverage: /, ''))}"/><property name="valid requests refused" value="${xml(refusedLine(coverage).replace(/^valid requests refused: /, ''))}"/></properties>`,
    );
    for (const op of coverage.operations) {
      const name = `${xml(op.operationId)}" classname="coverage`;
      const counts = `2xx ${op['2xx']}, 3xx ${op['3xx']}, 4xx ${op['4xx']}, 5xx ${op['5xx']}, no answer ${op.none}`;
      const text = op.neverSucceeded === undefined ? counts : `warning: never got a 2xx: ${op.neverSucceeded}\n${counts}`;
      suites.push(`    <testcase name="${name}"><system-out>${xml(text)}</system-out></testcase>`);
    }
    if (coverage.minimum !== undefined) {
      const name = `${xml(`min-coverage ${coverage.minimum}%`)}" classname="coverage`;
      suites.push(below ? `    <testcase name="${name}"><failure message="${xml(below)}" type="min-coverage"/></testcase>` : `    <testcase name="${name}"/>`);
    }
    suites.push('  </testsuite>');
  }
  // What was not tried (skipped checks and chains, the config's exclusions): skipped testcases.
  const untried = [...excludedLines(report), ...skippedLines(report)];
  if (untried.length > 0) {
    tests += untried.length;
    suites.push(`  <testsuite name="not tested" tests="${untried.length}" failures="0" errors="0" skipped="${untried.length}">`);
    for (const line of untried) suites.push(`    <testcase name="${xml(line)}" classname="not tested"><skipped message="${xml(line)}"/></testcase>`);
    suites.push('  </testsuite>');
  }
  return (
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<testsuites name="${xml(`specforge test ${context.spec}`)}" tests="${tests}" failures="${failedCases}" errors="0" time="${(report.durationMs / 1000).toFixed(3)}">`,
      ...suites,
      '</testsuites>',
    ].join('\n') + '\n'
  );
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
  for (const g of groupsOf(report)) {
    const f = report.failures[g.failures[0] ?? -1];
    if (!f) continue;
    const detail = g.kind === 'contract' ? `operations: ${g.operations.join(', ')}\n\n${failureText(f, context)}` : failureText(f, context);
    const marks = backticks(detail, 3);
    const known = g.known ? ' (known: in the baseline)' : '';
    const summary =
      g.kind === 'contract'
        ? `${cell(g.check)} [contract defect]${known}: ${cell(g.message.slice(0, 200))}`
        : `${cell(f.check)}: ${cell(f.operationId)}${known}: ${cell(f.message.slice(0, 200))}`;
    out.push('', `<details><summary>${summary}</summary>`, '', `${marks}text`, detail, marks, '', '</details>');
  }
  if (report.coverage && !context.dryRun) out.push(...coverageMarkdown(report.coverage, cell));
  const notes = [...byCause(report), ...excludedLines(report), ...skippedLines(report), ...baselineLines(report)];
  if (notes.length > 0) out.push('', ...notes.map((line) => `- ${cell(line)}`));
  return out.join('\n') + '\n';
}

function sarifLocation(f: ConformanceFailure, context: ReportContext): FindingLocation {
  const at = f.location === undefined ? undefined : context.locate?.(f.location);
  const location: FindingLocation = { file: at?.file ?? context.spec };
  if (at?.line !== undefined) {
    location.line = at.line;
    location.column = at.col ?? 1;
  }
  if (f.location !== undefined) location.pointer = f.location;
  return location;
}

/** The rule of the warning about an operation that never got a 2xx (SARIF). */
const NEVER_SUCCEEDED = 'never-succeeded';

function sarif(report: ConformanceReport, context: ReportContext): string {
  const compared = report.baseline !== undefined;
  const findings: Finding[] = [];
  for (const g of groupsOf(report)) {
    const f = report.failures[g.failures[0] ?? -1];
    if (!f) continue;
    const detail = [
      ...(g.kind === 'contract' ? [`a defect of the contract; operations: ${g.operations.join(', ')}`, `e.g. ${f.message}`] : []),
      `${f.operationId} [${f.phase}, ${f.request.origin}]`,
      f.response ? `response: ${f.response.status} ${snippet(f.response.body)}` : 'response: none',
      f.curl,
    ].join('\n');
    const finding: Finding = { source: 'test', rule: f.check, level: 'error', message: g.message, location: sarifLocation(f, context), detail };
    if (compared) finding.baseline = g.known ? 'unchanged' : 'new';
    findings.push(finding);
  }
  for (const op of report.coverage?.operations ?? []) {
    if (op.neverSucceeded === undefined) continue;
    findings.push({
      source: 'test',
      rule: NEVER_SUCCEEDED,
      level: 'warning',
      message: neverSucceededLine(op).replace(/^warning: /, ''),
      location: { file: context.spec },
    });
  }
  const options: Parameters<typeof formatFindings>[2] = {
    title: 'specforge test',
    rules: [
      ...CHECKS.map((id) => ({ id, description: CHECK_DESCRIPTIONS[id], level: 'error' as const })),
      ...(report.coverage
        ? [
            {
              id: NEVER_SUCCEEDED,
              description: 'an operation got no 2xx answer in the run (a warning: what it does was not tested)',
              level: 'warning' as const,
            },
          ]
        : []),
    ],
  };
  if (context.toolVersion) options.toolVersion = context.toolVersion;
  const text = formatFindings(findings, 'sarif', options);
  if (!report.coverage && !report.baseline && !report.excluded && !report.skipped) return text;
  // The coverage summary, the baseline comparison and the config's exclusions as the run's properties.
  const log = JSON.parse(text) as { runs: Array<Record<string, unknown>> };
  const run = log.runs[0];
  if (run) {
    const properties: Record<string, unknown> = {};
    if (report.coverage) properties['coverage'] = report.coverage;
    if (report.baseline) properties['baseline'] = report.baseline;
    if (report.excluded) properties['excluded'] = report.excluded;
    if (report.skipped) properties['skipped'] = report.skipped;
    run['properties'] = properties;
  }
  return JSON.stringify(log, null, 2) + '\n';
}

/** The report in one of the formats. */
export function formatConformance(report: ConformanceReport, format: TestFormat, context: ReportContext): string {
  switch (format) {
    case 'stylish':
      // For a terminal: what a server answered or a contract holds cannot act on it.
      return terminalText(stylish(report, context));
    case 'json':
      // The failures grouped by cause next to the failures themselves (each request's details).
      return JSON.stringify({ ...report, findings: groupsOf(report) }, null, 2) + '\n';
    case 'junit':
      return junit(report, context);
    case 'markdown':
      return terminalText(markdown(report, context));
    case 'sarif':
      return sarif(report, context);
  }
}
