/**
 * Requests the API sends: webhooks (OpenAPI 3.1 `webhooks`, and `x-webhooks` where its entries are
 * path items) and the callbacks of operations. Their payload (the request body) and header
 * parameters travel from the API to subscribers, so they are compared as a response is: widening
 * them (a media type added, a required body made optional) breaks subscribers. The responses are
 * what subscribers answer: the API receives them, so they are compared as a request is. Webhooks
 * and callbacks share these rules (`webhook-…` ids); the message names which one changed.
 */
import { isRecord, joinPointer } from '../contract/pointer.js';
import type { HttpMethod } from '../contract/model.js';
import { emitterFor, type DiffChange, type Emit } from './change.js';
import { lenientEmitter, stabilityOf } from './deprecation.js';
import { childNodes, contentOf, deref, isSuccess, mediaKey, operationsOf, type Node } from './document.js';
import type { ContextFactory } from './parameters.js';
import { compareSchemas, type SchemaComparer } from './schema-diff.js';

/** A request the API sends: its operation, and the path item it belongs to (for shared parameters). */
interface Sent {
  item: Node;
  op: Node;
}

/**
 * Compares two requests the API sends (a webhook or a callback request), named `label` in
 * messages. The payload travels to subscribers: its media types, whether it is sent at all and
 * its schemas are compared as a response is. The header parameters the API sends are what
 * subscribers read. The responses are what subscribers answer and the API receives: their
 * statuses and body schemas are compared as a request is.
 */
function diffSent(baseDoc: Record<string, unknown>, headDoc: Record<string, unknown>, b: Sent, h: Sent, emit: Emit, ctx: ContextFactory, label: string): void {
  diffPayload(baseDoc, headDoc, b.op, h.op, emit, ctx, label);
  diffSentHeaders(baseDoc, headDoc, b, h, emit, label);
  diffAnswers(baseDoc, headDoc, b.op, h.op, emit, ctx, label);
}

/** The payload: required-ness, media types removed and added, and the schemas of those kept. */
function diffPayload(
  baseDoc: Record<string, unknown>,
  headDoc: Record<string, unknown>,
  bOp: Node,
  hOp: Node,
  emit: Emit,
  ctx: ContextFactory,
  label: string,
): void {
  const bBody = deref(baseDoc, bOp.node['requestBody'], joinPointer(bOp.pointer, 'requestBody'));
  const hBody = deref(headDoc, hOp.node['requestBody'], joinPointer(hOp.pointer, 'requestBody'));
  // A payload added where there was none is not reported: subscribers ignore a body they never read.
  if (!bBody) return;
  const bRequired = bBody.node['required'] === true;
  if (bRequired && hBody?.node['required'] !== true) {
    const at = !hBody ? hOp.pointer : 'required' in hBody.node ? joinPointer(hBody.pointer, 'required') : hBody.pointer;
    emit(
      'webhook-body-became-optional',
      at,
      hBody
        ? `${label} payload is no longer required: subscribers may receive requests without a body`
        : `${label} payload was removed: subscribers receive requests without a body`,
    );
    if (!hBody) return;
  }
  if (!hBody) {
    for (const type of contentOf(baseDoc, bBody).keys())
      emit('webhook-media-type-removed', hOp.pointer, `${label} payload media type ${type} was removed: subscribers that parsed it no longer receive it`);
    return;
  }
  const head = new Map([...contentOf(headDoc, hBody)].map(([type, node]) => [mediaKey(type), { type, node }]));
  const base = contentOf(baseDoc, bBody);
  const baseKeys = new Set([...base.keys()].map(mediaKey));
  const parent = isRecord(hBody.node['content']) ? joinPointer(hBody.pointer, 'content') : hBody.pointer;
  for (const [type, bm] of base) {
    const hm = head.get(mediaKey(type));
    if (!hm) {
      emit('webhook-media-type-removed', parent, `${label} payload media type ${type} was removed: subscribers that parsed it no longer receive it`);
      continue;
    }
    const c = ctx('response', 'webhook-body', `${label} payload (${hm.type})`);
    compareSchemas(c.base.at(joinPointer(bm.pointer, 'schema')), c.head.at(joinPointer(hm.node.pointer, 'schema')), c);
  }
  // A payload that had no media types said nothing of its type: there is nothing to widen.
  if (base.size === 0) return;
  for (const [key, hm] of head) {
    if (!baseKeys.has(key))
      emit(
        'webhook-media-type-added',
        hm.node.pointer,
        `${label} payload may now be sent as ${hm.type}: subscribers that only handled ${[...base.keys()].join(', ')} cannot read it`,
      );
  }
}

