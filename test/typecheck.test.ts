/** Everything under generated/ compiles under `tsc --strict --noEmit` (tsconfig.generated.json). */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');

describe('generated code', () => {
  it('type-checks with tsc --strict --noEmit', () => {
    expect(readdirSync(join(ROOT, 'generated')).length).toBeGreaterThan(0);
    const r = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(ROOT, 'tsconfig.generated.json'), '--strict', '--noEmit'],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    );
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('sources and tests type-check too', () => {
    const r = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(ROOT, 'tsconfig.test.json')], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
    // The whole source and test tree: about 40 s of CPU, longer while the other workers share the cores.
  }, 240_000);
});
