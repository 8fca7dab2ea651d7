/**
 * The stateful phase: create, read, list and delete chains over the contract's
 * x-specforge-resources, state-machine preconditions, and a seeded random sequence per collection
 * checked against a model of what should be stored. (Its links part is links.ts.)
 */
import type { MediaTypeModel, OperationModel } from '../../contract/model.js';
import { getAtPointer, isRecord, resolveLocalRef } from '../../contract/pointer.js';
import { apiSpec, mockTables } from '../../contract/tables/api.js';
import { inferResources } from '../../contract/tables/infer-resources.js';
import type { ResourceSpec } from '../../runtime/shared/spec.js';
import type { ReceivedResponse } from '../checks.js';
import type { RunContext } from '../exchange.js';
import { absentId } from '../absent-id.js';
import { judgeList, listPaging, PAGE_BUDGET, readWholeList } from '../paging.js';
import { buildRequest, type ExampleRequest } from '../requests.js';

/** A request of an item operation for `id` (other parameters from the examples). */
function itemRequest(ctx: RunContext, op: OperationModel, resource: ResourceSpec, id: string, parent: Map<string, unknown>): ExampleRequest {
  const values = ctx.exampleValues(op);
  for (const p of op.parameters) {
    if (p.in !== 'path') continue;
    if (p.name === resource.idParam) values.set(p, id);
    else if (parent.has(p.name)) values.set(p, parent.get(p.name));
  }
  const body = op.method === 'get' || op.method === 'delete' ? undefined : ctx.exampleBody(op);
  return buildRequest(ctx.model, op, values, body);
}

/** The first request of a list: its largest page when `largest` and the contract declares a page size (paging.ts). */
function listRequest(ctx: RunContext, op: OperationModel, resource: ResourceSpec, parent: Map<string, unknown>, largest = false): ExampleRequest {
  const values = ctx.exampleValues(op);
  const size = largest ? listPaging(op, ctx.resolve, resource.pagination).size : undefined;
  for (const p of op.parameters) {
    if (p.in === 'path' && parent.has(p.name)) values.set(p, parent.get(p.name));
    // A list that hides some documents unless asked (a container list without all=1) is asked.
    if (resource.listFilter?.unlessQuery === p.name) values.set(p, true);
    if (p === size?.param) values.set(p, size.largest);
  }
  return buildRequest(ctx.model, op, values);
}

/** The properties that may hold a document's id: its id field (the last part of a dotted one), the path parameter's name, `id`. */
export function idKeys(resource: ResourceSpec): string[] {
  return [...new Set([resource.idField.split('.').pop() ?? resource.idField, resource.idParam, 'id'])];
}

/**
 * The properties of a create's answer that may name the created document: the id field, and for an
 * inferred collection also the property the path parameter names and `id`. A declared collection
 * (x-specforge-resources) says where its id is, and a create may answer something other than the
 * document: an engine's image pull answers a progress message whose `id` is a layer's.
 */
function createdIdKeys(resource: ResourceSpec): string[] {
  return resource.inferred === true ? [...new Set([resource.idField, resource.idParam, 'id'])] : [resource.idField];
}

/** The value at `key` of a create's answer: the id field's dotted path, another key as one property. */
function answerAt(json: unknown, key: string, field: string): unknown {
  let node = json;
  for (const part of key === field ? key.split('.') : [key]) node = isRecord(node) ? node[part] : undefined;
  return node;
}

/**
 * The id of a created document: its id field in the answer (for an inferred collection, else the
 * property the path parameter names, else `id`), else the last segment of the answer's `Location`.
 */
