/**
 * The reply stage without its transport: the handler's answer checked against the declared
 * responses (when asked), its content type decided and its body serialized, once per operation
 * and status where it can be. node:http (reply.ts) and fetch (fetch.ts) write what this decides.
 */
import { detailsFromAjv, HttpError } from '../shared/errors.js';
import type { OperationSpec, ResponseSpec } from '../shared/spec.js';
import type { HandlerResponse, ServerOptions, ValidatorsModule } from './context.js';
import { utf8Length } from './head.js';
import { contentTypeHeader, isJsonMediaType, matchMediaType, mediaTypeOf, responseKey } from './media.js';
import { knownByteLength, type SerializeFunction, type SerializersModule } from './serialize.js';

/** What the reply stage reads of the server. */
export interface Replier {
  readonly validators: ValidatorsModule;
  readonly options: ServerOptions<never>;
  /** Generated serializers by operation, response key and media type (servers generated before them have none). */
  readonly serializers?: SerializersModule | undefined;
  /** The reply plans of its operations, by status (built as answers are sent). */
  readonly replyPlans?: Map<OperationSpec, Map<number, StatusPlan>>;
}

/** A body that streams: a Readable, an async generator, any async iterable that is not bytes. */
export function isStream(body: unknown): body is AsyncIterable<unknown> {
  return body !== null && typeof body === 'object' && Symbol.asyncIterator in body && !(body instanceof Uint8Array);
}

export function serialize(body: unknown, contentType: string | undefined, serializer: SerializeFunction | undefined): string | Uint8Array {
  if (body instanceof Uint8Array) return body;
  if (typeof body === 'string' && !(contentType && isJsonMediaType(contentType) && contentType !== '*/*')) return body;
  return serializer === undefined ? JSON.stringify(body) : serializer(body);
}

/**
 * The generated serializer of the declared media type the answer is sent as: the first declared
 * type when the handler names none, else the one its content type matches.
 */
export function serializerOf(
  p: Replier,
  op: OperationSpec,
  key: string | undefined,
  response: HandlerResponse | undefined,
  declared: readonly string[] | undefined,
): SerializeFunction | undefined {
  const byType = key === undefined || p.serializers === undefined ? undefined : p.serializers[op.id]?.[key];
  if (byType === undefined || declared === undefined) return undefined;
  const type =
    response?.contentType === undefined
      ? declared[0]
      : declared.includes(response.contentType)
        ? response.contentType
        : matchMediaType(declared, mediaTypeOf(response.contentType) ?? '');
  return type !== undefined && Object.hasOwn(byType, type) ? byType[type] : undefined;
}

/**
 * What the reply stage decides once per operation and status: the response key, its declaration,
 * and, for an answer that names no content type, the type sent, its Content-Type header, its
 * serializer and whether it is an NDJSON stream. Built on the first answer of that status.
 */
export interface StatusPlan {
  key: string | undefined;
  declared: ResponseSpec | undefined;
  type: string | undefined;
  header: string | undefined;
  serializer: SerializeFunction | undefined;
  /** The default type is JSON (a string body is serialized as a JSON string, not sent as text). */
  json: boolean;
  ndjson: boolean;
  /** The declared type the default type matches (response validation). */
  matched: string | undefined;
  /** The last payload given already serialized (a mock's example, the same string every time) and its length in bytes. */
  lastPayload: string | Uint8Array | undefined;
  lastLength: number;
}

/** Plans of repliers that keep none of their own. */
const plans = new WeakMap<Replier, Map<OperationSpec, Map<number, StatusPlan>>>();

export function statusPlan(p: Replier, op: OperationSpec, status: number): StatusPlan {
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

/** An answer as the transport writes it. */
export interface Answer {
  status: number;
  plan: StatusPlan;
  /** The handler named a content type other than the plan's. */
  named: boolean;
  contentType: string | undefined;
}

/** Decides the answer's content type and, when the server validates responses, checks it against the contract. */
export function prepareAnswer(p: Replier, op: OperationSpec, response: HandlerResponse): Answer {
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
      // A stream of items (OpenAPI 3.2) is validated item by item as it is sent (stream-items.ts).
      const items = declared.items !== undefined && Object.hasOwn(declared.items, mt);
      if (fn && !items && !isStream(response.body) && !(response.body instanceof Uint8Array) && !fn(response.body)) {
        throw new HttpError(
          500,
          `${response.origin ?? "the handler's response"} does not match the contract for ${op.id} ${response.status}`,
          detailsFromAjv('response', fn.errors),
        );
      }
    }
  }
  return { status: response.status, plan, named, contentType };
}

/** The Content-Type header of an answer with a body, if any. */
export function contentTypeOf(a: Answer): string | undefined {
  return !a.contentType ? undefined : a.named ? contentTypeHeader(a.contentType) : a.plan.header;
}

/**
 * The serialized body of an answer that is neither empty nor a stream, and its length in bytes
 * (`byteLength` measures strings; node:http passes Buffer.byteLength).
 */
export function payloadOf(
  p: Replier,
  op: OperationSpec,
  response: HandlerResponse,
  a: Answer,
  byteLength: (text: string) => number = utf8Length,
): { payload: string | Uint8Array; length: number } {
  const { plan, named, contentType } = a;
  const body = response.body;
  let payload: string | Uint8Array;
  if (response.payload !== undefined) payload = response.payload;
  else if (named) payload = serialize(body, contentType, serializerOf(p, op, plan.key, response, plan.declared?.types));
  else if (body instanceof Uint8Array) payload = body;
  else if (typeof body === 'string' && !plan.json) payload = body;
  else payload = plan.serializer === undefined ? JSON.stringify(body) : plan.serializer(body);
  // A single message of an NDJSON stream still ends with its newline, as stream readers expect.
  if (named ? contentType !== undefined && plan.declared?.ndjson?.includes(contentType) === true : plan.ndjson) {
    payload = typeof payload === 'string' ? `${payload}\n` : withNewline(payload);
  }
  let length: number;
  if (typeof payload !== 'string') length = payload.length;
  else if (payload === plan.lastPayload) length = plan.lastLength;
  else {
    // A generated serializer's byte writer knows the length of what it wrote.
    const known = knownByteLength(payload);
    length = known >= 0 ? known : byteLength(payload);
    if (response.payload !== undefined) {
      plan.lastPayload = payload;
      plan.lastLength = length;
    }
  }
  return { payload, length };
}

function withNewline(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length + 1);
  out.set(bytes);
  out[bytes.length] = 10;
  return out;
}

/** The response key and serializer of a 101's body (written on the switched connection). */
export function switchedPayload(p: Replier, op: OperationSpec, response: HandlerResponse, contentType: string | undefined): string | Uint8Array | undefined {
  const body = response.body;
  const key = responseKey(op.responses, response.status);
  const serializer = serializerOf(p, op, key, response, key === undefined ? undefined : op.responses[key]?.types);
  return body === undefined || isStream(body) ? undefined : (response.payload ?? serialize(body, contentType, serializer));
}
