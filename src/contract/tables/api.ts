/**
 * The run-time tables of a contract (`ApiSpec`, `MockSpec`s): derived from the model once, printed
 * into generated server.ts and mocks.ts, and used directly by `specforge mock`.
 */
import type { ContractModel, JsonSchema, OperationModel, ResponseModel } from '../model.js';
import { wireMethod } from '../model-types.js';
import { normalizeSchema } from '../schema-normalize.js';
import { isRecord, resolveLocalRef, setOwn } from '../pointer.js';
import { shapeOf } from '../value-shape.js';
import { describeBudget, SampleError, sampleSchemaReport } from '../../runtime/shared/sample.js';
import type {
  ApiSpec,
  MockExample,
  MockOperation,
  MockResponse,
  MockResponseData,
  MockTables,
  MockTablesData,
  OperationSpec,
  SharedMockExample,
  SharedMockResponse,
  ValueShape,
  FormSpec,
} from '../../runtime/shared/spec.js';
import { ContractError, type Diagnostic } from '../errors.js';
import { errorBodySpec, errorShapes, interfaceErrorTemplate } from './error-shapes.js';
import { policyTables, requiredWhenSpec, type PolicyTables } from './security.js';
import { checkTemplates, clientErrorStatus, eventsSpec, paginationSpec, resourceSpecs } from './extensions.js';
import { primaryResponse, statusNumber } from './responses.js';
import { basePathOfServerUrl } from '../../runtime/server/base-path.js';
import { bodySchemaOf, streamItemsOf } from '../stream-items.js';

export { eventsSpec, resourceSpecs } from './extensions.js';
export { primaryResponse } from './responses.js';

export { shapeOf } from '../value-shape.js';

export function schemaResolver(model: ContractModel): (ref: string) => JsonSchema | undefined {
  const cache = new Map<string, JsonSchema | undefined>();
  return (ref) => {
    if (!ref.startsWith('#')) return undefined;
    if (cache.has(ref)) return cache.get(ref);
    const found = resolveLocalRef(model.document, ref);
    const schema = found ? normalizeSchema(found.value, model.version) : undefined;
    cache.set(ref, schema);
    return schema;
  };
}

export function operationSpec(
  op: OperationModel,
  resolve: (ref: string) => JsonSchema | undefined,
  model?: ContractModel,
  policy?: PolicyTables,
): OperationSpec {
  const spec: OperationSpec = {
    id: op.id,
    method: wireMethod(op.method),
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
      if (p.encoding) param.encoding = p.encoding;
      if (isRecord(p.schema) && typeof p.schema['x-specforge-base64-json'] === 'string') param.decode = 'base64-json';
      if (p.multiSegment) param.multiSegment = true;
      const requiredWhen = model ? requiredWhenSpec(model, op, p, policy) : undefined;
      if (requiredWhen) param.requiredWhen = requiredWhen;
      return param;
    }),
    responses: {},
    security: op.security,
  };
  const allowed = policy?.operations.get(op.id);
  if (allowed) spec.policy = allowed;
  if (op.requestBody) {
    spec.body = { required: op.requestBody.required, types: op.requestBody.content.map((c) => c.type) };
    for (const media of op.requestBody.content) {
      if ((media.type !== 'application/x-www-form-urlencoded' && media.type !== 'multipart/form-data') || media.schema === undefined) continue;
      const form: FormSpec = { shape: shapeOf(media.schema, resolve) };
      if (media.encoding) form.encoding = media.encoding;
      (spec.body.forms ??= {})[media.type] = form;
    }
  }
  for (const r of op.responses) {
    const entry: OperationSpec['responses'][string] = { types: r.content.map((c) => c.type) };
    const ndjson = r.content.filter((c) => c.stream === 'ndjson').map((c) => c.type);
    if (ndjson.length > 0) entry.ndjson = ndjson;
    for (const mt of r.content) {
      const items = model ? streamItemsOf(model, mt) : undefined;
      if (items) (entry.items ??= {})[mt.type] = items;
    }
    spec.responses[r.status] = entry;
  }
  return spec;
}

