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

/** What the cap knows of a connection: its latest response, whether it was upgraded, and when it last began a request. */
interface ConnectionState {
  res: ServerResponse | undefined;
  upgraded: boolean;
  /** A count, not a time: the order in which connections opened or began their latest request. */
  since: number;
  /** Bytes read and written when the idle sweep last looked, and when that count last moved. */
  bytes: number;
  moved: number;
}

/** How often the idle sweep looks at the connections: a quarter of the idle timeout, within 100 ms to 1 s. */
function sweepInterval(idleTimeout: number): number {
  return Math.max(100, Math.min(1000, Math.floor(idleTimeout / 4)));
}

/**
 * At most `max` connections, none idle longer than `idleTimeout`. When one more arrives, the
 * connection without a request in progress (one still trickling its headers, or idle between
 * requests) that began its latest request earliest (or opened earliest, when it has had none) is
 * closed to make room, so slow or idle clients holding every slot cannot lock new clients out;
 * only when every connection is busy with a request (or upgraded) is the newcomer closed. Returns
 * what notes a request: the server's request listener calls it first. It only notes the response:
 * whether it is still in progress is read when a connection must be chosen (its `writableEnded`),
 * so a request costs no listener and no clock reading.
 *
 * A connection (not upgraded) whose bytes read and written have not moved for `idleTimeout` (a
 * handler that never answers, a client that stops reading its answer or stops sending) is closed
 * by a sweep every sweepInterval. node:http's own socket timeout would do it too, but it re-arms a
 * timer twice per request (for its keep-alive timeout, then back), which costs every request.
 */
export function limitConnections(server: Server, max: number, idleTimeout = Infinity): (req: IncomingMessage, res: ServerResponse) => void {
  const open = new Map<Socket, ConnectionState>();
  let clock = 0;
  if (Number.isFinite(idleTimeout)) {
    const sweep = setInterval(() => {
      const now = Date.now();
      for (const [socket, state] of open) {
        const bytes = socket.bytesRead + socket.bytesWritten;
        if (bytes !== state.bytes) {
          state.bytes = bytes;
          state.moved = now;
        } else if (!state.upgraded && now - state.moved >= idleTimeout) socket.destroy();
      }
    }, sweepInterval(idleTimeout));
    sweep.unref();
    server.once('close', () => clearInterval(sweep));
  }
  server.on('connection', (socket: Socket) => {
    open.set(socket, { res: undefined, upgraded: false, since: ++clock, bytes: 0, moved: Date.now() });
    socket.once('close', () => open.delete(socket));
    if (open.size <= max) return;
    let victim: Socket | undefined;
    let oldest = Infinity;
    for (const [s, state] of open) {
      const busy = state.upgraded || (state.res !== undefined && !state.res.writableEnded);
      if (s !== socket && !busy && state.since < oldest) {
        victim = s;
        oldest = state.since;
      }
    }
    (victim ?? socket).destroy();
  });
  const stateOf = (socket: Socket | null | undefined): ConnectionState | undefined => (socket ? open.get(socket) : undefined);
  // An upgraded connection (attach, exec) is busy for as long as it lives. (Listened to only where
  // the listener takes upgrades: a listener of 'upgrade' owns the socket.)
  server.on('newListener', function track(event: string) {
    if (event !== 'upgrade') return;
    server.off('newListener', track);
    server.prependListener('upgrade', (req: IncomingMessage) => {
      const state = stateOf(req.socket);
      if (state) state.upgraded = true;
    });
  });
  return (req, res) => {
    const state = stateOf(req.socket);
    if (!state) return;
    state.res = res;
    state.since = ++clock;
  };
}
