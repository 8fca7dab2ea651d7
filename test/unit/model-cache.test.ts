/**
 * buildModel's cache: the same contract text in two folders is two models, each naming its own file
 * (generated headers and diagnostics name it), and the cache stays bounded in a long-lived process.
 */
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildModel } from '../../src/contract/model.js';

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
});
