/**
 * specforge's house rules as a Redocly plugin. Redocly prefixes each rule with the plugin id:
 * `specforge/operation-error-response`, … The built-in ruleset (ruleset.ts) turns them on; a
 * Redocly config of your own can too (`--redocly`). The plugin also makes specification extensions
 * opaque, as specforge's loader reads them (src/contract/validate.ts): no `x-` value is a
 * structural error, and no rule walks `x-webhooks` entries as path items.
 */
import type { Oas2Rule, Oas3Rule, Plugin } from '@redocly/openapi-core';
import { OPAQUE_EXTENSION_TYPES } from '../contract/validate.js';
import { Descriptions } from './rules/descriptions.js';
import { ItemSchemaMediaType } from './rules/item-schema-media-type.js';
import { NoAmbiguousPaths, NoAmbiguousPathsOas2 } from './rules/no-ambiguous-paths.js';
import { NoUnusedComponents } from './rules/no-unused-components.js';
import { OperationErrorResponse } from './rules/operation-error-response.js';
import { OperationOperationId } from './rules/operation-operationid.js';
import { OperationSuccessResponse } from './rules/operation-success-response.js';
import { OperationSummary } from './rules/operation-summary.js';
import { OperationUndeclaredStatus } from './rules/operation-undeclared-status.js';
import { OperationTags } from './rules/operation-tags.js';
import { SafePatterns } from './rules/safe-patterns.js';
import { SecurityDefined, SecurityDefinedOas2 } from './rules/security-defined.js';
import { StrictSchemas } from './rules/strict-schemas.js';
import { ValidExamples } from './rules/valid-examples.js';
import { LINT_RULESETS } from './style.js';

export const PLUGIN_ID = 'specforge';

/** The house rules by name (without the plugin prefix). */
export const HOUSE_RULES: Record<string, Oas3Rule> = {
  'operation-operationid': OperationOperationId,
  'operation-summary': OperationSummary,
  'operation-success-response': OperationSuccessResponse,
  'operation-error-response': OperationErrorResponse,
  'operation-undeclared-status': OperationUndeclaredStatus,
  'operation-tags': OperationTags,
  descriptions: Descriptions,
  'no-unused-components': NoUnusedComponents,
  'no-ambiguous-paths': NoAmbiguousPaths,
  'valid-examples': ValidExamples,
  'strict-schemas': StrictSchemas,
  'safe-patterns': SafePatterns,
  'security-defined': SecurityDefined,
  'item-schema-media-type': ItemSchemaMediaType,
};

/** The house rules that also read Swagger 2.0 documents (lint runs Redocly's 2.0 rules on the file itself). */
export const HOUSE_RULES_OAS2: Record<string, Oas2Rule> = {
  'security-defined': SecurityDefinedOas2,
  'no-ambiguous-paths': NoAmbiguousPathsOas2,
};

/** The plugin's rulesets, as a Redocly config names them in `extends` (`specforge/style`). */
const CONFIGS = Object.fromEntries(Object.entries(LINT_RULESETS).map(([name, rules]) => [name, { rules: { ...rules } }]));

function prefixed<R>(rules: Record<string, R>): Record<string, R> {
  return Object.fromEntries(Object.entries(rules).map(([name, rule]) => [`${PLUGIN_ID}/${name}`, rule]));
}

/** The plugin as Redocly loads it from a config's `plugins` list (it adds the `specforge/` prefix). */
export const specforgePlugin: Plugin = {
  id: PLUGIN_ID,
  rules: { oas3: HOUSE_RULES, oas2: HOUSE_RULES_OAS2 },
  configs: CONFIGS,
  typeExtension: OPAQUE_EXTENSION_TYPES,
};

/** The same rules already prefixed, for `createConfig`/`loadConfig`'s `plugins` option, which adds no prefix. */
export const specforgePluginPrefixed: Plugin = {
  id: PLUGIN_ID,
  rules: { oas3: prefixed(HOUSE_RULES), oas2: prefixed(HOUSE_RULES_OAS2) },
  configs: CONFIGS,
  typeExtension: OPAQUE_EXTENSION_TYPES,
};
