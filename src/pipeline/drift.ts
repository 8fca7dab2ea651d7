/**
 * Stale generated files as findings (source 'drift'): `stale-file` (on disk, but different from what
 * the contract produces; a hand edit included), `missing-file` (produced, not on disk) and
 * `extra-file` (written by an earlier run, no longer produced), `stray-file` (in the output folder,
 * never produced by its contract). A stale file points at its first
 * differing line and carries a short diff.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { firstDifferentLine, unifiedDiff } from '../report/diff-text.js';
import { isRecord } from '../contract/pointer.js';
import { displayPath } from '../contract/resolve.js';
import type { Finding } from '../report/findings.js';
import { lineChangeCounts } from '../report/line-diff.js';
import type { SpecEntry } from '../config/config.js';
import { MANIFEST, type FileStatus } from './generate.js';

export const DRIFT_RULES = { stale: 'stale-file', missing: 'missing-file', extra: 'extra-file', stray: 'stray-file' } as const;

export interface DriftOptions {
  cwd: string;
  /** Lines of diff kept per stale file (0 for none). */
  diffLines: number;
}

export function driftFindings(entry: SpecEntry, files: readonly FileStatus[], options: DriftOptions): Finding[] {
  const spec = displayPath(entry.path, options.cwd);
  const out: Finding[] = [];
  const manifest = files.find((f) => f.path === MANIFEST && f.state === 'stale');
  const units = manifest?.expected === undefined ? undefined : unitChanges(readText(resolve(entry.out, MANIFEST)), manifest.expected);
  for (const f of files) {
    if (f.state === 'unchanged' || f.state === 'written') continue;
    const abs = resolve(entry.out, f.path);
    const file = displayPath(abs, options.cwd);
    const finding: Finding = { source: 'drift', rule: DRIFT_RULES[f.state], level: 'error', message: '', location: { file } };
    if (f.state === 'stale' && f.notExecutable) {
      finding.message = `stale: ${file} is not executable, as ${spec} produces it; run "specforge generate"`;
    } else if (f.state === 'stale') {
      finding.message = `stale: ${file} differs from what ${spec} produces${units ? ` (${units})` : ''}; run "specforge generate"`;
      if (f.expected !== undefined) {
        const current = readFileSync(abs, 'utf8');
        // From the file on disk to what the contract produces, counted as git counts lines.
        const { added, removed } = lineChangeCounts(current, f.expected);
        finding.message = `stale: ${file} differs from what ${spec} produces by ${added} added and ${removed} removed line(s)${units ? ` (${units})` : ''}; run "specforge generate"`;
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

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** The unit hashes (operations, schemas) a manifest records. */
function unitsOf(text: string | undefined): { operations: Record<string, unknown>; schemas: Record<string, unknown> } | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isRecord(parsed) || !isRecord(parsed['operations']) || !isRecord(parsed['schemas'])) return undefined;
    return { operations: parsed['operations'], schemas: parsed['schemas'] };
  } catch {
    return undefined;
  }
}

/** At most this many names are listed per kind of change; the rest are counted. */
const NAMES_LISTED = 8;

function names(list: string[]): string {
  const shown = list.slice(0, NAMES_LISTED).join(', ');
  return list.length > NAMES_LISTED ? `${shown} and ${list.length - NAMES_LISTED} more` : shown;
}

/**
 * What changed in the contract since the files on disk were generated, by unit: "operations added:
 * x; removed: y; changed: z; schemas changed: S" (from the hashes of the two manifests), or a note
 * that no operation or schema changed (the code differs for another reason: targets, options, the
 * version of specforge, a hand edit). Undefined when the manifest on disk records no units.
 */
export function unitChanges(onDisk: string | undefined, expected: string): string | undefined {
  const before = unitsOf(onDisk);
  const after = unitsOf(expected);
  if (!before || !after) return undefined;
  const parts: string[] = [];
  for (const kind of ['operations', 'schemas'] as const) {
    const a = before[kind];
    const b = after[kind];
    const added = Object.keys(b).filter((k) => !Object.hasOwn(a, k));
    const removed = Object.keys(a).filter((k) => !Object.hasOwn(b, k));
    const changed = Object.keys(b).filter((k) => Object.hasOwn(a, k) && a[k] !== b[k]);
    const said: string[] = [];
    if (added.length > 0) said.push(`added ${names(added)}`);
    if (removed.length > 0) said.push(`removed ${names(removed)}`);
    if (changed.length > 0) said.push(`changed ${names(changed)}`);
    if (said.length > 0) parts.push(`${kind} ${said.join('; ')}`);
  }
  return parts.length > 0
    ? parts.join('; ')
    : 'no operation or schema of the contract changed its own text since it was generated: the difference comes from what they refer to (parameters, responses), how the code is generated (targets, options, the version of specforge) or a hand edit';
}
