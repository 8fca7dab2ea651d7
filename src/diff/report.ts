/**
 * Diff runs as the commands use them: two files, or every contract of the config against its
 * version at a git revision; changes turned into findings on the head contract, accepted changes
 * reported as info.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { ContractError } from '../contract/errors.js';
import { buildModel, type ContractModel } from '../contract/model.js';
import { displayPath } from '../contract/resolve.js';
import { loadConfig } from '../config/config.js';
import type { Finding } from '../report/findings.js';
import { accepts, loadAcceptFile, type AcceptEntry } from './accept.js';
import { changeKey, emitterFor, type DiffChange } from './change.js';
import { applyToChanges, type ReviewPolicy } from './policy.js';
import { headLocation, sortFindings, toFinding } from './diff.js';
import { checkoutSpecFolder, resolveRevision } from '../contract/git-base.js';
import { diffModels, type DiffOptions } from './operations.js';

export interface DiffReport {
  findings: Finding[];
  /** Entries of the accept file that matched no change. */
  unusedAccepted: AcceptEntry[];
}

interface Compared {
  head: ContractModel;
  changes: DiffChange[];
  base?: ContractModel;
  /** The repository path of a base file (base revisions are read from a temporary copy). */
  baseFile?: (path: string) => string;
}

/** Base models are cached apart from head models of the same content: their files live elsewhere. */
async function loadBase(path: string): Promise<ContractModel> {
  return buildModel(path, { api: `base:${basename(dirname(path))}` });
}

function findingsOf(compared: Compared[], cwd: string, accepted: AcceptEntry[]): DiffReport {
  const used = new Set<AcceptEntry>();
  const findings: Finding[] = [];
  for (const { head, changes, base, baseFile } of compared) {
    const spec = displayPath(head.loaded.entry.path, cwd);
    // One change of a shared schema reaches every operation that uses it: the same difference of
    // the same pair of schemas becomes one finding that names the other operations.
    const byPlace = new Map<string, { finding: Finding; label: string; operations: string[] }>();
    for (const change of changes) {
      const location =
        change.basePointer !== undefined && base ? baseLocation(base, change.basePointer, cwd, baseFile) : headLocation(head, change.pointer, cwd);
      const finding = toFinding(change, location);
      const entry = accepted.find((e) => accepts(e, { change, spec, ...(location.pointer !== undefined ? { filePointer: location.pointer } : {}) }));
      if (entry) {
        used.add(entry);
        finding.level = 'info';
        finding.message = `accepted: ${finding.message}${entry.reason ? ` (${entry.reason})` : ''}`;
      }
      // Accepted and not accepted occurrences of one change stay apart: they are reported at different levels.
      const key = change.identity === undefined ? undefined : `${changeKey(change, 0)}|${finding.level}`;
      const label = change.operation ? `${change.operation.method.toUpperCase()} ${change.operation.path}` : (change.path ?? change.message);
      const known = key === undefined ? undefined : byPlace.get(key);
      if (!known) {
        if (key !== undefined) byPlace.set(key, { finding, label, operations: [label] });
        findings.push(finding);
        continue;
      }
      if (!known.operations.includes(label)) known.operations.push(label);
      // The finding shows the operation that reaches the change by the shortest way.
      if (finding.message.length < known.finding.message.length) {
        known.finding.message = finding.message;
        known.label = label;
      }
    }
    for (const { finding, label, operations } of byPlace.values()) {
      const others = operations.filter((o) => o !== label);
      if (others.length === 0) continue;
      const shown = others.slice(0, 5).join(', ');
      finding.message += ` (also ${others.length === 1 ? 'in' : `in ${others.length} other operations:`} ${shown}${others.length > 5 ? ', ...' : ''})`;
    }
  }
  return { findings: sortFindings(findings), unusedAccepted: accepted.filter((e) => !used.has(e)) };
}

/** Where a removed item stood in the base: its own line (a removed path, not the head's `paths` key). */
function baseLocation(base: ContractModel, pointer: string, cwd: string, baseFile: ((path: string) => string) | undefined): Finding['location'] {
  const loc = base.loaded.locate(pointer);
  const file = base.loaded.files.find((f) => f.display === loc.file);
  const out: Finding['location'] = { file: file ? displayPath(baseFile ? baseFile(file.path) : file.path, cwd) : loc.file };
  if (loc.line !== undefined) {
    out.line = loc.line;
    out.column = loc.col ?? 1;
  }
  if (loc.pointer !== undefined) out.pointer = loc.pointer;
  return out;
}

