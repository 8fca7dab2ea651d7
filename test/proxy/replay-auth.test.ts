/**
 * Redaction that keeps meaning: traffic recorded through `specforge proxy --record` holds
 * `Authorization: Bearer [REDACTED]` where a client sent a valid token, and `specforge test
 * --replay` must read that as "a credential was sent" (never as a missing or malformed one, which
 * would be a false ignored_auth), while a request really sent without a credential that succeeded
 * keeps its ignored_auth finding. The replay's stderr line ends with a real newline (control
 * characters of the recording still escaped), and the proxy's line for a forwarded invalid request
 * shows what the upstream really answered, never a body the proxy made up.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runTest } from '../../src/cli/commands/test.js';
import type { ReceivedResponse } from '../../src/conformance/checks.js';
import { createProxy } from '../../src/conformance/proxy.js';
import { answeredBody, refusalReasons } from '../../src/conformance/proxy-lines.js';
import { buildModel, type ContractModel } from '../../src/contract/model.js';
import { writeSpec } from '../conformance/support.js';

const TOKEN = 'good-token-4711';
const BASIC = `Basic ${Buffer.from('ann:pass-4711').toString('base64')}`;
const KEY = 'key-4711-abc';

const SPEC = `openapi: 3.1.0
info: { title: secured, version: 1.0.0 }
components:
  securitySchemes:
    bearerAuth: { type: http, scheme: bearer }
    basicAuth: { type: http, scheme: basic }
    keyAuth: { type: apiKey, in: header, name: X-Api-Key }
    cookieAuth: { type: apiKey, in: cookie, name: sid }
    queryAuth: { type: apiKey, in: query, name: api_key }
  schemas:
    Item:
      type: object
      required: [id]
      properties: { id: { type: integer } }
    Error:
      type: object
      required: [message]
      properties: { message: { type: string } }
paths:
  /items/{id}:
    get:
      operationId: getItem
      security: [{ bearerAuth: [] }]
      parameters:
        - { name: id, in: path, required: true, schema: { type: integer } }
      responses:
        '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } } }
        '400': { description: invalid, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
        '401': { description: no credential }
  /items:
    post:
      operationId: createItem
      security: [{ bearerAuth: [] }]
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [name]
              additionalProperties: false
              properties: { name: { type: string, maxLength: 5 } }
      responses:
        '201': { description: created, content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } } }
        '400': { description: invalid, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
        '401': { description: no credential }
  /basic:
    get:
      operationId: getBasic
      security: [{ basicAuth: [] }]
      responses:
        '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } } }
        '401': { description: no credential }
  /keyed:
    get:
      operationId: getKeyed
      security: [{ keyAuth: [] }]
      responses:
        '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } } }
        '401': { description: no credential }
  /cookie:
    get:
      operationId: getCookie
      security: [{ cookieAuth: [] }]
      responses:
        '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } } }
        '401': { description: no credential }
  /query:
    get:
      operationId: getQuery
      security: [{ queryAuth: [] }]
      responses:
        '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } } }
        '401': { description: no credential }
  /leaky:
    get:
      operationId: getLeaky
      security: [{ bearerAuth: [] }]
      responses:
        '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } } }
        '401': { description: no credential }
`;

let upstream: Server;
let origin = '';
let spec = '';
let model: ContractModel;
let dir = '';

beforeAll(async () => {
  // A correct server but for /leaky, which answers whoever asks.
  upstream = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const auth = req.headers.authorization;
      const ok =
        path === '/leaky' ||
        (path.startsWith('/items') && auth === `Bearer ${TOKEN}`) ||
        (path === '/basic' && auth === BASIC) ||
        (path === '/keyed' && req.headers['x-api-key'] === KEY);
      if (!ok) {
        res.writeHead(401, { 'www-authenticate': 'Bearer realm="api"' });
        res.end();
      } else if (path.startsWith('/items/') && !/^\/items\/-?\d+$/.test(path)) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'not an id' }));
      } else if (req.method === 'POST') {
        res.writeHead(400, { 'content-type': 'application/json' });
        // Its own refusal, with a raw ESC and a line feed a terminal must not act on.
        res.end('{"message":"upstream-own-refusal \u001b[31mred\nsecond line"}');
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: 1 }));
      }
    });
  });
  await new Promise<void>((ok) => upstream.listen(0, '127.0.0.1', ok));
  origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  spec = writeSpec(SPEC);
  model = await buildModel(spec);
  dir = mkdtempSync(join(tmpdir(), 'sf-replay-auth-'));
});

afterAll(async () => {
  await new Promise<void>((ok) => {
    upstream.close(() => ok());
    upstream.closeAllConnections();
  });
});

interface Report {
  requests: number;
  failures: Array<{ check: string; operationId: string }>;
}

/** `specforge test <spec> --replay <file>` in process: the JSON report and what went to stderr. */
async function replay(file: string): Promise<{ code: number; report: Report; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    err.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  });
  try {
    const code = await runTest({ spec, replay: file, progress: false, format: 'json', write: (t) => out.push(t) });
    return { code, report: JSON.parse(out.join('')) as Report, stderr: err.join('') };
  } finally {
    spy.mockRestore();
  }
}

