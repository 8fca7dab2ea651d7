/**
 * The examples phase: every documented request example (or one sampled from the schemas), which
 * must be accepted. Examples are judged first by the contract's own validators: one that breaks its
 * schema is the contract's defect, reported once where it is written (exchange.ts, exampleFinding)
 * and never sent as valid data.
 */
import type { RunContext } from '../exchange.js';
import { buildRequest, emptyBody } from '../requests.js';
import { emptyQueryValue } from './fuzz.js';

export async function examples(ctx: RunContext): Promise<void> {
  for (const op of ctx.operations) {
    const values = ctx.exampleValues(op);
    const examples = ctx.validBodyExamples(op);
    const base = ctx.exampleBody(op);
    const bodies = examples.length > 0 ? examples.map((b) => ({ ...b, valid: true })) : [base];
    for (const body of bodies) {
      const request = buildRequest(ctx.model, op, values, body);
      // A sampled body the validators refuse (a schema no value can meet) is sent, its answer checked, but not as valid data.
      // A required body that goes empty (a form with no field) is a missing body, not valid data.
      const valid =
        (body === undefined || body.valid) && !(op.requestBody?.required === true && body !== undefined && emptyBody(request)) && !emptyQueryValue(values);
      const origin = `example ${body === undefined ? 'parameters' : body.name === 'sampled' ? 'sampled from the schema' : body.name}`;
      await ctx.exchange(op, 'examples', request, valid ? origin : `${origin} (which the contract's schema refuses)`, valid ? 'positive' : 'any');
    }
  }
}
