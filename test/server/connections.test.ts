/**
 * Connections and bodies under hostile clients: an early error closes the connection instead of
 * reading a body nobody will use; a client that goes away is not a server error; JSON nesting is
 * refused before parsing; bytes that are not UTF-8 are refused, not replaced.
 */
import { once } from 'node:events';
import { type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSpec } from '../../src/contract/tables/api.js';
import { compileValidators } from '../../src/contract/tables/validators.js';
import { buildModel } from '../../src/contract/model.js';
import { createHttpServer, createRequestListener, type AnyHandler } from '../../src/runtime/server/server.js';
import { connectionLimits, runMock } from '../../src/cli/commands/mock.js';

const FIXTURE = 'test/fixtures/params/openapi.yaml';
const errors: unknown[] = [];
let server: Server;
let port: number;

const handlers: Record<string, AnyHandler> = new Proxy(
  {},
  {
    get: (_t, id) =>
      id === 'createWidget'
        ? (ctx: { body: unknown }) => ({ status: 201, body: ctx.body })
        : (ctx: { operationId: string }) => ({ status: 200, body: { operationId: ctx.operationId } }),
  },
);

beforeAll(async () => {
  const model = await buildModel(FIXTURE);
  const listener = createRequestListener(apiSpec(model), compileValidators(model), handlers, {
    bodyLimit: 64 * 1024,
    maxJsonDepth: 50,
    onError: (error) => errors.push(error),
    security: { apiKey: (c) => c.credential === 'good', bearer: () => true },
  });
  server = createHttpServer(listener);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
});

/** Sends raw bytes; resolves with what came back and whether the server closed the connection. */
function raw(head: string, body: Buffer | string = '', keepSending = false): Promise<{ text: string; closedBy: 'server' | 'timeout'; sent: number }> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let text = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const finish = (closedBy: 'server' | 'timeout'): void => {
      clearTimeout(timer);
      clearInterval(pump);
      socket.destroy();
      resolve({ text, closedBy, sent });
    };
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    socket.on('end', () => finish('server'));
    socket.on('close', () => finish('server'));
    socket.on('error', () => finish('server'));
    socket.write(head);
    if (body.length > 0) socket.write(body);
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const pump = setInterval(() => {
      if (!keepSending || socket.destroyed) return;
      for (let i = 0; i < 16 && socket.write(chunk); i++) sent += chunk.length;
    }, 5);
    timer = setTimeout(() => finish('timeout'), 3000);
  });
}

describe('early errors', () => {
  it('a 401 before the body is read closes the connection instead of draining a huge declared body', async () => {
    const head = `POST /widgets HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 1099511627776\r\n\r\n`;
    const r = await raw(head, '', true);
    expect(r.text).toMatch(/^HTTP\/1\.1 401 /);
    expect(r.text.toLowerCase()).toContain('connection: close');
    expect(r.closedBy).toBe('server');
    // Far less than the 3 s a drain at hundreds of MB/s would have taken in.
    expect(r.sent).toBeLessThan(512 * 1024 * 1024);
  });

  it('a 413 for a declared length over the limit closes the connection too', async () => {
    const r = await raw(`POST /notes HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 10000000\r\n\r\n`, '', true);
    expect(r.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(r.closedBy).toBe('server');
  });

  it('fast clients streaming a chunked 5 MiB body all read the 413, none sees a reset', async () => {
    const five = 5 * 1024 * 1024;
    const send = async (): Promise<number | string> => {
      let left = five;
      const chunk = new Uint8Array(64 * 1024).fill(0x61);
      const body = new ReadableStream<Uint8Array>({
        pull(c) {
          if (left <= 0) return c.close();
          left -= chunk.length;
          c.enqueue(chunk);
        },
      });
      try {
        const res = await fetch(`http://127.0.0.1:${port}/widgets`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': 'good' },
          body,
          duplex: 'half',
        } as RequestInit);
        await res.text();
        return res.status;
      } catch (error) {
        return String((error as { cause?: { code?: string } }).cause?.code ?? error);
      }
    };
    const results = await Promise.all(Array.from({ length: 20 }, send));
    expect(results).toEqual(Array.from({ length: 20 }, () => 413));
  });

  it('a request whose body was read in full keeps its connection', async () => {
    const body = '{"a":1}';
    const r = await raw(`POST /notes HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`);
    expect(r.text).toMatch(/^HTTP\/1\.1 200 /);
    expect(r.closedBy).toBe('timeout');
  });
});

