/** Changes of the diff as findings: located on the line of the head contract, in file order. */
import type { ContractModel } from '../contract/model.js';
import { displayPath } from '../contract/resolve.js';
import type { Finding, FindingLocation } from '../report/findings.js';
import type { DiffChange } from './change.js';
import { FINDING_LEVEL } from './rules.js';

/** Where a pointer of the head contract is: file relative to `cwd`, line, column, the file's own pointer. */
export function headLocation(head: ContractModel, pointer: string, cwd: string): FindingLocation {
  const loc = head.loaded.locate(pointer);
  const file = head.loaded.files.find((f) => f.display === loc.file);
  const out: FindingLocation = { file: file ? displayPath(file.path, cwd) : loc.file };
  if (loc.line !== undefined) {
    out.line = loc.line;
    out.column = loc.col ?? 1;
  }
  if (loc.pointer !== undefined) out.pointer = loc.pointer;
  return out;
}

export function toFinding(change: DiffChange, location: FindingLocation): Finding {
  const finding: Finding = { source: 'diff', rule: change.rule, level: FINDING_LEVEL[change.level], message: change.message, location };
  if (change.detail !== undefined) finding.detail = change.detail;
  return finding;
}

/** Findings in file, line, column order; ties keep the order the comparison found them in. */
export function sortFindings(findings: Finding[]): Finding[] {
  return findings
    .map((f, i) => ({ f, i }))
    .sort(
      (a, b) =>
        (a.f.location.file < b.f.location.file ? -1 : a.f.location.file > b.f.location.file ? 1 : 0) ||
        (a.f.location.line ?? 0) - (b.f.location.line ?? 0) ||
        (a.f.location.column ?? 0) - (b.f.location.column ?? 0) ||
        a.i - b.i,
    )
    .map(({ f }) => f);
}