/** The path of the document's first server URL ('' when none): the generated server's default base path. */
export function contractBasePath(document: Record<string, unknown>): string {
  const servers = document['servers'];
  const first: unknown = Array.isArray(servers) ? servers[0] : undefined;
  if (!isRecord(first) || typeof first['url'] !== 'string') return '';
  const variables = isRecord(first['variables']) ? (first['variables'] as Record<string, { default?: unknown }>) : undefined;
  return basePathOfServerUrl(first['url'], variables);
}

export function apiSpec(model: ContractModel): ApiSpec {
  const resolve = schemaResolver(model);
  const policy = policyTables(model);
  const spec: ApiSpec = {
    api: model.api,
    title: model.info.title,
    version: model.info.version,
    operations: model.operations.map((op) => operationSpec(op, resolve, model, policy)),
    securitySchemes: {},
  };
  const shapes = errorShapes(model, resolve).templates;
  for (const op of spec.operations) {
    const templates = shapes.get(op.id);
    if (templates) op.errors = templates;
  }
  if (policy) spec.policy = policy.api;
  for (const s of model.securitySchemes) {
    const entry: ApiSpec['securitySchemes'][string] = { type: s.type };
    if (s.in) entry.in = s.in;
    if (s.paramName) entry.name = s.paramName;
    if (s.scheme) entry.scheme = s.scheme;
    setOwn(spec.securitySchemes, s.name, entry);
  }
  const errorBody = errorBodySpec(model, resolve);
  if (errorBody) spec.errorBody = errorBody;
  const errorTemplate = interfaceErrorTemplate(model, resolve);
  if (errorTemplate) spec.errorTemplate = errorTemplate;
  const basePath = contractBasePath(model.document);
  if (basePath !== '') spec.basePath = basePath;
  const dialect = model.document['x-specforge-dialect'];
  if (isRecord(dialect)) {
    const prefix = dialect['versionPrefix'];
    if (isRecord(prefix) && typeof prefix['min'] === 'string' && typeof prefix['max'] === 'string')
      spec.versionPrefix = { min: prefix['min'], max: prefix['max'] };
    const booleans = dialect['booleans'];
    if (Array.isArray(dialect['bearerAliases'])) spec.bearerAliases = dialect['bearerAliases'].map((a) => String(a).toLowerCase());
    if (dialect['invalidBodyStatus'] !== undefined)
      spec.invalidBodyStatus = clientErrorStatus(model, dialect['invalidBodyStatus'], '/x-specforge-dialect/invalidBodyStatus');
    if (isRecord(booleans) && Array.isArray(booleans['true']) && Array.isArray(booleans['false'])) {
      const truthy = booleans['true'].map(String);
      const falsy = booleans['false'].map(String);
      const widen = (shape: ValueShape): ValueShape => {
        if (shape.type === 'boolean') return { type: 'boolean', truthy, falsy };
        if (shape.type === 'array') return { type: 'array', items: widen(shape.items) };
        return shape;
      };
      for (const op of spec.operations) for (const p of op.parameters) p.shape = widen(p.shape);
    }
  }
  return spec;
}

/** The status a mock sends for a response key ("default" as 500 unless asked otherwise). */
function statusOf(key: string): number {
  return statusNumber(key) ?? 500;
}

/** Samples a schema at generation time: `pointer` is where the schema is (for messages). */
type SampleAt = (schema: JsonSchema, pointer: string) => unknown;

/** A $ref's JSON pointer ("#/components/schemas/Node" → "/components/schemas/Node"). */
function refPointer(ref: string): string {
  try {
    return decodeURIComponent(ref.slice(1));
  } catch {
    return ref.slice(1);
  }
}

/**
 * Samples under the budget: a sample cut to it is a warning (SPECFORGE_SAMPLE_BUDGET) at the schema
 * that was cut (the innermost $ref, else the response's schema); a schema with no finite value is an
 * error (SPECFORGE_NO_FINITE_VALUE) at the schema that requires itself.
 */
