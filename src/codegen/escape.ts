/**
 * The one place where text from a contract becomes generated code. Every identifier, property key,
 * string literal and comment in generated output goes through these functions; templates print
 * only their results.
 */

/**
 * Names an identifier from a contract never takes as is: JavaScript's and TypeScript's reserved and
 * contextual words, and `then` (a module exporting `then` is a thenable: `await import()` of it
 * calls that function instead of giving the module).
 */
const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if ' +
    'import in instanceof new null return super switch this throw true try typeof var void while with yield let static ' +
    'implements interface package private protected public await abstract any as asserts async bigint boolean constructor ' +
    'declare get infer is keyof module namespace never readonly require number object set string symbol type undefined ' +
    'unique unknown from global of satisfies accessor arguments eval then'
  ).split(' '),
);

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A string literal that is safe in any JS/TS context (JSON plus U+2028/U+2029 and `</script`). */
export function stringLiteral(value: string): string {
  return JSON.stringify(value).replace(UNSAFE_IN_CODE, escapeUnsafe);
}

/** Every JSON string token, with the colon that makes it an object key. */
const JSON_STRING = /"(?:[^"\\]|\\.)*"(\s*:)?/g;

/** A JSON value as a JS expression; safe to embed in code (see stringLiteral). */
export function jsonLiteral(value: unknown, indent?: number): string {
  const text = JSON.stringify(value, null, indent);
  if (text === undefined) return 'undefined';
  // In an object literal, `"__proto__": v` sets the prototype instead of a property; a computed
  // key keeps it an own data property as in the JSON. (Every string token is scanned only when the
  // text has such a key: this runs over megabytes of mock and validator tables.)
  const keyed = text.includes('"__proto__"')
    ? text.replace(JSON_STRING, (token, colon: string | undefined) =>
        colon !== undefined && token.startsWith('"__proto__"') ? `["__proto__"]${colon}` : token,
      )
    : text;
  return keyed.replace(UNSAFE_IN_CODE, escapeUnsafe);
}

/**
 * A JSON value as `JSON.parse(\`...\`)`: data, not a literal the compiler checks against a type
 * (a template literal is one token to TypeScript, whatever its size), pretty-printed so it reads and
 * diffs line by line. The template's own escapes (backslash, backtick, `${`) are added over JSON's;
 * JSON.parse makes `__proto__` an own property, as in the document.
 */
export function jsonData(value: unknown, indent = 2): string {
  const text = JSON.stringify(value, null, indent);
  if (text === undefined) return 'undefined';
  return jsonTextData(text);
}

/** `JSON.parse` of JSON text already written (laid out by the caller), escaped as jsonData escapes it. */
export function jsonTextData(text: string): string {
  return `JSON.parse(\`${text.replace(UNSAFE_IN_TEMPLATE, escapeInTemplate)}\`)`;
}

const UNSAFE_IN_TEMPLATE = /[\\`\u2028\u2029]|\$(?=\{)|<\/(?=script)|<!--/gi;

function escapeInTemplate(match: string): string {
  if (match === '\\' || match === '`' || match === '$') return `\\${match}`;
  return escapeUnsafe(match);
}

/** What stringLiteral escapes beyond JSON, in one pass (jsonLiteral runs over megabytes of tables). */
const UNSAFE_IN_CODE = /[\u2028\u2029]|<\/(?=script)|<!--/gi;

function escapeUnsafe(match: string): string {
  if (match === '\u2028') return '\\u2028';
  if (match === '\u2029') return '\\u2029';
  return match === '<!--' ? '<\\!--' : '<\\/';
}

/** True when `name` can stand as a bare identifier (and is not a reserved word). */
export function isSafeIdentifier(name: string): boolean {
  return IDENTIFIER.test(name) && !RESERVED.has(name);
}

/**
 * A valid, non-reserved identifier derived from `name`: unsafe characters become "_", words are
 * camel-cased, a leading digit or a reserved word gets a "_" prefix. Deterministic; callers that need
 * uniqueness keep a `NameRegistry`.
 */
export function identifier(name: string): string {
  let id = name.replace(/[^A-Za-z0-9_$]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''));
  if (id === '') id = '_';
  if (/^[0-9]/.test(id)) id = '_' + id;
  if (RESERVED.has(id)) id = '_' + id;
  return id;
}

