/**
 * The fetch handler on Node's own HTTP server. `PORT` (0: any free port), `PETS_API_KEY`, and
 * `PETS_FAULT=1` to switch on the deliberate fault. Prints the API's base URL once listening.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeListener } from '@specforge/runtime/server';
import { createApp } from './app.js';

const app = createApp({ apiKey: process.env['PETS_API_KEY'] ?? 'dev-key', fault: process.env['PETS_FAULT'] === '1' });
const server = createServer(toNodeListener(app));
server.listen(Number(process.env['PORT'] ?? 8080), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}/api`);
});
