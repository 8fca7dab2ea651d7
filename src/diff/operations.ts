/**
 * Comparing two contract models operation by operation: paths, operations, parameters, request
 * bodies, responses and security. Schemas are handed to the schema comparison with the direction
 * their values travel.
 */
import { joinPointer } from '../contract/pointer.js';
import type { ContractModel, MediaTypeModel, OperationModel, ParameterModel, RequestBodyModel, ResponseModel, SecurityRequirementModel } from '../contract/model.js';
import { emitterFor, type DiffChange, type Emit, type OperationRef } from './change.js';
import { compareSchemas, SchemaComparer, type SchemaContext } from './schema-diff.js';
import { SchemaReader } from './schema-view.js';

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

/** Compares every operation of two contracts. */
export function diffModels(base: ContractModel, head: ContractModel): DiffChange[] {
  const out: DiffChange[] = [];
  const baseSchemas = new SchemaReader(base.document, base.version);
  const headSchemas = new SchemaReader(head.document, head.version);
  const comparer = new SchemaComparer(baseSchemas, headSchemas);
  const b: Side = { model: base, schemas: baseSchemas, comparer };
  const h: Side = { model: head, schemas: headSchemas, comparer };
  const basePaths = groupByPath(base);
  const headPaths = groupByPath(head);
  for (const [key, ops] of basePaths) {
    const headOps = headPaths.get(key);
    const path = (ops[0] as OperationModel).path;
    const emit = emitterFor(out, undefined, headOps ? (headOps[0] as OperationModel).path : path);
    if (!headOps) {
      emit('api-path-removed', '/paths', `path ${path} was removed (${ops.map((o) => o.method.toUpperCase()).join(', ')})`);
      continue;
    }
    for (const op of ops) {
      const match = headOps.find((o) => o.method === op.method);
      if (!match) emitterFor(out, { method: op.method, path, id: op.id })('api-operation-removed', pathItemPointer((headOps[0] as OperationModel).path), 'the operation was removed');
      else diffOperation(op, match, b, h, out);
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
      if (!baseOps.some((o) => o.method === op.method)) emitterFor(out, { method: op.method, path: op.path, id: op.id })('api-operation-added', op.pointer, 'the operation was added');
    }
  }
  diffSecuritySchemes(base, head, emitterFor(out));
  return out;
}

function explicitOperationId(model: ContractModel, op: OperationModel): string | undefined {
  const paths = model.document['paths'] as Record<string, Record<string, Record<string, unknown>>> | undefined;
  const id = paths?.[op.path]?.[op.method]?.['operationId'];
  return typeof id === 'string' ? id : undefined;
}

function diffOperation(bOp: OperationModel, hOp: OperationModel, b: Side, h: Side, out: DiffChange[]): void {
  const ref: OperationRef = { method: hOp.method, path: hOp.path, id: hOp.id };
  const emit = emitterFor(out, ref);
  const bId = explicitOperationId(b.model, bOp);
  if (bId !== undefined && bId !== explicitOperationId(h.model, hOp)) {
    emit('operation-id-changed', joinPointer(hOp.pointer, 'operationId'), `operationId changed from "${bId}" to "${hOp.id}"`);
  }
  if (!bOp.deprecated && hOp.deprecated) emit('operation-deprecated', joinPointer(hOp.pointer, 'deprecated'), 'the operation is now deprecated');
  const schemaCtx = (direction: SchemaContext['direction'], scope: SchemaContext['scope'], where: string): SchemaContext => h.comparer.context(direction, scope, where, emit);
  diffParameters(bOp, hOp, emit, schemaCtx);
  diffRequestBody(bOp.requestBody, hOp, emit, schemaCtx);
  diffResponses(bOp.responses, hOp, emit, schemaCtx);
  diffSecurity(bOp.security, hOp, emit);
}

type ContextFactory = (direction: SchemaContext['direction'], scope: SchemaContext['scope'], where: string) => SchemaContext;

function parameterKey(op: OperationModel, p: ParameterModel): string {
  if (p.in === 'path') {
    const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    return `path:#${names.indexOf(p.name)}`;
  }
  return `${p.in}:${p.in === 'header' ? p.name.toLowerCase() : p.name}`;
}

function parameterSchemaPointer(p: ParameterModel): string {
  return p.contentType !== undefined ? joinPointer(p.pointer, 'content', p.contentType, 'schema') : joinPointer(p.pointer, 'schema');
}

function parametersPointer(op: OperationModel): string {
  return op.parameters.length > 0 ? joinPointer(op.pointer, 'parameters') : op.pointer;
}

function diffParameters(bOp: OperationModel, hOp: OperationModel, emit: Emit, ctx: ContextFactory): void {
  const headParams = new Map(hOp.parameters.map((p) => [parameterKey(hOp, p), p]));
  const baseParams = new Map(bOp.parameters.map((p) => [parameterKey(bOp, p), p]));
  for (const [key, bp] of baseParams) {
    const hp = headParams.get(key);
    const label = `${bp.in} parameter "${bp.name}"`;
    if (!hp) {
      emit('request-parameter-removed', parametersPointer(hOp), `${label} was removed`);
      continue;
    }
    if (!bp.required && hp.required) emit('request-parameter-became-required', joinPointer(hp.pointer, 'required'), `${label} became required`);
    if (!bp.deprecated && hp.deprecated) emit('request-parameter-deprecated', joinPointer(hp.pointer, 'deprecated'), `${label} is now deprecated`);
    const c = ctx('request', 'request-parameter', `${hp.in} parameter "${hp.name}"`);
    compareSchemas(c.base.at(parameterSchemaPointer(bp)), c.head.at(parameterSchemaPointer(hp)), c);
  }
  for (const [key, hp] of headParams) {
    if (!baseParams.has(key) && hp.required) emit('request-parameter-added-required', hp.pointer, `required ${hp.in} parameter "${hp.name}" was added`);
  }
}

