/**
 * Negative and coverage cases reach every place of a body: nested objects, array items, through a
 * one-item allOf (how NestJS writes a named enum), a single-branch oneOf, zod's `anyOf` with a
 * `not: {}` branch, and OpenAPI 3.0's `nullable` (Fastify), one invalid place at a time with the
 * rest of the body valid.
 */
import { describe, expect, it } from 'vitest';
import type { ContractModel } from '../../src/contract/model.js';
import { compileValidators } from '../../src/contract/tables/validators.js';
import { runConformance } from '../../src/conformance/run.js';
import { buildModelFromText } from './support.js';

const SPEC = `openapi: 3.0.3
info: { title: shop, version: 1.0.0 }
paths:
  /orders:
    post:
      operationId: createOrder
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/CreateOrderDto' }
            example: { order: { lines: [{ kind: book, quantity: 2 }] }, note: null }
      responses:
        '201': { description: created }
        '400': { description: invalid }
components:
  schemas:
    Kind: { type: string, enum: [book, pen] }
    Priority: { type: string, enum: [low, high] }
    LineDto:
      type: object
      required: [kind, quantity]
      properties:
        kind: { allOf: [{ $ref: '#/components/schemas/Kind' }] }
        quantity: { type: integer, minimum: 1, maximum: 10 }
    OrderDto:
      type: object
      required: [lines]
      properties:
        lines: { type: array, minItems: 1, items: { $ref: '#/components/schemas/LineDto' } }
        priority: { oneOf: [{ $ref: '#/components/schemas/Priority' }] }
    CreateOrderDto:
      type: object
      required: [order]
      properties:
        order: { $ref: '#/components/schemas/OrderDto' }
        note: { type: string, nullable: true, maxLength: 20 }
        channel: { anyOf: [{ type: string, enum: [web, shop] }, { not: {} }] }
`;

/** The same contract with the enums the server forgets to check turned into plain strings. */
const LAX = SPEC.replace('Kind: { type: string, enum: [book, pen] }', 'Kind: { type: string }')
  .replace('Priority: { type: string, enum: [low, high] }', 'Priority: { type: string }')
  .replace('{ type: string, enum: [web, shop] }', '{ type: string }');

/** A server that validates bodies with the given contract's validator (and refuses `refuse` values of kind). */
async function serverOf(text: string, refuse?: string): Promise<{ fetch: (r: Request) => Promise<Response>; bodies: unknown[] }> {
  const model: ContractModel = await buildModelFromText(text);
  const validate = compileValidators(model).operationValidators['createOrder']?.body?.['application/json'];
  if (!validate) throw new Error('no body validator');
  const bodies: unknown[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    if (request.method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'POST' } });
    const body: unknown = await request.json().catch(() => undefined);
    bodies.push(body);
    if (refuse !== undefined && JSON.stringify(body).includes(`"kind":"${refuse}"`)) return new Response(null, { status: 400 });
    return new Response(null, { status: validate(body) ? 201 : 400 });
  };
  return { fetch, bodies };
}

describe('negative cases reach nested places through the shapes code-first frameworks emit', () => {
  it('tries an invalid enum deep in a body (array item, one-item allOf), the rest valid, and finds it accepted', async () => {
    const model = await buildModelFromText(SPEC);
    const server = await serverOf(LAX);
    const report = await runConformance({ model, fetch: server.fetch, phases: ['negative'], seed: 1 });
    const accepted = report.failures.filter((f) => f.check === 'negative_data_rejection');
    const deep = accepted.find((f) => f.request.origin.includes('order.lines[0].kind'));
    expect(deep?.request.origin).toBe('property order.lines[0].kind outside its enum');
    // One invalid place, the rest of the example as it was.
    expect(JSON.parse(deep?.request.body ?? 'null')).toEqual({ order: { lines: [{ kind: 'specforge-not-in-enum', quantity: 2 }] }, note: null });
    // A single-branch oneOf and zod's anyOf with `not: {}` are reached too (optional: filled in).
    expect(accepted.map((f) => f.request.origin)).toEqual(
      expect.arrayContaining(['property order.priority outside its enum', 'property channel outside its enum']),
    );
  });

  it('reports nothing against a server that checks everything; null for a nullable property is no invalid case', async () => {
    const model = await buildModelFromText(SPEC);
    const server = await serverOf(SPEC);
    const report = await runConformance({ model, fetch: server.fetch, phases: ['examples', 'negative', 'coverage'], seed: 1 });
    expect(report.failures).toEqual([]);
    // Deep places were tried (not just the top level).
    expect(server.bodies.some((b) => String(JSON.stringify(b)).includes('"quantity":11'))).toBe(true);
    expect(report.operations[0]?.checks.negative_data_rejection?.passed ?? 0).toBeGreaterThan(6);
  });

  it('coverage tries each enum value deep in a body: a valid one refused is found', async () => {
    const model = await buildModelFromText(SPEC);
    const server = await serverOf(SPEC, 'pen');
    const report = await runConformance({ model, fetch: server.fetch, phases: ['coverage'], seed: 1 });
    const refused = report.failures.find((f) => f.check === 'positive_data_acceptance');
    expect(refused?.request.origin).toBe('property order.lines[0].kind = "pen" (an enum value)');
    expect(JSON.parse(refused?.request.body ?? 'null')).toEqual({ order: { lines: [{ kind: 'pen', quantity: 2 }] }, note: null });
  });
});
