/**
 * Security in the generated server (test/fixtures/security): credentials are checked for presence
 * and form before any verifier or handler runs; verifiers decide, name principals, kinds and
 * scopes; x-specforge-policy refuses credential kinds per operation; x-specforge-required-when
 * makes an optional header required for some callers; every refusal is in the interface's error
 * shape (x-specforge-error with JSON pointers) and never repeats the credential.
 */
import { validateHeaderValue } from 'node:http';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSpec } from '../../src/contract/tables/api.js';
import { compileValidators, type CompiledValidators } from '../../src/contract/tables/validators.js';
import { ContractError } from '../../src/contract/errors.js';
import { buildModel } from '../../src/contract/model.js';
import { createRequestListener, type AnyHandler, type RequestContext, type ServerOptions } from '../../src/runtime/server/server.js';
import type { ApiSpec } from '../../src/runtime/shared/spec.js';

const FIXTURE = 'test/fixtures/security/openapi.yaml';
const PARTY = 'sk_test_Party0001';
const AGENT = 'ak_test_Agent0001';

interface Problem {
  error: { code: string; detail: string; status: string; meta: { requestId: string } };
}

function seen(ctx: RequestContext): Record<string, unknown> {
  const auth = ctx.auth;
  return {
    operationId: ctx.operationId,
    schemes: auth ? Object.keys(auth.schemes) : [],
    kind: auth?.kind ?? null,
    principal: auth?.principal ?? null,
    basic: auth ? (Object.values(auth.schemes).find((s) => s.basic)?.basic ?? null) : null,
  };
}

const handlers: Record<string, AnyHandler> = {
  createKey: (ctx) => ({ status: 201, body: seen(ctx) }),
  pay: (ctx) => ({ status: 200, body: seen(ctx) }),
  getBasic: (ctx) => ({ status: 200, body: seen(ctx) }),
  getKeyHeader: (ctx) => ({ status: 200, body: seen(ctx) }),
  getKeyQuery: (ctx) => ({ status: 200, body: seen(ctx) }),
  getKeyCookie: (ctx) => ({ status: 200, body: seen(ctx) }),
  getScoped: (ctx) => ({ status: 200, body: seen(ctx) }),
  getProfile: (ctx) => ({ status: 200, body: seen(ctx) }),
};

const verified: string[] = [];
const verifying: ServerOptions = {
  validateResponses: true,
  security: {
    bearer: (c) => {
      verified.push(c.credential);
      if (c.credential === 'revoked-token') return undefined;
      if (c.credential === 'grant-for-agent') return { kind: 'agentGrant', principal: { agent: 'agt_1' } };
      if (c.credential === PARTY) return { principal: { party: 'pty_1' } };
      return true;
    },
    basic: (c) => (c.basic?.username === 'ada' && c.basic.password === 'se:cret' ? { principal: 'ada' } : false),
    oidc: (c) => {
      if (c.credential === 'id-with-email') return { principal: { sub: 'u1' }, scopes: ['openid', 'email'] };
      if (c.credential === 'id-without-email') return { scopes: ['openid'] };
      return false;
    },
    oauth: (c) => {
      verified.push(c.credential);
      if (c.credential === 'reader') return Promise.resolve({ scopes: ['read'] });
      if (c.credential === 'admin') return { scopes: ['admin', 'read'] };
      if (c.credential === 'nobody') return { scopes: [] };
      return false;
    },
  },
};

let api: ApiSpec;
let validators: CompiledValidators;
let plain: { server: Server; base: string };
let checked: { server: Server; base: string };

async function start(options: ServerOptions): Promise<{ server: Server; base: string }> {
  const server = createServer(createRequestListener(api, validators, handlers, options));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  const model = await buildModel(FIXTURE);
  api = apiSpec(model);
  validators = compileValidators(model);
  plain = await start({ validateResponses: true });
  checked = await start(verifying);
});

afterAll(async () => {
  for (const r of [plain, checked]) {
    r.server.closeAllConnections();
    await new Promise<void>((ok) => r.server.close(() => ok()));
  }
});

interface Reply {
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
}

