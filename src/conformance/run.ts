/**
 * The conformance engine: requests derived from a contract sent to a server (any `fetch`: a live
 * URL, an in-process handler), each answer checked against the contract.
 *
 * Phases, each optional:
 * - examples: every documented request example (or one sampled from the schemas);
 * - negative: requests made invalid in one place at a time, which must be refused with a 4xx;
 * - coverage: boundary values (accepted inside, refused just outside), a method each path does not
 *   declare (405), content negotiation (Accept);
 * - fuzz: property-based requests generated from the schemas (fast-check, seeded), shrunk to the
 *   smallest failing request;
 * - stateful: create, read, list and delete chains over the contract's x-specforge-resources, and
 *   a seeded random sequence per collection checked against a model of what should be stored;
 * - security: each secured operation without its credential, and with a malformed one.
 *
 * This module runs the phases in order (phases/*.ts, one module each); what they share (sending,
 * bounded reading, the checks, failure recording with redaction) is exchange.ts, the option and
 * report types types.ts.
 */
import type { ConformanceFailure, ConformanceOptions, ConformanceReport } from './types.js';
import { PHASES } from './types.js';
import { checkedAuth } from './auth-flags.js';
import { RunContext, StopRun } from './exchange.js';
import { coverage } from './phases/coverage.js';
import { examples } from './phases/examples.js';
import { fuzz } from './phases/fuzz.js';
import { links } from './phases/links.js';
import { negative } from './phases/negative.js';
import { security } from './phases/security.js';
import { stateful } from './phases/stateful.js';
import { declaredResponse } from './checks.js';
import { exampleRequest } from './requests.js';

export { DEFAULT_MAX_JSON_DEPTH, DEFAULT_MAX_RESPONSE_BYTES, PHASES } from './types.js';
export type { CheckTally, ConformanceFailure, ConformanceOptions, ConformanceReport, OperationReport, Phase, SkippedCheck } from './types.js';

/** Runs the conformance phases against a server and reports per operation and check. */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  // `auth` names schemes as --auth does: a misspelt one is refused before any request.
  const auth = checkedAuth(options.model, options.auth);
  const ctx = new RunContext(auth === undefined ? options : { ...options, auth });
  const phases = options.phases ?? PHASES;
  try {
    for (const phase of PHASES) {
      if (!phases.includes(phase)) continue;
      ctx.phase = phase;
      if (process.env['SPECFORGE_CONFORMANCE_TRACE']) process.stderr.write(`${phase} at ${Date.now() - ctx.started} ms, ${ctx.report.requests} requests\n`);
      if (phase === 'examples') await examples(ctx);
      else if (phase === 'negative') await negative(ctx);
      else if (phase === 'coverage') await coverage(ctx);
      else if (phase === 'fuzz') await fuzz(ctx);
      else if (phase === 'stateful') {
        await stateful(ctx);
        await links(ctx);
      } else await security(ctx);
    }
  } catch (error) {
    if (!(error instanceof StopRun)) throw error;
  }
  ctx.report.durationMs = Date.now() - ctx.started;
  return ctx.report;
}

/** A request that reproduces a failure, for messages: `GET /x -> 500 (check): message`. */
export function describeFailure(f: ConformanceFailure): string {
  return `${f.check} ${f.operationId} [${f.phase}, ${f.request.origin}] ${f.request.method} ${f.request.url}${f.response ? ` -> ${f.response.status}` : ''}: ${f.message}${f.location ? ` (#${f.location})` : ''}`;
}

export { declaredResponse, exampleRequest };
