/**
 * The negative phase: requests made invalid in one place at a time (a required parameter missing,
 * a value its schema refuses, a malformed body, a body broken at any depth), which must be refused
 * with a 4xx other than 409 and 429 (checks.ts, invalidDataJudged).
 */
import type { JsonSchema, OperationModel, ParameterModel } from '../../contract/model.js';
import { isRecord } from '../../contract/pointer.js';
import { schemaType } from '../checks.js';
import type { RunContext } from '../exchange.js';
import { bodyPlaces, effectiveSchema, placeName, readOnlyAt, setAt, takeInTurn } from '../body-places.js';
import { brokenBodyRequest, buildRequest } from '../requests.js';

/** A value the parameter's schema refuses, with what makes it wrong. */
function wrongParameterValue(ctx: RunContext, p: ParameterModel): { value: unknown; why: string } | undefined {
  const schema = effectiveSchema(p.schema, ctx.resolve);
  if (!schema) return undefined;
  const type = schemaType(schema);
  const types = Array.isArray(schema['type']) ? (schema['type'] as unknown[]) : [schema['type']];
  if (types.includes('string') && (type === 'integer' || type === 'number')) return undefined;
  if (Array.isArray(schema['enum'])) return { value: 'specforge-not-in-enum', why: `${p.name} outside its enum` };
  if (type === 'integer' || type === 'number') {
    if (typeof schema['minimum'] === 'number') return { value: schema['minimum'] - 1, why: `${p.name} below its minimum` };
    if (typeof schema['maximum'] === 'number') return { value: schema['maximum'] + 1, why: `${p.name} above its maximum` };
    return { value: 'not-a-number', why: `${p.name} not a number` };
  }
  if (type === 'boolean') return { value: 'maybe', why: `${p.name} not a boolean` };
  if (type === 'string') {
    if (typeof schema['maxLength'] === 'number' && schema['maxLength'] < 4096)
      return { value: 'x'.repeat(schema['maxLength'] + 1), why: `${p.name} longer than its maxLength` };
    if (typeof schema['pattern'] === 'string') {
      for (const candidate of ['', ' ', '!!', '\u00e9\u00e9', '0']) {
        // An empty path segment addresses no operation (the router answers 404 for the URL, not the operation).
        // Nor does an empty querystring (no query string: the parameter is absent).
        if (candidate === '' && (p.in === 'path' || p.in === 'querystring')) continue;
        try {
          if (!new RegExp(schema['pattern'], 'u').test(candidate) && (typeof schema['minLength'] !== 'number' || candidate.length >= 0))
            return { value: candidate, why: `${p.name} not matching its pattern` };
        } catch {
          return undefined;
        }
      }
    }
  }
  return undefined;
}

/**
 * OpenAPI 3.2: a querystring parameter's value made invalid one property at a time (a required
 * property missing, a property's value its schema refuses), from the valid base value.
 */
function querystringCases(
  ctx: RunContext,
  op: OperationModel,
  p: ParameterModel,
  base: ReadonlyMap<ParameterModel, unknown>,
): Array<{ values: Map<ParameterModel, unknown>; origin: string }> {
  const value = base.get(p);
  const schema = effectiveSchema(p.schema, ctx.resolve);
  if (!isRecord(value) || !schema || !isRecord(schema['properties'])) return [];
  const out: Array<{ values: Map<ParameterModel, unknown>; origin: string }> = [];
  const required = Array.isArray(schema['required']) ? schema['required'].filter((r): r is string => typeof r === 'string') : [];
  for (const name of required) {
    if (!Object.hasOwn(value, name)) continue;
    const rest = Object.fromEntries(Object.entries(value).filter(([k]) => k !== name));
    const values = new Map(base).set(p, rest);
    if (!ctx.paramsValid(op, values)) out.push({ values, origin: `required property ${name} of querystring parameter ${p.name} missing` });
  }
  for (const [name, sub] of Object.entries(schema['properties'])) {
    const wrong = wrongParameterValue(ctx, { ...p, in: 'query', name, schema: sub as JsonSchema });
    if (!wrong) continue;
    const values = new Map(base).set(p, { ...value, [name]: wrong.value });
    if (!ctx.paramsValid(op, values)) out.push({ values, origin: `querystring parameter ${p.name}: ${wrong.why}` });
  }
  return out;
}

/** Cases per operation, at most: the parameter cases, the malformed and wrong-typed body, then body mutations. */
const MAX_CASES = 32;

