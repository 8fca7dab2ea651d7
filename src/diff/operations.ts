/**
 * Comparing two contract models operation by operation: paths, operations, parameters, request
 * bodies, responses, callbacks, servers and security; then webhooks and security schemes. Schemas
 * are handed to the schema comparison with the direction their values travel. Removals follow the
 * deprecation policy (deprecation.ts), and changes of draft or alpha operations are info.
 */
import { getAtPointer, isRecord, joinPointer } from '../contract/pointer.js';
import type {
  ContractModel,
  HeaderModel,
  MediaTypeModel,
  OperationModel,
  RequestBodyModel,
  ResponseModel,
  SecurityRequirementModel,
} from '../contract/model.js';
import { isCustomMethod } from '../contract/model.js';
import { emitterFor, type DiffChange, type Emit, type OperationRef } from './change.js';
import {
  isUnstable,
  lenientEmitter,
  policyOf,
  removalOf,
  stabilityOf,
  STABILITY_LEVELS,
  sunsetProblem,
  type DiffOptions,
  type DiffPolicy,
  type Removal,
} from './deprecation.js';
import { isSuccess, mediaKey, operationNode, pathItemNode } from './document.js';
import { compareItems, streamChanged, streamSwaps } from './streams.js';
import { diffParameters, type ContextFactory } from './parameters.js';
import { compareSchemas, SchemaComparer, type SchemaContext } from './schema-diff.js';
import { SchemaReader } from './schema-view.js';
import { diffSecuritySchemes } from './security-schemes.js';
import { diffServersAt, serversOf, type Server } from './servers.js';
import { diffCallbacks, diffWebhooks } from './webhooks.js';

export type { DiffOptions } from './deprecation.js';

interface Side {
  model: ContractModel;
  schemas: SchemaReader;
  /** Compares schemas of the two sides; shared by every operation (it remembers pairs it compared). */
  comparer: SchemaComparer;
}

/** `/pets/{petId}` and `/pets/{id}` are one path: parameter names do not change the address. */
function pathKey(path: string): string {
  return path.replace(/\{[^}]*\}/g, '{}');
}

function groupByPath(model: ContractModel): Map<string, OperationModel[]> {
  const out = new Map<string, OperationModel[]>();
  for (const op of model.operations) {
    const key = pathKey(op.path);
    const list = out.get(key) ?? [];
    list.push(op);
    out.set(key, list);
  }
  return out;
}

function pathItemPointer(path: string): string {
  return joinPointer('/paths', path);
}

/** Draft and alpha operations may change freely; a stable one promises its shape. */
function stabilityRank(op: OperationModel): number {
  return STABILITY_LEVELS.indexOf(stabilityOf(op.extensions));
}

/** How bad a removal is, worst first. */
const REMOVAL_ORDER: Removal['kind'][] = ['not-deprecated', 'before-sunset', 'sunset-missing', 'allowed'];

