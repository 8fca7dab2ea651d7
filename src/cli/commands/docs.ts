/**
 * `specforge docs [specs...]`: a static docs site in dist/docs/ with a page per contract (those
 * named on the command line, else every contract of the config), command-line references,
 * changelogs since a git revision (--changelog-base) and an index.
 */
import { basename, dirname, resolve } from 'node:path';
import { displayPath } from '../../contract/resolve.js';
import { buildDocs, DOCS_RENDERERS, type DocsRenderer, type DocsSpec } from '../../docs/build.js';
import { contractChangelog } from '../../diff/changelog.js';
import { policyOf } from '../../diff/policy.js';
import { changesSinceRevision } from '../../diff/report.js';
import { loadDocsVersions } from '../../docs/versions.js';
import { CONFIG_FILE, findConfig, loadConfig, type SpecEntry, type SpecforgeConfig } from '../../config/config.js';
import { DEFAULT_STRICT } from '../../runtime/validation/ajv.js';
import { EXIT_OK } from '../errors.js';
import { terminalText } from '../../report/terminal.js';
import { ContractError, UsageError, type Diagnostic } from '../../contract/errors.js';
import { buildModel } from '../../contract/model.js';
import { strictFlag } from '../format-option.js';
import { planValidators, strictReport } from '../../contract/tables/validators.js';

export interface DocsOptions {
  cwd?: string;
  /** Contracts to publish (paths from cwd); default: every contract of the config. */
  specs?: string[];
  config?: string;
  out?: string;
  /** true, false or schema: over each contract's strict level; a level that refuses a schema fails as generate would. */
  strict?: string;
  /**
   * Publish each contract's changelog since this git revision beside its page (`<api>/changelog.html`
   * and `.md`); default: the config's docs.changelogBase, else none.
   */
  changelogBase?: string;
  /** false (`--no-changelog`): publish no changelog, whatever docs.changelogBase says (a shallow clone without that revision). */
  changelog?: boolean;
  /** static (specforge's own pages, the default) or redocly (Redocly's build-docs page per contract). */
  renderer?: string;
  write?: (text: string) => void;
}

type DocsEntry = Pick<SpecEntry, 'path' | 'api' | 'strict'> & { out?: string };

/**
 * The contracts to publish: those named, each with its config entry's settings when the config
 * lists it (else named after its folder, as `generate --spec` does, at the default strict level),
 * or every contract of the config. The config, when there is one, also gives docs.changelogBase
 * and diff.deprecationDays; naming contracts needs none.
 */
function docsEntries(cwd: string, options: DocsOptions): { entries: DocsEntry[]; config?: SpecforgeConfig } {
  if (!options.specs || options.specs.length === 0) {
    if (findConfig(cwd, options.config) === undefined)
      throw new UsageError(`name the contracts to publish: specforge docs <spec...> (or list them in ${options.config ?? CONFIG_FILE})`);
    const config = loadConfig(cwd, options.config);
    return { config, entries: config.specs };
  }
  const config = findConfig(cwd, options.config) !== undefined ? loadConfig(cwd, options.config) : undefined;
  const entries = options.specs.map((s): DocsEntry => {
    const path = resolve(cwd, s);
    return config?.specs.find((e) => e.path === path) ?? { path, api: basename(dirname(path)) || 'api', strict: DEFAULT_STRICT };
  });
  return config ? { config, entries } : { entries };
}

