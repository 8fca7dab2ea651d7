/** The echo contract's own rules, through the generated server with the generated mocks. */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer } from '../../generated/echo/mocks.js';
import { errorBodyValidator, schemaValidators } from '../../generated/echo/validators.js';
import { unsignedJwt } from '../../src/conformance/requests.js';

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer(createMockServer());
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  base = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await new Promise<void>((ok) => server.close(() => ok()));
});

async function json(res: Response): Promise<Record<string, unknown>> {
  return (await res.json()) as Record<string, unknown>;
}

describe('echo contract', () => {
  it('POST /echo echoes the message it is given', async () => {
    const res = await fetch(`${base}/echo?key=abc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Grüße 👋' }),
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ message: 'Grüße 👋' });
  });

  it.each([
    ['no body', undefined],
    ['message missing', {}],
    ['message not a string', { message: 5 }],
    ['extra property', { message: 'a', extra: true }],
    ['not an object', ['message']],
  ])('POST /echo with %s is a 400 in the proxy error shape', async (_name, body) => {
    const init: RequestInit = { method: 'POST', headers: { 'content-type': 'application/json' } };
    if (body !== undefined) init.body = JSON.stringify(body);
    const res = await fetch(`${base}/echo?key=abc`, init);
    expect(res.status).toBe(400);
    const error = await json(res);
    expect(errorBodyValidator(error)).toBe(true);
    expect(error['code']).toBe(400);
  });

  it('POST /echo without the API key is a 401', async () => {
    const res = await fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"message":"x"}' });
    expect(res.status).toBe(401);
    const error = await json(res);
    expect(errorBodyValidator(error)).toBe(true);
    expect(JSON.stringify(error)).not.toContain('abc');
  });

  it.each(['/auth/info/googlejwt', '/auth/info/googleidtoken', '/auth/info/firebase'])(
    'GET %s answers the id and email claims of the bearer token',
    async (path) => {
      const token = unsignedJwt({ sub: 'subject-1', email: 'caller@example.org' });
      const res = await fetch(base + path, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      const body = await json(res);
      expect(body).toEqual({ id: 'subject-1', email: 'caller@example.org' });
      expect(schemaValidators.authInfoResponse(body)).toBe(true);
    },
  );

  it('an explicit id claim wins over sub', async () => {
    const token = unsignedJwt({ sub: 'subject-1', id: 'user-7', email: 'caller@example.org' });
    const res = await fetch(`${base}/auth/info/firebase`, { headers: { authorization: `Bearer ${token}` } });
    expect(await json(res)).toEqual({ id: 'user-7', email: 'caller@example.org' });
  });

  it.each(['/auth/info/googlejwt', '/auth/info/googleidtoken', '/auth/info/firebase'])('GET %s without a token is a 401', async (path) => {
    const res = await fetch(base + path);
    expect(res.status).toBe(401);
    expect(errorBodyValidator(await json(res))).toBe(true);
  });

  it('the auth-info operations do not accept the API key instead of a token', async () => {
    const res = await fetch(`${base}/auth/info/googlejwt?key=abc`);
    expect(res.status).toBe(401);
  });
});

describe('echo client', () => {
  it('calls the mock with credentials placed where each scheme says, typed from the contract', async () => {
    const { createClient } = await import('../../generated/echo/client.js');
    const { createMock } = await import('../../generated/echo/mocks.js');
    const mock = createMock();
    const client = createClient({ baseUrl: 'http://mock.test', fetch: mock.fetch, auth: { api_key: 'abc' } });
    const { data, error, response } = await client.POST('/echo', { body: { message: 'typed' } });
    expect(response.status).toBe(200);
    expect(error).toBeUndefined();
    expect(data?.message).toBe('typed');
    const anonymous = createClient({ baseUrl: 'http://mock.test', fetch: mock.fetch });
    const denied = await anonymous.POST('/echo', { body: { message: 'typed' } });
    expect(denied.response.status).toBe(401);
    const token = unsignedJwt({ sub: 'u1', email: 'u1@example.org' });
    const viaToken = createClient({ baseUrl: 'http://mock.test', fetch: mock.fetch, auth: { firebase: token } });
    const info = await viaToken.GET('/auth/info/firebase');
    expect(info.data).toEqual({ id: 'u1', email: 'u1@example.org' });
  });
});