export function budgetedSampler(model: ContractModel, resolve: (ref: string) => JsonSchema | undefined, warnings?: Diagnostic[]): SampleAt {
  return (schema, pointer) => {
    try {
      const r = sampleSchemaReport(schema, { resolve, seed: 1, realistic: true });
      if (r.reduced && warnings) {
        warnings.push({
          code: 'SPECFORGE_SAMPLE_BUDGET',
          severity: 'warning',
          message: `the sample of #${pointer} exceeds ${describeBudget()}: ${r.reduced.what}; the mock answers with this reduced value, which may not satisfy the schema`,
          location: model.loaded.locate(r.reduced.ref?.startsWith('#') ? refPointer(r.reduced.ref) : pointer),
          hint: 'give the response an example, or lower minItems / minLength',
        });
      }
      return r.value;
    } catch (err) {
      if (!(err instanceof SampleError)) throw err;
      throw ContractError.single(
        'SPECFORGE_NO_FINITE_VALUE',
        err.message,
        model.loaded.locate(err.ref?.startsWith('#') ? refPointer(err.ref) : pointer),
        'make the property optional, nullable, or a oneOf with a branch that ends the recursion',
      );
    }
  };
}

function mockResponse(r: ResponseModel, sampleAt: SampleAt, sample: boolean, status?: number, model?: ContractModel): MockResponse {
  const media = r.content.find((c) => /json/i.test(c.type)) ?? r.content[0];
  const out: MockResponse = { key: r.status, status: status ?? statusOf(r.status), examples: [], pointer: r.pointer };
  const headers: Record<string, string> = {};
  for (const h of r.headers) {
    const value =
      h.examples[0]?.value ??
      (h.required || sample ? sampleAt(h.schema, `${r.pointer}/headers/${h.name.replace(/~/g, '~0').replace(/\//g, '~1')}/schema`) : undefined);
    if (value !== undefined && value !== null) headers[h.name] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  if (Object.keys(headers).length > 0) out.headers = headers;
  if (media) {
    out.contentType = media.type;
    out.pointer = media.pointer;
    out.examples = media.examples.map((e) => ({ name: e.name, value: e.value, pointer: e.pointer }));
    const items = model ? streamItemsOf(model, media) : undefined;
    if (model && items) {
      // A stream of items: sampled item by item by the mock, its examples lists of items (or text).
      out.items = { ...items, schema: bodySchemaOf(model, media) };
      out.examples = media.examples.map((e) => {
        const example: MockExample = { name: e.name, value: e.value, pointer: e.pointer };
        if (e.serialized !== undefined && e.value === e.serialized.data) example.text = e.serialized.text;
        return example;
      });
    } else if (media.schema !== undefined) {
      out.schema = media.schema;
      if (sample && out.examples.length === 0) out.sample = sampleAt(media.schema, `${media.pointer}/schema`);
    }
  }
  return out;
}

export function mockOperation(op: OperationModel, sampleAt: SampleAt, model?: ContractModel): MockOperation {
  const primary = primaryResponse(op);
  const mock: MockOperation = { responses: {} };
  if (primary) mock.primary = primary.response.status;
  for (const r of op.responses) {
    const isPrimary = r === primary?.response;
    setOwn(mock.responses, r.status, mockResponse(r, sampleAt, isPrimary, isPrimary ? primary.status : undefined, model));
  }
  const ext = op.extensions['x-specforge-mock'];
  if (isRecord(ext) && 'body' in ext) mock.template = ext['body'];
  if (isRecord(ext) && isRecord(ext['headers'])) mock.headers = ext['headers'];
  return mock;
}

/** `x-specforge-mock.pagination` of each operation that has one. */
function mockPaginations(model: ContractModel, operations: Record<string, MockOperation>): void {
  for (const op of model.operations) {
    const ext = op.extensions['x-specforge-mock'];
    const mock = operations[op.id];
    if (isRecord(ext) && ext['pagination'] !== undefined && mock) {
      mock.pagination = paginationSpec(model, `${op.pointer}/x-specforge-mock/pagination`, ext['pagination'], op);
    }
  }
}

function collectRefs(node: unknown, out: Set<string>): void {
  if (Array.isArray(node)) for (const n of node) collectRefs(n, out);
  else if (isRecord(node)) {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.add(v);
      else collectRefs(v, out);
    }
  }
}

