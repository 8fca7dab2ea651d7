/**
 * unsupported_method and the operations a run selects (--operations, --tags): the check runs on
 * every path with at least one selected operation (sent as that path's selected GET, else its first
 * selected operation, which the finding is reported on), and the report says which paths it left
 * out and why: no operation selected, a fragment template, every candidate method declared, an
 * answer of 401. Split among workers, each path is tried once.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTest } from '../../src/cli/commands/test.js';
import { formatConformance } from '../../src/conformance/report.js';
import { runConformance } from '../../src/index.js';
import type { ConformanceReport } from '../../src/conformance/run.js';
import { listenInProcess } from '../../src/conformance/in-process.js';

const ok = "{ '200': { description: ok } }";
const SPEC = `openapi: 3.1.0
info: { title: t, version: 1.0.0 }
paths:
  /things:
    get: { operationId: listThings, responses: ${ok} }
    post: { operationId: createThing, responses: ${ok} }
  /things/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: integer, minimum: 1 }, example: 7 }]
    get: { operationId: getThing, responses: ${ok} }
    delete: { operationId: deleteThing, responses: ${ok} }
  /other:
    get: { operationId: other, responses: ${ok} }
  /full:
    get: { operationId: fullGet, responses: ${ok} }
    put: { operationId: fullPut, responses: ${ok} }
    patch: { operationId: fullPatch, responses: ${ok} }
    post: { operationId: fullPost, responses: ${ok} }
    delete: { operationId: fullDelete, responses: ${ok} }
  /rpc#Action=Run:
    get: { operationId: run, responses: ${ok} }
  /secure:
    get: { operationId: secure, responses: ${ok} }
`;

const DECLARED: Record<string, string[]> = {
  '/things': ['GET', 'POST'],
  '/other': ['GET'],
  '/full': ['GET', 'PUT', 'PATCH', 'POST', 'DELETE'],
  '/rpc': ['GET'],
};

/** Answers 200 to a declared method and 405 with Allow to the others, except: PATCH /things/7 is 200 (a fault: a 404 there would say only that thing 7 may not exist), /secure's undeclared methods 401. */
function server(seen: string[]) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const path = (req.url ?? '').replace(/\?.*$/, '');
    const method = req.method ?? '';
    seen.push(`${method} ${path}`);
    if (/^\/things\/[^/]+$/.test(path)) {
      if (method === 'GET' || method === 'DELETE') res.writeHead(200).end();
      else res.writeHead(200).end();
      return;
    }
    if (path === '/secure' && method !== 'GET') {
      res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
      return;
    }
    const declared = DECLARED[path] ?? ['GET'];
    if (declared.includes(method)) res.writeHead(200).end();
    else res.writeHead(405, { allow: declared.join(', ') }).end();
  };
}

function specFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sf-unsupported-'));
  const file = join(dir, 'openapi.yaml');
  writeFileSync(file, SPEC);
  return file;
}

const reasonsOf = (report: ConformanceReport): Record<string, string> => Object.fromEntries((report.skipped ?? []).map((s) => [s.path, s.reason]));

describe('unsupported_method with selected operations', () => {
  it('a path whose selected operation is not its GET is still tried; the finding is on the selected operation', async () => {
    const seen: string[] = [];
    const report = await runConformance({
      spec: specFile(),
      handler: server(seen),
      phases: ['coverage'],
      checks: ['unsupported_method'],
      operations: ['deleteThing'],
    });
    expect(seen.filter((s) => s.startsWith('PATCH'))).toEqual(['PATCH /things/7']);
    expect(report.failures.map((f) => [f.operationId, f.check, f.response?.status])).toEqual([['deleteThing', 'unsupported_method', 200]]);
    expect(report.failures[0]?.message).toMatch(/PATCH \/things\/\{id\}, which the contract does not declare \(declared: DELETE, GET\), answers 200/);
    // The paths without a selected operation are named as skipped, with the reason.
    const reasons = reasonsOf(report);
    expect(Object.keys(reasons).sort()).toEqual(['/full', '/other', '/rpc#Action=Run', '/secure', '/things']);
    expect(new Set(Object.values(reasons))).toEqual(new Set(['no operation of the path is selected (--operations, --tags)']));
    const text = formatConformance(report, 'stylish', { spec: 'openapi.yaml', baseUrl: 'x' });
    expect(text).toContain(
      'unsupported_method not tried on 5 paths (/things, /other, /full, /rpc#Action=Run, /secure): no operation of the path is selected (--operations, --tags)',
    );
  });

  it('every path tried once; the fragment path, the path declaring every method and the 401 are skipped with their reasons', async () => {
    const seen: string[] = [];
    const report = await runConformance({ spec: specFile(), handler: server(seen), phases: ['coverage'], checks: ['unsupported_method'] });
    expect(seen.filter((s) => s.startsWith('PATCH')).sort()).toEqual(['PATCH /other', 'PATCH /secure', 'PATCH /things', 'PATCH /things/7']);
    expect(report.failures.map((f) => f.operationId)).toEqual(['getThing']);
    expect(reasonsOf(report)).toEqual({
      '/full': 'every method tried (PATCH, PUT, POST, DELETE) is declared for /full',
      '/rpc#Action=Run': 'its operations are told apart by their query (a fragment in the template), not by method',
      '/secure': 'PATCH was answered 401: authentication before routing tells nothing of the method',
    });
    const markdown = formatConformance(report, 'markdown', { spec: 'openapi.yaml', baseUrl: 'x' });
    expect(markdown).toContain(
      '- unsupported_method not tried on 1 path (/secure): PATCH was answered 401: authentication before routing tells nothing of the method',
    );
  });

  it('specforge test --operations --workers 2: each path with a selected operation tried once, the others reported as skipped', async () => {
    const seen: string[] = [];
    const listener = await listenInProcess(server(seen));
    try {
      const spec = specFile();
      let out = '';
      const code = await runTest({
        spec,
        baseUrl: 'http://127.0.0.1/',
        fetch: listener.fetch,
        phases: 'coverage',
        checks: 'unsupported_method',
        operations: 'listThings,createThing,deleteThing,other',
        workers: 2,
        format: 'json',
        progress: false,
        write: (t) => (out += t),
      });
      expect(code).toBe(1);
      expect(seen.filter((s) => s.startsWith('PATCH')).sort()).toEqual(['PATCH /other', 'PATCH /things', 'PATCH /things/7']);
      const report = JSON.parse(out) as ConformanceReport;
      expect(report.failures.map((f) => f.operationId)).toEqual(['deleteThing']);
      expect(report.skipped?.map((s) => s.path).sort()).toEqual(['/full', '/rpc#Action=Run', '/secure']);
    } finally {
      await listener.close();
    }
  });
});
