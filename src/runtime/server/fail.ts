/**
 * The error stage: a failure answered in the interface's error body and content type; a client
 * that left is just closed, a failing handler is a 500 reported to onError, and a connection
 * whose body was left unread closes after the answer. Nothing here may crash the server.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Socket as NetSocket } from 'node:net';
import { errorBody, HttpError, templatedErrorBody } from '../shared/errors.js';
import type { ApiSpec, OperationSpec } from '../shared/spec.js';
import { ClientClosed, closeAfterAnswer, hasBody } from './body/read.js';
import type { ServerOptions } from './context.js';
import { responseKey } from './media.js';
import { upgradeOf } from './upgrade.js';

/** What the error stage reads of the server. */
export interface Failer {
  readonly api: ApiSpec;
  readonly byId: ReadonlyMap<string, OperationSpec>;
  readonly options: ServerOptions;
}

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

/**
 * The content type of an error answer: the JSON media type the operation declares for that status
 * (`application/problem+json`, a vendor's `application/vnd.x+json`), else application/json.
 */
function errorContentType(op: OperationSpec | undefined, key: string | undefined): string {
  if (!op) return 'application/json';
  const json = key ? op.responses[key]?.types.find((t) => /^application\/([\w.-]+\+)?json$/i.test(t)) : undefined;
  return json ?? 'application/json';
}

/**
 * The error body: built from the template of the operation's declared response for the status
 * (decided when the tables were made), else in the interface's error shape.
 */
function errorPayload(p: Failer, op: OperationSpec | undefined, key: string | undefined, err: HttpError): string {
  const template = op?.errors && key !== undefined && Object.hasOwn(op.errors, key) ? op.errors[key] : undefined;
  return JSON.stringify(template ? templatedErrorBody(template, err) : errorBody(p.api.errorBody, err));
}

export function fail(p: Failer, req: IncomingMessage, res: ServerResponse, err: unknown, operationId: string | undefined): void {
  if (err instanceof ClientClosed) {
    res.destroy();
    return;
  }
  const httpError = err instanceof HttpError ? err : new HttpError(500, 'the handler failed');
  if (httpError.status >= 500) p.options.onError?.(err, operationId);
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
  const op = operationId === undefined ? undefined : p.byId.get(operationId);
  const key = op ? responseKey(op.responses, httpError.status) : undefined;
  const payload = errorPayload(p, op, key, httpError);
  const headers: Record<string, string | number> = {
    ...httpError.headers,
    'content-type': errorContentType(op, key),
    'content-length': Buffer.byteLength(payload),
  };
  // A body left unread (an answer before it was needed, or over the limit) is not drained: the
  // connection closes after the answer.
  // (Only over a real connection: the fetch adapter's requests have no socket.)
  const unread = hasBody(req) && !req.complete && !upgrade && req.socket instanceof NetSocket;
  if (unread) {
    headers['connection'] = 'close';
    closeAfterAnswer(req);
  }
  res.writeHead(httpError.status, headers);
  res.end(req.method === 'HEAD' ? undefined : payload);
}
