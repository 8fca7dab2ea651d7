import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContractError, ERROR_CODES, formatDiagnostic } from '../../src/contract/errors.js';
import { handleError } from '../../src/cli/errors.js';
import { UsageError } from '../../src/contract/errors.js';

const TABLE = readFileSync(resolve(import.meta.dirname, '..', '..', 'docs', 'reference', 'error-codes.md'), 'utf8');

describe('error catalog', () => {
  it.each(Object.keys(ERROR_CODES))('%s is documented in docs/reference/error-codes.md', (code) => {
    expect(TABLE).toContain(`| \`${code}\` |`);
  });

  it('docs/reference/error-codes.md documents no code the catalog lacks', () => {
    const documented = [...TABLE.matchAll(/\| `(SPECFORGE_[A-Z_]+)` \|/g)].map((m) => m[1]);
    expect(documented.sort()).toEqual(Object.keys(ERROR_CODES).sort());
  });

  it('formats a diagnostic as file:line:col (#pointer), code, message and hint', () => {
    const text = formatDiagnostic({
      code: 'SPECFORGE_REF_NOT_FOUND',
      severity: 'error',
      message: '$ref "#/x" points at nothing',
      location: { file: 'specs/a/openapi.yaml', line: 12, col: 7, pointer: '/paths/~1a/get' },
      hint: 'check the name',
    });
    expect(text).toBe('specs/a/openapi.yaml:12:7 (#/paths/~1a/get): error SPECFORGE_REF_NOT_FOUND: $ref "#/x" points at nothing\n  hint: check the name');
  });

  it('maps input and usage errors to exit code 2 without a stack trace', () => {
    let out = '';
    const write = (t: string): void => {
      out += t;
    };
    expect(handleError(ContractError.single('SPECFORGE_CONFIG', 'bad config', { file: 'x.yaml' }), write)).toBe(2);
    expect(handleError(new UsageError('--port must be a number'), write)).toBe(2);
    expect(handleError(new Error('boom'), write)).toBe(2);
    expect(out).toContain('x.yaml: error SPECFORGE_CONFIG: bad config');
    expect(out).toContain('SPECFORGE_USAGE: --port must be a number');
    expect(out).not.toMatch(/\n\s+at /);
  });
});