/** Compares every operation of two contracts. */
export function diffModels(base: ContractModel, head: ContractModel, options: DiffOptions = {}): DiffChange[] {
  const out: DiffChange[] = [];
  const policy = policyOf(options);
  const baseSchemas = new SchemaReader(base.document, base.version);
  const headSchemas = new SchemaReader(head.document, head.version);
  const comparer = new SchemaComparer(baseSchemas, headSchemas);
  const b: Side = { model: base, schemas: baseSchemas, comparer };
  const h: Side = { model: head, schemas: headSchemas, comparer };
  const basePaths = groupByPath(base);
  const headPaths = groupByPath(head);
  const root = (m: ContractModel): { own: { node: Record<string, unknown>; pointer: string }; inherited: [] } => ({
    own: { node: m.document, pointer: '' },
    inherited: [],
  });
  diffServersAt(root(base), root(head), emitterFor(out));
  for (const [key, ops] of basePaths) {
    const headOps = headPaths.get(key);
    const path = (ops[0] as OperationModel).path;
    if (!headOps) {
      removedPath(ops, out, policy);
      continue;
    }
    const headPath = (headOps[0] as OperationModel).path;
    diffServersAt(
      { own: pathItemNode(base.document, path), inherited: serversOf({ node: base.document, pointer: '' }) ?? [] },
      { own: pathItemNode(head.document, headPath), inherited: serversOf({ node: head.document, pointer: '' }) ?? [] },
      emitterFor(out, undefined, headPath),
      `path ${headPath}: `,
    );
    for (const op of ops) {
      const match = headOps.find((o) => o.method === op.method);
      if (!match) removedOperation(op, path, pathItemPointer(headPath), out, policy);
      else diffOperation(op, match, b, h, out, policy);
    }
  }
  for (const [key, ops] of headPaths) {
    const baseOps = basePaths.get(key);
    const path = (ops[0] as OperationModel).path;
    const emit = emitterFor(out, undefined, path);
    if (!baseOps) {
      emit('api-path-added', pathItemPointer(path), `path ${path} was added (${ops.map((o) => o.method.toUpperCase()).join(', ')})`);
      continue;
    }
    for (const op of ops) {
      if (!baseOps.some((o) => o.method === op.method))
        emitterFor(out, { method: op.method, path: op.path, id: op.id })('api-operation-added', op.pointer, 'the operation was added');
    }
  }
  diffSecuritySchemes(base, head, emitterFor(out));
  diffWebhooks(base.document, head.document, comparer, out);
  return out;
}

/**
 * A path removed with all its operations: a plain removal unless every operation that promises its
 * shape was deprecated; then its sunset dates decide. When every operation is draft or alpha, the
 * removal is info.
 */
function removedPath(ops: OperationModel[], out: DiffChange[], policy: DiffPolicy): void {
  const path = (ops[0] as OperationModel).path;
  const stable = ops.filter((o) => !isUnstable(stabilityOf(o.extensions)));
  const judged = (stable.length > 0 ? stable : ops).map((op) => ({ op, removal: removalOf(op.deprecated, op.extensions, policy, stabilityOf(op.extensions)) }));
  judged.sort((x, y) => REMOVAL_ORDER.indexOf(x.removal.kind) - REMOVAL_ORDER.indexOf(y.removal.kind));
  const worst = judged[0] as { op: OperationModel; removal: Removal };
  const methods = ops.map((o) => o.method.toUpperCase()).join(', ');
  let emit = emitterFor(out, undefined, path, pathItemPointer(path));
  if (stable.length === 0) emit = lenientEmitter(emit, out, stabilityOf(worst.op.extensions));
  const r = worst.removal;
  const method = worst.op.method.toUpperCase();
  switch (r.kind) {
    case 'not-deprecated':
      emit('api-path-removed', '/paths', `path ${path} was removed (${methods})`);
      return;
    case 'before-sunset':
      emit(
        'api-path-removed-before-sunset',
        '/paths',
        `path ${path} was removed (${methods}) before the x-sunset date ${r.sunset} of its deprecated ${method}; clients were promised it until then`,
      );
      return;
    case 'sunset-missing':
      emit(
        'api-deprecated-sunset-missing',
        '/paths',
        `path ${path} was removed (${methods}); its deprecated ${method} had no x-sunset date, which a ${r.days}-day deprecation period requires`,
      );
      return;
    case 'allowed':
      emit(
        'api-path-removed-with-deprecation',
        '/paths',
        `path ${path} was removed (${methods}); ${ops.length > 1 ? 'every operation was' : 'it was'} deprecated${judged.some((j) => j.removal.kind === 'allowed' && j.removal.sunset) ? ', and the x-sunset dates have passed' : ''}`,
      );
  }
}

