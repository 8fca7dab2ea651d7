/**
 * specforge's lint ruleset: Redocly's recommended rules at Redocly's own levels, specforge's house
 * rules (plugin.ts), and the changes below. Built-in rules that a house rule replaces are off, so each
 * problem is reported once. A repo may pass its own Redocly config instead (`--redocly`).
 *
 * On by default is a rule whose finding is a defect, or a gap that changes what specforge generates,
 * serves or sends (a name it must invent, a status its server answers undeclared, routes it cannot
 * tell apart, security it cannot enforce). Rules about how complete the documentation is
 * (descriptions, summaries, tags, the licence) form the `style` ruleset, off unless a config asks
 * for it (`lint: { extends: [style] }`, or `extends: [specforge/style]` in a Redocly config). Each
 * rule's reason is in the catalogue (rule-info.ts) and the tables of docs/reference/lint-rules.md.
 *
 * Levels: an error is a defect, something that is wrong whoever reads the contract (a document
 * OpenAPI does not allow, a $ref to nothing, an example its own schema refuses, a pattern specforge
 * refuses to run). A warning is a convention this ruleset asks for (operationIds, declared
 * responses and security, unused components; in the style ruleset summaries, descriptions and
 * tags): the contract is valid without it. The tables of docs/reference/lint-rules.md list every rule at these levels, and a test holds
 * them to it.
 */
import type { RawUniversalConfig, RuleConfig } from '@redocly/openapi-core';
import { specforgePlugin } from './plugin.js';
import { LINT_RULESETS, STYLE_RULES } from './style.js';

export { LINT_RULESETS, STYLE_RULES };

const STYLE_OFF: Record<string, RuleConfig> = Object.fromEntries(Object.keys(STYLE_RULES).map((id) => [id, 'off']));

export const SPECFORGE_RULESET: RawUniversalConfig = {
  extends: ['recommended'],
  plugins: [specforgePlugin],
  rules: {
    // House rules: conventions are warnings.
    'specforge/operation-operationid': 'warn',
    'specforge/operation-success-response': 'warn',
    'specforge/operation-error-response': 'warn',
    'specforge/operation-undeclared-status': 'warn',
    'specforge/no-unused-components': 'warn',
    'specforge/security-defined': 'warn',
    'specforge/no-ambiguous-paths': 'warn',
    'specforge/item-schema-media-type': 'warn',
    // Defects: an example its schema refuses is an error; so are a schema the contract's strict level
    // refuses, a pattern specforge refuses to run and a security requirement naming no scheme (their
    // rules force those to errors).
    'specforge/valid-examples': 'error',
    'specforge/strict-schemas': 'warn',
    'specforge/safe-patterns': 'warn',
    // Replaced by a house rule. Redocly's recommended set already leaves operation-tag-defined and
    // info-description off; they are listed so that the replaced rules stay off whatever it does.
    'operation-operationId': 'off',
    'operation-summary': 'off',
    'operation-2xx-response': 'off',
    'operation-4xx-response': 'off',
    'operation-tag-defined': 'off',
    'tag-description': 'off',
    'info-description': 'off',
    'no-unused-components': 'off',
    'no-invalid-media-type-examples': 'off',
    'no-invalid-parameter-examples': 'off',
    'no-invalid-schema-examples': 'off',
    'security-defined': 'off',
    'no-ambiguous-paths': 'off',
    // Conventions that Redocly's recommended set reports as errors, although OpenAPI allows them: no
    // servers (the server is then "/"), a path with a trailing slash, an operationId with
    // characters a URL escapes.
    'no-empty-servers': 'warn',
    'no-path-trailing-slash': 'warn',
    'operation-operationId-url-safe': 'warn',
    // The style ruleset: opt-in.
    ...STYLE_OFF,
  },
};
