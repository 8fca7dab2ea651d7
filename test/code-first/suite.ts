/**
 * The assertions of the code-first suite, the same for each framework (one test file each, so the
 * three run in parallel): `specforge test` with nothing but `--auth` reports no finding on the
 * correct service and finds every planted fault on the faulty one, and the correct service's
 * traffic through `specforge proxy --record`, and its recording replayed, show no finding either.
 *
 * "No finding" is exact but for the defects of the emitted contract itself the service names
 * (`contractGaps`: Fastify's routes do not declare the 400 its validation answers): each must be
 * reported as one finding of kind "contract", never as a fault of the server.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { FAULTS } from './faults.js';
import { contractDefects, describeRun, runFramework, serverFaults, type CodeFirstService, type FrameworkRun, type Report } from './support.js';

const listed = (report: Report): string => report.failures.map((f) => `${f.check} ${f.operationId} (${f.status}): ${f.message}`).join('\n');

export function codeFirstSuite(service: CodeFirstService): void {
  describe(`code-first: ${service.name}, its contract emitted by the framework`, () => {
    let run: FrameworkRun;
    let account = '';
    const gaps = [...(service.contractGaps ?? [])].sort();
    /** No fault of the server, and no defect of the contract but those it is known to have. */
    const clean = (report: Report, what: string): void => {
      expect(serverFaults(report), `${what}\n${listed(report)}`).toEqual([]);
      expect(contractDefects(report), `${what}\n${listed(report)}`).toEqual(gaps);
    };
    beforeAll(async () => {
      run = await runFramework(service);
      account = describeRun(run);
      process.stdout.write(account);
    }, 170_000);

    it('the correct service: no finding', () => {
      expect(run.correct.requests).toBeGreaterThan(50);
      clean(run.correct, 'specforge test on the correct service');
    });

    it.each(FAULTS.map((f) => [f.fault, f] as const))('the faulty service: %s is found', (_name, fault) => {
      expect(run.found.includes(fault), `${fault.what}: no ${fault.check} finding on ${fault.operations.join(' or ')}\n${account}`).toBe(true);
    });

    it('the correct service through specforge proxy --record: no finding from the test run or the proxy', () => {
      expect(run.proxied?.test.requests).toBeGreaterThan(50);
      clean(run.proxied?.test ?? run.correct, 'specforge test through the proxy');
      clean(run.proxied?.proxy ?? run.correct, 'the proxy');
    });

    it('the recording replayed with specforge test --replay: no finding', () => {
      clean(run.proxied?.replay ?? run.correct, `specforge test --replay\n${run.proxied?.replayStderr ?? ''}`);
    });
  });
}