async function call(base: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...init.headers };
  const req: RequestInit = { method: init.method ?? 'GET', headers };
  if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    req.body = JSON.stringify(init.body);
  }
  const res = await fetch(base + path, req);
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? (JSON.parse(text) as unknown) : undefined };
}

function problem(r: Reply, status: number): Problem['error'] {
  expect(r.status, r.text).toBe(status);
  expect(validators.errorBodyValidator?.(r.body), r.text).toBe(true);
  return (r.body as Problem).error;
}

const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });
const basic = (text: string): Record<string, string> => ({ authorization: `Basic ${Buffer.from(text).toString('base64')}` });

describe('presence and form of credentials, before verifiers and handlers', () => {
  it.each([
    ['two words', 'Bearer abc def'],
    ['characters outside token68', 'Bearer tök'],
    ['padding in the middle', 'Bearer ab=cd'],
    ['nothing after the scheme', 'Bearer'],
  ])('a bearer token with %s is a 401 "malformed" with an invalid_token challenge, and no verifier sees it', async (_name, header) => {
    verified.length = 0;
    const r = await call(checked.base, '/payments', { method: 'POST', headers: { authorization: header }, body: {} });
    const error = problem(r, 401);
    expect(error.detail).toMatch(/malformed/);
    expect(error.code).toBe('unauthenticated');
    expect(r.headers.get('www-authenticate')).toBe('Bearer realm="security", error="invalid_token"');
    expect(verified).toEqual([]);
  });

  it('no credential is a 401 "required" with a plain challenge', async () => {
    const r = await call(plain.base, '/payments', { method: 'POST', body: {} });
    expect(problem(r, 401).detail).toMatch(/credential is required/);
    expect(r.headers.get('www-authenticate')).toBe('Bearer realm="security"');
  });

  it('another Authorization scheme does not count as the bearer credential', async () => {
    const r = await call(plain.base, '/payments', { method: 'POST', headers: basic('a:b'), body: {} });
    expect(problem(r, 401).detail).toMatch(/credential is required/);
  });

  it.each([
    ['not base64', 'Basic !!!notbase64'],
    ['base64 without a colon', `Basic ${Buffer.from('ada').toString('base64')}`],
    ['a control character', `Basic ${Buffer.from('ad\x01a:x').toString('base64')}`],
  ])('a basic credential that is %s is a 401 "malformed"', async (_name, header) => {
    const r = await call(plain.base, '/basic', { headers: { authorization: header } });
    expect(problem(r, 401).detail).toMatch(/malformed/);
    expect(r.headers.get('www-authenticate')).toBe('Basic realm="security"');
  });

  it('a well-formed basic credential reaches the verifier decoded; the password may contain colons', async () => {
    const ok = await call(checked.base, '/basic', { headers: basic('ada:se:cret') });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ principal: 'ada', basic: { username: 'ada', password: 'se:cret' } });
    const wrong = await call(checked.base, '/basic', { headers: basic('ada:guess') });
    expect(problem(wrong, 401).detail).toMatch(/rejected/);
    expect(wrong.text).not.toContain('guess');
  });

  it.each([
    ['header', '/key-header', { 'x-api-key': 'k-123' }, 'ApiKey realm="security", in="header", name="X-API-Key"'],
    ['query', '/key-query?key=k-123', {}, 'ApiKey realm="security", in="query", name="key"'],
    ['cookie', '/key-cookie', { cookie: 'other=1; sid=k-123' }, 'ApiKey realm="security", in="cookie", name="sid"'],
  ])('an API key in the %s is accepted where the scheme says, and its absence is a 401 naming where it goes', async (_where, path, headers, challenge) => {
    const ok = await call(plain.base, path, { headers });
    expect(ok.status, ok.text).toBe(200);
    const bare = path.replace(/\?.*/, '');
    const missing = await call(plain.base, bare);
    problem(missing, 401);
    expect(missing.headers.get('www-authenticate')).toBe(challenge);
  });

  it('an API key with a space is malformed, and the error does not repeat it', async () => {
    const r = await call(plain.base, '/key-query?key=open%20sesame');
    expect(problem(r, 401).detail).toMatch(/malformed/);
    expect(r.text).not.toContain('sesame');
  });
});

