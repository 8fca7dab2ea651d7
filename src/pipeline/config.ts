/** specforge.config.yaml: which contracts to generate, where, and how strictly. */
import type { FindingLevel } from '../report/findings.js';
import { parseDocsTheme } from './docs-theme.js';
import type { DocsTheme } from '../docs/site/style.js';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import { ContractError } from '../contract/errors.js';
import { isRecord, setOwn } from '../contract/pointer.js';
import { DEFAULT_STRICT, type StrictLevel } from '../runtime/validation/ajv.js';
import { LINT_RULESETS } from '../lint/style.js';
import { DEFAULT_TARGETS, KNOWN_TARGETS, type Target } from '../../generators/targets.js';
import type { DeferValidators } from '../../generators/context.js';
import type { SplitMode } from './split.js';
import { editDistance } from './edit-distance.js';

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

/** `specforge test` settings of a contract in the config: the flags' names, in camelCase. */
export interface TestSettings {
  baseUrl?: string;
  maxExamples?: number;
  seed?: number;
  phases?: string[];
  checks?: string[];
  excludeChecks?: string[];
  /** 'Name: value' headers sent with every request. */
  headers?: string[];
  timeout?: number;
  workers?: number;
}

const TEST_KEYS = ['baseUrl', 'maxExamples', 'seed', 'phases', 'checks', 'excludeChecks', 'headers', 'timeout', 'workers'] as const;

function parseTestSettings(raw: unknown, where: string, locate: Locate, at: Array<string | number>, file: string): TestSettings | undefined {
  if (raw === undefined) return undefined;
  const bad = (key: string, what: string): ContractError => {
    const pos = locate(at, key);
    return ContractError.single('SPECFORGE_CONFIG', `${where}: test.${key} must be ${what}`, { file, ...(pos ? { line: pos.line, col: pos.col } : {}) });
  };
  if (!isRecord(raw)) throw ContractError.single('SPECFORGE_CONFIG', `${where}: test must be a mapping of specforge test settings (${TEST_KEYS.join(', ')})`, { file });
  const out: TestSettings = {};
  for (const key of ['baseUrl'] as const) {
    if (raw[key] === undefined) continue;
    if (typeof raw[key] !== 'string') throw bad(key, 'a URL');
    out[key] = raw[key];
  }
  for (const key of ['maxExamples', 'seed', 'timeout', 'workers'] as const) {
    if (raw[key] === undefined) continue;
    if (typeof raw[key] !== 'number' || !Number.isInteger(raw[key])) throw bad(key, 'an integer');
    out[key] = raw[key];
  }
  for (const key of ['phases', 'checks', 'excludeChecks', 'headers'] as const) {
    if (raw[key] === undefined) continue;
    const list = raw[key];
    if (!Array.isArray(list) || !list.every((v) => typeof v === 'string')) throw bad(key, 'a list of strings');
    out[key] = list;
  }
  return out;
}

/**
 * `diff:` at the top of the config: settings of `specforge diff`, `review` and `changelog` (and of
 * the changelogs `docs` publishes), so a team sets them once. A flag given on the command line wins.
 */
/** A per-rule level of the breaking-change diff (`--severity rule=level`); `off` drops the rule. */
export type SeverityOverride = FindingLevel | 'off';

export interface DiffSettings {
  /** Days required between deprecating an operation or parameter and its x-sunset date (`--deprecation-days`). */
  deprecationDays?: number;
  /** `specforge diff --fail-on`: breaking (the default) or warning. */
  failOn?: 'breaking' | 'warning';
  /** Accepted changes (`--accept`): an absolute path here, written relative to the config's folder. */
  accept?: string;
  /** Per-rule levels over the catalogue (`--severity rule=level`): error, warning, info or off. */
  severity?: Record<string, SeverityOverride>;
  /** Only API paths this regular expression matches (`--match-path`). */
  matchPath?: string;
  /** No API paths this regular expression matches (`--unmatch-path`). */
  unmatchPath?: string;
}

/** `docs:` at the top of the config: settings of `specforge docs` (a flag given wins). */
export interface DocsSettings {
  /** Publish each contract's changelog since this git revision (`--changelog-base`). */
  changelogBase?: string;
  /** The static docs' logo, colours and fonts (docs-theme.ts). */
  theme?: DocsTheme;
}

