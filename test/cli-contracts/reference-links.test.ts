/**
 * The command tables of the command-line reference link to each command's section: the anchors
 * cli.md writes are the ids the docs page gives the headings, also for names with "_" and "--".
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { code } from '../../src/codegen/escape.js';
import { render } from '../../src/codegen/templates.js';
import { buildModel } from '../../src/contract/model.js';
import { cliPage } from '../../src/docs/build.js';
import { cliReference, slugOf } from '../../src/codegen/cli-reference.js';

const ROOT = resolve('test/.tmp', `reference-links-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
afterAll(() => rmSync(ROOT, { recursive: true, force: true }));

const CONTRACT = `openapi: 3.1.0
info: { title: t, version: '1' }
x-specforge-cli:
  name: My_Tool
  commands:
    run_all:
      summary: runs everything
      commands:
        dry_run: { summary: only prints }
    x--y: { summary: two dashes }
    plain: { summary: no marks }
paths: {}
`;

async function referencePage(): Promise<{ markdown: string; html: string }> {
  mkdirSync(ROOT, { recursive: true });
  const file = join(ROOT, 'openapi.yaml');
  writeFileSync(file, CONTRACT);
  const spec = (await buildModel(file)).cli;
  if (spec === undefined) throw new Error('the contract has no x-specforge-cli');
  const markdown = render('cli', 'cli.md', { header: code('<!-- generated -->'), name: spec.name, sections: cliReference(spec) });
  return { markdown, html: cliPage({ api: 'tool', title: 't', version: '1', file: 'openapi.yaml' }, markdown) };
}

describe('links of the command-line reference', () => {
  it('keep "_" in anchors and ids alike, so every command link has its heading', async () => {
    const { html } = await referencePage();
    const ids = new Set([...html.matchAll(/ id="([^"]*)"/g)].map((m) => m[1]));
    const targets = [...html.matchAll(/ href="#([^"]*)"/g)].map((m) => m[1]);
    expect(targets).toEqual(['my_tool-run_all', 'my_tool-x-y', 'my_tool-plain', 'my_tool-run_all-dry_run']);
    for (const target of targets) expect(ids, `no heading with id "${target}"`).toContain(target);
  });

  it('slugOf keeps letters, digits and "_", folding every other run into one dash', () => {
    expect(slugOf('My_Tool run_all')).toBe('my_tool-run_all');
    expect(slugOf('tool x--y')).toBe('tool-x-y');
    expect(slugOf('  -Flags & values!- ')).toBe('flags-values');
    expect(slugOf('***')).toBe('section');
  });
});
