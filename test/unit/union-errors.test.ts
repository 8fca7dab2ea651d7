/**
 * oneOf and anyOf answer the problems of the alternative that applies, not of every alternative:
 * the discriminator's choice, an implicit discriminator (a required const property), or the
 * alternative of the data's type; in-memory and generated standalone validators alike.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModel } from '../../src/contract/model.js';
import { generateSpec } from '../../src/pipeline/generate.js';
import { detailsFromAjv, type ProblemDetail } from '../../src/runtime/shared/errors.js';
import type { ValidateFunction } from '../../src/runtime/index.js';
import { compileValidators } from '../../src/contract/tables/validators.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SPEC = join(ROOT, 'test', 'fixtures', 'unions', 'openapi.yaml');
const TMP = join(ROOT, 'test', '.tmp', `unions-${process.pid}`);

type Check = (data: unknown) => { ok: boolean; details: ProblemDetail[] };

function checker(fn: ValidateFunction | undefined): Check {
  if (!fn) throw new Error('no validator for Owner');
  return (data) => {
    const ok = fn(data);
    return { ok, details: detailsFromAjv('body', fn.errors) };
  };
}

const detail = (pointer: string, message: string): ProblemDetail => ({ in: 'body', pointer, message });

/** [name, request body, the problems expected (none: valid)]. */
const CASES: Array<[string, unknown, ProblemDetail[]]> = [
  ['explicit mapping: cat breaks only Cat', { pet: { petType: 'cat', lives: 12 } }, [detail('/pet/lives', 'must be <= 9')]],
  ['mapping by component name: dog breaks only Dog', { pet: { petType: 'dog', bark: '' } }, [detail('/pet/bark', 'must NOT have fewer than 1 characters')]],
  ['implicit mapping (component name)', { pet: { petType: 'Lizard', scales: 'yes' } }, [detail('/pet/scales', 'must be boolean')]],
  ['valid explicit choice', { pet: { petType: 'dog', bark: 'woof' } }, []],
  ['missing discriminator property', { pet: { lives: 3 } }, [detail('/pet/petType', 'is required')]],
  ['not an object', { pet: 'cat' }, [detail('/pet', 'must be object')]],
  ['inside an array', { pets: [{ petType: 'dog', bark: 'a' }, { petType: 'cat' }] }, [detail('/pets/1/lives', 'is required')]],
  ['anyOf discriminator with const and enum variants', { vehicle: { kind: 'yacht', sails: 0 } }, [detail('/vehicle/sails', 'must be >= 1')]],
  [
    'anyOf discriminator, unknown value',
    { vehicle: { kind: 'plane' } },
    [
      detail('/vehicle/wheels', 'is required'),
      detail('/vehicle/kind', 'must be equal to constant'),
      detail('/vehicle/sails', 'is required'),
      detail('/vehicle/kind', 'must be equal to one of the allowed values: "boat", "yacht"'),
    ],
  ],
  ['implicit discriminator: required const property', { shape: { kind: 'circle', r: -1 } }, [detail('/shape/r', 'must be > 0')]],
  [
    'implicit discriminator: unknown value is one error',
    { shape: { kind: 'hexagon' } },
    [detail('/shape/kind', 'must be equal to one of the allowed values: "circle", "square"')],
  ],
  ['implicit discriminator: valid', { shape: { kind: 'square', w: 2 } }, []],
  ['disjoint types: the object alternative', { meta: { plan: 1 } }, [detail('/meta/plan', 'must be string')]],
  ['disjoint types: the string alternative', { meta: 'x' }, [detail('/meta', 'must be equal to one of the allowed values: ""')]],
  ['disjoint types: the integer alternative', { meta: -1 }, [detail('/meta', 'must be >= 0')]],
  ['disjoint types: no alternative has the type', { meta: true }, [detail('/meta', 'must be integer,object,string')]],
  ['disjoint types: valid', { meta: '' }, []],
  ['no way to choose: every alternative speaks, without the summary', { either: {} }, [detail('/either/a', 'is required'), detail('/either/b', 'is required')]],
  ['closest: the phone alternative, by fewest errors', { contact: { phone: 'abc' } }, [detail('/contact/phone', 'must match pattern "^[0-9]+$"')]],
  ['closest: the email alternative, through a $ref', { contact: { email: 'nope', name: 'A' } }, [detail('/contact/email', 'must match format "email"')]],
  ['closest: the inline address alternative', { contact: { street: 'Main', city: 'X' } }, [detail('/contact/city', 'must NOT have fewer than 2 characters')]],
  [
    'closest: inside an array, per item',
    { contacts: [{ phone: '1' }, { email: 'a@b.co', phone: '2' }] },
    [detail('/contacts/1/phone', 'must NOT have additional properties (phone)'), detail('/contacts/1/email', 'must NOT have additional properties (email)')],
  ],
  ['closest: the wrong type everywhere is one error per alternative', { contact: 'x' }, [detail('/contact', 'must be object')]],
  ['closest anyOf: the deeper error wins a tie on count', { range: { last: 0 } }, [detail('/range/last', 'must be >= 1')]],
  ['closest anyOf: valid', { range: { from: 0, to: 3 } }, []],
  ['oneOf matching two alternatives keeps its one error', { either: { a: 'x', b: 'y' } }, [detail('/either', 'must match exactly one schema in oneOf')]],
];

let inMemory: Check;
let standalone: Check;

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  inMemory = checker(compileValidators(await buildModel(SPEC), undefined, true).schemaValidators['Owner']);
  await generateSpec(
    { path: SPEC, api: 'unions', out: join(TMP, 'out'), targets: ['validators'], strict: true },
    { cacheDir: join(TMP, 'cache'), force: true },
  );
  const mod = (await import(pathToFileURL(join(TMP, 'out', 'validators.ts')).href)) as { schemaValidators: Record<string, ValidateFunction> };
  standalone = checker(mod.schemaValidators['Owner']);
});

afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe.each([
  ['in memory', () => inMemory],
  ['standalone', () => standalone],
] as const)('union errors (%s validators)', (_kind, get) => {
  it.each(CASES)('%s', (_name, data, want) => {
    const { ok, details } = get()(data);
    expect(ok).toBe(want.length === 0);
    expect(details).toEqual(want);
  });
});
