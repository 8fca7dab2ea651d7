/**
 * What a downstream `tsc` loads for the run-time entries a browser app's generated code imports:
 * the validators' and the client's declarations name their own ErrorObject, so a project
 * type-checking generated validators does not parse Ajv's 44 declaration files (only the entry that
 * really compiles with Ajv, `@specforge/runtime/compile`, does).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { typeCheck } from '../support/type-errors.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `runtime-declarations-${process.pid}`);
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

function loaded(name: string, source: string): { diagnostics: string[]; ajv: string[] } {
  mkdirSync(TMP, { recursive: true });
  const file = join(TMP, `${name}.ts`);
  writeFileSync(file, source);
  const { diagnostics, program } = typeCheck([file]);
  const ajv = program
    .getSourceFiles()
    .map((f) => f.fileName)
    .filter((f) => f.includes('/node_modules/ajv/'));
  return { diagnostics, ajv };
}

describe('the run-time declarations a browser app type-checks', () => {
  it('leave Ajv out of the validators and client entries, ErrorObject included', () => {
    const r = loaded(
      'browser',
      `import { formats, standard, type ErrorObject, type ValidateFunction } from '@specforge/runtime/validators';
import { createSdk, ApiError } from '@specforge/runtime/client';
const e: ErrorObject = { keyword: 'type', instancePath: '/a', schemaPath: '#/type', params: { type: 'string' }, message: 'must be string' };
const v: ValidateFunction = Object.assign((data: unknown) => typeof data === 'string', { errors: [e] });
export const used = [formats, standard, createSdk, ApiError, v];
`,
    );
    expect(r.diagnostics).toEqual([]);
    expect(r.ajv).toEqual([]);
  });

  it('load Ajv for the entry that compiles with it (the check above can see Ajv)', () => {
    const r = loaded('compile', `import { createAjv } from '@specforge/runtime/compile';\nexport const ajv = createAjv();\n`);
    expect(r.diagnostics).toEqual([]);
    expect(r.ajv.length).toBeGreaterThan(10);
  });
});
