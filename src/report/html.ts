/** HTML helpers shared by the docs pages: one escaping function and one page shell. */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an HTML text node or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/**
 * The Content-Security-Policy of the pages specforge writes itself (index, command-line reference):
 * no script at all, no resource from anywhere, styles only from the page's own <style>.
 */
export const STATIC_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

export const PAGE_STYLE = `
    body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1f2328; line-height: 1.5; }
    nav { margin-bottom: 1.5rem; font-size: .9rem; }
    table { border-collapse: collapse; width: 100%; margin: 1rem 0; }
    th, td { text-align: left; padding: .4rem .75rem; border-bottom: 1px solid #d0d7de; vertical-align: top; }
    th { background: #f6f8fa; }
    th.align-center, td.align-center { text-align: center; }
    th.align-right, td.align-right { text-align: right; }
    code { font-family: ui-monospace, monospace; font-size: .9em; background: #f6f8fa; padding: .1em .3em; border-radius: 4px; }
    pre { background: #f6f8fa; padding: .75rem 1rem; overflow-x: auto; border-radius: 6px; }
    pre code { background: none; padding: 0; }
    blockquote { margin: 0; padding: 0 1rem; color: #59636e; border-left: .25em solid #d0d7de; }`;

/** A complete page around `body` (already HTML); `title` is escaped here; `style` is added to the page's styles. */
export function staticPage(title: string, body: string, style = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta http-equiv="Content-Security-Policy" content="${STATIC_PAGE_CSP}">
  <link rel="icon" href="data:,">
  <title>${escapeHtml(title)}</title>
  <style>${PAGE_STYLE}${style}
  </style>
</head>
<body>
${body}
</body>
</html>
`;
}
