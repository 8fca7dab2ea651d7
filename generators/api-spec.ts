/**
 * The run-time tables of a contract (`ApiSpec`, `MockSpec`s): derived from the model once, printed
 * into generated server.ts and mocks.ts, and used directly by `specforge mock`.
 */
import type { ContractModel, JsonSchema, OperationModel, ResponseModel } from '../src/contract/model.js';
import { normalizeSchema } from '../src/contract/model.js';
import { getAtPointer, setOwn } from '../src/contract/pointer.js';
import { sampleSchema } from '../src/runtime/sample.js';
import type { ApiSpec, MockSpec, OperationSpec, ValueShape } from '../src/runtime/spec.js';

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function schemaResolver(model: ContractModel): (ref: string) => JsonSchema | undefined {
  const cache = new Map<string, JsonSchema | undefined>();
  return (ref) => {
    if (!ref.startsWith('#')) return undefined;
    if (cache.has(ref)) return cache.get(ref);
    const found = getAtPointer(model.document, decodeURIComponent(ref.slice(1)));
    const schema = found.found ? normalizeSchema(found.value, model.version) : undefined;
    cache.set(ref, schema);
    return schema;
  };
}

/** How a parameter's text should be read, from its schema. */
export function shapeOf(schema: JsonSchema, resolve: (ref: string) => JsonSchema | undefined, depth = 0): ValueShape {
  if (!isRecord(schema) || depth > 8) return { type: 'any' };
  if (typeof schema['$ref'] === 'string') {
    const target = resolve(schema['$ref']);
    return target === undefined ? { type: 'any' } : shapeOf(target, resolve, depth + 1);
  }
  for (const k of ['allOf', 'oneOf', 'anyOf']) {
    const list = schema[k];
    if (Array.isArray(list) && list.length > 0 && schema['type'] === undefined) {
      const shapes = list.map((s) => shapeOf(s as JsonSchema, resolve, depth + 1)).filter((s) => s.type !== 'any' && s.type !== 'null');
      if (shapes.length === 0) return { type: 'any' };
      if (k === 'allOf' && shapes.every((s) => s.type === 'object')) {
        const properties: Record<string, ValueShape> = {};
        for (const s of shapes) if (s.type === 'object') Object.assign(properties, s.properties);
        return { type: 'object', properties };
      }
      return shapes[0] as ValueShape;
    }
  }
  let type = schema['type'];
  if (Array.isArray(type)) type = type.find((t) => t !== 'null') ?? 'null';
  if (type === undefined && Array.isArray(schema['enum'])) {
    const first = schema['enum'].find((v) => v !== null);
    type = typeof first === 'number' ? (Number.isInteger(first) ? 'integer' : 'number') : typeof first === 'boolean' ? 'boolean' : 'string';
  }
  switch (type) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
    case 'null':
      return { type };
    case 'array':
      return { type: 'array', items: schema['items'] === undefined ? { type: 'any' } : shapeOf(schema['items'] as JsonSchema, resolve, depth + 1) };
    case 'object': {
      const properties: Record<string, ValueShape> = {};
      if (isRecord(schema['properties'])) {
        for (const [name, sub] of Object.entries(schema['properties'])) setOwn(properties, name, shapeOf(sub as JsonSchema, resolve, depth + 1));
      }
      const shape: ValueShape = { type: 'object', properties };
      if (isRecord(schema['additionalProperties'])) shape.additional = shapeOf(schema['additionalProperties'], resolve, depth + 1);
      else if (schema['additionalProperties'] !== false && Object.keys(properties).length === 0) shape.additional = { type: 'any' };
      return shape;
    }
    default:
      return { type: 'any' };
  }
}

