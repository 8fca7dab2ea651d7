/**
 * The examples phase: every documented request example (or one sampled from the schemas), which must be accepted.
 */
import type { RunContext } from '../exchange.js';
import { exampleRequests, requestMedia } from '../requests.js';

export async function examples(ctx: RunContext): Promise<void> {
  for (const request of exampleRequests(ctx.model, ctx.validators)) {
    const op = ctx.operations.find((o) => o.id === request.operationId);
    if (!op) continue;
    // An example the contract's own validators refuse is the contract's mistake (lint reports it):
    // sent all the same, its answer checked, but its refusal is no finding against the server.
    const media = requestMedia(op);
    let refused = false;
    if (media && request.body !== undefined && /json/i.test(media.type)) {
      try {
        refused = ctx.bodyValid(op, media.type, JSON.parse(request.body) as unknown) === false;
      } catch {
        refused = false;
      }
    }
    const origin = `example ${request.bodyExample ?? 'parameters'}`;
    await ctx.exchange(op, 'examples', request, refused ? `${origin} (which the contract's schema refuses)` : origin, refused ? 'any' : 'positive');
  }
}
