/**
 * The permission-check contract through the generated server: the asset name (with its slashes)
 * reaches the handler whole before the literal `:testIamPermissions`, permissions without
 * wildcards, one of four OAuth 2.0 scopes, and a mock that answers a subset (empty, not 404, for a
 * missing asset). Each rule is shown with a value that breaks it.
 */
import { createServer as httpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMock, createMockHandlers } from '../../generated/permissions/mocks.js';
import { createServer, type Handlers } from '../../generated/permissions/server.js';
import { errorBodyValidator, operationValidators } from '../../generated/permissions/validators.js';
import { unsignedJwt } from '../../src/conformance/requests.js';

const TOKEN = unsignedJwt({ sub: 'user-1', scope: 'https://www.googleapis.com/auth/earthengine' });
const SCOPES = [
  'https://www.googleapis.com/auth/earthengine',
  'https://www.googleapis.com/auth/earthengine.readonly',
  'https://www.googleapis.com/auth/cloud-platform',
  'https://www.googleapis.com/auth/cloud-platform.read-only',
];

/** Access tokens a verifier knows, with the scopes each was granted. */
const GRANTED: Record<string, string[]> = {
  'ya29.full': [SCOPES[0] as string],
  'ya29.readonly': [SCOPES[1] as string],
  'ya29.cloud': [SCOPES[2] as string],
  'ya29.cloudReadonly': [SCOPES[3] as string],
  'ya29.none': [],
  'ya29.drive': ['https://www.googleapis.com/auth/drive'],
  'ya29.lookalike': ['https://www.googleapis.com/auth/earthengine.write'],
};

interface GoogleError {
  error: { code: number; message: string; status: string };
}

const servers: Server[] = [];
async function serve(listener: Parameters<typeof httpServer>[1]): Promise<string> {
  const server = httpServer(listener);
  servers.push(server);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** What the handler of the routing server saw. */
const seen: Array<{ resource: unknown; permissions: unknown }> = [];
/** Permissions the routing server's caller holds, by asset; unknown assets hold none. */
const HELD: Record<string, string[]> = {
  'projects/p/assets/folder/sub/image': ['earthengine.assets.get', 'earthengine.assets.getIamPolicy'],
};

let mockBase = '';
let routedBase = '';
let scopedBase = '';

beforeAll(async () => {
  mockBase = await serve(createMock().listener);
  const handlers: Handlers = {
    testIamPermissions: ({ params, body }) => {
      const resource = params.path.resource;
      seen.push({ resource, permissions: body.permissions });
      const held = HELD[resource] ?? [];
      const subset = (body.permissions ?? []).filter((p) => held.includes(p));
      return { status: 200, body: subset.length > 0 ? { permissions: subset } : {} };
    },
  };
  routedBase = await serve(createServer(handlers, { validateResponses: true }));
  scopedBase = await serve(
    createServer(createMockHandlers(), {
      validateResponses: true,
      security: {
        // Stands in for token introspection: the scopes each known token was granted.
        oauth2: (c) => (Object.hasOwn(GRANTED, c.credential) ? { scopes: GRANTED[c.credential] ?? [] } : false),
      },
    }),
  );
});

afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise<void>((ok) => s.close(() => ok()));
  }
});

interface Reply {
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
}

async function check(
  base: string,
  path: string,
  permissions: unknown,
  init: { token?: string; headers?: Record<string, string>; method?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...init.headers };
  if (init.token !== '') headers['authorization'] = `Bearer ${init.token ?? TOKEN}`;
  const req: RequestInit = { method: init.method ?? 'POST', headers };
  if (req.method !== 'GET') req.body = JSON.stringify(permissions === undefined ? {} : { permissions });
  const res = await fetch(base + path, req);
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? (JSON.parse(text) as unknown) : undefined };
}

function errorOf(r: Reply, status: number): GoogleError['error'] {
  expect(r.status, r.text).toBe(status);
  expect(errorBodyValidator(r.body), r.text).toBe(true);
  const error = (r.body as GoogleError).error;
  expect(error.code).toBe(status);
  return error;
}

const validResponse = (body: unknown): boolean => operationValidators.testIamPermissions.responses['200']['application/json'](body);

