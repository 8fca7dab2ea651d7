/**
 * A server under test run in process: a node:http request listener (an Express, Koa or generated
 * server's handler, a Fastify or Koa app) behind an ephemeral listener on 127.0.0.1, so that the
 * application sees real `http.IncomingMessage` and `http.ServerResponse` objects (whatever private
 * state a framework relies on), and the runner sends real HTTP to it. The listener is closed, with
 * its connections, when the run ends.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A `node:http` request listener: `(req, res) => void` (Express, Koa's `app.callback()`, a generated server). */
export type NodeRequestHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** An application object that owns its listener: Fastify (`ready()`, `server`), Koa (`callback()`). */
export interface NodeApplication {
  ready?: () => unknown;
  server?: { emit(event: 'request', req: IncomingMessage, res: ServerResponse): boolean };
  callback?: () => NodeRequestHandler;
  routing?: NodeRequestHandler;
}

export type InProcessHandler = NodeRequestHandler | NodeApplication;

export interface InProcessServer {
  /** Sends a request (whatever its origin) to the listener: same path, query, headers and body. */
  fetch: (request: Request) => Promise<Response>;
  origin: string;
  close: () => Promise<void>;
}

function isApplication(value: unknown): value is NodeApplication {
  return typeof value === 'object' && value !== null;
}

/** The request listener of a handler or an application (Fastify after `ready()`, Koa through `callback()`). */
async function listenerOf(handler: InProcessHandler): Promise<NodeRequestHandler> {
  if (typeof handler === 'function') return handler;
  if (isApplication(handler)) {
    if (typeof handler.ready === 'function') await handler.ready();
    if (typeof handler.callback === 'function') return handler.callback();
    const server = handler.server;
    if (server && typeof server.emit === 'function') return (req, res) => server.emit('request', req, res);
    if (typeof handler.routing === 'function') return handler.routing.bind(handler);
  }
  throw new TypeError('handler must be a node:http request listener, (req, res) => void, or an application with ready()/server (Fastify) or callback() (Koa)');
}

/** Starts an ephemeral loopback listener in front of `handler`. */
export async function listenInProcess(handler: InProcessHandler): Promise<InProcessServer> {
  const listener = await listenerOf(handler);
  const server: Server = createServer((req, res) => {
    // A handler that throws (or rejects) is answered with a 500, never the end of the run.
    const fail = (): void => {
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    };
    try {
      const result = listener(req, res);
      if (result instanceof Promise) result.catch(fail);
    } catch {
      fail();
    }
  });
  await new Promise<void>((ok, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      ok();
    });
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    fetch: async (request) => {
      const from = new URL(request.url);
      const body = request.body ? await request.arrayBuffer() : undefined;
      const init: RequestInit = { method: request.method, headers: request.headers, redirect: 'manual', signal: request.signal };
      if (body !== undefined) init.body = body;
      return fetch(origin + from.pathname + from.search, init);
    },
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}
