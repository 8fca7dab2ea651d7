/**
 * buildModel's cache: the same contract text in two folders is two models, each naming its own file
 * (generated headers and diagnostics name it); a model's validator plan and its validators compiled
 * per strict level are made once per process (a mock and the runner testing it share them).
 */
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildModel } from '../../src/contract/model.js';
import { compileValidators, planValidators } from '../../src/contract/tables/validators.js';

const ROOT = join(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `model-cache-${process.pid}`);

afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('buildModel cache', () => {
  it('keeps one model per entry file when two folders hold the same text', async () => {
    for (const dir of ['a', 'b']) {
      mkdirSync(join(TMP, dir, 'echo'), { recursive: true });
      cpSync(join(ROOT, 'specs', 'echo'), join(TMP, dir, 'echo'), { recursive: true });
    }
    const a = await buildModel(join(TMP, 'a', 'echo', 'openapi.yaml'));
    const b = await buildModel(join(TMP, 'b', 'echo', 'openapi.yaml'));
    expect(a.specPath).toContain(`${join('a', 'echo', 'openapi.yaml')}`);
    expect(b.specPath).toContain(`${join('b', 'echo', 'openapi.yaml')}`);
    expect(await buildModel(join(TMP, 'a', 'echo', 'openapi.yaml'))).toBe(a);
  });

  it("plans and compiles a model's validators once per strict level", async () => {
    const model = await buildModel(join(ROOT, 'specs', 'echo', 'openapi.yaml'));
    const plan = planValidators(model);
    expect(planValidators(model)).toBe(plan);
    const lax = compileValidators(model, plan, false);
    expect(compileValidators(model, planValidators(model), false)).toBe(lax);
    expect(compileValidators(model, plan, 'schema')).not.toBe(lax);
    const [id, ops] = Object.entries(lax.operationValidators)[0] ?? [];
    expect(id).toBeDefined();
    expect(ops?.responses).toBeDefined();
  });
});
