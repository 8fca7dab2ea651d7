/**
 * Earlier versions of a contract published beside its current one (`docs.versions`): each read from
 * a git revision of the contract's file (as diff and changelog read a base) or from another file,
 * labelled (by default with its info.version), and compared with the version before it for its
 * changelog. Labels are untrusted text: pages escape them, and folder names are made from them by
 * versionFolder (letters, digits, ".", "_" and "-", unique).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ContractError, UsageError } from '../contract/errors.js';
import { buildModel, type ContractModel } from '../contract/model.js';
import { displayPath } from '../contract/resolve.js';
import { contractChangelog, type ContractChangelog } from '../diff/changelog.js';
import { checkoutSpecFolder, resolveRevision } from '../contract/git-base.js';
import { diffModels } from '../diff/operations.js';
import { applyToChanges, type ReviewPolicy } from '../diff/policy.js';
import { renameBaseFiles } from '../diff/report.js';
import type { DocsVersionSetting } from '../config/docs-versions.js';

/** An earlier version of a contract, ready to render. */
export interface DocsVersion {
  label: string;
  model: ContractModel;
  /** Its changes since the version before it (none for the oldest). */
  changelog?: ContractChangelog;
}

/** The folder name of a version from its label: lower-case letters, digits, ".", "_", "-"; unique among `used`. */
export function versionFolder(label: string, used: Set<string>): string {
  const base =
    label
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/[-._]{2,}/g, '-')
      .replace(/^[-._]+|[-._]+$/g, '')
      .slice(0, 60)
      .replace(/[-._]+$/, '') || 'version';
  let name = base;
  for (let i = 2; used.has(name); i++) name = `${base}-${i}`;
  used.add(name);
  return name;
}

async function loadVersion(
  cwd: string,
  spec: string,
  api: string,
  setting: DocsVersionSetting,
  index: number,
): Promise<{ model: ContractModel; source: string }> {
  const cacheKey = `version:${api}:${index}`;
  if ('file' in setting) return { model: await buildModel(setting.file, { api: cacheKey }), source: setting.file };
  const rev = resolveRevision(cwd, setting.ref);
  const tmp = mkdtempSync(join(tmpdir(), 'specforge-docs-version-'));
  try {
    const path = checkoutSpecFolder(rev, spec, tmp);
    if (path === undefined) throw new UsageError(`docs.versions: ${displayPath(spec, cwd)} does not exist at ${setting.ref}`);
    try {
      return { model: await buildModel(path, { api: cacheKey }), source: spec };
    } catch (err) {
      throw err instanceof ContractError ? renameBaseFiles(err, tmp, setting.ref) : err;
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * The earlier versions of the contract at `spec` (oldest first, as listed), each with its changelog
 * against the one before it, and the current version's changes since the newest of them.
 */
export async function loadDocsVersions(options: {
  cwd: string;
  spec: string;
  api: string;
  head: ContractModel;
  settings: readonly DocsVersionSetting[];
  policy: ReviewPolicy;
  deprecationDays?: number;
}): Promise<{ earlier: DocsVersion[]; current?: ContractChangelog }> {
  const { cwd } = options;
  const days = options.deprecationDays !== undefined ? { deprecationDays: options.deprecationDays } : {};
  const earlier: DocsVersion[] = [];
  let previous: { model: ContractModel; label: string } | undefined;
  const since = (path: string, head: ContractModel): ContractChangelog | undefined => {
    if (previous === undefined) return undefined;
    const changes = applyToChanges(diffModels(previous.model, head, days), options.policy);
    return contractChangelog({ path, base: previous.model, head, changes, since: previous.label }, cwd);
  };
  for (const [i, setting] of options.settings.entries()) {
    const { model, source } = await loadVersion(cwd, options.spec, options.api, setting, i);
    const label = setting.label ?? model.info.version;
    const changelog = since(source, model);
    earlier.push({ label, model, ...(changelog !== undefined ? { changelog } : {}) });
    previous = { model, label };
  }
  const current = since(options.spec, options.head);
  return { earlier, ...(current !== undefined ? { current } : {}) };
}
