/**
 * The run-time tables of a contract (`ApiSpec`, `MockSpec`s): derived from the model once, printed
 * into generated server.ts and mocks.ts, and used directly by `specforge mock`.
 */
import type { ContractModel, JsonSchema, OperationModel, ResponseModel } from '../model.js';
import { normalizeSchema } from '../model.js';
import { isRecord, resolveLocalRef, setOwn } from '../pointer.js';
import { describeBudget, SampleError, sampleSchemaReport } from '../../runtime/shared/sample.js';
import type { ApiSpec, EventFiltersSpec, EventsSpec, MockExample, MockOperation, MockResponse, MockResponseData, MockTables, MockTablesData, OperationSpec, PaginationSpec, ProgressSpec, ResourceSpec, SharedMockExample, SharedMockResponse, TransitionSpec, ValueShape, FormSpec } from '../../runtime/shared/spec.js';
import { ContractError, type Diagnostic } from '../errors.js';
import { errorShapes } from './error-shapes.js';
import { errorBodySpec, policyTables, requiredWhenSpec, type PolicyTables } from './security.js';

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
      // An object or a plain value (`anyOf: [object, enum: [""]]`): a plain value is read as the other type.
      const object = shapes.find((s) => s.type === 'object');
      const scalar = shapes.find((s) => s.type !== 'object' && s.type !== 'array');
      if (object?.type === 'object' && scalar) return { ...object, scalar };
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

export function operationSpec(op: OperationModel, resolve: (ref: string) => JsonSchema | undefined, model?: ContractModel, policy?: PolicyTables): OperationSpec {
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
    spec.responses[r.status] = entry;
  }
  return spec;
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
  const dialect = model.document['x-specforge-dialect'];
  if (isRecord(dialect)) {
    const prefix = dialect['versionPrefix'];
    if (isRecord(prefix) && typeof prefix['min'] === 'string' && typeof prefix['max'] === 'string') spec.versionPrefix = { min: prefix['min'], max: prefix['max'] };
    const booleans = dialect['booleans'];
    if (Array.isArray(dialect['bearerAliases'])) spec.bearerAliases = dialect['bearerAliases'].map((a) => String(a).toLowerCase());
    if (dialect['invalidBodyStatus'] !== undefined) spec.invalidBodyStatus = clientErrorStatus(model, dialect['invalidBodyStatus'], '/x-specforge-dialect/invalidBodyStatus');
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

function statusNumber(status: string): number | undefined {
  if (/^\d{3}$/.test(status)) return Number(status);
  if (/^[1-5]XX$/.test(status)) return Number(status[0]) * 100;
  return undefined;
}

/** The lowest 2xx response (then the lowest 3xx: a redirect, then default, then the lowest declared). */
export function primaryResponse(op: OperationModel): { response: ResponseModel; status: number } | undefined {
  const numbered = op.responses
    .map((r) => ({ response: r, status: statusNumber(r.status) }))
    .filter((r): r is { response: ResponseModel; status: number } => r.status !== undefined)
    .sort((a, b) => a.status - b.status || (a.response.status.endsWith('XX') ? 1 : -1));
  const success = numbered.find((r) => r.status >= 200 && r.status < 300) ?? numbered.find((r) => r.status >= 300 && r.status < 400);
  if (success) return success;
  const def = op.responses.find((r) => r.status === 'default');
  if (def) return { response: def, status: 200 };
  return numbered[0];
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
      const r = sampleSchemaReport(schema, { resolve, seed: 1 });
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
      throw ContractError.single('SPECFORGE_NO_FINITE_VALUE', err.message, model.loaded.locate(err.ref?.startsWith('#') ? refPointer(err.ref) : pointer), 'make the property optional, nullable, or a oneOf with a branch that ends the recursion');
    }
  };
}

