/**
 * The security phase judges as Schemathesis does: `ignored_auth` fails only when a request without
 * valid credentials succeeds (2xx); a 401 without WWW-Authenticate is its own check
 * (`auth_challenge`); an undeclared 401 is counted once for the contract, not once per operation.
 */
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/conformance/run.js';
import { runTest } from '../../src/cli/commands/test.js';
import type { ConformanceReport } from '../../src/conformance/run.js';
import { buildModelFromText, writeSpec } from './support.js';

const op = (id: string, extra = ''): string => `    get:
      operationId: ${id}
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object } } } }${extra}
`;

const SPEC = `openapi: 3.0.3
info: { title: secured, version: 1.0.0 }
security: [{ bearer: [] }]
components:
  securitySchemes:
    bearer: { type: http, scheme: bearer }
paths:
  /no-challenge:
${op('noChallenge')}  /forbidden:
${op('forbidden', "\n        '403': { description: forbidden }")}  /open:
${op('open')}  /proper:
${op('proper')}`;

const json = (status: number, headers: Record<string, string> = {}): Response =>
  new Response('{}', { status, headers: { 'content-type': 'application/json', ...headers } });

async function server(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  const authorized = /^Bearer \S+\.\S+\.\S+$/.test(request.headers.get('authorization') ?? '');
  if (authorized) return json(200);
  if (path === '/no-challenge') return json(401);
  if (path === '/forbidden') return json(403);
  if (path === '/open') return json(200);
  return json(401, { 'www-authenticate': 'Bearer realm="api"' });
}

describe('security phase checks', () => {
  it('ignored_auth only on success, auth_challenge on its own, an undeclared 401 once', async () => {
    const report = await runConformance({ model: await buildModelFromText(SPEC), fetch: server, phases: ['security'] });
    const by = (check: string): string[] =>
      report.failures
        .filter((f) => f.check === check)
        .map((f) => f.operationId)
        .sort();
    expect(by('ignored_auth')).toEqual(['open']);
    expect(by('auth_challenge')).toEqual(['noChallenge']);
    // noChallenge and proper both answer an undeclared 401: one finding for the contract.
    const undeclared = report.failures.filter((f) => f.check === 'status_code_conformance');
    expect(undeclared).toHaveLength(1);
    expect(undeclared[0]?.message).toMatch(/401.*once for the contract/);
    expect(report.failures).toHaveLength(3);
    // The table agrees with the list of failures.
    const failedInTable = report.operations.reduce((n, o) => n + Object.values(o.checks).reduce((m, t) => m + t.failed, 0), 0);
    expect(failedInTable).toBe(report.failures.length);
  });

  it('with several workers too, the undeclared 401 is one failure, in the list and in the table', async () => {
    const out: string[] = [];
    const code = await runTest({
      spec: writeSpec(SPEC),
      baseUrl: 'http://api.test',
      fetch: server,
      phases: 'security',
      workers: 2,
      format: 'json',
      write: (t) => out.push(t),
      progress: false,
    });
    expect(code).toBe(1);
    const report = JSON.parse(out.join('')) as ConformanceReport;
    expect(report.failures.filter((f) => f.check === 'status_code_conformance')).toHaveLength(1);
    const failedInTable = report.operations.reduce((n, o) => n + Object.values(o.checks).reduce((m, t) => m + t.failed, 0), 0);
    expect(failedInTable).toBe(report.failures.length);
  });
});
