/**
 * The stylesheet of specforge's static docs (assets/docs.css): a sidebar and a reading column, on
 * a wide screen an operation's text beside its samples (two columns), on a narrow one the sidebar
 * folded behind the header's menu button, light and dark colours (prefers-color-scheme) with badges readable in both (WCAG
 * AA contrast, checked by axe in the browser test), and the theme's colours and fonts.
 */
import { escapeHtml } from '../../report/html.js';
import { COLOUR, FONT_STACK, type DocsTheme } from '../../config/docs-theme.js';

export function themeCss(theme: DocsTheme): string {
  const lines: string[] = [];
  if (theme.primaryColor !== undefined && COLOUR.test(theme.primaryColor)) lines.push(`--accent: ${theme.primaryColor};`);
  if (theme.fontFamily !== undefined && FONT_STACK.test(theme.fontFamily)) lines.push(`--font: ${theme.fontFamily};`);
  if (theme.codeFontFamily !== undefined && FONT_STACK.test(theme.codeFontFamily)) lines.push(`--mono: ${theme.codeFontFamily};`);
  // Escaped again for good measure: the values were checked against COLOUR and FONT_STACK (config/docs-theme.ts).
  return lines.length > 0
    ? `:root { ${escapeHtml(lines.join(' '))
        .replace(/&#39;/g, "'")
        .replace(/&quot;/g, '"')} }\n`
    : '';
}

