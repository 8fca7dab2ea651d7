/**
 * The conformance checks the docs name are the checks `specforge test` runs (the CHECKS catalogue):
 * the table of what each check fails on (docs/reference/reliability.md) and the list in the guide
 * (docs/guides/testing-a-server.md) name each check once, and no check the catalogue lacks.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/conformance/checks.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

describe('conformance checks in the docs', () => {
  it('the table of docs/reference/reliability.md has one row per check, in the catalogue', () => {
    const rows = [...read('docs/reference/reliability.md').matchAll(/^\| `([a-z_]+)` \| /gm)].map((m) => m[1]);
    expect(rows).toEqual([...CHECKS]);
  });

  it('docs/guides/testing-a-server.md names every check, and only those', () => {
    const guide = read('docs/guides/testing-a-server.md');
    const named = new Set([...guide.matchAll(/`([a-z]+(?:_[a-z]+)+)`/g)].map((m) => m[1]));
    for (const check of CHECKS) expect(named, check).toContain(check);
    expect([...named].filter((n) => !(CHECKS as readonly string[]).includes(n ?? ''))).toEqual([]);
  });
});