describe('routing: the asset name reaches the handler whole', () => {
  it.each([
    ['a nested asset, slashes unescaped', '/v1alpha/projects/p/assets/folder/sub/image:testIamPermissions', 'projects/p/assets/folder/sub/image'],
    ['the same name with escaped slashes', '/v1alpha/projects%2Fp%2Fassets%2Ffolder%2Fsub%2Fimage:testIamPermissions', 'projects/p/assets/folder/sub/image'],
    ['an asset at the top of the project', '/v1alpha/projects/p/assets/roads:testIamPermissions', 'projects/p/assets/roads'],
    ["the project's asset root (** matches zero segments)", '/v1alpha/projects/p/assets:testIamPermissions', 'projects/p/assets'],
    ['a name with a colon in it', '/v1alpha/projects/p/assets/a:b:testIamPermissions', 'projects/p/assets/a:b'],
  ])('%s', async (_name, path, resource) => {
    seen.length = 0;
    const r = await check(routedBase, path, ['earthengine.assets.get', 'earthengine.assets.delete']);
    expect(r.status, r.text).toBe(200);
    expect(seen).toEqual([{ resource, permissions: ['earthengine.assets.get', 'earthengine.assets.delete'] }]);
  });

  it('answers the subset held, and an empty set (not 404) for an asset that does not exist', async () => {
    const held = await check(routedBase, '/v1alpha/projects/p/assets/folder/sub/image:testIamPermissions', [
      'earthengine.assets.get',
      'earthengine.assets.update',
      'earthengine.assets.getIamPolicy',
    ]);
    expect(held.body).toEqual({ permissions: ['earthengine.assets.get', 'earthengine.assets.getIamPolicy'] });
    const missing = await check(routedBase, '/v1alpha/projects/p/assets/no/such/asset:testIamPermissions', ['earthengine.assets.get']);
    expect(missing.status).toBe(200);
    expect(missing.body).toEqual({});
  });

  it.each([
    ['a resource outside projects/*/assets', '/v1alpha/projects/p/datasets/d/tables/t:testIamPermissions'],
    ['a project without assets', '/v1alpha/projects/p:testIamPermissions'],
  ])('%s is a 400 INVALID_ARGUMENT naming the resource', async (_name, path) => {
    seen.length = 0;
    const error = errorOf(await check(routedBase, path, ['earthengine.assets.get']), 400);
    expect(error.status).toBe('INVALID_ARGUMENT');
    expect(error.message).toContain('path parameter "resource"');
    expect(seen).toEqual([]);
  });

  it.each([
    ['no verb', '/v1alpha/projects/p/assets/a'],
    ['another verb', '/v1alpha/projects/p/assets/a:setIamPolicy'],
    ['the verb without its colon', '/v1alpha/projects/p/assets/atestIamPermissions'],
    ['an empty segment in the name', '/v1alpha/projects/p/assets//a:testIamPermissions'],
    ['another version', '/v1/projects/p/assets/a:testIamPermissions'],
  ])('%s is a 404 in the Google error shape', async (_name, path) => {
    expect(errorOf(await check(routedBase, path, ['earthengine.assets.get']), 404).status).toBe('NOT_FOUND');
  });

  it('GET on the verb path is a 405 that allows POST', async () => {
    const r = await check(routedBase, '/v1alpha/projects/p/assets/a/b:testIamPermissions', undefined, { method: 'GET' });
    expect(errorOf(r, 405).status).toBe('UNIMPLEMENTED');
    expect(r.headers.get('allow')).toBe('POST');
  });
});

