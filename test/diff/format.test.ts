/** The shared report formats over findings of any source (lint, diff, drift). */
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/report/findings.js';
import { createAjv } from '../../src/runtime/validation/ajv.js';
import { formatFindings, REPORT_FORMATS, totals } from '../../src/report/format.js';

const FINDINGS: Finding[] = [
  {
    source: 'diff',
    rule: 'response-required-property-removed',
    level: 'error',
    message: 'GET /pets: response 200 (application/json) property "name" (required) was removed',
    location: { file: 'specs/pets/openapi.yaml', line: 42, column: 9, pointer: '/paths/~1pets/get' },
  },
  {
    source: 'lint',
    rule: 'operation-summary',
    level: 'warning',
    message: 'a | b, c: 100% <script>',
    location: { file: 'specs/a b/openapi.yaml', line: 3, column: 1 },
  },
  {
    source: 'drift',
    rule: 'stale-file',
    level: 'info',
    message: 'generated/pets/types.ts is stale',
    location: { file: 'generated/pets/types.ts' },
    detail: '--- a\n+++ b\n-old ```\n+new\n',
  },
];

/** The parts of the SARIF 2.1.0 schema (docs.oasis-open.org/sarif) that consumers rely on. */
const SARIF_SUBSET = {
  type: 'object',
  required: ['version', 'runs'],
  properties: {
    version: { const: '2.1.0' },
    $schema: { type: 'string' },
    runs: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['tool', 'results'],
        properties: {
          tool: {
            type: 'object',
            required: ['driver'],
            properties: {
              driver: {
                type: 'object',
                required: ['name'],
                properties: {
                  name: { type: 'string' },
                  rules: {
                    type: 'array',
                    items: {
                      type: 'object',
                      required: ['id'],
                      properties: {
                        id: { type: 'string' },
                        shortDescription: { $ref: '#/$defs/message' },
                        fullDescription: { $ref: '#/$defs/message' },
                        help: { $ref: '#/$defs/message' },
                        defaultConfiguration: { type: 'object', properties: { level: { $ref: '#/$defs/level' } } },
                      },
                    },
                  },
                },
              },
            },
          },
          results: {
            type: 'array',
            items: {
              type: 'object',
              required: ['message', 'ruleId', 'locations'],
              properties: {
                ruleId: { type: 'string' },
                ruleIndex: { type: 'integer', minimum: 0 },
                level: { $ref: '#/$defs/level' },
                message: { $ref: '#/$defs/message' },
                locations: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['physicalLocation'],
                    properties: {
                      physicalLocation: {
                        type: 'object',
                        required: ['artifactLocation'],
                        properties: {
                          artifactLocation: { type: 'object', required: ['uri'], properties: { uri: { type: 'string', format: 'uri-reference' } } },
                          region: {
                            type: 'object',
                            required: ['startLine'],
                            properties: { startLine: { type: 'integer', minimum: 1 }, startColumn: { type: 'integer', minimum: 1 } },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
  $defs: {
    message: { type: 'object', required: ['text'], properties: { text: { type: 'string' } } },
    level: { enum: ['none', 'note', 'warning', 'error'] },
  },
};

describe('report formats', () => {
  it('stylish groups by file with line:col, level, message and rule, and a summary', () => {
    const text = formatFindings(FINDINGS, 'stylish');
    expect(text).toContain(
      'specs/pets/openapi.yaml\n  42:9  error  GET /pets: response 200 (application/json) property "name" (required) was removed  response-required-property-removed\n',
    );
    expect(text).toContain('generated/pets/types.ts\n  -  info  generated/pets/types.ts is stale  stale-file\n      --- a\n');
    expect(text.trimEnd().split('\n').pop()).toBe('✖ 3 findings (1 error, 1 warning, 1 info)');
    expect(formatFindings([], 'stylish')).toBe('✔ no findings\n');
    expect(formatFindings(FINDINGS.slice(1), 'stylish').trimEnd().split('\n').pop()).toBe('⚠ 2 findings (0 errors, 1 warning, 1 info)');
  });

  it('json carries the findings and totals', () => {
    const parsed = JSON.parse(formatFindings(FINDINGS, 'json')) as { totals: unknown; findings: Finding[] };
    expect(parsed.findings).toEqual(FINDINGS);
    expect(parsed.totals).toEqual({ error: 1, warning: 1, info: 1 });
    expect(totals(FINDINGS)).toEqual({ error: 1, warning: 1, info: 1 });
  });

  it('github-actions prints one workflow command per finding with file, line, col and title, escaped', () => {
    const lines = formatFindings(FINDINGS, 'github-actions').trimEnd().split('\n');
    expect(lines).toEqual([
      '::error file=specs/pets/openapi.yaml,line=42,col=9,title=response-required-property-removed::GET /pets: response 200 (application/json) property "name" (required) was removed',
      '::warning file=specs/a b/openapi.yaml,line=3,col=1,title=operation-summary::a | b, c: 100%25 <script>',
      '::notice file=generated/pets/types.ts,title=stale-file::generated/pets/types.ts is stale%0A--- a%0A+++ b%0A-old ```%0A+new',
    ]);
    const hostile: Finding = { source: 'lint', rule: 'r', level: 'error', message: 'm', location: { file: 'a,b:c%.yaml', line: 1, column: 2 } };
    expect(formatFindings([hostile], 'github-actions')).toBe('::error file=a%2Cb%3Ac%25.yaml,line=1,col=2,title=r::m\n');
  });

  it('markdown is a job summary table with escaped cells and details for long text', () => {
    const text = formatFindings(FINDINGS, 'markdown', { title: 'specforge diff' });
    expect(text.startsWith('### specforge diff\n\n**1 error, 1 warning, 1 info**\n\n| level | rule | location | message |\n|---|---|---|---|\n')).toBe(true);
    expect(text).toContain('| warning | operation-summary | specs/a b/openapi.yaml:3:1 | a \\| b, c: 100% &lt;script&gt; |');
    expect(text).toContain('| info | stale-file | generated/pets/types.ts | generated/pets/types.ts is stale |');
    // A fence longer than the backticks inside the detail.
    expect(text).toContain('````diff\n--- a\n+++ b\n-old ```\n+new\n````');
    expect(formatFindings([], 'markdown', { title: 'specforge diff' })).toBe('### specforge diff\n\nNo findings.\n');
  });

  it('sarif is a valid SARIF 2.1.0 log with rules, help text and physical locations', () => {
    const log = JSON.parse(
      formatFindings(FINDINGS, 'sarif', {
        rules: [{ id: 'response-required-property-removed', description: 'a required response property was removed', level: 'error' }],
        toolVersion: '1.2.3',
      }),
    ) as {
      runs: Array<{ tool: { driver: { version: string; rules: Array<{ id: string; help: { text: string } }> } }; results: Array<Record<string, unknown>> }>;
    };
    const validate = createAjv({ strict: false }).compile(SARIF_SUBSET);
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    const run = log.runs[0];
    expect(run?.tool.driver.version).toBe('1.2.3');
    expect(run?.tool.driver.rules.map((r) => r.id)).toEqual(['response-required-property-removed', 'operation-summary', 'stale-file']);
    expect(run?.tool.driver.rules[0]?.help.text).toContain('a required response property was removed');
    expect(run?.results.map((r) => [r['ruleId'], r['ruleIndex'], r['level']])).toEqual([
      ['response-required-property-removed', 0, 'error'],
      ['operation-summary', 1, 'warning'],
      ['stale-file', 2, 'note'],
    ]);
    expect(run?.results[0]?.['locations']).toEqual([
      {
        physicalLocation: {
          artifactLocation: { uri: 'specs/pets/openapi.yaml', uriBaseId: 'SRCROOT' },
          region: { startLine: 42, startColumn: 9, endLine: 42 },
        },
        logicalLocations: [{ fullyQualifiedName: '#/paths/~1pets/get', kind: 'member' }],
      },
    ]);
    expect(run?.results[1]?.['locations']).toEqual([
      {
        physicalLocation: { artifactLocation: { uri: 'specs/a%20b/openapi.yaml', uriBaseId: 'SRCROOT' }, region: { startLine: 3, startColumn: 1, endLine: 3 } },
      },
    ]);
  });

  it('an empty list is no annotation, an empty SARIF run and zero totals', () => {
    expect(formatFindings([], 'github-actions')).toBe('');
    const log = JSON.parse(formatFindings([], 'sarif')) as { runs: Array<{ results: unknown[]; tool: { driver: { rules: unknown[] } } }> };
    expect(log.runs[0]?.results).toEqual([]);
    expect(log.runs[0]?.tool.driver.rules).toEqual([]);
    expect(JSON.parse(formatFindings([], 'json'))).toEqual({ totals: { error: 0, warning: 0, info: 0 }, findings: [] });
    expect(REPORT_FORMATS).toEqual(['stylish', 'json', 'github-actions', 'markdown', 'sarif']);
  });
});
