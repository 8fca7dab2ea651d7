/**
 * The stateful phase's create/read chains against the shipped contracts' stateful mocks, where the
 * runner once judged what it had itself got wrong:
 *
 * - The engine's ImageCreate answers a pull's progress message ({ status, progress, id }), not the
 *   image: its `id` is a layer's, not the image's. The contract declares where an image's id is
 *   (x-specforge-resources images: `id: { field: Id }`), so the runner reads the id there (or in a
 *   Location) and nowhere else; an answer without one names no id and the chain is named in
 *   skipped, instead of "images 8ac8bfaff55a, created, answers 404 on ImageInspect".
 * - The tables contract's id is nested in the body (tableReference.tableId). The create of the
 *   chain sent the example's table (orders), which the mock holds from its seed or from an earlier
 *   phase: 409, and no chain ran. The runner gives a create a fresh id wherever the id field is,
 *   nested too, when the operation's validators accept it.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildModel } from '../../src/contract/model.js';
import { runConformance, type ConformanceReport } from '../../src/conformance/run.js';
import type { CheckName } from '../../src/conformance/checks.js';

const ROOT = resolve(import.meta.dirname, '..', '..');

interface GeneratedMocks {
  createMock(options: { stateful: boolean }): { fetch(request: Request): Promise<Response> };
}

async function statefulRun(api: string, operations?: string[]): Promise<{ report: ConformanceReport; sent: string[] }> {
  const model = await buildModel(join(ROOT, 'specs', api, 'openapi.yaml'), { api });
  const mocks = (await import(pathToFileURL(join(ROOT, 'generated', api, 'mocks.ts')).href)) as GeneratedMocks;
  const mock = mocks.createMock({ stateful: true });
  const sent: string[] = [];
  const report = await runConformance({
    model,
    fetch: (r) => mock.fetch(r),
    phases: ['stateful'],
    statefulSteps: 6,
    seed: 1,
    ...(operations ? { operations } : {}),
    onExchange: (e) => sent.push(`${e.sent.method} ${e.sent.url.replace(/[?#].*$/, '')} ${e.response?.status ?? 'none'}`),
  });
  return { report, sent };
}

const findings = (r: ConformanceReport): string[] => r.failures.map((f) => `${f.check} ${f.operationId}: ${f.message}`);
const passed = (r: ConformanceReport, op: string, check: CheckName): number => r.operations.find((o) => o.operationId === op)?.checks[check]?.passed ?? 0;

describe('engine: a create that answers a progress message, not the document', () => {
  it('its layer id is not taken for the image: no finding, and the chain not run is named in skipped', async () => {
    const { report, sent } = await statefulRun('engine', ['ImageCreate', 'ImageInspect', 'ImageList', 'ImageDelete']);
    expect(findings(report)).toEqual([]);
    // The progress message's id (a layer) was never read as an image.
    expect(sent.filter((s) => s.startsWith('GET /images/8ac8bfaff55a'))).toEqual([]);
    expect(report.skipped).toContainEqual({
      check: 'ensure_resource_availability',
      path: '/images/create',
      reason: expect.stringMatching(/names no id \(no Id property, no Location\): its chain was not run/) as unknown,
    });
  });

  it('a create that answers the document keeps its chain (containers: read, list, delete, read again)', async () => {
    const { report } = await statefulRun('engine', ['ContainerCreate', 'ContainerInspect', 'ContainerList', 'ContainerDelete']);
    expect(findings(report)).toEqual([]);
    expect(passed(report, 'ContainerInspect', 'ensure_resource_availability')).toBeGreaterThan(0);
    expect(passed(report, 'ContainerInspect', 'use_after_free')).toBeGreaterThan(0);
  });
});

describe('tables: an id nested in the create body (tableReference.tableId)', () => {
  it('each create names a table of its own, so the one the example names (already stored) is no 409 and the chain runs', async () => {
    const { report, sent } = await statefulRun('tables');
    expect(findings(report)).toEqual([]);
    expect(sent.filter((s) => s.startsWith('POST /projects/my-project/datasets/sales/tables ')).some((s) => s.endsWith(' 409'))).toBe(false);
    expect((report.skipped ?? []).filter((s) => s.path === '/projects/{projectId}/datasets/{datasetId}/tables')).toEqual([]);
    expect(passed(report, 'getTable', 'ensure_resource_availability')).toBeGreaterThan(0);
    expect(passed(report, 'getTable', 'use_after_free')).toBeGreaterThan(0);
    expect(passed(report, 'listTables', 'ensure_resource_availability')).toBeGreaterThan(0);
  });
});
