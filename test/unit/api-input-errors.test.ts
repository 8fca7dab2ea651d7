/**
 * The programmatic entry (src/index.ts) returns each command's exit code, and throws a usage or
 * input error with its place in the message, as the CLI prints it before exiting 2: an unknown
 * target names the known ones, a broken contract gives file:line:col and the JSON pointer.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractError } from '../../src/contract/errors.js';
import { generate } from '../../src/index.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `api-input-errors-${process.pid}`);
const BROKEN = `openapi: 3.1.0
info: { title: Broken, version: 1.0.0 }
paths:
  /a:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Nope' }
`;

beforeAll(() => {
  mkdirSync(TMP, { recursive: true });
  writeFileSync(join(TMP, 'broken.yaml'), BROKEN);
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('the programmatic entry on bad input', () => {
  it('throws an unknown target with the known ones', async () => {
    const run = generate({ cwd: TMP, spec: join(ROOT, 'specs', 'echo', 'openapi.yaml'), out: join(TMP, 'out'), targets: 'types,bogus' });
    await expect(run).rejects.toThrow(/unknown target "bogus"; known targets: types, validators/);
  });

  it('throws a broken contract as a ContractError with its line, column and pointer', async () => {
    const error: unknown = await generate({ cwd: TMP, spec: join(TMP, 'broken.yaml'), out: join(TMP, 'out'), targets: 'types' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as Error).message).toMatch(
      /broken\.yaml:11:\d+ \(#\/paths\/~1a\/get\/responses\/200\/content\/application~1json\/schema\/\$ref\): error SPECFORGE_REF_NOT_FOUND/,
    );
  });

  it('returns 0 for a run that works', async () => {
    expect(await generate({ cwd: TMP, spec: join(ROOT, 'specs', 'echo', 'openapi.yaml'), out: join(TMP, 'out'), targets: 'types' })).toBe(0);
  });
});
