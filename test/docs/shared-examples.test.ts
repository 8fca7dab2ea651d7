/**
 * An example several operations of a group show is written once, in a script the group's pages
 * share (`<group>.examples.js`), and the page's script puts it back into each code block with
 * textContent: every block then shows exactly the text it showed in place (JSON printed with tabs,
 * a text example as written), hostile text stays data, and a value whose "__proto__" key a
 * script's object literal would swallow is kept as text. An example shown once stays in its page.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModel } from '../../src/contract/model.js';
import { sanitizeForDocs } from '../../src/docs/sanitize.js';
import { DOCS_JS } from '../../src/docs/site/client-script.js';
import { SHARE_MIN } from '../../src/docs/site/shared-examples.js';
import { writeContractSite } from '../../src/docs/site/site.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `docs-shared-examples-${process.pid}`);
const HOSTILE = '</code></pre><script>self.pwned = 1</script>\u2028"; self.pwned = 1; //';
const BIG = {
  id: 1,
  name: HOSTILE,
  owner: { login: 'octocat', tags: Array.from({ length: 12 }, (_, i) => `tag-${i}`) },
  nested: { deep: { deeper: [1, 2.5, -0, 1e21, null, true] } },
  '10': 'integer-like key',
  note: 'x'.repeat(SHARE_MIN),
};
const PROTO = JSON.parse(`{"__proto__": {"polluted": true}, "pad": "${'y'.repeat(SHARE_MIN)}"}`) as unknown;
const TEXT = `line one\n\tline two <b>&amp;</b>\n${'z'.repeat(SHARE_MIN)}`;
const UNIQUE = { only: 'once', pad: 'u'.repeat(SHARE_MIN) };

const json = (example: unknown): Record<string, unknown> => ({ 'application/json': { schema: { type: 'object' }, example } });

function op(id: string, content: Record<string, unknown>): Record<string, unknown> {
  return { get: { operationId: id, tags: ['pets'], responses: { '200': { description: 'ok', content } } } };
}

let page = '';
let script = '';

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  const spec = {
    openapi: '3.1.0',
    info: { title: 'shared', version: '1' },
    security: [],
    paths: {
      '/a': op('a', json(BIG)),
      '/b': op('b', json(BIG)),
      '/c': op('c', { ...json(BIG), 'text/plain': { schema: { type: 'string' }, example: TEXT } }),
      '/d': op('d', { ...json(PROTO), 'text/plain': { schema: { type: 'string' }, example: TEXT } }),
      '/e': op('e', json(PROTO)),
      '/f': op('f', json(UNIQUE)),
    },
  };
  writeFileSync(join(TMP, 'openapi.json'), JSON.stringify(spec));
  const model = await buildModel(join(TMP, 'openapi.json'));
  const out = join(TMP, 'site');
  writeContractSite({ out, api: 'shared', model, document: sanitizeForDocs(model.document), extraLinks: [], hasTheme: false });
  page = readFileSync(join(out, 'shared', 'pets.html'), 'utf8');
  script = readFileSync(join(out, 'shared', 'pets.examples.js'), 'utf8');
  expect(readdirSync(join(out, 'shared')).filter((f) => f.endsWith('.examples.js'))).toEqual(['pets.examples.js']);
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

/** The page's code blocks as a reader sees them once the page's script ran: each shared one filled by the script's own code. */
function shownBlocks(): string[] {
  const sandbox: { self: Record<string, unknown> } = { self: {} };
  runInNewContext(script, sandbox, { timeout: 1000 });
  expect(Object.keys(sandbox.self)).toEqual(['specforgeExamples']);
  const fill = /\n {2}var shared = self\.specforgeExamples;[\s\S]*?\n {2}\}\);\n/.exec(DOCS_JS)?.[0] ?? '';
  expect(fill).not.toBe('');
  expect(fill).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
  const blocks = [...page.matchAll(/<pre class="code" tabindex="0"( data-ex="(\d+)")?><code>([^<]*)<\/code><\/pre>/g)].map((m) => ({
    ex: m[2],
    textContent: (m[3] ?? '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
  }));
  const codes = blocks
    .filter((b) => b.ex !== undefined)
    .map((b) => ({ parentNode: { getAttribute: (): string | undefined => b.ex }, block: b, textContent: b.textContent }));
  runInNewContext(fill, { self: sandbox.self, document: { querySelectorAll: () => codes }, JSON, Number, Array }, { timeout: 1000 });
  for (const c of codes) c.block.textContent = c.textContent;
  return blocks.map((b) => b.textContent);
}

describe('examples several operations of a group share', () => {
  it('are written once, in a script the pages share, and shown in every block exactly as in place', () => {
    expect(page).toContain('<script src="pets.examples.js" defer></script>');
    expect(script).toMatch(/^self\.specforgeExamples = \[[\s\S]*\];\n$/);
    expect(script.split('integer-like key')).toHaveLength(2);
    // BIG three times, TEXT twice, PROTO twice: each one slot; UNIQUE in place.
    expect([...page.matchAll(/ data-ex="(\d+)"/g)].map((m) => m[1])).toEqual(['0', '0', '0', '1', '2', '1', '2']);
    expect(page).toContain('Shown with JavaScript, from pets.examples.js');
    expect(page).toContain('"only": "once"');
    const shown = shownBlocks().filter((t) => !t.startsWith('curl') && /pad|note|line one/.test(t));
    const pretty = (v: unknown): string => JSON.stringify(v, null, '\t');
    expect(shown).toEqual([pretty(BIG), pretty(BIG), pretty(BIG), TEXT, pretty(PROTO), TEXT, pretty(PROTO), pretty(UNIQUE)]);
    expect(shown[4]).toContain('"__proto__": {');
  });

  it('hostile text stays data: running the script sets one value, and no markup of the contract reaches the page', () => {
    expect(page).not.toContain('<script>self.pwned');
    const sandbox: { self: Record<string, unknown> } = { self: {} };
    runInNewContext(script, sandbox, { timeout: 1000 });
    expect(sandbox.self['pwned']).toBeUndefined();
    expect(JSON.stringify(sandbox.self['specforgeExamples'])).toContain(JSON.stringify(HOSTILE).slice(1, -1));
  });
});
