/**
 * Credentials obtained during a run (test.token): a login request, OAuth2 client credentials, a
 * command; cached, fetched again when they expire and once after a 401; redacted from reports. The
 * contract's token URL is fetched only on the origin of the server under test: a listener on
 * another origin proves no request goes there.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runTest } from '../../src/cli/commands/test.js';
import { buildModel } from '../../src/contract/model.js';
import { loadConfig } from '../../src/config/config.js';
import { runConformance } from '../../src/conformance/run.js';
import { tokenSource, TokenError } from '../../src/conformance/token.js';
import { writeSpec } from './support.js';

const spec = (tokenUrl = '/oauth/token'): string => `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /me:
    get:
      operationId: me
      security: [{ auth: [] }]
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { type: object, required: [user], properties: { user: { type: string } } }
        '401': { description: no }
components:
  securitySchemes:
    auth:
      type: oauth2
      flows:
        clientCredentials:
          tokenUrl: ${tokenUrl}
          scopes: { read: read }
`;

interface Local {
  url: string;
  hits: string[];
  close: () => Promise<void>;
}

const open: Local[] = [];
afterEach(async () => {
  for (const l of open.splice(0)) await l.close();
});

async function listen(handler: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<Local> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      hits.push(`${req.method ?? ''} ${req.url ?? ''}`);
      handler(req, res, body);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const a = server.address();
  if (a === null || typeof a === 'string') throw new Error('no address');
  const local = {
    url: `http://127.0.0.1:${a.port}`,
    hits,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
  open.push(local);
  return local;
}

/** An API whose /me accepts only the tokens it issued (at most `uses` requests each), with a login and an OAuth2 token endpoint. */
async function api(uses = Infinity): Promise<Local & { issued: string[]; seen: string[] }> {
  const issued: string[] = [];
  const seen: string[] = [];
  const left = new Map<string, number>();
  const issue = (res: ServerResponse, extra: Record<string, unknown> = {}): void => {
    const token = `tok-${issued.length + 1}-secretvalue`;
    issued.push(token);
    left.set(token, uses);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: token, ...extra }));
  };
  const local = await listen((req, res, body) => {
    if (req.url === '/login' && req.method === 'POST') {
      const creds = JSON.parse(body) as { user?: string };
      if (creds.user !== 'ci') return void res.writeHead(403).end();
      return issue(res);
    }
    if (req.url === '/oauth/token' && req.method === 'POST') {
      const ok =
        req.headers.authorization === `Basic ${Buffer.from('client-1:s3cret-client').toString('base64')}` && /grant_type=client_credentials/.test(body);
      if (!ok) return void res.writeHead(401).end();
      return issue(res, { expires_in: 3600 });
    }
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    seen.push(token);
    const n = left.get(token) ?? 0;
    if (n <= 0) return void res.writeHead(401, { 'www-authenticate': 'Bearer', 'content-type': 'application/json' }).end('{}');
    left.set(token, n - 1);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ user: 'ci' }));
  });
  return Object.assign(local, { issued, seen });
}

const phases = ['examples', 'security'] as const;