const DIFF_KEYS = ['deprecationDays', 'failOn', 'accept', 'severity', 'matchPath', 'unmatchPath'] as const;
const DOCS_KEYS = ['changelogBase', 'theme'] as const;

/** A config value as an error message shows it. */
function shownValue(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : Array.isArray(value) ? 'a list' : isRecord(value) ? 'a mapping' : String(value);
}

/** A top-level section that must be a mapping, at its key when it is not. */
function sectionOf(raw: Record<string, unknown>, name: string, keys: readonly string[], locate: Locate, file: string): Record<string, unknown> | undefined {
  const section = raw[name];
  if (section === undefined || section === null) return undefined;
  if (isRecord(section)) return section;
  const pos = locate([], name);
  throw ContractError.single('SPECFORGE_CONFIG', `${name} must be a mapping of settings (${keys.join(', ')})`, { file, ...(pos ? { line: pos.line, col: pos.col } : {}) });
}

function parseDiffSettings(raw: Record<string, unknown>, locate: Locate, file: string): DiffSettings {
  const section = sectionOf(raw, 'diff', DIFF_KEYS, locate, file);
  if (section === undefined) return {};
  const bad = (key: string, what: string, hint?: string): ContractError => {
    const pos = locate(['diff'], key);
    return ContractError.single('SPECFORGE_CONFIG', `diff.${key} must be ${what}, not ${shownValue(section[key])}`, { file, ...(pos ? { line: pos.line, col: pos.col } : {}) }, hint);
  };
  const out: DiffSettings = {};
  const days = section['deprecationDays'];
  if (days !== undefined) {
    if (typeof days !== 'number' || !Number.isSafeInteger(days) || days < 0) throw bad('deprecationDays', 'a whole number of days (0 or more)', 'e.g. diff: { deprecationDays: 90 }');
    out.deprecationDays = days;
  }
  const failOn = section['failOn'];
  if (failOn !== undefined) {
    if (failOn !== 'breaking' && failOn !== 'warning') throw bad('failOn', 'breaking or warning');
    out.failOn = failOn;
  }
  const accept = section['accept'];
  if (accept !== undefined) {
    if (typeof accept !== 'string' || accept.trim() === '') throw bad('accept', 'the path of a file of accepted changes', 'e.g. diff: { accept: accepted.yaml }');
    out.accept = resolve(dirname(file), accept);
  }
  const severity = section['severity'];
  if (severity !== undefined) {
    if (!isRecord(severity)) throw bad('severity', 'a mapping of rule ids to levels', 'e.g. diff: { severity: { response-property-enum-value-added: warning } }');
    out.severity = {};
    for (const [rule, level] of Object.entries(severity)) {
      const word = typeof level === 'string' ? LEVEL_WORDS_OF_CONFIG[level.toLowerCase()] : undefined;
      if (word === undefined) {
        const pos = locate(['diff', 'severity'], rule);
        throw ContractError.single('SPECFORGE_CONFIG', `diff.severity.${rule} must be error, warning, info or off, not ${shownValue(level)}`, { file, ...(pos ? { line: pos.line, col: pos.col } : {}) });
      }
      out.severity[rule] = word;
    }
  }
  for (const key of ['matchPath', 'unmatchPath'] as const) {
    const pattern = section[key];
    if (pattern === undefined) continue;
    let ok = typeof pattern === 'string' && pattern !== '';
    if (ok) {
      try {
        new RegExp(pattern as string, 'u');
      } catch {
        ok = false;
      }
    }
    if (!ok) throw bad(key, 'a regular expression over API paths', `e.g. diff: { ${key}: "^/internal/" }`);
    out[key] = pattern as string;
  }
  return out;
}

/** Levels a config's diff.severity may name (oasdiff's err, warn, none too). */
const LEVEL_WORDS_OF_CONFIG: Record<string, SeverityOverride> = { error: 'error', err: 'error', warning: 'warning', warn: 'warning', info: 'info', off: 'off', none: 'off' };

