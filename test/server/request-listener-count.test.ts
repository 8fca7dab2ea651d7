import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createHttpServer, type RequestListener } from '../../src/runtime/server/server.js';

describe('createHttpServer', () => {
  it('has one request listener (the connection cap counts the request, then the listener answers)', async () => {
    const seen: string[] = [];
    const listener = ((req, res) => {
      seen.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    }) as RequestListener;
    const server = createHttpServer(listener, { maxConnections: 2 });
    // Two listeners made node:http's emit copy its listener list on every request.
    expect(server.listenerCount('request')).toBe(1);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`http://127.0.0.1:${port}/r${i}`);
        expect(await res.text()).toBe('ok');
      }
      expect(seen).toEqual(['/r0', '/r1', '/r2']);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
