/**
 * The weight of the static docs on GitHub's contract (845 paths, 1,000+ operations): a group spread
 * over several pages lists its operations in the sidebar once, in a script shared by its pages
 * (<group>.nav.js), not again in each page; each page keeps its own operations inline (the list
 * without JavaScript, the pager leads to the rest). The whole contract folder stays under a fixed
 * byte budget.
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

/** The budget of GitHub's contract folder (bytes): 22.9 MB before the sidebar's lists were shared, 21.0 MB after (Redoc: 9.5 MB). */
const GITHUB_BUDGET = 21_100_000;

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

  it(`the contract's folder is under ${GITHUB_BUDGET.toLocaleString('en')} bytes`, () => {
    expect(bytes(join(SITE, 'github'))).toBeLessThan(GITHUB_BUDGET);
  });
});
