/**
 * The coverage phase: what a contract's bounds and declarations promise, tried at their edges.
 *
 * - boundary values of parameters (path, query) and of every place of the example body (nested
 *   objects, array items, through allOf and single-branch oneOf/anyOf; body-places.ts):
 *   minimum and maximum (exclusive bounds too), minLength and maxLength, every enum value (up to
 *   eight), formats. Each value is classified by the contract's own validators: one they accept
 *   must be accepted by the server (positive_data_acceptance), one they refuse must be refused
 *   (negative_data_rejection), failures named as the negative phase names them, so that a fault
 *   found by both is reported once;
 * - unsupported_method: for each path, one method the path does not declare (PATCH, PUT, POST or
 *   DELETE, in that order of preference), sent without a body, must be answered 405 with an `Allow`
 *   header that does not list it (or 501, a method the server does not implement at all). A 401 or
 *   403 (authentication before routing) proves nothing either way, nor does a 404 on a templated
 *   path (the resource the example names may not exist); both are noted in `skipped`;
 * - content_type_negotiation, for GET operations whose success answer declares media types: an
 *   `Accept` no declared type fits is sent first; a server that answers it 406 negotiates, and each
 *   declared type asked for must then be answered in that type (not another, not 406). A server
 *   that answers it otherwise disregards Accept, which HTTP allows (RFC 9110 §12.5.1): no finding.
 *   A 406 the contract declares is no promise of negotiation (APIs use 406 for other refusals).
 */
import type { JsonSchema, OperationModel, ParameterModel } from '../../contract/model.js';
import { isRecord } from '../../contract/pointer.js';
import { bodyPlaces, effectiveSchema, placeName, setAt, takeInTurn } from '../body-places.js';
import { mediaMatches, schemaType } from '../checks.js';
import type { RunContext } from '../exchange.js';
import { isOpaqueCursor } from '../paging.js';
import { buildRequest, type ExampleRequest } from '../requests.js';

/** Requests of boundary values per operation, at most. */
const MAX_BOUNDARY_REQUESTS = 16;
/** Enum values sent per parameter or property, at most. */
const MAX_ENUM_VALUES = 8;
/** The methods tried on a path that does not declare them, in order: the first undeclared one is sent. */
const UNSUPPORTED_CANDIDATES = ['PATCH', 'PUT', 'POST', 'DELETE'] as const;
/** A media type no declared type fits (unless one is a wildcard). */
const UNACCEPTABLE = 'application/x-specforge-unacceptable';

export async function coverage(ctx: RunContext): Promise<void> {
  await unsupportedMethods(ctx);
  for (const op of ctx.operations) {
    await boundaries(ctx, op);
    await negotiation(ctx, op);
  }
}

interface Candidate {
  value: unknown;
  why: string;
}

