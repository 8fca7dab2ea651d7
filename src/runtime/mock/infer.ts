/**
 * Collections inferred from CRUD-shaped paths, for `specforge mock --stateful` on a contract that
 * declares no `x-specforge-resources`: `POST /things` with `GET /things/{id}` is a collection of
 * things (with `GET /things` its list, and `PUT`, `PATCH`, `DELETE /things/{id}` its replace,
 * update and delete; a collection under a parent, `/users/{userId}/things`, is kept per parent).
 * The id of a created thing is the item path parameter's name, or `id`, when the read answer has
 * such a property; otherwise the create's `Location` header carries it (and the stored thing keeps it
 * under the parameter's name). A create starts from the
 * read answer's example (or sampled value), so that server-set fields are there, with the request
 * body's fields over it.
 *
 * A collection with no read of one thing (Figma's `POST /files/{key}/comments` with
 * `GET /files/{key}/comments`, a `DELETE` of one comment and no `GET`) is inferred from its create
 * and its list when both answer things with an `id`. A list may wrap its items (`{ comments: [...] }`,
 * `{ data: [...] }`): the array property holding them is the collection's `listField`. A property of
 * the created thing named as a parent parameter (`file_key`) takes the parent's value.
 */
import { isRecord } from '../shared/object.js';
import type { ApiSpec, MockOperation, MockResponse, MockTables, OperationSpec, ResourceSpec } from '../shared/spec.js';
import { schemaPropertyNames } from '../shared/schema-properties.js';
import { thingSchema } from './stream-state.js';

export interface Inference {
  resources: ResourceSpec[];
  /** Header templates added to create operations (a `Location` that names the created thing). */
  headers: Record<string, Record<string, unknown>>;
  /** One line per inferred collection, and per CRUD-shaped path left out (with why). */
  lines: string[];
}

const HIDDEN_PARENT = '__specforgeParent';

/** The property names a schema's objects have (through $ref, allOf, oneOf/anyOf of objects; each schema read once). */
function properties(schema: unknown, tables: MockTables): Set<string> {
  return schemaPropertyNames(schema, (ref) => tables.schemas[ref]);
}

/** The schema behind `$ref`s (at most 16 deep). */
function resolved(schema: unknown, tables: MockTables, depth = 0): unknown {
  if (isRecord(schema) && typeof schema['$ref'] === 'string' && depth < 16) return resolved(tables.schemas[schema['$ref']], tables, depth + 1);
  return schema;
}

/** A schema's declared type, or undefined when it declares none. */
function typeOf(schema: unknown, tables: MockTables): unknown {
  const s = resolved(schema, tables);
  return isRecord(s) ? s['type'] : undefined;
}

/** The declared type of a property of a schema's object (through $ref and allOf), if it names one. */
function idType(schema: unknown, name: string, tables: MockTables, depth = 0, seen = new Set<object>()): unknown {
  const s = resolved(schema, tables);
  // Each schema read once: a contract whose parts name the same schema many times over stays linear.
  if (!isRecord(s) || depth > 16 || seen.has(s)) return undefined;
  seen.add(s);
  const props = s['properties'];
  if (isRecord(props) && Object.hasOwn(props, name)) {
    const t = typeOf(props[name], tables);
    if (t !== undefined) return t;
  }
  const all = s['allOf'];
  if (Array.isArray(all))
    for (const part of all) {
      const t = idType(part, name, tables, depth + 1, seen);
      if (t !== undefined) return t;
    }
  return undefined;
}

/** Whether an operation declares an answer for a thing that is not there (404, 4XX or default). */
function declaresMissing(mock: MockOperation | undefined): boolean {
  return mock !== undefined && ['404', '4XX', 'default'].some((k) => Object.hasOwn(mock.responses, k));
}

function primary(mock: MockOperation | undefined): MockResponse | undefined {
  if (!mock?.primary) return undefined;
  return Object.hasOwn(mock.responses, mock.primary) ? mock.responses[mock.primary] : undefined;
}

/** The value a response shows by default: its first example, or its sample. */
function shownValue(response: MockResponse | undefined): unknown {
  return response?.examples[0]?.value ?? response?.sample;
}

function hasLocation(response: MockResponse | undefined): boolean {
  return Object.keys(response?.headers ?? {}).some((h) => h.toLowerCase() === 'location');
}

/** The last segment of a path when it is one whole parameter (`{id}`). */
function itemParam(path: string): string | undefined {
  return /\/\{([^{}/]+)\}$/.exec(path)?.[1];
}

