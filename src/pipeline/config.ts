/** specforge.config.yaml: which contracts to generate, where, and how strictly. */
import { dirname, relative, resolve, sep } from 'node:path';
import { ContractError } from '../contract/errors.js';
import { isRecord } from '../contract/pointer.js';
import { DEFAULT_STRICT, type StrictLevel } from '../runtime/validation/ajv.js';
import { DEFAULT_TARGETS, KNOWN_TARGETS, type Target } from '../../generators/targets.js';
import { parseTestSettings, TEST_KEYS, TOKEN_KEYS, TOKEN_LOGIN_KEYS, TOKEN_OAUTH2_KEYS, type TestSettings } from './test-settings.js';
export type { TestSettings, TokenSettings } from './test-settings.js';
import type { DeferValidators } from '../../generators/context.js';
import type { DocsTheme } from '../docs/site/style.js';
import { CONFIG_FILE, findConfig, readScriptConfig, readYamlConfig, unknownKeys, type Locate } from './config-files.js';
import { DIFF_KEYS, DOCS_KEYS, parseDiffSettings, parseDocsSettings, parseLint, shownValue, type DiffSettings, type DocsSettings, type LintRuleSetting, type SeverityOverride } from './config-sections.js';

export { CONFIG_FILE, CONFIG_FILES, findConfig } from './config-files.js';
export type { DiffSettings, DocsSettings, LintRuleSetting, SeverityOverride } from './config-sections.js';
import type { SplitMode } from './split.js';

export interface SpecEntry {
  /** Absolute path of the contract's entry file. */
  path: string;
  /** Absolute output folder for this contract. */
  out: string;
  api: string;
  targets: Target[];
  strict: StrictLevel;
  /** Validators compiled on first use instead of ahead of time (see DeferValidators). */
  deferUnused?: DeferValidators;
  /** `split: tag`: one folder of generated code per tag (split.ts); absent or `none`: one folder. */
  split?: SplitMode;
  /** Lint rules of this contract over the built-in ruleset: a severity or Redocly rule settings per rule name. */
  lint?: Record<string, LintRuleSetting>;
  /** OpenAPI Overlay 1.0 files (absolute paths) applied to the contract when it is loaded, in order. */
  overlays?: string[];
  /** The contract's error shape, standing for its x-specforge-error (`errors:`). */
  errors?: Record<string, unknown>;
  /** Settings of `specforge test` for this contract (flags given on the command line win). */
  test?: TestSettings;
  /**
   * The folder of the config that lists the contract: generated files name the contract relative to
   * it, so they are the same bytes from whichever subfolder a command runs.
   */
  root?: string;
}
export interface SpecforgeConfig {
  /** Folder of the config file: relative paths are resolved against it. */
  root: string;
  file?: string;
  specs: SpecEntry[];
  /** Shell commands run from `root` after generate wrote files, each with the written paths appended. */
  afterWrite: string[];
  /** `diff:`: settings of diff, review and changelog ({} when unset). */
  diff: DiffSettings;
  /** `docs:`: settings of docs ({} when unset). */
  docs: DocsSettings;
}

/**
 * specforge.config.ts (or .js) as its author writes it: `export default defineConfig({ ... })`.
 * The same keys as specforge.config.yaml.
 */
export interface ConfigFile {
  /** Folder generated code goes to, `<output>/<api>` per contract (default "generated"). */
  output?: string;
  /** Settings of every contract that does not set its own. */
  defaults?: { targets?: Target[]; strict?: StrictLevel; deferUnusedValidators?: DeferValidators; split?: SplitMode; lint?: Record<string, LintRuleSetting> };
  /** Commands run after generate wrote files, each with the written paths appended (a formatter). */
  hooks?: { afterWrite?: string[] };
  /** Settings of specforge diff, review and changelog (a flag given wins); `accept` is relative to the config's folder. */
  diff?: { deprecationDays?: number; failOn?: 'breaking' | 'warning'; accept?: string; severity?: Record<string, SeverityOverride>; matchPath?: string; unmatchPath?: string };
  /** Settings of specforge docs (a flag given wins). */
  docs?: { changelogBase?: string; theme?: DocsTheme; versions?: Record<string, Array<string | { ref?: string; file?: string; label?: string }>> };
  specs: Array<
    | string
    | {
        path: string;
        /** Name of the contract (default: the name of its folder). */
        api?: string;
        /** Output folder (default `<output>/<api>`). */
        out?: string;
        targets?: Target[];
        strict?: StrictLevel;
        deferUnusedValidators?: DeferValidators;
        /** `tag`: one folder per tag (operations without one in `default/`, component types in `shared/`). */
        split?: SplitMode;
        lint?: Record<string, LintRuleSetting>;
        test?: TestSettings;
      }
  >;
}

