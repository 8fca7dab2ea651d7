/**
 * The planted-fault server (test/conformance/planted/): `runConformance` over HTTP on 127.0.0.1 finds
 * every planted fault by its check and operation, and nothing else; the number of requests it took
 * is printed (and bounded).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModel } from '../../src/contract/model.js';
import { runConformance, type ConformanceReport } from '../../src/conformance/run.js';
import { PLANTED_FAULTS, PLANTED_SPEC, SLOW_MS, startPlantedServer } from './planted/server.js';

let server: Awaited<ReturnType<typeof startPlantedServer>>;
let report: ConformanceReport;

beforeAll(async () => {
  server = await startPlantedServer(0);
  const model = await buildModel(PLANTED_SPEC);
  report = await runConformance({ model, fetch: (r) => fetch(r), baseUrl: server.baseUrl, seed: 1, maxExamples: 10, maxResponseTimeMs: SLOW_MS - 1000 });
  process.stdout.write(`planted faults: ${PLANTED_FAULTS.length} found in ${report.requests} requests, ${report.durationMs} ms\n`);
});
afterAll(() => server.close());

describe('the planted-fault server', () => {
  it('has at least ten planted faults', () => {
    expect(PLANTED_FAULTS.length).toBeGreaterThanOrEqual(10);
  });

  it.each(PLANTED_FAULTS.map((f) => [f.name, f] as const))('finds %s', (_name, fault) => {
    const found = report.failures.filter((f) => f.check === fault.check && f.operationId === fault.operationId);
    expect(
      found.map((f) => f.message),
      JSON.stringify(
        report.failures.map((f) => `${f.check} ${f.operationId}: ${f.message}`),
        null,
        1,
      ),
    ).not.toHaveLength(0);
  });

  it('reports nothing but the planted faults, each once', () => {
    const findings = report.failures.map((f) => `${f.check} ${f.operationId}: ${f.message}`);
    const expected = PLANTED_FAULTS.map((f) => `${f.check} ${f.operationId}`);
    // Two faults share a check and operation (none here); otherwise one finding per fault.
    expect(report.failures.map((f) => `${f.check} ${f.operationId}`).sort(), findings.join('\n')).toEqual([...expected].sort());
  });

  it('counts the requests it needed', () => {
    expect(report.requests).toBeGreaterThan(PLANTED_FAULTS.length);
    expect(report.requests).toBeLessThan(2000);
  });
});
