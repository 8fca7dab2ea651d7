/**
 * The statuses a generated server (and, in stateful mode, its mock) answers on its own for an
 * operation, before or instead of its handler, computed from the same run-time tables the server is
 * given (`apiSpec`, `resourceSpecs`):
 *
 * - 400: a parameter that can fail its schema (a required query, header or cookie parameter, or
 *   one whose schema constrains its text), a request body to parse or validate, a version prefix
 *   outside `x-specforge-dialect` `versionPrefix` (every operation), a page token the mock did not
 *   make; `x-specforge-required-when` and the dialect's `invalidBodyStatus` add their own statuses;
 * - 401 (403 where the operation declares 403 and not 401): the operation needs a credential; 403: a required scope a verifier's `scopes` lack, and
 *   the `refuse` status of `x-specforge-policy`;
 * - 413 and 415: the operation takes a request body (415 unless it takes `*` / `*`);
 * - 500: every operation (a handler that fails, or a response that breaks the contract);
 * - stateful mock (`x-specforge-resources`): the `conflict` status (default 409) of a create (an id
 *   or a name in use), of an update and of a transition that sets a name; 404 for an unknown id in
 *   reads, updates, deletes and transitions; the `protected`, `inUse`, `immutable` and transition
 *   `otherwise` statuses; 400 for a page token it did not make.
 *
 * Route-level answers (404 for no operation, 405 for a method the path does not take) and
 * connection-level ones (431, 408, 400 for what Node's HTTP parser refuses) belong to no
 * operation and are not listed.
 */
import { apiSpec, resourceSpecs, schemaResolver } from '../contract/tables/api.js';
import type { ContractModel, JsonSchema, OperationModel, ParameterModel } from '../contract/model.js';
import { isRecord } from '../contract/pointer.js';
import type { OperationSpec, ResourceSpec } from '../runtime/shared/spec.js';
import { refusalStatus } from '../runtime/server/security.js';

/** A status the server may answer on its own, with why. */
export interface OwnStatus {
  status: number;
  reasons: string[];
}

export interface OperationStatuses {
  operation: OperationModel;
  /** Every status the server or its mock may answer on its own, lowest first. */
  statuses: OwnStatus[];
  /** Those the operation neither declares (exactly or by range) nor covers with `default`. */
  undeclared: OwnStatus[];
}

/** Schema keywords that describe a value without constraining it. */
const ANNOTATIONS = new Set([
  'description',
  'title',
  'example',
  'examples',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'nullable',
  '$comment',
  '$id',
  '$schema',
  'externalDocs',
  'xml',
  'contentMediaType',
  'contentEncoding',
]);

/** x- keywords that change what a value must be. */
const CONSTRAINING_EXTENSIONS = new Set(['x-specforge-base64-json', 'x-specforge-rules']);

/** Whether a value read as text can fail `schema`: anything beyond an unconstrained string can. */
function constrains(schema: JsonSchema | undefined, resolve: (ref: string) => JsonSchema | undefined, depth = 0): boolean {
  if (schema === undefined || schema === true) return false;
  if (!isRecord(schema) || depth > 16) return true;
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key)) continue;
    if (key.startsWith('x-') && !CONSTRAINING_EXTENSIONS.has(key)) continue;
    if (key === 'type' && (value === 'string' || (Array.isArray(value) && value.includes('string')))) continue;
    if (key === '$ref' && typeof value === 'string') {
      if (constrains(resolve(value), resolve, depth + 1)) return true;
      continue;
    }
    return true;
  }
  return false;
}

function parameterCanFail(p: ParameterModel, resolve: (ref: string) => JsonSchema | undefined): boolean {
  // A path parameter is always there once the route matched; others can be missing.
  if (p.required && p.in !== 'path') return true;
  return constrains(p.schema, resolve);
}

const PARSED = /^(application\/json|application\/[^;]*\+json|\*\/\*|application\/x-www-form-urlencoded|multipart\/form-data)$/i;
/** Media types whose body is validated against its schema (raw bytes and XML are not). */
const VALIDATED = /^(application\/json|application\/[^;]*\+json|\*\/\*|application\/x-www-form-urlencoded|multipart\/form-data|text\/.*)$/i;
const XML = /[/+]xml$/i;

function mediaBase(type: string): string {
  return (type.split(';')[0] ?? '').trim().toLowerCase();
}

/** Whether `responses` has a key the runtime answers `status` under: exact, its range, or default. */
export function declares(responses: readonly string[], status: number): boolean {
  const exact = String(status);
  return responses.includes(exact) || responses.includes(`${exact[0] ?? ''}XX`) || responses.includes('default');
}

class Collector {
  private readonly byStatus = new Map<number, string[]>();
  add(status: number, reason: string): void {
    const reasons = this.byStatus.get(status) ?? [];
    if (!reasons.includes(reason)) reasons.push(reason);
    this.byStatus.set(status, reasons);
  }
  list(): OwnStatus[] {
    return [...this.byStatus].sort(([a], [b]) => a - b).map(([status, reasons]) => ({ status, reasons }));
  }
}

