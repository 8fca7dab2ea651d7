/**
 * The examples phase: every documented request example (or one sampled from the schemas), which must be accepted.
 */
import type { RunContext } from '../exchange.js';
import { exampleRequests } from '../requests.js';

export async function examples(ctx: RunContext): Promise<void> {
  for (const request of exampleRequests(ctx.model)) {
    const op = ctx.operations.find((o) => o.id === request.operationId);
    if (!op) continue;
    await ctx.exchange(op, 'examples', request, `example ${request.bodyExample ?? 'parameters'}`, 'positive');
  }
}
