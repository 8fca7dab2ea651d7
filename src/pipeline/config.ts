/** specforge.config.yaml: which contracts to generate, where, and how strictly. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse } from 'yaml';
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
}

/** A Redocly rule setting: a severity, or settings with a severity and the rule's options. */
export type LintRuleSetting = 'error' | 'warn' | 'off' | { severity?: 'error' | 'warn' | 'off'; [option: string]: unknown };

export interface SpecforgeConfig {
  /** Folder of the config file: relative paths are resolved against it. */
  root: string;
  file?: string;
  specs: SpecEntry[];
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

/** Reads specforge.config.yaml in `cwd` (or `file`). */
export function loadConfig(cwd = process.cwd(), file?: string): SpecforgeConfig {
  const path = resolve(cwd, file ?? CONFIG_FILE);
  if (!existsSync(path)) {
    throw ContractError.single('SPECFORGE_CONFIG', `no ${CONFIG_FILE} in ${cwd}`, { file: path }, 'create one that lists your contracts, or pass --spec');
  }
  let raw: unknown;
  try {
    raw = parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw ContractError.single('SPECFORGE_CONFIG', `cannot parse: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`, { file: path });
  }
  if (!isRecord(raw) || !Array.isArray(raw['specs'])) {
    throw ContractError.single('SPECFORGE_CONFIG', 'expected a mapping with a "specs" list', { file: path });
  }
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
  return { root, file: path, specs };
}

/**
 * The entry of the config that lists the contract at `specPath` (matched by resolved path), when
 * the config file exists. Commands given a contract by path use it for the contract's settings
 * (strict level, lint rules, targets); a contract the config does not list gets the defaults of
 * the code, not the config's `defaults:`, which apply to the contracts it lists.
 */
export function configEntryFor(specPath: string, cwd = process.cwd(), file?: string): SpecEntry | undefined {
  if (!existsSync(resolve(cwd, file ?? CONFIG_FILE))) return undefined;
  const path = resolve(cwd, specPath);
  return loadConfig(cwd, file).specs.find((e) => e.path === path);
}
