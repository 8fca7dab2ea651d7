/**
 * Broken command-line contracts: every problem in `x-specforge-cli` (against its meta-schema, or
 * against the component schemas it names) is a SPECFORGE_EXTENSION diagnostic at the file, line,
 * column and JSON pointer of its cause, all of them at once.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_EXTENSION_SCHEMA } from '../../src/contract/cli-schema.js';
import { ContractError, type Diagnostic } from '../../src/contract/errors.js';
import { buildModel } from '../../src/contract/model.js';
import { createAjv } from '../../src/runtime/validation/ajv.js';

const TMP = resolve('test/.tmp', `cli-errors-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
let counter = 0;

beforeAll(() => mkdirSync(TMP, { recursive: true }));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const SCHEMAS = `components:
  schemas:
    C:
      type: object
      properties:
        a: { type: string, default: x }
        b: { type: integer, minimum: 0, default: 1 }
    V:
      type: object
      properties:
        short: { type: boolean, default: false }
        output: { type: string, enum: [json, yaml] }
`;

/** A command-line contract: `cli` is the body of x-specforge-cli, indented by two spaces. */
function contract(cli: string, schemas = SCHEMAS): string {
  return `openapi: 3.1.0\ninfo: {title: t, version: '1'}\nx-specforge-cli:\n${cli}${schemas}`;
}

