/**
 * The generated folder's manifest (`specforge-manifest.json`): the files specforge wrote there, the
 * targets that wrote them and a hash of each operation and schema. `check` finds from it the files a
 * contract no longer produces, on a fresh clone too, and names the operations and schemas that changed;
 * a run of `--targets` over a config's reads from it whether it may remove the files of a run before.
 */
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { KNOWN_TARGETS } from '../codegen/targets.js';
import type { GeneratedFile } from '../../generators/context.js';
import type { SpecEntry } from '../config/config.js';

/** The generated folder's own record of the files specforge wrote there, so `check` finds extra files on a fresh clone. */
export const MANIFEST = 'specforge-manifest.json';

/** A hash of each operation (by id) and named schema (by name) of the contract, as generated. */
export interface ContractUnits {
  operations: Record<string, string>;
  schemas: Record<string, string>;
}

/** What a folder's manifest says of the run that wrote it. */
export interface ManifestRecord {
  files: string[];
  /** The targets that wrote the files, when the manifest says. */
  targets?: string[];
}

/**
 * The files and targets a run leaves in the folder besides its own: given when the run may not
 * remove what the folder's previous run wrote (a `--targets` run of other targets than that run's).
 */
export interface KeptFiles {
  files: readonly string[];
  targets: readonly string[];
}

/**
 * The manifest of a run: the targets that wrote at least one file (a target that writes nothing for
 * the contract, such as cli for an HTTP interface, is not named, so listing it or not leaves the
 * folder as it is), and the files; with `kept`, those of the previous run that stay too.
 */
export function manifestFile(
  entry: SpecEntry,
  files: readonly GeneratedFile[],
  units: ContractUnits,
  wrote: readonly string[],
  kept?: KeptFiles,
): GeneratedFile {
  const manifest = {
    generatedBy:
      'specforge: do not edit; lists the files generated from the contract, so that `specforge check` finds files it no longer produces, and a hash of each operation and schema, so that it names those that changed',
    contract: contractLabel(entry.path, entry.root),
    targets: [...new Set([...wrote, ...(kept?.targets ?? [])])].sort(),
    files: [...new Set([...files.map((f) => f.path), ...(kept?.files ?? [])])].sort(),
    operations: units.operations,
    schemas: units.schemas,
  };
  return { path: MANIFEST, content: JSON.stringify(manifest, null, 2) + '\n' };
}

/**
 * How the generated files name their contract: its path relative to the config's folder, with `..`
 * where it lies outside (an installed vendor contract), so the bytes are the same in every checkout;
 * absolute only where no relative path leads to it (another drive).
 */
export function contractLabel(path: string, root = process.cwd()): string {
  const rel = relative(root, path);
  return (rel === '' || isAbsolute(rel) ? path : rel).split(sep).join('/');
}

export const strings = (list: unknown): string[] | undefined => (Array.isArray(list) ? list.filter((f): f is string => typeof f === 'string') : undefined);

/** The files a generated folder's manifest lists (none when it has no readable manifest), and the targets that wrote them when it says. */
export function readManifest(out: string): ManifestRecord {
  try {
    const parsed = JSON.parse(readFileSync(join(out, MANIFEST), 'utf8')) as { files?: unknown; targets?: unknown };
    const targets = strings(parsed.targets);
    return { files: strings(parsed.files) ?? [], ...(targets ? { targets } : {}) };
  } catch {
    return { files: [] };
  }
}

/**
 * What a run that may not remove the previous run's files keeps naming: those files still in the
 * folder that it does not produce itself (the manifest is untrusted input: a path outside the folder
 * is none of ours), and the previous run's targets that specforge knows.
 */
export function keptFiles(out: string, before: Iterable<string>, produced: ReadonlySet<string>, previousTargets: readonly string[] | undefined): KeptFiles {
  const files: string[] = [];
  for (const rel of before) {
    if (rel === MANIFEST || produced.has(rel)) continue;
    const abs = resolve(out, rel);
    if (abs.startsWith(out + sep) && existsSync(abs)) files.push(rel);
  }
  const known: readonly string[] = KNOWN_TARGETS;
  return { files, targets: (previousTargets ?? []).filter((t) => known.includes(t)) };
}
