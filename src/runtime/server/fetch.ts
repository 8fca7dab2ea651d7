/**
 * The fetch-standard handler: `(request: Request) => Promise<Response>` over the shared pipeline,
 * with no `node:` module anywhere in its module graph, so the same generated server runs on Node,
 * Bun, Deno, workers runtimes and in a browser (behind a service worker or MSW). Everything the
 * node:http listener does but what only a socket can do: routing under the contract's base path,
 * parameters, credentials and verifiers, the body read from `request.body` within its limit,
 * validation, the handler, the answer validated and serialized or streamed, errors in the
 * contract's shape, 501 for an operation without a handler. Multipart bodies are parsed by
 * `Request.formData()`; protocol switches (101) have no fetch equivalent and answer 500.
 */
import { HttpError } from '../shared/errors.js';
import type { ApiSpec, FormSpec } from '../shared/spec.js';
import { contentTypeOf, isStream, payloadOf, prepareAnswer } from './answer.js';
import { DEFAULT_HEARTBEAT_MS, ItemPump, itemPlanOf, streamHeaders } from './stream-items.js';
import { collectParts, FetchUploadedFile, type UploadedPart } from './body/parts.js';
import type { AnyHandler, HandlerResponse, ServerOptions, ValidatorsModule } from './context.js';
import { errorAnswer } from './failure.js';
import { ClientClosed, type RequestHead } from './head.js';
import { contentTypeHeader } from './media.js';
import { Pipeline, type MultipartParsed, type Routed, type Transport } from './pipeline.js';
import type { SerializersModule } from './serialize.js';
import { markedTarget, REFUSE, type Refuse } from './target.js';

/** A fetch-standard request handler. */
export type FetchHandler = (request: Request) => Promise<Response>;

/**
 * The fetch handler's options: the server's. `basePath` (the path the API is served under, "/api/v1";
 * default the path of the contract's first `servers[].url`, `false` or '' for none): a request
 * outside it is a 404, and the rest of its path is routed (and is what handlers see as the target).
 */
export type FetchHandlerOptions = ServerOptions<FetchRequestHead>;

/**
 * What handlers see as `ctx.request` (and verifiers as `request`) behind the fetch handler: the
 * method, the target (path and query, the base path included, as node:http gives it) and the headers
 * by lower-case name, as node:http spells them, and the Request itself.
 */
export interface FetchRequestHead extends RequestHead {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly httpVersion: '1.1';
  /** The Request as the runtime handed it over (its body already read when the operation takes one). */
  readonly fetchRequest: Request;
}

/** Statuses that carry no body (the Fetch standard's null body statuses). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

const ENCODER = new TextEncoder();

/** The body of a request within `limit` bytes: a declared length over it is refused before reading, a stream past it as soon as it passes. */
async function readCapped(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw new HttpError(413, `request body of ${declared} bytes is larger than the limit of ${limit} bytes`);
  const body = request.body;
  if (body === null) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch {
      // The client went away mid-body (an aborted request): nothing to answer.
      throw new ClientClosed();
    }
    if (step.done) break;
    size += step.value.length;
    if (size > limit) {
      reader.cancel().catch(() => undefined);
      throw new HttpError(413, `request body is larger than the limit of ${limit} bytes`);
    }
    chunks.push(step.value);
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

const MAX_PARTS = 1000;

/** A multipart body parsed by the runtime's own `formData()`: fields as text, files as FetchUploadedFile. */
async function formDataParts(raw: Uint8Array, contentType: string, form: FormSpec | undefined): Promise<MultipartParsed> {
  let data: FormData;
  try {
    data = await new Response(raw as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType } }).formData();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new HttpError(400, `multipart body is malformed: ${message}`, [
      { in: 'body', pointer: '/', message: `is not valid multipart/form-data (${message})` },
    ]);
  }
  const fields: Array<[string, string, string]> = [];
  const files: Array<{ name: string; file: UploadedPart }> = [];
  const entries: Array<[string, FormDataEntryValue]> = [];
  data.forEach((value, name) => entries.push([name, value]));
  let count = 0;
  for (const [name, value] of entries) {
    if (++count > MAX_PARTS) {
      throw new HttpError(400, `multipart body is malformed: more than ${MAX_PARTS} parts`, [
        { in: 'body', pointer: '/', message: `is not valid multipart/form-data (more than ${MAX_PARTS} parts)` },
      ]);
    }
    if (typeof value === 'string') fields.push([name, value, 'text/plain']);
    else
      files.push({
        name,
        file: new FetchUploadedFile(
          name,
          value.name.replace(/^.*[\\/]/, ''),
          value.type || 'application/octet-stream',
          new Uint8Array(await value.arrayBuffer()),
        ),
      });
  }
  return collectParts(fields, files, form);
}