/** True when `inner` is `outer` or a folder inside it. */
function within(outer: string, inner: string): boolean {
  return inner === outer || inner.startsWith(outer.endsWith(sep) ? outer : outer + sep);
}

/**
 * Two contracts whose output folders are one folder, or one inside the other, would overwrite (or
 * remove) each other's files: an error at the second entry, naming both contracts and the folder.
 */
function outputCollision(specs: readonly SpecEntry[], raw: readonly unknown[], locate: Locate, file: string): ContractError | undefined {
  const diagnostics = [];
  const shown = (p: string): string => relative(dirname(file), p).split(sep).join('/') || '.';
  for (let j = 1; j < specs.length; j++) {
    const b = specs[j] as SpecEntry;
    for (let i = 0; i < j; i++) {
      const a = specs[i] as SpecEntry;
      const same = a.out === b.out;
      if (!same && !within(a.out, b.out) && !within(b.out, a.out)) continue;
      const entry = raw[j];
      const pos = isRecord(entry) ? locate(['specs', j], typeof entry['out'] === 'string' ? 'out' : typeof entry['api'] === 'string' ? 'api' : 'path') : locate(['specs', j]);
      const how = same ? `both write to ${shown(a.out)}` : `write to ${shown(a.out)} and ${shown(b.out)}, one folder inside the other`;
      diagnostics.push({
        code: 'SPECFORGE_CONFIG' as const,
        severity: 'error' as const,
        message: `specs[${i}] (${shown(a.path)}) and specs[${j}] (${shown(b.path)}) ${how}: one would overwrite or remove the other's generated files`,
        location: { file, ...(pos ? { line: pos.line, col: pos.col } : {}) },
        hint: 'give one of them its own "api:" (output folder <output>/<api>) or "out:"',
      });
    }
  }
  return diagnostics.length > 0 ? new ContractError(diagnostics) : undefined;
}

function apiNameOf(specPath: string): string {
  return dirname(specPath).split(/[\\/]/).pop() ?? 'api';
}

export function parseTargets(raw: unknown, where: string): Target[] {
  if (raw === undefined) return [...DEFAULT_TARGETS];
  const list = typeof raw === 'string' ? raw.split(',').map((s) => s.trim()) : raw;
  if (!Array.isArray(list) || list.length === 0) throw ContractError.single('SPECFORGE_CONFIG', `${where}: targets must be a list of ${KNOWN_TARGETS.join(', ')}`, { file: where });
  for (const t of list) {
    if (!(KNOWN_TARGETS as readonly unknown[]).includes(t)) {
      throw ContractError.single('SPECFORGE_CONFIG', `${where}: unknown target "${String(t)}"; known targets: ${KNOWN_TARGETS.join(', ')}`, { file: where });
    }
  }
  // Generated files import their siblings: the SDK the types, react-query the SDK, msw the server's api.ts, mock tables and validators.
  const needs: Array<[Target, Target[]]> = [['sdk', ['types']], ['react-query', ['sdk', 'types']], ['msw', ['server', 'mocks', 'validators']]];
  for (const [target, wanted] of needs) {
    const missing = wanted.filter((w) => list.includes(target) && !list.includes(w));
    if (missing.length > 0) {
      throw ContractError.single('SPECFORGE_CONFIG', `${where}: target "${target}" needs ${missing.map((m) => `"${m}"`).join(' and ')} too (its file imports theirs); add ${missing.length > 1 ? 'them' : 'it'} to targets`, { file: where });
    }
  }
  return list as Target[];
}

/** A contract's `strict:` (or the config's default); unset is DEFAULT_STRICT (false: warnings, not failures). */
function parseStrict(raw: unknown, where: string): StrictLevel {
  if (raw === undefined) return DEFAULT_STRICT;
  if (raw === true || raw === false || raw === 'schema') return raw;
  throw ContractError.single('SPECFORGE_CONFIG', `${where}: strict must be true, false or "schema"`, { file: where });
}

