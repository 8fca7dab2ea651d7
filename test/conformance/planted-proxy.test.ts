/**
 * The planted-fault server (test/conformance/planted/) behind the validating proxy (createProxy):
 * the runner, sending through the proxy, still finds every planted fault and nothing else (the proxy
 * changes no answer), and the proxy, judging the same traffic with the same checks, reports the
 * faults its traffic shows and no finding that is not a planted fault. The number of requests is
 * printed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModel } from '../../src/contract/model.js';
import { createProxy } from '../../src/conformance/proxy.js';
import { runConformance, type ConformanceReport } from '../../src/conformance/run.js';
import { PLANTED_FAULTS, PLANTED_SPEC, SLOW_MS, startPlantedServer } from './planted/server.js';

let server: Awaited<ReturnType<typeof startPlantedServer>>;
let runner: ConformanceReport;
let proxied: ConformanceReport;
const live: string[] = [];

const key = (f: { check: string; operationId?: string }): string => `${f.check} ${f.operationId ?? ''}`;
const PLANTED = new Set(PLANTED_FAULTS.map(key));

/**
 * Faults a proxy sees in the traffic alone: what came back and how fast, not what the runner meant
 * by a request (a method the path lacks, an Accept no type fits, a read after a delete).
 */
const IN_THE_ANSWERS = PLANTED_FAULTS.filter((f) =>
  [
    'response_schema_conformance',
    'response_headers_conformance',
    'not_a_server_error',
    'negative_data_rejection',
    'ignored_auth',
    'max_response_time',
  ].includes(f.check),
);

beforeAll(async () => {
  server = await startPlantedServer(0);
  const model = await buildModel(PLANTED_SPEC);
  const proxy = await createProxy({ model, upstream: server.baseUrl, maxResponseTimeMs: SLOW_MS - 1000, onViolation: (line) => live.push(line) });
  try {
    runner = await runConformance({ model, fetch: (r) => fetch(r), baseUrl: proxy.origin, seed: 1, maxExamples: 10, maxResponseTimeMs: SLOW_MS - 1000 });
  } finally {
    proxied = await proxy.close();
  }
  process.stdout.write(
    `planted faults through the proxy: the runner found ${new Set(runner.failures.map(key)).size} in ${runner.requests} requests; the proxy reported ${new Set(proxied.failures.map(key)).size} distinct faults\n`,
  );
}, 180_000);
afterAll(() => server.close());

describe('the planted-fault server behind the validating proxy', () => {
  it('the runner finds every planted fault through the proxy, and nothing else', () => {
    const found = runner.failures.map((f) => `${key(f)}: ${f.message}`);
    expect([...new Set(runner.failures.map(key))].sort(), found.join('\n')).toEqual([...PLANTED].sort());
  });

  it.each(IN_THE_ANSWERS.map((f) => [f.name, f] as const))('the proxy reports %s', (_name, fault) => {
    const seen = proxied.failures.filter((f) => key(f) === key(fault));
    expect(seen.length, proxied.failures.map((f) => `${key(f)}: ${f.message}`).join('\n')).toBeGreaterThan(0);
  });

  it('the proxy reports no finding that is not a planted fault, and says each one live', () => {
    const stray = proxied.failures.filter((f) => !PLANTED.has(key(f))).map((f) => `${key(f)}: ${f.message}`);
    expect(stray).toEqual([]);
    expect(live.length).toBeGreaterThanOrEqual(IN_THE_ANSWERS.length);
  });
});
