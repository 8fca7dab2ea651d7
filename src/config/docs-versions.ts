/**
 * `docs.versions` in specforge.config.yaml: earlier versions of a contract published beside the
 * current one, per contract name: each a git revision of the same contract file (`v1.0.0`, or
 * `{ ref: v1.0.0, label: "1.0" }`) or another file (`{ file: old/openapi.yaml }`, from the config's
 * folder), listed oldest first. The label defaults to the contract's info.version in that version.
 */
import { resolve, dirname } from 'node:path';
import { ContractError } from '../contract/errors.js';
import { isRecord } from '../contract/pointer.js';

type Locate = (at: Array<string | number>, key?: string) => { line: number; col: number } | undefined;

/** One earlier version: a git revision of the contract's file, or another file (absolute). */
export type DocsVersionSetting = ({ ref: string } | { file: string }) & { label?: string };

export const VERSION_KEYS = ['ref', 'file', 'label'] as const;
const HINT = 'e.g. docs: { versions: { pets: [v1.0.0, { ref: v2.0.0, label: "2.0" }, { file: old/pets.yaml }] } }';

export function parseDocsVersions(value: unknown, locate: Locate, file: string): Record<string, DocsVersionSetting[]> {
  const at = (path: Array<string | number>, key?: string): { file: string; line?: number; col?: number } => {
    const pos = locate(path, key);
    return { file, ...(pos ? { line: pos.line, col: pos.col } : {}) };
  };
  const fail = (why: string, where: { file: string; line?: number; col?: number }): never => {
    throw ContractError.single('SPECFORGE_CONFIG', why, where, HINT);
  };
  if (!isRecord(value)) return fail('docs.versions must be a mapping of contract names to lists of earlier versions', at(['docs'], 'versions'));
  const out: Record<string, DocsVersionSetting[]> = {};
  for (const [api, list] of Object.entries(value)) {
    if (!Array.isArray(list))
      return fail(`docs.versions.${api} must be a list of earlier versions (git revisions or { ref | file, label })`, at(['docs', 'versions'], api));
    out[api] = list.map((item: unknown, i): DocsVersionSetting => {
      const where = at(['docs', 'versions', api, i]);
      if (typeof item === 'string' && item.trim() !== '' && !item.startsWith('-')) return { ref: item };
      if (!isRecord(item)) return fail(`docs.versions.${api}[${i}] must be a git revision or a mapping with ref or file (and a label)`, where);
      const unknown = Object.keys(item).find((k) => !(VERSION_KEYS as readonly string[]).includes(k));
      if (unknown !== undefined) return fail(`docs.versions.${api}[${i}] has no setting "${unknown}" (${VERSION_KEYS.join(', ')})`, where);
      const { ref, file: path, label } = item;
      if ((ref === undefined) === (path === undefined))
        return fail(`docs.versions.${api}[${i}] needs one of ref (a git revision) or file (a contract file)`, where);
      if (label !== undefined && (typeof label !== 'string' || label.trim() === '')) return fail(`docs.versions.${api}[${i}].label must be text`, where);
      const named = label !== undefined ? { label: (label as string).trim() } : {};
      if (ref !== undefined) {
        if (typeof ref !== 'string' || ref.trim() === '' || ref.startsWith('-'))
          return fail(`docs.versions.${api}[${i}].ref must be a git revision (a tag, a branch); quote a name YAML would read as a number`, where);
        return { ref, ...named };
      }
      if (typeof path !== 'string' || path.trim() === '') return fail(`docs.versions.${api}[${i}].file must be the path of a contract file`, where);
      return { file: resolve(dirname(file), path), ...named };
    });
  }
  return out;
}
