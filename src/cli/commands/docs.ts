/**
 * `specforge docs`: a static docs site in dist/docs/ with a page per contract, command-line
 * references, changelogs since a git revision (--changelog-base) and an index.
 */
import { resolve } from 'node:path';
import { displayPath } from '../../contract/resolve.js';
import { buildDocs, DOCS_RENDERERS, type DocsRenderer, type DocsSpec } from '../../docs/build.js';
import { contractChangelog } from '../../diff/changelog.js';
import { changesSinceRevision } from '../../diff/report.js';
import { loadConfig } from '../../pipeline/config.js';
import { EXIT_OK } from '../errors.js';
import { terminalText } from '../../report/terminal.js';
import { ContractError, UsageError, type Diagnostic } from '../../contract/errors.js';
import { buildModel } from '../../contract/model.js';
import { strictFlag } from '../format-option.js';
import { planValidators, strictReport } from '../../contract/tables/validators.js';

export interface DocsOptions {
  cwd?: string;
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

export async function runDocs(options: DocsOptions): Promise<number> {
  const cwd = options.cwd ?? process.cwd();
  const write = options.write ?? ((t: string) => process.stdout.write(t));
  const strict = strictFlag(options.strict);
  const renderer = (options.renderer ?? 'static') as DocsRenderer;
  if (!DOCS_RENDERERS.includes(renderer)) throw new UsageError(`--renderer must be ${DOCS_RENDERERS.join(' or ')}, not ${JSON.stringify(options.renderer)}`);
  const config = loadConfig(cwd, options.config);
  const out = resolve(cwd, options.out ?? 'dist/docs');
  // The same strictness as generate: published docs of a contract its own level refuses would mislead.
  const refused: Diagnostic[] = [];
  for (const s of config.specs) {
    const level = strict ?? s.strict;
    if (level === false) continue;
    const model = await buildModel(s.path, { api: s.api });
    refused.push(...strictReport(model, planValidators(model), level).errors);
  }
  if (refused.length > 0) throw new ContractError(refused);
  const specs: DocsSpec[] = config.specs.map((s) => ({ path: s.path, api: s.api, out: s.out }));
  // The flag, else the config's docs.changelogBase; the changes are judged with the config's diff.deprecationDays.
  const changelogBase = options.changelog === false ? undefined : (options.changelogBase ?? config.docs.changelogBase);
  if (changelogBase !== undefined) {
    // Compared before anything is written: a revision that does not exist is a usage error.
    const ref = changelogBase;
    const days = config.diff.deprecationDays;
    const compared = await changesSinceRevision({ cwd, ref, specs: config.specs.map((s) => s.path), ...(days !== undefined ? { deprecationDays: days } : {}) });
    compared.forEach((c, i) => {
      const spec = specs[i] as DocsSpec;
      spec.changelog = contractChangelog({ ...c, path: spec.path, since: ref }, cwd);
    });
  }
  const pages = await buildDocs(specs, out, { renderer, ...(config.docs.theme !== undefined ? { theme: config.docs.theme } : {}) });
  for (const p of pages) {
    write(terminalText(`${displayPath(resolve(out, p.file), cwd)}: ${p.title} ${p.version}, ${p.operations} operations`) + '\n');
    if (p.cli !== undefined) write(terminalText(`${displayPath(resolve(out, p.cli), cwd)}: command-line reference of ${p.title}`) + '\n');
    if (p.changelog !== undefined) write(terminalText(`${displayPath(resolve(out, p.changelog), cwd)}: changes of ${p.title} since ${changelogBase ?? ''}`) + '\n');
  }
  write(`${displayPath(resolve(out, 'index.html'), cwd)}: index of ${pages.length} contract(s)\n`);
  return EXIT_OK;
}