function write(text: string): string {
  const dir = join(TMP, `case${counter++}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'openapi.yaml');
  writeFileSync(file, text);
  return file;
}

async function diagnostics(text: string): Promise<Diagnostic[]> {
  try {
    await buildModel(write(text));
  } catch (err) {
    if (err instanceof ContractError) return err.diagnostics;
    throw err;
  }
  return [];
}

/** Line and column (1-based) of the `nth` occurrence of `needle` in `text`. */
function at(text: string, needle: string, nth = 1): { line: number; col: number } {
  let index = -1;
  for (let i = 0; i < nth; i++) index = text.indexOf(needle, index + 1);
  if (index < 0) throw new Error(`no ${needle} in the case`);
  const before = text.slice(0, index).split('\n');
  return { line: before.length, col: (before[before.length - 1] as string).length + 1 };
}

interface Case {
  cli: string;
  schemas?: string;
  /** Pointer of the one expected diagnostic, the text its position points at, and its message. */
  pointer: string;
  needle: string;
  nth?: number;
  message: RegExp;
}

const OK_OPTIONS = `  name: tool
  configuration: C
  options:
    a: { flag: alpha, env: ALPHA }
    b: { flag: beta, env: BETA }
`;

const CASES: Array<[string, Case]> = [
  [
    'the extension without a name',
    {
      cli: `  configuration: C\n  options:\n    a: { flag: alpha }\n    b: { flag: beta }\n`,
      pointer: '/x-specforge-cli',
      needle: 'x-specforge-cli',
      message: /needs "name"/,
    },
  ],
  [
    'an unknown key in an option',
    {
      cli: OK_OPTIONS.replace('{ flag: beta, env: BETA }', '{ flag: beta, flg: b }'),
      pointer: '/x-specforge-cli/options/b/flg',
      needle: 'flg',
      message: /unknown key "flg"/,
    },
  ],
  [
    'a flag that is not a plain name',
    {
      cli: OK_OPTIONS.replace('flag: beta', 'flag: "Beta Flag"'),
      pointer: '/x-specforge-cli/options/b/flag',
      needle: 'flag: "Beta',
      message: /"Beta Flag" must match pattern/,
    },
  ],
  [
    'a variable name with a dash',
    {
      cli: OK_OPTIONS.replace('env: BETA', 'env: BE-TA'),
      pointer: '/x-specforge-cli/options/b/env',
      needle: 'env: BE-TA',
      message: /"BE-TA" must match pattern/,
    },
  ],
  [
    'a program name with a slash',
    {
      cli: OK_OPTIONS.replace('name: tool', 'name: ../tool'),
      pointer: '/x-specforge-cli/name',
      needle: 'name: ../tool',
      message: /"..\/tool" must match pattern/,
    },
  ],
  [
    'a command name in capitals',
    {
      cli: `${OK_OPTIONS}  commands:\n    Sub: { summary: s }\n`,
      pointer: '/x-specforge-cli/commands/Sub',
      needle: 'Sub:',
      message: /command name "Sub" may hold only lower-case letters/,
    },
  ],
  [
    'a completion action without a shell',
    {
      cli: `${OK_OPTIONS}  commands:\n    bash: { action: { type: completion } }\n`,
      pointer: '/x-specforge-cli/commands/bash/action',
      needle: 'action:',
      message: /needs "shell"/,
    },
  ],
  [
    'a configuration that names no schema',
    {
      cli: OK_OPTIONS.replace('configuration: C', 'configuration: Missing'),
      pointer: '/x-specforge-cli/configuration',
      needle: 'configuration: Missing',
      message: /names no component schema "Missing"/,
    },
  ],
  [
    'a property without a flag',
    {
      cli: OK_OPTIONS.replace('    b: { flag: beta, env: BETA }\n', ''),
      pointer: '/components/schemas/C/properties/b',
      needle: 'b: { type: integer',
      message: /property "b" of "C" has no flag/,
    },
  ],
  [
    'an option for no property',
    { cli: `${OK_OPTIONS}    zed: { flag: zed }\n`, pointer: '/x-specforge-cli/options/zed', needle: 'zed:', message: /"zed" is not a property of "C"/ },
  ],
  [
    'two flags with one name',
    {
      cli: OK_OPTIONS.replace('flag: beta', 'flag: alpha'),
      pointer: '/x-specforge-cli/options/b/flag',
      needle: 'flag: alpha',
      nth: 2,
      message: /flag --alpha is also used by "a"/,
    },
  ],
  [
    'two flags the parser takes for one',
    {
      cli: OK_OPTIONS.replace('flag: alpha', 'flag: x-1').replace('flag: beta', 'flag: x1'),
      pointer: '/x-specforge-cli/options/b/flag',
      needle: 'flag: x1',
      message: /the same as another flag to the parser/,
    },
  ],
  [
    'two options with one alias',
    {
      cli: OK_OPTIONS.replace('flag: alpha', 'flag: alpha, short: a').replace('flag: beta', 'flag: beta, short: a'),
      pointer: '/x-specforge-cli/options/b/short',
      needle: 'short: a',
      nth: 2,
      message: /alias -a is also used by "a"/,
    },
  ],
  [
    'the help flag',
    {
      cli: OK_OPTIONS.replace('flag: beta', 'flag: help'),
      pointer: '/x-specforge-cli/options/b/flag',
      needle: 'flag: help',
      message: /flag --help is reserved for help/,
    },
  ],
  [
    'the help alias',
    {
      cli: OK_OPTIONS.replace('flag: beta', 'flag: beta, short: h'),
      pointer: '/x-specforge-cli/options/b/short',
      needle: 'short: h',
      message: /alias -h is reserved for help/,
    },
  ],
  [
    'one variable for two flags of different commands',
    {
      cli: `${OK_OPTIONS}  commands:\n    version:\n      configuration: V\n      options:\n        short: { flag: short, env: ALPHA }\n        output: { flag: output }\n`,
      pointer: '/x-specforge-cli/commands/version/options/short/env',
      needle: 'env: ALPHA',
      nth: 2,
      message: /variable ALPHA is also read by --alpha/,
    },
  ],
  [
    'a separator on an option that is not a list',
    {
      cli: OK_OPTIONS.replace('env: BETA', "env: BETA, separator: ';'"),
      pointer: '/x-specforge-cli/options/b/separator',
      needle: 'separator',
      message: /separator applies to list options/,
    },
  ],
  [
    'a default that breaks its schema',
    {
      cli: OK_OPTIONS,
      schemas: SCHEMAS.replace('minimum: 0, default: 1', 'minimum: 0, default: -1'),
      pointer: '/components/schemas/C/properties/b/default',
      needle: 'default: -1',
      message: /the default of "b" breaks its own schema: \/b must be >= 0/,
    },
  ],
  [
    'an object as a flag',
    {
      cli: OK_OPTIONS,
      schemas: SCHEMAS.replace('b: { type: integer, minimum: 0, default: 1 }', 'b: { type: object }'),
      pointer: '/components/schemas/C/properties/b',
      needle: 'b: { type: object',
      message: /cannot be a flag/,
    },
  ],
  [
    'a version action bound to a string as its short switch',
    {
      cli: `${OK_OPTIONS}  commands:\n    version:\n      configuration: V\n      options:\n        short: { flag: short }\n        output: { flag: output }\n      action: { type: version, short: output }\n`,
      pointer: '/x-specforge-cli/commands/version/action/short',
      needle: 'short: output',
      message: /needs "short" to name a boolean option of the command's configuration, not "output"/,
    },
  ],
  [
    'options without a configuration',
    {
      cli: OK_OPTIONS.replace('  configuration: C\n', ''),
      pointer: '/x-specforge-cli/options',
      needle: 'options:',
      message: /has options but no "configuration"/,
    },
  ],
];

describe('x-specforge-cli problems carry file:line:col and a pointer', () => {
  it.each(CASES)('%s', async (_name, c) => {
    const text = contract(c.cli, c.schemas);
    const found = await diagnostics(text);
    const file = relative(process.cwd(), join(TMP, `case${counter - 1}`, 'openapi.yaml'))
      .split(sep)
      .join('/');
    expect(found.map((d) => ({ code: d.code, pointer: d.location?.pointer }))).toEqual([{ code: 'SPECFORGE_EXTENSION', pointer: c.pointer }]);
    const d = found[0] as Diagnostic;
    expect(d.message).toMatch(c.message);
    expect(d.location).toEqual({ file, ...at(text, c.needle, c.nth), pointer: c.pointer });
  });

  it('a correct contract gives none, and its table', async () => {
    const text = contract(OK_OPTIONS);
    expect(await diagnostics(text)).toEqual([]);
    const model = await buildModel(write(text));
    expect(model.cli?.root.options.map((o) => [o.flag, o.env, o.type, o.default])).toEqual([
      ['alpha', 'ALPHA', 'string', 'x'],
      ['beta', 'BETA', 'integer', 1],
    ]);
  });

  it('reports every problem at once', async () => {
    const text = contract(OK_OPTIONS.replace('env: ALPHA', 'env: 1ALPHA').replace('flag: beta', 'flag: Beta'));
    expect((await diagnostics(text)).map((d) => d.location?.pointer)).toEqual(['/x-specforge-cli/options/a/env', '/x-specforge-cli/options/b/flag']);
  });

  it('an extension that is not a mapping', async () => {
    const found = await diagnostics(`openapi: 3.1.0\ninfo: {title: t, version: '1'}\nx-specforge-cli: [a]\ncomponents: {}\n`);
    expect(found.map((d) => [d.code, d.location?.pointer, d.message])).toEqual([
      ['SPECFORGE_EXTENSION', '/x-specforge-cli', 'x-specforge-cli must be a mapping'],
    ]);
  });

  it('specforge generate prints them as file:line:col (#pointer) and exits 2', () => {
    const text = contract(OK_OPTIONS.replace('flag: beta', 'flag: help'));
    const file = write(text);
    const r = spawnSync(process.execPath, [resolve('dist/src/cli/main.js'), 'generate', '--spec', file, '--out', join(TMP, 'out')], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    const { line, col } = at(text, 'flag: help');
    expect(r.stderr).toContain(`openapi.yaml:${line}:${col} (#/x-specforge-cli/options/b/flag): error SPECFORGE_EXTENSION: flag --help is reserved for help`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('the meta-schema', () => {
  it('is a valid JSON Schema 2020-12 that accepts the install-cni extension', async () => {
    const validate = createAjv({ strict: true }).compile(CLI_EXTENSION_SCHEMA);
    const model = await buildModel('specs/install-cni/openapi.yaml');
    expect(validate(model.document['x-specforge-cli'])).toBe(true);
    expect(validate({ name: 'x', options: { a: { flag: 'a', unknown: 1 } } })).toBe(false);
    expect(validate({ name: 'x', action: { type: 'version', shell: 'bash' } })).toBe(false);
  });
});
