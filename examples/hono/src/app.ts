/**
 * The application: a Hono app with its own routes, and the generated fetch handler mounted for
 * the API's paths (`/api/*`, the contract's base path), where it validates every request and answer.
 */
import { Hono } from 'hono';
import { honoHandler } from '@specforge/runtime/fetch';
import { createFetchHandler } from './generated/fetch.js';
import { petHandlers } from '../../shared/registry-pets.js';

export interface AppOptions {
  apiKey: string;
  fault?: boolean;
}

export function createApp(options: AppOptions): Hono {
  const api = createFetchHandler(petHandlers({ fault: options.fault === true }), {
    security: { apiKey: (credential) => credential.credential === options.apiKey },
  });
  const app = new Hono();
  app.get('/health', (c) => c.json({ ok: true }));
  app.all('/api/*', honoHandler(api));
  return app;
}
