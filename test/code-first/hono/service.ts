/**
 * The Hono orders service (app.ts): its contract is what @hono/zod-openapi's getOpenAPIDocument
 * emits, and it is started, correct or with faults, on 127.0.0.1 with @hono/node-server.
 */
import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Fault } from '../faults.js';
import { listen, type CodeFirstService, type RunningService } from '../support.js';
import { createHonoOrders, honoContract } from './app.js';

export const honoService: CodeFirstService = {
  name: 'Hono',
  contract(): Promise<object> {
    return Promise.resolve(honoContract(createHonoOrders('unused', new Set())));
  },
  start(token: string, faults: ReadonlySet<Fault>): Promise<RunningService> {
    const app = createHonoOrders(token, faults);
    return listen(createServer(getRequestListener(app.fetch)));
  },
};
