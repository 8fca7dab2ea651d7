/**
 * Per-contract lint settings from specforge.config.yaml: a contract's `lint` rule settings apply
 * over the built-in ruleset, its `strict` level decides which schemas are errors (its examples are
 * checked at every level), and a malformed `lint` entry is a config error.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLint } from '../../src/cli/commands/lint.js';
import { ContractError } from '../../src/contract/errors.js';
import { loadConfig } from '../../src/config/config.js';
import type { Finding } from '../../src/report/findings.js';

const TMP = join(import.meta.dirname, '..', '.tmp', `lint-settings-${process.pid}`);

// Complete but for descriptions of its parameter and schema; its parameter schema has a bound
// without a type, which Ajv's strict mode refuses, and its example breaks the schema.
const SPEC = `openapi: 3.1.0
info:
  title: Pets
  version: 1.0.0
  description: Pets.
  license:
    name: MIT
    identifier: MIT
servers:
  - url: https://pets.test
security: []
x-specforge-error:
  schema:
    $ref: '#/components/schemas/Error'
tags:
  - name: pets
    description: Pets.
paths:
  /pets:
    get:
      operationId: listPets
      summary: List pets
      description: Lists pets.
      tags: [pets]
      parameters:
        - name: limit
          in: query
          schema:
            maximum: 10
          example: 11
      responses:
        '200':
          description: The pets.
        '400':
          description: Refused.
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Error'
        default:
          description: Failed.
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Error'
components:
  schemas:
    Error:
      type: object
      properties:
        message:
          type: string
`;

function setUp(name: string, config: string): string {
  const dir = join(TMP, name);
  mkdirSync(join(dir, 'specs', 'pets'), { recursive: true });
  writeFileSync(join(dir, 'specs', 'pets', 'openapi.yaml'), SPEC);
  writeFileSync(join(dir, 'specforge.config.yaml'), config);
  return dir;
}

async function lintJson(cwd: string, specs?: string[]): Promise<{ code: number; findings: Finding[] }> {
  let out = '';
  const code = await runLint({ cwd, format: 'json', ...(specs ? { specs } : {}), write: (t) => (out += t) });
  return { code, findings: (JSON.parse(out) as { findings: Finding[] }).findings };
}

beforeAll(() => {
  rmSync(TMP, { recursive: true, force: true });
});

afterAll(() => {
  rmSync(TMP, { recursive: true, force: true });
});

describe('per-contract settings', () => {
  it('without settings: the untyped bound is a strict-mode warning and the example is checked (an error); the missing descriptions are style, off by default', async () => {
    const cwd = setUp('plain', 'specs:\n  - path: specs/pets/openapi.yaml\n');
    const { code, findings } = await lintJson(cwd);
    expect(code).toBe(1);
    expect(findings.map((f) => [f.rule, f.level]).sort()).toEqual([
      ['specforge/strict-schemas', 'warning'],
      ['specforge/valid-examples', 'error'],
    ]);
    expect(findings.find((f) => f.rule === 'specforge/strict-schemas')).toMatchObject({
      message: expect.stringMatching(/missing type "number" for keyword "maximum"; validated as JSON Schema defines it/) as unknown,
      location: expect.objectContaining({ file: 'specs/pets/openapi.yaml', line: 29 }) as unknown,
    });
    expect(findings.find((f) => f.rule === 'specforge/valid-examples')?.message).toMatch(/must be <= 10/);
  });

  it('extends: [style] adds the style ruleset: the descriptions of the parameter and the schema are missing (warnings)', async () => {
    const cwd = setUp('style', ['specs:', '  - path: specs/pets/openapi.yaml', '    lint:', '      extends: [style]', ''].join('\n'));
    const { findings } = await lintJson(cwd);
    expect(findings.map((f) => [f.rule, f.level]).sort()).toEqual([
      ['specforge/descriptions', 'warning'],
      ['specforge/descriptions', 'warning'],
      ['specforge/strict-schemas', 'warning'],
      ['specforge/valid-examples', 'error'],
    ]);
    expect(loadConfig(cwd).specs[0]?.lint).toEqual({
      'specforge/descriptions': 'warn',
      'specforge/operation-summary': 'warn',
      'specforge/operation-tags': 'warn',
      'info-license': 'warn',
      'info-license-strict': 'warn',
    });
  });

  it.each(['true', 'schema', 'false'])('strict: %s judges the untyped bound at that level, and the example is checked all the same', async (level) => {
    const cwd = setUp(`strict-${level}`, `specs:\n  - path: specs/pets/openapi.yaml\n    strict: ${level}\n`);
    const { code, findings } = await lintJson(cwd);
    expect(code).toBe(1);
    // Ajv's strict mode refuses a bound without a type (an error at true); "schema" and false validate it as JSON Schema does.
    expect(findings.find((f) => f.rule === 'specforge/strict-schemas')).toMatchObject({
      level: level === 'true' ? 'error' : 'warning',
      message: expect.stringMatching(/^strict mode: missing type "number"/) as unknown,
    });
    const examples = findings.filter((f) => f.rule === 'specforge/valid-examples');
    expect(examples).toEqual([
      expect.objectContaining({
        level: 'error',
        message: 'example "example" of listPets query parameter limit does not match its schema: the value must be <= 10',
        location: { file: 'specs/pets/openapi.yaml', line: 30, column: 20, endLine: 30, endColumn: 22, pointer: '/paths/~1pets/get/parameters/0/example' },
      }),
    ]);
  });

  it("the contract's lint settings and strict level apply, also when the contract is named", async () => {
    const cwd = setUp(
      'settings',
      [
        'specs:',
        '  - path: specs/pets/openapi.yaml',
        '    strict: false',
        '    lint:',
        '      specforge/descriptions: { severity: error, skip: [parameter, schema] }',
        '',
      ].join('\n'),
    );
    for (const specs of [undefined, ['specs/pets/openapi.yaml']]) {
      const { code, findings } = await lintJson(cwd, specs);
      expect(code).toBe(1);
      expect(findings.filter((f) => f.rule !== 'specforge/strict-schemas')).toEqual([
        expect.objectContaining({
          rule: 'specforge/valid-examples',
          message: 'example "example" of listPets query parameter limit does not match its schema: the value must be <= 10',
          location: expect.objectContaining({ file: 'specs/pets/openapi.yaml', line: 30 }),
        }),
      ]);
    }
  });

  it('a rule can be turned off for one contract, also one its extends turns on', async () => {
    const cwd = setUp(
      'off',
      [
        'specs:',
        '  - path: specs/pets/openapi.yaml',
        '    strict: false',
        '    lint:',
        '      specforge/descriptions: off',
        '      extends: [style]',
        '      specforge/valid-examples: warn',
        '',
      ].join('\n'),
    );
    const { findings } = await lintJson(cwd);
    expect(findings.map((f) => [f.rule, f.level]).sort()).toEqual([
      ['specforge/strict-schemas', 'warning'],
      ['specforge/valid-examples', 'warning'],
    ]);
  });

  it.each([
    ['a list', 'lint: [descriptions]'],
    ['an unknown severity', 'lint: { specforge/descriptions: loud }'],
    ['settings with an unknown severity', 'lint: { specforge/descriptions: { severity: sometimes } }'],
    ['an unknown ruleset', 'lint: { extends: [tidy] }'],
    ['a ruleset not in a list', 'lint: { extends: style }'],
  ])('%s is a config error', (_name, lint) => {
    const cwd = setUp(`bad-${_name.replace(/\W+/g, '-')}`, `specs:\n  - path: specs/pets/openapi.yaml\n    ${lint}\n`);
    expect(() => loadConfig(cwd)).toThrow(ContractError);
    expect(() => loadConfig(cwd)).toThrow(/lint/);
  });
});
