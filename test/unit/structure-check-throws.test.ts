/**
 * When Redocly's walker throws on a node its types do not expect (as its 3.2 device flow scopes
 * once did), `generate`, `lint` and every command that checks the structure say so at the file,
 * with a code, instead of printing the bare message.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ContractError } from '../../src/contract/errors.js';
import { loadContract } from '../../src/contract/resolve.js';
import { validateStructure } from '../../src/contract/validate.js';
import { lintStopped } from '../../src/lint/lint.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `structure-throws-${process.pid}`);
const SPEC = join(TMP, 'openapi.yaml');
mkdirSync(TMP, { recursive: true });
writeFileSync(SPEC, "openapi: 3.2.0\ninfo: { title: T, version: '1' }\npaths: {}\n");
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const boom = (): never => {
  throw new Error('Unknown type name found: string');
};

function described(err: unknown): unknown {
  if (!(err instanceof ContractError)) return `not a ContractError: ${String(err)}`;
  return err.diagnostics.map((d) => ({ code: d.code, message: d.message, file: d.location?.file, line: d.location?.line }));
}

const FILE = expect.stringMatching(/structure-throws-\d+\/openapi\.yaml$/) as string;

describe('a structure check that throws', () => {
  it('is a located SPECFORGE_INVALID_STRUCTURE error from the structure check', async () => {
    const error = await validateStructure(loadContract(SPEC), boom).then(
      () => 'no error',
      (err: unknown) => err,
    );
    expect(described(error)).toEqual([
      { code: 'SPECFORGE_INVALID_STRUCTURE', message: 'the OpenAPI structure check stopped: Unknown type name found: string', file: FILE, line: 1 },
    ]);
  });

  it('and from lint; a ContractError stays as it is', () => {
    let thrown: unknown;
    try {
      boom();
    } catch (err) {
      thrown = err;
    }
    expect(described(lintStopped(SPEC, thrown))).toEqual([
      { code: 'SPECFORGE_INVALID_STRUCTURE', message: 'the lint stopped: Unknown type name found: string', file: FILE, line: 1 },
    ]);
    const own = ContractError.single('SPECFORGE_YAML_SYNTAX', 'bad', { file: SPEC });
    expect(lintStopped(SPEC, own)).toBe(own);
  });
});