export function createdId(resource: ResourceSpec, response: ReceivedResponse): string | undefined {
  for (const key of createdIdKeys(resource)) {
    const node = answerAt(response.json, key, resource.idField);
    if (typeof node === 'string' || typeof node === 'number') return String(node);
  }
  const location = response.headers['location'];
  if (location === undefined) return undefined;
  const path = location.replace(/[?#].*$/, '').replace(/\/+$/, '');
  const last = path.slice(path.lastIndexOf('/') + 1);
  try {
    return last === '' ? undefined : decodeURIComponent(last);
  } catch {
    return undefined;
  }
}

/**
 * The collections of the contract: its x-specforge-resources, else those inferred from its paths
 * and answers (POST /things with GET /things/{id}: infer-resources.ts, as `mock --stateful` infers
 * them), unless the contract declares links (links.ts follows those). An inferred collection's
 * list may wrap its items (`{ items, total }`, as code-first frameworks write a page): the checks
 * read it too (the mock leaves such a list static).
 */
export function statefulResources(ctx: RunContext): ResourceSpec[] {
  const tables = mockTables(ctx.model);
  if (tables.resources.length > 0) return tables.resources;
  if (ctx.model.operations.some((op) => op.responses.some((r) => hasLinks(ctx, r.pointer)))) return [];
  return inferResources(apiSpec(ctx.model), tables).resources.map((resource) => {
    if (resource.operations.list !== undefined) return resource;
    const wrapped = wrappedList(ctx, resource);
    return wrapped ? { ...resource, operations: { ...resource.operations, list: wrapped.list }, listField: wrapped.field } : resource;
  });
}

/** The GET of a collection's create path when its success answer is an object holding the items in an array property (items, data, results, or its only array). */
function wrappedList(ctx: RunContext, resource: ResourceSpec): { list: string; field: string } | undefined {
  const create = ctx.model.operations.find((o) => o.id === resource.operations.create);
  const op = create && ctx.model.operations.find((o) => o.method === 'get' && o.path === create.path);
  const media = op?.responses.find((r) => /^2\d\d$/.test(r.status))?.content.find((c) => /json/i.test(c.type));
  const schema = objectSchema(ctx, media?.schema);
  const properties = schema && isRecord(schema['properties']) ? schema['properties'] : undefined;
  if (!op || !properties) return undefined;
  const arrays = Object.keys(properties).filter((name) => objectSchema(ctx, properties[name], 'array') !== undefined);
  const field =
    ['items', 'data', 'results', 'records', 'entries', 'values', 'content'].find((n) => arrays.includes(n)) ?? (arrays.length === 1 ? arrays[0] : undefined);
  return field === undefined ? undefined : { list: op.id, field };
}

/** A schema of the given type behind `$ref`s and one-item allOf, or undefined. */
function objectSchema(ctx: RunContext, schema: unknown, type = 'object', depth = 0): Record<string, unknown> | undefined {
  if (!isRecord(schema) || depth > 8) return undefined;
  if (typeof schema['$ref'] === 'string') return objectSchema(ctx, ctx.resolve(schema['$ref']), type, depth + 1);
  const all = schema['allOf'];
  if (Array.isArray(all) && all.length === 1) return objectSchema(ctx, all[0], type, depth + 1);
  const declared = schema['type'];
  const matches =
    declared === type ||
    (Array.isArray(declared) && declared.includes(type)) ||
    (type === 'object' && declared === undefined && isRecord(schema['properties']));
  return matches ? schema : undefined;
}

function hasLinks(ctx: RunContext, pointer: string): boolean {
  let node = getAtPointer(ctx.model.document, pointer).value;
  if (isRecord(node) && typeof node['$ref'] === 'string') node = resolveLocalRef(ctx.model.document, node['$ref'])?.value;
  return isRecord(node) && isRecord(node['links']) && Object.keys(node['links']).length > 0;
}

/**
 * The CRUD-shaped paths no collection was inferred from, with why (the read declares no 404, the
 * answers name no id...), as infer-resources.ts says it: none where the contract declares its
 * resources or links.
 */
function notInferred(ctx: RunContext): Array<{ path: string; reason: string }> {
  const tables = mockTables(ctx.model);
  if (tables.resources.length > 0 || ctx.model.operations.some((op) => op.responses.some((r) => hasLinks(ctx, r.pointer)))) return [];
  const out: Array<{ path: string; reason: string }> = [];
  for (const line of inferResources(apiSpec(ctx.model), tables).lines) {
    const m = /^not inferred: POST (\S+) with GET \S+: (.*)$/.exec(line);
    if (m) out.push({ path: m[1] ?? '', reason: `no create/read/delete chain: ${m[2] ?? ''}` });
  }
  return out;
}

export async function stateful(ctx: RunContext): Promise<void> {
  if (!ctx.options.dryRun) for (const { path, reason } of notInferred(ctx)) ctx.skip('ensure_resource_availability', path, reason);
  const resources = statefulResources(ctx);
  for (const [index, resource] of resources.entries()) {
    const create = ctx.opById(resource.operations.create);
    const read = ctx.opById(resource.operations.read);
    if (!create || !read) continue;
    // An inferred collection is judged only where the server shows it stores: a document never
    // created must be answered 404 (or 410). A server that answers anything (a static mock) says
    // nothing of what it stores.
    if (resource.inferred === true) {
      const param = read.parameters.find((p) => p.in === 'path' && p.name === resource.idParam);
      const absent = param ? String(absentId(read, param, ctx.resolve, ctx.validators, ctx.seed)) : `specforge-absent-${ctx.seed}`;
      const probe = await ctx.exchange(
        read,
        'stateful',
        itemRequest(
          ctx,
          read,
          resource,
          absent,
          new Map(
            Array.from(ctx.exampleValues(create))
              .filter(([p]) => p.in === 'path')
              .map(([p, v]) => [p.name, v]),
          ),
        ),
        `read ${resource.name} ${absent} (never created)`,
        'any',
      );
      const status = probe.response?.status;
      if (status !== 404 && status !== 410) {
        if (!ctx.options.dryRun) ctx.skip('ensure_resource_availability', read.path, notStoring(read, status));
        continue;
      }
    }
    const list = ctx.opById(resource.operations.list);
    const remove = ctx.opById(resource.operations.delete);
    // The parent (an organization, say) of every document this sequence makes: the create example's.
    const createValues = ctx.exampleValues(create);
    const parent = new Map<string, unknown>();
    for (const [p, v] of createValues) if (p.in === 'path') parent.set(p.name, v);
    const model = new Map<string, boolean>(); // id -> stored
    let random = (ctx.seed * 7919 + index * 104729) >>> 0;
    const next = (n: number): number => {
      random = (Math.imul(random ^ (random >>> 15), 2246822507) + 0x9e3779b9) >>> 0;
      return random % n;
    };
    const steps = ctx.options.statefulSteps ?? 20;
    let createRefused: string | undefined;
    const makeOne = async (): Promise<string | undefined> => {
      const values = new Map(createValues);
      const body = ctx.exampleBody(create);
      // A unique name for resources that take one in the query (a container's ?name=).
      for (const p of create.parameters)
        if (p.in === 'query' && /^name$/i.test(p.name) && resource.aliases.length > 0) values.set(p, `specforge-${ctx.seed}-${index}-${model.size}`);
      const bodyValue = body && freshId(ctx, create, body, resource.idField, `specforge-${ctx.seed}-${index}-${model.size}`);
      const outcome = await ctx.exchange(create, 'stateful', buildRequest(ctx.model, create, values, bodyValue), `create ${resource.name}`, 'any');
      const status = outcome.response?.status;
      if (!outcome.response || status === undefined || status >= 300) {
        createRefused ??= `${create.method.toUpperCase()} ${create.path} answered ${status ?? 'nothing'} to a create of ${resource.name}`;
        return undefined;
      }
      const id = createdId(resource, outcome.response);
      if (id !== undefined) model.set(id, true);
      else
        createRefused ??= `the answer of ${create.method.toUpperCase()} ${create.path} names no id (no ${createdIdKeys(resource).join(' or ')} property, no Location)`;
      return id;
    };
    const readable = new Set<string>(); // deleted, and still readable
    const checkRead = async (id: string, stored: boolean): Promise<void> => {
      const outcome = await ctx.exchange(
        read,
        'stateful',
        itemRequest(ctx, read, resource, id, parent),
        `read ${resource.name} ${id} (${stored ? 'stored' : 'deleted'})`,
        'any',
      );
      const sent = outcome.sent;
      const status = outcome.response?.status;
      // A server error is reported by not_a_server_error; it says nothing of what is stored.
      if (status === undefined || status >= 500) return;
      if (stored) {
        if (status >= 200 && status < 300) ctx.tally(read, 'ensure_resource_availability', true);
        else
          ctx.fail(
            read,
            'stateful',
            {
              check: 'ensure_resource_availability',
              message: `${resource.name} ${id}, created, answers ${status} on ${read.id}`,
              location: read.pointer,
              cause: `created, answers ${status}`,
            },
            sent,
            outcome.response,
          );
      } else if (status === 404 || status === 410) ctx.tally(read, 'use_after_free', true);
      else {
        readable.add(id);
        ctx.fail(
          read,
          'stateful',
          {
            check: 'use_after_free',
            message: `${resource.name} ${id}, deleted, answers ${status} on ${read.id} (expected 404)`,
            location: read.pointer,
            cause: `deleted, answers ${status}`,
          },
          sent,
          outcome.response,
        );
      }
    };
    const keys = idKeys(resource);
    const budget = { pages: PAGE_BUDGET };
    // A wrapped list of an inferred collection may be a static answer (the mock keeps it so): judged once it shows a created document.
    const shown = resource.inferred === true && resource.listField !== undefined ? { any: false } : undefined;
    const checkList = async (): Promise<void> => {
      if (!list) return;
      // Every page, as the contract declares paging (paging.ts), before an item is said to be missing.
      const paging = listPaging(list, ctx.resolve, resource.pagination);
      const read = await readWholeList(
        ctx,
        list,
        (largest) => listRequest(ctx, list, resource, parent, largest),
        `list ${resource.name}`,
        keys,
        paging,
        budget,
      );
      if (!read) return;
      if (!read.complete)
        ctx.skip('ensure_resource_availability', list.path, `${list.method.toUpperCase()} ${list.path} was not read to its end (${read.why ?? ''})`);
      // A deleted document still readable is one fault, reported on its read: the list showing it too is that fault again.
      const documents = new Map([...model].filter(([id]) => !readable.has(id)));
      judgeList(ctx, list, 'stateful', resource.name, read, documents, keys, shown, paging);
    };
    // The chain: create, read, list, delete, read again.
    const first = await makeOne();
    if (first === undefined) {
      if (!ctx.options.dryRun) ctx.skip('ensure_resource_availability', create.path, `${createRefused ?? 'the create failed'}: its chain was not run`);
      continue;
    }
    // An inferred collection again: two creates must answer two ids, or the server keeps nothing
    // (a stateless answer, the same sample each time) and says nothing of a store.
    if (resource.inferred === true && (await makeOne()) === first) {
      ctx.skip(
        'ensure_resource_availability',
        create.path,
        `${create.method.toUpperCase()} ${create.path} answered the same id to two creates: it keeps nothing`,
      );
      continue;
    }
    await checkRead(first, true);
    // The replace and update of the created document: it exists, so neither may answer 404.
    for (const opId of [resource.operations.replace, resource.operations.update]) {
      const op = ctx.opById(opId);
      if (!op) continue;
      const outcome = await ctx.exchange(
        op,
        'stateful',
        itemRequest(ctx, op, resource, first, parent),
        `${op.method.toUpperCase()} ${resource.name} ${first} (stored)`,
        'any',
      );
      const status = outcome.response?.status;
      if (status === undefined || status >= 500) continue;
      if (status === 404 || status === 410)
        ctx.fail(
          op,
          'stateful',
          {
            check: 'ensure_resource_availability',
            message: `${resource.name} ${first}, created, answers ${status} on ${op.id}`,
            location: op.pointer,
            cause: `created, answers ${status}`,
          },
          outcome.sent,
          outcome.response,
        );
      else ctx.tally(op, 'ensure_resource_availability', true);
    }
    await checkList();
    if (remove) {
      const outcome = await ctx.exchange(remove, 'stateful', itemRequest(ctx, remove, resource, first, parent), `delete ${resource.name} ${first}`, 'any');
      if (outcome.response && outcome.response.status < 300) {
        model.set(first, false);
        await checkRead(first, false);
        await checkList();
      }
    }
    await transitions(ctx, resource, parent, makeOne);
    // A seeded random sequence, the store checked against the model after every step.
    for (let step = 0; step < steps; step++) {
      const ids = [...model.keys()];
      const choice = next(remove ? 4 : 3);
      if (choice === 0 || ids.length === 0) await makeOne();
      else if (choice === 1) {
        const id = ids[next(ids.length)] as string;
        await checkRead(id, model.get(id) === true);
      } else if (choice === 2) await checkList();
      else if (remove) {
        const live = ids.filter((id) => model.get(id));
        if (live.length === 0) continue;
        const id = live[next(live.length)] as string;
        const outcome = await ctx.exchange(remove, 'stateful', itemRequest(ctx, remove, resource, id, parent), `delete ${resource.name} ${id}`, 'any');
        if (outcome.response && outcome.response.status < 300) {
          model.set(id, false);
          // Read at once: a deleted document still readable is found on its read before any list shows it.
          await checkRead(id, false);
        }
      }
    }
  }
}

/**
 * The create's example body with `id` at the id field (dotted: tableReference.tableId), where the
 * example holds a string there and the operation's validators accept the change: the example's own
 * id may be stored already (seeded from the examples, or created by an earlier phase), and a
 * create of it answers 409, so no chain would run.
 */
function freshId<B extends { media: MediaTypeModel; value: unknown }>(ctx: RunContext, op: OperationModel, body: B, field: string, id: string): B {
  const [head, ...rest] = field.split('.');
  const put = (node: unknown, key: string | undefined, path: string[]): unknown => {
    if (!isRecord(node) || key === undefined || !(key in node)) return undefined;
    const [next, ...tail] = path;
    const value = next === undefined ? (typeof node[key] === 'string' ? id : undefined) : put(node[key], next, tail);
    return value === undefined ? undefined : { ...node, [key]: value };
  };
  const value = put(body.value, head, rest);
  return value !== undefined && ctx.bodyValid(op, body.media.type, value) !== false ? { ...body, value } : body;
}

/** Why an inferred collection is not judged: its read answered a document never created with `status`, not 404. */
function notStoring(read: OperationModel, status: number | undefined): string {
  const where = `${read.method.toUpperCase()} ${read.path}`;
  if (status === undefined) return `${where} got no answer to an id never created: its chain was not run`;
  if (status >= 400 && status < 500) return `${where} answered ${status} to an absent id built to its schema, not 404: its chain was not run`;
  return `${where} answered ${status} to an id never created, not 404: it shows nothing of what it stores, so its chain was not run`;
}

/**
 * State machines (x-specforge-resources `state`): on a new document, every transition its state
 * does not allow must be refused with the transition's `otherwise` status; then one allowed
 * transition is applied, and the transitions the new state does not allow are tried again.
 */
async function transitions(ctx: RunContext, resource: ResourceSpec, parent: Map<string, unknown>, makeOne: () => Promise<string | undefined>): Promise<void> {
  const machine = resource.state;
  if (!machine) return;
  const all = Object.entries(machine.transitions)
    .filter(([opId, t]) => t.through === undefined && ctx.opById(opId) !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  if (all.length === 0) return;
  const allowed = (t: (typeof all)[number][1], state: string): boolean =>
    (!t.from || t.from.includes(state)) && !(t.notFrom ?? []).includes(state) && (t.requires ?? []).length === 0 && t.pull === undefined;
  const id = await makeOne();
  if (id === undefined) return;
  const refusedIn = async (state: string): Promise<void> => {
    for (const [opId, t] of all) {
      // A transition refused with a server error (an engine's 500) is not a client's precondition.
      // Preconditions on content (a field present, a value in a list) depend on what was sent: not tried.
      if (allowed(t, state) || t.otherwise >= 500 || t.requires !== undefined || t.pull !== undefined || (!t.from && !t.notFrom)) continue;
      const op = ctx.opById(opId) as OperationModel;
      const request = itemRequest(ctx, op, resource, id, parent);
      const outcome = await ctx.exchange(op, 'stateful', request, `${opId} on a ${resource.name} in state ${state}`, 'any');
      const status = outcome.response?.status;
      if (status === undefined || status >= 500) continue;
      const sent = outcome.sent;
      if (status === t.otherwise) ctx.tally(op, 'transition_precondition', true);
      else
        ctx.fail(
          op,
          'stateful',
          {
            check: 'transition_precondition',
            message: `${opId} on a ${resource.name} in state ${state} (allowed from ${t.from?.join(', ') ?? `anything but ${(t.notFrom ?? []).join(', ')}`}) answers ${status}, not ${t.otherwise}`,
            location: op.pointer,
          },
          sent,
          outcome.response,
        );
    }
  };
  await refusedIn(machine.initial);
  const step = all.find(([, t]) => t.to !== undefined && t.to !== machine.initial && allowed(t, machine.initial));
  if (!step) return;
  const [opId, t] = step;
  const op = ctx.opById(opId) as OperationModel;
  const outcome = await ctx.exchange(op, 'stateful', itemRequest(ctx, op, resource, id, parent), `${opId} on a new ${resource.name}`, 'any');
  if (outcome.response && outcome.response.status < 400 && t.to !== undefined) await refusedIn(t.to);
}
