/**
 * The order test files start in: longest first, by the seconds each took in a recent full run
 * (test/durations.json, rewritten by `make test-durations`). On the 2-core machine a long file that
 * starts late runs alone at the end while the other workers idle; vitest's own order needs a
 * results cache a fresh clone does not have (it then starts the largest files first, and size says
 * little about time: the browser suites are short files that run for minutes).
 */
import { readFileSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const DURATIONS = new URL('./durations.json', import.meta.url);

/** Seconds per test file, relative to the repository root. */
function durations(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(DURATIONS, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const known = durations();
    const root = this.ctx.config.root;
    // A file not in the list yet (a new one) is placed by its size: about a second per kilobyte.
    const weight = (spec: TestSpecification): number => known[relative(root, spec.moduleId)] ?? statSync(spec.moduleId).size / 1000;
    const weights = new Map(files.map((f) => [f, weight(f)]));
    return [...files].sort((a, b) => (weights.get(b) ?? 0) - (weights.get(a) ?? 0) || (a.moduleId < b.moduleId ? -1 : 1));
  }
}
