/**
 * The Express application: its own routes, the generated server mounted as middleware (under the
 * contract's base path /api/v1), and Express's 404 for everything else.
 */
import express, { type Express } from 'express';
import { specforgeExpress } from '@specforge/runtime/express';
import { createServer } from './generated/pets/server.js';
import { petHandlers, serverOptions } from '../../shared/pets.js';

export function createApp(): Express {
  const app = express();
  app.get('/health', (_req, res) => {
    res.json({ ok: true });
  });
  // Paths the contract does not have go on to the next middleware.
  app.use(specforgeExpress(createServer(petHandlers(), serverOptions)));
  app.use((_req, res) => {
    res.status(404).json({ status: 404, message: 'not found' });
  });
  return app;
}
