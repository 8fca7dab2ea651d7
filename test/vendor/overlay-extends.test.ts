/**
 * An Overlay's `extends` names the document it was written for: one that names another document than
 * the contract it is applied to (another file, a vendor URL of another file) is a warning at the
 * overlay's `extends` line; one that names this contract (relative path, file: URL, a vendor URL of
 * the same file) is not; an `extends` that is no string is an error there.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import type { ContractError } from '../../src/contract/errors.js';
import { clearContractPatches, setContractPatches } from '../../src/contract/patches.js';
import { loadContract } from '../../src/contract/resolve.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `vendor-overlay-extends-${process.pid}`);
mkdirSync(join(TMP, 'api'), { recursive: true });
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
afterEach(() => clearContractPatches());

const CONTRACT = join(TMP, 'api', 'openapi.yaml');
writeFileSync(
  CONTRACT,
  stringify({
    openapi: '3.1.0',
    info: { title: 'v', version: '1' },
    paths: { '/a': { get: { operationId: 'getA', responses: { '200': { description: 'ok' } } } } },
  }),
);

/** The line of `extends:` in an overlay file. */
let EXTENDS_LINE = 0;

function overlayExtending(name: string, extendsValue: unknown): string {
  const file = join(TMP, 'api', `${name}.overlay.yaml`);
  const text = stringify({
    overlay: '1.0.0',
    info: { title: 'fix', version: '1' },
    extends: extendsValue,
    actions: [{ target: '$.info', update: { description: 'patched' } }],
  });
  EXTENDS_LINE = text.split('\n').findIndex((l) => l.startsWith('extends:')) + 1;
  writeFileSync(file, text);
  return file;
}

function warningsWith(file: string): Array<[string, number | undefined, string]> {
  setContractPatches([file]);
  return (loadContract(CONTRACT).patchWarnings ?? []).map((w) => [w.code, w.location?.line, w.message]);
}

describe("an Overlay's extends", () => {
  it.each([
    ['another file beside it', './other.yaml'],
    ['a vendor URL of another file', 'https://vendor.example/specs/billing.yaml'],
  ])('naming %s is a warning at its line', (_name, value) => {
    const found = warningsWith(overlayExtending('other', value));
    expect(EXTENDS_LINE).toBeGreaterThan(1);
    expect(found).toEqual([
      [
        'SPECFORGE_OVERLAY',
        EXTENDS_LINE,
        `the overlay extends ${JSON.stringify(value)}, not openapi.yaml: it was written for another document, and is applied to this one all the same`,
      ],
    ]);
  });

  it.each([
    ['a relative path', './openapi.yaml'],
    ['a file: URL', pathToFileURL(CONTRACT).href],
    ['a vendor URL of the same file', 'https://vendor.example/specs/openapi.yaml'],
  ])('naming this contract by %s is no warning', (_name, value) => {
    expect(warningsWith(overlayExtending('same', value))).toEqual([]);
  });

  it('that is no string is an error at its line', () => {
    setContractPatches([overlayExtending('bad', { url: 'x' })]);
    let err: unknown;
    try {
      loadContract(CONTRACT);
    } catch (e) {
      err = e;
    }
    expect((err as ContractError).diagnostics[0]).toMatchObject({ code: 'SPECFORGE_OVERLAY', location: { line: EXTENDS_LINE } });
  });
});
