/**
 * `@specforge/runtime/express`: a generated server (the listener `createServer(handlers)` returns)
 * inside a Express application. Express itself is the application's dependency, not the runtime's.
 */
export { specforgeExpress, type ExpressMiddleware, type ExpressNext, type ExpressRequestLike } from '../server/adapters/express.js';
