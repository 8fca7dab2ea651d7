/**
 * The `diff:` and `docs:` sections of specforge.config.yaml: diff.deprecationDays, diff.failOn and
 * diff.accept as `specforge diff`, `changelog` and `docs` read them (a flag given wins), and
 * docs.changelogBase publishing the changelog without the flag; a bad value or an unknown key in
 * either section is an input error at file:line:col.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChangelog } from '../../src/cli/commands/changelog.js';
import { runDiff, type DiffOptions } from '../../src/cli/commands/diff.js';
import { runDocs } from '../../src/cli/commands/docs.js';
import { configText } from '../../src/cli/commands/init.js';
import { ContractError, UsageError } from '../../src/contract/errors.js';
import type { Changelog } from '../../src/diff/changelog.js';
import { loadConfig } from '../../src/config/config.js';
import type { Finding } from '../../src/report/findings.js';
import { api, OK, ROOT, writeFiles, type Doc } from './helpers.js';

const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
// Outside the repository: no specforge.config.yaml above it but the ones written here.
const TMP = realpathSync(mkdtempSync(join(tmpdir(), 'specforge-config-diff-')));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const NOW = new Date('2025-06-01T08:00:00Z');
/** A deprecated operation without x-sunset, and the same contract without it. */
const WITH_DEPRECATED: Doc = api({ '/a': { get: { responses: OK }, post: { deprecated: true, responses: OK } } });
const WITHOUT: Doc = api({ '/a': { get: { responses: OK } } });

function folder(name: string, config?: string): string {
  const dir = join(TMP, name);
  writeFiles(dir, { 'base/api/openapi.yaml': WITH_DEPRECATED, 'head/api/openapi.yaml': WITHOUT });
  if (config !== undefined) writeFileSync(join(dir, 'specforge.config.yaml'), config);
  return dir;
}

async function diff(cwd: string, options: DiffOptions = {}): Promise<{ code: number; findings: Array<[string, string]>; warnings: string }> {
  let out = '';
  let warnings = '';
  const code = await runDiff({
    cwd,
    specs: ['base/api/openapi.yaml', 'head/api/openapi.yaml'],
    format: 'json',
    now: NOW,
    ...options,
    write: (t) => (out += t),
    warn: (t) => (warnings += t),
  });
  return { code, findings: (JSON.parse(out) as { findings: Finding[] }).findings.map((f) => [f.rule, f.level]), warnings };
}

const SPECS = 'specs:\n  - path: head/api/openapi.yaml\n';

