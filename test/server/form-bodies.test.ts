/**
 * Form bodies (application/x-www-form-urlencoded) and deepObject query parameters reach the handler
 * as the values their schema describes: numbers, booleans, nested objects, arrays by index, by
 * appends and by `encoding` style, JSON-encoded fields; what breaks the schema is a 400 naming it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSpec } from '../../src/contract/tables/api.js';
import { compileValidators } from '../../src/contract/tables/validators.js';
import { buildModel } from '../../src/contract/model.js';
import { createRequestListener, type RequestContext } from '../../src/runtime/server/server.js';

const FIXTURE = 'test/fixtures/media/openapi.yaml';
let server: Server;
let base = '';

beforeAll(async () => {
  const model = await buildModel(FIXTURE);
  const echo = (ctx: RequestContext): { status: number; body: unknown } => ({ status: 200, body: { query: ctx.params.query, body: ctx.body ?? null } });
  server = createServer(createRequestListener(apiSpec(model), compileValidators(model), { listPaymentIntents: echo, createPaymentIntent: echo }));
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((ok) => server.close(() => ok()));
  expect(Object.prototype).not.toHaveProperty('x');
});

async function post(form: string): Promise<{ status: number; json: { body?: unknown; errors?: Array<{ pointer?: string; message: string }> } }> {
  const res = await fetch(`${base}/v1/payment_intents`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
  return { status: res.status, json: (await res.json()) as { body?: unknown } };
}

const FORMS: Array<[string, string, Record<string, unknown>]> = [
  ['integers and strings', 'amount=2000&currency=usd', { amount: 2000, currency: 'usd' }],
  [
    'booleans and numbers',
    'amount=1&currency=eur&confirm=true&application_fee_percent=1.5',
    { amount: 1, currency: 'eur', confirm: true, application_fee_percent: 1.5 },
  ],
  ['deepObject keys', 'amount=1&currency=usd&metadata[plan]=pro&metadata[seats]=3', { amount: 1, currency: 'usd', metadata: { plan: 'pro', seats: '3' } }],
  ['the other type of an anyOf (an empty value clears)', 'amount=1&currency=usd&metadata=', { amount: 1, currency: 'usd', metadata: '' }],
  [
    'arrays by index, in index order',
    'amount=1&currency=usd&expand[1]=customer&expand[0]=invoice',
    { amount: 1, currency: 'usd', expand: ['invoice', 'customer'] },
  ],
  ['arrays by appends', 'amount=1&currency=usd&amounts[]=1&amounts[]=2', { amount: 1, currency: 'usd', amounts: [1, 2] }],
  ['arrays by repeated names', 'amount=1&currency=usd&amounts=1&amounts=2', { amount: 1, currency: 'usd', amounts: [1, 2] }],
  [
    'arrays by encoding style form, explode false',
    'amount=1&currency=usd&payment_method_types=card,sepa_debit',
    { amount: 1, currency: 'usd', payment_method_types: ['card', 'sepa_debit'] },
  ],
  [
    'nested objects',
    'amount=1&currency=usd&shipping[name]=Ada&shipping[address][postal_code]=02139',
    { amount: 1, currency: 'usd', shipping: { name: 'Ada', address: { postal_code: '02139' } } },
  ],
  [
    'a JSON-encoded field (encoding contentType)',
    `amount=1&currency=usd&extra=${encodeURIComponent('{"n":5}')}`,
    { amount: 1, currency: 'usd', extra: { n: 5 } },
  ],
  ['plus and percent-encoding', 'amount=1&currency=usd&metadata[note]=a+b%26c', { amount: 1, currency: 'usd', metadata: { note: 'a b&c' } }],
];

describe('form bodies reach the handler as their schema types', () => {
  it.each(FORMS)('%s', async (_name, form, want) => {
    const res = await post(form);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.body).toEqual(want);
  });
});

const BAD_FORMS: Array<[string, string, string, RegExp]> = [
  ['a missing required field', 'currency=usd', '/amount', /required/],
  ['text where an integer goes', 'amount=lots&currency=usd', '/amount', /integer/],
  ['an integer below its minimum', 'amount=0&currency=usd', '/amount', />= 1/],
  ['a boolean that is not one', 'amount=1&currency=usd&confirm=yes', '/confirm', /boolean/],
  ['an unknown field', 'amount=1&currency=usd&nope=1', '/nope', /additional/],
  ['a value outside an enum inside a delimited array', 'amount=1&currency=usd&payment_method_types=card,cash', '/payment_method_types/1', /allowed values/],
  ['a nested object missing its required field', 'amount=1&currency=usd&shipping[address][line1]=x', '/shipping/name', /required/],
  ['a "__proto__" key is data, refused as an unknown field', 'amount=1&currency=usd&__proto__[x]=1', '/__proto__', /additional/],
  ['a huge index is a key, not an array slot', 'amount=1&currency=usd&expand[99999999]=x', '/expand', /array/],
];

describe('form bodies that break the schema are 400s that name the field', () => {
  it.each(BAD_FORMS)('%s', async (_name, form, pointer, message) => {
    const res = await post(form);
    expect(res.status).toBe(400);
    const found = (res.json.errors ?? []).find((e) => e.pointer === pointer);
    expect(found, JSON.stringify(res.json)).toBeDefined();
    expect(found?.message).toMatch(message);
  });
});

describe('deepObject query parameters', () => {
  it.each([
    ['an array by index', 'expand[0]=customer&expand[1]=invoice', { expand: ['customer', 'invoice'] }],
    ['an object of a range', 'created[gt]=10&created[lte]=20', { created: { gt: 10, lte: 20 } }],
    ['the integer alternative of an object-or-integer', 'created=1700000000', { created: 1700000000 }],
  ])('%s', async (_name, query, want) => {
    const res = await fetch(`${base}/v1/payment_intents?${query}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { query: unknown }).query).toEqual(want);
  });

  it('an item past its maxLength is a 400 naming the item', async () => {
    const res = await fetch(`${base}/v1/payment_intents?expand[0]=${'x'.repeat(51)}`);
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('expand');
  });
});