export const DOCS_CSS = `:root {
  --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --line: #d0d7de; --soft: #f6f8fa; --link: #0550ae; --accent: #0550ae;
  --font: system-ui, -apple-system, "Segoe UI", sans-serif; --mono: ui-monospace, SFMono-Regular, Menlo, monospace;
  --get-bg: #dafbe1; --get-fg: #116329; --post-bg: #ddf4ff; --post-fg: #0a3069; --put-bg: #fff8c5; --put-fg: #6a4000;
  --patch-bg: #fbefff; --patch-fg: #6639ba; --delete-bg: #ffebe9; --delete-fg: #a40e26; --other-bg: #eaeef2; --other-fg: #24292f;
  --query-bg: #d6f5f0; --query-fg: #0b5a50;
  --req: #a40e26; --dep-bg: #fff8c5; --dep-fg: #6a4000;
  color-scheme: light dark;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --line: #3d444d; --soft: #151b23; --link: #58a6ff; --accent: #58a6ff;
    --get-bg: #0f3d1e; --get-fg: #7ee787; --post-bg: #0c2d6b; --post-fg: #a5d6ff; --put-bg: #3b2f00; --put-fg: #f2cc60;
    --patch-bg: #2e1a5e; --patch-fg: #d2a8ff; --delete-bg: #5a1015; --delete-fg: #ffa198; --other-bg: #30363d; --other-fg: #e6edf3;
    --query-bg: #0d3a34; --query-fg: #7ee0cf;
    --req: #ff9492; --dep-bg: #3b2f00; --dep-fg: #f2cc60;
  }
}
* { box-sizing: border-box; }
html { scroll-padding-top: 1rem; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.55 var(--font); }
a { color: var(--link); }
code, pre, kbd { font-family: var(--mono); font-size: .88em; }
:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0; background: var(--bg); padding: .5rem; }
.skip:focus { left: .5rem; z-index: 10; }
header.top { display: flex; align-items: center; gap: .75rem; padding: .6rem 1rem; border-bottom: 3px solid var(--accent); }
header.top img { max-height: 36px; max-width: 160px; }
header.top .site { font-weight: 600; text-decoration: none; color: var(--fg); }
header.top .menu { display: none; margin-left: auto; padding: .35rem .8rem; border: 1px solid var(--line); border-radius: 6px; background: var(--soft); color: var(--fg); text-decoration: none; font-weight: 600; }
header.top .menu[aria-expanded="true"] { border-color: var(--accent); }
header.top .crumbs { color: var(--muted); font-size: .9rem; display: flex; gap: .5rem; flex-wrap: wrap; }
header.top details.versions { margin-left: auto; position: relative; font-size: .9rem; }
header.top details.versions summary { cursor: pointer; }
header.top details.versions ul { position: absolute; right: 0; z-index: 5; list-style: none; margin: .3rem 0 0; padding: .4rem .6rem; background: var(--bg); border: 1px solid var(--line); border-radius: 4px; min-width: 8rem; }
header.top details.versions a[aria-current] { font-weight: 600; }
.layout { display: grid; grid-template-columns: 18rem minmax(0, 1fr); }
nav.side { border-right: 1px solid var(--line); padding: 1rem; position: sticky; top: 0; align-self: start; max-height: 100vh; overflow-y: auto; font-size: .92rem; }
nav.side ul { list-style: none; margin: 0 0 1rem; padding: 0; }
nav.side li { margin: .15rem 0; }
nav.side a { text-decoration: none; display: block; padding: .1rem .3rem; border-radius: 4px; }
nav.side a:hover { background: var(--soft); }
nav.side a[aria-current="page"] { font-weight: 600; border-left: 3px solid var(--accent); }
nav.side .ops a { display: flex; gap: .4rem; align-items: baseline; color: var(--fg); }
nav.side .ops .method { font-size: .68rem; min-width: 3.4rem; text-align: center; }
nav.side .subgroups { margin: .1rem 0 .3rem .8rem; padding-left: .4rem; border-left: 1px solid var(--line); }
nav.side .group-heading { display: block; padding: .1rem .3rem; color: var(--muted); font-weight: 600; }
nav.side h2 { font-size: .8rem; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin: 1rem 0 .3rem; }
.search label { display: block; font-size: .8rem; color: var(--muted); }
.search input { width: 100%; padding: .4rem .5rem; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); font: inherit; }
.search ol { list-style: none; padding: 0; margin: .4rem 0 0; max-height: 50vh; overflow-y: auto; }
.search ol a { display: block; padding: .2rem .3rem; color: var(--fg); }
.search ol .hit-path { font-family: var(--mono); font-size: .8rem; color: var(--muted); display: block; overflow-wrap: anywhere; }
main { padding: 1rem 2rem 4rem; min-width: 0; max-width: 70rem; }
main h1 { margin-top: .5rem; }
section.op { border-top: 1px solid var(--line); padding-top: 1rem; margin-top: 2rem; }
section.op h2 { margin: .2rem 0 .4rem; font-size: 1.35rem; }
section.op h2 a.anchor { color: var(--fg); text-decoration: none; }
section.op h3 { font-size: 1rem; margin: 1.2rem 0 .4rem; }
.endpoint { display: flex; gap: .5rem; align-items: baseline; flex-wrap: wrap; margin: .2rem 0 .8rem; }
.endpoint .path { font-size: .95rem; overflow-wrap: anywhere; }
.method { display: inline-block; border-radius: 4px; padding: 0 .4rem; font-weight: 700; font-size: .75rem; font-family: var(--mono); background: var(--other-bg); color: var(--other-fg); }
.m-get { background: var(--get-bg); color: var(--get-fg); }
.m-post { background: var(--post-bg); color: var(--post-fg); }
.m-put { background: var(--put-bg); color: var(--put-fg); }
.m-patch { background: var(--patch-bg); color: var(--patch-fg); }
.m-delete { background: var(--delete-bg); color: var(--delete-fg); }
.m-query { background: var(--query-bg); color: var(--query-fg); }
.m-custom { box-shadow: inset 0 0 0 1px var(--line); font-style: italic; }
.status { display: inline-block; min-width: 3rem; text-align: center; border-radius: 4px; font-family: var(--mono); font-weight: 700; font-size: .8rem; }
.s-ok { background: var(--get-bg); color: var(--get-fg); }
.s-redirect { background: var(--post-bg); color: var(--post-fg); }
.s-error { background: var(--delete-bg); color: var(--delete-fg); }
.s-other { background: var(--other-bg); color: var(--other-fg); }
.req { color: var(--req); font-size: .8rem; font-weight: 600; }
.deprecated { background: var(--dep-bg); color: var(--dep-fg); border-radius: 4px; padding: 0 .35rem; font-size: .75rem; }
.tag-badge { border: 1px solid currentColor; border-radius: 4px; padding: 0 .35rem; font-size: .75rem; font-weight: 400; vertical-align: middle; }
.constraint { color: var(--muted); font-size: .8rem; }
.muted { color: var(--muted); }
.changelog .marker { display: inline-block; min-width: 6.5rem; font-size: .8rem; font-weight: 600; text-transform: uppercase; letter-spacing: .03em; }
.changelog .breaking .marker { color: var(--req); }
.changelog .deprecation .marker, .changelog .warning { color: var(--dep-fg); }
.changelog .change .marker { color: var(--link); }
.changelog .addition .marker { color: var(--get-fg); }
.changelog .rule { color: var(--muted); }
.changelog .warning { font-weight: 600; }
.changelog ul.changes { list-style: none; padding-left: 0; }
.changelog ul.changes li { margin: .25rem 0; }
.type { color: var(--muted); font-family: var(--mono); font-size: .82rem; }
.md p, .md ul, .md ol { margin: .3rem 0; }
.md .md-h { font-weight: 700; }
.md img { max-width: 100%; }
.md table, .table-wrap table { border-collapse: collapse; }
.table-wrap { overflow-x: auto; }
table.params { width: 100%; border-collapse: collapse; font-size: .92rem; }
table.params th, table.params td, .md th, .md td { border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; padding: .35rem .5rem; }
table.params th { background: var(--soft); }
ul.props { list-style: none; margin: .2rem 0; padding-left: 1rem; border-left: 2px solid var(--line); }
ul.props > li { margin: .35rem 0; }
ul.variants { margin: .2rem 0; padding-left: 1.2rem; }
.items { margin: .2rem 0 .2rem 1rem; }
code.prop { font-weight: 600; }
pre.code { tab-size: 2; background: var(--soft); border: 1px solid var(--line); border-radius: 6px; padding: .6rem .8rem; overflow: auto; max-height: 28rem; white-space: pre; }
pre.code code { font-size: .82rem; }
details.response { border: 1px solid var(--line); border-radius: 6px; padding: .3rem .6rem; margin: .4rem 0; }
details.response > summary { cursor: pointer; }
.example-title, .content-type, .sub { margin: .5rem 0 .2rem; font-size: .88rem; }
details.example > summary, details.schema > summary { cursor: pointer; }
details.nested { margin: .15rem 0; }
details.nested > summary { cursor: pointer; font-size: .85rem; color: var(--muted); }
details.response-example { margin: .4rem 0; }
details.response-example > summary { cursor: pointer; }
.op-samples h3:first-child { margin-top: .4rem; }
.samples figure { margin: .4rem 0; }
.samples figcaption { font-size: .85rem; color: var(--muted); }
.tabbar { display: flex; gap: .3rem; flex-wrap: wrap; margin-bottom: .3rem; }
.tabbar button, .copy, .console button { font: inherit; font-size: .82rem; border: 1px solid var(--line); background: var(--soft); color: var(--fg); border-radius: 6px; padding: .15rem .6rem; cursor: pointer; }
.tabbar button[aria-pressed="true"] { border-color: var(--accent); font-weight: 600; }
.code-wrap { position: relative; }
.copy { position: absolute; right: .4rem; top: .4rem; }
details.try { border: 1px solid var(--line); border-radius: 6px; padding: .4rem .7rem; margin: 1rem 0; }
details.try > summary { cursor: pointer; font-weight: 600; }
.console label { display: block; font-size: .85rem; margin: .4rem 0 .1rem; }
.console input, .console select, .console textarea { width: 100%; font: inherit; font-size: .88rem; padding: .3rem .4rem; border: 1px solid var(--line); border-radius: 4px; background: var(--bg); color: var(--fg); }
.console textarea { font-family: var(--mono); min-height: 8rem; }
.console fieldset { border: 1px solid var(--line); border-radius: 6px; margin: .5rem 0; }
.console .note { font-size: .8rem; color: var(--muted); }
.console output { display: block; margin-top: .5rem; }
.pager ul { list-style: none; display: flex; flex-wrap: wrap; gap: .4rem; padding: 0; }
.pager a { display: inline-block; padding: .1rem .5rem; border: 1px solid var(--line); border-radius: 4px; }
.pager a[aria-current="page"] { font-weight: 700; border-color: var(--accent); }
ul.schema-list { columns: 16rem; padding-left: 1.2rem; }
table.index { width: 100%; border-collapse: collapse; }
table.index th, table.index td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid var(--line); }
@media (min-width: 1100px) {
  main { max-width: 100rem; }
  section.op { display: grid; grid-template-columns: minmax(0, 1.1fr) minmax(0, .9fr); gap: 0 2rem; align-items: start; }
  .op-samples { border-left: 1px solid var(--line); padding-left: 1.2rem; }
}
@media (max-width: 800px) {
  .layout { display: block; }
  header.top .menu { display: inline-block; }
  nav.side { display: none; position: static; max-height: none; border-right: 0; border-bottom: 1px solid var(--line); }
  nav.side.open, nav.side:target { display: block; }
  nav.side a { padding: .35rem .3rem; }
  main { padding: 1rem; }
}
`;
