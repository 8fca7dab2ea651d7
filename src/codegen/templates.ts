/**
 * Handlebars templates lay out generated code; they never build identifiers or literals from raw
 * spec text. Every mustache must be one of the escaping helpers below (or a block/comment); a
 * template that prints a value any other way is refused when it is loaded.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import { Code, docComment, jsonLiteral, propertyKey, stringLiteral } from './escape.js';

const HELPERS = ['code', 'str', 'json', 'key', 'doc'] as const;
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

/** Throws when a template prints a value without an escaping helper. */
export function checkTemplate(name: string, source: string): void {
  for (const m of source.matchAll(/\{\{(\{?)([~]?)\s*([^}]*?)\s*[~]?\}?\}\}/g)) {
    const triple = m[1] === '{';
    const body = m[3] ?? '';
    if (triple) throw new Error(`template ${name}: triple-stash {{{…}}} is not allowed`);
    if (body.startsWith('!') || body === 'else') continue;
    const head = body.replace(/^[#/]/, '').split(/\s+/)[0] ?? '';
    if ((body.startsWith('#') || body.startsWith('/')) && BLOCKS.includes(head)) continue;
    if (!body.startsWith('#') && !body.startsWith('/') && (HELPERS as readonly string[]).includes(head) && body.split(/\s+/).length >= 2) continue;
    throw new Error(`template ${name}: "{{${body}}}" prints a value without an escaping helper (${HELPERS.join(', ')})`);
  }
}

const hb = Handlebars.create();
hb.registerHelper('code', (value: unknown) => {
  if (!(value instanceof Code)) throw new Error('template helper "code" needs a Code value from the escaping module');
  return value.text;
});
hb.registerHelper('str', (value: unknown) => stringLiteral(String(value)));
hb.registerHelper('json', (value: unknown) => jsonLiteral(value));
hb.registerHelper('key', (value: unknown) => propertyKey(String(value)));
hb.registerHelper('doc', (value: unknown, indent: unknown) => docComment(typeof value === 'string' ? value : undefined, typeof indent === 'string' ? indent : ''));

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