/** The mock tables of the contract; samples cut to the budget are reported in `warnings` when given. */
export function mockTables(model: ContractModel, warnings?: Diagnostic[]): MockTables {
  checkTemplates(model, '/x-specforge-resources', model.document['x-specforge-resources']);
  for (const op of model.operations) checkTemplates(model, `${op.pointer}/x-specforge-mock`, op.extensions['x-specforge-mock']);
  const resolve = schemaResolver(model);
  const sampleAt = budgetedSampler(model, resolve, warnings);
  const operations: Record<string, MockOperation> = {};
  for (const op of model.operations) setOwn(operations, op.id, mockOperation(op, sampleAt, model));
  mockPaginations(model, operations);
  const refs = new Set<string>();
  collectRefs(operations, refs);
  const schemas: Record<string, unknown> = {};
  const queue = [...refs].sort();
  while (queue.length > 0) {
    const ref = queue.shift() as string;
    if (Object.hasOwn(schemas, ref)) continue;
    const schema = resolve(ref);
    if (schema === undefined) continue;
    setOwn(schemas, ref, schema);
    const inner = new Set<string>();
    collectRefs(schema, inner);
    for (const r of [...inner].sort()) if (!Object.hasOwn(schemas, r)) queue.push(r);
  }
  const tables: MockTables = { operations, schemas, resources: resourceSpecs(model) };
  const events = eventsSpec(model);
  if (events) tables.events = events;
  return tables;
}

/**
 * The tables as a generated module writes them: a response that two or more operations answer with
 * the same content (a shared component response, its examples and schema) is written once under
 * `shared`, and an example two or more responses carry (a component example) once under
 * `examples`, each keyed by its JSON pointer and named where it is used (expandMockTables reverses
 * both).
 */
export function compactMockTables(tables: MockTables): MockTablesData {
  const bodyOf = (r: MockResponse): Omit<MockResponse, 'key' | 'status'> => {
    const { key: _key, status: _status, ...body } = r;
    return body;
  };
  // An example that two responses (or more) carry, whole: written once under `examples`.
  const exampleCounts = new Map<string, number>();
  for (const op of Object.values(tables.operations)) {
    for (const r of Object.values(op.responses))
      for (const e of r.examples) exampleCounts.set(JSON.stringify(e), (exampleCounts.get(JSON.stringify(e)) ?? 0) + 1);
  }
  const examples: Record<string, MockExample> = {};
  const exampleIds = new Map<string, string>();
  const compactExamples = (r: MockResponse): MockResponseData => {
    let changed = false;
    const list = r.examples.map((e): MockExample | SharedMockExample => {
      const text = JSON.stringify(e);
      if ((exampleCounts.get(text) ?? 0) < 2) return e;
      changed = true;
      let id = exampleIds.get(text);
      if (id === undefined) {
        id = e.pointer;
        for (let n = 2; Object.hasOwn(examples, id); n++) id = `${e.pointer} (${n})`;
        exampleIds.set(text, id);
        setOwn(examples, id, e);
      }
      return { example: id };
    });
    return changed ? { ...r, examples: list } : r;
  };
  const counts = new Map<string, number>();
  for (const op of Object.values(tables.operations)) {
    for (const r of Object.values(op.responses)) {
      const text = JSON.stringify(bodyOf(r));
      counts.set(text, (counts.get(text) ?? 0) + 1);
    }
  }
  const idOf = new Map<string, string>();
  const shared: Record<string, Omit<MockResponseData, 'key' | 'status'>> = {};
  const operations: MockTablesData['operations'] = {};
  for (const [opId, op] of Object.entries(tables.operations)) {
    const responses: Record<string, MockResponseData | SharedMockResponse> = {};
    for (const [key, r] of Object.entries(op.responses)) {
      const body = bodyOf(r);
      const text = JSON.stringify(body);
      if ((counts.get(text) ?? 0) < 2) {
        setOwn(responses, key, compactExamples(r));
        continue;
      }
      let id = idOf.get(text);
      if (id === undefined) {
        id = r.pointer;
        for (let n = 2; Object.hasOwn(shared, id); n++) id = `${r.pointer} (${n})`;
        idOf.set(text, id);
        const { key: _k, status: _s, ...compacted } = compactExamples(r);
        setOwn(shared, id, compacted);
      }
      setOwn(responses, key, { key: r.key, status: r.status, shared: id });
    }
    setOwn(operations, opId, { ...op, responses });
  }
  const hasShared = Object.keys(shared).length > 0;
  const hasExamples = Object.keys(examples).length > 0;
  if (!hasShared && !hasExamples) return tables;
  return { ...tables, operations, ...(hasShared ? { shared } : {}), ...(hasExamples ? { examples } : {}) };
}
