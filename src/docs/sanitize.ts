/**
 * What a published docs page may show of a contract's text. Descriptions are Markdown that may hold
 * raw HTML, and Redoc renders them on the page (at build time and again in the browser): every
 * description goes through sanitize-html with an allow-list first, so the page never holds a
 * `<meta http-equiv="refresh">`, `<base>`, `<form>`, `<iframe>`, `<object>`, `<embed>`, `<link>`,
 * `<style>`, `<script>`, an event handler, `srcdoc`, `formaction`, or a link or image to a
 * `javascript:`, `data:` or `vbscript:` address (Markdown links included).
 */
import sanitizeHtml from 'sanitize-html';
import { isRecord } from '../contract/pointer.js';

/** The elements a description may use: what Markdown renders to, and a few inline ones. */
const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'code',
  'em',
  'strong',
  'b',
  'i',
  'u',
  's',
  'del',
  'ins',
  'sub',
  'sup',
  'kbd',
  'mark',
  'small',
  'span',
  'div',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'a',
  'img',
  'details',
  'summary',
  'abbr',
];

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'name'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['align', 'colspan', 'rowspan'],
    td: ['align', 'colspan', 'rowspan'],
    abbr: ['title'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Elements whose content is not text to show either: dropped whole.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'template',
    'iframe',
    'object',
    'embed',
    'noembed',
    'noframes',
    'xmp',
    'title',
    'head',
    'svg',
    'math',
  ],
};

const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);

const NAMED_ENTITIES: Record<string, string> = { colon: ':', tab: '\t', newline: '\n', amp: '&', lpar: '(', rpar: ')', sol: '/', period: '.' };

/** A link target as a browser reads its scheme: entities decoded, blanks and controls removed. */
function schemeOf(target: string): string | undefined {
  const decoded = target
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(Math.min(Number.parseInt(hex, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_m, dec: string) => String.fromCodePoint(Math.min(Number(dec), 0x10ffff)))
    .replace(/&([a-z]+);/gi, (m, name: string) => NAMED_ENTITIES[name.toLowerCase()] ?? m)
    .replace(/\\(.)/g, '$1')
    .replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const m = /^([a-z][a-z0-9+.-]*):/i.exec(decoded);
  return m ? (m[1] as string).toLowerCase() : undefined;
}

/** A Markdown link or image target: kept when relative or http(s)/mailto, else "#". */
function safeTarget(target: string): string {
  const scheme = schemeOf(target.replace(/^<|>$/g, ''));
  return scheme === undefined || SAFE_SCHEMES.has(scheme) ? target : '#';
}

/** Markdown links, images and link reference definitions with an unsafe scheme point at "#" instead. */
function safeMarkdownLinks(text: string): string {
  return text
    .replace(/(\]\(\s*)(<[^>\n]*>|(?:[^\s()]|\([^\s()]*\))+)/g, (_m, open: string, target: string) => open + safeTarget(target))
    .replace(/^( {0,3}\[[^\]\n]+\]:[ \t]*)(<[^>\n]*>|\S+)/gm, (_m, open: string, target: string) => open + safeTarget(target));
}

/** True when the text holds something an HTML parser would take for markup. */
const MARKUP = /<[A-Za-z!/?]/;

/**
 * A Markdown description as a docs page may render it: HTML kept only as the allow-list permits,
 * unsafe link schemes replaced. Text without markup keeps its bytes (but for unsafe link targets);
 * text with markup comes back as sanitize-html writes it (a `<` that opens no allowed tag as an
 * entity, which Markdown shows as it was; `>` and `&` as they were, so block quotes stay block quotes).
 */
export function sanitizeDescription(text: string): string {
  let out = safeMarkdownLinks(text);
  if (!MARKUP.test(out)) return out;
  // Autolinks are Markdown, not tags: written as links so the sanitizer keeps them.
  out = out.replace(/<((?:https?|mailto):[^\s<>]*)>/gi, (_m, url: string) => `[${url}](${url})`);
  // `>` and `&` written back as they were: neither can open a tag (code spans keep `a && b`).
  out = sanitizeHtml(out, SANITIZE_OPTIONS).replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return out;
}

/**
 * HTML rendered from a description's Markdown, as specforge's static pages show it: the same
 * allow-list as sanitizeDescription; an image from elsewhere (which the page's policy would block)
 * becomes a link to it, and links leave no referrer.
 */
