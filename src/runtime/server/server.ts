/**
 * The node:http request listener behind every generated server: the shared pipeline (pipeline.ts:
 * route, parameters, credentials, body within a size limit, validation, handler) over node:http,
 * the answer validated and serialized (answer.ts) and written (reply.ts). Bad input is a 4xx in the
 * interface's error body; a failing handler is a 500; nothing a client sends crashes the process.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiSpec } from '../shared/spec.js';
import { hasBody, readBody } from './body/read.js';
import { parseMultipart } from './body/multipart.js';
import type { RouteOptions, ValidatorsModule } from './context.js';
import type { AnyHandler, RequestListener, ServerOptions } from './node-types.js';
import { fail, safeFail } from './fail.js';
import { clientErrorAnswer, continueChecker } from './node-http.js';
import { isPromiseLike, Pipeline, type Transport } from './pipeline.js';
import { send } from './reply.js';
import type { SerializersModule } from './serialize.js';
import { upgradeListenerFor, upgradeOf } from './upgrade.js';

export type * from './context.js';
// node:http's ctx.request (IncomingMessage) and the listener, over context.js's transport-free types.
export type { AnyHandler, HandlerContext, NodeTransport, RequestContext, RequestListener, SecurityVerifier, ServerOptions } from './node-types.js';
export { reply } from './context.js';
export { isJsonMediaType, matchMediaType, responseKey } from './media.js';
export { DEFAULT_HTTP_LIMITS, type HttpServerLimits } from './connections.js';
export { applyHttpLimits, continueChecker, createHttpServer } from './node-http.js';

/** node:http as the pipeline's transport: bodies read from the request stream, multipart by busboy, upgrades. */
const NODE_TRANSPORT: Transport<IncomingMessage> = {
  hasBody,
  readBody,
  parseMultipart: (raw, contentType, form, limit) => parseMultipart(raw as Buffer, contentType, form, { bodyLimit: limit }),
  upgrade: (req) => upgradeOf(req) !== undefined,
};

/** The pipeline over node:http: what it answers written to the ServerResponse, what it throws answered by fail(). */
function handle(pipeline: Pipeline<IncomingMessage>, req: IncomingMessage, res: ServerResponse, how?: RouteOptions): void {
  let operationId: string | undefined;
  try {
    const routed = pipeline.route(req, how);
    if (routed === undefined) return how?.miss?.();
    const op = routed.op;
    operationId = op.id;
    if (how?.failure !== undefined) throw how.failure;
    const response = pipeline.run(routed, req);
    if (isPromiseLike(response)) {
      response.then(
        (r) => {
          try {
            send(pipeline, req, res, op, r);
          } catch (err) {
            safeFail(pipeline, req, res, err, op.id);
          }
        },
        (err: unknown) => safeFail(pipeline, req, res, err, op.id),
      );
    } else send(pipeline, req, res, op, response);
  } catch (err) {
    fail(pipeline, req, res, err, operationId);
  }
}

/**
 * A `node:http` request listener serving `api` with `handlers`. `serializers` (generated from the
 * response schemas, by operation, response key and media type) write JSON answers in place of
 * JSON.stringify; without them (servers generated before they existed) every answer is JSON.stringify'd.
 */
export function createRequestListener(
  api: ApiSpec,
  validators: ValidatorsModule,
  handlers: Readonly<Record<string, AnyHandler>>,
  options: ServerOptions = {},
  serializers?: SerializersModule,
): RequestListener {
  const pipeline = new Pipeline(api, validators, handlers, options, NODE_TRANSPORT, serializers);
  const route = (req: IncomingMessage, res: ServerResponse, how?: RouteOptions): void => {
    try {
      handle(pipeline, req, res, how);
    } catch (err) {
      options.onError?.(err, undefined);
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"message":"internal error"}');
      } else res.destroy();
    }
  };
  const listener: RequestListener = (req, res) => route(req, res);
  listener.route = route;
  listener.api = api;
  listener.basePath = pipeline.basePath;
  listener.maxJsonDepth = pipeline.maxJsonDepth;
  listener.upgrade = upgradeListenerFor(listener);
  listener.clientError = clientErrorAnswer(api);
  listener.checkContinue = continueChecker(listener, options);
  return listener;
}
