/**
 * The Fastify application: its own route, and the generated server as a plugin that registers one
 * Fastify route per operation (under the contract's base path /api/v1), so Fastify's hooks,
 * logging and inject() see them; everything else is Fastify's 404.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { specforgeFastify } from '@specforge/runtime/fastify';
import { createServer } from './generated/pets/server.js';
import { petHandlers, serverOptions } from '../../shared/pets.js';

export async function createApp(): Promise<FastifyInstance> {
  const app = Fastify();
  app.get('/health', async () => ({ ok: true }));
  await app.register(specforgeFastify(createServer(petHandlers(), serverOptions)));
  return app;
}
