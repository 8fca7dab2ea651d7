/**
 * Generated code under a small change of the contract: removing one operation of the engine
 * contract (73 operations) removes that operation's lines and changes no other line of any file;
 * `check` names the removed operation and shows a real line diff; a subset of targets writes an
 * index.ts of that subset (which type-checks) and `check` holds the folder to the same subset; the
 * generated index.ts bundles for a browser without any Node.js module.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { DEFAULT_TARGETS, type Target } from '../../generators/index.js';
import { runCheck } from '../../src/cli/commands/generate.js';
import { generateSpec, type SpecResult } from '../../src/pipeline/generate.js';
import { countChanges, diffLines } from '../../src/report/line-diff.js';
import { typeCheck } from '../support/type-errors.js';

const ROOT = join(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `stable-${process.pid}`);
const SPEC = join(TMP, 'engine', 'openapi.yaml');
const FULL = join(TMP, 'full');
const LESS = join(TMP, 'less');
const CACHE = join(TMP, 'cache');
const REMOVED = { path: '/containers/{id}/top', operationId: 'ContainerTop' };

async function generate(out: string, targets: Target[] = [...DEFAULT_TARGETS], check = false, deferUnused: 'all' | 'auto' = 'auto'): Promise<SpecResult> {
  return generateSpec({ path: SPEC, api: 'engine', out, targets, strict: true, deferUnused }, { cacheDir: CACHE, force: true, check });
}

const read = (dir: string, file: string): string => readFileSync(join(dir, file), 'utf8');
let full = '';

beforeAll(async () => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
  cpSync(join(ROOT, 'specs', 'engine'), join(TMP, 'engine'), { recursive: true });
  await generate(FULL);
  await generate(`${FULL}-deferred`, ['validators'], false, 'all');
  full = readFileSync(SPEC, 'utf8');
  const doc = YAML.parse(full) as { paths: Record<string, unknown> };
  expect(doc.paths[REMOVED.path]).toBeDefined();
  delete doc.paths[REMOVED.path];
  writeFileSync(SPEC, YAML.stringify(doc));
  await generate(LESS);
  await generate(`${LESS}-deferred`, ['validators'], false, 'all');
}, 240_000);

afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('one operation removed', () => {
  it.each(['validators.ts', 'server.ts', 'api.ts', 'mocks.ts', 'mock-tables.ts', 'client.ts', 'types.ts', 'index.ts'])(
    '%s only loses lines: nothing else is renumbered or moved',
    (file) => {
      const { removed, added } = countChanges(diffLines(read(FULL, file).split('\n'), read(LESS, file).split('\n')));
      console.log(`${file}: ${removed} line(s) removed, ${added} added`);
      expect(added).toBe(0);
      // Before: validators.ts had 2321 changed lines (1135 added), Ajv's numbering shifted by one operation.
      if (file === 'validators.ts') expect(removed).toBeLessThan(100);
    },
  );

  it("validators compiled on first use (a very large contract's) only lose lines too: their schemas are data, one per line", () => {
    const edits = diffLines(read(`${FULL}-deferred`, 'validators.ts').split('\n'), read(`${LESS}-deferred`, 'validators.ts').split('\n'));
    const { removed, added } = countChanges(edits);
    console.log(`validators.ts (deferred): ${removed} line(s) removed, ${added} added`);
    expect(read(`${FULL}-deferred`, 'validators.ts')).toContain('__defer(');
    expect(added).toBe(0);
    expect(removed).toBeLessThan(100);
  });

  it("the removed lines of validators.ts are the operation's own", () => {
    const edits = diffLines(read(FULL, 'validators.ts').split('\n'), read(LESS, 'validators.ts').split('\n'));
    // Blocks of removed lines: each is the operation's (it names it) or a validator or constant of
    // its own parameters and schemas, or an error template only they used (named after their content).
    const blocks: string[][] = [];
    let open = false;
    for (const e of edits) {
      if (e.kind === 'del') {
        if (!open) blocks.push([]);
        blocks[blocks.length - 1]?.push(e.line);
      }
      open = e.kind === 'del';
    }
    expect(blocks.length).toBeGreaterThan(3);
    for (const block of blocks) {
      if (block.some((l) => l.includes(REMOVED.operationId))) continue;
      for (const line of block)
        expect(line).toMatch(
          /^(?:const (?:schema_[0-9a-f]{8}|e_[0-9a-f]{6,}) = |function validate_op_|const validate_op_\w+ = \/\* @__PURE__ \*\/ Object\.assign\(function )/,
        );
    }
  });

  it('check names the removed operation and shows only its lines as removed', async () => {
    let out = '';
    const code = await runCheck({ cwd: TMP, spec: SPEC, out: FULL, targets: DEFAULT_TARGETS.join(','), diffLines: 40, write: (t) => (out += t) });
    expect(code).toBe(1);
    expect(out).toContain(`operations removed ${REMOVED.operationId}`);
    // A real diff: no line of a still-present operation is shown as removed or added, nothing is shown as added.
    const shown = out.split('\n').map((l) => l.trim());
    expect(shown.filter((l) => /^\+[^+]/.test(l))).toEqual([]);
    expect(shown.filter((l) => /^-\s*(?:readonly )?"?ContainerLogs"?:/.test(l))).toEqual([]);
    expect(out).not.toMatch(/\d{4,} more changed line/);
  });
});

describe('a subset of targets', () => {
  const SUBSET = join(TMP, 'subset');
  it('writes an index.ts of that subset, which type-checks, and check holds the folder to it', async () => {
    writeFileSync(SPEC, full);
    await generate(SUBSET, ['types', 'client', 'index']);
    const index = read(SUBSET, 'index.ts');
    expect(index).toContain('from "./types.js"');
    expect(index).toContain('from "./client.js"');
    expect(index).not.toMatch(/from "\.\/(?:validators|server|mocks)\.js"/);
    expect(typeCheck([join(SUBSET, 'index.ts')]).diagnostics).toEqual([]);
    const same = await generate(SUBSET, ['types', 'client', 'index'], true);
    expect(same.files.filter((f) => f.state !== 'unchanged')).toEqual([]);
    const all = await generate(SUBSET, [...DEFAULT_TARGETS], true);
    expect(
      all.files
        .filter((f) => f.state === 'missing')
        .map((f) => f.path)
        .sort(),
    ).toEqual(['api.ts', 'fetch.ts', 'mock-tables.ts', 'mocks.ts', 'serializers.ts', 'server.ts', 'validators.ts']);
  });
});

describe('the generated index.ts', () => {
  it('bundles for a browser with no Node.js module (the server and mock are imported from their own files)', async () => {
    const esbuild = await import('esbuild');
    const entry = join(TMP, 'entry.ts');
    writeFileSync(
      entry,
      `import { createClient, operationValidators } from ${JSON.stringify(join(FULL, 'index.js'))};\nexport const client = createClient({ baseUrl: 'http://127.0.0.1:1' });\nexport const v = operationValidators;\n`,
    );
    const result = await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: [entry],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((p) => p.startsWith('node:'))).toBe(false);
    expect(inputs.some((p) => /runtime\/(?:src\/)?(?:dist\/)?server\//.test(p))).toBe(false);
  });
});
