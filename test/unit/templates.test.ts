/**
 * Template safety: `checkTemplate` lets a template print only through the escaping helpers, and every
 * template shipped under templates/ passes it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { code, Code } from '../../src/codegen/escape.js';
import { checkTemplate, render, TEMPLATE_ROOT } from '../../src/codegen/templates.js';

function templateFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...templateFiles(p));
    else if (name.endsWith('.hbs')) out.push(p);
  }
  return out;
}

const REFUSED: Array<[string, string]> = [
  ['a bare value', '{{x}}'],
  ['a bare path', 'const a = {{this.name}};'],
  ['a bare @index', '{{#each xs}}{{@index}}{{/each}}'],
  ['a bare value with whitespace control', '{{~x~}}'],
  ['a triple-stash', '{{{x}}}'],
  ['a triple-stash with whitespace control', '{{~{x}~}}'],
  ['a triple-stash of a helper', '{{{str x}}}'],
  ['an ampersand (unescaped) mustache', '{{&x}}'],
  ['an unknown helper', '{{upper x}}'],
  ['an unknown helper with a hash', '{{upper x flag=true}}'],
  ['a built-in helper that prints', '{{lookup this "x"}}'],
  ['a built-in helper hiding a brace', '{{lookup this "}"}}'],
  ['log', '{{log x}}'],
  ['a helper name without a value', '{{str}}'],
  ['a helper name used as a bare path', '{{code}}'],
  ['a bare value inside a block', '{{#if x}}{{x}}{{/if}}'],
  ['a bare value in an else branch', '{{#if x}}{{str x}}{{else}}{{y}}{{/if}}'],
  ['a bare value inside each', '{{#each items}}{{this}}{{/each}}'],
  ['an unknown block helper', '{{#with x}}{{str y}}{{/with}}'],
  ['a block with a printing helper', '{{#str x}}y{{/str}}'],
  ['a partial', '{{> other}}'],
  ['a partial block', '{{#> layout}}x{{/layout}}'],
  ['an inline partial', '{{#*inline "p"}}{{x}}{{/inline}}'],
  ['a decorator', '{{* decorate}}'],
  ['doc with a value as its indent', '{{doc text indent}}'],
  ['a bare value inside a subexpression of a block', '{{#if (lookup this "x")}}{{x}}{{/if}}'],
  ['a syntax error', '{{#if x}}{{str x}}'],
];

const ACCEPTED: Array<[string, string]> = [
  ['plain text', 'export const a = 1;\n'],
  ['str', 'const a = {{str name}};'],
  ['str of a path', 'const a = {{str this.name}};'],
  ['json', 'const a = {{json value}};'],
  ['key', '{ {{key name}}: 1 }'],
  ['code', '{{code header}}'],
  ['doc', '{{doc text}}'],
  ['doc with an indent', '{{doc text "  "}}'],
  ['helpers with whitespace control', '{{~str name~}}'],
  ['a comment', '{{! a comment }}{{!-- {{x}} inside a long comment --}}'],
  ['each', '{{#each items}}{{key this.id}}: {{json this.value}},\n{{/each}}'],
  ['each with else', '{{#each items}}{{str this}}{{else}}none{{/each}}'],
  ['if / else / unless', '{{#if a}}{{str a}}{{else}}{{#unless b}}{{json b}}{{/unless}}{{/if}}'],
  ['else if', '{{#if a}}{{str a}}{{else if b}}{{str b}}{{/if}}'],
  ['block params', '{{#each items as |item|}}{{str item}}{{/each}}'],
  ['an escaped mustache', 'literal \\{{x}} text'],
];

describe('checkTemplate', () => {
  it.each(REFUSED)('refuses %s', (_label, source) => {
    expect(() => checkTemplate('test', source)).toThrow(/template test/);
  });

  it.each(ACCEPTED)('accepts %s', (_label, source) => {
    expect(() => checkTemplate('test', source)).not.toThrow();
  });

  it('names the template and the offending mustache', () => {
    expect(() => checkTemplate('server/server.ts', 'a\n{{x}}')).toThrow(/server\/server\.ts.*x/);
  });
});

describe('shipped templates', () => {
  const files = templateFiles(TEMPLATE_ROOT);

  it('exist', () => {
    expect(files.length).toBeGreaterThanOrEqual(4);
  });

  it.each(files.map((f) => [relative(TEMPLATE_ROOT, f), f]))('%s passes checkTemplate', (name, file) => {
    expect(() => checkTemplate(name, readFileSync(file, 'utf8'))).not.toThrow();
  });

  it('print hostile values only through the escaping helpers', () => {
    const hostile = '"; globalThis.__specforgeTemplatePwned = true; "*/`${x}`</script>\u2028';
    const text = render('client', 'client.ts', {
      header: code('// header'),
      runtimeImport: hostile,
      baseUrl: hostile,
      schemesJson: code('{}'),
      schemeNames: code('never'),
      clientDoc: hostile,
    });
    expect(text).toContain(
      JSON.stringify(hostile)
        .replace(/\u2028/g, '\\u2028')
        .replace('</script', '<\\/script'),
    );
    expect(text).not.toMatch(/[\u2028\u2029]/);
    expect(text).not.toContain('</script');
  });

  it('refuse a raw string where code is expected', () => {
    expect(() => render('index', 'index.ts', { header: '// not code' })).toThrow(/Code/);
    expect(render('index', 'index.ts', { header: new Code('// fine') })).toMatch(/^\/\/ fine\n/);
  });
});
