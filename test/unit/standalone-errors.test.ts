/**
 * Standalone validators report their errors through the runtime's pushError from shared templates
 * and test own properties with ownProperty (codegen/standalone-errors.ts): the code is shorter, and
 * every verdict and every error object (keys, their order, values) is the one Ajv's in-memory
 * compile gives. Compared on random values for Figma's node tree and a schema of patterns, formats
 * and keywords whose parameters come from the data.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSpec } from '../../src/pipeline/generate.js';
import type { ValidateFunction } from '../../src/runtime/validation/standalone.js';
import { CONCAT_ERRORS, PUSH_ERROR, shortErrors, shortJoins } from '../../src/codegen/standalone-errors.js';
import { splitSchemas } from '../../src/codegen/standalone-schemas.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `standalone-errors-${process.pid}`);
const FIGMA = join(dirname(createRequire(import.meta.url).resolve('@figma/rest-api-spec/package.json')), 'openapi', 'openapi.yaml');

const PATTERNS = {
  openapi: '3.1.0',
  info: { title: 'patterns', version: '1' },
  paths: {},
  components: {
    schemas: {
      Account: {
        type: 'object',
        required: ['id', 'email', 'handle'],
        additionalProperties: false,
        properties: {
          id: { type: 'string', format: 'uuid' },
          email: { type: 'string', format: 'email', maxLength: 40 },
          handle: { type: 'string', pattern: '^[a-z][a-z0-9_]{2,15}$' },
          site: { type: 'string', format: 'uri' },
          born: { type: 'string', format: 'date' },
          seen: { type: 'string', format: 'date-time' },
          score: { type: 'number', minimum: 0, exclusiveMaximum: 100, multipleOf: 0.5 },
          level: { type: 'integer', enum: [1, 2, 3] },
          kind: { const: 'person' },
          tags: { type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true, maxItems: 3, contains: { const: 'a' } },
          pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false },
          meta: { type: 'object', propertyNames: { pattern: '^x-' }, maxProperties: 2, additionalProperties: { type: 'string' } },
          contact: {
            oneOf: [
              { type: 'object', required: ['phone'], properties: { phone: { type: 'string', pattern: '^\\+[0-9]{6,}$' } } },
              { type: 'object', required: ['fax'], properties: { fax: { type: 'string' } } },
            ],
          },
          plan: { anyOf: [{ type: 'string', enum: ['free', 'pro'] }, { type: 'null' }] },
          billing: { type: 'object', dependentRequired: { card: ['name'] }, if: { required: ['card'] }, then: { properties: { name: { minLength: 2 } } } },
          'we"ird</script>\u2028': { type: 'boolean' },
        },
      },
    },
  },
};

const KEYS = ['id', 'email', 'handle', 'site', 'born', 'seen', 'score', 'level', 'kind', 'tags', 'pair', 'meta', 'contact', 'plan', 'billing'];
const STRINGS = [
  'a',
  '',
  'person',
  'free',
  'x-a',
  'b-c',
  '+1234567',
  'a@b.co',
  'not mail',
  'https://e.x/a',
  '2024-02-30',
  '2024-01-15',
  '2024-01-15T09:30:00Z',
  'abc_1',
  '0a',
  '123e4567-e89b-12d3-a456-426614174000',
];

interface Validators {
  schemaValidators: Record<string, ValidateFunction>;
}

let standalone: Validators;
let inMemory: Validators;
let figmaStandalone: Validators;
let figmaInMemory: Validators;
let figmaCode = '';
let figmaKeys: string[] = [];
let figmaStrings: string[] = [];

async function generate(path: string, api: string, out: string, deferUnused: false | 'all'): Promise<Validators> {
  await generateSpec(
    { path, api, out: join(TMP, out), targets: ['types', 'validators'], strict: false, deferUnused },
    { cacheDir: join(TMP, 'cache'), force: true },
  );
  return (await import(pathToFileURL(join(TMP, out, 'validators.ts')).href)) as Validators;
}

beforeAll(async () => {
  mkdirSync(join(TMP, 'spec'), { recursive: true });
  writeFileSync(join(TMP, 'spec', 'openapi.json'), JSON.stringify(PATTERNS));
  standalone = await generate(join(TMP, 'spec', 'openapi.json'), 'patterns', 'ahead', false);
  inMemory = await generate(join(TMP, 'spec', 'openapi.json'), 'patterns', 'memory', 'all');
  figmaStandalone = await generate(FIGMA, 'figma', 'figma-ahead', false);
  figmaInMemory = await generate(FIGMA, 'figma', 'figma-memory', 'all');
  figmaCode = readFileSync(join(TMP, 'figma-ahead', 'validators.ts'), 'utf8');
  const spec = readFileSync(FIGMA, 'utf8');
  figmaKeys = [...new Set([...spec.matchAll(/^ {10,}([A-Za-z_][\w]*):$/gm)].map((m) => m[1] as string))].slice(0, 400);
  figmaStrings = [...new Set([...spec.matchAll(/^ {10,}- ([A-Z][A-Z_]+)$/gm)].map((m) => m[1] as string))].slice(0, 200);
}, 120_000);

afterAll(() => rmSync(TMP, { recursive: true, force: true }));

/** The verdict and the errors' exact text (keys in order), as the two validators give them. */
function same(a: ValidateFunction, b: ValidateFunction, value: unknown): void {
  const verdict = a(value);
  expect(b(value)).toBe(verdict);
  expect(JSON.stringify(a.errors)).toBe(JSON.stringify(b.errors));
  // A new params object for each error, as Ajv's own code makes one.
  const params = (a.errors ?? []).map((e) => e.params);
  expect(new Set(params).size).toBe(params.length);
}

