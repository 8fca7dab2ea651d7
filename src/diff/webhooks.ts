/**
 * Requests the API sends: webhooks (OpenAPI 3.1 `webhooks`, and `x-webhooks` where its entries are
 * path items) and the callbacks of operations. Their payload (the request body) travels from the
 * API to subscribers, so it is compared as a response is: widening it breaks subscribers.
 */
import { isRecord, joinPointer } from '../contract/pointer.js';
import type { HttpMethod } from '../contract/model.js';
import { emitterFor, type DiffChange, type Emit } from './change.js';
import { lenientEmitter, stabilityOf } from './deprecation.js';
import { childNodes, contentOf, deref, mediaKey, operationsOf, type Node } from './document.js';
import type { ContextFactory } from './parameters.js';
import { compareSchemas, type SchemaComparer } from './schema-diff.js';

/** Compares the request bodies of two operations the API sends, media type by media type. */
function diffPayload(baseDoc: Record<string, unknown>, headDoc: Record<string, unknown>, bOp: Node, hOp: Node, ctx: ContextFactory, where: string): void {
  const bBody = deref(baseDoc, bOp.node['requestBody'], joinPointer(bOp.pointer, 'requestBody'));
  const hBody = deref(headDoc, hOp.node['requestBody'], joinPointer(hOp.pointer, 'requestBody'));
  if (!bBody || !hBody) return;
  const head = new Map([...contentOf(headDoc, hBody)].map(([type, node]) => [mediaKey(type), { type, node }]));
  for (const [type, bm] of contentOf(baseDoc, bBody)) {
    const hm = head.get(mediaKey(type));
    if (!hm) continue;
    const c = ctx('response', 'webhook-body', `${where} (${hm.type})`);
    compareSchemas(c.base.at(joinPointer(bm.pointer, 'schema')), c.head.at(joinPointer(hm.node.pointer, 'schema')), c);
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
        opEmit('webhook-operation-removed', hItem.pointer, `webhook "${name}" no longer sends ${method.toUpperCase()} requests: subscribers stop receiving them`);
        continue;
      }
      const ctx: ContextFactory = (direction, scope, where) => comparer.context(direction, scope, where, opEmit);
      diffPayload(baseDoc, headDoc, bOp, hOp, ctx, `webhook "${name}" ${method.toUpperCase()} payload`);
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
function callbackRequests(doc: Record<string, unknown>, callback: Node): Map<string, { expression: string; method: HttpMethod; op: Node }> {
  const out = new Map<string, { expression: string; method: HttpMethod; op: Node }>();
  for (const [expression, value] of Object.entries(callback.node)) {
    if (expression.startsWith('x-')) continue;
    const item = deref(doc, value, joinPointer(callback.pointer, expression));
    if (!item) continue;
    for (const [method, op] of operationsOf(item)) out.set(`${method.toUpperCase()} ${expression}`, { expression, method, op });
  }
  return out;
}

/** Callbacks of one operation: removed, added, and the payloads of those kept. */
export function diffCallbacks(baseDoc: Record<string, unknown>, headDoc: Record<string, unknown>, bOp: Node | undefined, hOp: Node | undefined, emit: Emit, ctx: ContextFactory): void {
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
      diffPayload(baseDoc, headDoc, b.op, h.op, ctx, `callback "${name}" ${key} payload`);
    }
    for (const [key, h] of hReqs) if (!bReqs.has(key)) emit('callback-added', h.op.pointer, `callback "${name}" now also sends ${key}`);
  }
  for (const [name, hCb] of head) if (!base.has(name)) emit('callback-added', hCb.pointer, `callback "${name}" was added`);
}
