/**
 * The folder's manifest names the targets that wrote files there, so `specforge check` over the
 * config judges the files, not how the config spells its targets: a target that writes nothing for
 * the contract (cli for an HTTP interface) is not named, and a run of `--targets` over some of the
 * config's targets keeps naming the other targets and their files (which it leaves on disk), so the
 * config's check stays clean after it. A user who changes the config's targets and runs generate
 * gets a clean check, with the dropped targets' files removed.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck, runGenerate } from '../../src/cli/commands/generate.js';
import { runInit } from '../../src/cli/commands/init.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `generate-manifest-targets-${process.pid}`);
const SPEC_LINE = '  - path: "contracts/todos/openapi.yaml"';

beforeAll(() => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

/** A repository after `specforge init` (the default targets). */
async function repo(name: string): Promise<{ dir: string; out: string }> {
  const dir = join(TMP, name);
  mkdirSync(dir);
  await runInit({ cwd: dir, framework: 'node-http', write: () => undefined });
  return { dir, out: join(dir, 'src', 'generated', 'todos') };
}

function setTargets(dir: string, targets: string): void {
  const config = join(dir, 'specforge.config.yaml');
  const text = readFileSync(config, 'utf8');
  expect(text).toContain(SPEC_LINE);
  writeFileSync(
    config,
    text.replace(/\n {2}- path: "contracts\/todos\/openapi\.yaml"(\n {4}targets: \[[^\]]*\])?/, `\n${SPEC_LINE}\n    targets: [${targets}]`),
  );
}

function manifest(out: string): { targets: string[]; files: string[] } {
  return JSON.parse(readFileSync(join(out, 'specforge-manifest.json'), 'utf8')) as { targets: string[]; files: string[] };
}

async function check(dir: string, targets?: string): Promise<{ code: number; text: string }> {
  let text = '';
  const code = await runCheck({ cwd: dir, ...(targets === undefined ? {} : { targets }), write: (t) => void (text += t) });
  return { code, text };
}

async function generate(dir: string, targets?: string): Promise<string> {
  let text = '';
  await runGenerate({ cwd: dir, ...(targets === undefined ? {} : { targets }), write: (t) => void (text += t) });
  return text;
}

describe("the manifest's targets", () => {
  it('name only the targets that wrote files: a config listing the same files without cli finds the folder up to date', async () => {
    const { dir, out } = await repo('no-cli');
    // The default targets include cli, which writes nothing for an HTTP contract.
    expect(manifest(out).targets).toEqual(['client', 'index', 'mocks', 'server', 'types', 'validators']);
    setTargets(dir, 'types, validators, server, mocks, client, index');
    expect(await check(dir)).toEqual({ code: 0, text: 'generated files are up to date\n' });
    await generate(dir);
    expect(await check(dir)).toEqual({ code: 0, text: 'generated files are up to date\n' });
  });

  it("a --targets run over some of the config's targets keeps naming the others and their files: check over the config stays clean", async () => {
    const { dir, out } = await repo('partial');
    const full = readFileSync(join(out, 'specforge-manifest.json'), 'utf8');
    expect(await generate(dir, 'types')).toMatch(/src\/generated\/todos: 0 written, 2 unchanged\n/);
    expect(readFileSync(join(out, 'specforge-manifest.json'), 'utf8')).toBe(full);
    expect(await check(dir, 'types')).toEqual({ code: 0, text: 'generated files are up to date\n' });
    expect(await check(dir)).toEqual({ code: 0, text: 'generated files are up to date\n' });
    // A run of a target the config lacks adds it and its file to the manifest: the config's check names what it no longer produces.
    await generate(dir, 'types,sdk');
    expect(existsSync(join(out, 'sdk.ts'))).toBe(true);
    expect(manifest(out).targets).toContain('sdk');
    expect(manifest(out).files).toContain('sdk.ts');
    const extra = await check(dir);
    expect(extra.code).toBe(1);
    expect(extra.text).toContain('extra: src/generated/todos/sdk.ts was generated earlier');
    // generate over the config removes it, and the folder is the config's again.
    expect(await generate(dir)).toMatch(/1 removed/);
    expect(existsSync(join(out, 'sdk.ts'))).toBe(false);
    expect(readFileSync(join(out, 'specforge-manifest.json'), 'utf8')).toBe(full);
    expect(await check(dir)).toEqual({ code: 0, text: 'generated files are up to date\n' });
  });

  it("a config that drops a target, then generate and check: the dropped target's files are removed and check is clean", async () => {
    const { dir, out } = await repo('dropped');
    setTargets(dir, 'types, validators, client, index');
    // A --targets run first leaves the dropped targets' files and names them still.
    await generate(dir, 'types');
    expect(existsSync(join(out, 'server.ts'))).toBe(true);
    expect(manifest(out).targets).toContain('server');
    const text = await generate(dir);
    expect(text).toMatch(/removed/);
    for (const f of ['server.ts', 'mocks.ts', 'api.ts', 'mock-tables.ts']) expect(existsSync(join(out, f)), f).toBe(false);
    expect(manifest(out).targets).toEqual(['client', 'index', 'types', 'validators']);
    expect(await check(dir)).toEqual({ code: 0, text: 'generated files are up to date\n' });
  });
  it('names no file outside the folder nor an unknown target, whatever the manifest on disk says', async () => {
    const { dir, out } = await repo('hostile');
    writeFileSync(join(dir, 'outside.txt'), 'not generated\n');
    const path = join(out, 'specforge-manifest.json');
    const planted = {
      ...manifest(out),
      targets: [...manifest(out).targets, 'evil"target'],
      files: [...manifest(out).files, '../../../outside.txt', '/etc/passwd'],
    };
    writeFileSync(path, JSON.stringify(planted, null, 2));
    await generate(dir, 'types');
    expect(manifest(out).files.filter((f) => f.includes('..') || f.startsWith('/'))).toEqual([]);
    expect(manifest(out).targets).toEqual(['client', 'index', 'mocks', 'server', 'types', 'validators']);
    expect(existsSync(join(dir, 'outside.txt'))).toBe(true);
  });
});