function paramsIn(path: string): string[] {
  return [...path.matchAll(/\{([^{}/]+)\}/g)].map((m) => m[1] as string);
}

/** A collection's name: the last literal segment of its path (`/users/{userId}/things` → things). */
function nameOf(path: string, taken: Set<string>): string {
  const literal =
    path
      .split('/')
      .filter((s) => s !== '' && !s.startsWith('{'))
      .pop() ?? 'items';
  let name = literal;
  for (let i = 2; taken.has(name); i++) name = `${literal}${i}`;
  taken.add(name);
  return name;
}

/** Names of the array property a wrapped list holds its items in, in order of preference (else its only array). */
const LIST_FIELDS = ['items', 'data', 'results', 'records', 'entries', 'values', 'content'];

/**
 * What a list answers: a bare array of things (no field), or an object holding them in one array
 * property (`field`); `item` is the schema of one thing. Undefined for anything else.
 */
function listOf(schema: unknown, tables: MockTables): { field?: string; item: unknown } | undefined {
  const s = resolved(schema, tables);
  if (!isRecord(s)) return undefined;
  if (s['type'] === 'array') return { item: s['items'] };
  const props = s['properties'];
  if (!(s['type'] === 'object' || (s['type'] === undefined && isRecord(props))) || !isRecord(props)) return undefined;
  const arrays = Object.keys(props).filter((name) => typeOf(props[name], tables) === 'array');
  const field = LIST_FIELDS.find((n) => arrays.includes(n)) ?? (arrays.length === 1 ? arrays[0] : undefined);
  if (field === undefined) return undefined;
  const array = resolved(props[field], tables);
  return { field, item: isRecord(array) ? array['items'] : undefined };
}

/**
 * What an operation's primary answer lists (listOf); a stream of items (OpenAPI 3.2 itemSchema:
 * GET /logs as application/jsonl) lists one thing per item (an event's JSON data).
 */
function listShape(op: OperationSpec | undefined, tables: MockTables): { field?: string; item: unknown } | undefined {
  const response = op ? primary(tables.operations[op.id]) : undefined;
  if (response?.items !== undefined) {
    const item = thingSchema(response, (ref) => tables.schemas[ref]);
    return item === undefined ? undefined : { item };
  }
  return listOf(response?.schema, tables);
}

/**
 * A collection under a parent (/users/{userId}/things) is kept per parent; a property of the thing
 * named as a parent parameter (`file_key`) is set to the parent's value.
 */
function scoped(spec: ResourceSpec, path: string, shown: Set<string>): void {
  const parents = paramsIn(path);
  if (parents.length === 0) return;
  spec.hidden = [HIDDEN_PARENT];
  spec.scope = { fields: Object.fromEntries(parents.map((p) => [`${HIDDEN_PARENT}.${p}`, `{path.${p}}`])) };
  const set: Record<string, unknown> = { [HIDDEN_PARENT]: Object.fromEntries(parents.map((p) => [p, { $format: `{path.${p}}` }])) };
  for (const p of parents) if (shown.has(p) && p !== spec.idField && p !== HIDDEN_PARENT) set[p] = { $format: `{path.${p}}` };
  spec.createSet = set;
}

/**
 * A collection with a create and a list but no read of one thing: both answer things with an `id`;
 * the item path's replace, update and delete (where each declares an answer for a missing thing)
 * are its item operations.
 */
/** The collection's QUERY (OpenAPI 3.2) where it answers a bare array as its list does: its search. */
function searchOf(methods: Map<string, OperationSpec>, tables: MockTables): string | undefined {
  const op = methods.get('QUERY');
  const shape = op ? listOf(primary(tables.operations[op.id])?.schema, tables) : undefined;
  return op && shape && shape.field === undefined ? op.id : undefined;
}

