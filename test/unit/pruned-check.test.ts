/**
 * A one-off check with only the part of a schema a value reaches (src/runtime/validation/prune.ts):
 * for any value, the pruned schema judges it exactly as the whole schema does (property-based, over
 * schemas with every applicator and `$ref` cycles), leaves out what the value does not reach, and a
 * mock's first sampled answer is checked that way without compiling the response's validator.
 */
import fc from 'fast-check';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSpec, mockTables } from '../../src/contract/tables/api.js';
import { buildModel } from '../../src/contract/model.js';
import { compileValidators, planValidators } from '../../src/contract/tables/validators.js';
import { createMock } from '../../src/runtime/mock/server.js';
import { createAjv, deferredValidators, validatorCompiled } from '../../src/runtime/validation/ajv.js';
import { pruneFor } from '../../src/runtime/validation/prune.js';

const ROOT_ID = 'specforge:test';
const ref = (key: string): { $ref: string } => ({ $ref: `#/$defs/${key}` });
const DEFS: Record<string, unknown> = {
  Node: {
    type: 'object',
    required: ['id'],
    additionalProperties: false,
    properties: {
      id: { type: 'integer', minimum: 1 },
      name: { type: 'string', maxLength: 5, pattern: '^[a-z]*$' },
      children: { type: 'array', items: ref('Node'), maxItems: 3 },
      parent: { anyOf: [{ type: 'null' }, ref('Node')] },
      tags: { type: 'object', additionalProperties: { type: 'string', enum: ['a', 'b'] } },
      kind: { oneOf: [ref('Cat'), ref('Dog')] },
      when: { type: 'string', format: 'date-time' },
      odd: { not: { type: 'string' } },
      cond: { if: { type: 'object', required: ['x'] }, then: { properties: { x: { type: 'integer' } } }, else: { type: ['string', 'object'] } },
      pats: { type: 'object', patternProperties: { '^n_': { type: 'number' } }, additionalProperties: ref('Cat') },
      $ref: { type: 'boolean' },
    },
  },
  Cat: { type: 'object', required: ['meow'], properties: { meow: { const: true }, owner: ref('Node') } },
  Dog: { allOf: [{ type: 'object', required: ['bark'] }, { properties: { bark: { type: 'integer', multipleOf: 2 } } }] },
  Loop: { allOf: [ref('Loop2')] },
  Loop2: { anyOf: [ref('Loop'), { type: 'string' }] },
  Any: true,
  Deep: { type: 'object', properties: { meow: { $ref: '#/$defs/Cat/properties/meow' } } },
};
const ROOT = { $id: ROOT_ID, $defs: DEFS };

/** Values near the schemas: the properties they declare, with right and wrong values. */
const leaf = fc.oneof(
  fc.constantFrom(null, true, false, 0, 1, 2, 3, -1, 1.5, '', 'a', 'b', 'abc', 'ABC', 'toolong', '2024-01-15T09:30:00Z', 'x'),
  fc.jsonValue({ maxDepth: 1 }),
);
const { tree } = fc.letrec<{ tree: unknown }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('tree'), { maxLength: 4 }),
    fc.dictionary(
      fc.constantFrom(
        'id',
        'name',
        'children',
        'parent',
        'tags',
        'kind',
        'when',
        'odd',
        'cond',
        'pats',
        '$ref',
        'meow',
        'owner',
        'bark',
        'x',
        'n_1',
        'other',
        '__proto__',
      ),
      tie('tree'),
      { maxKeys: 6 },
    ),
  ),
}));

/** Mostly `right`, sometimes any leaf. */
const mostly = <T>(right: fc.Arbitrary<T>): fc.Arbitrary<unknown> => fc.oneof({ arbitrary: right, weight: 12 }, { arbitrary: leaf, weight: 1 });
/** One of `right` mostly, one of `wrong` sometimes. */
const rightOr = (right: unknown[], wrong: unknown[]): fc.Arbitrary<unknown> =>
  fc.oneof({ arbitrary: fc.constantFrom(...right), weight: 12 }, { arbitrary: fc.constantFrom(...wrong), weight: 1 });

