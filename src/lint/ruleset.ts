/**
 * specforge's lint ruleset: Redocly's recommended rules with every one an error
 * (`recommended-strict`), specforge's house rules (plugin.ts), and the rules below. Built-in rules
 * that a house rule replaces are off, so each problem is reported once. A repo may pass its own
 * Redocly config instead (`--redocly`).
 */
import type { RawUniversalConfig } from '@redocly/openapi-core';
import { specforgePlugin } from './plugin.js';

export const SPECFORGE_RULESET: RawUniversalConfig = {
  extends: ['recommended-strict'],
  plugins: [specforgePlugin],
  rules: {
    // House rules.
    'specforge/operation-operationid': 'error',
    'specforge/operation-summary': 'error',
    'specforge/operation-success-response': 'error',
    'specforge/operation-error-response': 'error',
    'specforge/operation-undeclared-status': 'warn',
    'specforge/operation-tags': 'error',
    'specforge/descriptions': 'error',
    'specforge/no-unused-components': 'error',
    'specforge/valid-examples': 'error',
    'specforge/strict-schemas': 'warn',
    'specforge/safe-patterns': 'warn',
    // Replaced by a house rule.
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
    // Other rules.
    'no-server-example.com': 'error',
    'no-empty-servers': 'error',
    'paths-kebab-case': 'off',
  },
};
