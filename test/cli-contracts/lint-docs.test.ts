/**
 * Command-line contracts in the rest of the toolchain: lint knows that the schemas x-specforge-cli
 * names are used and that a contract without paths has no servers; docs give the command line its
 * own page, linked from the index.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocs } from '../../src/docs/build.js';
import { lintSpecs } from '../../src/lint/lint.js';

const TMP = resolve('test/.tmp', `cli-lint-docs-${process.pid}`);

beforeAll(() => mkdirSync(TMP, { recursive: true }));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

function spec(name: string, text: string): string {
  const dir = join(TMP, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'openapi.yaml'), text);
  return join(dir, 'openapi.yaml');
}

const CLI_ONLY = `openapi: 3.1.0
info:
  title: tool
  version: '1'
  description: a tool
  license: { name: MIT, identifier: MIT }
x-specforge-cli:
  name: tool
  configuration: Config
  options:
    level: { flag: level, env: LEVEL }
components:
  schemas:
    Config:
      type: object
      properties:
        level: { $ref: '#/components/schemas/Level' }
    Level:
      type: string
      enum: [low, high]
      default: low
      description: "how much <b>noise</b>"
`;

describe('lint of command-line contracts', () => {
  it('reports nothing on install-cni', async () => {
    const [result] = await lintSpecs([resolve('specs/install-cni/openapi.yaml')]);
    expect(result?.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
  });

  it('counts the configuration schemas as used and asks for no servers', async () => {
    const [result] = await lintSpecs([spec('ok', CLI_ONLY)]);
    expect(result?.problems.map((p) => p.ruleId)).toEqual([]);
  });

  it('still reports a schema nothing uses', async () => {
    const [result] = await lintSpecs([spec('unused', `${CLI_ONLY}    Stray:\n      type: string\n`)]);
    expect(result?.problems.map((p) => [p.ruleId, p.message])).toEqual([['no-unused-components', 'Component: "Stray" is never used.']]);
  });

  it('still asks a contract without x-specforge-cli for servers', async () => {
    const [result] = await lintSpecs([spec('plain', CLI_ONLY.replace(/x-specforge-cli:[\s\S]*?components:/, 'components:'))]);
    expect(result?.problems.map((p) => p.ruleId).sort()).toEqual(['no-empty-servers', 'no-unused-components']);
  });
});

describe('docs of command-line contracts', () => {
  it('gives a contract with only a command line its reference as its page, escaped', async () => {
    const out = join(TMP, 'docs');
    const pages = await buildDocs([{ path: spec('docs', CLI_ONLY), api: 'tool' }, { path: resolve('specs/install-cni/openapi.yaml'), api: 'install-cni' }], out);
    expect(pages.map((p) => [p.file, p.cliFile, p.operations])).toEqual([
      ['tool.html', 'tool.html', 0],
      ['install-cni.html', 'install-cni.html', 0],
    ]);
    const page = readFileSync(join(out, 'tool.html'), 'utf8');
    expect(page).toContain('<code>--level &lt;string&gt;</code></td><td><code>LEVEL</code></td><td>string</td><td><code>&quot;low&quot;</code></td><td>one of: &quot;low&quot;, &quot;high&quot;</td><td>how much &lt;b&gt;noise&lt;/b&gt;</td>');
    expect(page).not.toContain('<b>noise');
    const cni = readFileSync(join(out, 'install-cni.html'), 'utf8');
    for (const flag of ['--ctrlz_port &lt;port&gt;', '--log_target &lt;output&gt;', '-o, --output &lt;format&gt;', '--no-descriptions']) expect(cni).toContain(flag);
    expect(cni).toContain('<section id="install-cni-completion-bash">');
    const index = readFileSync(join(out, 'index.html'), 'utf8');
    expect(index).toContain('<td><a href="./install-cni.html">command line</a></td>');
    expect(existsSync(join(out, 'redoc.standalone.js'))).toBe(true);
  });
});
