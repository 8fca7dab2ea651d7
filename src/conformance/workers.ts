/**
 * `specforge test --workers <n>`: the selected operations split among concurrent runs of the engine
 * (in this process) for the phases that take one operation at a time, the stateful chains (which
 * span the operations of a resource) as one more run, and their reports merged into one.
 */
import type { OperationModel } from '../contract/model.js';
import { mergeAnswers } from './answers.js';
import { CHECKS, CONTRACT_WIDE_NOTE } from './checks.js';
import { NOT_SELECTED, unselectedPaths } from './phases/coverage.js';
import { PHASES, runConformance, type ConformanceOptions, type ConformanceReport, type OperationReport } from './run.js';

/** The reports of the workers' runs as one: tallies summed per operation and check, failures in order. */
function mergeReports(
  parts: readonly ConformanceReport[],
  operations: readonly OperationModel[],
  seed: number,
  durationMs: number,
  maxFailures: number | undefined,
): ConformanceReport {
  const byId = new Map<string, OperationReport>(
    operations.map((op) => [op.id, { operationId: op.id, method: op.method.toUpperCase(), path: op.path, checks: {} }]),
  );
  for (const part of parts) {
    for (const op of part.operations) {
      const into = byId.get(op.operationId);
      if (!into) continue;
      mergeAnswers(into, op);
      for (const check of CHECKS) {
        const t = op.checks[check];
        if (!t) continue;
        const sum = (into.checks[check] ??= { passed: 0, failed: 0 });
        sum.passed += t.passed;
        sum.failed += t.failed;
      }
    }
  }
  // A fault of the contract (an undeclared 401 of the security phase) is one failure, however many
  // workers saw it: the later copies leave the list and the table.
  const failures: ConformanceReport['failures'] = [];
  const contractWide = new Set<string>();
  for (const f of parts.flatMap((p) => p.failures)) {
    if (f.message.endsWith(CONTRACT_WIDE_NOTE)) {
      const key = `${f.check}\u0000${f.response?.status ?? ''}`;
      if (contractWide.has(key)) {
        const t = byId.get(f.operationId)?.checks[f.check];
        if (t) t.failed--;
        continue;
      }
      contractWide.add(key);
    }
    failures.push(f);
  }
  const merged: ConformanceReport = {
    seed,
    requests: parts.reduce((n, p) => n + p.requests, 0),
    durationMs,
    operations: [...byId.values()],
    failures: maxFailures === undefined ? failures : failures.slice(0, maxFailures),
  };
  const skipped = parts.flatMap((p) => p.skipped ?? []);
  if (skipped.length > 0) merged.skipped = skipped;
  return merged;
}

/** How to split a run among workers: `--workers`, the selected operations, the seed, the start. */
export interface WorkerSplit {
  workers: number;
  /** The operations `--operations` and `--tags` select, in the contract's order. */
  selected: readonly OperationModel[];
  seed: number;
  /** When the run began (Date.now()): the merged report's duration counts from it. */
  started: number;
}

/**
 * Runs the engine with `common`'s phases, checks and selection: as one run when there is one worker
 * or one operation, else split among the workers and merged (mergeReports).
 */
export async function runInWorkers(common: ConformanceOptions, { workers, selected, seed, started }: WorkerSplit): Promise<ConformanceReport> {
  if (workers <= 1 || selected.length <= 1) return runConformance(common);
  // Operations split among the workers for the phases that take one operation at a time; the
  // stateful chains (which span the operations of a resource) run as one more worker.
  const runPhases = common.phases ?? PHASES;
  const groups: string[][] = Array.from({ length: Math.min(workers, selected.length) }, () => []);
  selected.forEach((op, i) => groups[i % groups.length]?.push(op.id));
  const perOperation = runPhases.filter((p) => p !== 'stateful');
  // unsupported_method tries each path once: in the group holding the path's first selected operation.
  const owner = new Map<string, number>();
  selected.forEach((op, i) => {
    if (!owner.has(op.path)) owner.set(op.path, i % groups.length);
  });
  const pathsOf = (g: number): string[] => [...owner].filter(([, o]) => o === g).map(([path]) => path);
  const runs: Array<Promise<ConformanceReport>> = [];
  if (perOperation.length > 0)
    groups.forEach((group, g) => runs.push(runConformance({ ...common, phases: perOperation, operations: group, unsupportedMethodPaths: pathsOf(g) })));
  if (runPhases.includes('stateful')) runs.push(runConformance({ ...common, phases: ['stateful'] }));
  const report = mergeReports(await Promise.all(runs), selected, seed, Date.now() - started, common.maxFailures);
  // The paths with no selected operation, which no worker's run knows of.
  const unsupportedTried =
    runPhases.includes('coverage') && (common.checks ?? CHECKS).includes('unsupported_method') && !(common.excludeChecks ?? []).includes('unsupported_method');
  const unselected = unsupportedTried
    ? unselectedPaths(common.model, selected).map((path) => ({ check: 'unsupported_method' as const, path, reason: NOT_SELECTED }))
    : [];
  const skipped = [...unselected, ...(report.skipped ?? [])];
  if (skipped.length > 0) report.skipped = skipped;
  return report;
}