function removedOperation(op: OperationModel, path: string, at: string, out: DiffChange[], policy: DiffPolicy): void {
  const stability = stabilityOf(op.extensions);
  const emit = lenientEmitter(emitterFor(out, { method: op.method, path, id: op.id }, path, op.pointer), out, stability);
  const r = removalOf(op.deprecated, op.extensions, policy, stability);
  switch (r.kind) {
    case 'not-deprecated':
      if (isCustomMethod(op.method)) emit('api-custom-method-removed', at, `the custom method ${op.method} was removed: requests with it are now answered 405`);
      else emit('api-operation-removed', at, 'the operation was removed');
      return;
    case 'before-sunset':
      emit('api-removed-before-sunset', at, `the deprecated operation was removed before its x-sunset date ${r.sunset}; clients were promised it until then`);
      return;
    case 'sunset-missing':
      emit(
        'api-deprecated-sunset-missing',
        at,
        `the deprecated operation was removed, but it had no x-sunset date, which a ${r.days}-day deprecation period requires; clients were never told when it would go`,
      );
      return;
    case 'allowed':
      emit('api-removed-with-deprecation', at, `the deprecated operation was removed${r.sunset ? ` after its x-sunset date ${r.sunset}` : ''}`);
  }
}

function explicitOperationId(model: ContractModel, op: OperationModel): string | undefined {
  const id = operationNode(model.document, op.path, op.method)?.node['operationId'];
  return typeof id === 'string' ? id : undefined;
}

function diffOperation(bOp: OperationModel, hOp: OperationModel, b: Side, h: Side, out: DiffChange[], policy: DiffPolicy): void {
  const ref: OperationRef = { method: hOp.method, path: hOp.path, id: hOp.id };
  // The base's stability is the promise clients relied on: a stable operation made alpha in the
  // same change still reports its breaking changes.
  const emit = lenientEmitter(emitterFor(out, ref), out, stabilityOf(bOp.extensions));
  const bId = explicitOperationId(b.model, bOp);
  if (bId !== undefined && bId !== explicitOperationId(h.model, hOp)) {
    emit('operation-id-changed', joinPointer(hOp.pointer, 'operationId'), `operationId changed from "${bId}" to "${hOp.id}"`);
  }
  if (stabilityRank(hOp) < stabilityRank(bOp)) {
    emit(
      'api-stability-decreased',
      joinPointer(hOp.pointer, 'x-stability-level'),
      `x-stability-level lowered from ${stabilityOf(bOp.extensions)} to ${stabilityOf(hOp.extensions)}: clients are no longer told about its breaking changes`,
    );
  }
  if (!bOp.deprecated && hOp.deprecated) emit('operation-deprecated', joinPointer(hOp.pointer, 'deprecated'), 'the operation is now deprecated');
  operationSunset(bOp, hOp, emit, policy);
  const schemaCtx = (direction: SchemaContext['direction'], scope: SchemaContext['scope'], where: string): SchemaContext =>
    h.comparer.context(direction, scope, where, emit);
  diffParameters(bOp, hOp, emit, schemaCtx, { baseDoc: b.model.document, headDoc: h.model.document, policy, headStability: stabilityOf(hOp.extensions) });
  diffRequestBody(bOp.requestBody, hOp, emit, schemaCtx);
  diffResponses(bOp.responses, hOp, emit, schemaCtx, b, h);
  diffSecurity(bOp.security, hOp, emit);
  const bNode = operationNode(b.model.document, bOp.path, bOp.method);
  const hNode = operationNode(h.model.document, hOp.path, hOp.method);
  diffCallbacks(b.model.document, h.model.document, bNode, hNode, emit, schemaCtx);
  const inherited = (m: ContractModel, path: string): Server[] =>
    serversOf(pathItemNode(m.document, path)) ?? serversOf({ node: m.document, pointer: '' }) ?? [];
  diffServersAt({ own: bNode, inherited: inherited(b.model, bOp.path) }, { own: hNode, inherited: inherited(h.model, hOp.path) }, emit);
}

/** The x-sunset of an operation deprecated in the head, under the policy. */
function operationSunset(bOp: OperationModel, hOp: OperationModel, emit: Emit, policy: DiffPolicy): void {
  const problem = sunsetProblem(bOp, hOp, policy, stabilityOf(hOp.extensions));
  if (!problem) return;
  const at = joinPointer(hOp.pointer, 'x-sunset' in hOp.extensions ? 'x-sunset' : 'deprecated');
  if (problem.kind === 'missing') {
    emit(
      'api-deprecated-sunset-missing',
      at,
      `the operation is deprecated but ${problem.why}; a ${problem.days}-day deprecation period needs one, so clients know until when it answers`,
    );
  } else {
    emit(
      'api-sunset-date-too-small',
      at,
      `${problem.why}, sooner than the ${problem.days}-day deprecation period allows (${problem.earliest} at the earliest); clients get less notice than promised`,
    );
  }
}

