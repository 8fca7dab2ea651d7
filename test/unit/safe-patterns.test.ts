/**
 * Patterns of a contract can never stall a server: generated validators (standalone and compiled on
 * first use) run them in linear time with re2js, and what RE2 cannot run is kept on RegExp only when
 * the ReDoS checkers find it harmless, else refused where the contract says it. No test here times
 * anything: with a backtracking engine, `^(a+)+$` against 5,000 a's and a '!' would never finish.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSpec } from '../../src/pipeline/generate.js';
import { buildModel } from '../../src/contract/model.js';
import { ContractError } from '../../src/contract/errors.js';
import { patternVerdict } from '../../src/contract/pattern.js';
import { compileValidators, planValidators } from '../../src/contract/tables/validators.js';
import { compilePattern, isLinearPattern } from '../../src/runtime/validation/pattern.js';
import { deferredValidators, type ValidateFunction } from '../../src/runtime/validation/ajv.js';
import { DEFAULT_TARGETS } from '../../src/codegen/targets.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `safe-patterns-${process.pid}`);
const ATTACK = 'a'.repeat(5000) + '!';

const SPEC = `openapi: 3.1.0
info: { title: Patterns, version: 1.0.0 }
paths:
  /codes/{code}:
    get:
      operationId: getCode
      parameters:
        - name: code
          in: path
          required: true
          schema: { type: string, pattern: '^(a+)+$' }
      responses:
        '200':
          description: the code
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Code' }
components:
  schemas:
    Code:
      type: object
      properties:
        nested: { type: string, pattern: '^(a+)+$' }
        password: { type: string, pattern: '^(?=.*\\d)(?!.*\\s)[\\w-]{8,}$' }
        slug: { type: string, pattern: '^[a-z](?!.*--)[a-z0-9-]*$' }
        long: { type: string, pattern: '^[a-z]{0,4096}$' }
      patternProperties:
        '^x-(a+)+$': { type: integer }
`;

interface Validators {
  schemaValidators: Record<string, ValidateFunction>;
  operationValidators: Record<string, { path?: ValidateFunction }>;
}

let ahead: Validators;
let lazy: Validators;
let aheadSource = '';

beforeAll(async () => {
  mkdirSync(join(TMP, 'spec'), { recursive: true });
  writeFileSync(join(TMP, 'spec', 'openapi.yaml'), SPEC);
  const base = { path: join(TMP, 'spec', 'openapi.yaml'), api: 'patterns', targets: [...DEFAULT_TARGETS], strict: false as const };
  await generateSpec({ ...base, out: join(TMP, 'ahead'), deferUnused: false }, { cacheDir: join(TMP, 'cache'), force: true });
  await generateSpec({ ...base, out: join(TMP, 'lazy'), deferUnused: 'all' }, { cacheDir: join(TMP, 'cache'), force: true });
  aheadSource = readFileSync(join(TMP, 'ahead', 'validators.ts'), 'utf8');
  ahead = (await import(pathToFileURL(join(TMP, 'ahead', 'validators.ts')).href)) as Validators;
  lazy = (await import(pathToFileURL(join(TMP, 'lazy', 'validators.ts')).href)) as Validators;
});

afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('generated validators run patterns in linear time', () => {
  it('standalone code imports the linear engine from @specforge/runtime/validators', () => {
    expect(aheadSource).toMatch(/^import \{[^}]*compilePattern as __compilePattern[^}]*\} from "@specforge\/runtime\/validators";$/m);
    expect(aheadSource).not.toContain('new RegExp');
  });

  for (const [name, get] of [
    ['standalone', (): Validators => ahead],
    ['compiled on first use', (): Validators => lazy],
  ] as const) {
    it(`${name}: ^(a+)+$ refuses 5,000 a's and a '!' (a backtracking engine would never finish)`, () => {
      const path = get().operationValidators['getCode']?.path as ValidateFunction;
      expect(path({ code: 'aaa' })).toBe(true);
      expect(path({ code: ATTACK })).toBe(false);
      expect(path.errors?.[0]).toMatchObject({ instancePath: '/code', keyword: 'pattern', params: { pattern: '^(a+)+$' } });
      const code = get().schemaValidators['Code'] as ValidateFunction;
      expect(code({ nested: ATTACK })).toBe(false);
      expect(code({ [`x-${ATTACK}`]: 'not an integer' })).toBe(true); // the key does not match: not checked
      expect(code({ 'x-aaa': 'not an integer' })).toBe(false);
    });

    it(`${name}: lookaheads at the start, a safe lookahead elsewhere and a count over RE2's 1,000 still work`, () => {
      const code = get().schemaValidators['Code'] as ValidateFunction;
      expect(code({ password: 'abcdefg1' })).toBe(true);
      expect(code({ password: 'abcdefgh' })).toBe(false);
      expect(code({ password: 'abc defg1' })).toBe(false);
      expect(code({ slug: 'a-b-c' })).toBe(true);
      expect(code({ slug: 'a--b' })).toBe(false);
      expect(code({ long: 'a'.repeat(4096) })).toBe(true);
      expect(code({ long: 'a'.repeat(4097) })).toBe(false);
    });
  }
});

describe('the in-memory validators (mock, conformance) and deferredValidators', () => {
  it('compileValidators runs the same engine', async () => {
    const model = await buildModel(join(TMP, 'spec', 'openapi.yaml'));
    const v = compileValidators(model, planValidators(model));
    expect(v.operationValidators['getCode']?.path?.({ code: ATTACK })).toBe(false);
  });

  it('deferredValidators runs the same engine', () => {
    const validate = deferredValidators({ $id: 'x:root', $defs: { s: { type: 'string', pattern: '^(a+)+$' } } }, false)('x:root#/$defs/s');
    expect(validate('aaaa')).toBe(true);
    expect(validate(ATTACK)).toBe(false);
  });
});

async function refusal(schema: string): Promise<ContractError> {
  const dir = join(TMP, `refused-${Math.random().toString(36).slice(2)}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'openapi.yaml'),
    ['openapi: 3.1.0', 'info: { title: t, version: "1" }', 'paths: {}', 'components:', '  schemas:', '    Bad:', schema, ''].join('\n'),
  );
  try {
    planValidators(await buildModel(join(dir, 'openapi.yaml')));
  } catch (err) {
    if (err instanceof ContractError) return err;
    throw err;
  }
  throw new Error('not refused');
}

describe('patterns RE2 cannot run', () => {
  it('are refused, located, when a ReDoS checker finds them dangerous', async () => {
    const err = await refusal("      type: string\n      pattern: '^x(?!b)(a+)+$'");
    expect(err.diagnostics).toHaveLength(1);
    expect(err.diagnostics[0]).toMatchObject({
      code: 'SPECFORGE_UNSAFE_PATTERN',
      severity: 'error',
      location: { line: 8, pointer: '/components/schemas/Bad/pattern' },
    });
    expect(err.diagnostics[0]?.message).toContain('exponential backtracking');
    expect(err.message).toMatch(/openapi\.yaml:8:\d+ \(#\/components\/schemas\/Bad\/pattern\): error SPECFORGE_UNSAFE_PATTERN/);
  });

  it('refuse a backreference that backtracks, and a patternProperties key, each at its place', async () => {
    const err = await refusal(
      "      type: object\n      properties:\n        a: { type: string, pattern: '^(a+)\\1(a+)+$' }\n      patternProperties:\n        '^(x+)+\\1$': {}",
    );
    expect(err.diagnostics.map((d) => [d.code, d.location?.pointer])).toEqual([
      ['SPECFORGE_UNSAFE_PATTERN', '/components/schemas/Bad/properties/a/pattern'],
      ['SPECFORGE_UNSAFE_PATTERN', '/components/schemas/Bad/patternProperties/^(x+)+\\1$'],
    ]);
  });

  it('refuse a pattern taken from the data ($data): the request would choose the regular expression', async () => {
    const err = await refusal(
      '      type: object\n      properties:\n        re: { type: string }\n        value: { type: string, pattern: { $data: "1/re" } }',
    );
    expect(err.diagnostics[0]?.location?.pointer).toBe('/components/schemas/Bad/properties/value/pattern');
    expect(['SPECFORGE_INVALID_STRUCTURE', 'SPECFORGE_UNSAFE_PATTERN']).toContain(err.diagnostics[0]?.code);
  });

  it('keep RegExp for those the checkers find harmless', () => {
    for (const p of ['^[a-z](?!.*--)[a-z0-9-]*$', '^(\\w)\\1$', '^x(?=\\d)\\w+$']) {
      expect(isLinearPattern(p), p).toBe(false);
      expect(patternVerdict(p).refused, p).toBeUndefined();
    }
    expect(compilePattern('^(\\w)\\1$').test('aa')).toBe(true);
    expect(compilePattern('^(\\w)\\1$').test('ab')).toBe(false);
  });
});

describe('compilePattern', () => {
  const cases: Array<[string, string[]]> = [
    ['^\\s+$', [' \t\n', '\u00a0\u2028\ufeff\u3000', '\v\f\r', 'a', '\u200b']],
    ['^\\S+$', ['abc', 'a b', '\u00a0', '😀']],
    ['^[\\S\\d]+$', ['a1', ' ']],
    ['^.$', ['a', '😀', '\n', '\r', '\u2028', '\u2029', '\ud800', '']],
    ['^[^]$', ['\n', '😀']],
    ['^[]$', ['', 'a']],
    ['^\\p{Letter}+$', ['héllo', 'h3']],
    ['^\\p{Script=Greek}+$', ['αβγ', 'abc']],
    ['^\\p{Lu}\\P{Lu}*$', ['Élan', 'ÉLAN']],
    ['^[\\p{L}\\p{N}_-]{1,3}$', ['a_1', 'abcd', '中文']],
    ['^\\p{ASCII}+$', ['abc~', 'é']],
    ['^[\\u{1F600}-\\u{1F64F}]$', ['😀', '😃', 'a']],
    ['^\\uD83D\\uDE00$', ['😀', '\ud83d']],
    ['^😀{2}$', ['😀😀', '😀\ude00']],
    ['^\\cJ\\x41\\0$', ['\nA\u0000']],
    ['^[\\b]$', ['\b', 'b']],
    ['\\bfoo\\b', ['a foo b', 'afoo']],
    ['^(?<year>\\d{4})-(?<m>\\d\\d)$', ['2024-01', '2024-1']],
    ['(?<=\\$)\\d+', ['$12', '12']],
    ['(?<!-)\\b\\d+$', ['12', '-12']],
    ['(?<=(a|b))c', ['ac', 'cc']],
    ['^(?=a)b|c', ['c', 'b', 'ab']],
    ['^[[:a]$', [':', '[', 'a']],
    ['^a{1500,}$', ['a'.repeat(1499), 'a'.repeat(1500), 'a'.repeat(3001)]],
    ['^(?:ab){2,1200}$', ['ab', 'abab', 'ab'.repeat(1200), 'ab'.repeat(1201)]],
    ['^a$', ['a\n']],
    ['', ['', 'x']],
  ];
  it.each(cases)('%s judges as RegExp with the u flag does', (source, values) => {
    const mine = compilePattern(source);
    const native = new RegExp(source, 'u');
    for (const value of values) expect(mine.test(value), JSON.stringify(value)).toBe(native.test(value));
  });

  it('runs these in linear time (RE2), the others fall back', () => {
    for (const [source] of cases) {
      if (source === '^(?=a)b|c') expect(isLinearPattern(source)).toBe(false);
      else expect(isLinearPattern(source), source).toBe(true);
    }
  });

  it('throws a SyntaxError for what is not a regular expression, as RegExp does', () => {
    expect(() => compilePattern('^(a$')).toThrow(SyntaxError);
    expect(() => compilePattern('a', 'g')).toThrow(TypeError);
    expect(isLinearPattern('^(a$')).toBe(false);
  });
});

describe('replaceFirst (a mock template $replace on request text)', () => {
  it('replaces the first match literally, as String.replace with a function would', async () => {
    const { replaceFirst } = await import('../../src/runtime/validation/pattern.js');
    expect(replaceFirst('\\s+', 'nightly  export run', '-')).toBe('nightly-export run');
    expect(replaceFirst('^//', '//web', '/')).toBe('/web');
    expect(replaceFirst('^//', '/web', '/')).toBe('/web');
    expect(replaceFirst('x', 'abc', '$&$1')).toBe('abc');
    expect(replaceFirst('b', 'abc', '$&')).toBe('a$&c');
    expect(replaceFirst('é+', 'caféé!', 'e')).toBe('cafe!');
  });

  it('runs in linear time: a backtracking pattern on a long hostile value returns', async () => {
    const { replaceFirst } = await import('../../src/runtime/validation/pattern.js');
    expect(replaceFirst('^(a+)+$', `${'a'.repeat(5000)}!`, 'x')).toBe(`${'a'.repeat(5000)}!`);
  });
});
