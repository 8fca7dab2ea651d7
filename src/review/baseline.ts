/**
 * New lint findings only: each contract is linted as it is and as it was at the base revision, and
 * a finding counts as pre-existing when the base had one of the same rule, at the same JSON
 * pointer of the same file, with the same message. Lines are not compared, so a finding that only
 * moved (lines added above it) is still the old one. Matching counts duplicates: two identical
 * findings where the base had one leave one new.
 */
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { checkoutSpecFolder, type GitRevision } from '../contract/git-base.js';
import { lintSpecs, type LintResult, type LintTarget } from '../lint/lint.js';
import { plainPointer } from '../lint/rules/common.js';

/** What identifies a lint problem across revisions: file (relative to `root`), rule, pointer, message. */
export function problemKeys(result: LintResult, root: string): string[] {
  return result.problems.map((p) => {
    const where = p.location[0];
    const file = where?.source.absoluteRef ?? result.spec;
    let rel = relative(root, file).split(sep).join('/');
    if (rel.startsWith('..')) {
      // A working folder reached through a link: the file's real path is inside the root.
      let real = file;
      try {
        real = realpathSync(file);
      } catch {
        // not a file on disk
      }
      rel = relative(root, real).split(sep).join('/');
      if (rel.startsWith('..')) rel = file;
    }
    return [rel, p.ruleId, where?.pointer !== undefined ? plainPointer(where.pointer) : '', p.message].join('\0');
  });
}

/**
 * The problem keys of the contracts as they were at the revision (none for a contract new since).
 * `head` holds each target's result as linted now (same order): a contract whose files are the
 * same at the revision has the same problems, so it is not linted again.
 */
export async function baseProblemKeys(rev: GitRevision, targets: readonly LintTarget[], head: readonly LintResult[]): Promise<string[]> {
  const keys: string[] = [];
  for (const [i, target] of targets.entries()) {
    const tmp = realpathSync(mkdtempSync(join(tmpdir(), 'specforge-review-base-')));
    try {
      const basePath = checkoutSpecFolder(rev, target.path, tmp);
      if (basePath === undefined) continue;
      const now = head[i];
      if (now !== undefined && sameFiles(tmp, rev.root)) {
        keys.push(...problemKeys(now, rev.root));
        continue;
      }
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

/** Whether every file written under `tmp` has the same bytes at the same path under `root`. */
function sameFiles(tmp: string, root: string): boolean {
  const walk = (dir: string): boolean => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!walk(path)) return false;
        continue;
      }
      const there = join(root, relative(tmp, path));
      let other: Buffer;
      try {
        other = readFileSync(there);
      } catch {
        return false;
      }
      if (!other.equals(readFileSync(path))) return false;
    }
    return true;
  };
  return walk(tmp);
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