/** Characters that end a URL's authority (or open its userinfo): no Host header a client sends as a host carries one. */
const HOST_BREAKS_URL = /[/?#@\\\s]/;

/** The fetch Request as the pipeline's transport. */
const FETCH_TRANSPORT: Transport<FetchRequestHead> = {
  hasBody: (req) => req.fetchRequest.body !== null,
  readBody: (req, limit) => readCapped(req.fetchRequest, limit),
  parseMultipart: (raw, contentType, form) => formDataParts(raw, contentType, form),
};

/**
 * The head of a Request as the stages read it (the base path is the pipeline's to take off). Its
 * target is the one the request was sent with where an adapter noted it (target.ts), else its URL's
 * path and query.
 */
function headOf(request: Request): FetchRequestHead {
  const url = new URL(request.url);
  const target = markedTarget(request);
  if (target === undefined) {
    // The runtime built the URL, maybe from the Host header: a Host that would have moved the path
    // (`127.0.0.1/api/items/1?`) means the URL's path is not the one the client sent.
    const host = request.headers.get('host');
    if (host !== null && HOST_BREAKS_URL.test(host)) throw new HttpError(400, 'the Host header is not a host and port');
  }
  // Null-prototype: a header named like a member of Object.prototype stays a header.
  const headers = Object.create(null) as Record<string, string>;
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  // A Request carries its host in its URL only.
  headers['host'] ??= url.host;
  return { method: request.method, url: target ?? url.pathname + url.search, headers, httpVersion: '1.1', fetchRequest: request };
}

/** An async iterable (a generator, a Node Readable) as a web stream of bytes; strings as UTF-8, other values as JSON. */
function toWebStream(body: AsyncIterable<unknown>, onError: (err: unknown) => void): ReadableStream<Uint8Array> {
  const iterator = body[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const step = await iterator.next();
        if (step.done) {
          controller.close();
          return;
        }
        const v = step.value;
        controller.enqueue(v instanceof Uint8Array ? v : ENCODER.encode(typeof v === 'string' ? v : JSON.stringify(v)));
      } catch (err) {
        onError(err);
        controller.error(err);
      }
    },
    async cancel() {
      // A reader that cancels (a client that left) ends the handler's stream too.
      await iterator.return?.();
    },
  });
}

/** A pump as a web stream, pulled as its reader reads (nothing is produced ahead); a reader that cancels closes it. */
function itemWebStream(pump: ItemPump): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const chunk = await pump.pull();
        if (chunk === null) controller.close();
        else controller.enqueue(typeof chunk === 'string' ? ENCODER.encode(chunk) : chunk);
      },
      cancel() {
        pump.close();
      },
    },
    { highWaterMark: 0 },
  );
}

function responseOf(status: number, headers: Record<string, string | number | string[]>, body: BodyInit | null, head: boolean): Response {
  const out = new Headers();
  for (const [k, v] of Object.entries(headers)) {
    if (Array.isArray(v)) for (const item of v) out.append(k, String(item));
    else out.set(k, String(v));
  }
  return new Response(head || NULL_BODY.has(status) ? null : body, { status, headers: out });
}

