/** specforge.config.yaml: which contracts to generate, where, and how strictly. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isMap, isScalar, LineCounter, parseDocument, type Document } from 'yaml';
import { ContractError } from '../contract/errors.js';
import { isRecord, setOwn } from '../contract/pointer.js';
import { DEFAULT_STRICT, type StrictLevel } from '../runtime/ajv.js';
import { ALL_TARGETS, type Target } from '../../generators/targets.js';

export interface SpecEntry {
  /** Absolute path of the contract's entry file. */
  path: string;
  /** Absolute output folder for this contract. */
  out: string;
  api: string;
  targets: Target[];
  strict: StrictLevel;
  /** Compile validators of schemas no operation reaches on first use: true, false or 'auto' (large contracts). */
  deferUnused?: boolean | 'auto';
  /** Lint rules of this contract over the built-in ruleset: a severity or Redocly rule settings per rule name. */
  lint?: Record<string, LintRuleSetting>;
  /**
   * The folder of the config that lists the contract: generated files name the contract relative to
   * it, so they are the same bytes from whichever subfolder a command runs.
   */
  root?: string;
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
}

export const CONFIG_FILE = 'specforge.config.yaml';

function apiNameOf(specPath: string): string {
  return dirname(specPath).split(/[\\/]/).pop() ?? 'api';
}

export function parseTargets(raw: unknown, where: string): Target[] {
  if (raw === undefined) return [...ALL_TARGETS];
  const list = typeof raw === 'string' ? raw.split(',').map((s) => s.trim()) : raw;
  if (!Array.isArray(list) || list.length === 0) throw ContractError.single('SPECFORGE_CONFIG', `${where}: targets must be a list of ${ALL_TARGETS.join(', ')}`, { file: where });
  for (const t of list) {
    if (!(ALL_TARGETS as readonly unknown[]).includes(t)) {
      throw ContractError.single('SPECFORGE_CONFIG', `${where}: unknown target "${String(t)}"; known targets: ${ALL_TARGETS.join(', ')}`, { file: where });
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

function parseDefer(raw: unknown, where: string): boolean | 'auto' {
  if (raw === undefined || raw === 'auto') return 'auto';
  if (raw === true || raw === false) return raw;
  throw ContractError.single('SPECFORGE_CONFIG', `${where}: deferUnusedValidators must be true, false or "auto"`, { file: where });
}

const SEVERITIES = ['error', 'warn', 'off'];

function parseLint(raw: unknown, where: string): Record<string, LintRuleSetting> | undefined {
  if (raw === undefined) return undefined;
  const fail = (why: string): never => {
    throw ContractError.single('SPECFORGE_CONFIG', `${where}: lint ${why}`, { file: where }, 'e.g. lint: { specforge/descriptions: { severity: error, skip: [parameter] } }');
  };
  if (!isRecord(raw)) return fail('must be a mapping of rule name to a severity (error, warn, off) or rule settings');
  const out: Record<string, LintRuleSetting> = {};
  for (const [rule, setting] of Object.entries(raw)) {
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
    const path = join(dir, CONFIG_FILE);
    if (existsSync(path)) return path;
    if (dirname(dir) === dir) return undefined;
  }
}

/** The keys the config knows, by place: an unknown key is an error at its line (a typo must not be ignored). */
const KNOWN_KEYS: Record<'root' | 'hooks' | 'defaults' | 'spec', readonly string[]> = {
  root: ['output', 'defaults', 'specs', 'hooks'],
  hooks: ['afterWrite'],
  defaults: ['targets', 'strict', 'deferUnusedValidators'],
  spec: ['path', 'api', 'out', 'targets', 'strict', 'deferUnusedValidators', 'lint'],
};

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const next = Math.min((row[j] as number) + 1, (row[j - 1] as number) + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = row[j] as number;
      row[j] = next;
    }
  }
  return row[b.length] as number;
}

/** Every key of a mapping node that `known` does not list, as an error at the key's line and column. */
function unknownKeys(doc: Document, lines: LineCounter, file: string, at: Array<string | number>, known: readonly string[]): ContractError | undefined {
  const node = at.length === 0 ? doc.contents : doc.getIn(at, true);
  if (!isMap(node)) return undefined;
  const diagnostics = [];
  for (const pair of node.items) {
    const key = isScalar(pair.key) ? pair.key : undefined;
    const name = String(key?.value ?? pair.key);
    if (known.includes(name)) continue;
    const pos = key?.range ? lines.linePos(key.range[0]) : undefined;
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
  const lines = new LineCounter();
  const doc = parseDocument(readFileSync(path, 'utf8'), { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const syntax = doc.errors[0];
  if (syntax) {
    const pos = lines.linePos(syntax.pos[0]);
    throw ContractError.single('SPECFORGE_CONFIG', `cannot parse: ${syntax.message.split('\n')[0]}`, { file: path, line: pos.line, col: pos.col });
  }
  const raw: unknown = doc.toJS();
  if (!isRecord(raw) || !Array.isArray(raw['specs'])) {
    throw ContractError.single('SPECFORGE_CONFIG', 'expected a mapping with a "specs" list', { file: path });
  }
  const problems = [
    unknownKeys(doc, lines, path, [], KNOWN_KEYS.root),
    unknownKeys(doc, lines, path, ['defaults'], KNOWN_KEYS.defaults),
    unknownKeys(doc, lines, path, ['hooks'], KNOWN_KEYS.hooks),
  ];
  raw['specs'].forEach((_e, i) => problems.push(unknownKeys(doc, lines, path, ['specs', i], KNOWN_KEYS.spec)));
  const found = problems.flatMap((p) => p?.diagnostics ?? []);
  if (found.length > 0) throw new ContractError(found);
  const root = dirname(path);
  const output = typeof raw['output'] === 'string' ? raw['output'] : 'generated';
  const defaults = isRecord(raw['defaults']) ? raw['defaults'] : {};
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
    const lint = parseLint(e['lint'], `${path} specs[${i}]`);
    if (lint) spec.lint = lint;
    return spec;
  });
  const hooks = raw['hooks'];
  const afterWrite = isRecord(hooks) ? hooks['afterWrite'] : undefined;
  if ((hooks !== undefined && !isRecord(hooks)) || (afterWrite !== undefined && !(Array.isArray(afterWrite) && afterWrite.every((c) => typeof c === 'string' && c.trim() !== '')))) {
    const node = doc.getIn(afterWrite === undefined ? ['hooks'] : ['hooks', 'afterWrite'], true) as { range?: [number, number, number] } | undefined;
    const pos = node?.range ? lines.linePos(node.range[0]) : undefined;
    throw ContractError.single('SPECFORGE_CONFIG', 'hooks.afterWrite must be a list of commands', { file: path, ...(pos ? { line: pos.line, col: pos.col } : {}) }, 'e.g. hooks: { afterWrite: ["npx prettier --write"] }');
  }
  return { root, file: path, specs, afterWrite: (afterWrite as string[] | undefined) ?? [] };
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
