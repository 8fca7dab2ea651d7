/**
 * Adding a target never deletes another: the README's commands after `init --client react-query`
 * (a run with `--targets` on the command line, then msw added to the config's targets) keep every
 * file the other targets wrote, and the summary line counts what was written and removed. Files
 * specforge wrote are removed only when the targets that wrote them run and no longer produce them.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck, runGenerate } from '../../src/cli/commands/generate.js';
import { runInit } from '../../src/cli/commands/init.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `generate-targets-${process.pid}`);
const quiet = (): void => undefined;
beforeAll(() => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const HOOKS = ['sdk.ts', 'react-query.ts', 'index.ts', 'client.ts', 'types.ts'];

async function generate(cwd: string, targets?: string): Promise<string> {
  let text = '';
  await runGenerate({ cwd, ...(targets === undefined ? {} : { targets }), write: (t) => void (text += t) });
  return text;
}

describe('generate --targets after init --client react-query', () => {
  it("keeps the other targets' files, and says what it wrote", async () => {
    const dir = join(TMP, 'readme');
    mkdirSync(dir);
    await runInit({ cwd: dir, client: 'react-query', framework: 'node-http', write: quiet });
    const out = join(dir, 'src', 'generated', 'todos');
    for (const f of HOOKS) expect(existsSync(join(out, f)), f).toBe(true);
    // The command line's targets are this run's: the files of the others stay.
    const text = await generate(dir, 'types,validators,server,mocks,client,msw');
    for (const f of [...HOOKS, 'msw.ts']) expect(existsSync(join(out, f)), f).toBe(true);
    expect(text).toMatch(/src\/generated\/todos: 2 written, \d+ unchanged\n/);
    expect(text).not.toContain('removed');
    // msw in the config's targets (what the README says): generate keeps everything, check is clean.
    const config = join(dir, 'specforge.config.yaml');
    writeFileSync(config, readFileSync(config, 'utf8').replace('react-query, index]', 'react-query, msw, index]'));
    await generate(dir);
    for (const f of [...HOOKS, 'msw.ts']) expect(existsSync(join(out, f)), f).toBe(true);
    expect(await runCheck({ cwd: dir, write: quiet })).toBe(0);
  });

  it('removes a file its own targets no longer produce, and counts it', async () => {
    const dir = join(TMP, 'dropped');
    mkdirSync(dir);
    await runInit({ cwd: dir, client: 'sdk', framework: 'node-http', write: quiet });
    const out = join(dir, 'src', 'generated', 'todos');
    expect(existsSync(join(out, 'sdk.ts'))).toBe(true);
    // The config drops sdk: the next run of the config's targets removes what sdk wrote, and says so.
    const config = join(dir, 'specforge.config.yaml');
    writeFileSync(config, readFileSync(config, 'utf8').replace(', sdk, index]', ', index]'));
    const text = await generate(dir);
    expect(existsSync(join(out, 'sdk.ts'))).toBe(false);
    expect(text).toMatch(/src\/generated\/todos: \d+ written, 1 removed, \d+ unchanged\n/);
    expect(await runCheck({ cwd: dir, write: quiet })).toBe(0);
  });
});