describe('bodies', () => {
  it('deep JSON nesting is refused before it is parsed', async () => {
    const deep = '['.repeat(30_000) + ']'.repeat(30_000);
    const res = await fetch(`http://127.0.0.1:${port}/notes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: deep });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('nests deeper than 50 levels');
  });

  it('nesting inside strings does not count', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: '['.repeat(500) }),
    });
    expect(res.status).toBe(200);
  });

  it.each([
    ['a lone continuation byte', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0x80, 0x22, 0x7d])],
    ['a truncated sequence', Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xe2, 0x82]), Buffer.from('"}')])],
    ['an overlong encoding', Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')])],
  ])('invalid UTF-8 in a JSON body is a 400 (%s), not a replacement character', async (_name, body) => {
    const res = await fetch(`http://127.0.0.1:${port}/notes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('not valid UTF-8');
  });

  it('valid UTF-8 (accents, emoji) passes', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ a: 'é 😀' }),
    });
    expect(res.status).toBe(200);
  });
});

describe('clients that go away', () => {
  it('an abort mid-body is not reported as a server error', async () => {
    const before = errors.length;
    for (let i = 0; i < 20; i++) {
      const socket = connect(port, '127.0.0.1');
      await once(socket, 'connect');
      socket.write('POST /notes HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"a":');
      await new Promise((r) => setTimeout(r, 5));
      socket.destroy();
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(errors.slice(before)).toEqual([]);
    // And the server still answers.
    const res = await fetch(`http://127.0.0.1:${port}/notes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(200);
  });
});

describe('specforge mock: slow, idle and too many clients', () => {
  /** Resolves with how long the server took to close a connection that does `act`. */
  function closedAfter(mockPort: number, act: (s: Socket) => void): Promise<number> {
    return new Promise((resolve) => {
      const started = Date.now();
      const socket = connect(mockPort, '127.0.0.1');
      socket.on('connect', () => act(socket));
      socket.on('data', () => undefined);
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(Date.now() - started));
      setTimeout(() => socket.destroy(), 6000).unref();
    });
  }

  it('closes slow headers, slow bodies and idle connections, and caps connections', async () => {
    const { server: mockServer } = await runMock({
      spec: 'specs/echo/openapi.yaml',
      port: 0,
      headersTimeout: 400,
      requestTimeout: 800,
      idleTimeout: 600,
      maxConnections: 3,
      write: () => undefined,
    });
    try {
      const mockPort = (mockServer.address() as AddressInfo).port;
      const [slowHeaders, slowBody, idle] = await Promise.all([
        closedAfter(mockPort, (s) => {
          s.write('POST /echo?key=k HTTP/1.1\r\nhost: x\r\n');
          const t = setInterval(() => (s.destroyed ? clearInterval(t) : s.write('x-slow: 1\r\n')), 100);
        }),
        closedAfter(mockPort, (s) => {
          s.write('POST /echo?key=k HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n{');
          const t = setInterval(() => (s.destroyed ? clearInterval(t) : s.write(' ')), 100);
        }),
        closedAfter(mockPort, () => undefined),
      ]);
      // Each well before the 6 s the test would wait (slack for a loaded machine), and no sooner than its limit.
      expect(slowHeaders).toBeGreaterThanOrEqual(350);
      expect(slowHeaders).toBeLessThan(4000);
      expect(slowBody).toBeLessThan(4000);
      // A connection that sends nothing at all is closed by the first limit it meets: the headers
      // timeout (400 ms) or the idle timeout (600 ms).
      expect(idle).toBeGreaterThanOrEqual(350);
      expect(idle).toBeLessThan(4000);

      // Three connections that send nothing hold every slot; a fourth client is still served: the
      // connection that waited longest without a request is closed to make room.
      const held = await Promise.all(
        [0, 1, 2].map(async () => {
          const s = connect(mockPort, '127.0.0.1');
          await once(s, 'connect');
          await new Promise((r) => setTimeout(r, 20));
          return s;
        }),
      );
      const firstClosed = once(held[0] as Socket, 'close');
      const answer = await fetch(`http://127.0.0.1:${mockPort}/echo?key=k`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"message":"hi"}',
      });
      expect(answer.status).toBe(200);
      await firstClosed;
      expect((held[1] as Socket).destroyed).toBe(false);

      // When every connection is busy with a request, a newcomer is closed at once.
      for (const s of held) s.destroy();
      await new Promise((r) => setTimeout(r, 50));
      const busy = await Promise.all(
        [0, 1, 2].map(async () => {
          const s = connect(mockPort, '127.0.0.1');
          await once(s, 'connect');
          s.write('POST /echo?key=k HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{');
          return s;
        }),
      );
      await new Promise((r) => setTimeout(r, 100));
      const fourth = await closedAfter(mockPort, () => undefined);
      expect(fourth).toBeLessThan(300);
      for (const s of busy) s.destroy();
    } finally {
      mockServer.closeAllConnections();
      await new Promise<void>((done) => mockServer.close(() => done()));
    }
  });

  it('closes a connection idle past the idle timeout after its request arrived (a handler that never answers), not one whose answer keeps coming', async () => {
    const idleServer = createHttpServer(
      Object.assign((req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
        if (req.url === '/never') return;
        // A slow answer: a byte every 100 ms for 1.2 s, twice the idle timeout in all.
        res.writeHead(200, { 'content-type': 'text/plain' });
        let left = 12;
        const t = setInterval(() => {
          res.write('x');
          if (--left === 0) {
            clearInterval(t);
            res.end();
          }
        }, 100);
      }, {}),
      { headersTimeout: 5000, requestTimeout: 5000, idleTimeout: 400 },
    );
    idleServer.listen(0, '127.0.0.1');
    await once(idleServer, 'listening');
    const idlePort = (idleServer.address() as AddressInfo).port;
    try {
      const never = await closedAfter(idlePort, (s) => s.write('GET /never HTTP/1.1\r\nhost: x\r\n\r\n'));
      expect(never).toBeGreaterThanOrEqual(350);
      expect(never).toBeLessThan(4000);
      const slow = await fetch(`http://127.0.0.1:${idlePort}/slow`);
      expect(await slow.text()).toBe('x'.repeat(12));
    } finally {
      idleServer.closeAllConnections();
      await new Promise<void>((done) => idleServer.close(() => done()));
    }
  });

  it('refuses limits that make no sense as usage errors', () => {
    expect(() => connectionLimits({ headersTimeout: 'soon' })).toThrow(/--headers-timeout must be an integer/);
    expect(() => connectionLimits({ headersTimeout: 5000, requestTimeout: 1000 })).toThrow(/must not be shorter than --headers-timeout/);
    expect(() => connectionLimits({ maxConnections: 0 })).toThrow(/--max-connections must be an integer from 1/);
    expect(connectionLimits({})).toEqual({ headersTimeout: 10_000, requestTimeout: 30_000, idleTimeout: 30_000, maxConnections: 1000 });
  });
});

