/**
 * `@specforge/runtime/express`: a generated server (the listener `createServer(handlers)` returns)
 * inside a Express application. Express itself is the application's dependency, not the runtime's.
 */
export {
  specforgeExpress,
  bodyParserFailure,
  type ExpressErrorMiddleware,
  type ExpressMiddleware,
  type ExpressNext,
  type ExpressRequestLike,
  type SpecforgeExpressMiddleware,
} from '../server/adapters/express.js';
export { keepRawBody } from '../server/adapters/common.js';
