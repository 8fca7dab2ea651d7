/**
 * `client: { dates: true }` in specforge.config.yaml: read on a contract or in `defaults` (the
 * contract's own wins), off when absent, and a misspelt key or a value that is not a boolean is an
 * error at its line; the generate cache is keyed by it, so turning it on regenerates.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configFromText } from '../../src/config/config.js';
import { generateSpec } from '../../src/pipeline/generate.js';
import { configRefusal } from '../support/config-refusal.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `config-client-dates-${process.pid}`);

afterAll(() => rmSync(TMP, { recursive: true, force: true }));

function read(text: string): ReturnType<typeof configFromText> {
  return configFromText('specforge.config.yaml', TMP, 'specforge.config.yaml', text);
}

function refusal(text: string): string {
  return configRefusal(TMP, text);
}

describe('client.dates in the config', () => {
  it('is off by default, on where a contract or the defaults say so, the contract winning', () => {
    const config = read(
      [
        'defaults:',
        '  client: { dates: true }',
        'specs:',
        '  - path: a/openapi.yaml',
        '  - path: b/openapi.yaml',
        '    client: { dates: false }',
        '  - path: c/openapi.yaml',
        '    client: {}',
      ].join('\n'),
    );
    expect(config.specs.map((s) => s.dates === true)).toEqual([true, false, true]);
    expect(read('specs:\n  - path: a/openapi.yaml\n').specs[0]?.dates).toBeUndefined();
  });

  it('refuses a misspelt key and a value that is not a boolean, at its line', () => {
    expect(refusal('specs:\n  - path: a/openapi.yaml\n    client: { date: true }\n')).toMatch(/^3: .*date/);
    expect(refusal('specs:\n  - path: a/openapi.yaml\n    client: { dates: "yes" }\n')).toMatch(
      /^3: specs\[0\]\.client must be a mapping, and client\.dates true or false, not "yes"/,
    );
    expect(refusal('defaults:\n  client: true\nspecs:\n  - path: a/openapi.yaml\n')).toMatch(/^2: defaults\.client must be a mapping/);
  });
});

describe('the generate cache', () => {
  it('regenerates when dates is turned on', async () => {
    mkdirSync(TMP, { recursive: true });
    const spec = join(ROOT, 'test', 'fixtures', 'client-dates', 'openapi.yaml');
    const out = join(TMP, 'out');
    const entry = { path: spec, api: 'client-dates', out, targets: ['types' as const, 'sdk' as const], strict: true as const };
    const cacheDir = join(TMP, '.cache');
    await generateSpec(entry, { cacheDir });
    const on = await generateSpec({ ...entry, dates: true }, { cacheDir });
    expect(on.files.some((f) => f.path.endsWith('dates.ts') && f.state !== 'unchanged')).toBe(true);
  });
});
