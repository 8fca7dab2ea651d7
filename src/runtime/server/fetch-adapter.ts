/**
 * A `node:http` request listener as a fetch-style handler, `(Request) => Promise<Response>`, for
 * tests and runtimes that speak the Fetch API: no socket, no port.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable, Writable } from 'node:stream';
import type { RequestListener } from './server.js';

/** Statuses whose responses have no body (Fetch's null body statuses). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

import type { FetchHandler } from './fetch.js';

export type { FetchHandler } from './fetch.js';

export function toFetchHandler(listener: RequestListener): FetchHandler {
  return async (request) => {
    const url = new URL(request.url);
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : Buffer.alloc(0);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    if (payload.length > 0) headers['content-length'] = String(payload.length);
    // A Request carries its host in its URL only; a server behind the adapter sees it as over HTTP.
    headers['host'] ??= url.host;
    const req = Object.assign(Readable.from(payload.length > 0 ? [payload] : []), {
      method: request.method,
      url: url.pathname + url.search,
      headers,
      httpVersion: '1.1',
    }) as unknown as IncomingMessage;
    return new Promise<Response>((resolve, reject) => {
      let status = 200;
      const out = new Headers();
      let settled = false;
      let closed = false;
      let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
      const pending: Uint8Array[] = [];
      // The body streams as the listener writes it: an event stream or a followed log is read as
      // it comes, and a reader that cancels closes the response (the listener sees 'close').
      const stream = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
          for (const chunk of pending.splice(0)) c.enqueue(chunk);
          if (closed) c.close();
        },
        cancel() {
          closed = true;
          res.destroy();
        },
      });
      const settle = (): void => {
        if (settled) return;
        settled = true;
        // Statuses that carry no body (the Fetch standard's null body statuses) get none.
        const empty = NULL_BODY.has(status) || request.method === 'HEAD';
        try {
          resolve(new Response(empty ? null : stream, { status, headers: out }));
        } catch (err) {
          // A status Response cannot represent (under 200, over 599): settle instead of hanging.
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      };
      const push = (chunk: Uint8Array): void => {
        if (closed) return;
        if (controller) controller.enqueue(chunk);
        else pending.push(chunk);
      };
      const end = (): void => {
        if (closed) return;
        closed = true;
        controller?.close();
      };
      const res = new Writable({
        write(chunk: Buffer | string, _enc, cb) {
          settle();
          push(Buffer.isBuffer(chunk) ? new Uint8Array(chunk) : new Uint8Array(Buffer.from(chunk)));
          cb();
        },
      });
      const fake = Object.assign(res, {
        headersSent: false,
        statusCode: 200,
        writeHead(code: number, h?: Record<string, string | number | string[]>) {
          status = code;
          for (const [k, v] of Object.entries(h ?? {})) {
            if (Array.isArray(v)) for (const item of v) out.append(k, String(item));
            else out.set(k, String(v));
          }
          fake.headersSent = true;
          settle();
          return fake;
        },
        setHeader(k: string, v: string | number | string[]) {
          out.set(k, Array.isArray(v) ? v.join(', ') : String(v));
          return fake;
        },
        flushHeaders() {
          settle();
        },
      });
      res.on('finish', () => {
        settle();
        end();
      });
      res.on('close', () => {
        if (!settled && !fake.headersSent) status = 500;
        settle();
        end();
      });
      listener(req, fake as unknown as ServerResponse);
    });
  };
}

/**
 * The other way round: a fetch handler (a generated `createFetchHandler`, Hono's `app.fetch`) as a
 * `node:http` request listener, so the same application runs on Node's own server. The request
 * body streams in as it arrives; the answer streams out, and a client that leaves cancels it.
 */
export function toNodeListener(handler: FetchHandler, onError?: (error: unknown) => void): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const host = typeof req.headers.host === 'string' && req.headers.host !== '' ? req.headers.host : 'localhost';
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      else headers.set(name, value);
    }
    const controller = new AbortController();
    res.on('close', () => controller.abort());
    const method = req.method ?? 'GET';
    const hasBody = method !== 'GET' && method !== 'HEAD';
    const request = new Request(`http://${host}${req.url ?? '/'}`, {
      method,
      headers,
      signal: controller.signal,
      ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
    } as RequestInit);
    handler(request)
      .then(async (response) => {
        const out: Record<string, string | string[]> = {};
        response.headers.forEach((value, name) => {
          if (name === 'set-cookie') return;
          out[name] = value;
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) out['set-cookie'] = cookies;
        res.writeHead(response.status, out);
        if (response.body === null) {
          res.end();
          return;
        }
        const reader = response.body.getReader();
        res.on('close', () => void reader.cancel().catch(() => undefined));
        for (;;) {
          const step = await reader.read();
          if (step.done || res.destroyed) break;
          if (!res.write(step.value)) await new Promise((resume) => (res.once('drain', resume), res.once('close', resume)));
        }
        res.end();
      })
      .catch((err: unknown) => {
        onError?.(err);
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end('{"message":"internal error"}');
        } else res.destroy();
      });
  };
}
