/**
 * The changelogs `specforge docs` publishes judge the changes as `specforge changelog` and `review`
 * do: the config's diff.severity overrides (a rule turned off is not listed) and its path filters
 * (diff.unmatchPath: paths left out) apply to the published page too.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChangelog } from '../../src/cli/commands/changelog.js';
import { runDocs } from '../../src/cli/commands/docs.js';
import type { Changelog } from '../../src/diff/changelog.js';
import { writeFiles } from './helpers.js';

let repo: string;
const git = (...args: string[]): string => {
  const r = spawnSync('git', ['-c', 'user.name=specforge', '-c', 'user.email=specforge@example.com', '-c', 'commit.gpgsign=false', ...args], {
    cwd: repo,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
};

const CONTRACT = (required: string, internal: boolean): string => `openapi: 3.1.0
info: { title: Pets, version: '1.0.0' }
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { type: object, required: [${required}], properties: { id: { type: string }, name: { type: string } } }
${internal ? "  /internal/stats:\n    get:\n      operationId: stats\n      responses: { '200': { description: ok } }\n" : ''}`;

const CONFIG = `specs:
  - path: specs/pets/openapi.yaml
diff:
  severity:
    response-property-became-optional: off
  unmatchPath: "^/internal/"
docs:
  changelogBase: v1
`;

beforeAll(() => {
  repo = realpathSync(mkdtempSync(join(tmpdir(), 'specforge-docs-policy-')));
  git('init', '-q');
  writeFiles(repo, { 'specforge.config.yaml': CONFIG, 'specs/pets/openapi.yaml': CONTRACT('id, name', true) });
  git('add', '.');
  git('commit', '-qm', 'v1');
  git('tag', 'v1');
  // Two breaking changes the config's policy drops (one rule off, one path filtered out) and an addition it keeps.
  writeFiles(repo, {
    'specs/pets/openapi.yaml': CONTRACT('id', false) + "  /owners:\n    get:\n      operationId: listOwners\n      responses: { '200': { description: ok } }\n",
  });
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe('specforge docs changelog pages', () => {
  it('apply the config diff: severity overrides and path filters, as specforge changelog does', async () => {
    expect(await runDocs({ cwd: repo, out: 'site', write: () => undefined })).toBe(0);
    const md = readFileSync(join(repo, 'site', 'pets', 'changelog.md'), 'utf8');
    const html = readFileSync(join(repo, 'site', 'pets', 'changelog.html'), 'utf8');
    expect(md).toContain('/owners');
    for (const page of [md, html]) {
      expect(page).not.toContain('/internal/stats');
      expect(page).not.toMatch(/became optional|no longer required/i);
    }
    expect(md).not.toMatch(/breaking/i);

    let out = '';
    await runChangelog({ cwd: repo, base: 'v1', format: 'json', write: (t) => (out += t) });
    const log = JSON.parse(out) as Changelog;
    const rules = (log.contracts[0]?.operations ?? []).flatMap((g) => g.entries.map((e) => e.rule));
    expect(rules).toEqual(['api-path-added']);
    // The same changes on the published page.
    let markdown = '';
    await runChangelog({ cwd: repo, base: 'v1', write: (t) => (markdown += t) });
    expect(md.split('\n').slice(2)).toEqual(markdown.split('\n').slice(2));
  });
});
