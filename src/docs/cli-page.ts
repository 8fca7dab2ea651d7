/** The docs site's page of a command line (`x-specforge-cli`): the reference rows as HTML. */
import type { CliSpec } from '../runtime/cli-spec.js';
import { cliReference } from './cli-reference.js';
import { escapeHtml, htmlPage } from './html.js';

function paragraphsHtml(list: string[], indent: string): string {
  return list.map((p) => `${indent}<p>${escapeHtml(p)}</p>`).join('\n');
}

export function cliPage(spec: CliSpec, title: string): string {
  const sections = cliReference(spec)
    .map((s) => {
      const options =
        s.options.length === 0
          ? ''
          : `
    <table>
      <thead><tr><th>Flag</th><th>Variable</th><th>Type</th><th>Default</th><th>Allowed values</th><th>Meaning</th></tr></thead>
      <tbody>
${s.options
  .map(
    (o) =>
      `        <tr><td><code>${escapeHtml(o.flags)}</code></td><td>${o.env ? `<code>${escapeHtml(o.env)}</code>` : ''}</td><td>${escapeHtml(o.type)}</td><td>${o.default ? `<code>${escapeHtml(o.default)}</code>` : ''}</td><td>${escapeHtml(o.allowed)}</td><td>${o.paragraphs.map((p) => escapeHtml(p)).join('<br><br>')}</td></tr>`,
  )
  .join('\n')}
      </tbody>
    </table>`;
      const commands =
        s.commands.length === 0
          ? ''
          : `
    <table>
      <thead><tr><th>Command</th><th>Meaning</th></tr></thead>
      <tbody>
${s.commands.map((c) => `        <tr><td><a href="#${escapeHtml(c.anchor)}"><code>${escapeHtml(c.title)}</code></a></td><td>${escapeHtml(c.summary)}</td></tr>`).join('\n')}
      </tbody>
    </table>`;
      return `  <section id="${escapeHtml(s.anchor)}">
    <h2><code>${escapeHtml(s.title)}</code></h2>
    <p>${escapeHtml(s.summary)}</p>
    <p>Usage: <code>${escapeHtml(s.usage)}</code></p>
${paragraphsHtml(s.paragraphs, '    ')}${options}${commands}
  </section>`;
    })
    .join('\n');
  return htmlPage(title, sections, { maxWidth: '72rem', css: 'td { vertical-align: top; } code { font-size: .9em; } table { margin: 1rem 0; }' });
}