describe('permissions list limits', () => {
  it.each([
    ['a bare wildcard', '*'],
    ['a service wildcard', 'storage.*'],
    ['a verb wildcard', 'earthengine.assets.*'],
    ['two parts', 'earthengine.assets'],
    ['four parts', 'earthengine.assets.get.now'],
    ['upper case service', 'EarthEngine.assets.get'],
    ['an empty permission', ''],
    ['a number', 5],
  ])('%s is refused with 400 INVALID_ARGUMENT at its index', async (_name, permission) => {
    const error = errorOf(await check(mockBase, '/v1alpha/projects/p/assets/a:testIamPermissions', ['earthengine.assets.get', permission]), 400);
    expect(error.status).toBe('INVALID_ARGUMENT');
    expect(error.message).toContain('body /permissions/1');
  });

  it('permissions must be a list, and the request takes nothing else', async () => {
    errorOf(await check(mockBase, '/v1alpha/projects/p/assets/a:testIamPermissions', 'earthengine.assets.get'), 400);
    const extra = await fetch(`${mockBase}/v1alpha/projects/p/assets/a:testIamPermissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ permissions: [], resource: 'projects/p/assets/a' }),
    });
    expect(extra.status).toBe(400);
  });

  it('a long list of valid permissions is accepted: no count limit is documented', async () => {
    const many = Array.from({ length: 250 }, (_, i) => `earthengine.assets.verb${i}`);
    const r = await check(mockBase, '/v1alpha/projects/p/assets/a:testIamPermissions', many);
    expect(r.status).toBe(200);
    expect((r.body as { permissions: string[] }).permissions).toHaveLength(250);
  });
});

describe('the mock', () => {
  it.each([[['earthengine.assets.get', 'earthengine.assets.update']], [['earthengine.assets.getIamPolicy']]])(
    'answers a subset of the permissions asked about (%j), conforming to the contract',
    async (permissions) => {
      const r = await check(mockBase, '/v1alpha/projects/p/assets/folder/image:testIamPermissions', permissions);
      expect(r.status).toBe(200);
      expect(validResponse(r.body)).toBe(true);
      const answered = (r.body as { permissions?: string[] }).permissions ?? [];
      expect(answered.every((p) => permissions.includes(p))).toBe(true);
      expect(answered).toEqual(permissions);
    },
  );

  it('answers {} when nothing is asked about, and the documented empty set on request', async () => {
    const none = await check(mockBase, '/v1alpha/projects/p/assets/a:testIamPermissions', undefined);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({});
    const missing = await check(mockBase, '/v1alpha/projects/p/assets/gone:testIamPermissions', ['earthengine.assets.get'], {
      headers: { prefer: 'example=missingAsset' },
    });
    expect(missing.status).toBe(200);
    expect(missing.body).toEqual({});
  });
});

describe('OAuth 2.0: one of four scopes', () => {
  const path = '/v1alpha/projects/p/assets/a:testIamPermissions';

  it('no token is a 401 UNAUTHENTICATED with a Bearer challenge', async () => {
    const r = await check(mockBase, path, ['earthengine.assets.get'], { token: '' });
    expect(errorOf(r, 401).status).toBe('UNAUTHENTICATED');
    expect(r.headers.get('www-authenticate')).toBe('Bearer realm="permissions"');
  });

  it('a malformed token is a 401 naming it malformed, without repeating it', async () => {
    const r = await check(mockBase, path, ['earthengine.assets.get'], { token: 'ya29 secret' });
    expect(errorOf(r, 401).message).toMatch(/malformed/);
    expect(r.text).not.toContain('secret');
  });

  it.each(['ya29.full', 'ya29.readonly', 'ya29.cloud', 'ya29.cloudReadonly'])('the token %s, granted one of the four scopes, is served', async (token) => {
    const r = await check(scopedBase, path, ['earthengine.assets.get'], { token });
    expect(r.status, r.text).toBe(200);
  });

  it.each([
    ['no scope', 'ya29.none'],
    ['an unrelated scope', 'ya29.drive'],
    ['a scope that only starts like one of the four', 'ya29.lookalike'],
  ])('a token with %s is a 403 PERMISSION_DENIED', async (_name, token) => {
    const r = await check(scopedBase, path, ['earthengine.assets.get'], { token });
    const error = errorOf(r, 403);
    expect(error.status).toBe('PERMISSION_DENIED');
    expect(error.message).toContain(SCOPES[0]);
    expect(r.headers.get('www-authenticate')).toBe('Bearer realm="permissions", error="insufficient_scope"');
  });

  it('a token the verifier does not accept is a 401', async () => {
    expect(errorOf(await check(scopedBase, path, ['earthengine.assets.get'], { token: 'unknown-token' }), 401).status).toBe('UNAUTHENTICATED');
  });
});