/** Values shaped like the schemas (mostly right, sometimes wrong at some depth, now and then with a key Node does not declare). */
const { node, cat, dog } = fc.letrec<{ node: unknown; cat: unknown; dog: unknown }>((tie) => ({
  node: fc
    .tuple(
      fc.record(
        {
          id: mostly(fc.integer({ min: 1, max: 3 })),
          name: rightOr(['abc', 'ab'], ['ABC', 'toolong']),
          children: fc.oneof(
            { depthSize: 'small' },
            { arbitrary: fc.constant([]), weight: 2 },
            { arbitrary: fc.array(tie('node'), { minLength: 2, maxLength: 2 }), weight: 1 },
          ),
          parent: fc.oneof({ depthSize: 'small' }, fc.constant(null), tie('node')),
          tags: fc.dictionary(fc.constantFrom('k', 'l', '__proto__'), rightOr(['a', 'b'], ['c'])),
          kind: fc.oneof({ depthSize: 'small' }, tie('cat'), tie('dog')),
          when: rightOr(['2024-01-15T09:30:00Z'], ['yesterday']),
          odd: rightOr([1, null, {}], ['a']),
          cond: rightOr([{ x: 1 }, 'str', { y: 1 }], [{ x: 'a' }, 3]),
          pats: rightOr([{ n_1: 1 }, { other: { meow: true } }], [{ n_1: 'a' }, { other: 1 }]),
        },
        { requiredKeys: ['id'] },
      ),
      fc.integer({ min: 0, max: 9 }),
    )
    .map(([value, n]) => (n === 0 ? { ...value, other: 1 } : value)),
  cat: fc.record({ meow: mostly(fc.constant(true)), owner: fc.oneof({ depthSize: 'small' }, tie('node'), leaf) }, { requiredKeys: ['meow'] }),
  dog: fc.record({ bark: rightOr([2, 4], [3]) }),
}));

describe('a schema pruned for a value', () => {
  const ajv = createAjv({ strict: false });
  ajv.addSchema(ROOT, undefined, undefined, false);

  it('judges every value as the whole schema does', () => {
    const near: Record<string, fc.Arbitrary<unknown>> = { Node: node, Cat: cat, Dog: dog, Any: node };
    for (const key of ['Node', 'Cat', 'Dog', 'Any']) {
      const whole = ajv.getSchema(`${ROOT_ID}#/$defs/${key}`);
      if (!whole) throw new Error(key);
      const verdicts = { true: 0, false: 0 };
      fc.assert(
        fc.property(fc.oneof(tree, near[key] ?? node, near[key] ?? node), (value) => {
          const pruned = pruneFor(DEFS, key, [value], ROOT_ID);
          expect(pruned).toBeDefined();
          const schema = pruned?.schema ?? false;
          const fn = ajv.compile(typeof schema === 'boolean' ? { not: schema ? false : {} } : schema);
          const verdict = typeof schema === 'boolean' ? schema : fn(value);
          if (typeof schema !== 'boolean') ajv.removeSchema(schema);
          expect(verdict, JSON.stringify(value)).toBe(whole(value));
          verdicts[verdict ? 'true' : 'false']++;
        }),
        { numRuns: 100, seed: 42 },
      );
      // The values exercise both verdicts (Any accepts everything).
      expect(verdicts.true, key).toBeGreaterThan(0);
      if (key !== 'Any') expect(verdicts.false, key).toBeGreaterThan(0);
    }
  });

  it('judges as the whole schema does where several values reach one subschema (items, additional properties)', () => {
    const whole = ajv.getSchema(`${ROOT_ID}#/$defs/Node`);
    const cases: unknown[] = [
      { id: 1, children: [{ id: 2 }, { id: 3, name: 'BAD' }] },
      { id: 1, children: [{ id: 2 }, { id: 3, name: 'ok' }] },
      { id: 1, tags: { k: 'a', l: 'c' } },
      { id: 1, tags: { k: 'a', l: 'b' } },
      {
        id: 1,
        children: [
          { id: 2, kind: { meow: true } },
          { id: 3, kind: { bark: 3 } },
        ],
      },
      {
        id: 1,
        children: [
          { id: 2, kind: { meow: true } },
          { id: 3, kind: { bark: 4 } },
        ],
      },
      { id: 1, pats: { n_1: 1, other: { meow: true, owner: { id: 0 } } } },
    ];
    const verdicts = cases.map((value) => {
      const pruned = pruneFor(DEFS, 'Node', [value], ROOT_ID);
      const schema = pruned?.schema;
      if (typeof schema !== 'object') throw new Error('not pruned');
      const ok = ajv.compile(schema)(value);
      ajv.removeSchema(schema);
      expect(ok, JSON.stringify(value)).toBe(whole?.(value));
      return ok;
    });
    expect(verdicts).toEqual([false, true, false, true, false, true, false]);
  });

  it('leaves out what the value does not reach, and keeps a property named $ref as a name', () => {
    const pruned = pruneFor(DEFS, 'Node', [{ id: 1, $ref: true }], ROOT_ID);
    expect(pruned?.refs.size).toBe(0);
    expect(pruned?.schema).toMatchObject({ properties: { id: { type: 'integer' }, $ref: { type: 'boolean' } } });
    expect(Object.keys((pruned?.schema as { properties: object }).properties)).toEqual(['id', '$ref']);
    // A kept-whole node (patternProperties) keeps its references, made absolute and listed.
    const pats = pruneFor(DEFS, 'Node', [{ id: 1, pats: { n_1: 1 } }], ROOT_ID);
    expect([...(pats?.refs ?? [])]).toEqual(['Cat']);
    expect(JSON.stringify(pats?.schema)).toContain(`"$ref":"${ROOT_ID}#/$defs/Cat"`);
  });

  it('gives up (the whole validator is used) on a cycle that never descends into the value, or a reference outside $defs', () => {
    expect(pruneFor(DEFS, 'Loop', ['x'], ROOT_ID)).toBeUndefined();
    expect(pruneFor({ A: { $ref: 'other.json#/x' } }, 'A', [1], ROOT_ID)).toBeUndefined();
    expect(pruneFor(DEFS, 'Deep', [{ meow: true }], ROOT_ID)).toBeUndefined();
    expect(pruneFor(DEFS, 'Missing', [1], ROOT_ID)).toBeUndefined();
  });

  it('a deferred validator checks one value with `once` without compiling, and compiles on its first call', () => {
    const get = deferredValidators(ROOT, false);
    const node = get(`${ROOT_ID}#/$defs/Node`);
    const deep = get(`${ROOT_ID}#/$defs/Deep`);
    expect(node.once?.({ id: 1, name: 'abc' })).toBe(true);
    expect(node.once?.({ id: 0 })).toBe(false);
    expect(validatorCompiled(node)).toBe(false);
    // Not prunable (a reference into a schema of $defs): `once` compiles the validator and uses it.
    expect(deep.once?.({ meow: false })).toBe(false);
    expect(validatorCompiled(deep)).toBe(true);
    expect(node({ id: 1, children: [{ id: 2, parent: null }] })).toBe(true);
    expect(validatorCompiled(node)).toBe(true);
    expect(node.once?.({ id: -1 })).toBe(false);
  });
});