describe('diff: in the config, read by specforge diff', () => {
  it('diff.deprecationDays makes removing a deprecated operation without x-sunset breaking; the flag wins', async () => {
    const none = folder('no-config');
    expect(await diff(none)).toMatchObject({ code: 0, findings: [['api-removed-with-deprecation', 'info']] });
    const dir = folder('days', `${SPECS}diff:\n  deprecationDays: 90\n`);
    expect(await diff(dir)).toMatchObject({ code: 1, findings: [['api-deprecated-sunset-missing', 'error']] });
    // From a subfolder: the config is found above it.
    const sub = join(dir, 'head');
    expect(await diff(sub, { specs: ['../base/api/openapi.yaml', 'api/openapi.yaml'] })).toMatchObject({
      code: 1,
      findings: [['api-deprecated-sunset-missing', 'error']],
    });
    expect(await diff(dir, { deprecationDays: '0' })).toMatchObject({ code: 0, findings: [['api-removed-with-deprecation', 'info']] });
    expect(await diff(dir, { deprecationDays: 0 })).toMatchObject({ code: 0 });
  });

  it('diff.failOn: warning fails on a warning; --fail-on breaking wins', async () => {
    const dir = join(TMP, 'fail-on');
    const param = (params: Doc[]): Doc => api({ '/a': { get: { parameters: params, responses: OK } } });
    writeFiles(dir, { 'base/api/openapi.yaml': param([{ name: 'sort', in: 'query', schema: { type: 'string' } }]), 'head/api/openapi.yaml': param([]) });
    writeFileSync(join(dir, 'specforge.config.yaml'), `${SPECS}diff:\n  failOn: warning\n`);
    expect(await diff(dir)).toMatchObject({ code: 1, findings: [['request-parameter-removed', 'warning']] });
    expect(await diff(dir, { failOn: 'breaking' })).toMatchObject({ code: 0 });
  });

  it("diff.accept names a file relative to the config's folder; --accept (relative to the working folder) wins", async () => {
    const dir = folder('accept', `${SPECS}diff:\n  deprecationDays: 90\n  accept: policy/accepted.yaml\n`);
    const accepted = 'accepted:\n  - rule: api-deprecated-sunset-missing\n    operation: POST /a\n    reason: announced by mail\n';
    writeFiles(dir, { 'policy/accepted.yaml': accepted, 'other.yaml': 'accepted: []\n' });
    expect(await diff(dir)).toMatchObject({ code: 0, findings: [['api-deprecated-sunset-missing', 'info']] });
    expect(await diff(join(dir, 'head'), { specs: ['../base/api/openapi.yaml', 'api/openapi.yaml'] })).toMatchObject({ code: 0 });
    expect(await diff(dir, { accept: 'other.yaml' })).toMatchObject({ code: 1, findings: [['api-deprecated-sunset-missing', 'error']] });
  });

  it('a bad flag is still a usage error over a good config', async () => {
    const dir = folder('bad-flag', `${SPECS}diff:\n  deprecationDays: 90\n  failOn: warning\n`);
    await expect(diff(dir, { deprecationDays: 'ten' })).rejects.toThrow(UsageError);
    await expect(diff(dir, { failOn: 'info' })).rejects.toThrow(/--fail-on must be breaking or warning, not "info"/);
  });

  it('specforge changelog reads diff.deprecationDays: the removal is breaking and calls for a major bump; the flag wins', async () => {
    const dir = folder('changelog', `${SPECS}diff:\n  deprecationDays: 90\n`);
    const log = async (deprecationDays?: string): Promise<Changelog> => {
      let out = '';
      await runChangelog({
        cwd: dir,
        specs: ['base/api/openapi.yaml', 'head/api/openapi.yaml'],
        format: 'json',
        now: NOW,
        ...(deprecationDays !== undefined ? { deprecationDays } : {}),
        write: (t) => (out += t),
      });
      return JSON.parse(out) as Changelog;
    };
    const strict = (await log()).contracts[0];
    expect(strict?.operations.flatMap((g) => g.entries.map((e) => [e.rule, e.category]))).toEqual([['api-deprecated-sunset-missing', 'breaking']]);
    expect(strict?.version.bump).toBe('major');
    const lax = (await log('0')).contracts[0];
    expect(lax?.operations.flatMap((g) => g.entries.map((e) => [e.rule, e.category]))).toEqual([['api-removed-with-deprecation', 'change']]);
    expect(lax?.version.bump).toBe('patch');
  });
});