/** Values at a schema's edges (valid or not: the validators decide), named as the negative phase names its mutations. */
export function boundaryValues(schema: JsonSchema | undefined, name: string, resolve: (ref: string) => JsonSchema | undefined): Candidate[] {
  const s = effectiveSchema(schema, resolve);
  if (!s) return [];
  const out: Candidate[] = [];
  const type = schemaType(s);
  if (Array.isArray(s['enum'])) {
    for (const v of s['enum'].slice(0, MAX_ENUM_VALUES)) out.push({ value: v, why: `${name} = ${JSON.stringify(v)} (an enum value)` });
    return out;
  }
  if (type === 'integer' || type === 'number') {
    const step = type === 'integer' ? 1 : 0.5;
    const min = typeof s['minimum'] === 'number' ? s['minimum'] : undefined;
    const max = typeof s['maximum'] === 'number' ? s['maximum'] : undefined;
    // OpenAPI 3.0's boolean exclusiveMinimum, or 3.1's number.
    const exMin = typeof s['exclusiveMinimum'] === 'number' ? s['exclusiveMinimum'] : s['exclusiveMinimum'] === true ? min : undefined;
    const exMax = typeof s['exclusiveMaximum'] === 'number' ? s['exclusiveMaximum'] : s['exclusiveMaximum'] === true ? max : undefined;
    if (exMin !== undefined) {
      out.push({ value: exMin + step, why: `${name} just above its exclusive minimum` });
      out.push({ value: exMin, why: `${name} at its exclusive minimum` });
    } else if (min !== undefined) {
      out.push({ value: min, why: `${name} at its minimum` });
      out.push({ value: min - step, why: `${name} below its minimum` });
    }
    if (exMax !== undefined) {
      out.push({ value: exMax - step, why: `${name} just below its exclusive maximum` });
      out.push({ value: exMax, why: `${name} at its exclusive maximum` });
    } else if (max !== undefined) {
      out.push({ value: max, why: `${name} at its maximum` });
      out.push({ value: max + step, why: `${name} above its maximum` });
    }
  } else if (type === 'string') {
    const minLength = typeof s['minLength'] === 'number' ? s['minLength'] : undefined;
    const maxLength = typeof s['maxLength'] === 'number' && s['maxLength'] <= 4096 ? s['maxLength'] : undefined;
    if (minLength !== undefined && minLength > 0) {
      out.push({ value: 'a'.repeat(minLength), why: `${name} at its minLength` });
      out.push({ value: 'a'.repeat(minLength - 1), why: `${name} shorter than its minLength` });
    }
    if (maxLength !== undefined) {
      out.push({ value: 'a'.repeat(Math.max(maxLength, minLength ?? 0)), why: `${name} at its maxLength` });
      out.push({ value: 'x'.repeat(maxLength + 1), why: `${name} longer than its maxLength` });
    }
    const format = typeof s['format'] === 'string' ? s['format'] : undefined;
    const sample = format === undefined ? undefined : FORMAT_SAMPLES[format];
    if (format !== undefined && sample !== undefined) {
      out.push({ value: sample, why: `${name} a valid ${format}` });
      out.push({ value: `not-a-${format}`, why: `${name} not a valid ${format}` });
    }
  }
  return out;
}

const FORMAT_SAMPLES: Record<string, string> = {
  date: '2024-02-29',
  'date-time': '2024-02-29T23:59:59Z',
  time: '23:59:59Z',
  email: 'a@example.org',
  uuid: '123e4567-e89b-12d3-a456-426614174000',
  uri: 'https://example.org/a',
  ipv4: '255.255.255.255',
  ipv6: '::1',
  hostname: 'example.org',
};

async function boundaries(ctx: RunContext, op: OperationModel): Promise<void> {
  const base = ctx.exampleValues(op);
  const body = ctx.exampleBody(op);
  // Only from a valid base: a case must differ from valid data in one place.
  if (!ctx.paramsValid(op, base) || (body !== undefined && !body.valid)) return;
  const cases: Array<{ request: ExampleRequest; origin: string; expect: 'positive' | 'negative' }> = [];
  for (const p of op.parameters) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    if (p.contentType !== undefined) continue;
    // An opaque cursor is valid only when the server issued it: no value of its schema is valid data.
    if (isOpaqueCursor(p, ctx.resolve)) continue;
    for (const c of boundaryValues(p.schema, p.name, ctx.resolve)) {
      // An empty path segment addresses no operation.
      if (p.in === 'path' && (c.value === '' || c.value === null)) continue;
      if (p.in === 'query' && c.value === '' && p.allowEmptyValue !== true) continue;
      const values = new Map<ParameterModel, unknown>(base);
      values.set(p, c.value);
      const valid = ctx.paramsValid(op, values);
      cases.push({ request: buildRequest(ctx.model, op, values, body), origin: c.why, expect: valid ? 'positive' : 'negative' });
    }
  }
  // Every place of the body (nested objects, array items, through allOf and single-branch
  // oneOf/anyOf), taken in turn so that no place crowds out the others.
  const bodyCases: Array<Array<(typeof cases)[number]>> = [];
  if (body && op.method !== 'get' && op.method !== 'head' && /json/i.test(body.media.type) && isRecord(body.value)) {
    const type = body.media.type;
    // Only the places the example has: a value filled in would be valid data the contract's author
    // never wrote, which a server may refuse for reasons no schema states (the negative phase fills
    // them in, where the case is invalid anyway).
    for (const place of bodyPlaces(body.value, body.media.schema, ctx.resolve, undefined)) {
      if (place.path.length === 0) continue;
      const own: Array<(typeof cases)[number]> = [];
      for (const c of boundaryValues(place.schema, `property ${placeName(place.path)}`, ctx.resolve)) {
        const value = setAt(place.root, place.path, c.value);
        const valid = ctx.bodyValid(op, type, value);
        if (valid === undefined) continue;
        own.push({ request: buildRequest(ctx.model, op, base, { ...body, value, name: c.why }), origin: c.why, expect: valid ? 'positive' : 'negative' });
      }
      bodyCases.push(own);
    }
  }
  cases.push(...takeInTurn(bodyCases, Math.max(0, MAX_BOUNDARY_REQUESTS - cases.length)));
  for (const c of cases.slice(0, MAX_BOUNDARY_REQUESTS)) await ctx.exchange(op, 'coverage', c.request, c.origin, c.expect);
}

