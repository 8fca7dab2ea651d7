/**
 * Handlebars templates lay out generated code; they never build identifiers or literals from raw
 * spec text. Every mustache must be one of the escaping helpers below (or a block/comment); a
 * template that prints a value any other way is refused when it is loaded.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import { Code, docComment, jsonLiteral, markdownCode, markdownText, propertyKey, stringLiteral } from './escape.js';

const HELPERS = ['code', 'str', 'json', 'key', 'doc', 'md', 'mdcode'] as const;
const BLOCKS = ['each', 'if', 'unless'];

function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'templates')) && existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('specforge templates folder not found');
    dir = parent;
  }
}

export const TEMPLATE_ROOT = join(findRoot(), 'templates');

/** Helpers that take a second, literal argument: the indent of `doc`, made of spaces and tabs only. */
const INDENT_HELPERS = new Set(['doc']);

/**
 * Throws when a template prints a value without an escaping helper. The template is parsed with
 * Handlebars' own parser and every node is checked, so no spelling of a mustache (whitespace
 * control, `&`, triple-stash, a brace inside a string argument) slips past.
 */
export function checkTemplate(name: string, source: string): void {
  let ast: hbs.AST.Program;
  try {
    ast = Handlebars.parseWithoutProcessing(source);
  } catch (err) {
    throw new Error(`template ${name}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const lines = source.split('\n');
  const refuse = (node: hbs.AST.Node, why: string): never => {
    const { start, end } = node.loc;
    const text =
      start.line === end.line ? (lines[start.line - 1] ?? '').slice(start.column, end.column) : `${(lines[start.line - 1] ?? '').slice(start.column)}…`;
    throw new Error(`template ${name} line ${start.line}: "${text}" ${why}`);
  };
  const program = (p: hbs.AST.Program | undefined): void => {
    for (const node of p?.body ?? []) statement(node);
  };
  const statement = (node: hbs.AST.Statement): void => {
    switch (node.type) {
      case 'ContentStatement':
      case 'CommentStatement':
        return;
      case 'MustacheStatement': {
        const m = node as hbs.AST.MustacheStatement;
        if (!m.escaped) refuse(m, 'is a triple-stash or `&` mustache, which is not allowed');
        const helper = m.path.type === 'PathExpression' ? (m.path as hbs.AST.PathExpression) : undefined;
        const known = helper !== undefined && !helper.data && helper.depth === 0 && (HELPERS as readonly string[]).includes(helper.original);
        const max = known && INDENT_HELPERS.has(helper.original) ? 2 : 1;
        if (!known || m.params.length < 1 || m.params.length > max || (m.hash?.pairs.length ?? 0) > 0) {
          refuse(m, `prints a value without an escaping helper (${HELPERS.join(', ')} with one value)`);
        }
        const indent = m.params[1];
        if (indent !== undefined && !(indent.type === 'StringLiteral' && /^[ \t]*$/.test((indent as hbs.AST.StringLiteral).value))) {
          refuse(m, 'takes an indent that is not a literal string of spaces and tabs');
        }
        return;
      }
      case 'BlockStatement': {
        const b = node as hbs.AST.BlockStatement;
        if (b.path.type !== 'PathExpression' || b.path.data || !BLOCKS.includes(b.path.original)) {
          refuse(b, `is a block other than ${BLOCKS.join(', ')}`);
        }
        program(b.program);
        program(b.inverse);
        return;
      }
      default:
        refuse(node, `is a ${node.type}, which templates may not use`);
    }
  };
  program(ast);
}

const hb = Handlebars.create();
hb.registerHelper('code', (value: unknown) => {
  if (!(value instanceof Code)) throw new Error('template helper "code" needs a Code value from the escaping module');
  return value.text;
});
hb.registerHelper('str', (value: unknown) => stringLiteral(String(value)));
hb.registerHelper('json', (value: unknown) => jsonLiteral(value));
hb.registerHelper('key', (value: unknown) => propertyKey(String(value)));
hb.registerHelper('md', (value: unknown) => markdownText(String(value)));
hb.registerHelper('mdcode', (value: unknown) => markdownCode(String(value)));
hb.registerHelper('doc', (value: unknown, indent: unknown) =>
  docComment(typeof value === 'string' ? value : undefined, typeof indent === 'string' ? indent : ''),
);

const cache = new Map<string, Handlebars.TemplateDelegate>();

/** Renders templates/<target>/<name>.hbs with `data`. */
export function render(target: string, name: string, data: object): string {
  const key = `${target}/${name}`;
  let template = cache.get(key);
  if (!template) {
    const source = readFileSync(join(TEMPLATE_ROOT, target, `${name}.hbs`), 'utf8');
    checkTemplate(key, source);
    template = hb.compile(source, {
      noEscape: true,
      strict: true,
      knownHelpersOnly: true,
      knownHelpers: Object.fromEntries(HELPERS.map((h) => [h, true])),
    });
    cache.set(key, template);
  }
  return template(data);
}
