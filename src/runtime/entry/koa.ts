/**
 * `@specforge/runtime/koa`: a generated server (the listener `createServer(handlers)` returns)
 * inside a Koa application. Koa itself is the application's dependency, not the runtime's.
 */
export { specforgeKoa, type KoaContextLike, type KoaMiddleware } from '../server/adapters/koa.js';
