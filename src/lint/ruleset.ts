/**
 * specforge's lint ruleset: Redocly's recommended rules with every one an error
 * (`recommended-strict`), plus the rules below. A repo may pass its own Redocly config instead.
 */
export const SPECFORGE_RULESET = {
  extends: ['recommended-strict'],
  rules: {
    'operation-operationId': 'error',
    'operation-summary': 'error',
    'operation-4xx-response': 'error',
    'operation-2xx-response': 'error',
    'tag-description': 'error',
    'operation-tag-defined': 'error',
    'no-unused-components': 'error',
    'no-invalid-media-type-examples': { severity: 'error', allowAdditionalProperties: false },
    'no-invalid-parameter-examples': 'error',
    'no-invalid-schema-examples': 'error',
    'no-server-example.com': 'error',
    'no-empty-servers': 'error',
    'paths-kebab-case': 'off',
  },
} as const;