function listed(
  path: string,
  create: OperationSpec,
  methods: Map<string, OperationSpec>,
  byPath: Map<string, Map<string, OperationSpec>>,
  tables: MockTables,
  taken: Set<string>,
  inference: Inference,
): ResourceSpec | undefined {
  const listOp = methods.get('GET');
  if (!listOp) return undefined;
  const shape = listShape(listOp, tables);
  const createAnswer = primary(tables.operations[create.id]);
  if (!shape) return undefined;
  const made = properties(createAnswer?.schema, tables);
  const listed = properties(shape.item, tables);
  if (typeOf(createAnswer?.schema, tables) === 'array' || !made.has('id') || !listed.has('id')) {
    inference.lines.push(`not inferred: POST ${path} with GET ${path}: the create's answer and the list's items do not both have an id property`);
    return undefined;
  }
  const item = [...byPath].find(([p]) => itemParam(p) !== undefined && p.slice(0, p.lastIndexOf('/')) === path);
  const param = item ? (itemParam(item[0]) as string) : 'id';
  const operations: ResourceSpec['operations'] = { create: create.id, list: listOp.id };
  const search = searchOf(methods, tables);
  if (search) operations.search = search;
  const roles: string[] = [];
  for (const [method, role] of [
    ['PUT', 'replace'],
    ['PATCH', 'update'],
    ['DELETE', 'delete'],
  ] as const) {
    const op = item?.[1].get(method);
    if (op && declaresMissing(tables.operations[op.id])) {
      operations[role] = op.id;
      roles.push(method);
    }
  }
  const spec: ResourceSpec = {
    name: nameOf(path, taken),
    idField: 'id',
    idParam: param,
    aliases: [],
    generate: idType(createAnswer?.schema, 'id', tables) === 'integer' ? 'integer' : 'uuid',
    operations,
    conflict: 409,
    seed: [],
    showDocument: true,
    inferred: true,
  };
  if (shape.field !== undefined) spec.listField = shape.field;
  const start = shownValue(createAnswer);
  if (isRecord(start)) {
    const template: Record<string, unknown> = { ...start };
    delete template['id'];
    spec.template = template;
  }
  scoped(spec, path, made);
  const itemRoles = item && roles.length > 0 ? [`${roles.join('|')} ${item[0]}`] : [];
  inference.lines.push(`inferred collection ${spec.name}: ${[`POST ${path}`, `GET ${path}`, ...itemRoles].join(', ')} (id: its id property)`);
  return spec;
}

export function inferResources(api: ApiSpec, tables: MockTables): Inference {
  const byPath = new Map<string, Map<string, OperationSpec>>();
  for (const op of api.operations) {
    const methods = byPath.get(op.path) ?? new Map<string, OperationSpec>();
    if (!methods.has(op.method)) methods.set(op.method, op);
    byPath.set(op.path, methods);
  }
  const inference: Inference = { resources: [], headers: {}, lines: [] };
  const taken = new Set<string>();
  for (const [path, methods] of [...byPath].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const create = methods.get('POST');
    if (!create) continue;
    // The item path: this path and one parameter segment, read with GET.
    const items = [...byPath].filter(([p, m]) => m.has('GET') && itemParam(p) !== undefined && p.slice(0, p.lastIndexOf('/')) === path);
    if (items.length === 0) {
      const spec = listed(path, create, methods, byPath, tables, taken, inference);
      if (spec) inference.resources.push(spec);
      continue;
    }
    if (items.length !== 1) continue;
    const [itemPath, itemMethods] = items[0] as [string, Map<string, OperationSpec>];
    const read = itemMethods.get('GET') as OperationSpec;
    const param = itemParam(itemPath) as string;
    const readAnswer = primary(tables.operations[read.id]);
    const createAnswer = primary(tables.operations[create.id]);
    const shown = properties(readAnswer?.schema, tables);
    const location = hasLocation(createAnswer);
    let idField: string;
    let idFrom: string;
    if (shown.has(param)) [idField, idFrom] = [param, `its ${param} property`];
    else if (shown.has('id')) [idField, idFrom] = ['id', 'its id property'];
    // Kept under the parameter's name (shown in answers: a closed schema refuses it, and the create says so).
    else if (location) [idField, idFrom] = [param, `the Location header of the create (kept as ${param})`];
    else {
      inference.lines.push(
        `not inferred: POST ${path} with GET ${itemPath}: the answer of GET ${itemPath} has no ${param} or id property, and POST ${path} declares no Location header`,
      );
      continue;
    }
    // A missing thing is answered 404: only where the read declares such an answer.
    if (!declaresMissing(tables.operations[read.id])) {
      inference.lines.push(`not inferred: POST ${path} with GET ${itemPath}: GET ${itemPath} declares no 404 (or 4XX, default) for a missing ${param}`);
      continue;
    }
    // The create must answer one thing (an object), as the read does.
    const createType = typeOf(createAnswer?.schema, tables);
    const readType = typeOf(readAnswer?.schema, tables);
    if ((createType !== undefined && createType !== 'object') || (readType !== undefined && readType !== 'object')) {
      inference.lines.push(
        `not inferred: POST ${path} with GET ${itemPath}: the answers are not one object each (${String(createType ?? 'any')}, ${String(readType ?? 'any')})`,
      );
      continue;
    }
    const name = nameOf(path, taken);
    const shape = read.parameters.find((p) => p.in === 'path' && p.name === param)?.shape;
    const operations: ResourceSpec['operations'] = { create: create.id, read: read.id };
    // The list, only where it answers a bare array of things (a wrapped list keeps its static answer);
    // a replace, update or delete only where it declares an answer for a missing thing.
    const listOp = methods.get('GET');
    const listing = listShape(listOp, tables);
    const list = listing ? listOp : undefined;
    if (list) operations.list = list.id;
    const search = list ? searchOf(methods, tables) : undefined;
    if (search) operations.search = search;
    const item = (method: string): OperationSpec | undefined => {
      const op = itemMethods.get(method);
      return op && declaresMissing(tables.operations[op.id]) ? op : undefined;
    };
    const replace = item('PUT');
    if (replace) operations.replace = replace.id;
    const update = item('PATCH');
    if (update) operations.update = update.id;
    const remove = item('DELETE');
    if (remove) operations.delete = remove.id;
    const spec: ResourceSpec = {
      name,
      idField,
      idParam: param,
      aliases: [],
      // Ids of the type the read answer gives them (else the path parameter's).
      generate: idType(readAnswer?.schema, idField, tables) === 'integer' || (isRecord(shape) && shape['type'] === 'integer') ? 'integer' : 'uuid',
      operations,
      conflict: 409,
      seed: [],
      showDocument: true,
      inferred: true,
    };
    const start = shownValue(readAnswer);
    if (isRecord(start)) {
      const template: Record<string, unknown> = { ...start };
      delete template[idField];
      spec.template = template;
    }
    if (listing?.field !== undefined) spec.listField = listing.field;
    scoped(spec, path, shown);
    if (location) {
      const target = itemPath.replace(/\{([^{}/]+)\}$/, `{resource.${idField}}`).replace(/\{([^{}/.]+)\}/g, '{path.$1}');
      inference.headers[create.id] = { Location: { $format: target } };
    }
    inference.resources.push(spec);
    const itemRoles = ['GET', ...(replace ? ['PUT'] : []), ...(update ? ['PATCH'] : []), ...(remove ? ['DELETE'] : [])];
    const roles = [`POST ${path}`, ...(list ? [`GET ${path}`] : []), `${itemRoles.join('|')} ${itemPath}`];
    inference.lines.push(`inferred collection ${name}: ${roles.join(', ')} (id: ${idFrom})`);
  }
  streamsAbout(inference, byPath, tables);
  return inference;
}