/** An identifier that must be used as written: throws rather than emit something else. */
export function exactIdentifier(name: string): string {
  if (!isSafeIdentifier(name)) throw new Error(`not a safe identifier: ${JSON.stringify(name)}`);
  return name;
}

/** An object-literal or interface property key: bare when safe, quoted otherwise. */
export function propertyKey(name: string): string {
  // `__proto__: v` and `"__proto__": v` in an object literal set the prototype: use a computed key.
  if (name === '__proto__') return `[${stringLiteral(name)}]`;
  return IDENTIFIER.test(name) ? name : stringLiteral(name);
}

/** `obj.name` or `obj["name"]`. */
export function propertyAccess(name: string): string {
  return IDENTIFIER.test(name) ? `.${name}` : `[${stringLiteral(name)}]`;
}

/** The body text of a comment: no way to close it early, no line terminators that JS counts. */
function commentText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      .replace(/[\u2028\u2029]/g, '\n')
      .replace(/\*\//g, '*\\/')
      .replace(/\/\*/g, '/\\*')
      // As in string literals: nothing that would end an inline <script> or open an HTML comment.
      .replace(/<\/(script)/gi, '<\\/$1')
      .replace(/<!--/g, '<\\!--')
  );
}

/** A JSDoc block at `indent`, or "" for empty text. */
export function docComment(text: string | undefined, indent = ''): string {
  if (text === undefined || text.trim() === '') return '';
  const lines = commentText(text.trim()).split('\n');
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((l) => `${indent} *${l ? ' ' + l : ''}`).join('\n')}\n${indent} */\n`;
}

/** A single-line comment. */
export function lineComment(text: string): string {
  return '// ' + commentText(text).replace(/\n/g, ' ');
}

/** Hands out unique identifiers for a scope, deterministically (second "foo" is "foo2"). */
export class NameRegistry {
  private readonly used = new Set<string>();
  constructor(reserved: Iterable<string> = []) {
    for (const r of reserved) this.used.add(r);
  }
  take(name: string): string {
    const base = identifier(name);
    let id = base;
    for (let i = 2; this.used.has(id); i++) id = `${base}${i}`;
    this.used.add(id);
    return id;
  }
}

/** Text that is already code, built from the functions above; the only thing templates print as is. */
export class Code {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export function code(text: string): Code {
  return new Code(text);
}

/**
 * Inline Markdown text (CommonMark/GFM): one line, every character that could start markup
 * escaped (emphasis, links, HTML, table cells, entities), a leading block marker neutralized, and
 * GitHub's references made inert (inertReferences).
 */
export function markdownText(text: string): string {
  const one = text
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return inertReferences(one.replace(/[\\`*_[\]<>|#!~&]/g, '\\$&').replace(/^([-+=]|\d+(?=[.)]))/, (m) => (/^\d/.test(m) ? `${m}\\` : `\\${m}`)));
}

/**
 * Markdown text, already escaped for where it goes (inline text, a table cell, HTML in a
 * `<summary>`), with what GitHub would turn into a reference made inert: a zero-width space, as the
 * entity `&#8203;`, after every `@` before a letter or digit (a user or team mention, `@org/team`,
 * `owner/repo@sha`), after every `#` before a digit (an issue or pull request, `#123`,
 * `owner/repo#123`) and inside `GH-123`. The text reads the same; nobody is notified and no issue
 * gets a cross-reference. Every markdown writer passes contract text through it; not for code spans
 * or blocks, where GitHub links nothing and an entity would show as typed.
 */
export function inertReferences(markdown: string): string {
  return markdown.replace(/@(?=[A-Za-z0-9])|#(?=[0-9])|\b(GH)-(?=[0-9])/gi, (m, gh: string | undefined) =>
    gh !== undefined ? `${gh}&#8203;-` : `${m}&#8203;`,
  );
}

/**
 * The backticks that delimit `text` as Markdown code: one more than its longest run of backticks,
 * and at least `min` (3 for a fenced code block).
 */
export function backticks(text: string, min = 1): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(Math.max(min, longest + 1));
}

/** A Markdown code span holding `text` as is (also inside a table cell). */
export function markdownCode(text: string): string {
  const one = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(/\|/g, '\\|');
  const fence = backticks(one);
  const pad = one.startsWith('`') || one.endsWith('`') || one.startsWith(' ') ? ' ' : '';
  return `${fence}${pad}${one}${pad}${fence}`;
}
