/**
 * The error stage: a failure answered in the interface's error body and content type; a client
 * that left is just closed, a failing handler is a 500 reported to onError, and a connection
 * whose body was left unread closes after the answer. Nothing here may crash the server.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Socket as NetSocket } from 'node:net';
import { ClientClosed, closeAfterAnswer, hasBody } from './body/read.js';
import { errorAnswer, type Failer } from './failure.js';
import { upgradeOf } from './upgrade.js';

/** fail() off the synchronous path: nothing it throws may become an unhandled rejection. */
export function safeFail(p: Failer, req: IncomingMessage, res: ServerResponse, err: unknown, operationId: string | undefined): void {
  try {
    fail(p, req, res, err, operationId);
  } catch (second) {
    try {
      p.options.onError?.(second, operationId);
    } catch {
      // The user's error hook failed too: the connection is closed below either way.
    }
    res.destroy();
    upgradeOf(req)?.socket.destroy();
  }
}

export type { Failer } from './failure.js';

export function fail(p: Failer, req: IncomingMessage, res: ServerResponse, err: unknown, operationId: string | undefined): void {
  if (err instanceof ClientClosed) {
    res.destroy();
    return;
  }
  // Decided (and a 5xx reported to onError) even when no answer can be written any more.
  const { status, headers: given, payload } = errorAnswer(p, err, operationId);
  const upgrade = upgradeOf(req);
  if (upgrade?.switched) {
    // The 101 is on the wire: no HTTP answer can follow, so the stream just ends.
    upgrade.socket.destroy();
    return;
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const headers: Record<string, string | number> = { ...given, 'content-length': Buffer.byteLength(payload) };
  // A body left unread (an answer before it was needed, or over the limit) is not drained: the
  // connection closes after the answer.
  // (Only over a real connection: the fetch adapter's requests have no socket.)
  const unread = hasBody(req) && !req.complete && !upgrade && req.socket instanceof NetSocket;
  if (unread) {
    headers['connection'] = 'close';
    closeAfterAnswer(req);
  }
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : payload);
}