/** Header parameters of a request the API sends, by lower-cased name: the path item's, overridden by the operation's. */
function sentHeaders(doc: Record<string, unknown>, sent: Sent): Map<string, { name: string; required: boolean; pointer: string }> {
  const out = new Map<string, { name: string; required: boolean; pointer: string }>();
  for (const owner of [sent.item, sent.op]) {
    const list = owner.node['parameters'];
    if (!Array.isArray(list)) continue;
    list.forEach((value, i) => {
      const p = deref(doc, value, joinPointer(owner.pointer, 'parameters', i));
      const name = p?.node['name'];
      if (!p || p.node['in'] !== 'header' || typeof name !== 'string') return;
      out.set(name.toLowerCase(), { name, required: p.node['required'] === true, pointer: p.pointer });
    });
  }
  return out;
}

/** Headers the API sends that subscribers lose: removed, or no longer promised. */
function diffSentHeaders(baseDoc: Record<string, unknown>, headDoc: Record<string, unknown>, b: Sent, h: Sent, emit: Emit, label: string): void {
  const head = sentHeaders(headDoc, h);
  for (const [key, bh] of sentHeaders(baseDoc, b)) {
    const hh = head.get(key);
    if (bh.required && !hh?.required) {
      emit(
        'webhook-required-header-removed',
        hh ? hh.pointer : h.op.pointer,
        `${label} header ${bh.name} ${hh ? 'became optional: subscribers may not receive it' : '(required) was removed: subscribers that read it no longer receive it'}`,
      );
    } else if (!hh) emit('webhook-header-removed', h.op.pointer, `${label} header ${bh.name} was removed: subscribers that read it no longer receive it`);
  }
}

/** Whether the responses the API accepts (`statuses`) include `status`, exactly or by its range. */
function accepts(statuses: string[], status: string): boolean {
  const upper = status.toUpperCase();
  return statuses.some((s) => s.toUpperCase() === upper || s.toUpperCase() === `${upper[0] ?? ''}XX`);
}

/**
 * What subscribers answer: a success status the API accepted and no longer does, and the bodies of
 * statuses kept, compared as requests (the API receives them).
 */
function diffAnswers(
  baseDoc: Record<string, unknown>,
  headDoc: Record<string, unknown>,
  bOp: Node,
  hOp: Node,
  emit: Emit,
  ctx: ContextFactory,
  label: string,
): void {
  const base = childNodes(baseDoc, bOp, 'responses');
  const head = childNodes(headDoc, hOp, 'responses');
  // A request whose answers are not documented accepts anything.
  if (base.size === 0 || head.size === 0) return;
  const headStatuses = [...head.keys()];
  const headSuccess = headStatuses.filter(isSuccess);
  const parent = isRecord(hOp.node['responses']) ? joinPointer(hOp.pointer, 'responses') : hOp.pointer;
  for (const [status, br] of base) {
    const hr = head.get(status);
    if (!hr) {
      if (isSuccess(status) && !accepts(headStatuses, status)) {
        emit(
          'webhook-response-status-removed',
          parent,
          `${label}: the API no longer accepts the answer ${status}${headSuccess.length > 0 ? ` (it expects ${headSuccess.join(' or ')})` : ''}: subscribers that answer ${status} are taken as failing`,
        );
      }
      continue;
    }
    const answers = new Map([...contentOf(headDoc, hr)].map(([type, node]) => [mediaKey(type), { type, node }]));
    for (const [type, bm] of contentOf(baseDoc, br)) {
      const hm = answers.get(mediaKey(type));
      if (!hm) continue;
      const c = ctx('request', 'request-body', `${label} response ${status} (${hm.type})`);
      compareSchemas(c.base.at(joinPointer(bm.pointer, 'schema')), c.head.at(joinPointer(hm.node.pointer, 'schema')), c);
    }
  }
}

/**
 * The webhooks of a document by name: `webhooks`, and `x-webhooks` (an extension some 3.0
 * contracts use) where an entry is a path item. Anything else under `x-webhooks`, such as
 * `x-sdk-exclude: true`, is not a webhook and is skipped.
 */
export function webhooksOf(doc: Record<string, unknown>): Map<string, Node> {
  const out = new Map<string, Node>();
  for (const key of ['x-webhooks', 'webhooks']) {
    const map = doc[key];
    if (!isRecord(map)) continue;
    for (const [name, value] of Object.entries(map)) {
      if (name.startsWith('x-')) continue;
      const item = deref(doc, value, joinPointer('', key, name));
      if (item && operationsOf(item).size > 0) out.set(name, item);
    }
  }
  return out;
}

