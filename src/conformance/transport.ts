/**
 * How `specforge test` sends its requests, beside plain fetch: over a unix socket (node:http), and
 * at most so many requests a second.
 */
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';

type Fetch = (request: Request) => Promise<Response>;

/** A fetch over a unix socket (node:http), for servers that listen on one. */
export function socketFetch(socketPath: string): Fetch {
  return async (request) => {
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((v, k) => (headers[k] = v));
    headers['host'] ??= url.host;
    if (body) headers['content-length'] = String(body.length);
    return new Promise<Response>((ok, fail) => {
      const req = httpRequest({ socketPath, method: request.method, path: url.pathname + url.search, headers, signal: request.signal }, (res) => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) {
          if (Array.isArray(v)) for (const x of v) h.append(k, x);
          else if (v !== undefined) h.set(k, v);
        }
        const status = res.statusCode ?? 502;
        if (status === 204 || status === 304 || request.method === 'HEAD') {
          res.resume();
          ok(new Response(null, { status, headers: h }));
          return;
        }
        ok(new Response(Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>, { status, headers: h }));
      });
      req.on('error', fail);
      req.end(body);
    });
  };
}

/** At most `perSecond` requests a second: each waits for its slot. */
export function throttled(fetch: Fetch, perSecond: number): Fetch {
  const gap = 1000 / perSecond;
  let next = 0;
  return async (request) => {
    const now = Date.now();
    const slot = Math.max(now, next);
    next = slot + gap;
    if (slot > now) await new Promise((ok) => setTimeout(ok, slot - now));
    return fetch(request);
  };
}
