/**
 * An orders service written as a Fastify user writes it: JSON-schema routes, @fastify/swagger
 * emitting the OpenAPI 3.0 document (with `nullable`), an onRequest hook for the bearer token, a
 * uuid id, an Idempotency-Key header on create. Fastify's own validation answers bad requests with
 * 400, which the routes do not declare (as most Fastify services do not).
 *
 * Bodies are validated without type coercion (Fastify's default Ajv coerces `"2"` to 2, which
 * would accept invalid data); query strings and path parameters with it, as they are text. Each
 * planted fault (test/code-first/faults.ts) is one `faults.has(...)` line.
 */
import fastifySwagger from '@fastify/swagger';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Fault } from '../faults.js';
import { OrdersStore, type NewOrder, type Order, type OrderStatus } from '../orders-store.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const PRIORITIES = ['low', 'normal', 'urgent'];
const STATUSES = ['pending', 'paid', 'shipped', 'cancelled'];

const address = {
  type: 'object',
  required: ['street', 'city', 'country'],
  properties: {
    street: { type: 'string', minLength: 1, maxLength: 100 },
    city: { type: 'string', minLength: 1, maxLength: 60 },
    country: { type: 'string', pattern: '^[A-Z]{2}$' },
  },
} as const;
const customer = { type: 'object', required: ['name', 'address'], properties: { name: { type: 'string', minLength: 1, maxLength: 80 }, address } } as const;
const line = {
  type: 'object',
  required: ['sku', 'quantity', 'priority'],
  properties: {
    sku: { type: 'string', pattern: '^[A-Z0-9-]{3,20}$' },
    quantity: { type: 'integer', minimum: 1, maximum: 100 },
    priority: { type: 'string', enum: PRIORITIES },
  },
} as const;
const newOrder = {
  type: 'object',
  required: ['customer', 'lines'],
  properties: { customer, lines: { type: 'array', minItems: 1, maxItems: 20, items: line }, note: { type: 'string', maxLength: 200 } },
} as const;
const order = {
  type: 'object',
  required: ['id', 'status', 'customer', 'lines', 'note', 'total', 'createdAt'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    status: { type: 'string', enum: STATUSES },
    customer,
    lines: { type: 'array', items: line },
    note: { type: 'string', nullable: true },
    total: { type: 'number' },
    createdAt: { type: 'string', format: 'date-time' },
  },
} as const;
const error = {
  type: 'object',
  required: ['message'],
  properties: { statusCode: { type: 'integer' }, error: { type: 'string' }, message: { type: 'string' } },
} as const;
const idParam = { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } } as const;
const secured = [{ bearer: [] }];

/** An order as the API shows it: `note` is null when there is none. */
const shown = (o: Order): Omit<Order, 'note'> & { note: string | null } => ({ ...o, note: o.note ?? null });

