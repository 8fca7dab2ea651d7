/**
 * The opt-in rulesets over specforge's built-in one. `style`: how complete the documentation is
 * (descriptions, summaries, tags, the licence). The built-in ruleset (ruleset.ts) turns these rules
 * off; a config adds them with `lint: { extends: [style] }` (config.ts), a Redocly config of your own
 * with `extends: [specforge/style]` (the plugin's `configs`, plugin.ts). No imports but types, so the
 * config reader can use it without loading the rules.
 */
import type { RuleConfig } from '@redocly/openapi-core';

export const STYLE_RULES: Readonly<Record<string, RuleConfig>> = {
  'specforge/descriptions': 'warn',
  'specforge/operation-summary': 'warn',
  'specforge/operation-tags': 'warn',
  'info-license': 'warn',
  'info-license-strict': 'warn',
};

/** The rulesets a config's `lint: { extends: [...] }` can name. */
export const LINT_RULESETS: Readonly<Record<string, Readonly<Record<string, RuleConfig>>>> = { style: STYLE_RULES };