export function operationSpec(op: OperationModel, resolve: (ref: string) => JsonSchema | undefined): OperationSpec {
  const spec: OperationSpec = {
    id: op.id,
    method: op.method.toUpperCase(),
    path: op.path,
    parameters: op.parameters.map((p) => {
      const param: OperationSpec['parameters'][number] = {
        name: p.name,
        in: p.in,
        required: p.required,
        style: p.style,
        explode: p.explode,
        shape: shapeOf(p.schema, resolve),
      };
      if (p.allowReserved) param.allowReserved = true;
      if (p.contentType) param.contentType = p.contentType;
      return param;
    }),
    responses: {},
    security: op.security,
  };
  if (op.requestBody) spec.body = { required: op.requestBody.required, types: op.requestBody.content.map((c) => c.type) };
  for (const r of op.responses) spec.responses[r.status] = { types: r.content.map((c) => c.type) };
  return spec;
}

export function apiSpec(model: ContractModel): ApiSpec {
  const resolve = schemaResolver(model);
  const spec: ApiSpec = {
    api: model.api,
    title: model.info.title,
    version: model.info.version,
    operations: model.operations.map((op) => operationSpec(op, resolve)),
    securitySchemes: {},
  };
  for (const s of model.securitySchemes) {
    const entry: ApiSpec['securitySchemes'][string] = { type: s.type };
    if (s.in) entry.in = s.in;
    if (s.paramName) entry.name = s.paramName;
    if (s.scheme) entry.scheme = s.scheme;
    setOwn(spec.securitySchemes, s.name, entry);
  }
  if (model.errorBody) spec.errorBody = { fields: model.errorBody.fields };
  return spec;
}

function statusNumber(status: string): number | undefined {
  if (/^\d{3}$/.test(status)) return Number(status);
  if (/^[1-5]XX$/.test(status)) return Number(status[0]) * 100;
  return undefined;
}

/** The lowest 2xx response (then the lowest declared, then default). */
export function primaryResponse(op: OperationModel): { response: ResponseModel; status: number } | undefined {
  const numbered = op.responses
    .map((r) => ({ response: r, status: statusNumber(r.status) }))
    .filter((r): r is { response: ResponseModel; status: number } => r.status !== undefined)
    .sort((a, b) => a.status - b.status || (a.response.status.endsWith('XX') ? 1 : -1));
  const success = numbered.find((r) => r.status >= 200 && r.status < 300);
  if (success) return success;
  const def = op.responses.find((r) => r.status === 'default');
  if (def) return { response: def, status: 200 };
  return numbered[0];
}

export function mockSpec(model: ContractModel, op: OperationModel, resolve: (ref: string) => JsonSchema | undefined): MockSpec | undefined {
  const primary = primaryResponse(op);
  if (!primary) return undefined;
  const { response, status } = primary;
  const media = response.content.find((c) => /json/i.test(c.type)) ?? response.content[0];
  const mock: MockSpec = { status, examples: [] };
  if (media) {
    mock.contentType = media.type;
    mock.examples = media.examples.map((e) => ({ name: e.name, value: e.value }));
    if (mock.examples.length === 0 && media.schema !== undefined) {
      mock.sample = sampleSchema(media.schema, { resolve, seed: 1 });
    }
  }
  const ext = op.extensions['x-specforge-mock'];
  if (isRecord(ext) && 'body' in ext) mock.template = ext['body'];
  const others: NonNullable<MockSpec['others']> = {};
  for (const r of op.responses) {
    if (r === response) continue;
    const m = r.content.find((c) => /json/i.test(c.type)) ?? r.content[0];
    const entry: NonNullable<MockSpec['others']>[string] = { examples: m ? m.examples.map((e) => ({ name: e.name, value: e.value })) : [] };
    if (m) entry.contentType = m.type;
    others[r.status] = entry;
  }
  if (Object.keys(others).length > 0) mock.others = others;
  return mock;
}

export function mockTable(model: ContractModel): Record<string, MockSpec> {
  const resolve = schemaResolver(model);
  const table: Record<string, MockSpec> = {};
  for (const op of model.operations) {
    const m = mockSpec(model, op, resolve);
    if (m) setOwn(table, op.id, m);
  }
  return table;
}
