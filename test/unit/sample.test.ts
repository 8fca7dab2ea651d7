/** Sampled mock values are valid against their schema, for many seeds, and deterministic per seed. */
import { describe, expect, it } from 'vitest';
import { createAjv } from '../../src/runtime/validation/ajv.js';
import { sampleFromPattern } from '../../src/runtime/shared/regex-sample.js';
import { sampleSchema } from '../../src/runtime/shared/sample.js';

const DEFS: Record<string, Record<string, unknown>> = {
  Cat: { type: 'object', required: ['petType', 'lives'], properties: { petType: { type: 'string' }, lives: { type: 'integer', minimum: 1, maximum: 9 } } },
  Dog: { type: 'object', required: ['petType', 'bark'], properties: { petType: { type: 'string' }, bark: { type: 'string', enum: ['woof', 'yap'] } } },
};
const resolve = (ref: string): Record<string, unknown> | undefined => DEFS[ref.replace('#/$defs/', '')];

const CASES: Array<[string, Record<string, unknown>]> = [
  [
    'formats',
    {
      type: 'object',
      required: ['a', 'b', 'c', 'd', 'e', 'f'],
      properties: {
        a: { type: 'string', format: 'date-time' },
        b: { type: 'string', format: 'email' },
        c: { type: 'string', format: 'uuid' },
        d: { type: 'string', format: 'uri' },
        e: { type: 'string', format: 'ipv4' },
        f: { type: 'string', format: 'date' },
      },
    },
  ],
  [
    'patterns',
    {
      type: 'object',
      required: ['name', 'port', 'hex', 'alt'],
      properties: {
        name: { type: 'string', pattern: '^/?[a-zA-Z0-9_-]+$' },
        port: { type: 'string', pattern: '^[0-9]{1,5}/(tcp|udp)$' },
        hex: { type: 'string', pattern: '^sha256:[a-f0-9]{64}$' },
        alt: { type: 'string', pattern: '^(?:ctrl-[a-z@^\\[,_]|[a-zA-Z])$' },
      },
    },
  ],
  [
    'ranges',
    {
      type: 'object',
      required: ['w', 'x', 'y', 'z'],
      properties: {
        w: { type: 'integer', minimum: 10, maximum: 1000 },
        x: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
        y: { type: 'integer', multipleOf: 5, minimum: 7 },
        z: { type: 'integer', minimum: -3, maximum: -1 },
      },
    },
  ],
  [
    'lengths and items',
    {
      type: 'object',
      required: ['s', 'list'],
      properties: {
        s: { type: 'string', minLength: 12, maxLength: 14 },
        list: { type: 'array', minItems: 2, maxItems: 4, uniqueItems: true, items: { type: 'integer', minimum: 0, maximum: 100 } },
      },
    },
  ],
  [
    'allOf',
    {
      allOf: [
        { type: 'object', required: ['a'], properties: { a: { type: 'string' } } },
        { type: 'object', required: ['b'], properties: { b: { type: 'boolean' } } },
      ],
    },
  ],
  [
    'anyOf',
    {
      anyOf: [
        { type: 'string', maxLength: 3 },
        { type: 'integer', minimum: 5 },
      ],
    },
  ],
  [
    'oneOf with discriminator',
    {
      oneOf: [{ $ref: '#/$defs/Cat' }, { $ref: '#/$defs/Dog' }],
      discriminator: { propertyName: 'petType', mapping: { cat: '#/$defs/Cat', dog: '#/$defs/Dog' } },
    },
  ],
  [
    'nullable and enums',
    { type: 'object', required: ['n', 'e'], properties: { n: { type: ['string', 'null'], format: 'date' }, e: { enum: ['created', 'running', 'paused'] } } },
  ],
  ['recursive', { $ref: '#/$defs/Tree' }],
];
DEFS['Tree'] = { type: 'object', required: ['name'], properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Tree' } } } };

describe('sampleSchema', () => {
  const ajv = createAjv({ strict: false });
  ajv.addSchema({ $id: 'defs', $defs: DEFS });
  it.each(CASES)('%s: valid for 40 seeds, varied or not', (_name, schema) => {
    const validate = ajv.compile({ ...JSON.parse(JSON.stringify(schema).replace(/#\/\$defs\//g, 'defs#/$defs/')) });
    for (let seed = 1; seed <= 40; seed++) {
      for (const vary of [false, true]) {
        for (let branch = 0; branch < 2; branch++) {
          const value = sampleSchema(schema, { resolve, seed, vary, branch });
          expect(validate(value), `${JSON.stringify(value)} ${JSON.stringify(validate.errors)}`).toBe(true);
        }
      }
    }
  });

  it('is deterministic for a seed and varies across seeds', () => {
    const schema = CASES.find(([n]) => n === 'ranges')?.[1] ?? {};
    expect(sampleSchema(schema, { seed: 3, vary: true })).toEqual(sampleSchema(schema, { seed: 3, vary: true }));
    const values = new Set(Array.from({ length: 10 }, (_, i) => JSON.stringify(sampleSchema(schema, { seed: i + 1, vary: true }))));
    expect(values.size).toBeGreaterThan(5);
  });

  it('sets the discriminator to the mapping key of the branch taken', () => {
    const schema = CASES.find(([n]) => n === 'oneOf with discriminator')?.[1] ?? {};
    expect(sampleSchema(schema, { resolve, branch: 0 })).toMatchObject({ petType: 'cat' });
    expect(sampleSchema(schema, { resolve, branch: 1 })).toMatchObject({ petType: 'dog' });
  });
});

describe('sampleFromPattern', () => {
  it.each(['^[a-z]+$', '^\\d{3}-\\d{4}$', '^(foo|bar)baz?$', '^[^/]+/[^/]+$', '^v\\d+\\.\\d+(\\.\\d+)?$', '[A-Z]{2}', '^\\w+@\\w+\\.org$'])('%s', (pattern) => {
    for (let i = 0; i < 20; i++) {
      let state = i;
      const value = sampleFromPattern(pattern, () => (state = (state * 9301 + 49297) % 233280) / 233280);
      expect(value).toBeDefined();
      expect(new RegExp(pattern, 'u').test(value as string)).toBe(true);
    }
  });

  it('meets lookarounds (judged by the real RegExp), and gives up on backreferences rather than return a wrong value', () => {
    expect(sampleFromPattern('^(?=a)a$')).toBe('a');
    expect(sampleFromPattern('^(?!b)[ab]$')).toBe('a');
    expect(sampleFromPattern('^(a)\\1$')).toBeUndefined();
  });
});