export async function negative(ctx: RunContext): Promise<void> {
  for (const op of ctx.operations) {
    const base = ctx.exampleValues(op);
    const body = ctx.exampleBody(op);
    const cases: Array<{ values: Map<ParameterModel, unknown>; body: (NonNullable<typeof body> & { raw?: string }) | undefined; origin: string }> = [];
    for (const p of op.parameters) {
      if (p.in === 'cookie') continue;
      if (p.in === 'querystring') {
        cases.push(...querystringCases(ctx, op, p, base).map((c) => ({ ...c, body })));
      }
      if (p.required && p.in !== 'path') {
        const values = new Map(base);
        values.delete(p);
        cases.push({ values, body, origin: `required ${p.in} parameter ${p.name} missing` });
      }
      const wrong = wrongParameterValue(ctx, p);
      if (wrong) {
        const values = new Map(base);
        values.set(p, wrong.value);
        if (p.in === 'header' || !ctx.paramsValid(op, values)) cases.push({ values, body, origin: wrong.why });
      }
    }
    // Invalid bodies are made from a valid one: a base the contract refuses already would prove nothing.
    if (body && body.valid && op.method !== 'get' && op.method !== 'head') {
      const isJson = /json/i.test(body.media.type);
      if (isJson) cases.push({ values: base, body: { ...body, raw: '{"specforge": ', name: 'malformed JSON' }, origin: 'malformed JSON body' });
      const broken = brokenBodyRequest(ctx.model, op);
      // Only when the schema refuses it: properties without `type: object` admit any JSON value.
      if (broken?.body !== undefined && ctx.bodyValid(op, body.media.type, JSON.parse(broken.body) as unknown) !== true)
        cases.push({ values: base, body: { ...body, raw: broken.body, name: 'wrong type at the root' }, origin: 'body of the wrong type' });
      for (const mutation of bodyMutations(ctx, op, body.media.type, body.value, body.media.schema, MAX_CASES - cases.length))
        cases.push({ values: base, body: { ...body, value: mutation.value, name: mutation.why }, origin: mutation.why });
    }
    for (const c of cases.slice(0, MAX_CASES)) {
      await ctx.exchange(op, 'negative', buildRequest(ctx.model, op, c.values, c.body), c.origin, 'negative');
    }
  }
}

/** Body mutations, by kind, in the order they are taken in turn (invalid enums first: the fault least often found otherwise). */
const KINDS = ['enum', 'required', 'type', 'maximum', 'minimum', 'maxLength', 'additional'] as const;

/**
 * Body values invalid in one place, at any depth (body-places.ts: nested objects, the first item
 * of arrays, through allOf, single-branch oneOf/anyOf): a required property missing, a property of
 * the wrong type, a bound or enum broken, a property the schema does not allow. The rest of the
 * body stays valid; only what the contract's own validator refuses is kept, taken in turn by kind.
 */
function bodyMutations(
  ctx: RunContext,
  op: OperationModel,
  mediaType: string,
  value: unknown,
  schema: JsonSchema | undefined,
  limit: number,
): Array<{ value: unknown; why: string }> {
  const groups = new Map<(typeof KINDS)[number], Array<{ value: unknown; why: string }>>(KINDS.map((k) => [k, []]));
  const add = (kind: (typeof KINDS)[number], mutated: unknown, why: string): void => {
    // Only what the contract's own validator refuses is invalid data.
    if (ctx.bodyValid(op, mediaType, mutated) === false) groups.get(kind)?.push({ value: mutated, why });
  };
  // In a form or multipart body every value travels as text: a wrong JSON type is not visible.
  const typed = /json/i.test(mediaType);
  for (const place of bodyPlaces(value, schema, ctx.resolve, (v) => ctx.bodyValid(op, mediaType, v) === true)) {
    const s = place.schema;
    const set = (v: unknown): unknown => setAt(place.root, place.path, v);
    if (isRecord(place.value)) {
      const properties = isRecord(s['properties']) ? s['properties'] : {};
      for (const name of Array.isArray(s['required']) ? s['required'].map(String) : []) {
        if (!Object.hasOwn(place.value, name) || readOnlyAt(properties[name], ctx.resolve)) continue;
        add('required', setAt(place.root, [...place.path, name], undefined), `required property ${placeName([...place.path, name])} missing`);
      }
      if (s['additionalProperties'] === false)
        add(
          'additional',
          setAt(place.root, [...place.path, 'specforgeUnknownProperty'], true),
          place.path.length === 0 ? 'a property the schema does not allow' : `a property the schema does not allow in ${placeName(place.path)}`,
        );
    }
    // The body itself of the wrong type is the negative phase's own case.
    if (place.path.length === 0) continue;
    const name = `property ${placeName(place.path)}`;
    const type = schemaType(s);
    const wrong = !typed
      ? undefined
      : type === 'string'
        ? 12345
        : type === 'array'
          ? 'not-an-array'
          : type === 'object'
            ? 'not-an-object'
            : type === 'boolean'
              ? 'not-a-boolean'
              : type === 'integer' || type === 'number'
                ? 'not-a-number'
                : undefined;
    if (wrong !== undefined) add('type', set(wrong), `${name} of the wrong type`);
    if (Array.isArray(s['enum'])) add('enum', set('specforge-not-in-enum'), `${name} outside its enum`);
    if (typeof s['maximum'] === 'number') add('maximum', set(s['maximum'] + 1), `${name} above its maximum`);
    if (typeof s['minimum'] === 'number') add('minimum', set(s['minimum'] - 1), `${name} below its minimum`);
    if (typeof s['maxLength'] === 'number' && s['maxLength'] < 4096) add('maxLength', set('x'.repeat(s['maxLength'] + 1)), `${name} longer than its maxLength`);
  }
  return takeInTurn([...groups.values()], limit);
}