describe('verifiers', () => {
  it('a verifier that returns undefined rejects the credential (401), without echoing it', async () => {
    const r = await call(checked.base, '/payments', { method: 'POST', headers: bearer('revoked-token'), body: {} });
    expect(problem(r, 401).detail).toMatch(/rejected/);
    expect(r.headers.get('www-authenticate')).toBe('Bearer realm="security", error="invalid_token"');
    expect(r.text).not.toContain('revoked-token');
  });

  it('the principal a verifier returns reaches the handler', async () => {
    const r = await call(checked.base, '/payments', { method: 'POST', headers: bearer(PARTY), body: {} });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ principal: { party: 'pty_1' }, kind: 'party' });
  });

  it('a credential the verifier accepts without the required scope is a 403 insufficient_scope', async () => {
    const r = await call(checked.base, '/scoped', { headers: bearer('nobody') });
    const error = problem(r, 403);
    expect(error.code).toBe('insufficient_scope');
    expect(error.detail).toMatch(/one of: read; admin/);
    expect(r.headers.get('www-authenticate')).toBe('Bearer realm="security", error="insufficient_scope"');
  });

  it.each(['reader', 'admin'])('a %s token satisfies one of the alternatives', async (token) => {
    expect((await call(checked.base, '/scoped', { headers: bearer(token) })).status).toBe(200);
  });

  it('a token the verifier refuses is a 401 on a scoped operation, and without verifiers any well-formed token passes', async () => {
    problem(await call(checked.base, '/scoped', { headers: bearer('stranger') }), 401);
    expect((await call(plain.base, '/scoped', { headers: bearer('stranger') })).status).toBe(200);
  });
});

describe('challenges from hostile contract text', () => {
  it('an API or key name outside visible ASCII gives a valid header value (writeHead would throw on it)', async () => {
    const { challenge } = await import('../../src/runtime/server/security.js');
    const value = challenge('日本 "api" \\ \r\n', { type: 'apiKey', in: 'header', name: 'X-Kéy"' });
    expect(value).toBe('ApiKey realm=" api  ", in="header", name="X-Ky"');
    expect(() => validateHeaderValue('www-authenticate', value ?? '')).not.toThrow();
  });
});

describe('OpenID Connect', () => {
  it('a bearer ID token the verifier accepts with every required scope reaches the handler', async () => {
    const r = await call(checked.base, '/profile', { headers: bearer('id-with-email') });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ principal: { sub: 'u1' } });
  });

  it('a token lacking the email scope is a 403 insufficient_scope; a refused one a 401; none a 401', async () => {
    expect(problem(await call(checked.base, '/profile', { headers: bearer('id-without-email') }), 403).code).toBe('insufficient_scope');
    const refused = await call(checked.base, '/profile', { headers: bearer('forged-id-token') });
    problem(refused, 401);
    expect(refused.text).not.toContain('forged-id-token');
    problem(await call(checked.base, '/profile', {}), 401);
  });
});

