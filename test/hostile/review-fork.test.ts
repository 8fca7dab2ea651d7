/**
 * `specforge review --base <ref>` on a pull request from a fork runs no code the pull request
 * carries. The config that governs a review is the base revision's: an executable config
 * (specforge.config.ts and the rest) runs only when it is byte-identical to the base's, and then
 * with nothing of the checkout on its module path; one the pull request adds, changes or swaps
 * the YAML config for stops the review (exit 2) naming the file; a YAML config the pull request
 * changes is not read. Each case is a temporary git repository: a base commit (`main`) with a
 * contract and a config, a head commit that tries to run code, which writes a marker file outside
 * the repository when it runs. Also: the GitHub Action runs specforge from its own install,
 * never a file of the checked-out workspace.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCheck, runGenerate } from '../../src/cli/commands/generate.js';
import { runReview } from '../../src/cli/commands/review.js';
import { sha256 } from '../../src/contract/source.js';
import { handleError } from '../../src/cli/errors.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
let TMP = '';

const CONTRACT = `openapi: 3.1.0
info:
  title: pets
  version: 1.0.0
paths:
  /pets:
    get:
      operationId: listPets
      summary: List the pets
      responses:
        '200':
          description: the pets
          content:
            application/json:
              schema:
                type: array
                items:
                  type: string
  /pets/{id}:
    get:
      operationId: getPet
      summary: One pet
      parameters:
        - name: id
          in: path
          required: true
          schema:
            type: string
      responses:
        '200':
          description: the pet
          content:
            application/json:
              schema:
                type: string
`;
/** The head's contract: one operation removed, a breaking change. */
const BROKEN = CONTRACT.slice(0, CONTRACT.indexOf('  /pets/{id}:'));
const YAML_CONFIG = 'output: generated\nspecs:\n  - path: specs/pets/openapi.yaml\n    targets: [types]\n';

/** Code that leaves the marker behind when it runs. */
function payload(tag: string): string {
  return `require('node:fs').appendFileSync(${JSON.stringify(marker(tag))}, 'ran\\n');\n`;
}

/** The marker file of one case, outside every repository. */
function marker(tag: string): string {
  return join(TMP, `ran-${tag}`);
}

function git(cwd: string, ...args: string[]): void {
  const r = spawnSync(
    'git',
    ['-c', 'user.name=specforge', '-c', 'user.email=specforge@example.com', '-c', 'commit.gpgsign=false', '-c', 'init.defaultBranch=main', ...args],
    { cwd, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
}

function put(repo: string, files: Record<string, string | null>): void {
  for (const [path, text] of Object.entries(files)) {
    const abs = join(repo, path);
    if (text === null) {
      rmSync(abs, { force: true });
      continue;
    }
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, text);
  }
}

/** A repository whose `main` holds `base` (over the contract), and whose work tree and HEAD hold `head` over it. */
function repository(name: string, base: Record<string, string | null>, head: Record<string, string | null>): string {
  const repo = join(TMP, name);
  mkdirSync(repo, { recursive: true });
  put(repo, { 'specs/pets/openapi.yaml': CONTRACT, ...base });
  git(repo, 'init', '-q');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'base');
  git(repo, 'checkout', '-qb', 'fork');
  put(repo, head);
  git(repo, 'add', '-A', '-f');
  git(repo, 'commit', '-qm', 'head', '--allow-empty');
  return repo;
}

interface Reviewed {
  code: number;
  out: string;
  err: string;
}

/** runReview in process, as the command line runs it: a thrown error becomes its message and exit code. */
async function review(cwd: string, extra: Record<string, unknown> = {}): Promise<Reviewed> {
  let out = '';
  let err = '';
  const summary = join(TMP, `summary-${Math.random().toString(36).slice(2)}.md`);
  const stderr = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string | Uint8Array): boolean => {
    err += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  }) as typeof process.stderr.write;
  let code: number;
  try {
    code = await runReview({ cwd, base: 'main', format: 'json', summary, env: {}, write: (t) => (out += t), ...extra });
  } catch (e) {
    code = handleError(e);
  } finally {
    process.stderr.write = stderr;
  }
  return { code, out, err };
}

