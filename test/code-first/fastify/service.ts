/**
 * The Fastify orders service (app.ts): its contract is what @fastify/swagger emits once the routes
 * are ready, and it is started, correct or with faults, on 127.0.0.1.
 */
import type { Fault } from '../faults.js';
import type { CodeFirstService, RunningService } from '../support.js';
import { createFastifyOrders } from './app.js';

export const fastifyService: CodeFirstService = {
  name: 'Fastify',
  // Its routes declare no 400, which Fastify's validation answers to invalid input.
  contractGaps: ['status_code_conformance: status 400 to invalid input'],
  async contract(): Promise<object> {
    const app = await createFastifyOrders('unused', new Set());
    try {
      return app.swagger() as object;
    } finally {
      await app.close();
    }
  },
  async start(token: string, faults: ReadonlySet<Fault>): Promise<RunningService> {
    const app = await createFastifyOrders(token, faults);
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    return { url, close: () => app.close() };
  },
};
