/**
 * The fuzz phase: property-based requests generated from the schemas (fast-check, seeded), the
 * smallest failing one (shrunk) sent once more and reported.
 */
import fc from 'fast-check';
import type { OperationModel, ParameterModel } from '../../contract/model.js';
import { isRecord } from '../../contract/pointer.js';
import { mockTables } from '../../contract/tables/api.js';
import { sampleSchema } from '../../runtime/shared/sample.js';
import { schemaArbitrary } from '../arbitrary.js';
import { schemaType, type CheckFailure } from '../checks.js';
import type { RunContext } from '../exchange.js';
import { isOpaqueCursor } from '../paging.js';
import { buildRequest, emptyBody, requestMedia, serializeParameter, type ExampleRequest } from '../requests.js';

/** A value of a parameter that carries JSON (in base64 for x-specforge-base64-json), sampled from its schema. */
function structuredValue(ctx: RunContext, p: ParameterModel): unknown {
  const ref = isRecord(p.schema) ? (p.schema['x-specforge-base64-json'] ?? p.extensions['x-specforge-base64-json']) : undefined;
  if (typeof ref === 'string') {
    const target = ctx.resolve(ref);
    return Buffer.from(JSON.stringify(sampleSchema(target ?? {}, { resolve: ctx.resolve, seed: 1 }))).toString('base64url');
  }
  return p.required ? sampleSchema(p.schema, { resolve: ctx.resolve, seed: 1 }) : undefined;
}

export async function fuzz(ctx: RunContext): Promise<void> {
  const runs = ctx.options.maxExamples ?? 20;
  if (runs <= 0) return;
  // A page token is valid only when the server issued it: generated requests leave it out.
  const tokens = new Map<string, string>();
  for (const r of mockTables(ctx.model).resources) {
    if (r.operations.list && r.pagination?.style === 'token') tokens.set(r.operations.list, r.pagination.token);
  }
  for (const [index, op] of ctx.operations.entries()) {
    const params: Record<string, fc.Arbitrary<unknown>> = {};
    const required: string[] = [];
    const byKey = new Map<string, ParameterModel>();
    op.parameters.forEach((p, i) => {
      if (p.in === 'cookie') return;
      const key = `p${i}`;
      byKey.set(key, p);
      const kind = schemaType(isRecord(p.schema) && typeof p.schema['$ref'] === 'string' ? ctx.resolve(p.schema['$ref']) : p.schema);
      // An opaque cursor (a page token the server issues) sampled from its schema is no valid data: left out.
      if ((tokens.get(op.id) === p.name || isOpaqueCursor(p, ctx.resolve)) && !p.required) {
        params[key] = fc.constant(undefined);
      } else if (
        p.contentType !== undefined ||
        p.extensions['x-specforge-base64-json'] !== undefined ||
        (isRecord(p.schema) && p.schema['x-specforge-base64-json'] !== undefined) ||
        (p.in === 'header' && (kind === 'object' || kind === 'array'))
      ) {
        // A structured header (JSON in base64, say) keeps its documented value, or one made from its schema.
        params[key] = fc.constant(ctx.exampleValues(op).get(p) ?? structuredValue(ctx, p));
      } else if (p.in === 'header') {
        // Header values are visible ASCII: what a client can send at all.
        params[key] = schemaArbitrary(p.schema, ctx.resolve)
          .filter((v) => v !== null)
          .map((v) => (typeof v === 'string' ? v.replace(/[^\x21-\x7e]/g, '_') : v));
      } else if (p.in === 'path') {
        // A path segment is never empty: "/images//get" names no operation.
        params[key] = schemaArbitrary(p.schema, ctx.resolve).map((v) => (v === '' || v === null || (Array.isArray(v) && v.length === 0) ? 'x' : v));
      } else {
        // A query string has no null: "limit=null" is the text "null", which a nullable number is
        // not (no serialization of null is defined for parameters), so null is never generated here.
        params[key] = schemaArbitrary(p.schema, ctx.resolve).filter((v) => v !== null);
      }
      if (p.required) required.push(key);
    });
    const media = requestMedia(op);
    const bodyArb =
      op.requestBody && media && op.method !== 'get' && op.method !== 'head' ? schemaArbitrary(media.schema, ctx.resolve) : fc.constant(undefined);
    const arbitrary = fc.record({ params: fc.record(params, { requiredKeys: required }), body: bodyArb });
    const toRequest = (c: { params: Record<string, unknown>; body: unknown }): { request: ExampleRequest; valid: boolean } => {
      const values = new Map<ParameterModel, unknown>();
      for (const [k, v] of Object.entries(c.params)) {
        const p = byKey.get(k);
        if (p) values.set(p, v);
      }
      const body = media && c.body !== undefined ? { media, value: c.body, name: 'generated' } : undefined;
      const request = buildRequest(ctx.model, op, values, body);
      // A required body that serializes to nothing (no bytes, a multipart body without a part) is a missing body.
      const sentBody = !emptyBody(request);
      const valid =
        ctx.paramsValid(op, values) &&
        !emptyQueryValue(values) &&
        (!sentBody
          ? !(op.requestBody?.required ?? false) || op.method === 'get' || op.method === 'head'
          : ctx.bodyValid(op, media?.type ?? '', c.body) !== false);
      return { request, valid };
    };
    // A case fails only on a fault not reported yet (by the examples, or an earlier round): after a
    // failure is shrunk and reported, the search goes on with a new seed, so that one fault (or a
    // false alarm) does not hide another of the same operation. Bounded: at most MAX_ROUNDS
    // rounds of `runs` cases each per operation.
    const property = fc.asyncProperty(arbitrary, async (c) => {
      const { request, valid } = toRequest(c);
      const failures = await exchangeQuiet(ctx, op, request, valid);
      return failures.every((f) => ctx.known(op, f));
    });
    const t0 = Date.now();
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const seed = ctx.seed + index + round * 7919;
      const result = await fc.check(property, { numRuns: runs, seed, endOnFailure: false, verbose: 0 });
      if (!result.failed || !result.counterexample) break;
      // The smallest failing request, sent once more and reported.
      const [c] = result.counterexample;
      const { request, valid } = toRequest(c);
      const before = ctx.report.failures.length;
      await ctx.exchange(op, 'fuzz', request, `generated (seed ${seed}, shrunk)`, valid ? 'positive' : 'any');
      // A fault that did not show again (a flaky answer) ends the search of this operation.
      if (ctx.report.failures.length === before) break;
    }
    if (process.env['SPECFORGE_CONFORMANCE_TRACE'] && Date.now() - t0 > 200) process.stderr.write(`  fuzz ${op.id}: ${Date.now() - t0} ms\n`);
  }
}