describe("what Node's HTTP parser refuses, in the contract's error shape", () => {
  it.each([
    ['headers over the size limit', `GET /notes HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'request headers are too large'],
    ['a malformed request line', 'GARBAGE\r\n\r\n', 400, 'malformed HTTP request'],
    ['a bad header', 'GET /notes HTTP/1.1\r\nhost: x\r\nbad header\r\n\r\n', 400, 'malformed HTTP request'],
  ])('%s: %i with a JSON body, then the connection closes', async (_name, request, status, message) => {
    const r = await raw(request);
    expect(r.text).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(r.text.toLowerCase()).toContain('content-type: application/json');
    const body = JSON.parse(r.text.slice(r.text.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
    // The fixture's x-specforge-error shape: message, status, code.
    expect(body).toMatchObject({ message, status });
    expect(r.closedBy).toBe('server');
  });

  it('Expect: 100-continue with a length over the limit is a 413, and no 100 Continue comes first', async () => {
    const r = await raw('POST /notes HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\nexpect: 100-continue\r\ncontent-length: 10000000\r\n\r\n');
    expect(r.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(r.text).not.toContain('100 Continue');
  });

  it('Expect: 100-continue within the limit gets its 100 Continue, then the answer', async () => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString()));
    socket.write('POST /notes HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\nexpect: 100-continue\r\ncontent-length: 7\r\n\r\n');
    for (let i = 0; i < 50 && !text.includes('100 Continue'); i++) await new Promise((r) => setTimeout(r, 20));
    expect(text).toMatch(/^HTTP\/1\.1 100 Continue/);
    socket.write('{"a":1}');
    for (let i = 0; i < 50 && !text.includes('200 OK'); i++) await new Promise((r) => setTimeout(r, 20));
    expect(text).toContain('HTTP/1.1 200 OK');
    socket.destroy();
  });
});
