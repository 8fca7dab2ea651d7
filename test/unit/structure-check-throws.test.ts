/**
 * When Redocly's walker throws on a node its types do not expect (as its 3.2 device flow scopes
 * once did), `generate`, `lint` and every command that checks the structure say so at the file,
 * with a code, instead of printing the bare message.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

vi.mock('@redocly/openapi-core', async (original) => {
  const real = await original<typeof import('@redocly/openapi-core')>();
  const boom = (): never => {
    throw new Error('Unknown type name found: string');
  };
  return { ...real, lintDocument: boom, lint: boom };
});

const { loadContract } = await import('../../src/contract/resolve.js');
const { validateStructure } = await import('../../src/contract/validate.js');
const { ContractError } = await import('../../src/contract/errors.js');
const { lintSpecs } = await import('../../src/lint/lint.js');

const TMP = resolve(import.meta.dirname, '..', '.tmp', `structure-throws-${process.pid}`);
const SPEC = join(TMP, 'openapi.yaml');
mkdirSync(TMP, { recursive: true });
writeFileSync(SPEC, "openapi: 3.2.0\ninfo: { title: T, version: '1' }\npaths: {}\n");
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

async function located(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    if (!(err instanceof ContractError)) return `not a ContractError: ${String(err)}`;
    return err.diagnostics.map((d) => ({ code: d.code, message: d.message, file: d.location?.file, line: d.location?.line }));
  }
  return 'no error';
}

describe('a structure check that throws', () => {
  it('is a located SPECFORGE_INVALID_STRUCTURE error from the structure check', async () => {
    expect(await located(() => validateStructure(loadContract(SPEC)))).toEqual([
      {
        code: 'SPECFORGE_INVALID_STRUCTURE',
        message: 'the OpenAPI structure check stopped: Unknown type name found: string',
        file: expect.stringMatching(/structure-throws-\d+\/openapi\.yaml$/) as string,
        line: 1,
      },
    ]);
  });

  it('and from lint', async () => {
    expect(await located(() => lintSpecs([SPEC]))).toEqual([
      {
        code: 'SPECFORGE_INVALID_STRUCTURE',
        message: 'the lint stopped: Unknown type name found: string',
        file: expect.stringMatching(/structure-throws-\d+\/openapi\.yaml$/) as string,
        line: 1,
      },
    ]);
  });
});