function parseDefer(raw: unknown, where: string): DeferValidators {
  if (raw === undefined || raw === 'auto') return 'auto';
  if (raw === true || raw === false || raw === 'all') return raw;
  throw ContractError.single('SPECFORGE_CONFIG', `${where}: deferUnusedValidators must be true, false, "all" or "auto"`, { file: where });
}
/** The keys the config knows, by place: an unknown key is an error at its line (a typo must not be ignored). */
const KNOWN_KEYS: Record<'root' | 'hooks' | 'defaults' | 'spec', readonly string[]> = {
  root: ['output', 'defaults', 'specs', 'hooks', 'diff', 'docs'],
  hooks: ['afterWrite'],
  defaults: ['targets', 'strict', 'deferUnusedValidators', 'split', 'lint'],
  spec: ['path', 'api', 'out', 'targets', 'strict', 'deferUnusedValidators', 'split', 'lint', 'test', 'overlays', 'errors'],
};
/** Reads specforge.config.yaml (see findConfig, or `file`), refusing unknown keys with their location. */
export function loadConfig(cwd = process.cwd(), file?: string): SpecforgeConfig {
  const path = findConfig(cwd, file);
  if (path === undefined) {
    throw ContractError.single('SPECFORGE_CONFIG', `no ${file ?? CONFIG_FILE} in ${cwd}${file === undefined || file === CONFIG_FILE ? ' or a folder above it' : ''}`, { file: resolve(cwd, file ?? CONFIG_FILE) }, 'create one that lists your contracts, or pass --spec');
  }
  const { raw, locate } = /\.ya?ml$/i.test(path) ? readYamlConfig(path) : readScriptConfig(path);
  if (!isRecord(raw) || !Array.isArray(raw['specs'])) {
    throw ContractError.single('SPECFORGE_CONFIG', 'expected a mapping with a "specs" list', { file: path });
  }
  const problems = [
    unknownKeys(raw, locate, path, [], KNOWN_KEYS.root),
    unknownKeys(raw, locate, path, ['defaults'], KNOWN_KEYS.defaults),
    unknownKeys(raw, locate, path, ['hooks'], KNOWN_KEYS.hooks),
    unknownKeys(raw, locate, path, ['diff'], DIFF_KEYS),
    unknownKeys(raw, locate, path, ['docs'], DOCS_KEYS),
  ];
  raw['specs'].forEach((e, i) => {
    problems.push(unknownKeys(raw, locate, path, ['specs', i], KNOWN_KEYS.spec));
    if (isRecord(e) && isRecord(e['test'])) {
      problems.push(unknownKeys(raw, locate, path, ['specs', i, 'test'], TEST_KEYS));
      // test.token and its login and oauth2 mappings: a misspelt key (clientIdENV) must not be ignored.
      problems.push(unknownKeys(raw, locate, path, ['specs', i, 'test', 'token'], TOKEN_KEYS));
      problems.push(unknownKeys(raw, locate, path, ['specs', i, 'test', 'token', 'login'], TOKEN_LOGIN_KEYS));
      problems.push(unknownKeys(raw, locate, path, ['specs', i, 'test', 'token', 'oauth2'], TOKEN_OAUTH2_KEYS));
    }
  });
  const found = problems.flatMap((p) => p?.diagnostics ?? []);
  if (found.length > 0) throw new ContractError(found);
  const root = dirname(path);
  const output = typeof raw['output'] === 'string' ? raw['output'] : 'generated';
  const defaults = isRecord(raw['defaults']) ? raw['defaults'] : {};
  const defaultLint = parseLint(defaults['lint'], `${path} defaults`);
  const specs = raw['specs'].map((entry, i): SpecEntry => {
    const e = typeof entry === 'string' ? { path: entry } : entry;
    if (!isRecord(e) || typeof e['path'] !== 'string') {
      throw ContractError.single('SPECFORGE_CONFIG', `specs[${i}] needs a "path"`, { file: path });
    }
    const specPath = resolve(root, e['path']);
    const api = typeof e['api'] === 'string' ? e['api'] : apiNameOf(specPath);
    const spec: SpecEntry = {
      root,
      path: specPath,
      api,
      out: resolve(root, typeof e['out'] === 'string' ? e['out'] : `${output}/${api}`),
      targets: parseTargets(e['targets'] ?? defaults['targets'], `${path} specs[${i}]`),
      strict: parseStrict(e['strict'] ?? defaults['strict'], `${path} specs[${i}]`),
      deferUnused: parseDefer(e['deferUnusedValidators'] ?? defaults['deferUnusedValidators'], `${path} specs[${i}]`),
    };
    const split = e['split'] ?? defaults['split'];
    if (split !== undefined && split !== 'none' && split !== 'tag') {
      const pos = e['split'] !== undefined ? locate(['specs', i], 'split') : locate(['defaults'], 'split');
      throw ContractError.single('SPECFORGE_CONFIG', `${e['split'] !== undefined ? `specs[${i}]` : 'defaults'}.split must be tag or none, not ${shownValue(split)}`, { file: path, ...(pos ? { line: pos.line, col: pos.col } : {}) }, 'split: tag writes one folder of generated code per tag');
    }
    if (split === 'tag') spec.split = 'tag';
    // The contract's own rule settings win over the defaults' rule by rule.
    const own = parseLint(e['lint'], `${path} specs[${i}]`);
    const lint = defaultLint || own ? { ...defaultLint, ...own } : undefined;
    if (lint) spec.lint = lint;
    const overlays = e['overlays'];
    if (overlays !== undefined) {
      if (!Array.isArray(overlays) || !overlays.every((o) => typeof o === 'string' && o !== '')) {
        const pos = locate(['specs', i], 'overlays');
        throw ContractError.single('SPECFORGE_CONFIG', `specs[${i}].overlays must be a list of Overlay files`, { file: path, ...(pos ? { line: pos.line, col: pos.col } : {}) }, 'e.g. overlays: [vendor/fixes.overlay.yaml] (paths relative to the config)');
      }
      spec.overlays = overlays.map((o) => resolve(root, o as string));
    }
    const errors = e['errors'];
    if (errors !== undefined) {
      const schema = isRecord(errors) ? errors['schema'] : undefined;
      if (!isRecord(errors) || !(typeof schema === 'string' || isRecord(schema)) || (errors['fields'] !== undefined && !isRecord(errors['fields']))) {
        const pos = locate(['specs', i], 'errors');
        throw ContractError.single('SPECFORGE_CONFIG', `specs[${i}].errors must be a mapping with a schema (a $ref into the contract, or a schema) and fields, as x-specforge-error`, { file: path, ...(pos ? { line: pos.line, col: pos.col } : {}) }, "e.g. errors: { schema: '#/components/schemas/Error', fields: { message: /errors/0/message } }");
      }
      spec.errors = errors;
    }
    const test = parseTestSettings(e['test'], `${path} specs[${i}]`, locate, ['specs', i, 'test'], path);
    if (test) spec.test = test;
    return spec;
  });
  const collision = outputCollision(specs, raw['specs'] as unknown[], locate, path);
  if (collision) throw collision;
  const hooks = raw['hooks'];
  const afterWrite = isRecord(hooks) ? hooks['afterWrite'] : undefined;
  if ((hooks !== undefined && !isRecord(hooks)) || (afterWrite !== undefined && !(Array.isArray(afterWrite) && afterWrite.every((c) => typeof c === 'string' && c.trim() !== '')))) {
    const pos = afterWrite === undefined ? locate([], 'hooks') : locate(['hooks'], 'afterWrite');
    throw ContractError.single('SPECFORGE_CONFIG', 'hooks.afterWrite must be a list of commands', { file: path, ...(pos ? { line: pos.line, col: pos.col } : {}) }, 'e.g. hooks: { afterWrite: ["npx prettier --write"] }');
  }
  const diff = parseDiffSettings(raw, locate, path);
  const docs = parseDocsSettings(raw, locate, path);
  for (const api of Object.keys(docs.versions ?? {})) {
    if (specs.some((s) => s.api === api)) continue;
    const pos = locate(['docs', 'versions'], api);
    throw ContractError.single('SPECFORGE_CONFIG', `docs.versions names "${api}", which is not a contract of the config (${specs.map((s) => s.api).join(', ')})`, { file: path, ...(pos ? { line: pos.line, col: pos.col } : {}) }, 'key docs.versions by the contracts\' names (their api:)');
  }
  return { root, file: path, specs, afterWrite: (afterWrite as string[] | undefined) ?? [], diff, docs };
}

/**
 * The `diff:` settings of the config, for a command that may run without one (`specforge diff
 * <base> <head>`): {} when no config is found; a config named with `--config` must exist.
 */
export function diffSettingsFor(cwd = process.cwd(), file?: string): DiffSettings {
  if ((file === undefined || file === CONFIG_FILE) && findConfig(cwd, file) === undefined) return {};
  return loadConfig(cwd, file).diff;
}

/**
 * The entry of the config that lists the contract at `specPath` (matched by resolved path), when
 * the config file exists. Commands given a contract by path use it for the contract's settings
 * (strict level, lint rules, targets); a contract the config does not list gets the defaults of
 * the code, not the config's `defaults:`, which apply to the contracts it lists.
 */
export function configEntryFor(specPath: string, cwd = process.cwd(), file?: string): SpecEntry | undefined {
  if (findConfig(cwd, file) === undefined) return undefined;
  const path = resolve(cwd, specPath);
  return loadConfig(cwd, file).specs.find((e) => e.path === path);
}
