/**
 * A small Markdown to HTML converter for the command-line references (`generated/<api>/cli.md`).
 * It knows the CommonMark/GFM blocks such a reference uses (ATX headings, paragraphs, fenced code,
 * pipe tables, lists, block quotes, rules) and the inline forms (code spans, emphasis, strong,
 * strike-through, links, backslash escapes). Every piece of text is escaped: raw HTML in the source
 * is shown as text, links keep only http(s), mailto and relative targets, and images become their
 * alt text, so a page never loads anything from elsewhere.
 */
import { escapeHtml } from '../report/html.js';
import { slugOf } from '../codegen/cli-reference.js';

export interface MarkdownHeading {
  level: number;
  text: string;
  id: string;
}

export interface RenderedMarkdown {
  html: string;
  headings: MarkdownHeading[];
}

/** Heading ids, unique within one document ("usage", "usage-1", …). */
class Slugger {
  private readonly used = new Set<string>();

  slug(text: string): string {
    const base = slugOf(text);
    let id = base;
    for (let n = 1; this.used.has(id); n++) id = `${base}-${n}`;
    this.used.add(id);
    return id;
  }
}

const FENCE = /^( {0,3})(`{3,}|~{3,})[ \t]*([^`\s]*)[^`]*$/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?/;
const LIST_ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])(?:([ \t]+)(.*))?$/;
const TABLE_DELIMITER = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const AUTOLINK = /<((?:https?|mailto):[^\s<>]*)>/iy;
const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/;

function isBlank(line: string): boolean {
  return line.trim() === '';
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/** Splits a table row on unescaped pipes; `\|` stays escaped for the inline pass. */
export function splitTableRow(line: string): string[] {
  let row = line.trim();
  if (row.startsWith('|')) row = row.slice(1);
  if (row.endsWith('|') && !row.endsWith('\\|')) row = row.slice(0, -1);
  const cells: string[] = [];
  let cell = '';
  for (let i = 0; i < row.length; i++) {
    const c = row[i] as string;
    if (c === '\\' && row[i + 1] === '|') {
      cell += '\\|';
      i++;
    } else if (c === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

function isTableStart(lines: string[], i: number): boolean {
  const head = lines[i];
  const delimiter = lines[i + 1];
  if (head === undefined || delimiter === undefined || !head.includes('|') || !TABLE_DELIMITER.test(delimiter)) return false;
  return splitTableRow(head).length === splitTableRow(delimiter).length;
}

/** Whether the line opens a block that interrupts a paragraph. */
function interruptsParagraph(lines: string[], i: number): boolean {
  const line = lines[i] as string;
  if (FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line) || isTableStart(lines, i)) return true;
  const item = LIST_ITEM.exec(line);
  // Like CommonMark, an ordered list interrupts a paragraph only when it starts at 1, and no empty item does.
  return item !== null && item[4] !== undefined && item[4].trim() !== '' && (/^[-*+]$/.test(item[2] as string) || /^1[.)]$/.test(item[2] as string));
}

function safeHref(raw: string): string | undefined {
  const url = raw.trim();
  if (url === '' || /[\u0000-\u0020\u007f]/.test(url)) return undefined;
  if (/^(?:https?:|mailto:)/i.test(url)) return url;
  // A relative reference: no scheme before the first "/", "?" or "#".
  const beforePath = url.split(/[/?#]/, 1)[0] ?? '';
  return beforePath.includes(':') ? undefined : url;
}

/** Inline Markdown of one block to HTML. */
export function renderInline(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '\\') {
      const next = text[i + 1];
      if (next === '\n') {
        out += '<br>\n';
        i += 2;
        continue;
      }
      if (next !== undefined && PUNCTUATION.test(next)) {
        out += escapeHtml(next);
        i += 2;
        continue;
      }
      out += '\\';
      i++;
      continue;
    }
    if (c === '`') {
      const run = '`'.repeat(runLength(text, i, '`'));
      const close = findBacktickRun(text, i + run.length, run.length);
      if (close < 0) {
        out += run;
        i += run.length;
        continue;
      }
      let code = text.slice(i + run.length, close).replace(/\n/g, ' ');
      if (code.length > 1 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '') code = code.slice(1, -1);
      out += `<code>${escapeHtml(code)}</code>`;
      i = close + run.length;
      continue;
    }
    if (c === '!' && text[i + 1] === '[') {
      const link = parseLink(text, i + 1);
      if (link) {
        // Images are shown as their alt text: the docs load nothing from elsewhere.
        out += renderInline(link.label);
        i = link.end;
        continue;
      }
    }
    if (c === '[') {
      const link = parseLink(text, i);
      if (link) {
        const href = safeHref(link.destination);
        const label = renderInline(link.label);
        if (href === undefined) out += label;
        else {
          const external = /^https?:/i.test(href) ? ' rel="noopener noreferrer"' : '';
          const title = link.title !== undefined ? ` title="${escapeHtml(link.title)}"` : '';
          out += `<a href="${escapeHtml(href)}"${title}${external}>${label}</a>`;
        }
        i = link.end;
        continue;
      }
    }
    if (c === '<') {
      AUTOLINK.lastIndex = i;
      const auto = AUTOLINK.exec(text);
      if (auto) {
        const href = auto[1] as string;
        out += `<a href="${escapeHtml(href)}" rel="noopener noreferrer">${escapeHtml(href)}</a>`;
        i += auto[0].length;
        continue;
      }
    }
    if (c === '*' || c === '_' || c === '~') {
      const span = parseDelimited(text, i);
      if (span) {
        out += span.html;
        i = span.end;
        continue;
      }
      const run = c.repeat(runLength(text, i, c));
      out += escapeHtml(run);
      i += run.length;
      continue;
    }
    if (c === ' ' && text.startsWith('  \n', i)) {
      out += '<br>\n';
      i += 3;
      continue;
    }
    out += escapeHtml(c);
    i++;
  }
  return out;
}

