/**
 * Failures grouped by cause. A defect of the contract (an example that breaks its own schema, a 4xx
 * the contract does not declare answered to invalid input, as a validation layer answers it:
 * NestJS's ValidationPipe, Fastify's schema validation, a zod-openapi hook) is one finding however
 * many operations show it, with the operations listed; each fault of the server stays a finding of
 * its own. The failures themselves (one per operation, check and cause, with request, answer and
 * curl line) stay in the report's `failures`.
 */
import type { CheckFailure } from './checks.js';
import type { FindingGroup } from './summary-types.js';
import type { ConformanceReport, Phase } from './types.js';

/**
 * The cause of a failure that is the contract's omission rather than the server's fault, or
 * undefined: a 4xx no response of the operation declares, answered to a request the runner made
 * invalid on purpose (the negative phase, a boundary value outside the bounds) or sent without a
 * valid credential (the security phase). The server did what it should; the contract does not say so.
 */
export function contractCause(phase: Phase, expect: 'positive' | 'negative' | 'any', failure: CheckFailure, status: number): string | undefined {
  if (failure.check !== 'status_code_conformance' || status < 400 || status >= 500) return undefined;
  if (expect === 'negative' || phase === 'negative') return `status ${status} to invalid input`;
  if (phase === 'security') return failure.cause ?? `status ${status}`;
  return undefined;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** One line about a group of the contract's defects, naming how many operations show it. */
function groupMessage(group: FindingGroup, first: string): string {
  const status = /^status (\d+) to invalid input$/.exec(group.cause)?.[1];
  const n = group.operations.length;
  if (group.check === 'status_code_conformance' && status !== undefined)
    return `${plural(n, 'operation')} answer${n === 1 ? 's' : ''} ${status} to invalid input and declare${n === 1 ? 's' : ''} no response for it: the server refuses the input as it should, the contract does not say so`;
  return n === 1 ? first : `${first} (${n} operations)`;
}

/**
 * The report's failures by cause: the contract's defects of one check and cause as one group (the
 * operations listed), then every other failure as a group of its own, in the order found.
 */
export function groupFindings(report: ConformanceReport): FindingGroup[] {
  const groups: FindingGroup[] = [];
  const contract = new Map<string, FindingGroup>();
  const firstMessage = new Map<FindingGroup, string>();
  report.failures.forEach((f, i) => {
    const cause = f.cause ?? f.message;
    if (f.defect === 'contract') {
      const key = `${f.check}\u0000${cause}`;
      let group = contract.get(key);
      if (!group) {
        group = { kind: 'contract', check: f.check, cause, message: '', operations: [], failures: [] };
        contract.set(key, group);
        firstMessage.set(group, f.message);
        groups.push(group);
      }
      if (!group.operations.includes(f.operationId)) group.operations.push(f.operationId);
      group.failures.push(i);
      return;
    }
    groups.push({ kind: 'server', check: f.check, cause, message: f.message, operations: [f.operationId], failures: [i] });
  });
  for (const group of groups) {
    if (group.kind === 'contract') group.message = groupMessage(group, firstMessage.get(group) ?? '');
    if (group.failures.every((i) => report.failures[i]?.known === true)) group.known = true;
  }
  // The contract's defects first, then the server's faults, each in the order found.
  return [...groups.filter((g) => g.kind === 'contract'), ...groups.filter((g) => g.kind === 'server')];
}