function acceptedOf(cwd: string, acceptFile: string | undefined): AcceptEntry[] {
  return acceptFile ? loadAcceptFile(resolve(cwd, acceptFile), cwd) : [];
}

/**
 * Every change between two versions of one contract, with both models: what `specforge changelog`
 * reads. `base` is undefined when the contract did not exist at the base revision (the changes are
 * then one `spec-added`).
 */
export interface ContractChanges {
  base?: ContractModel;
  /** The repository path of a file of `base` (read from a temporary copy of the revision). */
  baseFile?: (path: string) => string;
  head: ContractModel;
  changes: DiffChange[];
}

/** The changes between two contract files, with both models; the policy's overrides and filters applied. */
export async function changesOfFiles(
  basePath: string,
  headPath: string,
  options: { cwd: string; policy?: ReviewPolicy } & DiffOptions,
): Promise<ContractChanges> {
  const head = await buildModel(resolve(options.cwd, headPath));
  const base = await loadBase(resolve(options.cwd, basePath));
  return { base, head, changes: applyToChanges(diffModels(base, head, options), options.policy ?? {}) };
}

/** `specforge diff <base> <head>`: two contract files. */
export async function diffFiles(
  basePath: string,
  headPath: string,
  options: { cwd: string; accept?: string; policy?: ReviewPolicy } & DiffOptions,
): Promise<DiffReport> {
  const accepted = acceptedOf(options.cwd, options.accept);
  const { base, head, changes } = await changesOfFiles(basePath, headPath, options);
  return findingsOf([{ head, changes, ...(base ? { base } : {}) }], options.cwd, accepted);
}

export interface RevisionDiffOptions extends DiffOptions {
  cwd: string;
  /** Git revision to compare with. */
  ref: string;
  /** Contracts to compare (default: every contract of the config). */
  specs?: string[];
  config?: string;
  accept?: string;
  /** Severity overrides and path filters over the changes. */
  policy?: ReviewPolicy;
}

/** Problems in a base contract name the revision and the path in the repository, not the temporary copy. */
export function renameBaseFiles(err: ContractError, tmp: string, ref: string): ContractError {
  const prefix = displayPath(tmp);
  return new ContractError(
    err.diagnostics.map((d) => {
      if (!d.location || !d.location.file.startsWith(prefix)) return d;
      return { ...d, location: { ...d.location, file: `${ref}:${d.location.file.slice(prefix.length + 1)}` } };
    }),
  );
}

/**
 * Each contract (those named, else every contract of the config) against its version at a git
 * revision, with both models.
 */
export async function changesSinceRevision(options: Omit<RevisionDiffOptions, 'accept'>): Promise<ContractChanges[]> {
  const { cwd, ref } = options;
  const rev = resolveRevision(cwd, ref);
  const specs =
    options.specs && options.specs.length > 0 ? options.specs.map((s) => resolve(cwd, s)) : loadConfig(cwd, options.config).specs.map((e) => e.path);
  const compared: ContractChanges[] = [];
  for (const spec of specs) {
    const head = await buildModel(spec);
    const tmp = mkdtempSync(join(tmpdir(), 'specforge-diff-'));
    try {
      const basePath = checkoutSpecFolder(rev, spec, tmp);
      if (basePath === undefined) {
        const changes: DiffChange[] = [];
        emitterFor(changes)('spec-added', '', `${displayPath(spec, cwd)} is new: it does not exist at ${ref}`);
        compared.push({ head, changes });
        continue;
      }
      let base: ContractModel;
      try {
        base = await loadBase(basePath);
      } catch (err) {
        throw err instanceof ContractError ? renameBaseFiles(err, tmp, ref) : err;
      }
      const copy = tmp;
      const baseFile = (path: string): string => (path.startsWith(copy + sep) ? join(rev.root, relative(copy, path)) : path);
      compared.push({ base, head, baseFile, changes: applyToChanges(diffModels(base, head, options), options.policy ?? {}) });
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  return compared;
}

/** `specforge diff --base <ref>`: each contract against its version at a git revision. */
export async function diffRevision(options: RevisionDiffOptions): Promise<DiffReport> {
  const accepted = acceptedOf(options.cwd, options.accept);
  const revision = {
    cwd: options.cwd,
    ref: options.ref,
    ...(options.specs ? { specs: options.specs } : {}),
    ...(options.config !== undefined ? { config: options.config } : {}),
    ...(options.deprecationDays !== undefined ? { deprecationDays: options.deprecationDays } : {}),
    ...(options.now !== undefined ? { now: options.now } : {}),
    ...(options.policy !== undefined ? { policy: options.policy } : {}),
  };
  return findingsOf(await changesSinceRevision(revision), options.cwd, accepted);
}