function needsCredential(spec: OperationSpec): boolean {
  return spec.security.length > 0 && !spec.security.some((alternative) => Object.keys(alternative).length === 0);
}

/** What the stateful mock adds for `opId`: its roles in resources and the transitions that guard it. */
function statefulStatuses(opId: string, op: OperationModel, resources: readonly ResourceSpec[], into: Collector): void {
  const mock = (why: string): string => `stateful mock: ${why}`;
  for (const r of resources) {
    const roles = (Object.entries(r.operations) as Array<[string, string | undefined]>).filter(([, id]) => id === opId).map(([name]) => name);
    const has = (...names: string[]): boolean => roles.some((role) => names.includes(role));
    // An id given in the body, or a name (an alias) that belongs to another resource.
    if (has('create') && (op.requestBody !== undefined || r.aliases.length > 0)) into.add(r.conflict, mock(`${r.name} id or name in use`));
    if (has('update', 'replace') && r.aliases.length > 0) into.add(r.conflict, mock(`${r.name} name in use`));
    if (has('read', 'update', 'replace', 'delete')) into.add(404, mock(`unknown ${r.name} id`));
    if (r.protected && has('update', 'replace', 'delete')) into.add(r.protected.status, mock(`predefined ${r.name}`));
    if (r.inUse && has('delete')) into.add(r.inUse.status, mock(`${r.name} in use`));
    if (r.immutable && has('update', 'replace')) into.add(r.immutable.status, mock(`immutable ${r.name} field changed`));
    if (has('list') && r.pagination?.style === 'token') into.add(400, mock('invalid page token'));
    const t = r.state?.transitions[opId];
    if (!t) continue;
    into.add(404, mock(`unknown ${t.through?.resource ?? r.name} id`));
    if (t.from || t.notFrom || t.requires || t.pull) into.add(t.otherwise, mock(`${r.name} state precondition`));
    const sets = Object.keys(t.set ?? {});
    if (r.aliases.some((alias) => sets.some((path) => path === alias || alias.startsWith(`${path}.`)))) into.add(r.conflict, mock(`${r.name} name in use`));
  }
  const ext = op.extensions['x-specforge-mock'];
  const pagination = isRecord(ext) ? ext['pagination'] : undefined;
  if (isRecord(pagination) && pagination['style'] === 'token') into.add(400, mock('invalid page token'));
}

/**
 * The statuses the server and its stateful mock may answer on their own for each operation of
 * `model`. Throws the ContractError the generators would for a malformed x-specforge extension.
 */
export function ownStatuses(model: ContractModel): OperationStatuses[] {
  const api = apiSpec(model);
  const resources = resourceSpecs(model);
  const resolve = schemaResolver(model);
  const specs = new Map(api.operations.map((o) => [o.id, o]));
  return model.operations.map((op) => {
    const spec = specs.get(op.id);
    const out = new Collector();
    if (api.versionPrefix) out.add(400, 'unsupported version prefix');
    if (op.parameters.some((p) => parameterCanFail(p, resolve))) out.add(400, 'invalid parameters');
    for (const p of spec?.parameters ?? []) {
      if (p.requiredWhen) out.add(p.requiredWhen.status, `x-specforge-required-when: missing ${p.name}`);
    }
    const body = op.requestBody;
    if (body) {
      const types = body.content.map((c) => mediaBase(c.type));
      const parsed = types.some((t) => PARSED.test(t));
      const validated =
        body.required || body.content.some((c) => VALIDATED.test(mediaBase(c.type)) && !XML.test(mediaBase(c.type)) && constrains(c.schema, resolve));
      if (parsed) out.add(400, 'unreadable request body');
      if (validated) {
        if (api.invalidBodyStatus !== undefined) out.add(api.invalidBodyStatus, 'invalid request body');
        else out.add(400, 'invalid request body');
      }
      out.add(413, 'request body over the size limit');
      if (!types.includes('*/*')) out.add(415, 'unsupported request body media type');
    }
    if (spec && needsCredential(spec)) {
      out.add(refusalStatus(spec.responses), 'missing or rejected credential');
      if (spec.security.some((alternative) => Object.values(alternative).some((scopes) => scopes.length > 0)))
        out.add(403, 'credential without a required scope');
      if (spec.policy) out.add(spec.policy.status, 'x-specforge-policy: credential kind not allowed');
    }
    out.add(500, 'handler failure or invalid response');
    statefulStatuses(op.id, op, resources, out);
    const statuses = out.list();
    const keys = op.responses.map((r) => r.status);
    return { operation: op, statuses, undeclared: statuses.filter((s) => !declares(keys, s.status)) };
  });
}
