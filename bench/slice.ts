/**
 * The spec slice the HTTP benchmarks serve: a list GET (an integer query parameter, an array of two
 * 21-field items) and a create POST (a 20-field body, closed, every field validated; a 201 answer).
 */
export const FIELDS = Array.from({ length: 20 }, (_, i) => `field${String(i + 1).padStart(2, '0')}`);

type FieldSchema =
  { type: 'integer'; minimum: number; maximum: number } | { type: 'string'; maxLength: number } | { type: 'boolean' } | { type: 'string'; enum: string[] };
export const itemProperties: Record<string, FieldSchema> = Object.fromEntries(
  FIELDS.map((f, i): [string, FieldSchema] => [
    f,
    i % 4 === 0
      ? { type: 'integer', minimum: 0, maximum: 1000000 }
      : i % 4 === 1
        ? { type: 'string', maxLength: 64 }
        : i % 4 === 2
          ? { type: 'boolean' }
          : { type: 'string', enum: ['a', 'b', 'c'] },
  ]),
);
/** A valid create body. */
export const itemExample: Record<string, unknown> = Object.fromEntries(
  FIELDS.map((f, i) => [f, i % 4 === 0 ? i * 10 : i % 4 === 1 ? `value ${i}` : i % 4 === 2 ? i % 3 === 0 : 'b']),
);
/** The created item (the create answer). */
export const created: Record<string, unknown> = { id: 'a1b2c3', ...itemExample };
/** The list answer. */
export const listBody = [created, { ...created, id: 'd4e5f6' }];

export const newItemSchema = { type: 'object', required: FIELDS, additionalProperties: false, properties: itemProperties };
export const itemSchema = {
  type: 'object',
  required: ['id', ...FIELDS],
  additionalProperties: false,
  properties: { id: { type: 'string' }, ...itemProperties },
};

export const spec = {
  openapi: '3.1.0',
  info: { title: 'Mock benchmark slice', version: '1.0.0' },
  paths: {
    '/items': {
      get: {
        operationId: 'listItems',
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } }],
        responses: {
          '200': {
            description: 'items',
            content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Item' } }, example: listBody } },
          },
        },
      },
      post: {
        operationId: 'createItem',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/NewItem' }, example: itemExample } } },
        responses: {
          '201': { description: 'created', content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' }, example: created } } },
          '400': { description: 'bad request', content: { 'application/json': { schema: { type: 'object' } } } },
        },
      },
    },
  },
  components: { schemas: { NewItem: newItemSchema, Item: itemSchema } },
};

/**
 * The floor both HTTP benchmarks measure against: a bare node:http server (a script listening on the
 * port given as its first argument) that answers the list with fixed JSON and the create, once its
 * body is parsed, with fixed JSON too.
 */
export const BARE_SERVER = `import { createServer } from 'node:http';
const list = ${JSON.stringify(JSON.stringify(listBody))};
const created = ${JSON.stringify(JSON.stringify(created))};
process.on('SIGTERM', () => process.exit(0));
createServer((req, res) => {
  if (req.method === 'GET') { res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(list) }); res.end(list); return; }
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => { JSON.parse(Buffer.concat(chunks).toString()); res.writeHead(201, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(created) }); res.end(created); });
}).listen(Number(process.argv[2]), '127.0.0.1');
`;