/** Rounds of the fuzz phase per operation: at most this many distinct faults are looked for. */
const MAX_ROUNDS = 5;

/** A fuzz case: the checks without recording (fast-check shrinks before one is reported); passes are counted. */
async function exchangeQuiet(ctx: RunContext, op: OperationModel, request: ExampleRequest, valid: boolean): Promise<CheckFailure[]> {
  const { response, error } = await ctx.send(request, 'generated');
  if (!response)
    return error && !error.startsWith('not sendable') && !ctx.options.dryRun ? [{ check: 'not_a_server_error', message: `no answer: ${error}` }] : [];
  const failed: CheckFailure[] = [];
  for (const r of ctx.judge(op, request.method, response, 'generated', valid ? 'positive' : 'any')) {
    if (!ctx.enabled.has(r.check)) continue;
    if (r.failure) failed.push(r.failure);
    else ctx.tally(op, r.check, true);
  }
  return failed;
}

/** Whether a query parameter goes empty (`name=`) where the contract does not allow an empty value (allowEmptyValue). */
export function emptyQueryValue(values: ReadonlyMap<ParameterModel, unknown>): boolean {
  for (const [p, v] of values) {
    if (p.in !== 'query' || p.allowEmptyValue === true || v === undefined || p.contentType !== undefined) continue;
    const serialized = serializeParameter(p, v);
    if (Array.isArray(serialized) && serialized.some(([, text]) => text === '')) return true;
  }
  return false;
}
