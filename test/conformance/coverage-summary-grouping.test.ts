/**
 * Findings grouped by cause: against specforge's own mock of a contract whose operations declare no
 * 4xx, every operation answers 400 to invalid input. That is one defect of the contract, with the
 * operations listed, in every format (not one failure per operation), apart from the server's
 * faults; the failures themselves stay in the json report.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createMockFromSpec } from '../../src/cli/commands/mock.js';
import { runTest, type TestOptions } from '../../src/cli/commands/test.js';
import { writeSpec } from './support.js';

const OPERATIONS = ['listA', 'listB', 'listC', 'listD'];
const SPEC = `openapi: 3.1.0
info: { title: vendor, version: 1.0.0 }
paths:
${OPERATIONS.map(
  (id) => `  /${id}:
    get:
      operationId: ${id}
      parameters: [{ name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 10 } }]
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: array, items: { type: string } } } } }
`,
).join('')}`;

let spec: string;
let mockFetch: (request: Request) => Promise<Response>;
beforeAll(async () => {
  spec = writeSpec(SPEC);
  const mock = await createMockFromSpec(spec, {});
  mockFetch = async (request) => mock.fetch(request);
});

async function cli(options: Partial<TestOptions>): Promise<{ code?: number; out: string }> {
  const out: string[] = [];
  const code = await runTest({
    spec,
    baseUrl: 'http://vendor.test',
    fetch: mockFetch,
    progress: false,
    phases: 'examples,negative',
    write: (t) => out.push(t),
    ...options,
  });
  return { code, out: out.join('') };
}

describe('a contract gap shared by many operations is one finding', () => {
  it('stylish: one contract defect listing the four operations', async () => {
    const { code, out } = await cli({});
    expect(code).toBe(1);
    expect(out.match(/^\d+\) /gm)).toHaveLength(1);
    expect(out).toMatch(/^1\) status_code_conformance: listA, listB, listC, listD \[contract defect\]$/m);
    expect(out).toMatch(/^ {3}4 operations answer 400 to invalid input and declare no response for it/m);
    expect(out).toMatch(/^findings by cause: 1 contract defect \(4 operations\), 0 server faults$/m);
  });

  it('json: one group, kind contract, with every failure still in failures', async () => {
    const report = JSON.parse((await cli({ format: 'json' })).out) as {
      failures: Array<{ operationId: string; defect?: string; cause?: string }>;
      findings: Array<{ kind: string; check: string; cause: string; operations: string[]; failures: number[] }>;
    };
    expect(report.failures.map((f) => [f.operationId, f.defect, f.cause])).toEqual(OPERATIONS.map((id) => [id, 'contract', 'status 400 to invalid input']));
    expect(report.findings).toEqual([
      expect.objectContaining({
        kind: 'contract',
        check: 'status_code_conformance',
        cause: 'status 400 to invalid input',
        operations: OPERATIONS,
        failures: [0, 1, 2, 3],
      }),
    ]);
  });

  it('junit: one failing testcase in "contract defects"; the operations\' testcases do not fail for it', async () => {
    const junit = (await cli({ format: 'junit' })).out;
    expect(junit).toMatch(/<testsuite name="contract defects" tests="1" failures="1"/);
    expect(junit.match(/<failure /g)).toHaveLength(1);
    expect(junit).toMatch(/<testsuites [^>]*failures="1"/);
  });

  it('markdown and sarif: one finding', async () => {
    const markdown = (await cli({ format: 'markdown' })).out;
    expect(markdown.match(/<details>/g)).toHaveLength(1);
    expect(markdown).toContain('status_code_conformance [contract defect]: 4 operations answer 400 to invalid input');
    const sarif = JSON.parse((await cli({ format: 'sarif' })).out) as {
      runs: Array<{ results: Array<{ ruleId: string; level: string; message: { text: string } }> }>;
    };
    const errors = sarif.runs[0]?.results.filter((r) => r.level === 'error') ?? [];
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message.text).toMatch(/a defect of the contract; operations: listA, listB, listC, listD/);
  });
});
