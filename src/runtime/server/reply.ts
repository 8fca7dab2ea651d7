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
import { DEFAULT_HEARTBEAT_MS, ItemPump, itemPlanOf, streamHeaders } from './stream-items.js';

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
  const items = itemPlanOf(p, op, answer, body);
  if (items !== undefined) {
    res.writeHead(response.status, streamHeaders(items, response.headers));
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    // The headers go out now: a client sees the answer before the first item.
    res.flushHeaders();
    const pump = new ItemPump(body, op, items, p.options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS, p.options.onError);
    writeItems(pump, res);
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

/**
 * Writes what the pump gives, waiting for 'drain' when the socket's buffer is full (backpressure);
 * a client that leaves (the response closes before it ends) closes the pump, ending the handler's
 * iterator.
 */
function writeItems(pump: ItemPump, res: ServerResponse): void {
  const left = (): void => {
    if (!res.writableEnded) pump.close();
  };
  res.once('close', left);
  const drained = (): Promise<void> =>
    new Promise((resolve) => {
      const done = (): void => {
        res.off('drain', done);
        res.off('close', done);
        resolve();
      };
      res.on('drain', done);
      res.on('close', done);
    });
  const loop = async (): Promise<void> => {
    for (;;) {
      const chunk = await pump.pull();
      if (res.destroyed) return;
      if (chunk === null) {
        res.end();
        return;
      }
      if (!res.write(chunk)) await drained();
    }
  };
  loop().catch(() => {
    pump.close();
    res.destroy();
  });
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
