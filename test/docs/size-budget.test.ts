/**
 * The weight of the static docs on GitHub's contract (845 paths, 1,000+ operations): a group spread
 * over several pages lists its operations in the sidebar once, in a script shared by its pages
 * (<group>.nav.js), not again in each page; each page keeps its own operations inline (the list
 * without JavaScript, the pager leads to the rest). The list of groups is shared likewise
 * (groups.js), and so is an example several operations of a group show (<group>.examples.js). The
 * whole contract folder stays under a fixed byte budget.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocs } from '../../src/cli/commands/docs.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `docs-size-${process.pid}`);
const SITE = join(TMP, 'site');
const require = createRequire(import.meta.url);

/**
 * The budget of GitHub's contract folder (bytes): 22.9 MB before the sidebar's lists were shared,
 * 21.0 MB after; 18.55 MB once an example several operations of a group show is written once per
 * group (<group>.examples.js) and the list of groups once per contract (groups.js). Redoc: 9.5 MB
 * (its page, 7.3 MB, and the bundle it needs offline).
 */
const GITHUB_BUDGET = 18_600_000;

function bytes(dir: string): number {
  return readdirSync(dir).reduce((n, f) => {
    const p = join(dir, f);
    const s = statSync(p);
    return n + (s.isDirectory() ? bytes(p) : s.size);
  }, 0);
}

beforeAll(async () => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
  copyFileSync(require.resolve('@octokit/openapi/generated/api.github.com.json'), join(TMP, 'github.json'));
  writeFileSync(join(TMP, 'specforge.config.yaml'), 'specs:\n  - path: github.json\n    api: github\n    strict: false\n');
  expect(await runDocs({ cwd: TMP, out: SITE, write: () => undefined })).toBe(0);
}, 180_000);

afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe("the static docs' weight on GitHub's contract", () => {
  it('a paged group lists its operations once, in a script its pages share; each page lists its own inline', () => {
    const dir = join(SITE, 'github');
    const pages = readdirSync(dir).filter((f) => /^repos(-page-\d+)?\.html$/.test(f));
    expect(pages.length).toBeGreaterThan(5);
    const nav = readFileSync(join(dir, 'repos.nav.js'), 'utf8');
    const listed = JSON.parse(nav.slice(nav.indexOf('['), nav.lastIndexOf(']') + 1)) as string[][];
    let inline = 0;
    for (const p of pages) {
      const html = readFileSync(join(dir, p), 'utf8');
      expect(html).toContain('<script src="repos.nav.js" defer></script>');
      const own = [...html.matchAll(/<section class="op" id="([^"]+)"/g)].map((m) => m[1]);
      const list = /<ul class="ops"[^>]*>(.*?)<\/ul>/s.exec(html)?.[1] ?? '';
      const hrefs = [...list.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
      expect(hrefs).toEqual(own.map((id) => `#${id}`));
      inline += hrefs.length;
    }
    expect(listed.length).toBe(inline);
    expect(listed.every((e) => e.length === 4 && pages.includes(e[0] ?? ''))).toBe(true);
  });

  it('the groups are listed once, in groups.js; an example shown by several operations of a group once, in its examples script', () => {
    const dir = join(SITE, 'github');
    const repos = readFileSync(join(dir, 'repos.html'), 'utf8');
    expect(repos).toContain('<script src="groups.js" defer></script>');
    expect(repos).not.toContain('href="actions.html"');
    expect(readFileSync(join(dir, 'groups.js'), 'utf8')).toContain('"actions.html"');
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toContain('href="actions.html"');
    const shared = readdirSync(dir).filter((f) => f.endsWith('.examples.js'));
    expect(shared).toContain('repos.examples.js');
    expect(repos).toMatch(/<pre class="code" tabindex="0" data-ex="\d+"><code>/);
  });

  it(`the contract's folder is under ${GITHUB_BUDGET.toLocaleString('en')} bytes`, () => {
    expect(bytes(join(SITE, 'github'))).toBeLessThan(GITHUB_BUDGET);
  });
});
