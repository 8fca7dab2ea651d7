/** Limits of the HTTP server: timeouts for slow and idle clients, and a cap on open connections. */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Limits of the HTTP server `createHttpServer` makes (milliseconds, and a connection count). */
export interface HttpServerLimits {
  /** Time a client has to send its request headers (default 10 s). */
  headersTimeout?: number;
  /** Time a client has to send its whole request (default 30 s). */
  requestTimeout?: number;
  /** Time a connection may sit idle (default 30 s; keep-alive connections between requests: at most 5 s). */
  idleTimeout?: number;
  /** Connections open at once; more are closed as they arrive (default 1,000). */
  maxConnections?: number;
}

export const DEFAULT_HTTP_LIMITS: Required<HttpServerLimits> = { headersTimeout: 10_000, requestTimeout: 30_000, idleTimeout: 30_000, maxConnections: 1000 };

/**
 * At most `max` connections. When one more arrives, the connection that has waited longest
 * without a request in progress (one still trickling its headers, or idle between requests) is
 * closed to make room, so slow or idle clients holding every slot cannot lock new clients out;
 * only when every connection is busy with a request is the newcomer closed. Returns what counts a
 * request in progress: the server's request listener calls it first (one listener per request
 * rather than two, each of which node:http's emit would copy the listener list for).
 */
export function capConnections(server: Server, max: number): (req: IncomingMessage, res: ServerResponse) => void {
  const open = new Map<Socket, { active: number; since: number }>();
  server.on('connection', (socket: Socket) => {
    open.set(socket, { active: 0, since: Date.now() });
    socket.once('close', () => open.delete(socket));
    if (open.size <= max) return;
    let victim: Socket | undefined;
    let oldest = Infinity;
    for (const [s, state] of open) {
      if (s !== socket && state.active === 0 && state.since < oldest) {
        victim = s;
        oldest = state.since;
      }
    }
    (victim ?? socket).destroy();
  });
  const busy = (socket: Socket | null | undefined): { active: number; since: number } | undefined => (socket ? open.get(socket) : undefined);
  // A response emits 'close' once, whether it finished or its connection went away first. (One
  // function for every response: its request's socket finds the connection.)
  function responseClosed(this: ServerResponse): void {
    const state = busy(this.req.socket);
    if (!state) return;
    state.active--;
    state.since = Date.now();
  }
  // An upgraded connection (attach, exec) is busy for as long as it lives. (Listened to only where
  // the listener takes upgrades: a listener of 'upgrade' owns the socket.)
  server.on('newListener', function track(event: string) {
    if (event !== 'upgrade') return;
    server.off('newListener', track);
    server.prependListener('upgrade', (req: IncomingMessage) => {
      const state = busy(req.socket);
      if (state) state.active++;
    });
  });
  return (req, res) => {
    const state = busy(req.socket);
    if (!state) return;
    state.active++;
    res.on('close', responseClosed);
  };
}