describe('test.token', () => {
  it('a login request described in the config: the token is sent and redacted from the report', async () => {
    const server = await api();
    const model = await buildModel(writeSpec(spec()));
    const report = await runConformance({
      model,
      fetch: (r) => fetch(r),
      baseUrl: server.url,
      phases,
      tokens: tokenSource({
        settings: { scheme: 'auth', login: { method: 'POST', url: '/login', body: { user: 'ci' }, pointer: '/access_token' } },
        model,
        baseUrl: server.url,
      }),
    });
    expect(report.failures).toEqual([]);
    expect(server.issued).toEqual(['tok-1-secretvalue']);
    expect(server.seen).toContain('tok-1-secretvalue');
    expect(server.hits.filter((h) => h === 'POST /login')).toHaveLength(1);
  });

  it('a 401 with the obtained token fetches a new one once and sends the request again', async () => {
    // Each token is good for one request.
    const server = await api(1);
    const model = await buildModel(writeSpec(spec()));
    const report = await runConformance({
      model,
      fetch: (r) => fetch(r),
      baseUrl: server.url,
      phases: ['examples', 'fuzz'],
      maxExamples: 3,
      tokens: tokenSource({
        settings: { scheme: 'bearer', login: { method: 'POST', url: '/login', body: { user: 'ci' }, pointer: '/access_token' } },
        model,
        baseUrl: server.url,
      }),
    });
    // The example used token 1; the first generated request got a 401 with it, a second token was
    // fetched and the request sent again (200); later 401s with token 2 fetch no third one.
    expect(server.issued).toEqual(['tok-1-secretvalue', 'tok-2-secretvalue']);
    expect(server.seen.slice(0, 4)).toEqual(['tok-1-secretvalue', 'tok-1-secretvalue', 'tok-2-secretvalue', 'tok-2-secretvalue']);
    expect(report.failures).toEqual([]);
  });

  it('OAuth2 client credentials from the contract, on the origin under test, with the id and secret from the environment', async () => {
    const server = await api();
    const model = await buildModel(writeSpec(spec()));
    const env = { CID: 'client-1', CSECRET: 's3cret-client' };
    const report = await runConformance({
      model,
      fetch: (r) => fetch(r),
      baseUrl: server.url,
      phases,
      tokens: tokenSource({
        settings: { scheme: 'auth', oauth2: { clientIdEnv: 'CID', clientSecretEnv: 'CSECRET', scopes: ['read'] } },
        model,
        baseUrl: server.url,
        env,
      }),
    });
    expect(report.failures).toEqual([]);
    expect(server.hits).toContain('POST /oauth/token');
    expect(server.seen).toContain('tok-1-secretvalue');
  });

  it('never sends the client secret to a token URL the contract names on another origin', async () => {
    const server = await api();
    const elsewhere = await listen((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"access_token":"stolen"}'));
    const model = await buildModel(writeSpec(spec(`${elsewhere.url}/token`)));
    const env = { CID: 'client-1', CSECRET: 's3cret-client' };
    expect(() =>
      tokenSource({ settings: { scheme: 'auth', oauth2: { clientIdEnv: 'CID', clientSecretEnv: 'CSECRET' } }, model, baseUrl: server.url, env }),
    ).toThrow(/not on the server under test/);
    expect(elsewhere.hits).toEqual([]);
    // Written in the config, the same URL is allowed.
    const source = tokenSource({
      settings: { scheme: 'auth', oauth2: { clientIdEnv: 'CID', clientSecretEnv: 'CSECRET', tokenUrl: `${elsewhere.url}/token` } },
      model,
      baseUrl: server.url,
      env,
    });
    expect(await source.current()).toEqual({ auth: 'stolen' });
    expect(elsewhere.hits).toEqual(['POST /token']);
  });

  it('names a missing environment variable or an unknown scheme before any request', async () => {
    const model = await buildModel(writeSpec(spec()));
    expect(() =>
      tokenSource({
        settings: { scheme: 'auth', oauth2: { clientIdEnv: 'NOPE_ID', clientSecretEnv: 'NOPE_SECRET' } },
        model,
        baseUrl: 'http://127.0.0.1:9',
        env: {},
      }),
    ).toThrow(/NOPE_ID is not set/);
    expect(() => tokenSource({ settings: { scheme: 'other', command: 'echo x' }, model, baseUrl: 'http://127.0.0.1:9' })).toThrow(TokenError);
  });

  it('a command whose output is the token; kept until its ttl runs out, then fetched again', async () => {
    const model = await buildModel(writeSpec(spec()));
    const dir = mkdtempSync(join(tmpdir(), 'sf-token-'));
    const counter = join(dir, 'n');
    writeFileSync(counter, '');
    let clock = 1_000_000;
    const source = tokenSource({
      settings: { scheme: 'auth', command: `echo x >> '${counter}'; printf 'cmd-token-%s' "$(wc -l < '${counter}' | tr -d ' ')"`, ttl: 60 },
      model,
      baseUrl: 'http://127.0.0.1:9',
      now: () => clock,
    });
    expect(await source.current()).toEqual({ auth: 'cmd-token-1' });
    clock += 59_000;
    expect(await source.current()).toEqual({ auth: 'cmd-token-1' });
    clock += 2_000;
    expect(await source.current()).toEqual({ auth: 'cmd-token-2' });
    // A 401: one refetch, then none for the same token.
    expect(await source.refresh()).toBe(true);
    expect(await source.current()).toEqual({ auth: 'cmd-token-3' });
    expect(await source.refresh()).toBe(false);
    expect(source.secrets()).toEqual(['cmd-token-1', 'cmd-token-2', 'cmd-token-3']);
  });

  it('specforge test reads test.token from the config, and the report does not show the token', async () => {
    const server = await api();
    const dir = mkdtempSync(join(tmpdir(), 'sf-token-cli-'));
    writeFileSync(join(dir, 'openapi.yaml'), spec());
    writeFileSync(
      join(dir, 'specforge.config.yaml'),
      `specs:\n  - path: openapi.yaml\n    test:\n      phases: [examples]\n      token:\n        scheme: bearer\n        login: { url: /login, body: { user: ci }, pointer: /access_token }\n`,
    );
    let out = '';
    const code = await runTest({ cwd: dir, baseUrl: server.url, format: 'json', progress: false, write: (t) => (out += t) });
    expect(code).toBe(0);
    expect(server.seen).toContain('tok-1-secretvalue');
    expect(out).not.toContain('tok-1-secretvalue');
  });

  it('a broken test.token is a config error with its location', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sf-token-cfg-'));
    writeFileSync(join(dir, 'openapi.yaml'), spec());
    writeFileSync(
      join(dir, 'specforge.config.yaml'),
      `specs:\n  - path: openapi.yaml\n    test:\n      token:\n        scheme: bearer\n        login: { url: /login }\n        command: echo x\n`,
    );
    expect(() => loadConfig(dir)).toThrow(/test\.token must be .*exactly one way; given: login, command/);
  });
});
