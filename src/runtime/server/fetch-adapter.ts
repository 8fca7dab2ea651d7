/**
 * A `node:http` request listener as a fetch-style handler, `(Request) => Promise<Response>`, for
 * tests and runtimes that speak the Fetch API: no socket, no port.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable, Writable } from 'node:stream';
import { HttpError } from '../shared/errors.js';
import type { RequestListener } from './server.js';
import { markTarget, readTarget, refusalOf, type Target } from './target.js';

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

/** Options of `toNodeListener`. */
export interface NodeListenerOptions {
  /** Told of what the handler threw or rejected with (the client then gets a 500). */
  onError?: (error: unknown) => void;
  /**
   * The scheme, host and port of every Request's URL (default `http://localhost`). The URL is this
   * origin and the request target's path and query, never the Host header: the Host header stays a
   * header (`request.headers.get('host')`), and cannot pick the route.
   */
  origin?: string;
}

/** Methods a Request cannot carry (the Fetch standard's forbidden methods). */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** A minimal JSON error, for a fetch handler that has no error shape of its own to answer in. */
function minimalError(res: ServerResponse, status: number, message: string, method: string): void {
  const payload = JSON.stringify({ message });
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  res.end(method === 'HEAD' ? undefined : payload);
}

/** A Response written to a node:http response, its body streamed; a client that leaves cancels it. */
async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
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
}

/**
 * The other way round: a fetch handler (a generated `createFetchHandler`, Hono's `app.fetch`) as a
 * `node:http` request listener, so the same application runs on Node's own server. The request
 * body streams in as it arrives; the answer streams out, and a client that leaves cancels it.
 *
 * Every request gets an answer and none can stop the process. The Request's URL is `origin` and the
 * request target (read as every adapter reads it: target.ts), so the Host header never routes. What
 * the Fetch API cannot represent (a method such as TRACE, a target with dot segments) never reaches
 * the handler: a handler from `createFetchHandler` answers it in the contract's error shape (404,
 * 405, 400, or 501 where the contract declares the method), any other handler gets a minimal JSON
 * error (400 for the target, 501 for the method). `options` may be the `onError` function alone.
 */
export function toNodeListener(
  handler: (request: Request) => Response | Promise<Response>,
  options: NodeListenerOptions | ((error: unknown) => void) = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  const { onError, origin: given } = typeof options === 'function' ? { onError: options, origin: undefined } : options;
  const origin = new URL(given ?? 'http://localhost').origin;
  if (origin === 'null') throw new TypeError(`toNodeListener: origin ${JSON.stringify(given)} has no host (use http://host or https://host:port)`);
  const refuse = refusalOf(handler);
  const report = (err: unknown): void => {
    try {
      onError?.(err);
    } catch {
      // The user's hook failed too: the client still gets its 500.
    }
  };
  const failed = (err: unknown, res: ServerResponse): void => {
    report(err);
    if (!res.headersSent) minimalError(res, 500, 'internal error', 'GET');
    else res.destroy();
  };
  return (req, res) => {
    try {
      const method = req.method ?? 'GET';
      const raw = req.url ?? '/';
      let target: Target | undefined;
      let refusal: HttpError | undefined;
      try {
        target = readTarget(raw);
      } catch (err) {
        refusal = err instanceof HttpError ? err : new HttpError(400, 'malformed request target');
      }
      let request: Request | undefined;
      if (target !== undefined && !FORBIDDEN_METHODS.has(method.toUpperCase())) {
        const controller = new AbortController();
        res.on('close', () => controller.abort());
        const hasBody = method !== 'GET' && method !== 'HEAD';
        const sent = target.query === '' && !raw.includes('?') ? target.path : `${target.path}?${target.query}`;
        try {
          const headers = new Headers();
          for (const [name, value] of Object.entries(req.headers)) {
            if (value === undefined) continue;
            if (Array.isArray(value)) for (const v of value) headers.append(name, v);
            else headers.set(name, value);
          }
          request = new Request(origin + sent, {
            method,
            headers,
            signal: controller.signal,
            ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
          } as RequestInit);
          markTarget(request, sent);
        } catch {
          request = undefined;
        }
      }
      if (request === undefined) {
        // Never a Request: the handler's own refusal in the contract's shape, else a minimal one. A
        // body is not read: the connection closes after the answer.
        if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) res.shouldKeepAlive = false;
        if (refuse !== undefined) {
          const flat: Record<string, string> = {};
          for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
          writeResponse(refuse(method, raw, flat), res).catch((err: unknown) => failed(err, res));
        } else if (refusal !== undefined) minimalError(res, refusal.status, refusal.message, method);
        else minimalError(res, 501, `method ${method} cannot be carried by the Fetch API`, method);
        return;
      }
      new Promise<Response>((resolve) => resolve(handler(request))).then((response) => writeResponse(response, res)).catch((err: unknown) => failed(err, res));
    } catch (err) {
      failed(err, res);
    }
  };
}
