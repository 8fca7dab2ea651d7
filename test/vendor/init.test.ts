/**
 * `specforge init --spec` on a vendor contract never leaves half-written files: a contract that does
 * not load stops init before it writes anything, a failure while generating removes what it wrote,
 * it says what to do next, and running it again after the fix (here an overlay) works.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { runInit } from '../../src/cli/commands/init.js';
import { ContractError } from '../../src/contract/errors.js';
import { clearContractPatches, setContractPatches } from '../../src/contract/patches.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `vendor-init-${process.pid}`);
mkdirSync(TMP, { recursive: true });
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
afterEach(() => clearContractPatches());

function repo(name: string, doc: unknown): string {
  const cwd = join(TMP, name);
  mkdirSync(join(cwd, 'vendor'), { recursive: true });
  writeFileSync(join(cwd, 'vendor', 'openapi.yaml'), stringify(doc));
  return cwd;
}

const BROKEN = {
  openapi: '3.0.1',
  info: { title: 'vendor', version: '1' },
  paths: {
    '/a': {
      get: {
        operationId: 'getA',
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', required: 'id' } } } } },
      },
    },
  },
};

describe('init on a contract that does not load', () => {
  it('writes nothing, says what to do next, and works once an overlay fixes the contract', async () => {
    const cwd = repo('broken', BROKEN);
    const out: string[] = [];
    const err = await runInit({ cwd, spec: 'vendor/openapi.yaml', write: (t) => out.push(t) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ContractError);
    expect(readdirSync(cwd).sort()).toEqual(['vendor']);
    expect(out.join('')).toMatch(/init wrote nothing.*--overlay/s);

    const overlay = join(cwd, 'vendor', 'fix.overlay.yaml');
    writeFileSync(
      overlay,
      stringify({
        overlay: '1.0.0',
        info: { title: 'fix', version: '1' },
        actions: [{ target: "$.paths['/a'].get.responses['200'].content['application/json'].schema", update: { required: ['id'] } }],
      }),
    );
    setContractPatches([overlay]);
    const code = await runInit({ cwd, spec: 'vendor/openapi.yaml', overlay: ['vendor/fix.overlay.yaml'], output: 'gen', write: () => undefined });
    expect(code).toBe(0);
    expect(readFileSync(join(cwd, 'specforge.config.yaml'), 'utf8')).toContain('overlays: ["vendor/fix.overlay.yaml"]');
    expect(readdirSync(join(cwd, 'gen', 'vendor'))).toContain('server.ts');
  });

  it('a failure while generating removes what init wrote, so running it again works', async () => {
    const cwd = repo('generate-fails', { ...BROKEN, paths: { '/a': { get: { operationId: 'getA', responses: { '200': { description: 'ok' } } } } } });
    // A file where the generated code's folder must go: generation fails after the config was written.
    writeFileSync(join(cwd, 'gen'), 'not a folder');
    const out: string[] = [];
    const err = await runInit({ cwd, spec: 'vendor/openapi.yaml', output: 'gen', write: (t) => out.push(t) }).catch((e: unknown) => e);
    expect(err).toBeDefined();
    expect(readdirSync(cwd).sort()).toEqual(['gen', 'vendor']);
    expect(out.join('')).toMatch(/removed what it wrote/);
    rmSync(join(cwd, 'gen'));
    expect(await runInit({ cwd, spec: 'vendor/openapi.yaml', output: 'gen', write: () => undefined })).toBe(0);
  });
});
