/**
 * The sidebar script a paged group's pages share (`<group>.nav.js`): hostile summaries and paths
 * stay data. The file is one assignment of JSON to `self.specforgeNav` and nothing else, so running
 * it (as the page does, under `script-src 'self'`) sets that one value, each label exactly the
 * contract's text; the page's script inserts entries with textContent and setAttribute only.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModel } from '../../src/contract/model.js';
import { sanitizeForDocs } from '../../src/docs/sanitize.js';
import { DOCS_JS } from '../../src/docs/site/client-script.js';
import { PAGE_OPS, writeContractSite } from '../../src/docs/site/site.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `docs-nav-script-${process.pid}`);
const SPEC = join(TMP, 'openapi.yaml');
const HOSTILE = '</script><img src=x onerror=alert(1)>\u2028"; self.pwned = 1; //';

beforeAll(() => {
  mkdirSync(TMP, { recursive: true });
  const paths = Array.from(
    { length: PAGE_OPS + 5 },
    (_, i) =>
      `  /big/${i}:\n    get:\n      operationId: op${i}\n      tags: [big]\n      summary: ${JSON.stringify(`${HOSTILE} ${i}`)}\n      responses:\n        '204': { description: Done. }\n`,
  ).join('');
  writeFileSync(SPEC, `openapi: 3.1.0\ninfo: { title: Big, version: '1' }\nsecurity: []\npaths:\n${paths}`);
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('the shared sidebar script of a paged group', () => {
  it('is one assignment of the operations as data: hostile summaries come back exactly, nothing else runs', async () => {
    const model = await buildModel(SPEC);
    const out = join(TMP, 'site');
    writeContractSite({ out, api: 'big', model, document: sanitizeForDocs(model.document), extraLinks: [], hasTheme: false });
    const script = readFileSync(join(out, 'big', 'big.nav.js'), 'utf8');
    expect(script).toMatch(/^self\.specforgeNav = \[[\s\S]*\];\n$/);
    const sandbox: { self: Record<string, unknown> } = { self: {} };
    runInNewContext(script, sandbox, { timeout: 1000 });
    expect(Object.keys(sandbox.self)).toEqual(['specforgeNav']);
    const labels = (sandbox.self['specforgeNav'] as unknown[][]).map((entry) => entry[3]);
    expect(labels).toHaveLength(PAGE_OPS + 5);
    expect(labels[3]).toBe(`${HOSTILE} 3`);
  });

  it("the page's script builds the list with textContent and setAttribute, never HTML", () => {
    const block = /var navOps = self\.specforgeNav[\s\S]*?\n {2}\}\n/.exec(DOCS_JS)?.[0] ?? '';
    expect(block).toContain('navList.textContent');
    expect(block).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
  });
});