/** Media types of both sides, paired; and those only in the base. */
/** Media types by their key: pairs, those only in the base, and a stream that changed its media type (streams.ts). */
function pairMediaTypes(
  base: MediaTypeModel[],
  head: MediaTypeModel[],
): { pairs: Array<[MediaTypeModel, MediaTypeModel]>; removed: MediaTypeModel[]; swaps: Array<[MediaTypeModel, MediaTypeModel]> } {
  const byKey = new Map(head.map((m) => [mediaKey(m.type), m]));
  const pairs: Array<[MediaTypeModel, MediaTypeModel]> = [];
  const gone: MediaTypeModel[] = [];
  for (const m of base) {
    const other = byKey.get(mediaKey(m.type));
    if (other) pairs.push([m, other]);
    else gone.push(m);
  }
  const known = new Set(base.map((m) => mediaKey(m.type)));
  const { swaps, removed } = streamSwaps(
    gone,
    head.filter((m) => !known.has(mediaKey(m.type))),
  );
  return { pairs, removed, swaps };
}

function diffRequestBody(bBody: RequestBodyModel | undefined, hOp: OperationModel, emit: Emit, ctx: ContextFactory): void {
  const hBody = hOp.requestBody;
  if (hBody?.required && !bBody?.required) {
    emit(
      'request-body-became-required',
      joinPointer(hBody.pointer, 'required'),
      bBody ? 'the request body became required' : 'a required request body was added',
    );
  }
  if (!bBody) return;
  const { pairs, removed, swaps } = pairMediaTypes(bBody.content, hBody?.content ?? []);
  const parent = hBody ? joinPointer(hBody.pointer, 'content') : hOp.pointer;
  for (const m of removed) emit('request-media-type-removed', parent, `request body media type ${m.type} is no longer accepted`);
  for (const [bm, hm] of swaps) streamChanged(bm, hm, 'request', 'request body', emit, ctx);
  for (const [bm, hm] of pairs) {
    const c = ctx('request', 'request-body', `request body (${hm.type})`);
    compareSchemas(c.base.at(joinPointer(bm.pointer, 'schema')), c.head.at(joinPointer(hm.pointer, 'schema')), c);
    compareItems(bm, hm, 'request', `request body (${hm.type})`, ctx);
  }
}

function diffResponses(base: ResponseModel[], hOp: OperationModel, emit: Emit, ctx: ContextFactory, b: Side, h: Side): void {
  const responsesPointer = joinPointer(hOp.pointer, 'responses');
  const byStatus = new Map(hOp.responses.map((r) => [r.status, r]));
  for (const br of base) {
    const hr = byStatus.get(br.status);
    if (!hr) {
      if (isSuccess(br.status)) emit('response-status-removed', responsesPointer, `response ${br.status} was removed`);
      else emit('response-non-success-status-removed', responsesPointer, `response ${br.status} was removed`);
      continue;
    }
    diffResponseHeaders(br, hr, emit, ctx, b, h);
    const { pairs, removed, swaps } = pairMediaTypes(br.content, hr.content);
    const parent = hr.content.length > 0 ? joinPointer(hr.pointer, 'content') : hr.pointer;
    for (const m of removed) {
      // A non-success response that loses a body loses what clients parsed from it: as much as the status removed, no more.
      emit(
        isSuccess(br.status) ? 'response-media-type-removed' : 'response-non-success-media-type-removed',
        parent,
        `response ${br.status} media type ${m.type} was removed`,
      );
    }
    for (const [bm, hm] of swaps) streamChanged(bm, hm, 'response', `response ${hr.status}`, emit, ctx);
    for (const [bm, hm] of pairs) {
      const c = ctx('response', 'response-body', `response ${hr.status} (${hm.type})`);
      compareSchemas(c.base.at(joinPointer(bm.pointer, 'schema')), c.head.at(joinPointer(hm.pointer, 'schema')), c);
      compareItems(bm, hm, 'response', `response ${hr.status} (${hm.type})`, ctx);
    }
  }
  const known = new Set(base.map((r) => r.status));
  for (const hr of hOp.responses) if (!known.has(hr.status)) emit('response-status-added', hr.pointer, `response ${hr.status} was added`);
}

