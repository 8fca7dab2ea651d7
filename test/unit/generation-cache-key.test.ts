/**
 * The generation cache is keyed by every input: adding `overlays:` or `errors:` to the config, or
 * editing an overlay file, regenerates (never "up to date (cached)"), and `check` reports the drift
 * before `generate` runs.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { runCheck, runGenerate } from '../../src/cli/commands/generate.js';
import { registerPatches } from '../../src/cli/patches.js';
import { clearContractPatches, setPatchReporter } from '../../src/contract/patches.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `generation-cache-key-${process.pid}`);
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
afterEach(() => {
  clearContractPatches();
  setPatchReporter(undefined);
});

const CONTRACT = {
  openapi: '3.1.0',
  info: { title: 'notes', version: '1' },
  paths: {
    '/notes': {
      get: {
        operationId: 'listNotes',
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Note' } } } } },
          '404': { description: 'none', content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      Note: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, text: { type: 'string' } } },
      Problem: { type: 'object', required: ['detail', 'code'], properties: { detail: { type: 'string' }, code: { type: 'integer' } } },
    },
  },
};

let dir = '';
let n = 0;
beforeEach(() => {
  dir = join(TMP, `p${n++}`);
  mkdirSync(join(dir, 'contracts', 'notes'), { recursive: true });
  writeFileSync(join(dir, 'contracts', 'notes', 'openapi.yaml'), stringify(CONTRACT));
});

function config(extra: Record<string, unknown> = {}): void {
  const spec = { path: 'contracts/notes/openapi.yaml', targets: ['server', 'mocks', 'client'], ...extra };
  writeFileSync(join(dir, 'specforge.config.yaml'), stringify({ output: 'generated', specs: [spec] }));
}

/** What one command prints and returns, with the config's patches registered as the command line does. */
async function run(command: 'generate' | 'check'): Promise<{ code: number; text: string }> {
  registerPatches({}, dir);
  setPatchReporter(undefined);
  let text = '';
  const options = { cwd: dir, write: (t: string) => void (text += t) };
  const code = command === 'generate' ? await runGenerate(options) : await runCheck({ ...options, diffLines: 0 });
  clearContractPatches();
  return { code, text };
}

/** Every generated file's text, by name. */
function generated(): Record<string, string> {
  const out = join(dir, 'generated', 'notes');
  return Object.fromEntries(readdirSync(out).map((name) => [name, readFileSync(join(out, name), 'utf8')]));
}

const OVERLAY = (summary: string): string =>
  stringify({ overlay: '1.0.0', info: { title: 'fix', version: '1' }, actions: [{ target: "$.paths['/notes'].get", update: { summary } }] });

describe('the generation cache', () => {
  it('regenerates when errors: is added to the config, and check reports the drift first', async () => {
    config();
    expect((await run('generate')).text).toContain('written');
    expect((await run('generate')).text).toContain('up to date (cached)');
    const before = generated();
    config({ errors: { schema: '#/components/schemas/Problem', fields: { message: 'detail', status: 'code' } } });
    const check = await run('check');
    expect(check.code).toBe(1);
    expect(check.text).toContain('differ from what the contracts produce');
    const again = await run('generate');
    expect(again.text).not.toContain('cached');
    expect(again.text).toMatch(/[1-9]\d* written/);
    expect(generated()).not.toEqual(before);
    expect((await run('check')).code).toBe(0);
  });

  it('regenerates when overlays: is added, and again when the overlay file changes', async () => {
    config();
    await run('generate');
    writeFileSync(join(dir, 'fix.overlay.yaml'), OVERLAY('List the notes'));
    config({ overlays: ['fix.overlay.yaml'] });
    expect((await run('check')).code).toBe(1);
    const added = await run('generate');
    expect(added.text).not.toContain('cached');
    expect((await run('check')).code).toBe(0);
    const manifest = readFileSync(join(dir, 'generated', 'notes', 'specforge-manifest.json'), 'utf8');
    // The overlay's content changes (same size, so only the content tells).
    writeFileSync(join(dir, 'fix.overlay.yaml'), OVERLAY('List the NOTES'));
    expect((await run('check')).code).toBe(1);
    const edited = await run('generate');
    expect(edited.text).not.toContain('cached');
    expect(readFileSync(join(dir, 'generated', 'notes', 'specforge-manifest.json'), 'utf8')).not.toBe(manifest);
    expect((await run('check')).code).toBe(0);
    expect((await run('generate')).text).toContain('up to date (cached)');
  });
});