describe('x-specforge-policy: credential kinds per operation', () => {
  it('a party key may manage keys; its kind reaches the handler', async () => {
    const r = await call(plain.base, '/keys', { method: 'POST', headers: bearer(PARTY), body: { name: 'k' } });
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({ kind: 'party' });
  });

  it.each([
    ['an agent key (recognized by the schema pattern)', 'plain', AGENT, /kind agent may not call createKey/],
    ['an agent grant (named by the verifier)', 'checked', 'grant-for-agent', /kind agentGrant may not call createKey/],
  ] as const)('%s is refused key management with 403 and the policy code', async (_name, which, token, detail) => {
    const r = await call((which === 'plain' ? plain : checked).base, '/keys', { method: 'POST', headers: bearer(token), body: { name: 'k' } });
    const error = problem(r, 403);
    expect(error.code).toBe('agent_not_permitted');
    expect(error.detail).toMatch(/agents may not manage keys/);
    expect(error.detail).toMatch(detail);
    expect(r.text).not.toContain(token);
  });

  it('a token of no kind the contract names, with no verifier to vouch for it, is not authenticated: 401 invalid_token', async () => {
    const r = await call(plain.base, '/keys', { method: 'POST', headers: bearer('opaque-session-token'), body: { name: 'k' } });
    expect(problem(r, 401).code).toBe('unauthenticated');
    expect(r.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    expect(r.text).not.toContain('opaque-session-token');
  });

  it('the policy is applied before the body is validated, and after authentication', async () => {
    expect(problem(await call(plain.base, '/keys', { method: 'POST', headers: bearer(AGENT), body: { wrong: true } }), 403).code).toBe('agent_not_permitted');
    expect(problem(await call(plain.base, '/keys', { method: 'POST', body: { name: 'k' } }), 401).code).toBe('unauthenticated');
  });

  it('a verifier can reclassify a credential: the pattern alone would have allowed it', async () => {
    const relabel: ServerOptions = { security: { bearer: () => ({ kind: 'agent' }) } };
    const r = await start(relabel);
    try {
      problem(await call(r.base, '/keys', { method: 'POST', headers: bearer(PARTY), body: { name: 'k' } }), 403);
    } finally {
      r.server.closeAllConnections();
      await new Promise<void>((ok) => r.server.close(() => ok()));
    }
  });
});

describe('x-specforge-required-when: X-Instance-ID for agent-attributed money movement', () => {
  it.each([
    ['an agent key', bearer(AGENT)],
    ['an agent grant named by the verifier', bearer('grant-for-agent')],
    ['a party key acting for an agent (X-Agent-ID)', { ...bearer(PARTY), 'x-agent-id': 'agt_1' }],
    ['an agent key with an empty X-Instance-ID', { ...bearer(AGENT), 'x-instance-id': '' }],
  ])('%s without X-Instance-ID is a 400 missing_instance_id naming the header', async (_name, headers) => {
    const r = await call(checked.base, '/payments', { method: 'POST', headers, body: { amount: 1 } });
    const error = problem(r, 400);
    expect(error.code).toBe('missing_instance_id');
    expect(error.detail).toMatch(/X-Instance-ID is required for money movement attributed to an agent/);
    expect(error.detail).toMatch(/header parameter "X-Instance-ID"/);
  });

  it.each([
    ['an agent key with X-Instance-ID', { ...bearer(AGENT), 'x-instance-id': 'run-42' }],
    ['a party key', bearer(PARTY)],
  ])('%s moves money', async (_name, headers) => {
    const r = await call(checked.base, '/payments', { method: 'POST', headers, body: { amount: 1 } });
    expect(r.status, r.text).toBe(200);
  });
});

describe('x-specforge-error placement', () => {
  it('puts each field at its pointer, the status as the string the schema asks for, and a fresh request id', async () => {
    const a = problem(await call(plain.base, '/payments', { method: 'POST', body: {} }), 401);
    const b = problem(await call(plain.base, '/payments', { method: 'POST', body: {} }), 401);
    expect(a.status).toBe('401');
    expect(a.meta.requestId).toMatch(/^req_[0-9a-f]{16}$/);
    expect(b.meta.requestId).not.toBe(a.meta.requestId);
  });

  it('codes without a mapping pass through unchanged', async () => {
    const r = await call(plain.base, '/keys', { method: 'POST', headers: bearer(PARTY), body: { name: 5 } });
    expect(problem(r, 400).code).toBe('bad_request');
  });
});

describe('malformed security extensions are contract errors with their location', () => {
  const ROOT = mkdtempSync(join(tmpdir(), 'specforge-security-'));
  const base = (extra: string, op = '', param = ''): string => `openapi: 3.1.0
info: { title: t, version: '1' }
${extra}
paths:
  /a:
    post:
      operationId: a
      security: [{ bearer: [] }]
${op}
      parameters:
        - name: X-Run
          in: header
          schema: { type: string }
${param}
      responses:
        '200': { description: ok }
        '400': { description: bad }
components:
  securitySchemes:
    bearer: { type: http, scheme: bearer }
`;
  const policy = `x-specforge-policy:
  scheme: bearer
  kinds:
    - { name: party, pattern: '^sk_' }
    - { name: agent, pattern: '^ak_' }`;
  const cases: Array<[string, string, RegExp, string]> = [
    ['an unknown scheme', base(policy.replace('scheme: bearer', 'scheme: nope')), /scheme must name a security scheme/, '/x-specforge-policy/scheme'],
    ['an invalid pattern', base(policy.replace("'^ak_'", "'^(ak_'")), /not a valid regular expression/, '/x-specforge-policy/kinds/1/pattern'],
    [
      'a schema without a pattern',
      base(policy.replace("pattern: '^ak_'", "schema: { $ref: '#/components/securitySchemes/bearer' }")),
      /has no pattern/,
      '/x-specforge-policy/kinds/1/schema',
    ],
    ['a kind declared twice', base(policy.replace('name: agent', 'name: party')), /declared twice/, '/x-specforge-policy/kinds/1/name'],
    [
      'an allow list naming an unknown kind',
      base(policy, '      x-specforge-policy: { allow: [robot] }'),
      /"robot" is not a credential kind/,
      '/paths/~1a/post/x-specforge-policy/allow/0',
    ],
    [
      'a refusal status the operation does not declare',
      base(policy, '      x-specforge-policy: { allow: [party] }'),
      /refuses credentials with 403, a status it does not declare/,
      '/paths/~1a/post/x-specforge-policy',
    ],
    [
      'an operation policy without the root',
      base('', '      x-specforge-policy: { allow: [party] }'),
      /needs x-specforge-policy at the document root/,
      '/paths/~1a/post/x-specforge-policy',
    ],
    [
      'a condition on kinds without a policy',
      base('', '', '          x-specforge-required-when: { credentialKinds: [agent] }'),
      /needs x-specforge-policy/,
      '/paths/~1a/post/parameters/0/x-specforge-required-when/credentialKinds',
    ],
    [
      'a condition naming an unknown kind',
      base(policy, '', '          x-specforge-required-when: { credentialKinds: [robot] }'),
      /"robot" is not a credential kind/,
      '/paths/~1a/post/parameters/0/x-specforge-required-when/credentialKinds/0',
    ],
    [
      'no condition at all',
      base(policy, '', '          x-specforge-required-when: { code: x }'),
      /needs a condition/,
      '/paths/~1a/post/parameters/0/x-specforge-required-when',
    ],
    [
      'a status the operation does not declare',
      base(policy, '', '          x-specforge-required-when: { credentialKinds: [agent], status: 422 }'),
      /answers a missing X-Run with 422/,
      '/paths/~1a/post/parameters/0/x-specforge-required-when',
    ],
    [
      'a present entry without a location',
      base(policy, '', '          x-specforge-required-when: { present: [{ name: X-Agent }] }'),
      /expected \{ in: query/,
      '/paths/~1a/post/parameters/0/x-specforge-required-when/present/0',
    ],
  ];

  afterAll(() => rmSync(ROOT, { recursive: true, force: true }));

  it.each(cases)('%s', async (name, text, message, pointer) => {
    const dir = join(ROOT, name.replace(/[^a-z]+/gi, '-'));
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'openapi.yaml');
    writeFileSync(file, text);
    let error: unknown;
    try {
      apiSpec(await buildModel(file));
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ContractError);
    const d = (error as ContractError).diagnostics[0];
    expect(d?.code).toBe('SPECFORGE_EXTENSION');
    expect(d?.message).toMatch(message);
    expect(d?.location?.pointer).toBe(pointer);
    expect(d?.location?.line).toBeGreaterThan(0);
  });

  it('a required parameter cannot be conditionally required', async () => {
    const dir = join(ROOT, 'required');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'openapi.yaml');
    writeFileSync(file, base(policy, '', '          required: true\n          x-specforge-required-when: { credentialKinds: [agent] }'));
    await expect(buildModel(file).then((m) => apiSpec(m))).rejects.toThrow(/already required/);
  });
});