/**
 * The streams about one thing of each inferred collection (OpenAPI 3.2 itemSchema): a GET one
 * literal segment below the thing's path (`/jobs/{jobId}/events`) whose answer streams items and
 * that declares an answer for a missing thing, and is no collection's own operation.
 */
function streamsAbout(inference: Inference, byPath: Map<string, Map<string, OperationSpec>>, tables: MockTables): void {
  const taken = new Set(inference.resources.flatMap((r) => Object.values(r.operations)));
  const paths = [...byPath.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const spec of inference.resources) {
    const create = byPath.get(paths.find((p) => byPath.get(p)?.get('POST')?.id === spec.operations.create) ?? '');
    const base = create?.get('POST')?.path;
    if (base === undefined) continue;
    const thing = `${base}/{${spec.idParam}}/`;
    const found: OperationSpec[] = [];
    for (const path of paths) {
      const op = byPath.get(path)?.get('GET');
      if (!op || taken.has(op.id) || !path.startsWith(thing) || !/^[^{}/]+$/.test(path.slice(thing.length))) continue;
      const mock = tables.operations[op.id];
      if (primary(mock)?.items === undefined || !declaresMissing(mock)) continue;
      found.push(op);
      taken.add(op.id);
    }
    if (found.length === 0) continue;
    spec.streams = found.map((op) => op.id);
    inference.lines.push(
      `inferred streams about one of ${spec.name}: ${found.map((op) => `GET ${op.path}`).join(', ')} (each item carries the stored thing's values; 404 when it is not there)`,
    );
  }
}

/** The tables with the inferred collections in, and the create operations' Location templates. */
export function withInferred(tables: MockTables, inference: Inference): MockTables {
  const operations: Record<string, MockOperation> = { ...tables.operations };
  for (const [opId, headers] of Object.entries(inference.headers)) {
    const mock = operations[opId];
    if (mock) operations[opId] = { ...mock, headers: { ...headers, ...(mock.headers ?? {}) } };
  }
  return { ...tables, operations, resources: inference.resources };
}