describe('bad diff: and docs: settings are errors at file:line:col', () => {
  const at = (text: string): string => {
    const dir = join(TMP, `bad-${Math.random().toString(36).slice(2)}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'specforge.config.yaml'), text);
    try {
      loadConfig(dir);
    } catch (err) {
      expect(err).toBeInstanceOf(ContractError);
      return (err as Error).message.replace(`${dir}/`, '');
    }
    throw new Error('the config was accepted');
  };

  it.each([
    [
      'diff:\n  deprecationDays: ninety\n',
      'specforge.config.yaml:4:3: error SPECFORGE_CONFIG: diff.deprecationDays must be a whole number of days (0 or more), not "ninety"',
    ],
    [
      'diff:\n  deprecationDays: -1\n',
      'specforge.config.yaml:4:3: error SPECFORGE_CONFIG: diff.deprecationDays must be a whole number of days (0 or more), not -1',
    ],
    [
      'diff:\n  failOn: 30\n  deprecationDays: 1.5\n',
      'specforge.config.yaml:5:3: error SPECFORGE_CONFIG: diff.deprecationDays must be a whole number of days (0 or more), not 1.5',
    ],
    ['diff: { failOn: error }\n', 'specforge.config.yaml:3:9: error SPECFORGE_CONFIG: diff.failOn must be breaking or warning, not "error"'],
    [
      'diff:\n  accept: [a.yaml]\n',
      'specforge.config.yaml:4:3: error SPECFORGE_CONFIG: diff.accept must be the path of a file of accepted changes, not a list',
    ],
    [
      'diff: 90\n',
      'specforge.config.yaml:3:1: error SPECFORGE_CONFIG: diff must be a mapping of settings (deprecationDays, failOn, accept, severity, matchPath, unmatchPath)',
    ],
    ['diff:\n  deprecation-days: 90\n', 'specforge.config.yaml:4:3: error SPECFORGE_CONFIG: unknown key "deprecation-days" in diff'],
    ['docs:\n  changelogBase: 1.0\n', 'specforge.config.yaml:4:3: error SPECFORGE_CONFIG: docs.changelogBase must be a git revision (a tag, a branch), not 1'],
    ['docs:\n  changelog: v1\n', 'specforge.config.yaml:4:3: error SPECFORGE_CONFIG: unknown key "changelog" in docs'],
  ])('%j', (section, message) => {
    expect(at(`specs:\n  - path: api/openapi.yaml\n${section}`)).toContain(message);
  });

  it('an unknown key gets the nearest known one as a hint', () => {
    expect(at(`${SPECS}diff:\n  deprecationDay: 90\n`)).toContain('hint: did you mean "deprecationDays"?');
    expect(at(`${SPECS}docs:\n  changelogbase: v1\n`)).toContain('hint: did you mean "changelogBase"?');
  });

  it('in a script config too, at the key', () => {
    const dir = join(TMP, 'bad-cjs');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'specforge.config.cjs'), "module.exports = {\n  specs: ['api/openapi.yaml'],\n  diff: { deprecationDays: '90' },\n};\n");
    expect(() => loadConfig(dir)).toThrow(
      /specforge\.config\.cjs:3:11: error SPECFORGE_CONFIG: diff\.deprecationDays must be a whole number of days \(0 or more\), not "90"/,
    );
  });

  it("init's config, with its commented diff: and docs: lines turned on, is read as they say", () => {
    const dir = join(TMP, 'init-template');
    mkdirSync(dir, { recursive: true });
    const text = configText(['head/api/openapi.yaml'], 'generated');
    const on = text.replace(/^# (diff:|docs:)/gm, '$1').replace(/^#( +(deprecationDays|accept|changelogBase):)/gm, '$1');
    expect(on).not.toBe(text);
    writeFileSync(join(dir, 'specforge.config.yaml'), on);
    const config = loadConfig(dir);
    expect(config.diff).toEqual({ deprecationDays: 90, accept: join(dir, 'accepted.yaml') });
    expect(config.docs).toEqual({ changelogBase: 'origin/main' });
  });

  it('good settings are read, accept resolved against the config folder', () => {
    const dir = join(TMP, 'good');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'specforge.config.yaml'),
      `${SPECS}diff:\n  deprecationDays: 0\n  failOn: warning\n  accept: accepted.yaml\ndocs:\n  changelogBase: v1.4.2\n`,
    );
    const config = loadConfig(join(dir));
    expect(config.diff).toEqual({ deprecationDays: 0, failOn: 'warning', accept: join(dir, 'accepted.yaml') });
    expect(config.docs).toEqual({ changelogBase: 'v1.4.2' });
    writeFileSync(join(dir, 'specforge.config.yaml'), SPECS);
    expect(loadConfig(dir)).toMatchObject({ diff: {}, docs: {} });
  });

  it('through the built CLI: diff of two files exits 2 with the location, no stack trace', () => {
    if (!existsSync(CLI)) throw new Error('build specforge first (npm run build)');
    const dir = folder('bad-cli', `${SPECS}diff:\n  deprecationDays: soon\n`);
    const r = spawnSync(process.execPath, [CLI, 'diff', 'base/api/openapi.yaml', 'head/api/openapi.yaml'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(
      'specforge.config.yaml:4:3: error SPECFORGE_CONFIG: diff.deprecationDays must be a whole number of days (0 or more), not "soon"',
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
    writeFileSync(join(dir, 'specforge.config.yaml'), `${SPECS}diff:\n  deprecationDays: 90\n`);
    const strict = spawnSync(process.execPath, [CLI, 'diff', 'base/api/openapi.yaml', 'head/api/openapi.yaml'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(strict.status).toBe(1);
    expect(strict.stdout).toContain('api-deprecated-sunset-missing');
    const lax = spawnSync(process.execPath, [CLI, 'diff', 'base/api/openapi.yaml', 'head/api/openapi.yaml', '--deprecation-days', '0'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(lax.status).toBe(0);
  });
});

describe('with a git repository', () => {
  let repo: string;
  const git = (...args: string[]): void => {
    const r = spawnSync('git', ['-c', 'user.name=specforge', '-c', 'user.email=specforge@example.com', '-c', 'commit.gpgsign=false', ...args], {
      cwd: repo,
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  };
  const config = (extra: string): void => writeFileSync(join(repo, 'specforge.config.yaml'), `specs:\n  - path: specs/pets/openapi.yaml\n${extra}`);
  const pets = (doc: Doc): Doc => ({ ...doc, info: { title: 'Pets', version: '1.0.0' } });

  beforeAll(() => {
    repo = realpathSync(mkdtempSync(join(tmpdir(), 'specforge-config-git-')));
    git('init', '-q');
    writeFiles(repo, { 'specs/pets/openapi.yaml': pets(WITH_DEPRECATED) });
    config('');
    git('add', '.');
    git('commit', '-qm', 'pets with a deprecated operation');
    git('tag', 'v1');
    writeFiles(repo, { 'specs/pets/openapi.yaml': pets(WITHOUT) });
  });

  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('specforge diff --base reads diff.deprecationDays of the config', async () => {
    config('diff:\n  deprecationDays: 30\n');
    let out = '';
    expect(await runDiff({ cwd: repo, base: 'v1', format: 'json', write: (t) => (out += t) })).toBe(1);
    expect((JSON.parse(out) as { findings: Finding[] }).findings.map((f) => f.rule)).toEqual(['api-deprecated-sunset-missing']);
    expect(await runDiff({ cwd: repo, base: 'v1', deprecationDays: '0', write: () => undefined })).toBe(0);
  });

  it('specforge docs publishes the changelog since docs.changelogBase without the flag, judged with diff.deprecationDays; the flag wins', async () => {
    config('diff:\n  deprecationDays: 30\ndocs:\n  changelogBase: v1\n');
    const out = join(repo, 'site');
    let printed = '';
    expect(await runDocs({ cwd: repo, out: 'site', write: (t) => (printed += t) })).toBe(0);
    const html = readFileSync(join(out, 'pets', 'changelog.html'), 'utf8');
    expect(html).toContain('api-deprecated-sunset-missing');
    expect(readFileSync(join(out, 'pets', 'changelog.md'), 'utf8')).toContain('since `v1`: 1 breaking change.');
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('<a href="./pets/changelog.html">changelog</a>');
    expect(printed).toContain('site/pets/changelog.html: changes of Pets since v1\n');
    // The flag wins: a revision that does not exist fails although the config's exists.
    await expect(runDocs({ cwd: repo, out: 'site-flag', changelogBase: 'no-such-tag', write: () => undefined })).rejects.toThrow(/no such revision/);
    expect(existsSync(join(repo, 'site-flag'))).toBe(false);
    // --no-changelog: none published, although the config names a revision.
    expect(await runDocs({ cwd: repo, out: 'site-none', changelog: false, write: () => undefined })).toBe(0);
    expect(existsSync(join(repo, 'site-none', 'index.html'))).toBe(true);
    expect(existsSync(join(repo, 'site-none', 'pets', 'changelog.html'))).toBe(false);
  });
});
