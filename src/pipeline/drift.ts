/**
 * Stale generated files as findings (source 'drift'): `stale-file` (on disk, but different from what
 * the contract produces; a hand edit included), `missing-file` (produced, not on disk) and
 * `extra-file` (written by an earlier run, no longer produced), `stray-file` (in the output folder,
 * never produced by its contract). A stale file points at its first
 * differing line and carries a short diff.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { firstDifferentLine, unifiedDiff } from '../cli/diff-text.js';
import { displayPath } from '../contract/resolve.js';
import type { Finding } from '../report/findings.js';
import type { SpecEntry } from './config.js';
import type { FileStatus } from './generate.js';

export const DRIFT_RULES = { stale: 'stale-file', missing: 'missing-file', extra: 'extra-file', stray: 'stray-file' } as const;

export interface DriftOptions {
  cwd: string;
  /** Lines of diff kept per stale file (0 for none). */
  diffLines: number;
}

export function driftFindings(entry: SpecEntry, files: readonly FileStatus[], options: DriftOptions): Finding[] {
  const spec = displayPath(entry.path, options.cwd);
  const out: Finding[] = [];
  for (const f of files) {
    if (f.state === 'unchanged' || f.state === 'written') continue;
    const abs = resolve(entry.out, f.path);
    const file = displayPath(abs, options.cwd);
    const finding: Finding = { source: 'drift', rule: DRIFT_RULES[f.state], level: 'error', message: '', location: { file } };
    if (f.state === 'stale' && f.notExecutable) {
      finding.message = `stale: ${file} is not executable, as ${spec} produces it; run "specforge generate"`;
    } else if (f.state === 'stale') {
      finding.message = `stale: ${file} differs from what ${spec} produces; run "specforge generate"`;
      if (f.expected !== undefined) {
        const current = readFileSync(abs, 'utf8');
        finding.location.line = Math.min(firstDifferentLine(current, f.expected), current.split('\n').length);
        finding.location.column = 1;
        if (options.diffLines > 0) finding.detail = unifiedDiff(current, f.expected, file, options.diffLines);
      }
    } else if (f.state === 'missing') {
      finding.message = `missing: ${spec} produces ${file}, which is not on disk; run "specforge generate"`;
    } else if (f.state === 'stray') {
      finding.message = `stray: ${file} is in the output folder of ${spec}, which does not produce it; remove it or move it out of the folder (generate leaves it there)`;
    } else {
      finding.message = `extra: ${file} was generated earlier, but ${spec} no longer produces it; run "specforge generate" to remove it`;
    }
    out.push(finding);
  }
  return out;
}
