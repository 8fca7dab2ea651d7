/**
 * The reply stage over node:http: what answer.ts decides, written to a ServerResponse, streamed,
 * or written on a switched (101) connection.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline, Readable } from 'node:stream';
import { HttpError } from '../shared/errors.js';
import type { OperationSpec } from '../shared/spec.js';
import type { HandlerResponse } from './context.js';
import { contentTypeOf, isStream, payloadOf, prepareAnswer, switchedPayload, type Replier } from './answer.js';
import { contentTypeHeader } from './media.js';
import { switchProtocols, upgradeOf } from './upgrade.js';

export type { Replier, StatusPlan } from './answer.js';

const byteLength = (text: string): number => Buffer.byteLength(text);

export function send(p: Replier, req: IncomingMessage, res: ServerResponse, op: OperationSpec, response: HandlerResponse): void {
  const answer = prepareAnswer(p, op, response);
  const contentType = answer.contentType;
  if (response.status === 101) {
    switchProtocolsAnswer(p, req, res, op, response, contentType, { ...response.headers });
    return;
  }
  const body = response.body;
  if (body === undefined) {
    res.writeHead(response.status, { ...response.headers });
    res.end();
    return;
  }
  if (isStream(body)) {
    const headers: Record<string, string | number | string[]> = { ...response.headers };
    if (contentType) headers['content-type'] = contentTypeHeader(contentType);
    res.writeHead(response.status, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    // pipeline() destroys the source when the client goes away, so an endless stream stops too.
    pipeline(body instanceof Readable ? body : Readable.from(body), res, (err) => {
      if (err && err.code !== 'ERR_STREAM_PREMATURE_CLOSE') p.options.onError?.(err, op.id);
    });
    return;
  }
  const { payload, length } = payloadOf(p, op, response, answer, byteLength);
  const header = contentTypeOf(answer);
  if (response.headers === undefined) {
    // The common answer: its two headers written at once, without copying.
    res.writeHead(response.status, header === undefined ? { 'content-length': length } : { 'content-type': header, 'content-length': length });
  } else {
    const headers: Record<string, string | number | string[]> = { ...response.headers };
    if (header !== undefined) headers['content-type'] = header;
    headers['content-length'] = length;
    res.writeHead(response.status, headers);
  }
  res.end(req.method === 'HEAD' ? undefined : payload);
}

/** A 101: the connection is handed over and the body streams raw on it until it ends. */
function switchProtocolsAnswer(
  p: Replier,
  req: IncomingMessage,
  res: ServerResponse,
  op: OperationSpec,
  response: HandlerResponse,
  contentType: string | undefined,
  headers: Record<string, string | number | string[]>,
): void {
  const upgrade = upgradeOf(req);
  if (!upgrade) throw new HttpError(500, `handler answered 101 to ${op.id}, but the request did not ask to upgrade`);
  const body = response.body;
  // Serialize first: once the 101 is written, an error can no longer be answered.
  const payload = switchedPayload(p, op, response, contentType);
  if (contentType && body !== undefined) headers['content-type'] = contentTypeHeader(contentType);
  const socket = switchProtocols(res, upgrade, headers);
  if (isStream(body)) {
    pipeline(body instanceof Readable ? body : Readable.from(body), socket, (err) => {
      if (err && err.code !== 'ERR_STREAM_PREMATURE_CLOSE') p.options.onError?.(err, op.id);
    });
    return;
  }
  socket.end(payload);
}