function values(keys: string[], strings: string[]): fc.Arbitrary<unknown> {
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constantFrom(...strings),
      fc.string({ maxLength: 6 }),
      fc.oneof(fc.integer({ min: -3, max: 120 }), fc.double({ noNaN: true, min: -1, max: 200 })),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.constantFrom(...keys), tie('value'), { maxKeys: 6 }),
    ),
  }));
  return value;
}

describe('standalone errors through shared templates', () => {
  it('leave no error object literal of the shape rewritten in the code, and import the helpers', () => {
    // What is left is an error whose message is built from the data (`if`: the failing clause).
    const left = [...figmaCode.matchAll(/const err\d+ = \{instancePath[^;]*\};/g)].map((m) => m[0]);
    expect(left.filter((site) => !/message:.*"\+[A-Za-z]/.test(site))).toEqual([]);
    expect(figmaCode.match(/__err\(/g)?.length).toBeGreaterThan(2000);
    for (const [helper, name] of [
      ['pushError', PUSH_ERROR],
      ['concatErrors', CONCAT_ERRORS],
      ['definedOwn', '__own'],
    ])
      expect(figmaCode).toMatch(new RegExp(`^import \\{[^}]*\\b${helper} as ${name}\\b`, 'm'));
    expect(figmaCode).not.toMatch(/=\{\};[\w$]+===null\?/);
    expect(figmaCode).not.toContain('.concat(');
    expect(figmaCode).not.toContain('Object.getPrototypeOf(data');
  });

  it('judge and report as Ajv in memory: patterns, formats, data-dependent parameters', () => {
    const a = standalone.schemaValidators['Account'] as ValidateFunction;
    const b = inMemory.schemaValidators['Account'] as ValidateFunction;
    const account = fc.dictionary(fc.constantFrom(...KEYS, 'extra', 'we"ird</script>\u2028'), values(['phone', 'fax', 'card', 'name', 'x-a', 'y'], STRINGS), {
      maxKeys: 10,
    });
    fc.assert(
      fc.property(fc.oneof(account, values(KEYS, STRINGS)), (value) => same(a, b, value)),
      { numRuns: 1500, seed: 41 },
    );
  });

  it("judge and report as Ajv in memory: Figma's node tree", () => {
    for (const name of ['Node', 'SubcanvasNode', 'FrameNode', 'Paint', 'Comment']) {
      const a = figmaStandalone.schemaValidators[name] as ValidateFunction;
      const b = figmaInMemory.schemaValidators[name] as ValidateFunction;
      const node = fc
        .record({ type: fc.constantFrom(...figmaStrings), id: fc.string({ maxLength: 3 }) })
        .chain((head) =>
          fc
            .dictionary(fc.constantFrom(...figmaKeys), values(figmaKeys, [...figmaStrings, 'a', '#fff']), { maxKeys: 12 })
            .map((rest) => ({ ...rest, ...head })),
        );
      fc.assert(
        fc.property(fc.oneof(node, values(figmaKeys, figmaStrings)), (value) => same(a, b, value)),
        { numRuns: 300, seed: 41 },
      );
    }
  });

  it('leave code of another shape as Ajv wrote it, and read strings as strings', () => {
    const other =
      'const err0 = {instancePath,schemaPath:"#/x",keyword:"x",params:{},message:"m",propertyName:key0};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;';
    expect(shortErrors(other)).toEqual({ code: other, used: false });
    const inString = 'const s = "const err0 = {instancePath,schemaPath:\\"#/x\\"}";';
    expect(shortErrors(inString).code).toBe(inString);
    const joins = 'const t = "vErrors = vErrors === null ? v.errors : vErrors.concat(v.errors);";';
    expect(shortJoins(joins)).toBe(joins);
    expect(shortJoins('vErrors = vErrors === null ? wrapper_ab.validate.errors : vErrors.concat(wrapper_ab.validate.errors);')).toBe(
      'vErrors = __cat(vErrors, wrapper_ab.validate.errors);',
    );
    expect(shortJoins('const err3 = {};if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;')).toBe('vErrors = __err(vErrors);errors++;');
    const hostile =
      'const err0 = {instancePath,schemaPath:"#/properties/a\\u2028</script>/type",keyword:"type",params:{type: "</script>"},message:"must be "+"x"};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;';
    const { code } = shortErrors(hostile);
    expect(code).not.toMatch(/<\/script|\u2028/i);
    expect(code).toContain('vErrors = __err(vErrors, instancePath, e_');
    expect(code).toMatch(/const e_[0-9a-f]{6} = \["#\/properties\/a\\u2028<\\\/script>\/type","type",\{type:"<\\\/script>"\},"must be x"\];/);
  });

  it('write the part of a schema the code reads as a constant of its own, and drop the schema nothing reads whole', () => {
    const code = [
      'const schema_ab12cd34 = {"type":"object","properties":{"a b":{"enum":["x","<\\/script>"]},"n":{"const":3}},"enum":[{"k":1}]};',
      'const schema_ef56ab78 = {"enum":["kept"]};',
      'function validate_x(data){const v = schema_ab12cd34.properties["a b"].enum;return v.includes(data) || data === schema_ab12cd34.properties.n.const || "schema_ab12cd34.enum" === data || schema_ef56ab78.missing === data || schema_ab12cd34.enum[0] === data;}',
    ].join('\n');
    const out = splitSchemas(code);
    expect(out).not.toContain('const schema_ab12cd34');
    expect(out).toContain('const schema_ef56ab78 = {"enum":["kept"]};');
    expect(out).toMatch(/^const s_[0-9a-f]{6} = \["x","<\\\/script>"\];$/m);
    expect(out).toMatch(/^const s_[0-9a-f]{6} = \{"k":1\};$/m);
    expect(out).toContain('data === 3 ||');
    expect(out).toContain('"schema_ab12cd34.enum" === data');
    const run = (text: string): unknown[] =>
      new Function(`${text}\nreturn [validate_x("x"), validate_x(3), validate_x("y"), validate_x("</script>")];`)() as unknown[];
    expect(run(out)).toEqual(run(code));
  });
});
