/**
 * Reading the bundled document where the contract model does not go (webhooks, callbacks, servers,
 * OAuth flows, raw parameter schemas): nodes with the pointer they stand at, local $refs followed.
 */
import { getAtPointer, isRecord, joinPointer, resolveLocalRef } from '../contract/pointer.js';
import { asCustomMethod, HTTP_METHODS, type HttpMethod } from '../contract/model.js';
import { customMethodProblem } from '../contract/model-builder.js';

/** A node of the bundled document and where it stands (after following $refs). */
export interface Node {
  node: Record<string, unknown>;
  pointer: string;
}

/** Follows local $refs from `value` (at `pointer`); undefined when the result is not an object. */
export function deref(doc: Record<string, unknown>, value: unknown, pointer: string): Node | undefined {
  let current = value;
  let at = pointer;
  for (let depth = 0; isRecord(current) && typeof current['$ref'] === 'string'; depth++) {
    const target = depth > 32 ? undefined : resolveLocalRef(doc, current['$ref']);
    if (!target) return undefined;
    current = target.value;
    at = target.pointer;
  }
  return isRecord(current) ? { node: current, pointer: at } : undefined;
}

/** The object at `pointer` of the document, $refs followed. */
export function nodeAt(doc: Record<string, unknown>, pointer: string): Node | undefined {
  return deref(doc, getAtPointer(doc, pointer).value, pointer);
}

/** The entries of an object child that are objects themselves (`x-` keys skipped), $refs followed. */
export function childNodes(doc: Record<string, unknown>, parent: Node | undefined, key: string): Map<string, Node> {
  const out = new Map<string, Node>();
  const map = parent?.node[key];
  if (!parent || !isRecord(map)) return out;
  for (const [name, value] of Object.entries(map)) {
    if (name.startsWith('x-')) continue;
    const found = deref(doc, value, joinPointer(parent.pointer, key, name));
    if (found) out.set(name, found);
  }
  return out;
}

/** The operations of a path item (a webhook, a callback expression): method to operation node. */
export function operationsOf(item: Node): Map<HttpMethod, Node> {
  const out = new Map<HttpMethod, Node>();
  for (const method of HTTP_METHODS) {
    const op = item.node[method];
    if (isRecord(op)) out.set(method, { node: op, pointer: joinPointer(item.pointer, method) });
  }
  // OpenAPI 3.2: custom methods, keyed as written (the model refuses a key a fixed field covers).
  const extra = item.node['additionalOperations'];
  if (isRecord(extra)) {
    for (const [name, op] of Object.entries(extra)) {
      if (isRecord(op) && customMethodProblem(name) === undefined)
        out.set(asCustomMethod(name), { node: op, pointer: joinPointer(item.pointer, 'additionalOperations', name) });
    }
  }
  return out;
}

/** Whether a value reads as a path item: an object with at least one operation. */
export function isPathItem(doc: Record<string, unknown>, value: unknown, pointer: string): boolean {
  const item = deref(doc, value, pointer);
  return item !== undefined && operationsOf(item).size > 0;
}

/** The raw path item of a path of the contract. */
export function pathItemNode(doc: Record<string, unknown>, path: string): Node | undefined {
  return nodeAt(doc, joinPointer('/paths', path));
}

/** The raw operation node of a path and method. */
export function operationNode(doc: Record<string, unknown>, path: string, method: HttpMethod): Node | undefined {
  const item = pathItemNode(doc, path);
  return item && operationsOf(item).get(method);
}

/** Media type to media type node of a `content` map (`x-` keys skipped). */
export function contentOf(doc: Record<string, unknown>, owner: Node | undefined): Map<string, Node> {
  return childNodes(doc, owner, 'content');
}

/** `application/json; charset=utf-8` and `application/JSON` are one media type. */
export function mediaKey(type: string): string {
  return type.split(';')[0]?.trim().toLowerCase() ?? type;
}

/** JSON text of a value, for messages. */
export function show(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

/** A success status (`200`, `2XX`). */
export function isSuccess(status: string): boolean {
  return /^2(\d\d|XX)$/i.test(status);
}
