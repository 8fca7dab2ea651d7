/**
 * Text of a contract on specforge's static pages: descriptions are Markdown (CommonMark with GFM
 * tables), sanitized as a description (sanitize.ts), rendered by marked, and the rendered HTML
 * sanitized again with the docs allow-list; every other string (names, summaries, values) is escaped.
 */
import { Marked } from 'marked';
import { escapeHtml } from '../../report/html.js';
import { sanitizeDescription, sanitizeRenderedHtml } from '../sanitize.js';

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** Longest description rendered; beyond it the text is cut (a contract cannot make a page unbounded). */
const MAX_DESCRIPTION = 100_000;

/**
 * A Markdown description as sanitized HTML, in a `<div class="md">`. Headings inside it become
 * bold paragraphs (the page's own headings keep their order for screen readers).
 */
export function markdownHtml(text: string | undefined): string {
  if (text === undefined || text.trim() === '') return '';
  // The source is sanitized as Redoc's copy is (unsafe link targets even in text that is not a link
  // become "#"), and the rendered HTML again with the allow-list.
  const source = sanitizeDescription(text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION)}…` : text);
  let html: string;
  try {
    html = marked.parse(source) as string;
  } catch {
    html = `<p>${escapeHtml(source)}</p>`;
  }
  const safe = sanitizeRenderedHtml(html)
    .replace(/<h([1-6])>/g, '<p class="md-h">')
    .replace(/<\/h[1-6]>/g, '</p>');
  return `<div class="md">${safe}</div>`;
}

/** A string as HTML text. */
export function text(value: unknown): string {
  return escapeHtml(typeof value === 'string' ? value : String(value));
}

/** A value as pretty-printed JSON text for a code block (escaped). */
export function jsonText(value: unknown): string {
  let out: string;
  try {
    out = JSON.stringify(value, null, 2) ?? 'null';
  } catch {
    out = String(value);
  }
  return escapeHtml(out);
}

/** An HTML id from any text: letters, digits, "-", "_" and "." kept, the rest as "-". */
export function idOf(prefix: string, value: string): string {
  return `${prefix}${value.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^-+|-+$/g, '') || 'x'}`;
}
