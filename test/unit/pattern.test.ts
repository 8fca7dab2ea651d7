/** Patterns as Unicode regular expressions: needless escapes of published contracts dropped, broken ones reported. */
import { describe, expect, it } from 'vitest';
import { unicodePattern } from '../../src/contract/pattern.js';
import { buildModel } from '../../src/contract/model.js';
import { compileValidators, planValidators } from '../../src/contract/tables/validators.js';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

describe('unicodePattern', () => {
  it.each([
    ['valid as written', '^[a-z]+$', { pattern: '^[a-z]+$', changed: false }],
    ['escaped underscore in a class', '^[A-Z\\_]+$', { pattern: '^[A-Z_]+$', changed: true }],
    ['escaped punctuation outside a class', '^\\!?a\\=b$', { pattern: '^!?a=b$', changed: true }],
    ['a hyphen escape stays in a class', '^[a\\-z\\!]$', { pattern: '^[a\\-z!]$', changed: true }],
    ['syntax characters stay escaped', '^\\.\\*\\_$', { pattern: '^\\.\\*_$', changed: true }],
    ['not a regular expression at all', '^(a$', undefined],
  ])('%s', (_name, source, want) => {
    expect(unicodePattern(source)).toEqual(want);
  });

  it('the validators check the fixed pattern, and warn at the schema', async () => {
    const dir = join(import.meta.dirname, '..', '.tmp', `pattern-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(
        join(dir, 'openapi.yaml'),
        [
          'openapi: 3.1.0',
          'info: { title: t, version: "1" }',
          'paths: {}',
          'components:',
          '  schemas:',
          '    Code:',
          '      type: string',
          "      pattern: '^[A-Z\\_]+$'",
          '    Broken:',
          '      type: string',
          "      pattern: '^(a$'",
          '',
        ].join('\n'),
      );
      const model = await buildModel(join(dir, 'openapi.yaml'));
      const plan = planValidators(model);
      expect(plan.warnings.map((w) => [w.location?.line, w.location?.pointer])).toEqual([
        [8, '/components/schemas/Code/pattern'],
        [11, '/components/schemas/Broken/pattern'],
      ]);
      const v = compileValidators(model, plan);
      expect(v.schemaValidators['Code']?.('A_B')).toBe(true);
      expect(v.schemaValidators['Code']?.('a')).toBe(false);
      expect(v.schemaValidators['Broken']?.('anything')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