/**
 * A fetch handler serving `api` with `handlers`: `(request: Request) => Promise<Response>`. It never
 * rejects: what goes wrong is answered in the contract's error shape (a handler that throws is a
 * 500 reported to `options.onError`).
 */
export function createFetchHandler(
  api: ApiSpec,
  validators: ValidatorsModule,
  handlers: Readonly<Record<string, AnyHandler<FetchRequestHead>>>,
  options: FetchHandlerOptions = {},
  serializers?: SerializersModule,
): FetchHandler {
  // The pipeline takes the base path off (options.basePath, else the contract's), as the node:http listener's does.
  const pipeline = new Pipeline(api, validators, handlers, options, FETCH_TRANSPORT, serializers);
  const failed = (err: unknown, operationId: string | undefined, head: boolean): Response => {
    try {
      // The client left mid-body: nobody reads the answer.
      if (err instanceof ClientClosed) return new Response(null, { status: 400 });
      const a = errorAnswer(pipeline, err, operationId);
      return responseOf(a.status, { ...a.headers, 'content-length': ENCODER.encode(a.payload).length }, a.payload, head);
    } catch (second) {
      options.onError?.(second, operationId);
      return new Response('{"message":"internal error"}', { status: 500, headers: { 'content-type': 'application/json' } });
    }
  };
  const answer = (op: Parameters<typeof prepareAnswer>[1], response: HandlerResponse, head: boolean): Response => {
    if (response.status === 101) throw new HttpError(500, `handler answered 101 to ${op.id}, but a fetch handler cannot switch protocols`);
    const a = prepareAnswer(pipeline, op, response);
    const body = response.body;
    if (body === undefined) return responseOf(response.status, { ...response.headers }, null, head);
    const items = itemPlanOf(pipeline, op, a, body);
    if (items !== undefined) {
      const headers = streamHeaders(items, response.headers);
      if (head) return responseOf(response.status, headers, null, head);
      const pump = new ItemPump(body, op, items, options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS, options.onError);
      return responseOf(response.status, headers, itemWebStream(pump), head);
    }
    if (isStream(body)) {
      const headers: Record<string, string | number | string[]> = { ...response.headers };
      if (a.contentType) headers['content-type'] = contentTypeHeader(a.contentType);
      return responseOf(response.status, headers, head ? null : toWebStream(body, (err) => options.onError?.(err, op.id)), head);
    }
    const { payload, length } = payloadOf(pipeline, op, response, a);
    const headers: Record<string, string | number | string[]> = { ...response.headers };
    const type = contentTypeOf(a);
    if (type !== undefined) headers['content-type'] = type;
    headers['content-length'] = length;
    return responseOf(response.status, headers, payload as BodyInit, head);
  };
  // A request the Fetch API could not carry (toNodeListener asks): routed for its 404, 405 or 400 as
  // any other, and a 501 where the contract declares the method (TRACE) on the path.
  const refuse: Refuse = (method, target, headers) => {
    let operationId: string | undefined;
    try {
      const bag = Object.create(null) as Record<string, string>;
      for (const [name, value] of Object.entries(headers)) bag[name] = value;
      const req: FetchRequestHead = { method, url: target, headers: bag, httpVersion: '1.1', fetchRequest: new Request('http://localhost/') };
      const routed = pipeline.route(req) as Routed;
      operationId = routed.op.id;
      throw new HttpError(501, `method ${method} cannot be carried by the Fetch API: ${routed.op.id} is not served by a fetch handler`);
    } catch (err) {
      return failed(err, operationId, method === 'HEAD');
    }
  };
  const handler: FetchHandler = async (request) => {
    const head = request.method === 'HEAD';
    let operationId: string | undefined;
    try {
      const req = headOf(request);
      const routed = pipeline.route(req) as Routed;
      operationId = routed.op.id;
      const response = await pipeline.run(routed, req);
      return answer(routed.op, response, head);
    } catch (err) {
      return failed(err, operationId, head);
    }
  };
  return Object.assign(handler, { [REFUSE]: refuse });
}
