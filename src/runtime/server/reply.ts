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
  /** The reply plans of its operations, by status (built as answers are sent). */
  readonly replyPlans?: Map<OperationSpec, Map<number, StatusPlan>>;
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
function serializerOf(p: Replier, op: OperationSpec, key: string | undefined, response: HandlerResponse | undefined, declared: readonly string[] | undefined): SerializeFunction | undefined {
  const byType = key === undefined || p.serializers === undefined ? undefined : p.serializers[op.id]?.[key];
  if (byType === undefined || declared === undefined) return undefined;
  const type = response?.contentType === undefined ? declared[0] : declared.includes(response.contentType) ? response.contentType : matchMediaType(declared, mediaTypeOf(response.contentType) ?? '');
  return type !== undefined && Object.hasOwn(byType, type) ? byType[type] : undefined;
}

/**
 * What the reply stage decides once per operation and status: the response key, its declaration,
 * and, for an answer that names no content type, the type sent, its Content-Type header, its
 * serializer and whether it is an NDJSON stream. Built on the first answer of that status.
 */
export interface StatusPlan {
  key: string | undefined;
  declared: { types: string[]; ndjson?: string[] } | undefined;
  type: string | undefined;
  header: string | undefined;
  serializer: SerializeFunction | undefined;
  /** The default type is JSON (a string body is serialized as a JSON string, not sent as text). */
  json: boolean;
  ndjson: boolean;
  /** The declared type the default type matches (response validation). */
  matched: string | undefined;
  /** The last payload given already serialized (a mock's example, the same string every time) and its length in bytes. */
  lastPayload: string | Buffer | undefined;
  lastLength: number;
}

/** Plans of repliers that keep none of their own. */
const plans = new WeakMap<Replier, Map<OperationSpec, Map<number, StatusPlan>>>();

function statusPlan(p: Replier, op: OperationSpec, status: number): StatusPlan {
  let byOp = p.replyPlans ?? plans.get(p);
  if (byOp === undefined) {
    byOp = new Map();
    plans.set(p, byOp);
  }
  let byStatus = byOp.get(op);
  if (byStatus === undefined) {
    byStatus = new Map();
    byOp.set(op, byStatus);
  }
  let plan = byStatus.get(status);
  if (plan === undefined) {
    const key = responseKey(op.responses, status);
    const declared = key ? op.responses[key] : undefined;
    const type = declared?.types[0];
    const actual = type ? mediaTypeOf(type) : undefined;
    plan = {
      key,
      declared,
      type,
      header: type === undefined ? undefined : contentTypeHeader(type),
      serializer: serializerOf(p, op, key, undefined, declared?.types),
      json: type !== undefined && isJsonMediaType(type) && type !== '*/*',
      ndjson: type !== undefined && declared?.ndjson?.includes(type) === true,
      matched: declared && actual ? matchMediaType(declared.types, actual) : undefined,
      lastPayload: undefined,
      lastLength: 0,
    };
    // Statuses are few; a handler that answers arbitrary ones cannot grow the table without bound.
    if (byStatus.size < 64) byStatus.set(status, plan);
  }
  return plan;
}

export function send(p: Replier, req: IncomingMessage, res: ServerResponse, op: OperationSpec, response: HandlerResponse): void {
  const plan = statusPlan(p, op, response.status);
  // An answer that names the declared type it would get anyway (the mock's do) takes the plan too.
  const named = response.contentType !== undefined && response.contentType !== plan.type;
  const key = plan.key;
  const declared = plan.declared;
  const contentType = named ? response.contentType : plan.type;
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
      const mt = named ? (actual ? matchMediaType(declared.types, actual) : undefined) : plan.matched;
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
  let payload: string | Buffer;
  if (response.payload !== undefined) payload = response.payload;
  else if (named) payload = serialize(body, contentType, serializerOf(p, op, key, response, declared?.types));
  else if (Buffer.isBuffer(body)) payload = body;
  else if (body instanceof Uint8Array) payload = Buffer.from(body);
  else if (typeof body === 'string' && !plan.json) payload = body;
  else payload = plan.serializer === undefined ? JSON.stringify(body) : plan.serializer(body);
  // A single message of an NDJSON stream still ends with its newline, as stream readers expect.
  if (named ? contentType !== undefined && declared?.ndjson?.includes(contentType) === true : plan.ndjson) payload = `${payload.toString()}\n`;
  let length: number;
  if (typeof payload !== 'string') length = payload.length;
  else if (payload === plan.lastPayload) length = plan.lastLength;
  else {
    length = Buffer.byteLength(payload);
    if (response.payload !== undefined) {
      plan.lastPayload = payload;
      plan.lastLength = length;
    }
  }
  const header = !contentType ? undefined : named ? contentTypeHeader(contentType) : plan.header;
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
