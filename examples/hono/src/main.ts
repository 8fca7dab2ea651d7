/**
 * The Hono app on Node through @hono/node-server. `PORT` (0: any free port), `PETS_API_KEY`, and
 * `PETS_FAULT=1` to switch on the deliberate fault. Prints the API's base URL once listening.
 */
import { serve } from '@hono/node-server';
import { createApp } from './app.js';

const app = createApp({ apiKey: process.env['PETS_API_KEY'] ?? 'dev-key', fault: process.env['PETS_FAULT'] === '1' });
serve({ fetch: app.fetch, hostname: '127.0.0.1', port: Number(process.env['PORT'] ?? 8080) }, (info) => {
  console.log(`listening on http://127.0.0.1:${info.port}/api`);
});
