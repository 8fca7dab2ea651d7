/**
 * Generated values reach every required property however deep: a `$ref` is no level of nesting,
 * recursive schemas end by leaving optional parts out (an optional property omitted, an empty
 * array), and what fuzzing sends is valid data the server accepts, not `{"city": null}` three
 * objects down.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../src/contract/model.js';
import { schemaResolver } from '../../src/contract/tables/api.js';
import { compileValidators } from '../../src/contract/tables/validators.js';
import { schemaArbitrary } from '../../src/conformance/arbitrary.js';
import { runConformance } from '../../src/conformance/run.js';
import { buildModelFromText } from './support.js';

const SPEC = `openapi: 3.1.0
info: { title: orders, version: 1.0.0 }
paths:
  /orders:
    post:
      operationId: createOrder
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Order' }
      responses:
        '201': { description: created }
        '400': { description: invalid }
  /nodes:
    post:
      operationId: createNode
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Node' }
      responses:
        '201': { description: created }
        '400': { description: invalid }
components:
  schemas:
    Order:
      type: object
      required: [customer, lines]
      properties:
        customer: { $ref: '#/components/schemas/Customer' }
        lines: { type: array, minItems: 1, maxItems: 2, items: { $ref: '#/components/schemas/Line' } }
    Customer:
      type: object
      required: [name, address]
      properties:
        name: { $ref: '#/components/schemas/Name' }
        address: { $ref: '#/components/schemas/Address' }
    Address:
      type: object
      required: [city, geo]
      properties:
        city: { $ref: '#/components/schemas/Name' }
        geo: { $ref: '#/components/schemas/Geo' }
    Geo:
      type: object
      required: [lat, lng]
      properties:
        lat: { type: number, minimum: -90, maximum: 90 }
        lng: { type: number, minimum: -180, maximum: 180 }
    Line:
      type: object
      required: [sku, product]
      properties:
        sku: { $ref: '#/components/schemas/Name' }
        product: { $ref: '#/components/schemas/Product' }
    Product:
      type: object
      required: [maker]
      properties:
        maker: { $ref: '#/components/schemas/Customer' }
    Name: { type: string, minLength: 1, maxLength: 12 }
    Node:
      type: object
      required: [name]
      properties:
        name: { $ref: '#/components/schemas/Name' }
        parent: { $ref: '#/components/schemas/Node' }
        children: { type: array, items: { $ref: '#/components/schemas/Node' } }
`;

describe('generated bodies: every required property at any depth', () => {
  it('builds a valid value (never null) for every required property of a deep $ref chain', async () => {
    const model = await buildModelFromText(SPEC);
    const resolve = schemaResolver(model);
    const validate = compileValidators(model).operationValidators['createOrder']?.body?.['application/json'];
    if (!validate) throw new Error('no body validator');
    const values = fc.sample(schemaArbitrary({ $ref: '#/components/schemas/Order' }, resolve), { seed: 3, numRuns: 100 });
    const valid = values.filter((v) => validate(v));
    expect(valid.length).toBe(100);
    expect(JSON.stringify(values)).not.toContain('null');
  });

  it('ends recursive schemas by leaving optional parts out, and still nests them some', async () => {
    const model = await buildModelFromText(SPEC);
    const resolve = schemaResolver(model);
    const validate = compileValidators(model).operationValidators['createNode']?.body?.['application/json'];
    if (!validate) throw new Error('no body validator');
    const values = fc.sample(schemaArbitrary({ $ref: '#/components/schemas/Node' }, resolve), { seed: 3, numRuns: 100 });
    expect(values.filter((v) => validate(v)).length).toBe(100);
    // Recursion is followed (a node with a parent or a child), but not without end.
    const text = JSON.stringify(values);
    expect(text).toMatch(/"(parent|children)":(\{|\[\{)"name"/);
    expect(text).not.toContain('null');
  });

  it('the fuzz phase sends deep bodies a strict server accepts', async () => {
    const model = await buildModelFromText(SPEC);
    const validate = compileValidators(model).operationValidators['createOrder']?.body?.['application/json'];
    if (!validate) throw new Error('no body validator');
    const statuses: number[] = [];
    const server = async (request: Request): Promise<Response> => {
      const body: unknown = await request.json().catch(() => undefined);
      const status = validate(body) ? 201 : 400;
      statuses.push(status);
      return new Response(null, { status });
    };
    const report = await runConformance({ model, fetch: server, phases: ['fuzz'], operations: ['createOrder'], maxExamples: 20, seed: 7 });
    expect(report.failures).toEqual([]);
    expect(statuses.length).toBeGreaterThanOrEqual(20);
    expect(statuses.filter((s) => s === 201).length).toBe(statuses.length);
  });

  it("generates from the shapes code-first frameworks emit: a one-item allOf, zod's anyOf with not: {}, 3.0 nullable", async () => {
    const model = await buildModelFromText(SPEC);
    const resolve = schemaResolver(model);
    const kind = { allOf: [{ type: 'string', enum: ['book', 'pen'] }] };
    const channel = { anyOf: [{ type: 'string', enum: ['web', 'shop'] }, { not: {} }] };
    const schema = {
      type: 'object',
      required: ['kind', 'channel', 'note'],
      properties: { kind, channel, note: { type: ['string', 'null'], maxLength: 4 } },
    };
    const values = fc.sample(schemaArbitrary(schema, resolve), { seed: 5, numRuns: 100 }) as Array<Record<string, unknown>>;
    for (const v of values) {
      expect(['book', 'pen']).toContain(v['kind']);
      expect(['web', 'shop']).toContain(v['channel']);
    }
    // Null where the schema allows it, and strings too.
    expect(values.some((v) => v['note'] === null)).toBe(true);
    expect(values.some((v) => typeof v['note'] === 'string')).toBe(true);
  });

  it('builds a wide recursive contract within a bound (optional parts made shallower, never hanging)', async () => {
    const names = Array.from({ length: 40 }, (_, i) => `S${i}`);
    const schemas: Record<string, unknown> = {};
    for (const [i, name] of names.entries()) {
      const properties: Record<string, unknown> = { id: { type: 'string' } };
      for (let k = 1; k <= 8; k++) properties[`p${k}`] = { $ref: `#/components/schemas/${names[(i + k) % names.length] ?? 'S0'}` };
      properties['list'] = { type: 'array', items: { $ref: `#/components/schemas/${names[(i + 9) % names.length] ?? 'S0'}` } };
      schemas[name] = { type: 'object', required: ['id'], properties };
    }
    const resolve = (ref: string): JsonSchema | undefined => schemas[ref.replace('#/components/schemas/', '')] as JsonSchema | undefined;
    const t0 = Date.now();
    const values = fc.sample(schemaArbitrary({ $ref: '#/components/schemas/S0' }, resolve), { seed: 1, numRuns: 20 });
    expect(Date.now() - t0).toBeLessThan(5000);
    for (const v of values) expect(v).toMatchObject({ id: expect.any(String) as unknown });
  });
});