export async function runDocs(options: DocsOptions): Promise<number> {
  const cwd = options.cwd ?? process.cwd();
  const write = options.write ?? ((t: string) => process.stdout.write(t));
  const strict = strictFlag(options.strict);
  const renderer = (options.renderer ?? 'static') as DocsRenderer;
  if (!DOCS_RENDERERS.includes(renderer)) throw new UsageError(`--renderer must be ${DOCS_RENDERERS.join(' or ')}, not ${JSON.stringify(options.renderer)}`);
  const { config, entries } = docsEntries(cwd, options);
  const out = resolve(cwd, options.out ?? 'dist/docs');
  // Every contract is loaded before anything is written (one that does not exist or does not parse
  // is its located error), and judged as generate would: published docs of a contract its own level
  // refuses would mislead.
  const refused: Diagnostic[] = [];
  const specs: DocsSpec[] = [];
  for (const s of entries) {
    const level = strict ?? s.strict;
    const model = await buildModel(s.path, { api: s.api });
    if (level !== false) refused.push(...strictReport(model, planValidators(model), level).errors);
    // The model goes on to the pages: the contract is not loaded and parsed a second time.
    specs.push({ path: s.path, api: s.api, model, ...(s.out !== undefined ? { out: s.out } : {}) });
  }
  if (refused.length > 0) throw new ContractError(refused);
  // The flag, else the config's docs.changelogBase; the changes are judged with the config's diff:
  // settings (deprecationDays, severity overrides, path filters), as changelog and review judge them.
  const changelogBase = options.changelog === false ? undefined : (options.changelogBase ?? config?.docs.changelogBase);
  if (changelogBase !== undefined) {
    // Compared before anything is written: a revision that does not exist is a usage error.
    const ref = changelogBase;
    const days = config?.diff.deprecationDays;
    const policy = policyOf(cwd, config?.diff ?? {}, {});
    const compared = await changesSinceRevision({
      cwd,
      ref,
      specs: entries.map((s) => s.path),
      policy,
      ...(days !== undefined ? { deprecationDays: days } : {}),
    });
    compared.forEach((c, i) => {
      const spec = specs[i] as DocsSpec;
      spec.changelog = contractChangelog({ ...c, path: spec.path, since: ref }, cwd);
    });
  }
  // Earlier versions of a contract (docs.versions), each with its changes since the one before it;
  // the current version's changelog is against the newest of them unless a changelog base is set.
  const versions = config?.docs.versions ?? {};
  if (renderer === 'static') {
    const days = config?.diff.deprecationDays;
    const policy = policyOf(cwd, config?.diff ?? {}, {});
    for (const spec of specs) {
      const settings = versions[spec.api];
      if (settings === undefined || settings.length === 0) continue;
      const head = spec.model ?? (await buildModel(spec.path, { api: spec.api }));
      const loaded = await loadDocsVersions({
        cwd,
        spec: spec.path,
        api: spec.api,
        head,
        settings,
        policy,
        ...(days !== undefined ? { deprecationDays: days } : {}),
      });
      spec.versions = loaded.earlier;
      if (spec.changelog === undefined && changelogBase === undefined && options.changelog !== false && loaded.current !== undefined)
        spec.changelog = loaded.current;
    }
  } else if (Object.keys(versions).length > 0) {
    write('docs.versions: earlier versions are published by the static renderer only\n');
  }
  const pages = await buildDocs(specs, out, { renderer, ...(config?.docs.theme !== undefined ? { theme: config.docs.theme } : {}) });
  for (const p of pages) {
    write(terminalText(`${displayPath(resolve(out, p.file), cwd)}: ${p.title} ${p.version}, ${p.operations} operations`) + '\n');
    if (p.cli !== undefined) write(terminalText(`${displayPath(resolve(out, p.cli), cwd)}: command-line reference of ${p.title}`) + '\n');
    const since = changelogBase ?? p.versions?.at(-2)?.label ?? '';
    if (p.changelog !== undefined) write(terminalText(`${displayPath(resolve(out, p.changelog), cwd)}: changes of ${p.title} since ${since}`) + '\n');
    for (const v of p.versions?.slice(0, -1) ?? [])
      write(terminalText(`${displayPath(resolve(out, v.file), cwd)}: ${p.title} ${v.label} (earlier version)`) + '\n');
  }
  write(`${displayPath(resolve(out, 'index.html'), cwd)}: index of ${pages.length} contract(s)\n`);
  return EXIT_OK;
}
