/**
 * Cases the public corpus found, each reduced to what breaks: operations told apart by a template's
 * fragment (`/#Action=…`), response types with parameters, null-body statuses through the fetch
 * adapter, XML bodies, JSON objects inside query values, references openapi-typescript cannot print,
 * and values the sampler must produce (minProperties, repeated patterns, `false` properties).
 */
import { describe, expect, it } from 'vitest';
import { createMockFromSpec } from '../../src/cli/commands/mock.js';
import { exampleRequests, formEncode } from '../../src/conformance/requests.js';
import { buildModel } from '../../src/contract/model.js';
import { matchMediaType } from '../../src/runtime/server/server.js';
import { sampleSchema } from '../../src/runtime/shared/sample.js';
import { inlineDeepRefs } from '../../generators/types.js';

const SPEC = 'test/fixtures/public-cases/openapi.yaml';

describe('operations told apart by the fragment of their template', () => {
  it('route by the query or header pair the fragment names, and example requests carry it', async () => {
    const mock = await createMockFromSpec(SPEC);
    const call = async (url: string, init: RequestInit = {}): Promise<{ status: number; type: string | null; text: string }> => {
      const res = await mock.fetch(new Request(`http://mock.test${url}`, init));
      return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
    };
    const run = await call('/?Action=RunInstances');
    expect(run).toEqual({ status: 200, type: 'application/json;charset=UTF-8', text: '{"ran":"run"}' });
    // 205 has no body: the fetch adapter must answer one without (it used to hang the caller).
    expect(await call('/?Action=StopInstances')).toMatchObject({ status: 205, text: '' });
    expect(
      (await call('/', { method: 'POST', headers: { 'x-amz-target': 'Store.Put', 'content-type': 'text/xml' }, body: '<Put><Key>k</Key></Put>' })).status,
    ).toBe(200);
    // A value that names no operation reaches the first one of the path, whose validator refuses it.
    expect((await call('/?Action=Reboot')).status).toBe(400);
    const model = await buildModel(SPEC);
    expect(exampleRequests(model).map((r) => `${r.method} ${r.url}`)).toEqual(['GET /?Action=RunInstances', 'GET /?Action=StopInstances', 'POST /']);
  });

  it('an object inside a query value is read as JSON', async () => {
    const mock = await createMockFromSpec(SPEC);
    const tags = encodeURIComponent(JSON.stringify({ Key: 'env' }));
    expect((await mock.fetch(new Request(`http://mock.test/?Action=RunInstances&Tags=${tags}`))).status).toBe(200);
    expect((await mock.fetch(new Request('http://mock.test/?Action=RunInstances&Tags=notjson'))).status).toBe(400);
  });
});

describe('media types', () => {
  it.each([
    [['application/json;charset=UTF-8'], 'application/json', 'application/json;charset=UTF-8'],
    [['text/plain; charset=utf-8', 'application/json'], 'text/plain', 'text/plain; charset=utf-8'],
    [['application/xml'], 'application/json', undefined],
  ])('declared %j matches %s as %s', (declared, actual, want) => {
    expect(matchMediaType(declared, actual)).toBe(want);
  });

  it('form bodies of example requests nest with brackets', () => {
    expect(decodeURIComponent(formEncode({ amount: 5, tags: ['a', 'b'], meta: { plan: 'pro' }, none: null }))).toBe(
      'amount=5&tags[0]=a&tags[1]=b&meta[plan]=pro&none=',
    );
  });
});

describe('types', () => {
  it('inlines references into paths and into schemas, cutting cycles', () => {
    const doc = {
      paths: {
        '/a/{id}': {
          get: { parameters: [{ name: 'id', in: 'path', schema: { type: 'string' } }] },
          put: { parameters: [{ $ref: '#/paths/~1a~1{id}/get/parameters/0' }] },
        },
      },
      components: {
        schemas: {
          Node: {
            type: 'object',
            properties: {
              next: { $ref: '#/components/schemas/Node/properties/self' },
              self: { $ref: '#/components/schemas/Node/properties/next' },
              ok: { $ref: '#/components/schemas/Ok' },
            },
          },
          Ok: { type: 'string' },
        },
      },
    };
    const out = inlineDeepRefs(doc) as typeof doc;
    expect(out.paths['/a/{id}'].put.parameters[0]).toEqual({ name: 'id', in: 'path', schema: { type: 'string' } });
    expect(out.components.schemas.Node.properties.ok).toEqual({ $ref: '#/components/schemas/Ok' });
    expect(out.components.schemas.Node.properties.next).toEqual({});
    expect(doc.paths['/a/{id}'].put.parameters[0]).toEqual({ $ref: '#/paths/~1a~1{id}/get/parameters/0' });
  });
});

describe('sampling', () => {
  it.each([
    ['minProperties fills a map', { type: 'object', minProperties: 2, additionalProperties: { type: 'integer' } }, { key1: 0, key2: 0 }],
    ['a property whose schema is false stays absent', { type: 'object', properties: { additionalProperties: false, a: { type: 'string' } } }, { a: 'string' }],
    ['minLength repeats a pattern that allows it', { type: 'string', pattern: '^(?:[0-9a-f]{2})+$', minLength: 8 }, '00000000'],
    ['a format sample the pattern refuses gives way', { type: 'string', format: 'password', pattern: '^[0-9]+$' }, '0'],
  ])('%s', (_name, schema, want) => {
    expect(sampleSchema(schema)).toEqual(want);
  });
});
