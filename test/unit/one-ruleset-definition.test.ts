/**
 * Each lint ruleset is defined once: which rules form the `style` ruleset is written in
 * src/lint/style.ts (STYLE_RULES, LINT_RULESETS) and read everywhere else (the built-in ruleset
 * turns them off from it, the config's `extends:` and the plugin's `configs` name them from it, the
 * rule tables of docs/reference/lint-rules.md are written from it). A list or mapping literal in
 * src/ or generators/ naming two or more style rules and no other rule is a second definition, and
 * fails here. Catalogues of every rule (rule-info.ts) name other rules too, so they are not one.
 */
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { HOUSE_RULE_DOCS, REDOCLY_RULE_DOCS } from '../../src/lint/rule-info.js';
import { SPECFORGE_RULESET } from '../../src/lint/ruleset.js';
import { LINT_RULESETS } from '../../src/lint/style.js';
import { sourceFiles } from '../support/import-graph.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
/** The one module allowed to list a ruleset's rules. */
const DEFINITION = 'src/lint/style.ts';

const rulesetIds = new Set(Object.values(LINT_RULESETS).flatMap((rules) => Object.keys(rules)));
const allIds = new Set([...Object.keys(HOUSE_RULE_DOCS), ...Object.keys(REDOCLY_RULE_DOCS), ...Object.keys(SPECFORGE_RULESET.rules ?? {}), ...rulesetIds]);

/** The rule ids an array or object literal names (string elements, property names). */
function namedIds(node: ts.ArrayLiteralExpression | ts.ObjectLiteralExpression): string[] {
  const texts: string[] = [];
  if (ts.isArrayLiteralExpression(node)) {
    for (const e of node.elements) if (ts.isStringLiteralLike(e)) texts.push(e.text);
  } else {
    for (const p of node.properties) if (p.name && (ts.isStringLiteral(p.name) || ts.isIdentifier(p.name))) texts.push(p.name.text);
  }
  return texts.filter((t) => allIds.has(t));
}

/** Each literal listing ruleset rules and nothing else, as `file:line [ids]`. */
function secondDefinitions(files: ReadonlyArray<{ path: string; text: string }>): string[] {
  const found: string[] = [];
  for (const { path, text } of files) {
    if (path === DEFINITION) continue;
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isArrayLiteralExpression(node) || ts.isObjectLiteralExpression(node)) {
        const ids = namedIds(node);
        const inRuleset = ids.filter((id) => rulesetIds.has(id));
        if (inRuleset.length >= 2 && inRuleset.length === ids.length) {
          found.push(`${path}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} [${ids.join(', ')}]`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('one definition of each lint ruleset', () => {
  it('the style ruleset has rules, each a rule of the catalogue', () => {
    expect(rulesetIds.size).toBeGreaterThan(1);
    for (const id of rulesetIds) expect(Object.hasOwn(HOUSE_RULE_DOCS, id) || Object.hasOwn(REDOCLY_RULE_DOCS, id), id).toBe(true);
  });

  it('no module of src/ or generators/ but src/lint/style.ts lists a ruleset', () => {
    const files = sourceFiles(ROOT, ['src', 'generators']).map((p) => ({ path: relative(ROOT, p).split('\\').join('/'), text: readFileSync(p, 'utf8') }));
    expect(secondDefinitions(files)).toEqual([]);
  });

  it('finds a second definition written as a list or a mapping', () => {
    const [a, b] = [...rulesetIds];
    const copy = `export const DOC_RULES = ['${a}', '${b}'];\nconst levels = { '${a}': 'warn', '${b}': 'warn' };`;
    expect(secondDefinitions([{ path: 'src/review/policy.ts', text: copy }])).toHaveLength(2);
    // A catalogue naming other rules beside them is not a definition of the ruleset.
    expect(secondDefinitions([{ path: 'src/x.ts', text: `const all = ['${a}', '${b}', 'no-unresolved-refs'];` }])).toEqual([]);
  });
});
