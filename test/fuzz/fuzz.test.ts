/**
 * The fuzz suite: for every HTTP contract this repository ships, the conformance engine
 * (src/conformance/run.ts, the one `runConformance` exposes) sends documented examples, requests
 * made invalid in one place at a time, property-based requests generated from the schemas
 * (seeded, shrunk), create/read/list/delete chains and a seeded random sequence per resource
 * collection, and requests without credentials, to the stateful mock and to the generated server
 * with the mock handlers. Every answer is checked as Schemathesis checks it (not_a_server_error,
 * status_code_conformance, content_type_conformance, response_headers_conformance,
 * response_schema_conformance, negative_data_rejection, positive_data_acceptance, use_after_free,
 * ensure_resource_availability, ignored_auth); the suite expects no failure.
 *
 * Bounded: a few generated requests per operation (FUZZ_EXAMPLES, default 8) and a fixed seed
 * (FUZZ_SEED, default 1), so a run is repeatable; a larger FUZZ_EXAMPLES explores further.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildModel, isHttpLess } from '../../src/contract/model.js';
import { mockTables } from '../../src/contract/tables/api.js';
import { loadContract } from '../../src/contract/resolve.js';
import { describeFailure, runConformance, type ConformanceReport } from '../../src/conformance/run.js';
import { loadConfig } from '../../src/config/config.js';
import { toFetchHandler, type AnyHandler, type RequestListener } from '../../src/runtime/index.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const config = loadConfig(ROOT);
const httpSpecs = config.specs.filter((s) => !isHttpLess(loadContract(s.path).document));
const EXAMPLES = Number(process.env['FUZZ_EXAMPLES'] ?? 8);
const SEED = Number(process.env['FUZZ_SEED'] ?? 1);

interface GeneratedMocks {
  createMock(options: { stateful: boolean; seed?: number }): { fetch(request: Request): Promise<Response> };
  createMockHandlers(options?: { stateful?: boolean }): Record<string, AnyHandler>;
}

interface GeneratedServer {
  createServer(handlers: Record<string, AnyHandler>): RequestListener;
  api: { basePath?: string };
}

function summary(report: ConformanceReport): string {
  return report.failures.map(describeFailure).join('\n');
}

function checksRun(report: ConformanceReport): Set<string> {
  const names = new Set<string>();
  for (const op of report.operations)
    for (const [name, tally] of Object.entries(op.checks)) if ((tally?.passed ?? 0) + (tally?.failed ?? 0) > 0) names.add(name);
  return names;
}

describe.each(httpSpecs.map((s) => [s.api, s] as const))('fuzz %s', (_api, entry) => {
  it('the stateful mock passes every check', async () => {
    const model = await buildModel(entry.path, { api: entry.api });
    const mocks = (await import(pathToFileURL(join(entry.out, 'mocks.ts')).href)) as GeneratedMocks;
    const mock = mocks.createMock({ stateful: true });
    const report = await runConformance({ model, fetch: (r) => mock.fetch(r), maxExamples: EXAMPLES, seed: SEED });
    expect(report.failures.length, summary(report)).toBe(0);
    expect(report.requests).toBeGreaterThan(model.operations.length * 2);
    const run = checksRun(report);
    for (const check of [
      'not_a_server_error',
      'status_code_conformance',
      'content_type_conformance',
      'response_schema_conformance',
      'positive_data_acceptance',
    ])
      expect(run, check).toContain(check);
    // Contracts with resources get the stateful checks; with state machines, the precondition check.
    const resources = model.document['x-specforge-resources'];
    if (resources && typeof resources === 'object') {
      expect(run).toContain('ensure_resource_availability');
      const testable = mockTables(model).resources.some((r) =>
        Object.values(r.state?.transitions ?? {}).some(
          (t) => (t.from !== undefined || t.notFrom !== undefined) && !t.requires && !t.pull && !t.through && t.otherwise < 500,
        ),
      );
      if (testable) expect(run).toContain('transition_precondition');
    }
  }, 180_000);

  it('the generated server with the (stateless) mock handlers passes every check', async () => {
    const model = await buildModel(entry.path, { api: entry.api });
    const mocks = (await import(pathToFileURL(join(entry.out, 'mocks.ts')).href)) as GeneratedMocks;
    const server = (await import(pathToFileURL(join(entry.out, 'server.ts')).href)) as GeneratedServer;
    const handler = toFetchHandler(server.createServer(mocks.createMockHandlers()));
    // Stateless handlers answer every read from the documented examples: the stateful phase,
    // which expects deleted resources to be gone, is the stateful mock's.
    // The generated server serves under its contract's base path (the first server URL's path).
    const baseUrl = `http://conformance.test${server.api.basePath ?? ''}`;
    const report = await runConformance({
      model,
      fetch: handler,
      baseUrl,
      maxExamples: EXAMPLES,
      seed: SEED + 100,
      phases: ['examples', 'negative', 'fuzz', 'security'],
    });
    expect(report.failures.length, summary(report)).toBe(0);
  }, 180_000);
});
