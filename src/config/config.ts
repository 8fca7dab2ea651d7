/** specforge.config.yaml: which contracts to generate, where, and how strictly. */
import { readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { ContractError } from '../contract/errors.js';
import { isRecord } from '../contract/pointer.js';
import { DEFAULT_STRICT, type StrictLevel } from '../runtime/validation/ajv.js';
import { DEFAULT_TARGETS, KNOWN_TARGETS, type DeferValidators, type Target } from '../codegen/targets.js';
import { EXCLUDE_KEYS, parseTestSettings, TEST_KEYS, TOKEN_KEYS, TOKEN_LOGIN_KEYS, TOKEN_OAUTH2_KEYS, type TestSettings } from './test-settings.js';
export type { TestExclusion, TestSettings, TokenSettings } from './test-settings.js';
import type { DocsTheme } from './docs-theme.js';
import { fileAtRevision, type GitRevision } from '../contract/git-base.js';
import { CONFIG_FILE, CONFIG_FILES, findConfig, readIsolatedScriptConfig, readScriptConfig, readYamlConfig, unknownKeys, type Locate } from './config-files.js';
import {
  DIFF_KEYS,
  DOCS_KEYS,
  parseDiffSettings,
  parseDocsSettings,
  parseLint,
  shownValue,
  type DiffSettings,
  type DocsSettings,
  type LintRuleSetting,
  type SeverityOverride,
} from './config-sections.js';

export { CONFIG_FILE, CONFIG_FILES, findConfig } from './config-files.js';
export type { DiffSettings, DocsSettings, LintRuleSetting, SeverityOverride } from './config-sections.js';

/** How a contract's generated code is laid out: one folder (`none`) or one folder per tag (`tag`). */
export type SplitMode = 'none' | 'tag';

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
  /** `client: { dates: true }`: the generated clients read `format: date-time` answers as Date (dates.ts). */
  dates?: boolean;
  /** `emit: js`: generated modules as `.js` beside `.d.ts` (emit-js.ts); absent or `ts`: TypeScript. */
  emit?: 'ts' | 'js';
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
  defaults?: {
    targets?: Target[];
    strict?: StrictLevel;
    deferUnusedValidators?: DeferValidators;
    split?: SplitMode;
    emit?: 'ts' | 'js';
    lint?: Record<string, LintRuleSetting>;
  };
  /** Commands run after generate wrote files, each with the written paths appended (a formatter). */
  hooks?: { afterWrite?: string[] };
  /** Settings of specforge diff, review and changelog (a flag given wins); `accept` is relative to the config's folder. */
  diff?: {
    deprecationDays?: number;
    failOn?: 'breaking' | 'warning';
    accept?: string;
    severity?: Record<string, SeverityOverride>;
    matchPath?: string;
    unmatchPath?: string;
  };
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
        /** `js`: each generated module as `.js` and `.d.ts` (types.ts and zod.ts stay TypeScript). */
        emit?: 'ts' | 'js';
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
      const pos = isRecord(entry)
        ? locate(['specs', j], typeof entry['out'] === 'string' ? 'out' : typeof entry['api'] === 'string' ? 'api' : 'path')
        : locate(['specs', j]);
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
  if (!Array.isArray(list) || list.length === 0)
    throw ContractError.single('SPECFORGE_CONFIG', `${where}: targets must be a list of ${KNOWN_TARGETS.join(', ')}`, { file: where });
  for (const t of list) {
    if (!(KNOWN_TARGETS as readonly unknown[]).includes(t)) {
      throw ContractError.single('SPECFORGE_CONFIG', `${where}: unknown target "${String(t)}"; known targets: ${KNOWN_TARGETS.join(', ')}`, { file: where });
    }
  }
  // Generated files import their siblings: the SDK the types, react-query the SDK, msw the server's api.ts, mock tables and validators.
  const needs: Array<[Target, Target[]]> = [
    ['sdk', ['types']],
    ['react-query', ['sdk', 'types']],
    ['msw', ['server', 'mocks', 'validators']],
  ];
  for (const [target, wanted] of needs) {
    const missing = wanted.filter((w) => list.includes(target) && !list.includes(w));
    if (missing.length > 0) {
      throw ContractError.single(
        'SPECFORGE_CONFIG',
        `${where}: target "${target}" needs ${missing.map((m) => `"${m}"`).join(' and ')} too (its file imports theirs); add ${missing.length > 1 ? 'them' : 'it'} to targets`,
        { file: where },
      );
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
  defaults: ['targets', 'strict', 'deferUnusedValidators', 'split', 'emit', 'lint', 'client'],
  spec: ['path', 'api', 'out', 'targets', 'strict', 'deferUnusedValidators', 'split', 'emit', 'lint', 'test', 'overlays', 'errors', 'client'],
};
/** The keys of `client:` (the generated clients' options), in a contract or in `defaults`. */
const CLIENT_KEYS = ['dates'];
/** `client.dates` of a contract (or of `defaults`): true, false or absent; anything else is an error at its line. */
function clientDates(e: Record<string, unknown>, defaults: Record<string, unknown>, i: number, locate: Locate, path: string): boolean {
  const own = isRecord(e['client']) ? e['client']['dates'] : undefined;
  const fallback = isRecord(defaults['client']) ? defaults['client']['dates'] : undefined;
  const where = e['client'] !== undefined ? (['specs', i] as const) : (['defaults'] as const);
  const client = e['client'] ?? defaults['client'];
  const value = own ?? fallback;
  if ((client !== undefined && !isRecord(client)) || (value !== undefined && typeof value !== 'boolean')) {
    const pos = locate([...where], 'client');
    throw ContractError.single(
      'SPECFORGE_CONFIG',
      `${e['client'] !== undefined ? `specs[${i}]` : 'defaults'}.client must be a mapping, and client.dates true or false, not ${shownValue(client !== undefined && !isRecord(client) ? client : value)}`,
      { file: path, ...(pos ? { line: pos.line, col: pos.col } : {}) },
      'client: { dates: true } reads the format: date-time strings of answers as Date in the generated clients',
    );
  }
  return value === true;
}

/** Reads specforge.config.yaml (see findConfig, or `file`), refusing unknown keys with their location. */
export function loadConfig(cwd = process.cwd(), file?: string): SpecforgeConfig {
  const path = findConfig(cwd, file);
  if (path === undefined) {
    throw ContractError.single(
      'SPECFORGE_CONFIG',
      `no ${file ?? CONFIG_FILE} in ${cwd}${file === undefined || file === CONFIG_FILE ? ' or a folder above it' : ''}`,
      { file: resolve(cwd, file ?? CONFIG_FILE) },
      'create one that lists your contracts, or pass --spec',
    );
  }
  const { raw, locate } = isYamlConfig(path) ? readYamlConfig(path) : readScriptConfig(path);
  return configOf(path, dirname(path), raw, locate);
}

/** True for specforge.config.yaml and .yml; the other names are code (TypeScript or JavaScript) that runs when loaded. */
export function isYamlConfig(path: string): boolean {
  return /\.ya?ml$/i.test(path);
}

/**
 * The config as written in a file's text, not read from disk: `label` names it in messages (e.g.
 * `origin/main:specforge.config.yaml`), `root` is the folder its relative paths resolve against.
 * A TypeScript or JavaScript config runs with nothing of the working tree on its module path
 * (readIsolatedScriptConfig).
 */
export function configFromText(label: string, root: string, name: string, text: string): SpecforgeConfig {
  const { raw, locate } = isYamlConfig(name) ? readYamlConfig(label, text) : readIsolatedScriptConfig(label, resolve(root, name), text);
  return configOf(label, root, raw, locate);
}

/** A config's content checked and resolved: `path` names it in messages, `root` is its folder. */
function configOf(path: string, root: string, raw: unknown, locate: Locate): SpecforgeConfig {
  if (!isRecord(raw) || !Array.isArray(raw['specs'])) {
    throw ContractError.single('SPECFORGE_CONFIG', 'expected a mapping with a "specs" list', { file: path });
  }
  const problems = [
    unknownKeys(raw, locate, path, [], KNOWN_KEYS.root),
    unknownKeys(raw, locate, path, ['defaults'], KNOWN_KEYS.defaults),
    unknownKeys(raw, locate, path, ['hooks'], KNOWN_KEYS.hooks),
    unknownKeys(raw, locate, path, ['diff'], DIFF_KEYS),
    unknownKeys(raw, locate, path, ['docs'], DOCS_KEYS),
    unknownKeys(raw, locate, path, ['defaults', 'client'], CLIENT_KEYS),
  ];
  raw['specs'].forEach((e, i) => {
    problems.push(unknownKeys(raw, locate, path, ['specs', i], KNOWN_KEYS.spec));
    problems.push(unknownKeys(raw, locate, path, ['specs', i, 'client'], CLIENT_KEYS));
    if (isRecord(e) && isRecord(e['test'])) {
      problems.push(unknownKeys(raw, locate, path, ['specs', i, 'test'], TEST_KEYS));
      // test.token and its login and oauth2 mappings: a misspelt key (clientIdENV) must not be ignored.
      problems.push(unknownKeys(raw, locate, path, ['specs', i, 'test', 'token'], TOKEN_KEYS));
      problems.push(unknownKeys(raw, locate, path, ['specs', i, 'test', 'token', 'login'], TOKEN_LOGIN_KEYS));
      problems.push(unknownKeys(raw, locate, path, ['specs', i, 'test', 'token', 'oauth2'], TOKEN_OAUTH2_KEYS));
      const exclude = e['test']['exclude'];
      if (Array.isArray(exclude)) exclude.forEach((_, j) => problems.push(unknownKeys(raw, locate, path, ['specs', i, 'test', 'exclude', j], EXCLUDE_KEYS)));
    }
  });
  const found = problems.flatMap((p) => p?.diagnostics ?? []);
  if (found.length > 0) throw new ContractError(found);
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
    for (const [key, allowed, said, hint] of [
      ['split', ['none', 'tag'], 'tag or none', 'split: tag writes one folder of generated code per tag'],
      ['emit', ['ts', 'js'], 'js or ts', 'emit: js writes each generated module as .js beside its .d.ts declarations'],
    ] as const) {
      const value = e[key] ?? defaults[key];
      if (value === undefined || (allowed as readonly unknown[]).includes(value)) continue;
      const pos = e[key] !== undefined ? locate(['specs', i], key) : locate(['defaults'], key);
      const where = e[key] !== undefined ? `specs[${i}]` : 'defaults';
      const message = `${where}.${key} must be ${said}, not ${shownValue(value)}`;
      throw ContractError.single('SPECFORGE_CONFIG', message, { file: path, ...(pos ? { line: pos.line, col: pos.col } : {}) }, hint);
    }
    if ((e['split'] ?? defaults['split']) === 'tag') spec.split = 'tag';
    if ((e['emit'] ?? defaults['emit']) === 'js') spec.emit = 'js';
    // The contract's own rule settings win over the defaults' rule by rule.
    const own = parseLint(e['lint'], `${path} specs[${i}]`);
    const lint = defaultLint || own ? { ...defaultLint, ...own } : undefined;
    if (lint) spec.lint = lint;
    const overlays = e['overlays'];
    if (overlays !== undefined) {
      if (!Array.isArray(overlays) || !overlays.every((o) => typeof o === 'string' && o !== '')) {
        const pos = locate(['specs', i], 'overlays');
        throw ContractError.single(
          'SPECFORGE_CONFIG',
          `specs[${i}].overlays must be a list of Overlay files`,
          { file: path, ...(pos ? { line: pos.line, col: pos.col } : {}) },
          'e.g. overlays: [vendor/fixes.overlay.yaml] (paths relative to the config)',
        );
      }
      spec.overlays = overlays.map((o) => resolve(root, o as string));
    }
    const errors = e['errors'];
    if (errors !== undefined) {
      const schema = isRecord(errors) ? errors['schema'] : undefined;
      if (!isRecord(errors) || !(typeof schema === 'string' || isRecord(schema)) || (errors['fields'] !== undefined && !isRecord(errors['fields']))) {
        const pos = locate(['specs', i], 'errors');
        throw ContractError.single(
          'SPECFORGE_CONFIG',
          `specs[${i}].errors must be a mapping with a schema (a $ref into the contract, or a schema) and fields, as x-specforge-error`,
          { file: path, ...(pos ? { line: pos.line, col: pos.col } : {}) },
          "e.g. errors: { schema: '#/components/schemas/Error', fields: { message: /errors/0/message } }",
        );
      }
      spec.errors = errors;
    }
    const test = parseTestSettings(e['test'], `${path} specs[${i}]`, locate, ['specs', i, 'test'], path);
    if (test) spec.test = test;
    if (clientDates(e, defaults, i, locate, path)) spec.dates = true;
    return spec;
  });
  const collision = outputCollision(specs, raw['specs'] as unknown[], locate, path);
  if (collision) throw collision;
  const hooks = raw['hooks'];
  const afterWrite = isRecord(hooks) ? hooks['afterWrite'] : undefined;
  if (
    (hooks !== undefined && !isRecord(hooks)) ||
    (afterWrite !== undefined && !(Array.isArray(afterWrite) && afterWrite.every((c) => typeof c === 'string' && c.trim() !== '')))
  ) {
    const pos = afterWrite === undefined ? locate([], 'hooks') : locate(['hooks'], 'afterWrite');
    throw ContractError.single(
      'SPECFORGE_CONFIG',
      'hooks.afterWrite must be a list of commands',
      { file: path, ...(pos ? { line: pos.line, col: pos.col } : {}) },
      'e.g. hooks: { afterWrite: ["npx prettier --write"] }',
    );
  }
  const diff = parseDiffSettings(raw, locate, path);
  const docs = parseDocsSettings(raw, locate, path);
  for (const api of Object.keys(docs.versions ?? {})) {
    if (specs.some((s) => s.api === api)) continue;
    const pos = locate(['docs', 'versions'], api);
    throw ContractError.single(
      'SPECFORGE_CONFIG',
      `docs.versions names "${api}", which is not a contract of the config (${specs.map((s) => s.api).join(', ')})`,
      { file: path, ...(pos ? { line: pos.line, col: pos.col } : {}) },
      "key docs.versions by the contracts' names (their api:)",
    );
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

/** The config that governs a review, and what was said about the working tree's. */
export interface RevisionConfig {
  config: SpecforgeConfig;
  /** Why the working tree's config was not read (it differs from the revision's, or is absent). */
  notes: string[];
}

/**
 * The config that governs `review --base <ref>`: the base revision's, read from git (the pull
 * request's head is not trusted; its config is compared, never run). It is looked for as
 * findConfig looks in the working tree (`--config`'s file, else the nearest folder from `cwd` up to
 * the top of the repository), at the revision. Then:
 *
 * - a TypeScript or JavaScript config of the working tree runs only when it is byte-identical to
 *   the revision's at the same path, and then with nothing of the checkout on its module path; one
 *   that differs, is new, or replaces the revision's YAML is a config error naming it (exit 2);
 * - a YAML config of the working tree that differs from the revision's (or is new, or gone) is not
 *   read: the revision's governs, and a note says so;
 * - a revision with no config is a config error: there is nothing trusted to review with.
 *
 * A config outside the repository (named by `--config`, or above its top) is not the pull
 * request's: it is read as loadConfig reads it.
 */
export function configAtRevision(cwd: string, file: string | undefined, rev: GitRevision): RevisionConfig {
  const here = realpathSync(resolve(cwd));
  /** The path inside the repository, `/`-separated, or undefined outside it. */
  const inside = (abs: string): string | undefined => {
    const rel = relative(rev.root, abs);
    return rel.startsWith('..') || isAbsolute(rel) ? undefined : rel.split(sep).join('/');
  };
  const candidates: string[] = [];
  if (file !== undefined && file !== CONFIG_FILE) {
    const abs = resolve(here, file);
    if (inside(abs) === undefined) return { config: loadConfig(cwd, file), notes: [] };
    candidates.push(abs);
  } else {
    for (let dir = here; inside(dir) !== undefined; dir = dirname(dir)) {
      for (const name of CONFIG_FILES) candidates.push(join(dir, name));
      if (dir === rev.root || dirname(dir) === dir) break;
    }
  }
  let base: { abs: string; rel: string; content: Buffer } | undefined;
  for (const abs of candidates) {
    const rel = inside(abs) as string;
    const entry = fileAtRevision(rev, rel);
    if (entry === undefined) continue;
    if (entry.kind === 'other') throw ContractError.single('SPECFORGE_CONFIG', `${rev.ref}:${rel} is ${entry.what}, not a config file`, { file: abs });
    base = { abs, rel, content: entry.content };
    break;
  }
  const found = findConfig(cwd, file);
  let head: string | undefined;
  try {
    head = found === undefined ? undefined : realpathSync(found);
  } catch {
    head = found;
  }
  const headRel = head === undefined ? undefined : inside(head);
  if (base === undefined) {
    // No config in the repository at the revision: one above the repository is not the pull request's.
    if (head === undefined || headRel === undefined) return { config: loadConfig(cwd, file), notes: [] };
    throw ContractError.single(
      'SPECFORGE_CONFIG',
      `${headRel} is new in this pull request: ${rev.ref} has no specforge config, and review --base follows the base revision's config (it never reads or runs one the pull request brings)`,
      { file: head },
      'merge the config first; until then, specforge lint and specforge check review the working tree',
    );
  }
  const notes: string[] = [];
  const same = head === base.abs;
  if (head !== undefined && headRel !== undefined && !isYamlConfig(head)) {
    if (!same) {
      throw ContractError.single(
        'SPECFORGE_CONFIG',
        `${headRel} is not the config of ${rev.ref} (${rev.ref} has ${base.rel}): review --base follows the base revision's config and runs no code the pull request adds or changes`,
        { file: head },
        `review runs it once it is on ${rev.ref}; until then the pull request's config is read by people, not run`,
      );
    }
    const headBytes = readBytes(head);
    if (headBytes === undefined || !headBytes.equals(base.content)) {
      throw ContractError.single(
        'SPECFORGE_CONFIG',
        `${headRel} differs from ${rev.ref}:${base.rel}: review --base runs an executable config only when it is the base revision's, byte for byte, and runs no code the pull request changes`,
        { file: head },
        `review runs it once the change is on ${rev.ref}; until then the pull request's config is read by people, not run`,
      );
    }
  } else if (head === undefined || headRel === undefined) {
    notes.push(`${base.rel} is not in the working tree: the review follows ${rev.ref}:${base.rel}`);
  } else if (!same) {
    notes.push(
      `${headRel} is not the config of ${rev.ref}: the review follows ${rev.ref}:${base.rel} (changes to the config apply once they are on ${rev.ref})`,
    );
  } else if (!(readBytes(head)?.equals(base.content) ?? false)) {
    notes.push(`${headRel} differs from ${rev.ref}'s: the review follows ${rev.ref}:${base.rel} (changes to the config apply once they are on ${rev.ref})`);
  }
  // Identical: messages name the working tree's file; else the revision's.
  const label = notes.length === 0 ? base.abs : `${rev.ref}:${base.rel}`;
  return { config: configFromText(label, dirname(base.abs), basename(base.abs), base.content.toString('utf8')), notes };
}

function readBytes(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}
