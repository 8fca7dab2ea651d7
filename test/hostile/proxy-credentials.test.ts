/**
 * `specforge proxy` never writes a credential: the contract's declared credentials (Bearer, Basic,
 * API keys in a header, the query and a cookie, OAuth2 and OpenID Connect tokens), Authorization,
 * Proxy-Authorization, Cookie and Set-Cookie, credentials in the query string, undeclared
 * credential headers (X-Api-Key, X-Auth-Token), and every such value the upstream echoes in its
 * body or headers are `[REDACTED]` in the cassette, in every report format and in the live lines;
 * a redacted credential still shows that it was there (`Bearer [REDACTED]`, `api_key=[REDACTED]`).
 * The cassette is redacted even with --show-secrets.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProxy } from '../../src/conformance/proxy.js';
import { formatConformance, TEST_FORMATS } from '../../src/conformance/report.js';
import { runProxy } from '../../src/cli/commands/proxy.js';
import { buildModel, type ContractModel } from '../../src/contract/model.js';
import { writeSpec } from '../conformance/support.js';

const CONTRACT = `openapi: 3.1.0
info: { title: credentials, version: 1.0.0 }
components:
  securitySchemes:
    bearer: { type: http, scheme: bearer }
    basic: { type: http, scheme: basic }
    headerKey: { type: apiKey, in: header, name: X-Declared-Key }
    queryKey: { type: apiKey, in: query, name: api_key }
    cookieKey: { type: apiKey, in: cookie, name: sid }
    oauth: { type: oauth2, flows: { clientCredentials: { tokenUrl: 'https://auth.invalid/token', scopes: {} } } }
    oidc: { type: openIdConnect, openIdConnectUrl: 'https://auth.invalid/.well-known/openid-configuration' }
paths:
  /things:
    get:
      operationId: listThings
      security: [{ bearer: [] }, { basic: [] }, { headerKey: [] }, { queryKey: [] }, { cookieKey: [] }, { oauth: [] }, { oidc: [] }]
      parameters:
        - { name: api_key, in: query, schema: { type: string } }
        - { name: access_token, in: query, schema: { type: string } }
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object, required: [never], properties: { never: { type: string } } } } } }
`;

const BEARER = 'BEARER-SECRET-71b3';
const BASIC_PASSWORD = 'BASIC-SECRET-55c1';
const DECLARED = 'DECLARED-SECRET-09aa';
const UNDECLARED = 'UNDECLARED-SECRET-1e4d';
const AUTH_TOKEN = 'AUTHTOKEN-SECRET-8f20';
const QUERY = 'QUERY-SECRET-3c77';
const ACCESS = 'ACCESS-SECRET-d2e1';
const COOKIE = 'COOKIE-SECRET-6b90';
const OTHER_COOKIE = 'OTHERCOOKIE-SECRET-4a12';
const PROXY_PASSWORD = 'PROXY-SECRET-77e0';
const SET_COOKIE = 'SETCOOKIE-SECRET-c0de';
const BODY_PASSWORD = 'BODYPASSWORD-SECRET-a9f3';
const FORM_SECRET = 'FORMSECRET-SECRET-5e6d';
const SECRETS = [
  BEARER,
  BASIC_PASSWORD,
  DECLARED,
  UNDECLARED,
  AUTH_TOKEN,
  QUERY,
  ACCESS,
  COOKIE,
  OTHER_COOKIE,
  PROXY_PASSWORD,
  SET_COOKIE,
  BODY_PASSWORD,
  FORM_SECRET,
];
const basic = (user: string, password: string): string => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** Requests a client sends through the proxy: every way a credential travels. */
const REQUESTS: Array<{ url: string; headers: Record<string, string>; method?: string; body?: string }> = [
  {
    url: `/things?api_key=${QUERY}&access_token=${ACCESS}`,
    headers: {
      authorization: `Bearer ${BEARER}`,
      'x-declared-key': DECLARED,
      'x-api-key': UNDECLARED,
      'x-auth-token': AUTH_TOKEN,
      cookie: `sid=${COOKIE}; theme=${OTHER_COOKIE}`,
      'proxy-authorization': basic('proxyuser', PROXY_PASSWORD),
    },
  },
  { url: '/things', headers: { authorization: basic('alice', BASIC_PASSWORD) } },
  // A login and a token request: the credentials in their bodies are learnt too.
  { url: '/login', method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user: 'bob', password: BODY_PASSWORD }) },
  {
    url: '/token',
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `grant_type=client_credentials&client_secret=${FORM_SECRET}`,
  },
];

let upstream: Server;
let origin = '';
let model: ContractModel;
let specFile = '';

