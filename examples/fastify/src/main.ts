/** Starts the example on 127.0.0.1 (PORT, default 3000; 0 picks a free port) and prints its address. */
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';

const app = await createApp();
await app.listen({ port: Number(process.env['PORT'] ?? 3000), host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
console.log(`listening on http://127.0.0.1:${port}/api/v1`);