/** Why unsupported_method is not tried on a path none of whose operations the run selected. */
export const NOT_SELECTED = 'no operation of the path is selected (--operations, --tags)';

/** The contract's paths none of whose operations is among `selected`, in the contract's order. */
export function unselectedPaths(model: RunContext['model'], selected: readonly OperationModel[]): string[] {
  const chosen = new Set(selected.map((op) => op.path));
  return [...new Set(model.operations.map((op) => op.path))].filter((path) => !chosen.has(path));
}

/**
 * unsupported_method on every path with at least one selected operation (or the paths
 * `unsupportedMethodPaths` gives this run), sent as that path's selected GET, else its first
 * selected operation, which the finding is reported on. A path left out is in the report's
 * `skipped`, with the reason.
 */
async function unsupportedMethods(ctx: RunContext): Promise<void> {
  if (!ctx.enabled.has('unsupported_method')) return;
  const byPath = new Map<string, OperationModel[]>();
  for (const op of ctx.model.operations) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  const given = ctx.options.unsupportedMethodPaths;
  if (given === undefined) for (const path of unselectedPaths(ctx.model, ctx.operations)) ctx.skip('unsupported_method', path, NOT_SELECTED);
  for (const [path, ops] of byPath) {
    const selected = ops.filter((o) => ctx.operations.includes(o));
    if (selected.length === 0 || (given !== undefined && !given.includes(path))) continue;
    if (path.includes('#')) {
      ctx.skip('unsupported_method', path, 'its operations are told apart by their query (a fragment in the template), not by method');
      continue;
    }
    const declared = new Set(ops.map((o) => o.method.toUpperCase()));
    const model = selected.find((o) => o.method === 'get') ?? (selected[0] as OperationModel);
    const template = buildRequest(ctx.model, model, ctx.exampleValues(model));
    // A URL another template also matches (/users/invite and /users/{id}) is that path's too: a
    // method it declares there is no unsupported method.
    const concrete = template.url.replace(/\?.*$/, '');
    const elsewhere = (method: string): boolean =>
      ctx.model.operations.some((o) => o.method.toUpperCase() === method && o.path !== path && templateMatches(o.path, concrete));
    const method = UNSUPPORTED_CANDIDATES.find((m) => !declared.has(m) && !elsewhere(m));
    if (!method) {
      ctx.skip('unsupported_method', path, `every method tried (${UNSUPPORTED_CANDIDATES.join(', ')}) is declared for ${concrete}`);
      continue;
    }
    const headers = { ...template.headers };
    delete headers['content-type'];
    const request: ExampleRequest = { operationId: model.id, method, url: template.url, headers };
    const { sent, response, error } = await ctx.send(request, `${method}, which ${path} does not declare`);
    if (ctx.options.dryRun) continue;
    if (!response) {
      ctx.skip('unsupported_method', path, `${method} got no answer (${error ?? 'none'})`);
      continue;
    }
    if (response.status === 401 || response.status === 403) {
      ctx.skip('unsupported_method', path, `${method} was answered ${response.status}: authentication before routing tells nothing of the method`);
      continue;
    }
    // A templated path names a resource that may not exist (the example's id): its 404 tells nothing of the method.
    if (response.status === 404 && /\{[^{}/]+\}/.test(path)) {
      ctx.skip('unsupported_method', path, `${method} was answered 404: the resource the example names may not exist, which tells nothing of the method`);
      continue;
    }
    const allowed = [...declared].sort().join(', ');
    const allow = response.headers['allow'];
    const fail = (message: string, cause: string): void => {
      ctx.fail(
        model,
        'coverage',
        { check: 'unsupported_method', message, location: `${model.pointer.slice(0, model.pointer.lastIndexOf('/'))}`, cause },
        sent,
        response,
      );
    };
    if (response.status === 501) ctx.tally(model, 'unsupported_method', true);
    else if (response.status !== 405)
      fail(`${method} ${path}, which the contract does not declare (declared: ${allowed}), answers ${response.status}, not 405`, `status ${response.status}`);
    else if (allow === undefined) fail(`${method} ${path} answers 405 without an Allow header (RFC 9110 §15.5.6; declared: ${allowed})`, 'no Allow');
    else if (allow.split(',').some((m) => m.trim().toUpperCase() === method))
      fail(`${method} ${path} answers 405 with an Allow header that lists ${method} ("${allow}")`, 'Allow lists it');
    else ctx.tally(model, 'unsupported_method', true);
  }
}

