/**
 * The settings sections of the config, parsed with errors at their keys (a contract's `test:` is
 * in test-settings.ts): a contract's `lint:` (rule settings and rulesets it extends), and the top-level `diff:` and `docs:`.
 */
import { dirname, resolve } from 'node:path';
import type { FindingLevel } from '../report/findings.js';
import type { DocsTheme } from './docs-theme.js';
import { ContractError } from '../contract/errors.js';
import { isRecord, setOwn } from '../contract/pointer.js';
import { LINT_RULESETS } from '../lint/style.js';
import type { Locate } from './config-files.js';
import { parseDocsTheme } from './docs-theme.js';
import { parseDocsVersions, type DocsVersionSetting } from './docs-versions.js';

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
  /** Earlier versions published beside each contract's current one, by contract name, oldest first (docs-versions.ts). */
  versions?: Record<string, DocsVersionSetting[]>;
}

export const DIFF_KEYS = ['deprecationDays', 'failOn', 'accept', 'severity', 'matchPath', 'unmatchPath'] as const;
export const DOCS_KEYS = ['changelogBase', 'theme', 'versions'] as const;

/** A config value as an error message shows it. */
export function shownValue(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : Array.isArray(value) ? 'a list' : isRecord(value) ? 'a mapping' : String(value);
}

/** A top-level section that must be a mapping, at its key when it is not. */
function sectionOf(raw: Record<string, unknown>, name: string, keys: readonly string[], locate: Locate, file: string): Record<string, unknown> | undefined {
  const section = raw[name];
  if (section === undefined || section === null) return undefined;
  if (isRecord(section)) return section;
  const pos = locate([], name);
  throw ContractError.single('SPECFORGE_CONFIG', `${name} must be a mapping of settings (${keys.join(', ')})`, {
    file,
    ...(pos ? { line: pos.line, col: pos.col } : {}),
  });
}

export function parseDiffSettings(raw: Record<string, unknown>, locate: Locate, file: string): DiffSettings {
  const section = sectionOf(raw, 'diff', DIFF_KEYS, locate, file);
  if (section === undefined) return {};
  const bad = (key: string, what: string, hint?: string): ContractError => {
    const pos = locate(['diff'], key);
    return ContractError.single(
      'SPECFORGE_CONFIG',
      `diff.${key} must be ${what}, not ${shownValue(section[key])}`,
      { file, ...(pos ? { line: pos.line, col: pos.col } : {}) },
      hint,
    );
  };
  const out: DiffSettings = {};
  const days = section['deprecationDays'];
  if (days !== undefined) {
    if (typeof days !== 'number' || !Number.isSafeInteger(days) || days < 0)
      throw bad('deprecationDays', 'a whole number of days (0 or more)', 'e.g. diff: { deprecationDays: 90 }');
    out.deprecationDays = days;
  }
  const failOn = section['failOn'];
  if (failOn !== undefined) {
    if (failOn !== 'breaking' && failOn !== 'warning') throw bad('failOn', 'breaking or warning');
    out.failOn = failOn;
  }
  const accept = section['accept'];
  if (accept !== undefined) {
    if (typeof accept !== 'string' || accept.trim() === '')
      throw bad('accept', 'the path of a file of accepted changes', 'e.g. diff: { accept: accepted.yaml }');
    out.accept = resolve(dirname(file), accept);
  }
  const severity = section['severity'];
  if (severity !== undefined) {
    if (!isRecord(severity))
      throw bad('severity', 'a mapping of rule ids to levels', 'e.g. diff: { severity: { response-property-enum-value-added: warning } }');
    out.severity = {};
    for (const [rule, level] of Object.entries(severity)) {
      const word = typeof level === 'string' ? LEVEL_WORDS_OF_CONFIG[level.toLowerCase()] : undefined;
      if (word === undefined) {
        const pos = locate(['diff', 'severity'], rule);
        throw ContractError.single('SPECFORGE_CONFIG', `diff.severity.${rule} must be error, warning, info or off, not ${shownValue(level)}`, {
          file,
          ...(pos ? { line: pos.line, col: pos.col } : {}),
        });
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
const LEVEL_WORDS_OF_CONFIG: Record<string, SeverityOverride> = {
  error: 'error',
  err: 'error',
  warning: 'warning',
  warn: 'warning',
  info: 'info',
  off: 'off',
  none: 'off',
};

export function parseDocsSettings(raw: Record<string, unknown>, locate: Locate, file: string): DocsSettings {
  const section = sectionOf(raw, 'docs', DOCS_KEYS, locate, file);
  if (section === undefined) return {};
  const out: DocsSettings = {};
  const base = section['changelogBase'];
  if (base !== undefined) {
    if (typeof base !== 'string' || base.trim() === '') {
      const pos = locate(['docs'], 'changelogBase');
      throw ContractError.single(
        'SPECFORGE_CONFIG',
        `docs.changelogBase must be a git revision (a tag, a branch), not ${shownValue(base)}`,
        { file, ...(pos ? { line: pos.line, col: pos.col } : {}) },
        "e.g. docs: { changelogBase: v1.4.2 }; quote a name YAML would read as a number ('1.0')",
      );
    }
    out.changelogBase = base;
  }
  if (section['theme'] !== undefined) out.theme = parseDocsTheme(section['theme'], locate, file);
  if (section['versions'] !== undefined) out.versions = parseDocsVersions(section['versions'], locate, file);
  return out;
}

/** A Redocly rule setting: a severity, or settings with a severity and the rule's options. */
export type LintRuleSetting = 'error' | 'warn' | 'off' | { severity?: 'error' | 'warn' | 'off'; [option: string]: unknown };

const SEVERITIES = ['error', 'warn', 'off'];

/**
 * A `lint:` mapping: rule name to a severity or rule settings, and `extends:` naming rulesets to add
 * (`style`), whose rules it lists as if written out; a rule the mapping sets itself wins.
 */
export function parseLint(raw: unknown, where: string): Record<string, LintRuleSetting> | undefined {
  if (raw === undefined) return undefined;
  const fail = (why: string): never => {
    throw ContractError.single(
      'SPECFORGE_CONFIG',
      `${where}: lint ${why}`,
      { file: where },
      'e.g. lint: { extends: [style], specforge/descriptions: { severity: error, skip: [parameter] } }',
    );
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
    else if (isRecord(setting) && (setting['severity'] === undefined || SEVERITIES.includes(String(setting['severity']))))
      setOwn(out, rule, setting as LintRuleSetting);
    else fail(`rule "${rule}": expected error, warn, off or a mapping with one of them as severity`);
  }
  return out;
}
