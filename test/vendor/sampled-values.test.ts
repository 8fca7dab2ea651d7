/**
 * Values specforge samples from a contract's schemas satisfy that contract's own validators: the
 * mock's response samples (over every response schema of GitBook's contract, plain and with varied
 * seeds), and the request values `specforge test` sends as valid (over the five vendor contracts).
 * The sampler's own choices behind it: lookahead in patterns, a oneOf branch whose value matches that
 * branch alone, enum members that meet the other constraints, optional properties no value of which
 * fits left out, allOf narrowing a property of its base, documented values the schema refuses
 * skipped; and, where no sample can satisfy a schema, the mock says so once at start.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import YAML, { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockFromSpec } from '../../src/cli/commands/mock.js';
import { exampleBodyOf, exampleParameterValues } from '../../src/conformance/requests.js';
import type { Diagnostic } from '../../src/contract/errors.js';
import { buildModel, type ContractModel } from '../../src/contract/model.js';
import { schemaResolver } from '../../src/contract/tables/api.js';
import { compileValidators, type CompiledValidators } from '../../src/contract/tables/validators.js';
import { sampleFromPattern } from '../../src/runtime/shared/regex-sample.js';
import { sampleSchema } from '../../src/runtime/shared/sample.js';
import { VENDOR_CONTRACTS, type VendorContract } from './contracts.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `vendor-sampled-${process.pid}`);
beforeAll(() => mkdirSync(TMP, { recursive: true }));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

/** The contract as specforge can load it (Blockfrost's `type: "null"` branches read as OpenAPI 3.0 spells them). */
function contractFile(c: VendorContract): string {
  const file = join(ROOT, 'node_modules', c.package, c.path);
  if (c.name !== 'blockfrost') return file;
  const doc = YAML.parse(readFileSync(file, 'utf8')) as { components: { schemas: Record<string, unknown> } };
  const text = JSON.stringify(doc).replace(/\{"type":"null"\}/g, '{"type":"string","nullable":true,"enum":[null]}');
  const copy = join(TMP, 'blockfrost.json');
  writeFileSync(copy, text);
  return copy;
}

const loaded = new Map<string, { model: ContractModel; validators: CompiledValidators }>();
async function load(c: VendorContract): Promise<{ model: ContractModel; validators: CompiledValidators }> {
  let got = loaded.get(c.name);
  if (!got) {
    const model = await buildModel(contractFile(c));
    got = { model, validators: compileValidators(model) };
    loaded.set(c.name, got);
  }
  return got;
}

const gitbook = VENDOR_CONTRACTS.find((c) => c.name === 'gitbook') as VendorContract;

