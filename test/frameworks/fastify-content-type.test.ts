/**
 * The Fastify plugin and a Content-Type Fastify cannot read ("bogus", "/", "application/json/x",
 * an empty header): Fastify refuses those with its own 415 body before any content-type parser,
 * so the plugin hands them to the listener in a preParsing hook, and the answer is the node:http
 * server's: 415 in the contract's error shape. Checked with the real Fastify 5 through inject(),
 * against the node:http listener over the same requests; Fastify's onResponse hook still sees them.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildModel } from '../../src/contract/model.js';
import { apiSpec } from '../../src/contract/tables/api.js';
import { compileValidators } from '../../src/contract/tables/validators.js';
import { fastifyReadsContentType, specforgeFastify } from '../../src/runtime/server/adapters/fastify.js';
import { toFetchHandler } from '../../src/runtime/server/fetch-adapter.js';
import { createRequestListener, type RequestListener } from '../../src/runtime/server/server.js';

const SPEC = `openapi: 3.1.0
info: { title: pets, version: 1.0.0 }
servers: [{ url: 'https://pets.example.com/api/v1' }]
x-specforge-error:
  schema: { $ref: '#/components/schemas/Problem' }
  fields: { message: message, status: status }
paths:
  /pets:
    post:
      operationId: createPet
      requestBody:
        required: true
        content: { application/json: { schema: { type: object, required: [name], properties: { name: { type: string } } } } }
      responses:
        '201': { description: made, content: { application/json: { schema: { type: object } } } }
        default: { description: problem, content: { application/json: { schema: { $ref: '#/components/schemas/Problem' } } } }
components:
  schemas:
    Problem: { type: object, required: [status, message], properties: { status: { type: integer }, message: { type: string }, details: { type: array } } }
`;

let listener: () => RequestListener;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sf-fastify-ct-'));
  writeFileSync(join(dir, 'openapi.yaml'), SPEC);
  const model = await buildModel(join(dir, 'openapi.yaml'));
  const api = apiSpec(model);
  const validators = compileValidators(model);
  listener = () => createRequestListener(api, validators, { createPet: ({ body }) => ({ status: 201, body: body as object }) });
});

/** Content types Fastify's own parsing refuses (its FST_ERR_CTP_INVALID_MEDIA_TYPE). */
const UNREADABLE = ['bogus', '/', 'application/json/x', 'application/', ' ; charset=utf-8', ''];

describe('the Fastify plugin and Content-Type', () => {
  it('reads a media type as Fastify does', () => {
    for (const t of UNREADABLE) expect(fastifyReadsContentType(t), JSON.stringify(t)).toBe(false);
    for (const t of ['application/json', 'application/json; charset=utf-8', ' text/plain ', 'application/vnd.api+json;;', 'application/json ; x='])
      expect(fastifyReadsContentType(t), t).toBe(true);
  });

  it.each(UNREADABLE)(
    'a Content-Type Fastify cannot read (%j) is answered by the listener: 415 in the contract error shape, as node:http answers',
    async (type) => {
      const app = Fastify();
      const seen: string[] = [];
      app.addHook('onResponse', async (request, reply) => {
        seen.push(`${request.method} ${request.routeOptions.url ?? '-'} ${reply.statusCode}`);
      });
      await app.register(specforgeFastify(listener()), { prefix: '/api' });
      try {
        const res = await app.inject({ method: 'POST', url: '/api/v1/pets', headers: { 'content-type': type }, payload: '{"name":"Rex"}' });
        const viaNode = await toFetchHandler(listener())(
          new Request('http://pets.test/api/v1/pets', { method: 'POST', headers: { 'content-type': type }, body: '{"name":"Rex"}' }),
        );
        expect(res.statusCode).toBe(415);
        expect(res.json()).not.toHaveProperty('code', 'FST_ERR_CTP_INVALID_MEDIA_TYPE');
        expect(res.json()).toMatchObject({ status: 415 });
        expect(res.json()).toEqual(await viaNode.json());
        expect(viaNode.status).toBe(415);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(seen).toEqual(['POST /api/v1/pets 415']);
      } finally {
        await app.close();
      }
    },
  );

  it('a readable Content-Type still goes through the route (201, and an unsupported one the listener 415)', async () => {
    const app = Fastify();
    await app.register(specforgeFastify(listener()), { prefix: '/api' });
    try {
      const made = await app.inject({ method: 'POST', url: '/api/v1/pets', headers: { 'content-type': 'application/json' }, payload: '{"name":"Rex"}' });
      expect(made.statusCode).toBe(201);
      expect(made.json()).toEqual({ name: 'Rex' });
      const text = await app.inject({ method: 'POST', url: '/api/v1/pets', headers: { 'content-type': 'text/plain' }, payload: 'Rex' });
      expect(text.statusCode).toBe(415);
      expect(text.json()).toMatchObject({ status: 415, message: 'content type text/plain is not accepted; use application/json' });
    } finally {
      await app.close();
    }
  });
});
