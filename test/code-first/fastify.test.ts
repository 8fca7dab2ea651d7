/**
 * The code-first suite (suite.ts) on the Fastify orders service (fastify/), its contract emitted by
 * @fastify/swagger at test time.
 */
import { fastifyService } from './fastify/service.js';
import { codeFirstSuite } from './suite.js';

codeFirstSuite(fastifyService);