describe("GitBook's response schemas", () => {
  it('every value sampled from one, plain or with a varied seed, passes its validator', async () => {
    const { model, validators } = await load(gitbook);
    const resolveRef = schemaResolver(model);
    const refused: string[] = [];
    let checked = 0;
    for (const op of model.operations) {
      for (const r of op.responses) {
        for (const media of r.content) {
          const validate = validators.operationValidators[op.id]?.responses[r.status]?.[media.type];
          if (!validate || media.schema === undefined) continue;
          for (const options of [{ seed: 1 }, ...[2, 3].map((seed) => ({ seed, vary: true }))]) {
            const value = sampleSchema(media.schema, { resolve: resolveRef, ...options });
            checked++;
            if (!validate(value)) refused.push(`${op.id} ${r.status} ${JSON.stringify(options)}: ${JSON.stringify(validate.errors?.slice(0, 2))}`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(refused).toEqual([]);
  }, 300_000);

  it('the mock finds a valid sample for every one of them at start (no warning), and answers each operation without a 500', async () => {
    const warnings: Diagnostic[] = [];
    const mock = await createMockFromSpec(contractFile(gitbook), {}, undefined, undefined, (d) => warnings.push(d));
    expect(warnings.filter((d) => d.code === 'SPECFORGE_NO_VALID_SAMPLE')).toEqual([]);
    for (const path of ['/spaces/a/content/reusable-contents/a', '/orgs/a/sites/a/redirects', '/spaces/a/revisions/a']) {
      const res = await mock.fetch(new Request(`http://x${path}`, { headers: { authorization: 'Bearer t' } }));
      expect(res.status, path).toBe(200);
    }
  }, 300_000);
});

describe('the request values specforge test sends as valid', () => {
  it.each(VENDOR_CONTRACTS.map((c) => [c.name, c] as const))(
    '%s: every sampled parameter and body passes the request validators',
    async (_name, c) => {
      const { model, validators } = await load(c);
      const resolveRef = schemaResolver(model);
      const refused: string[] = [];
      for (const op of model.operations) {
        const own = validators.operationValidators[op.id];
        const values = exampleParameterValues(op, resolveRef, validators);
        for (const where of ['path', 'query'] as const) {
          const fn = own?.[where];
          if (!fn) continue;
          const obj: Record<string, unknown> = {};
          // Documented examples are the contract's word; sampled values are specforge's.
          for (const [p, v] of values) if (p.in === where && p.examples.length === 0) obj[p.name] = v;
          if (!fn(obj) && fn.errors?.some((e) => e.keyword !== 'required')) refused.push(`${op.id} ${where}: ${JSON.stringify(fn.errors.slice(0, 2))}`);
        }
        const body = exampleBodyOf(op, resolveRef, validators);
        const fn = body ? own?.body?.[body.media.type] : undefined;
        if (body && fn && body.name === 'sampled from the schema' && !fn(body.value)) refused.push(`${op.id} body: ${JSON.stringify(fn.errors?.slice(0, 2))}`);
        // The sampler alone (no validator to retry against) gives a valid body too.
        const media = body?.media;
        if (media && fn && media.examples.length === 0 && media.schema !== undefined) {
          const plain = sampleSchema(media.schema, { resolve: resolveRef, seed: 1 });
          if (!fn(plain)) refused.push(`${op.id} plain body sample: ${JSON.stringify(fn.errors?.slice(0, 2))}`);
        }
      }
      expect(refused).toEqual([]);
    },
    300_000,
  );
});

describe('the sampler', () => {
  const check = (schema: Record<string, unknown>, components: Record<string, unknown> = {}): unknown => {
    const value = sampleSchema(schema, { resolve: (ref) => components[ref.split('/').pop() ?? ''] as Record<string, unknown> | undefined, seed: 1 });
    return value;
  };

  it('meets patterns with lookahead and word boundaries', () => {
    const redirect = '^\\/(?!\\*)(?!.*\\*.+)(?:[A-Za-z0-9\\-._~+]|%[0-9A-Fa-f]{2})+(?:\\/(?:[A-Za-z0-9\\-._~+]|%[0-9A-Fa-f]{2})+)*(?:\\/\\*|\\*)?$';
    for (const pattern of [redirect, '^(?=.*[A-Z])(?=.*\\d)[A-Za-z\\d]{8,12}$', '^(?!admin$)[a-z]{3,8}$', '\\bword\\b', '^(?<=)x(?<!y)$']) {
      const value = sampleFromPattern(pattern);
      expect(value, pattern).toBeDefined();
      expect(new RegExp(pattern, 'u').test(value as string), `${pattern}: ${String(value)}`).toBe(true);
      expect(new RegExp(pattern, 'u').test(check({ type: 'string', pattern }) as string), pattern).toBe(true);
    }
  });

  it('picks a oneOf branch whose value matches that branch alone', () => {
    // The first branch's value (both properties) also matches the open second branch.
    const schema = {
      allOf: [
        { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
        {
          oneOf: [
            { type: 'object', required: ['computed', 'seed'], properties: { computed: { type: 'string' }, seed: { type: 'string' } } },
            { type: 'object', properties: { document: { type: 'string' } } },
          ],
        },
      ],
    };
    const value = check(schema) as Record<string, unknown>;
    expect(value).toHaveProperty('id');
    expect(value).not.toHaveProperty('computed');
  });

  it('takes an enum member that meets the other constraints, and leaves out an optional property nothing fits', () => {
    expect(check({ type: 'string', enum: ['a', 'bb', 'ccc'], minLength: 2 })).toBe('bb');
    const scope = {
      oneOf: [
        { type: 'object', required: ['mode'], properties: { mode: { enum: ['default'] }, restrictTo: { type: 'string', minLength: 2, maxLength: 1 } } },
        { type: 'object', required: ['mode', 'restrictTo'], properties: { mode: { enum: ['default'] }, restrictTo: { enum: ['current', 'other'] } } },
      ],
    };
    expect(check(scope)).toEqual({ mode: 'default' });
  });

  it('keeps the required fields of a base whose property an allOf narrows, and skips a documented value the schema refuses', () => {
    const components = {
      Error: {
        type: 'object',
        required: ['error'],
        properties: { error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'integer' }, message: { type: 'string' } } } },
      },
    };
    const narrowed = {
      allOf: [
        { $ref: '#/components/schemas/Error' },
        { type: 'object', properties: { error: { type: 'object', required: ['type'], properties: { type: { enum: ['missing'] } } } } },
      ],
    };
    expect(check(narrowed, components)).toEqual({ error: { code: 0, message: 'string', type: 'missing' } });
    expect(check({ type: 'object', properties: { role: { type: 'string', example: null }, value: { type: 'integer', example: 'x' } } })).toEqual({
      role: 'string',
      value: 0,
    });
  });
});

describe('a response schema no sample satisfies', () => {
  it('is a warning at start naming the operation and the schema, and the mock answers it rather than a 500 per request', async () => {
    const file = join(TMP, 'unsatisfiable.yaml');
    writeFileSync(
      file,
      stringify({
        openapi: '3.1.0',
        info: { title: 'u', version: '1' },
        paths: {
          '/code': {
            get: {
              operationId: 'getCode',
              responses: {
                '200': {
                  description: 'a code',
                  content: {
                    'application/json': { schema: { type: 'object', required: ['code'], properties: { code: { type: 'string', pattern: '^(a)\\1$' } } } },
                  },
                },
              },
            },
          },
        },
      }),
    );
    const warnings: Diagnostic[] = [];
    const mock = await createMockFromSpec(file, {}, undefined, undefined, (d) => warnings.push(d));
    const found = warnings.filter((d) => d.code === 'SPECFORGE_NO_VALID_SAMPLE');
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toMatch(/^getCode 200: no value sampled from the schema satisfies it/);
    expect(found[0]?.location?.pointer).toBe('/paths/~1code/get/responses/200/content/application~1json');
    expect(found[0]?.location?.line).toBeGreaterThan(0);
    for (let i = 0; i < 2; i++) expect((await mock.fetch(new Request('http://x/code'))).status).toBe(200);
  });
});