/** What the case's payloads left behind: '' when none ran. */
function ran(tag: string): string {
  return existsSync(marker(tag)) ? readFileSync(marker(tag), 'utf8') : '';
}

beforeAll(() => {
  TMP = realpathSync(mkdtempSync(join(tmpdir(), 'specforge-review-fork-')));
});

afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('review --base runs no code from the pull request', () => {
  it('a head that swaps the YAML config for specforge.config.ts: refused (exit 2) naming the file, never loaded', async () => {
    const tsConfig = `${payload('swapped')}export default { specs: ['specs/pets/openapi.yaml'] };\n`;
    const repo = repository('swap', { 'specforge.config.yaml': YAML_CONFIG }, { 'specforge.config.yaml': null, 'specforge.config.ts': tsConfig });
    const r = await review(repo);
    expect(ran('swapped')).toBe('');
    expect(r.code).toBe(2);
    expect(r.err).toContain('specforge.config.ts');
    expect(r.err).toContain('main');
  });

  it('a head that adds specforge.config.ts in the folder review runs from: refused, never loaded', async () => {
    const repo = repository(
      'nearer',
      { 'specforge.config.yaml': YAML_CONFIG },
      { 'specs/specforge.config.ts': `${payload('nearer')}export default { specs: ['pets/openapi.yaml'] };\n` },
    );
    const r = await review(join(repo, 'specs'));
    expect(ran('nearer')).toBe('');
    expect(r.code).toBe(2);
    expect(r.err).toContain('specs/specforge.config.ts');
  });

  it("a head that edits the base's specforge.config.ts: refused, never loaded", async () => {
    const benign = "export default { specs: [{ path: 'specs/pets/openapi.yaml', targets: ['types'] }] };\n";
    const repo = repository('edited', { 'specforge.config.ts': benign }, { 'specforge.config.ts': `${payload('edited')}${benign}` });
    const r = await review(repo);
    expect(ran('edited')).toBe('');
    expect(r.code).toBe(2);
    expect(r.err).toContain('specforge.config.ts');
    expect(r.err).toMatch(/differs from|not the same/);
  });

  it("a config identical to the base's runs with nothing of the checkout on its module path: the head's node_modules/specforge and a helper it edits never run", async () => {
    const config =
      "import { defineConfig } from 'specforge';\nexport default defineConfig({ specs: [{ path: 'specs/pets/openapi.yaml', targets: ['types'] }] });\n";
    const repo = repository(
      'identical',
      { 'specforge.config.ts': config },
      {
        'node_modules/specforge/package.json': '{ "name": "specforge", "main": "index.js" }\n',
        'node_modules/specforge/index.js': `${payload('node_modules')}exports.defineConfig = (c) => c;\n`,
      },
    );
    const r = await review(repo);
    expect(ran('node_modules')).toBe('');
    // The breaking change is not there; what decides is that the review ran (0 or 1, not 2).
    expect(r.code, r.err).not.toBe(2);
  });

  it("a config identical to the base's that imports a file of the checkout: refused, naming the import, the file never loaded", async () => {
    const config = "import { specs } from './specs-list.cjs';\nexport default { specs };\n";
    const repo = repository(
      'helper',
      { 'specforge.config.ts': config, 'specs-list.cjs': "exports.specs = ['specs/pets/openapi.yaml'];\n" },
      { 'specs-list.cjs': `${payload('helper')}exports.specs = ['specs/pets/openapi.yaml'];\n` },
    );
    const r = await review(repo);
    expect(ran('helper')).toBe('');
    expect(r.code).toBe(2);
    expect(r.err).toContain('specforge.config.ts');
    expect(r.err).toContain('./specs-list.cjs');
  });

  it("a head that rewrites the YAML config (hooks, its own settings) is not read: the base's config governs, and a note names the file", async () => {
    const repo = repository(
      'yaml',
      { 'specforge.config.yaml': YAML_CONFIG },
      {
        // Silences the breaking change and adds a hook that would run the head's script.
        'specforge.config.yaml': `${YAML_CONFIG}hooks:\n  afterWrite: ['node evil.cjs']\ndiff:\n  severity:\n    api-path-removed: off\n`,
        'evil.cjs': payload('hook'),
        'specs/pets/openapi.yaml': BROKEN,
      },
    );
    const r = await review(repo);
    expect(ran('hook')).toBe('');
    expect(r.err).toContain('specforge.config.yaml');
    expect(r.err).toContain('main');
    // The base's config has no severity override: the removed operation is a breaking change.
    expect(r.code).toBe(1);
    const rules = (JSON.parse(r.out) as { findings: Array<{ rule: string }> }).findings.map((f) => f.rule);
    expect(rules).toContain('api-path-removed');
  });

  it('a cache folder the pull request commits cannot hide a hand-edited generated file', async () => {
    const repo = repository('cache', { 'specforge.config.yaml': YAML_CONFIG }, {});
    // The generate cache lives in the checkout's node_modules/.cache/specforge.
    mkdirSync(join(repo, 'node_modules'));
    expect(await runGenerate({ cwd: repo, quiet: true, write: () => undefined })).toBe(0);
    const cacheDir = join(repo, 'node_modules', '.cache', 'specforge');
    const entry = join(cacheDir, readdirSync(cacheDir).find((n) => n.endsWith('.json')) as string);
    // The head edits generated code by hand and makes the cache agree with it.
    const types = join(repo, 'generated', 'pets', 'types.ts');
    const edited = `${readFileSync(types, 'utf8')}export const backdoor = true;\n`;
    writeFileSync(types, edited);
    const cache = JSON.parse(readFileSync(entry, 'utf8')) as { outputs: Record<string, string>; stats?: unknown };
    const key = Object.keys(cache.outputs).find((k) => k.endsWith('types.ts')) as string;
    cache.outputs[key] = sha256(edited);
    delete cache.stats;
    writeFileSync(entry, JSON.stringify(cache));
    git(repo, 'add', '-A', '-f');
    git(repo, 'commit', '-qm', 'generated, edited, and a cache that says it is not');
    // check, a command for one's own checkout, trusts its cache: the forged entry fools it.
    expect(await runCheck({ cwd: repo, quiet: true, write: () => undefined })).toBe(0);
    const r = await review(repo);
    expect(r.code).toBe(1);
    const findings = (JSON.parse(r.out) as { findings: Array<{ rule: string; location?: { file?: string } }> }).findings;
    expect(findings.filter((f) => f.location?.file?.endsWith('types.ts')).map((f) => f.rule)).toEqual(['stale-file']);
  });

  it.each([
    ['a generated file', 'generated/pets/types.ts'],
    ["the contract's entry file", 'specs/pets/openapi.yaml'],
    ['the output folder', 'generated/pets'],
  ])('a head that makes %s a symbolic link out of the repository: refused (exit 2) naming it, nothing of the file in any output', async (_what, link) => {
    const secret = join(TMP, `secret-${link.replace(/\W/g, '-')}`);
    mkdirSync(dirname(secret), { recursive: true });
    if (link.endsWith('/pets')) {
      mkdirSync(secret, { recursive: true });
      writeFileSync(join(secret, 'types.ts'), 'SECRET-IN-A-FOLDER\n');
    } else writeFileSync(secret, 'openapi: SECRET-VALUE-OUTSIDE\nkey: SECRET-VALUE-OUTSIDE\n');
    const repo = repository(`link-${link.replace(/\W/g, '-')}`, { 'specforge.config.yaml': YAML_CONFIG }, {});
    rmSync(join(repo, link), { recursive: true, force: true });
    mkdirSync(dirname(join(repo, link)), { recursive: true });
    symlinkSync(secret, join(repo, link));
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', 'a link out');
    const r = await review(repo);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${link} leads out of the repository`);
    expect(`${r.out}${r.err}`).not.toContain('SECRET');
  });

  it('a link out inside a folder the output folder links to (both in the repository) is found too', async () => {
    const secret = join(TMP, 'secret-indirect');
    writeFileSync(secret, 'SECRET-BEHIND-TWO-LINKS\n');
    const repo = repository('link-indirect', { 'specforge.config.yaml': YAML_CONFIG }, {});
    mkdirSync(join(repo, 'elsewhere'));
    symlinkSync(secret, join(repo, 'elsewhere', 'types.ts'));
    mkdirSync(join(repo, 'generated'), { recursive: true });
    symlinkSync('../elsewhere', join(repo, 'generated', 'pets'));
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', 'links');
    const r = await review(repo);
    expect(r.code).toBe(2);
    expect(r.err).toContain('generated/pets/types.ts leads out of the repository');
    expect(`${r.out}${r.err}`).not.toContain('SECRET');
  });

  it('the command line: a head that swaps in specforge.config.ts is refused before anything loads it', () => {
    const repo = repository(
      'cli',
      { 'specforge.config.yaml': YAML_CONFIG },
      { 'specforge.config.yaml': null, 'specforge.config.ts': `${payload('cli')}export default { specs: ['specs/pets/openapi.yaml'] };\n` },
    );
    const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GITHUB_') && k !== 'NODE_OPTIONS'));
    const r = spawnSync(process.execPath, [CLI, 'review', '--base', 'main'], {
      cwd: repo,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...clean, NO_COLOR: '1' },
    });
    expect(ran('cli')).toBe('');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('specforge.config.ts');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('the GitHub Action runs specforge from its own install', () => {
  const text = readFileSync(join(ROOT, 'action.yml'), 'utf8');
  const action = parse(text) as { runs: { steps: Array<{ uses?: string; run?: string; with?: Record<string, unknown>; env?: Record<string, string> }> } };
  const steps = action.runs.steps;

  it('no step runs or installs from the checked-out workspace (a fork can commit node_modules/specforge/dist/src/cli/main.js)', () => {
    for (const s of steps) {
      const run = s.run ?? '';
      // A published tarball is installed into the action's own folder under $RUNNER_TEMP, never the workspace's node_modules.
      expect(run.replace(/\$(SPECFORGE_DIR|RUNNER_TEMP\/specforge-action)\/node_modules\/specforge\//g, '')).not.toMatch(/node_modules\/specforge/);
      expect(run).not.toMatch(/\$PWD|\$GITHUB_WORKSPACE|\.\/node_modules|\bnpx\b/);
    }
  });

  it('the CLI it runs is under $RUNNER_TEMP, installed there from $GITHUB_ACTION_PATH without development dependencies or install scripts', () => {
    const where = steps.find((s) => (s.run ?? '').includes('echo "cli='));
    expect(/echo "cli=([^"]+)"/.exec(where?.run ?? '')?.[1]).toMatch(/^\$RUNNER_TEMP\/specforge-action\//);
    expect(/echo "dir=([^"]+)"/.exec(where?.run ?? '')?.[1]).toBe('$RUNNER_TEMP/specforge-action');
    const install = steps.find((s) => /npm (ci|install)/.test(s.run ?? ''));
    expect(install?.env?.['SPECFORGE_DIR']).toMatch(/^\$\{\{ steps\.where\.outputs\.dir \}\}$/);
    expect(install?.run).toContain('cd "$GITHUB_ACTION_PATH" && cp -R');
    expect(install?.run).toContain('cd "$SPECFORGE_DIR"\n');
    expect(install?.run).toMatch(/npm ci --omit=dev --ignore-scripts/);
    const cache = steps.find((s) => s.uses?.startsWith('actions/cache@'));
    expect(cache?.with?.['path']).toBe('${{ steps.where.outputs.dir }}');
    const review = steps.find((s) => (s.run ?? '').includes(' review --base '));
    expect(review?.run).toMatch(/node "\$CLI" review/);
    expect(review?.env?.['CLI']).toBe('${{ steps.where.outputs.cli }}');
  });

  it('setup-node reads no file of the workspace: a fixed node-version, no version file, no package-manager cache', () => {
    const setup = steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
    expect(setup?.with?.['node-version']).toBeDefined();
    expect(setup?.with?.['node-version-file']).toBeUndefined();
    expect(setup?.with?.['cache']).toBeUndefined();
    expect(setup?.with?.['registry-url']).toBeUndefined();
  });
});