export async function createFastifyOrders(token: string, faults: ReadonlySet<Fault>): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  const bodies = addFormats(new Ajv({ allErrors: false, coerceTypes: false, useDefaults: true, strict: false }));
  const text = addFormats(new Ajv({ allErrors: false, coerceTypes: 'array', useDefaults: true, strict: false }));
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodies : text).compile(schema));
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'orders', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  const store = new OrdersStore();
  const bearer = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (request.headers.authorization !== `Bearer ${token}`) {
      await reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="orders"')
        .send({ statusCode: 401, error: 'Unauthorized', message: 'a bearer token is required' });
    }
  };
  const notFound = (reply: FastifyReply, id: string): FastifyReply => reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `no order ${id}` });

  app.post<{ Body: NewOrder; Headers: { 'idempotency-key'?: string } }>(
    '/orders',
    {
      schema: {
        operationId: 'createOrder',
        security: secured,
        headers: { type: 'object', properties: { 'idempotency-key': { type: 'string', minLength: 1, maxLength: 64 } } },
        body: newOrder,
        response: { 201: order, 401: error, 409: error },
      },
      ...(faults.has('unprotected') ? {} : { onRequest: bearer }),
      // A shim for old clients: an unknown priority becomes "normal" before validation.
      ...(faults.has('enum-accepted')
        ? {
            preValidation: async (request: FastifyRequest<{ Body: NewOrder }>): Promise<void> => {
              const lines: unknown = (request.body as { lines?: unknown } | null)?.lines;
              if (Array.isArray(lines))
                for (const l of lines as Array<{ priority?: unknown } | null>)
                  if (l !== null && typeof l === 'object' && !PRIORITIES.includes(String(l.priority))) l.priority = 'normal';
            },
          }
        : {}),
    },
    async (request, reply) => {
      if (faults.has('non-ascii-500') && !/^[\x20-\x7e]*$/.test(request.body.customer.name)) throw new Error('reference: the name is not ASCII');
      const created = store.create(request.body, request.headers['idempotency-key']);
      if (created === 'conflict')
        return reply.code(409).send({ statusCode: 409, error: 'Conflict', message: 'this Idempotency-Key was used for another order' });
      return reply.code(201).send(shown(created));
    },
  );

  app.get<{ Querystring: { limit: number; offset: number } }>(
    '/orders',
    {
      schema: {
        operationId: 'listOrders',
        querystring: {
          type: 'object',
          properties: { limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 }, offset: { type: 'integer', minimum: 0, default: 0 } },
        },
        response: {
          200: {
            type: 'object',
            required: ['items', 'total', 'limit', 'offset'],
            properties: { items: { type: 'array', items: order }, total: { type: 'integer' }, limit: { type: 'integer' }, offset: { type: 'integer' } },
          },
        },
      },
    },
    async (request, reply) => {
      const page = store.list(request.query.limit, request.query.offset);
      if (faults.has('teapot') && page.offset > 0 && page.offset >= page.total) return reply.code(418).send({ message: 'no such page' });
      const items = page.items.map(shown);
      // The list rendered by hand (it skips the serializer, and its schema).
      if (faults.has('missing-field'))
        return reply.type('application/json').send(JSON.stringify({ ...page, items: items.map(({ createdAt: _createdAt, ...rest }) => rest) }));
      return { ...page, items };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/orders/:id',
    { schema: { operationId: 'getOrder', params: idParam, response: { 200: order, 404: error } } },
    async (request, reply) => {
      const found = store.get(request.params.id);
      if (!found) return notFound(reply, request.params.id);
      // A cached rendering, as text: the serializer does not see it.
      if (faults.has('wrong-type')) return reply.type('application/json').send(JSON.stringify({ ...shown(found), total: found.total.toFixed(2) }));
      return shown(found);
    },
  );

  app.patch<{ Params: { id: string }; Body: { status?: OrderStatus; note?: string } }>(
    '/orders/:id',
    {
      schema: {
        operationId: 'updateOrder',
        security: secured,
        params: idParam,
        body: { type: 'object', properties: { status: { type: 'string', enum: STATUSES }, note: { type: 'string', maxLength: 200 } } },
        response: { 200: order, 401: error, 404: error },
      },
      onRequest: bearer,
    },
    async (request, reply) => {
      const updated = store.update(request.params.id, request.body);
      if (!updated) return notFound(reply, request.params.id);
      if (faults.has('content-type')) return reply.type('text/plain').send(JSON.stringify(shown(updated)));
      return shown(updated);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/orders/:id',
    {
      schema: {
        operationId: 'deleteOrder',
        security: secured,
        params: idParam,
        response: { 204: { type: 'null', description: 'deleted' }, 401: error, 404: error },
      },
      onRequest: bearer,
    },
    async (request, reply) => {
      if (!store.get(request.params.id)) return notFound(reply, request.params.id);
      if (!faults.has('delete-keeps')) store.remove(request.params.id);
      return reply.code(204).send();
    },
  );

  // A method the path does not serve is a 405 with Allow, not Fastify's 404.
  const allowed: Array<[RegExp, string]> = [
    [/^\/orders\/?$/, 'GET, HEAD, POST'],
    [/^\/orders\/[^/]+\/?$/, 'GET, HEAD, PATCH, DELETE'],
  ];
  app.setNotFoundHandler(async (request, reply) => {
    const route = allowed.find(([pattern]) => pattern.test(request.url.replace(/[?#].*$/, '')));
    if (route)
      return reply
        .code(405)
        .header('allow', route[1])
        .send({ statusCode: 405, error: 'Method Not Allowed', message: `${request.method} is not allowed` });
    return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `no route ${request.url}` });
  });

  await app.ready();
  return app;
}