/** Webhooks added, removed, their methods, and their payloads. */
export function diffWebhooks(baseDoc: Record<string, unknown>, headDoc: Record<string, unknown>, comparer: SchemaComparer, out: DiffChange[]): void {
  const base = webhooksOf(baseDoc);
  const head = webhooksOf(headDoc);
  const emit = emitterFor(out);
  const parent = isRecord(headDoc['webhooks']) ? '/webhooks' : isRecord(headDoc['x-webhooks']) ? '/x-webhooks' : '';
  for (const [name, bItem] of base) {
    const hItem = head.get(name);
    if (!hItem) {
      emit('webhook-removed', parent, `webhook "${name}" was removed: subscribers no longer receive it`);
      continue;
    }
    const hOps = operationsOf(hItem);
    for (const [method, bOp] of operationsOf(bItem)) {
      const hOp = hOps.get(method);
      const stability = stabilityOf(extensionsOf(bOp.node));
      const opEmit = lenientEmitter(emit, out, stability);
      if (!hOp) {
        opEmit(
          'webhook-operation-removed',
          hItem.pointer,
          `webhook "${name}" no longer sends ${method.toUpperCase()} requests: subscribers stop receiving them`,
        );
        continue;
      }
      const ctx: ContextFactory = (direction, scope, where) => comparer.context(direction, scope, where, opEmit);
      diffSent(baseDoc, headDoc, { item: bItem, op: bOp }, { item: hItem, op: hOp }, opEmit, ctx, `webhook "${name}" ${method.toUpperCase()}`);
    }
    const bOps = operationsOf(bItem);
    for (const [method, hOp] of hOps) {
      if (!bOps.has(method)) emit('webhook-operation-added', hOp.pointer, `webhook "${name}" now also sends ${method.toUpperCase()} requests`);
    }
  }
  for (const [name, hItem] of head) {
    if (!base.has(name)) emit('webhook-added', hItem.pointer, `webhook "${name}" was added`);
  }
}

function extensionsOf(node: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) if (k.startsWith('x-')) out[k] = v;
  return out;
}

/** Each request of a callback: `<expression> <METHOD>` to the operation node. */
function callbackRequests(doc: Record<string, unknown>, callback: Node): Map<string, { expression: string; method: HttpMethod; item: Node; op: Node }> {
  const out = new Map<string, { expression: string; method: HttpMethod; item: Node; op: Node }>();
  for (const [expression, value] of Object.entries(callback.node)) {
    if (expression.startsWith('x-')) continue;
    const item = deref(doc, value, joinPointer(callback.pointer, expression));
    if (!item) continue;
    for (const [method, op] of operationsOf(item)) out.set(`${method.toUpperCase()} ${expression}`, { expression, method, item, op });
  }
  return out;
}

/** Callbacks of one operation: removed, added, and the payloads of those kept. */
export function diffCallbacks(
  baseDoc: Record<string, unknown>,
  headDoc: Record<string, unknown>,
  bOp: Node | undefined,
  hOp: Node | undefined,
  emit: Emit,
  ctx: ContextFactory,
): void {
  if (!bOp || !hOp) return;
  const base = childNodes(baseDoc, bOp, 'callbacks');
  const head = childNodes(headDoc, hOp, 'callbacks');
  const parent = isRecord(hOp.node['callbacks']) ? joinPointer(hOp.pointer, 'callbacks') : hOp.pointer;
  for (const [name, bCb] of base) {
    const hCb = head.get(name);
    if (!hCb) {
      emit('callback-removed', parent, `callback "${name}" was removed: clients that registered for it are no longer called`);
      continue;
    }
    const hReqs = callbackRequests(headDoc, hCb);
    const bReqs = callbackRequests(baseDoc, bCb);
    for (const [key, b] of bReqs) {
      const h = hReqs.get(key);
      if (!h) {
        emit('callback-removed', hCb.pointer, `callback "${name}" no longer sends ${key}: clients that registered for it are no longer called there`);
        continue;
      }
      diffSent(baseDoc, headDoc, b, h, emit, ctx, `callback "${name}" ${key}`);
    }
    for (const [key, h] of hReqs) if (!bReqs.has(key)) emit('callback-added', h.op.pointer, `callback "${name}" now also sends ${key}`);
  }
  for (const [name, hCb] of head) if (!base.has(name)) emit('callback-added', hCb.pointer, `callback "${name}" was added`);
}
