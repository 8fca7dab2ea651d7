/**
 * Unknown keys inside test.token (and its login and oauth2 mappings) are config errors at
 * file:line:col with a "did you mean", as every other unknown config key: a misspelt key
 * (`clientIdENV`, `pointr`) is not silently ignored (the token would be read from the wrong
 * place, or a default used). login.headers and login.body stay free-form.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContractError } from '../../src/contract/errors.js';
import { loadConfig } from '../../src/config/config.js';

function configError(text: string, name = 'specforge.config.yaml'): { error: ContractError; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'sf-token-keys-'));
  writeFileSync(join(dir, 'openapi.yaml'), 'openapi: 3.1.0\ninfo: { title: t, version: 1.0.0 }\npaths: {}\n');
  const file = join(dir, name);
  writeFileSync(file, text);
  try {
    loadConfig(dir);
  } catch (error) {
    if (error instanceof ContractError) return { error, file };
    throw error;
  }
  throw new Error('the config was accepted');
}

const HEAD = 'specs:\n  - path: openapi.yaml\n    test:\n      token:\n        scheme: bearer\n';

describe('test.token: unknown keys', () => {
  it.each([
    ['in token', `${HEAD}        command: echo x\n        tll: 60\n`, '7:9', 'unknown key "tll" in specs[0].test.token', 'did you mean "ttl"?'],
    [
      'in token.login',
      `${HEAD}        login:\n          url: /login\n          pointr: /token\n`,
      '8:11',
      'unknown key "pointr" in specs[0].test.token.login',
      'did you mean "pointer"?',
    ],
    [
      'in token.oauth2',
      `${HEAD}        oauth2:\n          clientIdENV: CLIENT_ID\n          clientSecretEnv: CLIENT_SECRET\n`,
      '7:11',
      'unknown key "clientIdENV" in specs[0].test.token.oauth2',
      'did you mean "clientIdEnv"?',
    ],
  ])('a misspelt key %s is an error at file:line:col', (_where, text, at, message, hint) => {
    const { error, file } = configError(text);
    expect(error.diagnostics).toHaveLength(1);
    expect(error.diagnostics[0]?.code).toBe('SPECFORGE_CONFIG');
    expect(error.diagnostics[0]?.message).toBe(message);
    expect(error.diagnostics[0]?.hint).toBe(hint);
    const [line, col] = at.split(':').map(Number);
    expect(error.diagnostics[0]?.location).toEqual({ file, line, col });
    expect(error.message).toContain(`${file}:${at}: error SPECFORGE_CONFIG: ${message}`);
  });

  it('every misspelt key of the three mappings is reported at once', () => {
    const { error } = configError(
      `${HEAD}        login: { url: /login, methd: POST }\n        oauth2: { clientIdEnv: A, clientSecretEnv: B, scope: [read] }\n        tl: 5\n`,
    );
    expect(error.diagnostics.map((d) => d.message).sort()).toEqual([
      'unknown key "methd" in specs[0].test.token.login',
      'unknown key "scope" in specs[0].test.token.oauth2',
      'unknown key "tl" in specs[0].test.token',
    ]);
  });

  it('a TypeScript config: the key is located too', () => {
    const text = "export default {\n  specs: [{ path: 'openapi.yaml', test: { token: { scheme: 'bearer', command: 'echo x', ttll: 60 } } }],\n};\n";
    const { error, file } = configError(text, 'specforge.config.ts');
    expect(error.diagnostics[0]?.message).toBe('unknown key "ttll" in specs[0].test.token');
    expect(error.diagnostics[0]?.location?.file).toBe(file);
    expect(error.diagnostics[0]?.location?.line).toBe(2);
  });

  it('login.headers and login.body take any keys', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sf-token-keys-'));
    writeFileSync(join(dir, 'openapi.yaml'), 'openapi: 3.1.0\ninfo: { title: t, version: 1.0.0 }\npaths: {}\n');
    writeFileSync(
      join(dir, 'specforge.config.yaml'),
      `${HEAD}        login:\n          url: /login\n          headers: { X-Tenant: ci }\n          body: { user: ci, anything: [1] }\n`,
    );
    const config = loadConfig(dir);
    expect(config.specs[0]?.test?.token?.login?.headers).toEqual({ 'X-Tenant': 'ci' });
    expect(config.specs[0]?.test?.token?.login?.body).toEqual({ user: 'ci', anything: [1] });
  });
});
