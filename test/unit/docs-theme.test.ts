/**
 * docs.theme in specforge.config.yaml: a local logo copied into the site, an accent colour and fonts
 * written to assets/theme.css and linked from every page; a remote logo, a colour or font that is
 * not one, or an unknown key is a config error at its line.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDocs } from '../../src/cli/commands/docs.js';
import { ContractError } from '../../src/contract/errors.js';
import { loadConfig } from '../../src/config/config.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `docs-theme-${process.pid}`);
const SPEC = join(ROOT, 'specs', 'permissions', 'openapi.yaml');

function project(name: string, theme: string): string {
  const dir = join(TMP, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
  writeFileSync(join(dir, 'specforge.config.yaml'), `specs:\n  - path: ${JSON.stringify(SPEC)}\n    api: perm\ndocs:\n  theme:\n${theme}`);
  return dir;
}

afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('docs.theme', () => {
  it('copies the logo, writes the colours and fonts, and links them from every page', async () => {
    const dir = project('ok', "    logo: logo.svg\n    primaryColor: '#0b7285'\n    fontFamily: \"Inter, 'Helvetica Neue', sans-serif\"\n");
    expect(await runDocs({ cwd: dir, out: join(dir, 'site'), write: () => undefined })).toBe(0);
    expect(existsSync(join(dir, 'site', 'assets', 'logo.svg'))).toBe(true);
    expect(readFileSync(join(dir, 'site', 'assets', 'theme.css'), 'utf8')).toBe(":root { --accent: #0b7285; --font: Inter, 'Helvetica Neue', sans-serif; }\n");
    const page = readFileSync(join(dir, 'site', 'perm', 'index.html'), 'utf8');
    expect(page).toContain('<link rel="stylesheet" href="../assets/theme.css">');
    expect(page).toContain('<img src="../assets/logo.svg" alt="">');
  });

  it.each([
    ['a remote logo', '    logo: https://example.com/logo.png\n', /docs\.theme\.logo must be a local file/],
    ['a missing logo', '    logo: nope.png\n', /docs\.theme\.logo: no file/],
    ['a colour that could end the rule', "    primaryColor: 'red; } body { display: none'\n", /docs\.theme\.primaryColor must be a colour/],
    ['a font with a brace', "    fontFamily: 'x} *{color:red'\n", /docs\.theme\.fontFamily must be a font stack/],
    ['an unknown key', '    background: black\n', /docs\.theme has no setting "background"/],
  ])('refuses %s with its line', (_name, theme, message) => {
    const dir = project(`bad-${_name.replace(/\W+/g, '-')}`, theme);
    let err: unknown;
    try {
      loadConfig(dir);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ContractError);
    expect((err as ContractError).message).toMatch(message);
    expect((err as ContractError).diagnostics[0]?.code).toBe('SPECFORGE_CONFIG');
    expect((err as ContractError).diagnostics[0]?.location?.line).toBe(6);
  });
});