const TMP = resolve(import.meta.dirname, '..', '.tmp', `pruned-check-${process.pid}`);
beforeAll(() => {
  mkdirSync(TMP, { recursive: true });
  writeFileSync(
    join(TMP, 'openapi.yaml'),
    `openapi: 3.1.0
info: { title: pruned, version: '1' }
paths:
  /things:
    get:
      operationId: listThings
      responses:
        '200':
          description: the things
          content:
            application/json:
              schema: { type: array, items: { $ref: '#/components/schemas/Thing' } }
components:
  schemas:
    Thing:
      type: object
      required: [id]
      properties:
        id: { type: integer, minimum: 1 }
        owner: { $ref: '#/components/schemas/Owner' }
    Owner:
      type: object
      properties:
        things: { type: array, items: { $ref: '#/components/schemas/Thing' } }
`,
  );
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe("a mock's first sampled answer", () => {
  it('is checked with the part of the schema the sample reaches: the response validator is not compiled for it', async () => {
    const model = await buildModel(join(TMP, 'openapi.yaml'));
    const validators = compileValidators(model, planValidators(model));
    const mock = createMock(apiSpec(model), validators, mockTables(model));
    const res = await mock.fetch(new Request('http://mock.test/things'));
    expect(res.status).toBe(200);
    const body = (await res.json()) as Array<{ id: number }>;
    expect(body.length).toBeGreaterThan(0);
    const validate = validators.operationValidators['listThings']?.responses['200']?.['application/json'];
    expect(validate).toBeDefined();
    expect(validatorCompiled(validate!)).toBe(false);
    // The validator itself, when called, judges as before.
    expect(validate!(body)).toBe(true);
    expect(validate!([{ id: 0 }])).toBe(false);
    expect(validatorCompiled(validate!)).toBe(true);
  });
});