function parseDocsSettings(raw: Record<string, unknown>, locate: Locate, file: string): DocsSettings {
  const section = sectionOf(raw, 'docs', DOCS_KEYS, locate, file);
  if (section === undefined) return {};
  const out: DocsSettings = {};
  const base = section['changelogBase'];
  if (base !== undefined) {
    if (typeof base !== 'string' || base.trim() === '') {
      const pos = locate(['docs'], 'changelogBase');
      throw ContractError.single('SPECFORGE_CONFIG', `docs.changelogBase must be a git revision (a tag, a branch), not ${shownValue(base)}`, { file, ...(pos ? { line: pos.line, col: pos.col } : {}) }, "e.g. docs: { changelogBase: v1.4.2 }; quote a name YAML would read as a number ('1.0')");
    }
    out.changelogBase = base;
  }
  if (section['theme'] !== undefined) out.theme = parseDocsTheme(section['theme'], locate, file);
  return out;
}

/** A Redocly rule setting: a severity, or settings with a severity and the rule's options. */
export type LintRuleSetting = 'error' | 'warn' | 'off' | { severity?: 'error' | 'warn' | 'off'; [option: string]: unknown };

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

export const CONFIG_FILE = 'specforge.config.yaml';

/** The names a config may have, in the order they are looked for in each folder. */
export const CONFIG_FILES = [CONFIG_FILE, 'specforge.config.yml', 'specforge.config.ts', 'specforge.config.mts', 'specforge.config.cts', 'specforge.config.js', 'specforge.config.mjs', 'specforge.config.cjs'] as const;

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
  docs?: { changelogBase?: string; theme?: DocsTheme };
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

const SEVERITIES = ['error', 'warn', 'off'];

/**
 * A `lint:` mapping: rule name to a severity or rule settings, and `extends:` naming rulesets to add
 * (`style`), whose rules it lists as if written out; a rule the mapping sets itself wins.
 */
function parseLint(raw: unknown, where: string): Record<string, LintRuleSetting> | undefined {
  if (raw === undefined) return undefined;
  const fail = (why: string): never => {
    throw ContractError.single('SPECFORGE_CONFIG', `${where}: lint ${why}`, { file: where }, 'e.g. lint: { extends: [style], specforge/descriptions: { severity: error, skip: [parameter] } }');
  };
  if (!isRecord(raw)) return fail('must be a mapping of rule name to a severity (error, warn, off) or rule settings');
  const out: Record<string, LintRuleSetting> = {};
  const names = raw['extends'];
  if (names !== undefined) {
    const known = Object.keys(LINT_RULESETS).join(', ');
    if (!Array.isArray(names)) fail(`extends must be a list of rulesets (${known})`);
    for (const name of names as unknown[]) {
      const rules = typeof name === 'string' && Object.hasOwn(LINT_RULESETS, name) ? LINT_RULESETS[name] : undefined;
      if (!rules) return fail(`extends: "${String(name)}" is not a ruleset (${known})`);
      for (const [rule, setting] of Object.entries(rules)) setOwn(out, rule, setting as LintRuleSetting);
    }
  }
  for (const [rule, setting] of Object.entries(raw)) {
    if (rule === 'extends') continue;
    if (typeof setting === 'string' && SEVERITIES.includes(setting)) setOwn(out, rule, setting as LintRuleSetting);
    else if (isRecord(setting) && (setting['severity'] === undefined || SEVERITIES.includes(String(setting['severity'])))) setOwn(out, rule, setting as LintRuleSetting);
    else fail(`rule "${rule}": expected error, warn, off or a mapping with one of them as severity`);
  }
  return out;
}

/**
 * The config file: `file` when it names another one, else specforge.config.yaml in `cwd` or the
 * nearest folder above it that has one (so commands work from any subfolder of the repository).
 */
