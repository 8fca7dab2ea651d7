/**
 * New lint findings only: each contract is linted as it is and as it was at the base revision, and
 * a finding counts as pre-existing when the base had one of the same rule, at the same JSON
 * pointer of the same file, with the same message. Lines are not compared, so a finding that only
 * moved (lines added above it) is still the old one. Matching counts duplicates: two identical
 * findings where the base had one leave one new.
 */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { checkoutSpecFolder, type GitRevision } from '../diff/git-base.js';
import { lintSpecs, type LintResult, type LintTarget } from '../lint/lint.js';
import { plainPointer } from '../lint/rules/common.js';

/** What identifies a lint problem across revisions: file (relative to `root`), rule, pointer, message. */
export function problemKeys(result: LintResult, root: string): string[] {
  return result.problems.map((p) => {
    const where = p.location[0];
    const file = where?.source.absoluteRef ?? result.spec;
    let rel = relative(root, file).split(sep).join('/');
    if (rel.startsWith('..')) rel = file;
    return [rel, p.ruleId, where?.pointer !== undefined ? plainPointer(where.pointer) : '', p.message].join('\0');
  });
}

/** The problem keys of the contracts as they were at the revision (none for a contract new since). */
export async function baseProblemKeys(rev: GitRevision, targets: readonly LintTarget[]): Promise<string[]> {
  const keys: string[] = [];
  for (const target of targets) {
    const tmp = realpathSync(mkdtempSync(join(tmpdir(), 'specforge-review-base-')));
    try {
      const basePath = checkoutSpecFolder(rev, target.path, tmp);
      if (basePath === undefined) continue;
      let results: LintResult[];
      try {
        results = await lintSpecs([{ ...target, path: basePath }]);
      } catch {
        // A base that does not load has no findings to compare with: everything is new.
        continue;
      }
      for (const r of results) keys.push(...problemKeys(r, tmp));
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  return keys;
}

/**
 * For each head problem (in order), whether the base had it. `headKeys` and `baseKeys` come from
 * problemKeys; a base key matches one head problem at most.
 */
export function markPreExisting(headKeys: readonly string[], baseKeys: readonly string[]): boolean[] {
  const left = new Map<string, number>();
  for (const k of baseKeys) left.set(k, (left.get(k) ?? 0) + 1);
  return headKeys.map((k) => {
    const n = left.get(k) ?? 0;
    if (n === 0) return false;
    left.set(k, n - 1);
    return true;
  });
}