/** Where a header's schema stands: under `schema`, or under its one `content` media type. */
function headerSchemaPointer(doc: Record<string, unknown>, header: HeaderModel): string {
  const node = getAtPointer(doc, header.pointer).value;
  const content = isRecord(node) ? node['content'] : undefined;
  const type = isRecord(content) ? Object.keys(content)[0] : undefined;
  return type !== undefined ? joinPointer(header.pointer, 'content', type, 'schema') : joinPointer(header.pointer, 'schema');
}

function diffResponseHeaders(br: ResponseModel, hr: ResponseModel, emit: Emit, ctx: ContextFactory, b: Side, h: Side): void {
  const headers = new Map(hr.headers.map((x) => [x.name.toLowerCase(), x]));
  const known = new Set(br.headers.map((x) => x.name.toLowerCase()));
  const parent = hr.headers.length > 0 ? joinPointer(hr.pointer, 'headers') : hr.pointer;
  for (const bh of br.headers) {
    const hh = headers.get(bh.name.toLowerCase());
    if (bh.required && !hh?.required) {
      emit(
        'response-required-header-removed',
        hh ? hh.pointer : parent,
        `response ${hr.status} header ${bh.name} ${hh ? 'became optional' : '(required) was removed'}`,
      );
    } else if (!hh) emit('response-header-removed', parent, `response ${hr.status} header ${bh.name} was removed`);
    if (!hh) continue;
    const c = ctx('response', 'response-header', `response ${hr.status} header ${hh.name}`);
    compareSchemas(c.base.at(headerSchemaPointer(b.model.document, bh)), c.head.at(headerSchemaPointer(h.model.document, hh)), c);
  }
  for (const hh of hr.headers) {
    if (!known.has(hh.name.toLowerCase())) emit('response-header-added', hh.pointer, `response ${hr.status} gained header ${hh.name}`);
  }
}

/**
 * Security alternatives: a caller that satisfied one alternative of the base must satisfy one of
 * the head, with no more schemes and no more scopes.
 */
function diffSecurity(base: SecurityRequirementModel[], hOp: OperationModel, emit: Emit): void {
  const head = hOp.security;
  const at = joinPointer(hOp.pointer, 'security');
  const anonymous = (alts: SecurityRequirementModel[]): boolean => alts.length === 0 || alts.some((a) => Object.keys(a).length === 0);
  if (anonymous(base)) {
    if (!anonymous(head)) emit('security-added', at, `credentials are now required (${head.map((a) => Object.keys(a).join(' + ')).join(' or ')})`);
    return;
  }
  for (const alt of base) {
    const schemes = Object.keys(alt);
    const fits = (h: SecurityRequirementModel): boolean => Object.keys(h).every((k) => schemes.includes(k));
    const candidates = head.filter(fits);
    const scopesFit = (h: SecurityRequirementModel): boolean => Object.entries(h).every(([k, scopes]) => scopes.every((s) => (alt[k] ?? []).includes(s)));
    if (candidates.some(scopesFit)) continue;
    const label = schemes.join(' + ');
    if (candidates.length > 0) {
      const added = Object.entries(candidates[0] as SecurityRequirementModel).flatMap(([k, scopes]) =>
        scopes.filter((s) => !(alt[k] ?? []).includes(s)).map((s) => `${k}:${s}`),
      );
      emit('security-scope-added', at, `credentials of ${label} now need the scope(s) ${added.join(', ')}`);
    } else {
      emit(
        'security-scheme-added',
        at,
        `credentials of ${label} no longer suffice; the operation accepts ${head.map((a) => Object.keys(a).join(' + ')).join(' or ')}`,
      );
    }
  }
}