/** Length of the run of `ch` starting at `i`. */
function runLength(text: string, i: number, ch: string): number {
  let j = i;
  while (text[j] === ch) j++;
  return j - i;
}

function findBacktickRun(text: string, from: number, length: number): number {
  let i = from;
  while (i < text.length) {
    if (text[i] !== '`') {
      i++;
      continue;
    }
    let j = i;
    while (text[j] === '`') j++;
    if (j - i === length) return i;
    i = j;
  }
  return -1;
}

interface ParsedLink {
  label: string;
  destination: string;
  title?: string;
  end: number;
}

/** `[label](destination "title")` starting at the "[" at `start`. */
function parseLink(text: string, start: number): ParsedLink | undefined {
  let depth = 0;
  let i = start;
  let labelEnd = -1;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '`') {
      const length = runLength(text, i, '`');
      const close = findBacktickRun(text, i + length, length);
      i = (close >= 0 ? close + length : i + length) - 1;
      continue;
    }
    if (c === '[') depth++;
    else if (c === ']') {
      depth--;
      if (depth === 0) {
        labelEnd = i;
        break;
      }
    }
  }
  if (labelEnd < 0 || text[labelEnd + 1] !== '(') return undefined;
  const rest = text.slice(labelEnd + 2);
  const m = /^[ \t\n]*(?:<([^<>\n]*)>|((?:[^\s()\\]|\\.|\((?:[^\s()\\]|\\.)*\))*))(?:[ \t\n]+("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'))?[ \t\n]*\)/.exec(rest);
  if (!m) return undefined;
  const destination = (m[1] ?? m[2] ?? '').replace(/\\([!-/:-@[-`{-~])/g, '$1');
  const link: ParsedLink = { label: text.slice(start + 1, labelEnd), destination, end: labelEnd + 2 + m[0].length };
  if (m[3] !== undefined) link.title = m[3].slice(1, -1).replace(/\\([!-/:-@[-`{-~])/g, '$1');
  return link;
}

/** Emphasis (`*a*`, `_a_`), strong (`**a**`, `__a__`), both (`***a***`) and strike-through (`~~a~~`). */
function parseDelimited(text: string, start: number): { html: string; end: number } | undefined {
  const c = text[start] as string;
  const length = runLength(text, start, c);
  if (c === '~' ? length !== 2 : length > 3) return undefined;
  const after = text[start + length];
  const before = start > 0 ? text[start - 1] : undefined;
  if (after === undefined || /\s/.test(after)) return undefined;
  // Underscores inside words (snake_case, --log_as_json) are not emphasis.
  if (c === '_' && before !== undefined && /[\p{L}\p{N}]/u.test(before)) return undefined;
  let j = start + length;
  while (j < text.length) {
    const ch = text[j] as string;
    if (ch === '\\') {
      j += 2;
      continue;
    }
    if (ch === '`') {
      // A delimiter inside a code span does not close.
      const ticks = runLength(text, j, '`');
      const close = findBacktickRun(text, j + ticks, ticks);
      j = close >= 0 ? close + ticks : j + ticks;
      continue;
    }
    if (ch !== c) {
      j++;
      continue;
    }
    const closeLength = runLength(text, j, c);
    const next = text[j + closeLength];
    const flanking = !/\s/.test(text[j - 1] as string) && !(c === '_' && next !== undefined && /[\p{L}\p{N}]/u.test(next));
    if (closeLength === length && flanking && j > start + length) {
      const inner = renderInline(text.slice(start + length, j));
      const html =
        c === '~'
          ? `<del>${inner}</del>`
          : length === 1
            ? `<em>${inner}</em>`
            : length === 2
              ? `<strong>${inner}</strong>`
              : `<strong><em>${inner}</em></strong>`;
      return { html, end: j + length };
    }
    j += closeLength;
  }
  return undefined;
}

/** Plain text of a heading, for its id: links and escapes undone, code and emphasis marks ("_" stays: it is common in names) dropped. */
function plainText(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/[`*~]/g, '');
}

interface ListItem {
  lines: string[];
}

class BlockRenderer {
  constructor(
    private readonly slugger: Slugger,
    private readonly headings: MarkdownHeading[],
  ) {}

  render(lines: string[]): string[] {
    const out: string[] = [];
    let i = 0;
    while (i < lines.length) {
      const line = lines[i] as string;
      if (isBlank(line)) {
        i++;
        continue;
      }
      const fence = FENCE.exec(line);
      if (fence) {
        i = this.fence(lines, i, fence, out);
        continue;
      }
      const heading = HEADING.exec(line);
      if (heading) {
        const level = (heading[1] as string).length;
        const raw = (heading[2] ?? '').trim();
        const text = plainText(raw);
        const id = this.slugger.slug(text);
        this.headings.push({ level, text, id });
        out.push(`<h${level} id="${escapeHtml(id)}">${renderInline(raw)}</h${level}>`);
        i++;
        continue;
      }
      if (RULE.test(line)) {
        out.push('<hr>');
        i++;
        continue;
      }
      if (QUOTE.test(line)) {
        const quoted: string[] = [];
        while (i < lines.length && QUOTE.test(lines[i] as string)) quoted.push((lines[i++] as string).replace(QUOTE, ''));
        out.push(`<blockquote>\n${this.render(quoted).join('\n')}\n</blockquote>`);
        continue;
      }
      if (isTableStart(lines, i)) {
        i = this.table(lines, i, out);
        continue;
      }
      if (LIST_ITEM.test(line)) {
        i = this.list(lines, i, out);
        continue;
      }
      const paragraph: string[] = [line.trimStart()];
      i++;
      while (i < lines.length && !isBlank(lines[i] as string) && !interruptsParagraph(lines, i)) paragraph.push((lines[i++] as string).trimStart());
      out.push(`<p>${renderInline(paragraph.join('\n').trimEnd())}</p>`);
    }
    return out;
  }

  private fence(lines: string[], start: number, fence: RegExpExecArray, out: string[]): number {
    const indent = (fence[1] as string).length;
    const marker = fence[2] as string;
    const info = fence[3] ?? '';
    const closing = new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`);
    const body: string[] = [];
    let i = start + 1;
    while (i < lines.length && !closing.test(lines[i] as string)) {
      const line = lines[i] as string;
      body.push(line.slice(Math.min(indent, indentOf(line))));
      i++;
    }
    const language = /^[A-Za-z0-9_+-]+$/.test(info) ? ` class="language-${escapeHtml(info)}"` : '';
    out.push(`<pre><code${language}>${escapeHtml(body.join('\n'))}${body.length > 0 ? '\n' : ''}</code></pre>`);
    return i + 1;
  }

  private table(lines: string[], start: number, out: string[]): number {
    const header = splitTableRow(lines[start] as string);
    const aligns = splitTableRow(lines[start + 1] as string).map((d) => {
      const left = d.startsWith(':');
      const right = d.endsWith(':');
      return left && right ? ' class="align-center"' : right ? ' class="align-right"' : left ? ' class="align-left"' : '';
    });
    const rows: string[][] = [];
    let i = start + 2;
    while (i < lines.length && !isBlank(lines[i] as string) && (lines[i] as string).includes('|') && !interruptsTable(lines, i)) {
      rows.push(splitTableRow(lines[i++] as string));
    }
    const cells = (row: string[], tag: 'th' | 'td'): string =>
      header.map((_, k) => `<${tag}${aligns[k] ?? ''}>${renderInline(row[k] ?? '')}</${tag}>`).join('');
    const body = rows.length > 0 ? `\n<tbody>\n${rows.map((r) => `<tr>${cells(r, 'td')}</tr>`).join('\n')}\n</tbody>` : '';
    out.push(`<table>\n<thead>\n<tr>${cells(header, 'th')}</tr>\n</thead>${body}\n</table>`);
    return i;
  }

  private list(lines: string[], start: number, out: string[]): number {
    const first = LIST_ITEM.exec(lines[start] as string) as RegExpExecArray;
    const ordered = /\d/.test(first[2] as string);
    const delimiter = ordered ? (first[2] as string).slice(-1) : (first[2] as string);
    const items: ListItem[] = [];
    let loose = false;
    let i = start;
    while (i < lines.length) {
      const m = LIST_ITEM.exec(lines[i] as string);
      if (!m) break;
      const marker = m[2] as string;
      const sameList = ordered ? /\d/.test(marker) && marker.slice(-1) === delimiter : marker === delimiter;
      if (!sameList || RULE.test(lines[i] as string)) break;
      const spacing = (m[3] ?? ' ').length;
      const contentIndent = (m[1] as string).length + marker.length + (spacing > 4 ? 1 : spacing);
      const item: ListItem = { lines: [m[4] ?? ''] };
      i++;
      let sawBlank = false;
      while (i < lines.length) {
        const line = lines[i] as string;
        if (isBlank(line)) {
          sawBlank = true;
          item.lines.push('');
          i++;
          continue;
        }
        if (indentOf(line) >= contentIndent) {
          if (sawBlank) loose = true;
          sawBlank = false;
          item.lines.push(line.slice(contentIndent));
          i++;
          continue;
        }
        // A lazy continuation line of the item's paragraph.
        if (!sawBlank && !interruptsParagraph(lines, i) && !LIST_ITEM.test(line)) {
          item.lines.push(line.trim());
          i++;
          continue;
        }
        break;
      }
      while (item.lines.length > 0 && isBlank(item.lines[item.lines.length - 1] as string)) item.lines.pop();
      items.push(item);
      if (sawBlank && i < lines.length && LIST_ITEM.test(lines[i] as string)) loose = true;
      if (sawBlank && !(i < lines.length && LIST_ITEM.test(lines[i] as string))) break;
    }
    const startNumber = ordered ? Number.parseInt(first[2] as string, 10) : 1;
    const open = ordered ? (startNumber !== 1 ? `<ol start="${startNumber}">` : '<ol>') : '<ul>';
    const rendered = items.map((item) => {
      const blocks = this.render(item.lines);
      if (!loose) {
        const inner = blocks.map((b) => (b.startsWith('<p>') && b.endsWith('</p>') ? b.slice(3, -4) : b)).join('\n');
        return `<li>${inner}</li>`;
      }
      return `<li>\n${blocks.join('\n')}\n</li>`;
    });
    out.push(`${open}\n${rendered.join('\n')}\n${ordered ? '</ol>' : '</ul>'}`);
    return i;
  }
}

function interruptsTable(lines: string[], i: number): boolean {
  const line = lines[i] as string;
  return FENCE.test(line) || HEADING.test(line) || QUOTE.test(line) || RULE.test(line);
}

/** Markdown to HTML; the same input always gives the same bytes. */
export function renderMarkdown(source: string): RenderedMarkdown {
  const lines = source
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, '    ')
    .replace(/\u0000/g, '\ufffd')
    .split('\n');
  const headings: MarkdownHeading[] = [];
  const blocks = new BlockRenderer(new Slugger(), headings).render(lines);
  return { html: blocks.join('\n') + '\n', headings };
}