/** Whether a concrete path is one a path template names (each `{param}` one non-empty segment). */
function templateMatches(template: string, path: string): boolean {
  const pattern = template
    .split(/(\{[^{}/]+\})/)
    .map((part) => (/^\{[^{}/]+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}$`).test(path);
}

async function negotiation(ctx: RunContext, op: OperationModel): Promise<void> {
  if (op.method !== 'get' || ctx.streaming.has(op.id)) return;
  const success = op.responses.find((r) => /^2\d\d$/.test(r.status) && r.content.length > 0);
  if (!success) return;
  const types = success.content.map((c) => (c.type.split(';')[0] ?? '').trim().toLowerCase()).filter((t) => t !== '' && !t.includes('*'));
  if (types.length === 0 || types.length !== success.content.length) return;
  const base = buildRequest(ctx.model, op, ctx.exampleValues(op));
  const { response } = await ctx.send({ ...base, headers: { ...base.headers, accept: UNACCEPTABLE } }, `Accept: ${UNACCEPTABLE}, which no declared type fits`);
  if (!response) return;
  // Each declared type asked for: only where the server shows it negotiates (else it may disregard
  // Accept and answer any declared type, which the answer checks judge). A 406 in a contract is no
  // such promise: APIs use it for other refusals (an engine not part of a swarm).
  if (response.status !== 406) return;
  ctx.tally(op, 'content_type_negotiation', true);
  for (const type of types) {
    const outcome = await ctx.exchange(op, 'coverage', { ...base, headers: { ...base.headers, accept: type } }, `Accept: ${type}`, 'any');
    const answer = outcome.response;
    if (!answer) continue;
    const actual = (answer.contentType.split(';')[0] ?? '').trim().toLowerCase();
    if (answer.status === 406) {
      ctx.fail(
        op,
        'coverage',
        {
          check: 'content_type_negotiation',
          message: `Accept: ${type}, a type the operation declares for ${success.status}, is refused with 406`,
          location: `${success.pointer}/content`,
          cause: `refuses ${type}`,
        },
        outcome.sent,
        answer,
      );
    } else if (answer.status >= 200 && answer.status < 300 && answer.text.length > 0 && actual !== '' && !mediaMatches(type, actual)) {
      ctx.fail(
        op,
        'coverage',
        {
          check: 'content_type_negotiation',
          message: `Accept: ${type} is answered ${answer.status} in ${actual} (the server negotiates: it answers 406 for an Accept no declared type fits)`,
          location: `${success.pointer}/content`,
          cause: `${type} answered ${actual}`,
        },
        outcome.sent,
        answer,
      );
    } else if (answer.status >= 200 && answer.status < 300) ctx.tally(op, 'content_type_negotiation', true);
  }
}