function mediaKey(type: string): string {
  return type.split(';')[0]?.trim().toLowerCase() ?? type;
}

/** Media types of both sides, paired; and those only in the base. */
function pairMediaTypes(base: MediaTypeModel[], head: MediaTypeModel[]): { pairs: Array<[MediaTypeModel, MediaTypeModel]>; removed: MediaTypeModel[] } {
  const byKey = new Map(head.map((m) => [mediaKey(m.type), m]));
  const pairs: Array<[MediaTypeModel, MediaTypeModel]> = [];
  const removed: MediaTypeModel[] = [];
  for (const m of base) {
    const other = byKey.get(mediaKey(m.type));
    if (other) pairs.push([m, other]);
    else removed.push(m);
  }
  return { pairs, removed };
}

function diffRequestBody(bBody: RequestBodyModel | undefined, hOp: OperationModel, emit: Emit, ctx: ContextFactory): void {
  const hBody = hOp.requestBody;
  if (hBody?.required && !bBody?.required) {
    emit('request-body-became-required', joinPointer(hBody.pointer, 'required'), bBody ? 'the request body became required' : 'a required request body was added');
  }
  if (!bBody) return;
  const { pairs, removed } = pairMediaTypes(bBody.content, hBody?.content ?? []);
  const parent = hBody ? joinPointer(hBody.pointer, 'content') : hOp.pointer;
  for (const m of removed) emit('request-media-type-removed', parent, `request body media type ${m.type} is no longer accepted`);
  for (const [bm, hm] of pairs) {
    const c = ctx('request', 'request-body', `request body (${hm.type})`);
    compareSchemas(c.base.at(joinPointer(bm.pointer, 'schema')), c.head.at(joinPointer(hm.pointer, 'schema')), c);
  }
}

function isSuccess(status: string): boolean {
  return /^2(\d\d|XX)$/i.test(status);
}

function diffResponses(base: ResponseModel[], hOp: OperationModel, emit: Emit, ctx: ContextFactory): void {
  const responsesPointer = joinPointer(hOp.pointer, 'responses');
  const byStatus = new Map(hOp.responses.map((r) => [r.status, r]));
  for (const br of base) {
    const hr = byStatus.get(br.status);
    if (!hr) {
      if (isSuccess(br.status)) emit('response-status-removed', responsesPointer, `response ${br.status} was removed`);
      else emit('response-non-success-status-removed', responsesPointer, `response ${br.status} was removed`);
      continue;
    }
    diffResponseHeaders(br, hr, emit);
    const { pairs, removed } = pairMediaTypes(br.content, hr.content);
    const parent = hr.content.length > 0 ? joinPointer(hr.pointer, 'content') : hr.pointer;
    for (const m of removed) emit('response-media-type-removed', parent, `response ${br.status} media type ${m.type} was removed`);
    for (const [bm, hm] of pairs) {
      const c = ctx('response', 'response-body', `response ${hr.status} (${hm.type})`);
      compareSchemas(c.base.at(joinPointer(bm.pointer, 'schema')), c.head.at(joinPointer(hm.pointer, 'schema')), c);
    }
  }
  const known = new Set(base.map((r) => r.status));
  for (const hr of hOp.responses) if (!known.has(hr.status)) emit('response-status-added', hr.pointer, `response ${hr.status} was added`);
}

function diffResponseHeaders(br: ResponseModel, hr: ResponseModel, emit: Emit): void {
  const headers = new Map(hr.headers.map((h) => [h.name.toLowerCase(), h]));
  const parent = hr.headers.length > 0 ? joinPointer(hr.pointer, 'headers') : hr.pointer;
  for (const bh of br.headers) {
    const hh = headers.get(bh.name.toLowerCase());
    if (bh.required && !hh?.required) {
      emit('response-required-header-removed', hh ? hh.pointer : parent, `response ${hr.status} header ${bh.name} ${hh ? 'became optional' : '(required) was removed'}`);
    } else if (!hh) emit('response-header-removed', parent, `response ${hr.status} header ${bh.name} was removed`);
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
      const added = Object.entries(candidates[0] as SecurityRequirementModel).flatMap(([k, scopes]) => scopes.filter((s) => !(alt[k] ?? []).includes(s)).map((s) => `${k}:${s}`));
      emit('security-scope-added', at, `credentials of ${label} now need the scope(s) ${added.join(', ')}`);
    } else {
      emit('security-scheme-added', at, `credentials of ${label} no longer suffice; the operation accepts ${head.map((a) => Object.keys(a).join(' + ')).join(' or ')}`);
    }
  }
}

const SCHEME_FIELDS = ['type', 'in', 'paramName', 'scheme'] as const;

function diffSecuritySchemes(base: ContractModel, head: ContractModel, emit: Emit): void {
  const headSchemes = new Map(head.securitySchemes.map((s) => [s.name, s]));
  for (const bs of base.securitySchemes) {
    const hs = headSchemes.get(bs.name);
    if (!hs) continue;
    const changed = SCHEME_FIELDS.filter((f) => bs[f] !== hs[f]);
    if (changed.length > 0) {
      emit(
        'security-scheme-changed',
        joinPointer('/components/securitySchemes', hs.name),
        `security scheme "${hs.name}" changed ${changed.map((f) => `${f} from ${bs[f] ?? 'none'} to ${hs[f] ?? 'none'}`).join(', ')}`,
      );
    }
  }
}