beforeAll(async () => {
  // An upstream that echoes every credential back, in its body and its headers, and sets a cookie.
  upstream = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const auth = String(req.headers['authorization'] ?? '');
      const decoded = auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString('utf8') : '';
      const echo = JSON.stringify({
        url: req.url,
        headers: req.headers,
        decoded,
        password: decoded.split(':')[1] ?? '',
        token: auth.replace(/^Bearer /, ''),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200, {
        'content-type': 'application/json',
        'x-echo-auth': auth,
        'x-echo-key': String(req.headers['x-api-key'] ?? ''),
        'x-auth-token': AUTH_TOKEN,
        'set-cookie': [`session=${SET_COOKIE}; Path=/`],
      });
      res.end(echo);
    });
  });
  await new Promise<void>((ok) => upstream.listen(0, '127.0.0.1', ok));
  origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  specFile = writeSpec(CONTRACT);
  model = await buildModel(specFile);
});

afterAll(async () => {
  await new Promise<void>((ok) => {
    upstream.close(() => ok());
    upstream.closeAllConnections();
  });
});

function expectNoSecret(text: string, where: string): void {
  for (const secret of SECRETS) expect(text.includes(secret), `${secret} in ${where}`).toBe(false);
  for (const secret of [BEARER, BASIC_PASSWORD]) expect(text.includes(Buffer.from(secret).toString('base64')), `${secret} (base64) in ${where}`).toBe(false);
  expect(text.includes(Buffer.from(`alice:${BASIC_PASSWORD}`).toString('base64')), `the Basic credential in ${where}`).toBe(false);
}

async function sendAll(proxyOrigin: string): Promise<void> {
  for (const r of REQUESTS) {
    const res = await fetch(proxyOrigin + r.url, { headers: r.headers, ...(r.method ? { method: r.method } : {}), ...(r.body ? { body: r.body } : {}) });
    // The client itself gets the upstream's answer unchanged: only what specforge writes is redacted.
    expect(res.status).toBe(200);
    await res.text();
  }
}

describe('credentials through specforge proxy', () => {
  it('are redacted in the cassette, every report format and the live lines, keeping what they were', async () => {
    const lines: string[] = [];
    const proxy = await createProxy({ model, upstream: origin, record: true, onViolation: (l) => lines.push(l) });
    await sendAll(proxy.origin);
    const report = await proxy.close();
    expect(report.failures.length).toBeGreaterThan(0);
    const dir = mkdtempSync(join(tmpdir(), 'sf-proxy-credentials-'));
    proxy.recorder?.write(join(dir, 'cassette.json'));
    const cassette = readFileSync(join(dir, 'cassette.json'), 'utf8');
    expectNoSecret(cassette, 'the cassette');
    // Still recognisable as credentials that were present.
    expect(cassette).toContain('"authorization": "Bearer [REDACTED]"');
    expect(cassette).toContain('"authorization": "Basic [REDACTED]"');
    expect(cassette).toContain('"x-api-key": "[REDACTED]"');
    expect(cassette).toContain('"x-auth-token": "[REDACTED]"');
    expect(cassette).toContain('sid=[REDACTED]; theme=[REDACTED]');
    expect(cassette).toContain('api_key=[REDACTED]&access_token=[REDACTED]');
    expect(cassette).toContain('session=[REDACTED]');
    for (const format of TEST_FORMATS) expectNoSecret(formatConformance(report, format, { spec: 'credentials.yaml', baseUrl: origin }), `the ${format} report`);
    expectNoSecret(lines.join('\n'), 'the live lines');
  });

  it('the CLI writes no credential to its markdown report, its cassette or stderr', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sf-proxy-credentials-cli-'));
    const stop = new AbortController();
    const out: string[] = [];
    const warn: string[] = [];
    await runProxy({
      spec: specFile,
      upstream: origin,
      port: 0,
      format: 'markdown',
      output: join(dir, 'report.md'),
      record: join(dir, 'traffic.json'),
      write: (t) => out.push(t),
      warn: (t) => warn.push(t),
      signal: stop.signal,
      onListening: (proxy) => void sendAll(proxy.origin).finally(() => stop.abort()),
    });
    expectNoSecret(readFileSync(join(dir, 'report.md'), 'utf8'), 'report.md');
    expectNoSecret(readFileSync(join(dir, 'traffic.json'), 'utf8'), 'traffic.json');
    expectNoSecret(warn.join('') + out.join(''), 'the output');
    expect(readFileSync(join(dir, 'report.md'), 'utf8')).toContain('[REDACTED]');
  });

  it('--show-secrets shows them in the report, never in the cassette', async () => {
    const proxy = await createProxy({ model, upstream: origin, record: true, showSecrets: true });
    await sendAll(proxy.origin);
    await proxy.close();
    const cassette = JSON.stringify(proxy.recorder?.cassette());
    expectNoSecret(cassette, 'the cassette with --show-secrets');
  });
});
