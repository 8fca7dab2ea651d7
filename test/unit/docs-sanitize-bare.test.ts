/**
 * The rendered HTML of a description skips the sanitizer's parser when it holds only bare tags of
 * the allow-list and text (most of GitHub's descriptions): the result is then the same bytes the
 * parser writes, for every description of GitHub's contract and for Markdown of every kind; HTML
 * with any attribute, other tag, comment or stray markup still goes through the parser.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { sanitizeDescription, sanitizeRenderedHtml, sanitizeRenderedHtmlFully } from '../../src/docs/sanitize.js';

const require = createRequire(import.meta.url);
const marked = new Marked({ gfm: true, breaks: false, async: false });
const render = (md: string): string => marked.parse(sanitizeDescription(md)) as string;

function descriptions(node: unknown, out: string[]): string[] {
  if (Array.isArray(node)) for (const v of node) descriptions(v, out);
  else if (node !== null && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) {
      if (k === 'description' && typeof v === 'string') out.push(v);
      else descriptions(v, out);
    }
  return out;
}

describe('sanitizing rendered descriptions without the parser where nothing is to sanitize', () => {
  it("gives the parser's bytes for every description of GitHub's contract", () => {
    const github = JSON.parse(readFileSync(require.resolve('@octokit/openapi/generated/api.github.com.json'), 'utf8')) as unknown;
    const all = [...new Set(descriptions(github, []))];
    expect(all.length).toBeGreaterThan(3000);
    let bare = 0;
    for (const md of all) {
      const html = render(md);
      if (!/<[a-z]+ /.test(html)) bare++;
      expect(sanitizeRenderedHtml(html), md).toBe(sanitizeRenderedHtmlFully(html));
    }
    expect(bare).toBeGreaterThan(all.length / 2);
  });

  it("gives the parser's bytes for Markdown of every kind", () => {
    const samples = [
      'The repository\'s "name" & `a < b && c > d`',
      '- one\n- two **b** _e_ ~~d~~\n\n> quote\n\n# H1\n\n###### H6\n\n```\nx < y "q" \'s\'\n```',
      'line  \nbreak\n\n---\n\nafter',
      '1. a\n2. b\n\n3. c',
      'x &copy; y &amp; z &#60;b&#62;',
      '| a | b |\n|:--|--:|\n| 1 | 2 |',
    ];
    for (const md of samples) expect(sanitizeRenderedHtml(render(md)), md).toBe(sanitizeRenderedHtmlFully(render(md)));
  });

  it('HTML with anything but bare allowed tags goes through the parser', () => {
    for (const html of [
      '<p onclick="alert(1)">x</p>',
      '<p><img src=x onerror=alert(1)></p>',
      '<p><a href="javascript:alert(1)">a</a></p>',
      '<script>alert(1)</script>',
      '<p>a</p><!-- <script>alert(1)</script> -->',
      '<p>a <b</p>',
      '<iframe srcdoc="x"></iframe><p>a</p>',
      '<P>upper</P><SCRIPT>alert(1)</SCRIPT>',
    ]) {
      const out = sanitizeRenderedHtml(html);
      expect(out).toBe(sanitizeRenderedHtmlFully(html));
      expect(out).not.toMatch(/onclick|onerror|javascript:|<script|<iframe|<!--/i);
    }
  });
});

describe('the shortcut takes only bare tags that balance', () => {
  it("gives the parser's bytes for Markdown that marked renders as misnested HTML", () => {
    for (const md of [
      '<blockquote>a\n\n- b</blockquote>',
      '<em>a\n\nb</em>',
      '<strong>a\n\n# b</strong>',
      '<del>x\n\n1. y</del>',
      '</p></p>text',
      '<ul>\n\n- a</ul></ul>',
    ]) {
      const html = render(md);
      expect(sanitizeRenderedHtml(html), md).toBe(sanitizeRenderedHtmlFully(html));
    }
  });

  it("gives the parser's bytes for unbalanced or misnested bare HTML", () => {
    for (const html of [
      '<blockquote>a<ul>\n<li>b</blockquote></li>\n</ul>',
      '<p><em>a</p>\n<p>b</em></p>',
      '<p>a',
      '</p>a',
      '<em><strong>a</em></strong>',
      '<ul><li>a</ul>',
      '<p>a<br>b<hr></p>',
      '</blockquote></blockquote><p>x</p>',
      '<p>a<ul><li>b</li></ul></p>',
      '<ul><li>a<li>b</li></li></ul>',
      '<p>a<p>b</p></p>',
    ])
      expect(sanitizeRenderedHtml(html), html).toBe(sanitizeRenderedHtmlFully(html));
  });
});