const keys = (report: Report): string[] => [...new Set(report.failures.map((f) => `${f.check} ${f.operationId}`))].sort();

describe('replay of proxied traffic with redacted credentials', () => {
  it('reads a redacted credential as one sent: no false ignored_auth, and a request sent without one keeps its finding', async () => {
    const proxy = await createProxy({ model, upstream: origin, record: true });
    const get = (path: string, headers: Record<string, string> = {}): Promise<number> =>
      fetch(proxy.origin + path, { headers }).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      });
    try {
      expect(await get('/items/1', { authorization: `Bearer ${TOKEN}` })).toBe(200);
      expect(await get('/basic', { authorization: BASIC })).toBe(200);
      expect(await get('/keyed', { 'x-api-key': KEY })).toBe(200);
      expect(await get('/items/2')).toBe(401);
      // Sent with no credential, and answered 200: the fault the replay must still find.
      expect(await get('/leaky')).toBe(200);
    } finally {
      await proxy.close();
    }
    const live = proxy.report();
    const file = join(dir, 'proxied.json');
    proxy.recorder?.write(file);
    const replayed = await replay(file);
    expect(keys(live as unknown as Report)).toEqual(['ignored_auth getLeaky']);
    expect(keys(replayed.report)).toEqual(['ignored_auth getLeaky']);
    expect(replayed.code).toBe(1);
  });

  it('replays a recorded run with --auth (the security phase included) as the run judged it', async () => {
    const file = join(dir, 'run.json');
    const out: string[] = [];
    const code = await runTest({
      spec,
      baseUrl: origin,
      phases: 'examples,negative,security',
      operations: 'getItem,getBasic,getKeyed,getLeaky',
      auth: [`bearerAuth=${TOKEN}`, 'basicAuth=ann:pass-4711', `keyAuth=${KEY}`],
      record: file,
      progress: false,
      format: 'json',
      write: (t) => out.push(t),
    });
    const live = JSON.parse(out.join('')) as Report;
    expect(code).toBe(1);
    expect(keys(live)).toEqual(['ignored_auth getLeaky']);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(TOKEN);
    // The security phase's empty credential (a scheme word alone) is no secret: kept as sent.
    expect(text).toContain('"authorization": "Bearer"');
    expect(keys((await replay(file)).report)).toEqual(keys(live));
  });

  it('judges a hand-made recording: [REDACTED] is a credential, except in the security phase, which never sends a valid one', async () => {
    const file = join(dir, 'hand.json');
    const ok = { status: 200, headers: { 'content-type': 'application/json' }, body: '{"id":1}' };
    const exchange = (phase: string, path: string, headers: Record<string, string>): unknown => ({
      phase,
      origin: 'recorded',
      request: { method: 'GET', url: path, headers },
      response: ok,
    });
    const exchanges = [
      exchange('proxy', '/items/1', { authorization: 'Bearer [REDACTED]' }),
      // No scheme word kept: the operation's scheme says what it was.
      exchange('proxy', '/basic', { authorization: '[REDACTED]' }),
      exchange('examples', '/basic', { authorization: 'Basic [REDACTED]' }),
      exchange('proxy', '/keyed', { 'x-api-key': '[REDACTED]' }),
      exchange('proxy', '/cookie', { cookie: 'theme=[REDACTED]; sid=[REDACTED]' }),
      exchange('proxy', '/query?api_key=[REDACTED]', {}),
      // The security phase's malformed credential, as older recordings redacted it: still no credential.
      exchange('security', '/leaky', { authorization: '[REDACTED]' }),
    ];
    writeFileSync(file, JSON.stringify({ specforgeCassette: 1, recorded: '', source: 'proxy', exchanges }));
    const { report } = await replay(file);
    expect(report.requests).toBe(exchanges.length);
    expect(keys(report)).toEqual(['ignored_auth getLeaky']);
  });

  it('ends the replay line with a real newline and keeps escaping the recording’s control characters', async () => {
    const file = join(dir, 'unrouted.json');
    const exchange = (url: string): unknown => ({
      phase: 'proxy',
      origin: 'proxied traffic',
      request: { method: 'GET', url, headers: {} },
      response: { status: 200, headers: { 'content-type': 'application/json' }, body: '{"id":1}' },
    });
    writeFileSync(file, JSON.stringify({ specforgeCassette: 1, recorded: '', source: 'proxy', exchanges: [exchange('/nowhere\u001b[2J')] }));
    const { stderr } = await replay(file);
    const line = stderr.split('\n').find((l) => l.includes('match no operation')) ?? '';
    expect(line).toContain('GET /nowhere\\x1b[2J');
    expect(stderr).toContain(`${line}\n`);
    expect(stderr).not.toContain('\\x0a');
    expect(stderr).not.toContain('\u001b');
  });
});