export function sanitizeRenderedHtml(html: string): string {
  // Most descriptions render to bare tags of the allow-list and text (marked escapes <, >, &, " and '
  // in text): nothing there to sanitize. Only such HTML, with no entity but those five, skips the
  // parser; its quotes and empty elements are written as the parser writes them (the same bytes).
  // Any other tag, any attribute, comment, stray "<" or other entity takes the parser.
  // The tags must also nest (marked can write `<em>a</p>\n<p>b</em>` from `<em>a\n\nb</em>`): the
  // parser repairs such HTML, so only balanced tags skip it.
  if (!/[<>]|&(?!amp;|lt;|gt;|quot;|#39;)/.test(html.replace(BARE_TAGS, '')) && bareTagsBalance(html))
    return html
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/<(br|hr)>/g, '<$1 />');
  return sanitizeRenderedHtmlFully(html);
}

/** sanitizeRenderedHtml by the parser, whatever the HTML (test/unit/docs-sanitize-bare.test.ts holds that the two agree). */
export function sanitizeRenderedHtmlFully(html: string): string {
  return sanitizeHtml(html, {
    ...SANITIZE_OPTIONS,
    allowedAttributes: { ...SANITIZE_OPTIONS.allowedAttributes, a: ['href', 'title', 'name', 'rel'] },
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noreferrer' } }),
      img: (tagName, attribs): sanitizeHtml.Tag => {
        const src = attribs['src'] ?? '';
        if (schemeOf(src) === undefined && src !== '' && !src.startsWith('//')) return { tagName, attribs: { ...attribs, alt: attribs['alt'] ?? '' } };
        return {
          tagName: 'a',
          attribs: { href: src, rel: 'noreferrer' },
          text: attribs['alt'] !== undefined && attribs['alt'] !== '' ? attribs['alt'] : 'image',
        };
      },
    },
  });
}

/**
 * True when every bare tag of the HTML closes in order what it opened (br and hr open nothing) and
 * none closes an open one implicitly as the parser would (a block tag in a `<p>`, an `<li>` in an `<li>`).
 */
function bareTagsBalance(html: string): boolean {
  const open: string[] = [];
  for (const [, close, name] of html.matchAll(/<(\/?)([a-z0-9]+)>/g)) {
    if (name === undefined) continue;
    const top = open[open.length - 1];
    if (close === '' && ((top === 'p' && CLOSES_P.has(name)) || (top === 'li' && name === 'li'))) return false;
    if (name === 'br' || name === 'hr') continue;
    if (close === '') open.push(name);
    else if (open.pop() !== name) return false;
  }
  return open.length === 0;
}

/** Bare tags whose opening closes an open `<p>` in the parser (htmlparser2's openImpliesClose). */
const CLOSES_P = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'hr', 'ol', 'pre', 'ul']);

/** Tags without attributes that marked writes for plain Markdown, each on the allow-list. */
const BARE_TAGS = /<\/?(?:p|code|em|strong|ul|ol|li|pre|blockquote|h[1-6]|del)>|<(?:br|hr)>/g;

/** Keys whose string value is an address a page links to. */
const URL_KEYS = new Set(['url', 'termsOfService', 'href', 'externalValue']);

/** Keys whose value is data (an example, a default), shown as code and never rendered as HTML. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const', 'x-specforge-mock']);

/**
 * A copy of a contract document for the docs renderer: every `description` (and `x-` description)
 * sanitized, every link address (`url`, `termsOfService`) with an unsafe scheme dropped. Data
 * (examples, defaults, enums) is left as it is: Redoc shows it as escaped code.
 */
export function sanitizeForDocs(document: Record<string, unknown>): Record<string, unknown> {
  const walk = (node: unknown, key: string | undefined, depth: number): unknown => {
    if (depth > 512) return node;
    if (typeof node === 'string') {
      if (key === 'description' || (key !== undefined && /^x-.*description$/i.test(key))) return sanitizeDescription(node);
      if (key !== undefined && URL_KEYS.has(key)) {
        const scheme = schemeOf(node);
        return scheme === undefined || SAFE_SCHEMES.has(scheme) ? node : '#';
      }
      return node;
    }
    if (Array.isArray(node)) return node.map((v) => walk(v, undefined, depth + 1));
    if (!isRecord(node)) return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      const value = DATA_KEYS.has(k) && k !== 'examples' ? v : k === 'examples' ? walkExamples(v, depth + 1) : walk(v, k, depth + 1);
      Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true });
    }
    return out;
  };
  // `examples` of a media type or parameter: each example's summary/description rendered, its value data.
  const walkExamples = (node: unknown, depth: number): unknown => {
    if (!isRecord(node)) return node;
    const out: Record<string, unknown> = {};
    for (const [name, ex] of Object.entries(node)) {
      let value: unknown = ex;
      if (isRecord(ex)) {
        value = Object.fromEntries(Object.entries(ex).map(([k, v]) => [k, k === 'value' ? v : walk(v, k, depth + 1)]));
      }
      Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
    }
    return out;
  };
  return walk(document, undefined, 0) as Record<string, unknown>;
}
