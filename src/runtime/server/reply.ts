/**
 * The reply stage: the handler's answer checked against the declared responses (when asked),
 * serialized in its content type, streamed, or written on a switched (101) connection.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline, Readable } from 'node:stream';
import { detailsFromAjv, HttpError } from '../shared/errors.js';
import type { OperationSpec } from '../shared/spec.js';
import type { HandlerResponse, ServerOptions, ValidatorsModule } from './context.js';
import { contentTypeHeader, isJsonMediaType, matchMediaType, mediaTypeOf, responseKey } from './media.js';
import type { SerializeFunction, SerializersModule } from './serialize.js';
import { switchProtocols, upgradeOf } from './upgrade.js';

/** What the reply stage reads of the server. */
export interface Replier {
  readonly validators: ValidatorsModule;
  readonly options: ServerOptions;
  /** Generated serializers by operation, response key and media type (servers generated before them have none). */
  readonly serializers?: SerializersModule | undefined;
}

function isStream(body: unknown): body is AsyncIterable<unknown> | Readable {
  return body instanceof Readable || (body !== null && typeof body === 'object' && Symbol.asyncIterator in body && !Buffer.isBuffer(body));
}

function serialize(body: unknown, contentType: string | undefined, serializer: SerializeFunction | undefined): string | Buffer {
  if (Buffer.isBuffer(body)) return body;
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (typeof body === 'string' && !(contentType && isJsonMediaType(contentType) && contentType !== '*/*')) return body;
  return serializer === undefined ? JSON.stringify(body) : serializer(body);
}

/**
 * The generated serializer of the declared media type the answer is sent as: the first declared
 * type when the handler names none, else the one its content type matches.
 */
function serializerOf(p: Replier, op: OperationSpec, key: string | undefined, response: HandlerResponse, declared: readonly string[] | undefined): SerializeFunction | undefined {
  const byType = key === undefined || p.serializers === undefined ? undefined : p.serializers[op.id]?.[key];
  if (byType === undefined || declared === undefined) return undefined;
  const type = response.contentType === undefined ? declared[0] : declared.includes(response.contentType) ? response.contentType : matchMediaType(declared, mediaTypeOf(response.contentType) ?? '');
  return type !== undefined && Object.hasOwn(byType, type) ? byType[type] : undefined;
}

export function send(p: Replier, req: IncomingMessage, res: ServerResponse, op: OperationSpec, response: HandlerResponse): void {
  const key = responseKey(op.responses, response.status);
  const declared = key ? op.responses[key] : undefined;
  const contentType = response.contentType ?? declared?.types[0];
  if (p.options.validateResponses) {
    if (!declared) {
      throw new HttpError(500, `handler answered status ${response.status}, which operation ${op.id} does not declare`, [
        { in: 'response', message: `status ${response.status} is not declared` },
      ]);
    }
    if (response.body !== undefined) {
      if (declared.types.length === 0) {
        throw new HttpError(500, `handler answered ${response.status} with a body, which the contract does not declare`, [
          { in: 'response', message: 'no body is declared' },
        ]);
      }
      const actual = contentType ? mediaTypeOf(contentType) : undefined;
      const mt = actual ? matchMediaType(declared.types, actual) : undefined;
      if (!mt) {
        throw new HttpError(500, `handler answered ${response.status} as ${actual ?? 'no content type'}, which operation ${op.id} does not declare`, [
          { in: 'response', message: `content type ${actual ?? '(none)'} is not declared; use ${declared.types.join(' or ')}` },
        ]);
      }
      const fn = key && !response.verified ? p.validators.operationValidators[op.id]?.responses[key]?.[mt] : undefined;
      if (fn && !isStream(response.body) && !Buffer.isBuffer(response.body) && !(response.body instanceof Uint8Array) && !fn(response.body)) {
        throw new HttpError(500, `${response.origin ?? "the handler's response"} does not match the contract for ${op.id} ${response.status}`, detailsFromAjv("response", fn.errors));
      }
    }
  }
  const headers: Record<string, string | number | string[]> = { ...response.headers };
  if (response.status === 101) {
    switchProtocolsAnswer(p, req, res, op, response, contentType, headers);
    return;
  }
  if (response.body === undefined) {
    res.writeHead(response.status, headers);
    res.end();
    return;
  }
  if (contentType) headers['content-type'] = contentTypeHeader(contentType);
  if (isStream(response.body)) {
    res.writeHead(response.status, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    // pipeline() destroys the source when the client goes away, so an endless stream stops too.
    pipeline(response.body instanceof Readable ? response.body : Readable.from(response.body), res, (err) => {
      if (err && err.code !== 'ERR_STREAM_PREMATURE_CLOSE') p.options.onError?.(err, op.id);
    });
    return;
  }
  // A single message of an NDJSON stream still ends with its newline, as stream readers expect.
  const ndjson = contentType !== undefined && declared?.ndjson?.includes(contentType) === true;
  const serialized = response.payload ?? serialize(response.body, contentType, serializerOf(p, op, key, response, declared?.types));
  const payload = ndjson ? `${serialized.toString()}\n` : serialized;
  headers['content-length'] = Buffer.byteLength(payload);
  res.writeHead(response.status, headers);
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
  const key = responseKey(op.responses, response.status);
  const serializer = serializerOf(p, op, key, response, key === undefined ? undefined : op.responses[key]?.types);
  const payload = body === undefined || isStream(body) ? undefined : (response.payload ?? serialize(body, contentType, serializer));
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