describe('replay where the contract classifies credentials (x-specforge-policy)', () => {
  it('takes a redacted credential for one of a kind the operation allows; a credential of no kind stays refused', async () => {
    const policySpec = writeSpec(`openapi: 3.1.0
info: { title: keys, version: 1.0.0 }
x-specforge-policy:
  scheme: bearerAuth
  kinds:
    - { name: party, pattern: '^pk_[a-z0-9]+$' }
    - { name: agent, pattern: '^ak_[a-z0-9]+$' }
  refuse: { status: 403, code: forbidden, message: not for this kind of credential }
components:
  securitySchemes:
    bearerAuth: { type: http, scheme: bearer }
paths:
  /keys:
    get:
      operationId: listKeys
      security: [{ bearerAuth: [] }]
      x-specforge-policy:
        allow: [party]
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: array, items: { type: string } } } } }
        '401': { description: no credential }
        '403': { description: not allowed }
`);
    const file = join(dir, 'policy.json');
    const ok = { status: 200, headers: { 'content-type': 'application/json' }, body: '[]' };
    const exchange = (authorization: string): unknown => ({
      phase: 'proxy',
      origin: 'recorded',
      request: { method: 'GET', url: '/keys', headers: { authorization } },
      response: ok,
    });
    // A redacted party key answered 200: nothing to say.
    writeFileSync(file, JSON.stringify({ specforgeCassette: 1, recorded: '', source: 'proxy', exchanges: [exchange('Bearer [REDACTED]')] }));
    const out: string[] = [];
    await runTest({ spec: policySpec, replay: file, progress: false, format: 'json', write: (t) => out.push(t) });
    expect(keys(JSON.parse(out.join('')) as Report)).toEqual([]);
    // A token of no kind the contract names (in a recording made without redaction) answered 200: still ignored_auth.
    writeFileSync(file, JSON.stringify({ specforgeCassette: 1, recorded: '', source: 'proxy', exchanges: [exchange('Bearer zz_unknown')] }));
    out.length = 0;
    await runTest({ spec: policySpec, replay: file, progress: false, format: 'json', write: (t) => out.push(t) });
    expect(keys(JSON.parse(out.join('')) as Report)).toEqual(['ignored_auth listKeys']);
  });
});

