/**
 * The pipeline's types as the fetch handler hands them to handlers and verifiers: `ctx.request` a
 * FetchRequestHead (the Request's method, target and headers, and the Request itself), a raw body
 * a Uint8Array, a multipart file a FetchUploadedFile. No `node:` type anywhere: what
 * `@specforge/runtime/fetch` exports type-checks without @types/node.
 */
import type { FetchUploadedFile } from './body/parts.js';
import type * as base from './context.js';
import type { FetchRequestHead } from './fetch.js';
import type * as typed from './types.js';
import type { TransportTypes } from './types.js';

/** What the fetch handler hands a handler: a FetchRequestHead, a raw body as a Uint8Array, a file part as a FetchUploadedFile. */
export interface FetchTransport extends TransportTypes {
  request: FetchRequestHead;
  bytes: Uint8Array;
  file: FetchUploadedFile;
}

/** What a handler receives behind the fetch handler. */
export type RequestContext<P = base.RequestParams, B = unknown, R = FetchRequestHead> = base.RequestContext<P, B, R>;
export type HandlerContext<R = FetchRequestHead> = base.HandlerContext<R>;
export type AnyHandler<R = FetchRequestHead> = base.AnyHandler<R>;
export type SecurityVerifier<R = FetchRequestHead> = base.SecurityVerifier<R>;
export type ServerOptions<R = FetchRequestHead> = base.ServerOptions<R>;
export type BodyOf<O, T extends TransportTypes = FetchTransport> = typed.BodyOf<O, T>;
export type ContextOf<O, Streams extends PropertyKey = never, T extends TransportTypes = FetchTransport, Items extends PropertyKey = never> = typed.ContextOf<
  O,
  Streams,
  T,
  Items
>;
export type Handler<O, Streams extends PropertyKey = never, T extends TransportTypes = FetchTransport, Items extends PropertyKey = never> = typed.Handler<
  O,
  Streams,
  T,
  Items
>;