function mockResponse(r: ResponseModel, sampleAt: SampleAt, sample: boolean, status?: number): MockResponse {
  const media = r.content.find((c) => /json/i.test(c.type)) ?? r.content[0];
  const out: MockResponse = { key: r.status, status: status ?? statusOf(r.status), examples: [], pointer: r.pointer };
  const headers: Record<string, string> = {};
  for (const h of r.headers) {
    const value = h.examples[0]?.value ?? (h.required || sample ? sampleAt(h.schema, `${r.pointer}/headers/${h.name.replace(/~/g, '~0').replace(/\//g, '~1')}/schema`) : undefined);
    if (value !== undefined && value !== null) headers[h.name] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  if (Object.keys(headers).length > 0) out.headers = headers;
  if (media) {
    out.contentType = media.type;
    out.pointer = media.pointer;
    out.examples = media.examples.map((e) => ({ name: e.name, value: e.value, pointer: e.pointer }));
    if (media.schema !== undefined) {
      out.schema = media.schema;
      if (sample && out.examples.length === 0) out.sample = sampleAt(media.schema, `${media.pointer}/schema`);
    }
  }
  return out;
}

export function mockOperation(op: OperationModel, sampleAt: SampleAt): MockOperation {
  const primary = primaryResponse(op);
  const mock: MockOperation = { responses: {} };
  if (primary) mock.primary = primary.response.status;
  for (const r of op.responses) {
    const isPrimary = r === primary?.response;
    setOwn(mock.responses, r.status, mockResponse(r, sampleAt, isPrimary, isPrimary ? primary.status : undefined));
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

function extensionError(model: ContractModel, pointer: string, message: string): ContractError {
  return ContractError.single('SPECFORGE_EXTENSION', message, model.loaded.locate(pointer));
}

/** Parses `x-specforge-resources` (document root) into resource specs, checking every operation it names. */
export function resourceSpecs(model: ContractModel): ResourceSpec[] {
  const ext = model.document['x-specforge-resources'];
  if (ext === undefined) return [];
  const base = '/x-specforge-resources';
  if (!isRecord(ext)) throw extensionError(model, base, 'x-specforge-resources must map resource names to their definitions');
  const ops = new Map(model.operations.map((op) => [op.id, op]));
  const out: ResourceSpec[] = [];
  for (const [name, raw] of Object.entries(ext)) {
    const at = `${base}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (!isRecord(raw)) throw extensionError(model, at, `resource ${name} must be a mapping`);
    const id = isRecord(raw['id']) ? raw['id'] : {};
    const idField = typeof id['field'] === 'string' ? id['field'] : 'id';
    const idParam = typeof id['param'] === 'string' ? id['param'] : idField;
    const generate = id['generate'] === 'hex64' || id['generate'] === 'integer' || id['generate'] === 'sha256' ? id['generate'] : 'uuid';
    const opsRaw = isRecord(raw['operations']) ? raw['operations'] : {};
    const operations: ResourceSpec['operations'] = {};
    for (const role of ['create', 'list', 'read', 'update', 'replace', 'delete'] as const) {
      const v = opsRaw[role];
      if (v === undefined) continue;
      if (typeof v !== 'string' || !ops.has(v)) throw extensionError(model, `${at}/operations/${role}`, `resource ${name}: ${role} names no operation of the contract (${JSON.stringify(v)})`);
      operations[role] = v;
    }
    const spec: ResourceSpec = {
      name,
      idField,
      idParam,
      aliases: Array.isArray(id['aliases']) ? id['aliases'].map(String) : [],
      ...(Array.isArray(id['aliasForms']) ? { aliasForms: id['aliasForms'].map(String) } : {}),
      generate,
      operations,
      conflict: raw['conflict'] === undefined ? 409 : clientErrorStatus(model, raw['conflict'], `${at}/conflict`),
      seed: [],
    };
    for (const role of ['read', 'update', 'replace', 'delete'] as const) {
      const opId = operations[role];
      const op = opId ? ops.get(opId) : undefined;
      if (op && !op.parameters.some((p) => p.in === 'path' && p.name === idParam)) {
        throw extensionError(model, `${at}/id`, `resource ${name}: operation ${op.id} has no path parameter "${idParam}" (set id.param)`);
      }
    }
    if (typeof raw['listField'] === 'string') spec.listField = raw['listField'];
    resourceExtras(model, at, name, raw, spec, ops);
    if (isRecord(raw['createSet'])) spec.createSet = raw['createSet'];
    if (raw['createFrom'] !== undefined) spec.createFrom = raw['createFrom'];
    if (raw['listItem'] !== undefined) spec.listItem = raw['listItem'];
    const listFilter = raw['listFilter'];
    if (isRecord(listFilter) && typeof listFilter['field'] === 'string' && Array.isArray(listFilter['in'])) {
      spec.listFilter = { field: listFilter['field'], in: listFilter['in'].map(String) };
      if (typeof listFilter['unlessQuery'] === 'string') spec.listFilter.unlessQuery = listFilter['unlessQuery'];
    }
    const readOp = operations.read ? ops.get(operations.read) : undefined;
    const readExamples = readOp ? (primaryResponse(readOp)?.response.content[0]?.examples ?? []).map((e) => e.value) : [];
    const listOp = operations.list ? ops.get(operations.list) : undefined;
    const listExamples = (listOp ? (primaryResponse(listOp)?.response.content[0]?.examples ?? []) : []).flatMap((e) => {
      const v = spec.listField && isRecord(e.value) ? e.value[spec.listField] : e.value;
      return Array.isArray(v) ? v : [];
    });
    if (Array.isArray(raw['seed'])) spec.seed = raw['seed'];
    else {
      const seen = new Set<string>();
      // seedFrom: 'read' when list entries are a different representation than reads.
      const from = raw['seedFrom'] === 'read' ? readExamples : raw['seedFrom'] === 'list' ? listExamples : [...readExamples, ...listExamples];
      for (const doc of from) {
        const idValue = isRecord(doc) ? doc[idField.split('.')[0] ?? idField] : undefined;
        if (idValue === undefined || seen.has(JSON.stringify(idValue))) continue;
        seen.add(JSON.stringify(idValue));
        spec.seed.push(doc);
      }
    }
    spec.template = raw['template'] ?? readExamples[0] ?? spec.seed[0];
    if (spec.template === undefined) delete spec.template;
    const state = raw['state'];
    if (state !== undefined) {
      if (!isRecord(state) || typeof state['field'] !== 'string' || typeof state['initial'] !== 'string') {
        throw extensionError(model, `${at}/state`, `resource ${name}: state needs "field" and "initial"`);
      }
      const transitions: Record<string, TransitionSpec> = {};
      const rawTransitions = isRecord(state['transitions']) ? state['transitions'] : {};
      for (const [opId, t] of Object.entries(rawTransitions)) {
        const tAt = `${at}/state/transitions/${opId}`;
        if (!ops.has(opId)) throw extensionError(model, tAt, `resource ${name}: transition names no operation "${opId}"`);
        if (!isRecord(t)) throw extensionError(model, tAt, `resource ${name}: transition ${opId} must be a mapping`);
        const op = ops.get(opId) as OperationModel;
        if (!isRecord(t['through']) && !op.parameters.some((p) => p.in === 'path' && p.name === idParam)) {
          throw extensionError(model, tAt, `resource ${name}: operation ${opId} has no path parameter "${idParam}"`);
        }
        const transition: TransitionSpec = { otherwise: typeof t['otherwise'] === 'number' ? t['otherwise'] : 409 };
        if (Array.isArray(t['from'])) transition.from = t['from'].map(String);
        if (Array.isArray(t['notFrom'])) transition.notFrom = t['notFrom'].map(String);
        if (typeof t['to'] === 'string') transition.to = t['to'];
        if (isRecord(t['set'])) transition.set = t['set'];
        if (t['requires'] !== undefined) transition.requires = stringList(model, `${tAt}/requires`, t['requires']);
        if (t['unset'] !== undefined) transition.unset = stringList(model, `${tAt}/unset`, t['unset']);
        if (t['pull'] !== undefined) {
          if (!isRecord(t['pull'])) throw extensionError(model, `${tAt}/pull`, `resource ${name}: pull maps array fields to the value (a template) to remove`);
          transition.pull = t['pull'];
        }
        const through = t['through'];
        if (isRecord(through) && typeof through['resource'] === 'string' && typeof through['field'] === 'string') {
          transition.through = { resource: through['resource'], field: through['field'] };
        }
        if (!op.responses.some((r) => r.status === String(transition.otherwise))) {
          throw extensionError(model, `${tAt}/otherwise`, `resource ${name}: ${opId} does not declare the status ${transition.otherwise} it answers when the precondition fails`);
        }
        setOwn(transitions, opId, transition);
      }
      spec.state = { field: state['field'], initial: state['initial'], transitions };
      if (state['progress'] !== undefined) spec.state.progress = progressSpec(model, `${at}/state/progress`, name, state['progress']);
    }
    const inUse = raw['inUse'];
    if (isRecord(inUse) && Array.isArray(inUse['by'])) {
      spec.inUse = {
        status: inUse['status'] === undefined ? 409 : clientErrorStatus(model, inUse['status'], `${at}/inUse/status`),
        by: inUse['by'].filter(isRecord).map((b) => ({
          resource: String(b['resource']),
          field: String(b['field']),
          forms: Array.isArray(b['forms']) ? b['forms'].map(String) : ['{}'],
        })),
      };
    }
    const prot = raw['protected'];
    if (isRecord(prot) && Array.isArray(prot['ids'])) spec.protected = { ids: prot['ids'].map(String), status: prot['status'] === undefined ? 403 : clientErrorStatus(model, prot['status'], `${at}/protected/status`) };
    out.push(spec);
  }
  return out;
}

function stringList(model: ContractModel, at: string, v: unknown): string[] {
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) throw extensionError(model, at, 'expected a list of field names');
  return v;
}

function progressSpec(model: ContractModel, at: string, name: string, raw: unknown): ProgressSpec {
  const fail = (message: string): ContractError => extensionError(model, at, `resource ${name}: ${message}`);
  if (!isRecord(raw)) throw fail('progress needs steps and every');
  const steps = raw['steps'];
  if (!Array.isArray(steps) || steps.length < 2 || !steps.every((x) => typeof x === 'string')) throw fail('progress.steps must list two or more states');
  const every = raw['every'];
  let when: ProgressSpec['every'];
  if (isRecord(every) && Number.isInteger(every['reads']) && (every['reads'] as number) > 0) when = { reads: every['reads'] as number };
  else if (isRecord(every) && Number.isInteger(every['ms']) && (every['ms'] as number) > 0) when = { ms: every['ms'] as number };
  else throw fail('progress.every must be { reads: n } or { ms: n } with n > 0');
  const spec: ProgressSpec = { steps, every: when };
  if (raw['set'] !== undefined) {
    const set = raw['set'];
    if (!isRecord(set) || !Object.entries(set).every(([k, v]) => steps.includes(k) && isRecord(v))) throw fail('progress.set maps states of progress.steps to the fields they set');
    spec.set = set as Record<string, Record<string, unknown>>;
  }
  return spec;
}

/** The keys of x-specforge-resources beyond ids, operations and templates: scope, visibility, updates, pagination. */
function resourceExtras(model: ContractModel, at: string, name: string, raw: Record<string, unknown>, spec: ResourceSpec, ops: Map<string, OperationModel>): void {
  const fail = (key: string, message: string): ContractError => extensionError(model, `${at}/${key}`, `resource ${name}: ${message}`);
  const scope = raw['scope'];
  if (scope !== undefined) {
    if (!isRecord(scope) || !isRecord(scope['fields']) || !Object.values(scope['fields']).every((v) => typeof v === 'string')) {
      throw fail('scope', 'scope.fields maps document fields to $format strings of the request ({path.org})');
    }
    spec.scope = { fields: scope['fields'] as Record<string, string> };
    if (scope['ignoreCase'] === true) spec.scope.ignoreCase = true;
  }
  if (raw['hidden'] !== undefined) spec.hidden = stringList(model, `${at}/hidden`, raw['hidden']);
  if (raw['omit'] !== undefined) spec.omit = stringList(model, `${at}/omit`, raw['omit']);
  if (raw['keep'] !== undefined) spec.keep = stringList(model, `${at}/keep`, raw['keep']);
  if (raw['showDocument'] === true) spec.showDocument = true;
  if (raw['updateSet'] !== undefined) {
    if (!isRecord(raw['updateSet'])) throw fail('updateSet', 'updateSet must map fields to values or templates');
    spec.updateSet = raw['updateSet'];
  }
  const immutable = raw['immutable'];
  if (immutable !== undefined) {
    if (!isRecord(immutable)) throw fail('immutable', 'immutable needs fields (and status)');
    const status = typeof immutable['status'] === 'number' ? immutable['status'] : 400;
    spec.immutable = { fields: stringList(model, `${at}/immutable/fields`, immutable['fields']), status };
    for (const role of ['update', 'replace'] as const) {
      const op = spec.operations[role] ? ops.get(spec.operations[role] as string) : undefined;
      if (op && !op.responses.some((r) => r.status === String(status))) throw fail('immutable', `${op.id} does not declare the status ${status} answered for a change of an immutable field`);
    }
  }
  if (raw['pagination'] !== undefined) {
    const list = spec.operations.list ? ops.get(spec.operations.list) : undefined;
    if (!list) throw fail('pagination', 'pagination needs a list operation');
    spec.pagination = paginationSpec(model, `${at}/pagination`, raw['pagination'], list);
  }
}

/** A pagination declaration: its parameters must be query parameters of the operation it pages. */
function paginationSpec(model: ContractModel, at: string, raw: unknown, op: OperationModel): PaginationSpec {
  const fail = (key: string, message: string): ContractError => extensionError(model, key ? `${at}/${key}` : at, `${op.id}: ${message}`);
  if (!isRecord(raw)) throw fail('', 'pagination needs style: page or token');
  const param = (key: string): string => {
    const v = raw[key];
    if (typeof v !== 'string' || !op.parameters.some((p) => p.in === 'query' && p.name === v)) {
      throw fail(key, `pagination.${key} (${JSON.stringify(v) ?? 'missing'}) must name a query parameter of ${op.id}`);
    }
    return v;
  };
  if (raw['style'] === 'page') {
    const defaultSize = raw['defaultSize'];
    const spec: PaginationSpec = { style: 'page', size: param('size'), page: param('page'), defaultSize: Number.isInteger(defaultSize) && (defaultSize as number) > 0 ? (defaultSize as number) : 30 };
    if (typeof raw['link'] === 'string') spec.link = raw['link'];
    return spec;
  }
  if (raw['style'] === 'token') {
    if (typeof raw['next'] !== 'string') throw fail('next', 'pagination.next names the response field that carries the next page token');
    const spec: PaginationSpec = { style: 'token', size: param('size'), token: param('token'), next: raw['next'] };
    if (typeof raw['total'] === 'string') spec.total = raw['total'];
    if (Number.isInteger(raw['defaultSize'])) spec.defaultSize = raw['defaultSize'] as number;
    return spec;
  }
  throw fail('style', 'pagination.style must be page or token');
}

/** Checks what the templates of an extension can get wrong before a request runs them: `$replace` patterns. */
function checkTemplates(model: ContractModel, pointer: string, node: unknown, depth = 0): void {
  if (depth > 64) return;
  if (Array.isArray(node)) {
    node.forEach((n, i) => checkTemplates(model, `${pointer}/${i}`, n, depth + 1));
    return;
  }
  if (!isRecord(node)) return;
  const replace = node['$replace'];
  if (isRecord(replace)) {
    const pattern = replace['pattern'];
    let problem: string | undefined = typeof pattern === 'string' ? undefined : '$replace needs a pattern (a regular expression)';
    if (typeof pattern === 'string') {
      try {
        new RegExp(pattern, 'u');
      } catch (err) {
        problem = `$replace pattern is not a regular expression: ${err instanceof Error ? err.message : String(err)}`;
      }
    }
    if (problem) throw extensionError(model, `${pointer}/$replace/pattern`, problem);
  }
  for (const [k, v] of Object.entries(node)) checkTemplates(model, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, v, depth + 1);
}

/** The mock tables of the contract; samples cut to the budget are reported in `warnings` when given. */
export function mockTables(model: ContractModel, warnings?: Diagnostic[]): MockTables {
  checkTemplates(model, '/x-specforge-resources', model.document['x-specforge-resources']);
  for (const op of model.operations) checkTemplates(model, `${op.pointer}/x-specforge-mock`, op.extensions['x-specforge-mock']);
  const resolve = schemaResolver(model);
  const sampleAt = budgetedSampler(model, resolve, warnings);
  const operations: Record<string, MockOperation> = {};
  for (const op of model.operations) setOwn(operations, op.id, mockOperation(op, sampleAt));
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
    for (const r of Object.values(op.responses)) for (const e of r.examples) exampleCounts.set(JSON.stringify(e), (exampleCounts.get(JSON.stringify(e)) ?? 0) + 1);
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

/** Parses `x-specforge-events` (document root), checking the operations it names. */
export function eventsSpec(model: ContractModel): EventsSpec | undefined {
  const ext = model.document['x-specforge-events'];
  if (ext === undefined) return undefined;
  const at = '/x-specforge-events';
  const ops = new Set(model.operations.map((op) => op.id));
  if (!isRecord(ext) || typeof ext['operation'] !== 'string' || !ops.has(ext['operation'])) {
    throw extensionError(model, at, 'x-specforge-events needs "operation": the operationId of the event stream');
  }
  const emit: Record<string, unknown> = {};
  for (const [opId, template] of Object.entries(isRecord(ext['emit']) ? ext['emit'] : {})) {
    if (!ops.has(opId)) throw extensionError(model, `${at}/emit/${opId}`, `x-specforge-events: emit names no operation "${opId}"`);
    setOwn(emit, opId, template);
  }
  const spec: EventsSpec = { operation: ext['operation'], emit };
  if (typeof ext['since'] === 'string') spec.since = ext['since'];
  if (typeof ext['until'] === 'string') spec.until = ext['until'];
  if (ext['filters'] !== undefined) spec.filters = eventFilters(model, ext['filters'], `${at}/filters`);
  return spec;
}

/** A status an extension makes the server answer with: a client error, 400 to 499. */
function clientErrorStatus(model: ContractModel, value: unknown, at: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 400 || value > 499) {
    throw extensionError(model, at, `expected a client-error status (an integer from 400 to 499), not ${JSON.stringify(value)}`);
  }
  return value;
}

function isStringList(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string');
}

function eventFilters(model: ContractModel, raw: unknown, at: string): EventFiltersSpec {
  if (!isRecord(raw) || typeof raw['parameter'] !== 'string' || !isRecord(raw['match'])) {
    throw extensionError(model, at, 'x-specforge-events filters needs "parameter" (the filter query parameter) and "match" (filter name to fields)');
  }
  const match: EventFiltersSpec['match'] = {};
  for (const [name, rule] of Object.entries(raw['match'])) {
    const where = `${at}/match/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const r = isStringList(rule) ? { fields: rule } : rule;
    if (!isRecord(r)) throw extensionError(model, where, `x-specforge-events filter "${name}" must be a list of fields or { fields, when, labels }`);
    const out: EventFiltersSpec['match'][string] = {};
    if (r['fields'] !== undefined) {
      if (!isStringList(r['fields'])) throw extensionError(model, `${where}/fields`, `x-specforge-events filter "${name}": fields must be a list of dotted paths`);
      out.fields = r['fields'];
    }
    if (r['labels'] !== undefined) {
      if (typeof r['labels'] !== 'string') throw extensionError(model, `${where}/labels`, `x-specforge-events filter "${name}": labels must be a dotted path`);
      out.labels = r['labels'];
    }
    if (r['when'] !== undefined) {
      if (!isRecord(r['when']) || !Object.values(r['when']).every((v) => typeof v === 'string')) {
        throw extensionError(model, `${where}/when`, `x-specforge-events filter "${name}": when must map dotted paths to strings`);
      }
      out.when = r['when'] as Record<string, string>;
    }
    if (!out.fields && !out.labels) throw extensionError(model, where, `x-specforge-events filter "${name}" needs fields or labels`);
    setOwn(match, name, out);
  }
  return { parameter: raw['parameter'], match };
}
