/**
 * The Koa application: the generated server as middleware (under the contract's base path
 * /api/v1); paths the contract does not have go on to the next middleware.
 */
import Koa from 'koa';
import { specforgeKoa } from '@specforge/runtime/koa';
import { createServer } from './generated/pets/server.js';
import { petHandlers, serverOptions } from '../../shared/pets.js';

export function createApp(): Koa {
  const app = new Koa();
  app.use(specforgeKoa(createServer(petHandlers(), serverOptions)));
  app.use(async (ctx) => {
    if (ctx.path === '/health') ctx.body = { ok: true };
  });
  return app;
}
