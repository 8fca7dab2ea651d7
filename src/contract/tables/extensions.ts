/**
 * specforge's mock extensions read into tables, each mistake a SPECFORGE_EXTENSION error at its
 * place in the contract: `x-specforge-resources` (stateful resources, their states, transitions and
 * pagination), `x-specforge-events` (the event stream) and the `$replace` templates they hold.
 */
import type { ContractModel, OperationModel } from '../model.js';
import { isRecord, resolveLocalRef, setOwn } from '../pointer.js';
import type { EventFiltersSpec, EventsSpec, PaginationSpec, ProgressSpec, ResourceSpec, TransitionSpec } from '../../runtime/shared/spec.js';
import { ContractError } from '../errors.js';
import { primaryResponse } from './responses.js';
import { streamFraming } from '../../runtime/shared/stream-media.js';
import { schemaPropertyNames } from '../../runtime/shared/schema-properties.js';

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
  const answered = answeredOperations(ext);
  for (const [name, raw] of Object.entries(ext)) {
    const at = `${base}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (!isRecord(raw)) throw extensionError(model, at, `resource ${name} must be a mapping`);
    const id = isRecord(raw['id']) ? raw['id'] : {};
    const idField = typeof id['field'] === 'string' ? id['field'] : 'id';
    const idParam = typeof id['param'] === 'string' ? id['param'] : idField;
    const generate = id['generate'] === 'hex64' || id['generate'] === 'integer' || id['generate'] === 'sha256' ? id['generate'] : 'uuid';
    const opsRaw = isRecord(raw['operations']) ? raw['operations'] : {};
    const operations: ResourceSpec['operations'] = {};
    for (const role of ['create', 'list', 'search', 'read', 'update', 'replace', 'delete'] as const) {
      const v = opsRaw[role];
      if (v === undefined) continue;
      if (typeof v !== 'string' || !ops.has(v))
        throw extensionError(model, `${at}/operations/${role}`, `resource ${name}: ${role} names no operation of the contract (${JSON.stringify(v)})`);
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
    if (raw['streams'] !== undefined) spec.streams = streamOps(model, `${at}/streams`, name, raw['streams'], ops, idParam, answered);
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
    const listMedia = listOp ? primaryResponse(listOp)?.response.content[0] : undefined;
    const listExamples = (listMedia?.examples ?? []).flatMap((e) => {
      const v = spec.listField && isRecord(e.value) ? e.value[spec.listField] : e.value;
      // A list answered as server-sent events (OpenAPI 3.2 itemSchema): each event's data is a document.
      const events = listMedia?.itemSchema !== undefined && streamFraming(listMedia.type) === 'sse';
      return Array.isArray(v) ? (events ? v.map((item) => (isRecord(item) ? item['data'] : undefined)) : v) : [];
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
          throw extensionError(
            model,
            `${tAt}/otherwise`,
            `resource ${name}: ${opId} does not declare the status ${transition.otherwise} it answers when the precondition fails`,
          );
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
    if (isRecord(prot) && Array.isArray(prot['ids']))
      spec.protected = {
        ids: prot['ids'].map(String),
        status: prot['status'] === undefined ? 403 : clientErrorStatus(model, prot['status'], `${at}/protected/status`),
      };
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
    if (!isRecord(set) || !Object.entries(set).every(([k, v]) => steps.includes(k) && isRecord(v)))
      throw fail('progress.set maps states of progress.steps to the fields they set');
    spec.set = set as Record<string, Record<string, unknown>>;
  }
  return spec;
}

/** The keys of x-specforge-resources beyond ids, operations and templates: scope, visibility, updates, pagination. */
function resourceExtras(
  model: ContractModel,
  at: string,
  name: string,
  raw: Record<string, unknown>,
  spec: ResourceSpec,
  ops: Map<string, OperationModel>,
): void {
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
      if (op && !op.responses.some((r) => r.status === String(status)))
        throw fail('immutable', `${op.id} does not declare the status ${status} answered for a change of an immutable field`);
    }
  }
  if (raw['pagination'] !== undefined) {
    const list = spec.operations.list ? ops.get(spec.operations.list) : undefined;
    if (!list) throw fail('pagination', 'pagination needs a list operation');
    spec.pagination = paginationSpec(model, `${at}/pagination`, raw['pagination'], list);
  }
}

/** `streams`: operations that stream items about one document, each naming it by the id's path parameter. */
function streamOps(
  model: ContractModel,
  at: string,
  name: string,
  raw: unknown,
  ops: Map<string, OperationModel>,
  idParam: string,
  answered: Map<string, string>,
): string[] {
  if (!Array.isArray(raw)) throw extensionError(model, at, `resource ${name}: streams must list operationIds`);
  return raw.map((v, i) => {
    const op = typeof v === 'string' ? ops.get(v) : undefined;
    if (!op) throw extensionError(model, `${at}/${i}`, `resource ${name}: streams names no operation of the contract (${JSON.stringify(v)})`);
    // The stateful mock answers a stream's operation from its examples: a collection's own operation
    // listed here would no longer answer from the store.
    const role = answered.get(op.id);
    if (role !== undefined)
      throw extensionError(model, `${at}/${i}`, `resource ${name}: streams lists ${op.id}, which is ${role}, not a stream about one document`);
    if (!op.parameters.some((p) => p.in === 'path' && p.name === idParam)) {
      throw extensionError(model, `${at}/${i}`, `resource ${name}: operation ${op.id} has no path parameter "${idParam}" (set id.param)`);
    }
    return op.id;
  });
}

/** Every operation a collection of `x-specforge-resources` answers from its store, with its role ("the read operation of resource builds"). */
function answeredOperations(ext: Record<string, unknown>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, raw] of Object.entries(ext)) {
    const opsRaw = isRecord(raw) && isRecord(raw['operations']) ? raw['operations'] : {};
    for (const role of ['create', 'list', 'search', 'read', 'update', 'replace', 'delete']) {
      const v = opsRaw[role];
      if (typeof v === 'string' && !out.has(v)) out.set(v, `the ${role} operation of resource ${name}`);
    }
  }
  return out;
}

/**
 * The property names of an operation's querystring parameter's object (OpenAPI 3.2: the whole query
 * string is one object, whose properties the mock reads as it reads query parameters).
 */
function querystringProperties(model: ContractModel, op: OperationModel): Set<string> {
  const out = new Set<string>();
  const resolve = (ref: string): unknown => resolveLocalRef(model.document, ref)?.value;
  for (const p of op.parameters) if (p.in === 'querystring') schemaPropertyNames(p.schema, resolve, 0, out);
  return out;
}

/** A pagination declaration: its parameters must be query parameters of the operation it pages (or properties of its querystring). */
export function paginationSpec(model: ContractModel, at: string, raw: unknown, op: OperationModel): PaginationSpec {
  const fail = (key: string, message: string): ContractError => extensionError(model, key ? `${at}/${key}` : at, `${op.id}: ${message}`);
  if (!isRecord(raw)) throw fail('', 'pagination needs style: page or token');
  const whole = op.parameters.some((p) => p.in === 'querystring') ? querystringProperties(model, op) : undefined;
  const param = (key: string): string => {
    const v = raw[key];
    if (typeof v !== 'string' || !(op.parameters.some((p) => p.in === 'query' && p.name === v) || whole?.has(v) === true)) {
      const or = whole !== undefined ? ' or a property of its querystring' : '';
      throw fail(key, `pagination.${key} (${JSON.stringify(v) ?? 'missing'}) must name a query parameter of ${op.id}${or}`);
    }
    return v;
  };
  if (raw['style'] === 'page') {
    const defaultSize = raw['defaultSize'];
    const spec: PaginationSpec = {
      style: 'page',
      size: param('size'),
      page: param('page'),
      defaultSize: Number.isInteger(defaultSize) && (defaultSize as number) > 0 ? (defaultSize as number) : 30,
    };
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
export function checkTemplates(model: ContractModel, pointer: string, node: unknown, depth = 0): void {
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
export function clientErrorStatus(model: ContractModel, value: unknown, at: string): number {
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
      if (!isStringList(r['fields']))
        throw extensionError(model, `${where}/fields`, `x-specforge-events filter "${name}": fields must be a list of dotted paths`);
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