describe('replay where a redacted value is data the contract validates', () => {
  it('never judges a request invalid because of [REDACTED]; a request invalid elsewhere still is, and a redacted value with no stand-in is a skipped check', async () => {
    const dataSpec = writeSpec(`openapi: 3.1.0
info: { title: tokens, version: 1.0.0 }
paths:
  /exchange:
    post:
      operationId: exchangeToken
      parameters:
        - { name: X-Session-Token, in: header, required: true, schema: { type: string, pattern: '^[a-f0-9]{16}$' } }
        - { name: session, in: query, required: true, schema: { type: string, minLength: 20, maxLength: 20 } }
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [count]
              properties: { count: { type: integer, maximum: 5 }, code: { type: string, pattern: '^[0-9]+$' } }
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object } } } }
        '400': { description: invalid, content: { application/json: { schema: { type: object } } } }
`);
    const file = join(dir, 'data.json');
    const exchange = (body: unknown): unknown => ({
      phase: 'proxy',
      origin: 'recorded',
      request: {
        method: 'POST',
        url: '/exchange?session=[REDACTED]',
        headers: { 'x-session-token': '[REDACTED]', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
      response: { status: 200, headers: { 'content-type': 'application/json' }, body: '{}' },
    });
    const replayed = async (body: unknown): Promise<Report & { skipped?: Array<{ check: string; reason: string }> }> => {
      writeFileSync(file, JSON.stringify({ specforgeCassette: 1, recorded: '', source: 'proxy', exchanges: [exchange(body)] }));
      const out: string[] = [];
      await runTest({ spec: dataSpec, replay: file, progress: false, format: 'json', write: (t) => out.push(t) });
      return JSON.parse(out.join('')) as Report & { skipped?: Array<{ check: string; reason: string }> };
    };
    // Redacted header and query values the contract gives a pattern: valid stand-ins, nothing to say.
    const valid = await replayed({ count: 1 });
    expect(keys(valid)).toEqual([]);
    expect(valid.skipped).toBeUndefined();
    // Invalid elsewhere (count over its maximum) and answered 200: still found.
    expect(keys(await replayed({ count: 9 }))).toEqual(['negative_data_rejection exchangeToken']);
    // A redacted value in the body, where the contract's pattern refuses it: not judged, and said so.
    const inBody = await replayed({ count: 1, code: '[REDACTED]' });
    expect(keys(inBody)).toEqual([]);
    expect(inBody.skipped?.map((s) => s.check)).toEqual(['negative_data_rejection']);
    expect(inBody.skipped?.[0]?.reason).toContain('body holds a redacted credential');
  });
});

describe('replay of answers that held a credential', () => {
  it('does not judge a redacted value of an answer against its schema; the rest of the answer still is', async () => {
    const loginSpec = writeSpec(`openapi: 3.1.0
info: { title: login, version: 1.0.0 }
paths:
  /login:
    post:
      operationId: login
      requestBody:
        required: true
        content: { application/json: { schema: { type: object } } }
      responses:
        '200':
          description: a token
          headers:
            X-Auth-Token: { required: true, schema: { type: string, pattern: '^[a-f0-9]{32}$' } }
          content:
            application/json:
              schema:
                type: object
                required: [access_token, expires_in]
                properties:
                  access_token: { type: string, pattern: '^[a-f0-9]{32}$' }
                  expires_in: { type: integer }
`);
    const file = join(dir, 'login.json');
    const exchange = (body: string): unknown => ({
      phase: 'proxy',
      origin: 'recorded',
      request: { method: 'POST', url: '/login', headers: { 'content-type': 'application/json' }, body: '{}' },
      response: { status: 200, headers: { 'content-type': 'application/json', 'x-auth-token': '[REDACTED]' }, body },
    });
    const replayed = async (body: string): Promise<Report> => {
      writeFileSync(file, JSON.stringify({ specforgeCassette: 1, recorded: '', source: 'proxy', exchanges: [exchange(body)] }));
      const out: string[] = [];
      await runTest({ spec: loginSpec, replay: file, progress: false, format: 'json', write: (t) => out.push(t) });
      return JSON.parse(out.join('')) as Report;
    };
    expect(keys(await replayed('{"access_token":"[REDACTED]","expires_in":3600}'))).toEqual([]);
    // Wrong elsewhere: still found.
    expect(keys(await replayed('{"access_token":"[REDACTED]","expires_in":"soon"}'))).toEqual(['response_schema_conformance login']);
  });
});

describe('specforge proxy: the line of a forwarded invalid request', () => {
  it('shows the upstream’s real answer, escaped, never a body the proxy made up', async () => {
    const lines: string[] = [];
    const proxy = await createProxy({ model, upstream: origin, onViolation: (l) => lines.push(l) });
    try {
      const res = await fetch(`${proxy.origin}/items`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'far too long a name', extra: 1 }),
      });
      expect(res.status).toBe(400);
      await res.arrayBuffer();
    } finally {
      await proxy.close();
    }
    const line = lines.find((l) => l.includes('breaks the contract, forwarded')) ?? '';
    expect(line).not.toBe('');
    // The upstream's own body, bounded and escaped.
    expect(line).toContain('the upstream answered 400: {"message":"upstream-own-refusal \\x1b[31mred second line"}');
    expect(line).not.toContain('\u001b');
    // What is wrong with the request is said, but no answer body the upstream never sent.
    expect(line).toMatch(/name|extra/);
    expect(line).not.toMatch(/answers 400 \{/);
  });
});

describe('the parts of that line', () => {
  it('says why the contract refuses a request with the refusal’s messages and their places, not its body', async () => {
    const refusal = Response.json({
      message: 'request does not match the contract',
      code: 'bad_request',
      errors: [{ in: 'body', pointer: '/name', message: 'must NOT have more than 3 characters' }],
    });
    expect(await refusalReasons(refusal)).toBe('request does not match the contract; body /name must NOT have more than 3 characters');
    expect(await refusalReasons(new Response('plain\ntext refusal'))).toBe('plain text refusal');
  });

  it('shows the upstream’s body only when it is text, on one line, cut at 200 characters', () => {
    const answer = (contentType: string, text: string): ReceivedResponse => ({ status: 400, headers: {}, text, contentType });
    expect(answeredBody(answer('application/json', '{"a":\n 1}'))).toBe(': {"a": 1}');
    expect(answeredBody(answer('text/plain', 'x'.repeat(300)))).toBe(`: ${'x'.repeat(200)}…`);
    expect(answeredBody(answer('application/octet-stream', 'bytes'))).toBe('');
    expect(answeredBody(answer('application/json', ''))).toBe('');
  });
});
