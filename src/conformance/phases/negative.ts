/**
 * The negative phase: requests made invalid in one place at a time (a required parameter missing,
 * a value its schema refuses, a malformed or mutated body), which must be refused with a 4xx.
 */
import type { JsonSchema, OperationModel, ParameterModel } from '../../contract/model.js';
import { isRecord } from '../../contract/pointer.js';
import { schemaType } from '../checks.js';
import type { RunContext } from '../exchange.js';
import { brokenBodyRequest, buildRequest } from '../requests.js';

/** A value the parameter's schema refuses, with what makes it wrong. */
function wrongParameterValue(ctx: RunContext, p: ParameterModel): { value: unknown; why: string } | undefined {
  let schema = p.schema;
  if (isRecord(schema) && typeof schema['$ref'] === 'string') schema = ctx.resolve(schema['$ref']) ?? schema;
  if (!isRecord(schema)) return undefined;
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
        if (candidate === '' && p.in === 'path') continue;
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

export async function negative(ctx: RunContext): Promise<void> {
  for (const op of ctx.operations) {
    const base = ctx.exampleValues(op);
    const body = ctx.exampleBody(op);
    const cases: Array<{ values: Map<ParameterModel, unknown>; body: (NonNullable<typeof body> & { raw?: string }) | undefined; origin: string }> = [];
    for (const p of op.parameters) {
      if (p.in === 'cookie') continue;
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
      for (const mutation of bodyMutations(ctx, op, body.media.type, body.value, body.media.schema))
        cases.push({ values: base, body: { ...body, value: mutation.value, name: mutation.why }, origin: mutation.why });
    }
    for (const c of cases.slice(0, 24)) {
      await ctx.exchange(op, 'negative', buildRequest(ctx.model, op, c.values, c.body), c.origin, 'negative');
    }
  }
}

/** Body values invalid in one place: a required property missing, a property of the wrong type, a bound or enum broken. */
function bodyMutations(
  ctx: RunContext,
  op: OperationModel,
  mediaType: string,
  value: unknown,
  schema: JsonSchema | undefined,
): Array<{ value: unknown; why: string }> {
  const out: Array<{ value: unknown; why: string }> = [];
  let s = schema;
  if (isRecord(s) && typeof s['$ref'] === 'string') s = ctx.resolve(s['$ref']);
  if (!isRecord(value) || !isRecord(s) || !isRecord(s['properties'])) return out;
  const required = Array.isArray(s['required']) ? s['required'].map(String) : [];
  for (const name of required) {
    const sub = s['properties'][name];
    const resolved = isRecord(sub) && typeof sub['$ref'] === 'string' ? ctx.resolve(sub['$ref']) : sub;
    if (!(name in value) || (isRecord(resolved) && resolved['readOnly'] === true) || (isRecord(sub) && sub['readOnly'] === true)) continue;
    const copy = { ...value };
    delete copy[name];
    out.push({ value: copy, why: `required property ${name} missing` });
  }
  for (const [name, sub0] of Object.entries(s['properties'])) {
    let sub = sub0 as JsonSchema;
    if (isRecord(sub) && typeof sub['$ref'] === 'string') sub = ctx.resolve(sub['$ref']) ?? sub;
    // A read-only property is the server's to set: a request does not send it, and a server may ignore it.
    if (!isRecord(sub) || sub['readOnly'] === true || (isRecord(sub0) && sub0['readOnly'] === true)) continue;
    const type = schemaType(sub);
    // In a form or multipart body every value travels as text: a wrong JSON type is not visible.
    const typed = /json/i.test(mediaType);
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
    if (wrong !== undefined) out.push({ value: { ...value, [name]: wrong }, why: `property ${name} of the wrong type` });
    if (Array.isArray(sub['enum'])) out.push({ value: { ...value, [name]: 'specforge-not-in-enum' }, why: `property ${name} outside its enum` });
    if (typeof sub['maximum'] === 'number') out.push({ value: { ...value, [name]: sub['maximum'] + 1 }, why: `property ${name} above its maximum` });
    if (typeof sub['minimum'] === 'number') out.push({ value: { ...value, [name]: sub['minimum'] - 1 }, why: `property ${name} below its minimum` });
    if (typeof sub['maxLength'] === 'number' && sub['maxLength'] < 4096)
      out.push({ value: { ...value, [name]: 'x'.repeat(sub['maxLength'] + 1) }, why: `property ${name} longer than its maxLength` });
  }
  if (s['additionalProperties'] === false) out.push({ value: { ...value, specforgeUnknownProperty: true }, why: 'a property the schema does not allow' });
  // Only what the contract's own validator refuses is invalid data.
  return out.filter((m) => ctx.bodyValid(op, mediaType, m.value) === false);
}
