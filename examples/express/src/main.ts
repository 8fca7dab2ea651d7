/** Starts the example on 127.0.0.1 (PORT, default 3000; 0 picks a free port) and prints its address. */
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';

const server = createApp().listen(Number(process.env['PORT'] ?? 3000), '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(`listening on http://127.0.0.1:${port}/api/v1`);
});