export function findConfig(cwd = process.cwd(), file?: string): string | undefined {
  if (file !== undefined && file !== CONFIG_FILE) {
    const path = resolve(cwd, file);
    return existsSync(path) ? path : undefined;
  }
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    for (const name of CONFIG_FILES) {
      const path = join(dir, name);
      if (existsSync(path)) return path;
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** Where a key (or, without one, a value) is in the config file, when that can be told. */
type Locate = (at: Array<string | number>, key?: string) => { line: number; col: number } | undefined;

/** A YAML config: the document with its positions. */
function readYamlConfig(path: string): { raw: unknown; locate: Locate } {
  const lines = new LineCounter();
  const doc = parseDocument(readFileSync(path, 'utf8'), { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const syntax = doc.errors[0];
  if (syntax) {
    const pos = lines.linePos(syntax.pos[0]);
    throw ContractError.single('SPECFORGE_CONFIG', `cannot parse: ${syntax.message.split('\n')[0]}`, { file: path, line: pos.line, col: pos.col });
  }
  const locate: Locate = (at, key) => {
    const node = at.length === 0 ? doc.contents : doc.getIn(at, true);
    if (key === undefined) {
      const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
      return range ? lines.linePos(range[0]) : undefined;
    }
    if (!isMap(node)) return undefined;
    const pair = node.items.find((p) => String(isScalar(p.key) ? p.key.value : p.key) === key);
    const range = pair && isScalar(pair.key) ? pair.key.range : undefined;
    return range ? lines.linePos(range[0]) : undefined;
  };
  return { raw: doc.toJS() as unknown, locate };
}

/**
 * A TypeScript or JavaScript config, evaluated synchronously: its types are erased and it runs as
 * CommonJS from a temporary file beside it (so its imports resolve as they do for the file), which
 * is removed at once. Keys are located by their first appearance in the text.
 */
function readScriptConfig(path: string): { raw: unknown; locate: Locate } {
  const source = readFileSync(path, 'utf8');
  const require = createRequire(path);
  let code = source;
  if (!path.endsWith('.cjs')) {
    const ts = createRequire(import.meta.url)('typescript') as typeof import('typescript');
    // Named .ts whatever its extension: an .mjs or .mts name would keep ES-module syntax.
    code = ts.transpileModule(source, { fileName: 'specforge.config.ts', compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true } }).outputText;
  }
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.cjs`);
  let loaded: unknown;
  try {
    writeFileSync(temp, code);
    loaded = require(temp) as unknown;
  } catch (err) {
    throw ContractError.single('SPECFORGE_CONFIG', `cannot load: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`, { file: path });
  } finally {
    rmSync(temp, { force: true });
  }
  const raw = isRecord(loaded) && 'default' in loaded ? loaded['default'] : loaded;
  const locate: Locate = (_at, key) => {
    if (key === undefined) return undefined;
    const match = new RegExp(`(^|[\\s{,])(["']?)${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\2\\s*:`, 'm').exec(source);
    if (!match) return undefined;
    const index = match.index + (match[1]?.length ?? 0);
    const before = source.slice(0, index).split('\n');
    return { line: before.length, col: (before[before.length - 1]?.length ?? 0) + 1 };
  };
  return { raw, locate };
}

/** The keys the config knows, by place: an unknown key is an error at its line (a typo must not be ignored). */
const KNOWN_KEYS: Record<'root' | 'hooks' | 'defaults' | 'spec', readonly string[]> = {
  root: ['output', 'defaults', 'specs', 'hooks', 'diff', 'docs'],
  hooks: ['afterWrite'],
  defaults: ['targets', 'strict', 'deferUnusedValidators', 'split', 'lint'],
  spec: ['path', 'api', 'out', 'targets', 'strict', 'deferUnusedValidators', 'split', 'lint', 'test', 'overlays', 'errors'],
};

/** Every key of a mapping that `known` does not list, as an error at the key's line and column. */
function unknownKeys(raw: unknown, locate: Locate, file: string, at: Array<string | number>, known: readonly string[]): ContractError | undefined {
  let node = raw;
  for (const step of at) node = isRecord(node) || Array.isArray(node) ? (node as Record<string | number, unknown>)[step] : undefined;
  if (!isRecord(node)) return undefined;
  const diagnostics = [];
  for (const name of Object.keys(node)) {
    if (known.includes(name)) continue;
    const pos = locate(at, name);
    const near = known.map((k) => ({ k, d: editDistance(name, k) })).sort((x, y) => x.d - y.d)[0];
    const where = at.length === 0 ? 'the config' : at.map((s) => (typeof s === 'number' ? `[${s}]` : s)).join('.').replace('.[', '[');
    diagnostics.push({
      code: 'SPECFORGE_CONFIG' as const,
      severity: 'error' as const,
      message: `unknown key "${name}" in ${where}`,
      location: { file, ...(pos ? { line: pos.line, col: pos.col } : {}) },
      hint: near && near.d <= 2 ? `did you mean "${near.k}"?` : `known keys: ${known.join(', ')}`,
    });
  }
  return diagnostics.length > 0 ? new ContractError(diagnostics) : undefined;
}

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
    if (isRecord(e) && isRecord(e['test'])) problems.push(unknownKeys(raw, locate, path, ['specs', i, 'test'], TEST_KEYS));
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
