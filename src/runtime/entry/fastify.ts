/**
 * `@specforge/runtime/fastify`: a generated server (the listener `createServer(handlers)` returns)
 * inside a Fastify application. Fastify itself is the application's dependency, not the runtime's.
 */
export {
  specforgeFastify,
  fastifyPath,
  type FastifyInstanceLike,
  type FastifyPluginLike,
  type FastifyReplyLike,
  type FastifyRequestLike,
} from '../server/adapters/fastify.js';
