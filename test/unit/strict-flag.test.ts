/**
 * One strictness setting for every command: `--strict` (over the contract's entry in
 * specforge.config.yaml, which commands read for a contract named by path too), refusing a bad
 * value as a usage error; `mock` compiles at the contract's level and fails located where it refuses.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocs } from '../../src/cli/commands/docs.js';
import { runCheck, runGenerate } from '../../src/cli/commands/generate.js';
import { runLint } from '../../src/cli/commands/lint.js';
import { runMock } from '../../src/cli/commands/mock.js';
import { runReview } from '../../src/cli/commands/review.js';
import { ContractError, UsageError } from '../../src/contract/errors.js';

const TMP = join(import.meta.dirname, '..', '.tmp', `strict-flag-${process.pid}`);
const SPEC = `openapi: 3.1.0
info: { title: Recipes, version: 1.0.0 }
paths:
  /recipes:
    get:
      operationId: listRecipes
      parameters:
        - name: limit
          in: query
          schema: { maximum: 10 }
      responses:
        '200':
          description: The recipes.
          content:
            application/json:
              schema: { type: object, properties: { sets: { additionalProperties: { type: boolean } } } }
`;

function project(name: string, strict: string | undefined): string {
  const dir = join(TMP, name);
  mkdirSync(join(dir, 'specs', 'recipes'), { recursive: true });
  writeFileSync(join(dir, 'specs', 'recipes', 'openapi.yaml'), SPEC);
  writeFileSync(join(dir, 'specforge.config.yaml'), `specs:\n  - path: specs/recipes/openapi.yaml\n${strict === undefined ? '' : `    strict: ${strict}\n`}`);
  return dir;
}

beforeAll(() => mkdirSync(TMP, { recursive: true }));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const quiet = { write: (): void => undefined };

describe('--strict', () => {
  it.each([
    ['generate', (cwd: string) => runGenerate({ cwd, strict: 'maybe', ...quiet })],
    ['check', (cwd: string) => runCheck({ cwd, strict: 'maybe', ...quiet })],
    ['lint', (cwd: string) => runLint({ cwd, strict: 'maybe', ...quiet })],
    ['docs', (cwd: string) => runDocs({ cwd, strict: 'maybe', out: join(cwd, 'docs'), ...quiet })],
    ['mock', (cwd: string) => runMock({ cwd, spec: 'specs/recipes/openapi.yaml', strict: 'maybe', port: 0, ...quiet })],
    ['review', (cwd: string) => runReview({ cwd, base: 'HEAD', strict: 'maybe', ...quiet })],
  ] as Array<[string, (cwd: string) => Promise<unknown>]>)('%s refuses a value that is not true, false or schema, as a usage error', async (_command, run) => {
    const cwd = project('usage', undefined);
    await expect(Promise.resolve().then(async () => run(cwd))).rejects.toThrow(UsageError);
    await expect(Promise.resolve().then(async () => run(cwd))).rejects.toThrow(/--strict/);
  });

  it('mock reads strict: true from the config entry and refuses the schema where it stands', async () => {
    const cwd = project('mock-strict', 'true');
    const err = await runMock({ cwd, spec: 'specs/recipes/openapi.yaml', port: 0, ...quiet }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ContractError);
    const locations = (err as ContractError).diagnostics.map((d) => [d.code, d.location?.line, d.location?.pointer]);
    expect(locations).toEqual([
      ['SPECFORGE_STRICT_SCHEMA', 10, '/paths/~1recipes/get/parameters/0/schema'],
      ['SPECFORGE_STRICT_SCHEMA', 16, '/paths/~1recipes/get/responses/200/content/application~1json/schema/properties/sets'],
    ]);
  });

  it.each([
    ['no strict level (the default: warnings)', undefined, undefined],
    ['--strict false over the entry', 'true', 'false'],
  ])('mock serves with %s', async (_name, entry, flag) => {
    const cwd = project(`mock-${String(entry)}-${String(flag)}`, entry);
    const { server } = await runMock({ cwd, spec: 'specs/recipes/openapi.yaml', port: 0, ...(flag ? { strict: flag } : {}), ...quiet });
    try {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const res = await fetch(`http://127.0.0.1:${port}/recipes?limit=9`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/json/);
    } finally {
      await new Promise<void>((ok) => (server as Server).close(() => ok()));
    }
  });

  it('docs refuses a contract its strict level refuses, located, as generate does', async () => {
    const cwd = project('docs-strict', 'true');
    await expect(runDocs({ cwd, out: join(cwd, 'docs'), ...quiet })).rejects.toThrow(ContractError);
    await expect(runGenerate({ cwd, ...quiet })).rejects.toThrow(/missing type "number" for keyword "maximum"/);
  });
});
