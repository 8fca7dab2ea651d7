/**
 * The Markdown converter of the command-line references: each block and inline form, and that no
 * text of the source reaches the page as markup.
 */
import { describe, expect, it } from 'vitest';
import { renderInline, renderMarkdown, splitTableRow } from '../../src/docs/markdown.js';

describe('renderInline', () => {
  const cases: Array<[string, { given: string; want: string }]> = [
    ['plain text', { given: 'hello', want: 'hello' }],
    ['HTML is text', { given: '<b onclick="x()">hi</b> & co', want: '&lt;b onclick=&quot;x()&quot;&gt;hi&lt;/b&gt; &amp; co' }],
    ['code span', { given: 'run `a <b> c`', want: 'run <code>a &lt;b&gt; c</code>' }],
    ['code span with backticks inside', { given: '``a ` b``', want: '<code>a ` b</code>' }],
    ['unclosed code span stays text', { given: '`open', want: '`open' }],
    [
      'emphasis and strong',
      { given: '*a* **b** ***c*** _d_ __e__', want: '<em>a</em> <strong>b</strong> <strong><em>c</em></strong> <em>d</em> <strong>e</strong>' },
    ],
    ['strike-through', { given: '~~gone~~', want: '<del>gone</del>' }],
    ['underscores inside words', { given: '--log_as_json snake_case_name', want: '--log_as_json snake_case_name' }],
    ['a lone star', { given: 'use * for all', want: 'use * for all' }],
    ['a delimiter inside code does not close', { given: '*a `*` b*', want: '<em>a <code>*</code> b</em>' }],
    ['backslash escapes', { given: '\\*not em\\* \\| \\<', want: '*not em* | &lt;' }],
    ['hard break', { given: 'a  \nb', want: 'a<br>\nb' }],
    [
      'https link',
      {
        given: '[docs](https://example.com/a?b=1&c=2 "Title")',
        want: '<a href="https://example.com/a?b=1&amp;c=2" title="Title" rel="noopener noreferrer">docs</a>',
      },
    ],
    ['relative link', { given: '[next](./next.html#x)', want: '<a href="./next.html#x">next</a>' }],
    ['fragment link', { given: '[flags](#flags)', want: '<a href="#flags">flags</a>' }],
    ['mailto link', { given: '[mail](mailto:a@example.com)', want: '<a href="mailto:a@example.com">mail</a>' }],
    ['javascript link keeps only its text', { given: '[x](javascript:alert(1))', want: 'x' }],
    ['data link keeps only its text', { given: '[x](data:text/html,hi)', want: 'x' }],
    ['vbscript with upper case keeps only its text', { given: '[x](VBScript:msgbox)', want: 'x' }],
    ['link text is inline markdown', { given: '[**b** <i>](#a)', want: '<a href="#a"><strong>b</strong> &lt;i&gt;</a>' }],
    ['attribute breakout in a link', { given: '[x](#a"onmouseover="alert(1))', want: '<a href="#a&quot;onmouseover=&quot;alert(1)">x</a>' }],
    ['image becomes its alt text', { given: '![logo <x>](https://example.com/logo.png)', want: 'logo &lt;x&gt;' }],
    ['autolink', { given: '<https://example.com>', want: '<a href="https://example.com" rel="noopener noreferrer">https://example.com</a>' }],
    ['not an autolink', { given: '<javascript:alert(1)>', want: '&lt;javascript:alert(1)&gt;' }],
    ['brackets without a destination', { given: '[a] (b)', want: '[a] (b)' }],
  ];
  it.each(cases)('%s', (_, { given, want }) => {
    expect(renderInline(given)).toBe(want);
  });
});

describe('splitTableRow', () => {
  it('splits on unescaped pipes and drops the outer ones', () => {
    expect(splitTableRow('| a | b \\| c | `d` |')).toEqual(['a', 'b \\| c', '`d`']);
    expect(splitTableRow('a|b')).toEqual(['a', 'b']);
  });
});

