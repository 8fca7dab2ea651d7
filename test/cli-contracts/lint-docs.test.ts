/**
 * Command-line contracts in the rest of the toolchain: lint knows that the schemas x-specforge-cli
 * names are used and that a contract without paths has no servers; docs give the command line its
 * own page, linked from the index.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
      description: configuration of tool
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
    const [result] = await lintSpecs([spec('unused', `${CLI_ONLY}    Stray:\n      type: string\n      description: nothing refers to it\n`)]);
    expect(result?.problems.map((p) => [p.ruleId, p.message])).toEqual([
      ['specforge/no-unused-components', 'component "Stray" (components/schemas) is never used: remove it or refer to it'],
    ]);
  });

  it('still asks a contract without x-specforge-cli for servers', async () => {
    const [result] = await lintSpecs([spec('plain', CLI_ONLY.replace(/x-specforge-cli:[\s\S]*?components:/, 'components:'))]);
    expect(new Set(result?.problems.map((p) => p.ruleId))).toEqual(new Set(['no-empty-servers', 'specforge/no-unused-components']));
  });
});

describe('docs of command-line contracts', () => {
  it('renders the generated command-line reference (cli.md) as <api>/cli.html, escaped, and links it from the index', async () => {
    const out = join(TMP, 'docs');
    const pages = await buildDocs([{ path: resolve('specs/install-cni/openapi.yaml'), api: 'install-cni', out: resolve('generated/install-cni') }], out);
    expect(pages.map((p) => [p.file, p.cli, p.operations])).toEqual([['install-cni/index.html', 'install-cni/cli.html', 0]]);
    const cni = readFileSync(join(out, 'install-cni', 'cli.html'), 'utf8');
    for (const flag of ['--ctrlz_port &lt;port&gt;', '--log_target &lt;output&gt;', '--no-descriptions', 'CHAINED_CNI_PLUGIN']) expect(cni).toContain(flag);
    expect(cni).not.toContain('<port>');
    const index = readFileSync(join(out, 'index.html'), 'utf8');
    expect(index).toContain('href="./install-cni/cli.html"');
    // The contract's own pages link the reference too.
    expect(readFileSync(join(out, 'install-cni', 'index.html'), 'utf8')).toContain('<a href="cli.html">Command line</a>');
  });
});
