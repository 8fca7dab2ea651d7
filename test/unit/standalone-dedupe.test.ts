/**
 * A schema compiled twice by Ajv (as an export of its own and as the target of a `$ref`) gives the
 * same function under two names; the standalone module writes it once (Figma's validators: 148
 * functions twice, 28% of 3.2 MB). Merged only when the code is the same once its own name is
 * masked and the names it calls are settled, so validators that differ stay apart and judge alike.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSpec } from '../../src/pipeline/generate.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `standalone-dedupe-${process.pid}`);
const SPEC = join(ROOT, 'specs', 'tables', 'openapi.yaml');

/** The body of each validator function, its own name masked. */
function bodies(code: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of code.split('\n')) {
    // A function expression's own name is minified (a local name): the constant's name is masked.
    const m = /^(?:const (validate_\w+) = \/\* @__PURE__ \*\/ Object\.assign\()?function ([\w$]+)\(/.exec(line);
    if (!m) continue;
    const name = m[1] ?? (m[2] as string);
    const body = line.split(name).join('#self');
    out.set(body, [...(out.get(body) ?? []), name]);
  }
  return out;
}

let code = '';
beforeAll(async () => {
  await generateSpec({ path: SPEC, api: 'tables', out: TMP, targets: ['types', 'validators'], strict: true }, { cacheDir: join(TMP, '.cache'), force: true });
  code = readFileSync(join(TMP, 'validators.ts'), 'utf8');
}, 60_000);
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('standalone validators', () => {
  it('write each function once: no two validators with the same code', () => {
    const twice = [...bodies(code).values()].filter((names) => names.length > 1);
    expect(bodies(code).size).toBeGreaterThan(10);
    expect(twice).toEqual([]);
  });

  it("a named schema's validator and an answer's that refers to it judge as before the merge", async () => {
    const { schemaValidators, operationValidators } = (await import(pathToFileURL(join(TMP, 'validators.ts')).href)) as {
      schemaValidators: Record<string, (v: unknown) => boolean>;
      operationValidators: Record<string, { responses: Record<string, Record<string, (v: unknown) => boolean>> }>;
    };
    const table = { tableReference: { projectId: 'p', datasetId: 'd', tableId: 't' } };
    const wrong = { tableReference: { projectId: 1 } };
    const asSchema = schemaValidators['Table'];
    const asAnswer = operationValidators['getTable']?.responses['200']?.['application/json'];
    expect([asSchema?.(table), asSchema?.(wrong)]).toEqual([true, false]);
    expect([asAnswer?.(table), asAnswer?.(wrong)]).toEqual([true, false]);
  });
});