describe('renderMarkdown', () => {
  const cases: Array<[string, { given: string; want: string }]> = [
    [
      'headings with ids',
      {
        given: '# Install CNI\n## Flags ##\n### Flags',
        want: '<h1 id="install-cni">Install CNI</h1>\n<h2 id="flags">Flags</h2>\n<h3 id="flags-1">Flags</h3>\n',
      },
    ],
    ['paragraphs', { given: 'one\ntwo\n\nthree', want: '<p>one\ntwo</p>\n<p>three</p>\n' }],
    ['fenced code keeps text as is', { given: '```sh\n<b>x</b> *y*\n```', want: '<pre><code class="language-sh">&lt;b&gt;x&lt;/b&gt; *y*\n</code></pre>\n' }],
    ['fence with a hostile info string', { given: '```"><script>\ncode\n```', want: '<pre><code>code\n</code></pre>\n' }],
    ['unclosed fence runs to the end', { given: '~~~\na\nb', want: '<pre><code>a\nb\n</code></pre>\n' }],
    [
      'table with alignment and escaped pipes',
      {
        given: '| Flag | Default | Meaning |\n|:---|---:|:-:|\n| `--a` | 1 | x \\| y |\n| --b |',
        want:
          '<table>\n<thead>\n<tr><th class="align-left">Flag</th><th class="align-right">Default</th><th class="align-center">Meaning</th></tr>\n</thead>\n<tbody>\n' +
          '<tr><td class="align-left"><code>--a</code></td><td class="align-right">1</td><td class="align-center">x | y</td></tr>\n' +
          '<tr><td class="align-left">--b</td><td class="align-right"></td><td class="align-center"></td></tr>\n</tbody>\n</table>\n',
      },
    ],
    ['a pipe without a delimiter row is a paragraph', { given: 'a | b\nc | d', want: '<p>a | b\nc | d</p>\n' }],
    ['tight list', { given: '- a\n- *b*\n- c', want: '<ul>\n<li>a</li>\n<li><em>b</em></li>\n<li>c</li>\n</ul>\n' }],
    ['ordered list with a start', { given: '3. three\n4. four', want: '<ol start="3">\n<li>three</li>\n<li>four</li>\n</ol>\n' }],
    ['nested list', { given: '- a\n  - b\n  - c\n- d', want: '<ul>\n<li>a\n<ul>\n<li>b</li>\n<li>c</li>\n</ul></li>\n<li>d</li>\n</ul>\n' }],
    ['loose list', { given: '- a\n\n- b', want: '<ul>\n<li>\n<p>a</p>\n</li>\n<li>\n<p>b</p>\n</li>\n</ul>\n' }],
    ['list item with a continuation line', { given: '- one\n  more\n- two', want: '<ul>\n<li>one\nmore</li>\n<li>two</li>\n</ul>\n' }],
    ['block quote', { given: '> **Note:** a\n> b', want: '<blockquote>\n<p><strong>Note:</strong> a\nb</p>\n</blockquote>\n' }],
    ['rule', { given: 'a\n\n---\n\nb', want: '<p>a</p>\n<hr>\n<p>b</p>\n' }],
    ['raw HTML block is text', { given: '<script>alert(1)</script>\n<!-- x -->', want: '<p>&lt;script&gt;alert(1)&lt;/script&gt;\n&lt;!-- x --&gt;</p>\n' }],
    ['a heading of HTML', { given: '# <img src=x onerror=alert(1)>', want: '<h1 id="img-src-x-onerror-alert-1">&lt;img src=x onerror=alert(1)&gt;</h1>\n' }],
    ['CRLF line ends', { given: '# A\r\n\r\nb\r\n', want: '<h1 id="a">A</h1>\n<p>b</p>\n' }],
  ];
  it.each(cases)('%s', (_, { given, want }) => {
    expect(renderMarkdown(given).html).toBe(want);
  });

  it('lists the headings with their ids', () => {
    expect(renderMarkdown('# `install-cni`\n\n## Flags\n\n## Flags\n\n## ***\n\n## ?').headings).toEqual([
      { level: 1, text: 'install-cni', id: 'install-cni' },
      { level: 2, text: 'Flags', id: 'flags' },
      { level: 2, text: 'Flags', id: 'flags-1' },
      { level: 2, text: '', id: 'section' },
      { level: 2, text: '?', id: 'section-1' },
    ]);
  });

  it('is deterministic', () => {
    const source = '# A\n\n| a | b |\n|---|---|\n| `x` | [y](#a) |\n\n- one\n- two\n';
    expect(renderMarkdown(source).html).toBe(renderMarkdown(source).html);
  });

  it('never lets a tag of the source through, whatever the source', () => {
    const hostile = [
      '<script>x</script>',
      '<img src=x onerror=y>',
      '`</code><script>x</script>`',
      '[</a><script>x</script>](#a)',
      '[a](#"><script>x</script>)',
      '| <script>x</script> |\n|---|\n| <img src=x> |',
      '```<script>\n</code></pre><script>x</script>\n```',
      '- <iframe src=x>\n  <svg onload=x>',
      '> <style>*{}</style>',
      '**<b>**x',
      '\\<script>x\\</script>',
    ];
    const allowed = new Set([
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'p',
      'pre',
      'code',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'ul',
      'ol',
      'li',
      'blockquote',
      'hr',
      'br',
      'em',
      'strong',
      'del',
      'a',
    ]);
    for (const source of hostile) {
      const { html } = renderMarkdown(source);
      const tags = [...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)([^>]*)>/g)];
      expect(
        tags.map((m) => (m[1] as string).toLowerCase()).filter((t) => !allowed.has(t)),
        source,
      ).toEqual([]);
      const attributes = tags.flatMap((m) => [...(m[2] as string).replace(/"[^"]*"/g, '').matchAll(/([a-zA-Z-]+)=/g)].map((a) => a[1] as string));
      expect(
        attributes.filter((a) => !['id', 'class', 'href', 'title', 'rel', 'start'].includes(a)),
        source,
      ).toEqual([]);
    }
  });
});
