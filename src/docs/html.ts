/** Text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** A standalone page of the docs site: `body` is HTML already escaped, `css` extra style rules. */
export function htmlPage(title: string, body: string, options: { maxWidth?: string; css?: string } = {}): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)}</title>
  <style>
    body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: ${options.maxWidth ?? '60rem'}; padding: 0 1rem; color: #1f2328; }
    table { border-collapse: collapse; width: 100%; }
    th, td { text-align: left; padding: .5rem .75rem; border-bottom: 1px solid #d0d7de; }
    th { background: #f6f8fa; }${options.css ? `\n    ${options.css}` : ''}
  </style>
</head>
<body>
  <h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>
`;
}
