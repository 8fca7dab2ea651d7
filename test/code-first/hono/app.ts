/**
 * An orders service written as a Hono user writes it with @hono/zod-openapi (zod 4): zod schemas
 * registered as components, routes from createRoute, a defaultHook that answers a failed
 * validation with 400 in the service's error shape, a bearer middleware on the secured routes, a
 * uuid id, an Idempotency-Key header on create. Its contract is what getOpenAPIDocument emits.
 * Each planted fault (test/code-first/faults.ts) is one `faults.has(...)` line.
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Fault } from '../faults.js';
import { OrdersStore, type Order } from '../orders-store.js';

const Priority = z.enum(['low', 'normal', 'urgent']).openapi('Priority');
const OrderStatus = z.enum(['pending', 'paid', 'shipped', 'cancelled']).openapi('OrderStatus');
const Address = z
  .object({
    street: z.string().min(1).max(100).openapi({ example: '1 Main Street' }),
    city: z.string().min(1).max(60).openapi({ example: 'Lyon' }),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .openapi({ example: 'FR' }),
  })
  .openapi('Address');
const Customer = z.object({ name: z.string().min(1).max(80).openapi({ example: 'Ada Lovelace' }), address: Address }).openapi('Customer');
const line = (priority: z.ZodType<'low' | 'normal' | 'urgent'>) =>
  z.object({
    sku: z
      .string()
      .regex(/^[A-Z0-9-]{3,20}$/)
      .openapi({ example: 'SKU-1234' }),
    quantity: z.number().int().min(1).max(100).openapi({ example: 2 }),
    priority,
  });
const OrderLine = line(Priority).openapi('OrderLine');
const Order = z
  .object({
    id: z.uuid(),
    status: OrderStatus,
    customer: Customer,
    lines: z.array(OrderLine),
    note: z.string().optional(),
    total: z.number(),
    createdAt: z.iso.datetime(),
  })
  .openapi('Order');
const OrderPage = z.object({ items: z.array(Order), total: z.number().int(), limit: z.number().int(), offset: z.number().int() }).openapi('OrderPage');
const ErrorBody = z.object({ message: z.string(), issues: z.array(z.string()).optional() }).openapi('Error');
const IdParams = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });

const json = <T extends z.ZodType>(schema: T, description: string) => ({ content: { 'application/json': { schema } }, description });
const secured = [{ bearer: [] }];

function createOrderBody(lenientPriority: boolean) {
  // A shim for old clients: an unknown priority becomes "normal".
  const priority = lenientPriority ? Priority.catch('normal') : Priority;
  return z
    .object({
      customer: Customer,
      lines: z
        .array(lenientPriority ? line(priority) : OrderLine)
        .min(1)
        .max(20),
      note: z.string().max(200).optional(),
    })
    .openapi('NewOrder');
}

export function createHonoOrders(token: string, faults: ReadonlySet<Fault>): OpenAPIHono {
  const app = new OpenAPIHono({
    defaultHook: (result, c) => {
      if (!result.success) return c.json({ message: 'invalid request', issues: result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) }, 400);
      return undefined;
    },
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });
  const store = new OrdersStore();
  const bearer: MiddlewareHandler = async (c, next) => {
    if (c.req.header('authorization') !== `Bearer ${token}`) {
      return c.json({ message: 'a bearer token is required' }, 401, { 'WWW-Authenticate': 'Bearer realm="orders"' });
    }
    await next();
    return undefined;
  };
  const notFound = (id: string) => ({ message: `no order ${id}` });
  const created = (o: Order): z.infer<typeof Order> => o;

  app.openapi(
    createRoute({
      method: 'post',
      path: '/orders',
      operationId: 'createOrder',
      security: secured,
      middleware: faults.has('unprotected') ? [] : [bearer],
      request: {
        headers: z.object({ 'idempotency-key': z.string().min(1).max(64).optional() }),
        body: { content: { 'application/json': { schema: createOrderBody(faults.has('enum-accepted')) } }, required: true },
      },
      responses: {
        201: json(Order, 'the new order'),
        400: json(ErrorBody, 'invalid request'),
        401: json(ErrorBody, 'no credential'),
        409: json(ErrorBody, 'the key was used for another order'),
      },
    }),
    (c) => {
      const body = c.req.valid('json');
      if (faults.has('non-ascii-500') && !/^[\x20-\x7e]*$/.test(body.customer.name)) throw new Error('reference: the name is not ASCII');
      const order = store.create(body, c.req.valid('header')['idempotency-key']);
      if (order === 'conflict') return c.json({ message: 'this Idempotency-Key was used for another order' }, 409);
      return c.json(created(order), 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/orders',
      operationId: 'listOrders',
      request: {
        query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20), offset: z.coerce.number().int().min(0).default(0) }),
      },
      responses: { 200: json(OrderPage, 'a page of orders'), 400: json(ErrorBody, 'invalid request') },
    }),
    (c) => {
      const { limit, offset } = c.req.valid('query');
      const page = store.list(limit, offset);
      if (faults.has('teapot') && offset > 0 && offset >= page.total) throw new HTTPException(418, { message: 'no such page' });
      if (faults.has('missing-field'))
        return c.json({ ...page, items: page.items.map(({ createdAt: _createdAt, ...rest }) => rest) } as unknown as z.infer<typeof OrderPage>, 200);
      return c.json(page, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/orders/{id}',
      operationId: 'getOrder',
      request: { params: IdParams },
      responses: { 200: json(Order, 'the order'), 400: json(ErrorBody, 'invalid id'), 404: json(ErrorBody, 'no such order') },
    }),
    (c) => {
      const { id } = c.req.valid('param');
      const order = store.get(id);
      if (!order) return c.json(notFound(id), 404);
      if (faults.has('wrong-type')) return c.json({ ...order, total: order.total.toFixed(2) } as unknown as z.infer<typeof Order>, 200);
      return c.json(created(order), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/orders/{id}',
      operationId: 'updateOrder',
      security: secured,
      middleware: [bearer],
      request: {
        params: IdParams,
        body: {
          content: { 'application/json': { schema: z.object({ status: OrderStatus.optional(), note: z.string().max(200).optional() }) } },
          required: true,
        },
      },
      responses: {
        200: json(Order, 'the order'),
        400: json(ErrorBody, 'invalid request'),
        401: json(ErrorBody, 'no credential'),
        404: json(ErrorBody, 'no such order'),
      },
    }),
    (c) => {
      const { id } = c.req.valid('param');
      const order = store.update(id, c.req.valid('json'));
      if (!order) return c.json(notFound(id), 404);
      if (faults.has('content-type')) return c.json(created(order), 200, { 'Content-Type': 'text/plain' });
      return c.json(created(order), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/orders/{id}',
      operationId: 'deleteOrder',
      security: secured,
      middleware: [bearer],
      request: { params: IdParams },
      responses: {
        204: { description: 'deleted' },
        400: json(ErrorBody, 'invalid id'),
        401: json(ErrorBody, 'no credential'),
        404: json(ErrorBody, 'no such order'),
      },
    }),
    (c) => {
      const { id } = c.req.valid('param');
      if (!store.get(id)) return c.json(notFound(id), 404);
      if (!faults.has('delete-keeps')) store.remove(id);
      return c.body(null, 204);
    },
  );

  // A method the path does not serve is a 405 with Allow, not Hono's 404.
  const allowed: Array<[RegExp, string]> = [
    [/^\/orders\/?$/, 'GET, HEAD, POST'],
    [/^\/orders\/[^/]+\/?$/, 'GET, HEAD, PATCH, DELETE'],
  ];
  app.notFound((c) => {
    const route = allowed.find(([pattern]) => pattern.test(c.req.path));
    if (route) return c.json({ message: `${c.req.method} is not allowed` }, 405, { Allow: route[1] });
    return c.json({ message: `no route ${c.req.path}` }, 404);
  });
  app.onError((err, c) => (err instanceof HTTPException ? c.json({ message: err.message }, err.status) : c.json({ message: 'internal error' }, 500)));
  return app;
}

export function honoContract(app: OpenAPIHono): object {
  return app.getOpenAPIDocument({ openapi: '3.0.0', info: { title: 'orders', version: '1.0.0' } });
}
