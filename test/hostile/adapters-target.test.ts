/**
 * The one reading of a request target every adapter shares (src/runtime/server/target.ts), and
 * toNodeListener's origin: what each spelling of a dot segment, an absolute-form target, a fragment
 * and a backslash become, and the URL a fetch handler behind toNodeListener is given.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { toNodeListener } from '../../src/runtime/server/fetch-adapter.js';
import { readTarget } from '../../src/runtime/server/target.js';
import { HttpError } from '../../src/runtime/shared/errors.js';

describe('readTarget', () => {
  it.each([
    ['/api/items/1', '/api/items/1', ''],
    ['/api/items/1?x=1&y=/../z', '/api/items/1', 'x=1&y=/../z'],
    ['/api/items/1?', '/api/items/1', ''],
    ['/api/items/1#/../../admin', '/api/items/1', ''],
    ['/a#b?c', '/a', ''],
    ['/a?b#c', '/a', 'b'],
    ['http://other.example/api/items/9?q=1', '/api/items/9', 'q=1'],
    ['https://user@other.example:8443', '/', ''],
    ['http://other.example?x', '/', 'x'],
    ['/v1.2/items/a.json', '/v1.2/items/a.json', ''],
    ['/items/..more/x.', '/items/..more/x.', ''],
    ['/items/%2e%2e%2f', '/items/%2e%2e%2f', ''],
    ['/items/%zz', '/items/%zz', ''],
    ['//double/slash', '//double/slash', ''],
  ])('%s is routed as path %s, query %s', (target, path, query) => {
    expect(readTarget(target)).toEqual({ path, query });
  });

  it.each([
    '/public/../api/items/1',
    '/api/./items',
    '/api/items/..',
    '/api/items/.',
    '/api/%2e%2e/x',
    '/api/%2E%2E/x',
    '/api/.%2e/x',
    '/api/%2E./x',
    '/api/%2e/x',
    '/public\\..\\api',
    '/api\\items\\1',
    'http://other.example/public/../api',
    '*',
    'api/items/1',
    '',
  ])('%s is refused with a 400', (target) => {
    let thrown: unknown;
    try {
      readTarget(target);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(HttpError);
    expect((thrown as HttpError).status).toBe(400);
  });

  it('is linear: a 1 MB target of dots and slashes is read at once', () => {
    const started = Date.now();
    expect(() => readTarget(`/${'a./'.repeat(350_000)}..`)).toThrow(HttpError);
    expect(readTarget(`/${'a.%2e/'.repeat(150_000)}`).path.length).toBeGreaterThan(900_000);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('toNodeListener builds the URL from its origin and the target only', () => {
  async function urlSeen(options: { origin?: string }, head: string): Promise<string> {
    let seen = '';
    const server = createServer(
      toNodeListener(async (request) => {
        seen = `${request.url} host=${String(request.headers.get('host'))}`;
        return new Response('ok');
      }, options),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    socket.on('data', () => undefined);
    socket.write(`${head}\r\nConnection: close\r\n\r\n`);
    await once(socket, 'close');
    server.close();
    return seen;
  }

  it('http://localhost by default, another origin when given; the Host header stays a header', async () => {
    expect(await urlSeen({}, 'GET /a/b?c=1 HTTP/1.1\r\nHost: evil.example/x?')).toBe('http://localhost/a/b?c=1 host=evil.example/x?');
    expect(await urlSeen({ origin: 'https://api.example.com:8443/ignored' }, 'GET /a HTTP/1.1\r\nHost: x')).toBe('https://api.example.com:8443/a host=x');
    expect(await urlSeen({}, 'GET http://other.example/a?b HTTP/1.1\r\nHost: x')).toBe('http://localhost/a?b host=x');
  });

  it('an origin without a host is refused when the listener is made', () => {
    expect(() => toNodeListener(async () => new Response(), { origin: 'data:text/plain,x' })).toThrow(TypeError);
    expect(() => toNodeListener(async () => new Response(), { origin: 'not a url' })).toThrow(TypeError);
  });
});
