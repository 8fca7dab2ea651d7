/**
 * Error answers that satisfy the contract: when an operation declares a schema for an error status,
 * the server and the mock build that status's body from it, filling what maps (message, code,
 * details with pointer and location, status) and sampling what else it requires (here
 * `errors[].extensions`, as a vendor's GraphQL-style error requires). A schema no body can be built
 * for is a warning naming the operation and the status.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { createMockFromSpec } from '../../src/cli/commands/mock.js';
import { buildModel } from '../../src/contract/model.js';
import { apiSpec, schemaResolver } from '../../src/contract/tables/api.js';
import { errorShapes } from '../../src/contract/tables/error-shapes.js';
import { compileValidators } from '../../src/contract/tables/validators.js';
import { runConformance } from '../../src/conformance/run.js';
import { toFetchHandler } from '../../src/runtime/server/fetch-adapter.js';
import { createRequestListener } from '../../src/runtime/server/server.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `vendor-error-shapes-${process.pid}`);
mkdirSync(TMP, { recursive: true });
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const VENDOR_ERROR = {
  type: 'object',
  required: ['errors'],
  additionalProperties: false,
  properties: {
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['message', 'extensions'],
        additionalProperties: false,
        properties: {
          message: { type: 'string' },
          path: { type: 'string' },
          extensions: {
            type: 'object',
            required: ['code', 'category'],
            properties: { code: { type: 'string', enum: ['BAD_USER_INPUT', 'UNAUTHENTICATED', 'NOT_FOUND'] }, category: { type: 'string' } },
          },
        },
      },
    },
  },
};
const NOT_FOUND = {
  type: 'object',
  required: ['status', 'title', 'traceId'],
  properties: { status: { type: 'integer' }, title: { type: 'string' }, traceId: { type: 'string' } },
};

function write(name: string, error400: unknown): string {
  const json = (schema: unknown) => ({ 'application/json': { schema } });
  const doc = {
    openapi: '3.0.1',
    info: { title: name, version: '1' },
    components: { schemas: { VendorError: VENDOR_ERROR, NotFound: NOT_FOUND } },
    paths: {
      '/things': {
        post: {
          operationId: 'createThing',
          requestBody: { required: true, content: json({ type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 10 } } }) },
          responses: {
            '201': {
              description: 'made',
              content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } }, example: { id: 't1' } } },
            },
            '400': { description: 'bad', content: json(error400) },
            '415': { description: 'bad type', content: json(error400) },
          },
        },
        get: {
          operationId: 'listThings',
          parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', maximum: 10 } }],
          responses: {
            '200': { description: 'list', content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } }, example: ['a'] } } },
            '400': { description: 'bad', content: json(error400) },
          },
        },
      },
      '/things/{id}': {
        get: {
          operationId: 'getThing',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            '200': { description: 'one', content: { 'application/json': { schema: { type: 'object' }, example: {} } } },
            '404': { description: 'none', content: json({ $ref: '#/components/schemas/NotFound' }) },
            '501': { description: 'not yet', content: json({ $ref: '#/components/schemas/VendorError' }) },
          },
        },
      },
    },
  };
  const file = join(TMP, `${name}.yaml`);
  writeFileSync(file, stringify(doc));
  return file;
}

const FILE = write('vendor', { $ref: '#/components/schemas/VendorError' });

describe('error answers built from the declared schema', () => {
  it('the mock answers a validation error in the vendor shape, errors[].extensions included', async () => {
    const mock = await createMockFromSpec(FILE);
    const res = await mock.fetch(new Request('http://x/things?limit=99'));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Array<{ message: string; path?: string; extensions: { code: string } }> };
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]?.message).toMatch(/limit/);
    expect(body.errors[0]?.path).toBe('limit');
    expect(body.errors[0]?.extensions.code).toBe('BAD_USER_INPUT');
    const validate = new Ajv2020({ strict: false }).compile(VENDOR_ERROR);
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    const bad = await mock.fetch(
      new Request('http://x/things', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"far too long a name"}' }),
    );
    expect(bad.status).toBe(400);
    const badBody = (await bad.json()) as { errors: Array<{ path: string }> };
    expect(validate(badBody), JSON.stringify(validate.errors)).toBe(true);
    expect(badBody.errors[0]?.path).toBe('/name');
  });

  it('the generated server does the same, for 404 and 501 too (each status its own schema)', async () => {
    const model = await buildModel(FILE);
    const fetch = toFetchHandler(
      createRequestListener(apiSpec(model), compileValidators(model), { getThing: () => ({ status: 404, body: undefined }) } as never),
    );
    const list = await fetch(new Request('http://x/things?limit=99'));
    expect(((await list.json()) as { errors: unknown[] }).errors).toHaveLength(1);
    const unimplemented = await fetch(
      new Request('http://x/things', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"a"}' }),
    );
    expect(unimplemented.status).toBe(501);
    const notImplemented = (await unimplemented.json()) as { errors: Array<{ message: string; extensions: unknown }> };
    // createThing declares no 501: the interface's error shape, inferred by the same engine from its 400s.
    expect(notImplemented.errors[0]?.message).toMatch(/createThing/);
    expect(notImplemented.errors[0]?.extensions).toBeDefined();
    const unsupported = await fetch(new Request('http://x/things', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' }));
    expect(unsupported.status).toBe(415);
    const unsupportedBody = (await unsupported.json()) as { errors: Array<{ extensions: unknown }> };
    expect(unsupportedBody.errors[0]?.extensions).toBeDefined();
  });

  it('a 404 with status, title and a required traceId', async () => {
    const mock = await createMockFromSpec(FILE);
    const res = await mock.fetch(new Request('http://x/things/1?__code=404'));
    // The mock answers the example or sample for an asked status; the server's own 404 comes from routing:
    expect(res.status).toBe(404);
    const model = await buildModel(FILE);
    const template = apiSpec(model).operations.find((o) => o.id === 'getThing')?.errors?.['404'];
    expect(template).toEqual({
      t: 'object',
      props: [
        ['status', { t: 'status' }],
        ['title', { t: 'message' }],
        ['traceId', { t: 'requestId' }],
      ],
    });
  });

  it('specforge test against the mock finds no response_schema_conformance failure', async () => {
    const mock = await createMockFromSpec(FILE);
    const report = await runConformance({ model: await buildModel(FILE), fetch: (r) => mock.fetch(r), seed: 1, maxExamples: 10 });
    const schemaFailures = report.failures.filter((f) => f.check === 'response_schema_conformance');
    expect(schemaFailures.map((f) => `${f.operationId} ${f.message}`)).toEqual([]);
  });

  it('a schema no body can be built for is a warning naming the operation and the status, at the schema', async () => {
    const file = write('unsatisfiable', {
      oneOf: [
        { type: 'object', required: ['a'], properties: { a: { type: 'string' } } },
        { type: 'object', required: ['b'], properties: { b: { type: 'string' } } },
      ],
    });
    const model = await buildModel(file);
    const { warnings } = errorShapes(model, schemaResolver(model));
    expect(warnings.map((w) => w.code)).toContain('SPECFORGE_ERROR_SHAPE');
    const first = warnings.find((w) => w.message.startsWith('createThing 400'));
    expect(first?.location?.line).toBeGreaterThan(1);
    expect(first?.location?.file).toMatch(/unsatisfiable\.yaml$/);
  });
});
