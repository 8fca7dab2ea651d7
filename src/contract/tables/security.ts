/**
 * The run-time tables of the security extensions, checked against the contract:
 * `x-specforge-policy` (which kinds of credential may call each operation),
 * `x-specforge-required-when` (an optional parameter that some requests must carry). A malformed
 * extension is a SPECFORGE_EXTENSION error with its location. Error bodies (x-specforge-error and
 * the shape inferred from the contract) are the error-shape engine's: ./error-shapes.ts.
 */
import { ContractError } from '../errors.js';
import type { ContractModel, OperationModel, ParameterModel } from '../model.js';
import { isRecord, joinPointer, resolveLocalRef } from '../pointer.js';
import type { OperationPolicySpec, ParameterIn, PolicySpec, RequiredWhenSpec } from '../../runtime/shared/spec.js';

function fail(model: ContractModel, pointer: string, message: string): never {
  throw ContractError.single('SPECFORGE_EXTENSION', message, model.loaded.locate(pointer));
}

const LOCATIONS: readonly ParameterIn[] = ['path', 'query', 'header', 'cookie'];
const DEFAULT_REFUSE = { status: 403, code: 'forbidden', message: 'this kind of credential may not call this operation' };

/** Whether the operation declares a response that covers `status` ("403", "4XX" or "default"). */
function declares(op: OperationModel, status: number): boolean {
  const keys = new Set(op.responses.map((r) => r.status));
  return keys.has(String(status)) || keys.has(`${String(status)[0]}XX`) || keys.has('default');
}

/** `{ status, code, message }` of a refusal, with defaults; the status must be a 4xx. */
function answer(
  model: ContractModel,
  raw: unknown,
  at: string,
  fallback: { status: number; code: string; message: string },
): { status: number; code: string; message: string } {
  if (raw === undefined) return { ...fallback };
  if (!isRecord(raw)) fail(model, at, 'expected a mapping with status, code and message');
  const status = raw['status'] ?? fallback.status;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 499)
    fail(model, joinPointer(at, 'status'), 'status must be a 4xx status code');
  const code = raw['code'] ?? fallback.code;
  if (typeof code !== 'string' || code === '') fail(model, joinPointer(at, 'code'), 'code must be a non-empty string');
  const message = raw['message'] ?? fallback.message;
  if (typeof message !== 'string' || message === '') fail(model, joinPointer(at, 'message'), 'message must be a non-empty string');
  return { status, code, message };
}

/** The pattern of a credential kind: given as `pattern`, or the `pattern` of the schema `schema.$ref` names. */
function kindPattern(model: ContractModel, kind: Record<string, unknown>, at: string): string | undefined {
  let pattern = kind['pattern'];
  const schema = kind['schema'];
  if (schema !== undefined) {
    if (pattern !== undefined) fail(model, at, 'a credential kind takes pattern or schema, not both');
    const ref = isRecord(schema) ? schema['$ref'] : undefined;
    if (typeof ref !== 'string' || !ref.startsWith('#/')) fail(model, joinPointer(at, 'schema'), 'schema must be a $ref to a string schema of the contract');
    const target = resolveLocalRef(model.document, ref);
    if (target === undefined) fail(model, joinPointer(at, 'schema'), `the schema ${ref} points at nothing in the contract`);
    pattern = isRecord(target.value) ? target.value['pattern'] : undefined;
    if (typeof pattern !== 'string') fail(model, joinPointer(at, 'schema'), `the schema ${ref} has no pattern to recognize the credential by`);
  }
  if (pattern === undefined) return undefined;
  if (typeof pattern !== 'string') fail(model, joinPointer(at, 'pattern'), 'pattern must be a string');
  try {
    new RegExp(pattern, 'u');
  } catch (err) {
    fail(model, joinPointer(at, 'pattern'), `pattern is not a valid regular expression: ${err instanceof Error ? err.message : String(err)}`);
  }
  return pattern;
}

function kindList(model: ContractModel, raw: unknown, at: string, known: ReadonlySet<string>): string[] {
  if (!Array.isArray(raw) || !raw.every((k): k is string => typeof k === 'string')) fail(model, at, 'expected a list of credential kind names');
  raw.forEach((k, i) => {
    if (!known.has(k)) fail(model, joinPointer(at, i), `"${k}" is not a credential kind of x-specforge-policy (${[...known].join(', ')})`);
  });
  return [...raw];
}

export interface PolicyTables {
  api: PolicySpec;
  /** Per operationId: its allow list and refusal, when it does not allow every kind. */
  operations: Map<string, OperationPolicySpec>;
}

/** Parses `x-specforge-policy` at the root and on operations. */
export function policyTables(model: ContractModel): PolicyTables | undefined {
  const root = model.document['x-specforge-policy'];
  const rootAt = '/x-specforge-policy';
  if (root === undefined) {
    const stray = model.operations.find((op) => op.extensions['x-specforge-policy'] !== undefined);
    if (stray)
      fail(
        model,
        joinPointer(stray.pointer, 'x-specforge-policy'),
        'an operation x-specforge-policy needs x-specforge-policy at the document root (scheme and kinds)',
      );
    return undefined;
  }
  if (!isRecord(root)) fail(model, rootAt, 'x-specforge-policy must be a mapping with scheme and kinds');
  const scheme = root['scheme'];
  if (typeof scheme !== 'string' || !model.securitySchemes.some((s) => s.name === scheme)) {
    fail(model, joinPointer(rootAt, 'scheme'), `scheme must name a security scheme of the contract (${model.securitySchemes.map((s) => s.name).join(', ')})`);
  }
  const rawKinds = root['kinds'];
  if (!Array.isArray(rawKinds) || rawKinds.length === 0)
    fail(model, joinPointer(rootAt, 'kinds'), 'kinds must be a non-empty list of { name, pattern | schema }');
  const kinds: PolicySpec['kinds'] = [];
  const names = new Set<string>();
  rawKinds.forEach((raw, i) => {
    const at = joinPointer(rootAt, 'kinds', i);
    if (!isRecord(raw) || typeof raw['name'] !== 'string' || raw['name'] === '') fail(model, at, 'a credential kind needs a name');
    const name = raw['name'];
    if (names.has(name)) fail(model, joinPointer(at, 'name'), `credential kind "${name}" is declared twice`);
    names.add(name);
    const pattern = kindPattern(model, raw, at);
    kinds.push(pattern === undefined ? { name } : { name, pattern });
  });
  const defaultAllow = root['allow'] === undefined ? undefined : kindList(model, root['allow'], joinPointer(rootAt, 'allow'), names);
  const defaultRefuse = answer(model, root['refuse'], joinPointer(rootAt, 'refuse'), DEFAULT_REFUSE);
  const operations = new Map<string, OperationPolicySpec>();
  for (const op of model.operations) {
    const own = op.extensions['x-specforge-policy'];
    const at = joinPointer(op.pointer, 'x-specforge-policy');
    if (own !== undefined && !isRecord(own)) fail(model, at, 'an operation x-specforge-policy must be a mapping with allow');
    const allow = own?.['allow'] !== undefined ? kindList(model, own['allow'], joinPointer(at, 'allow'), names) : defaultAllow;
    if (allow === undefined) continue;
    const refuse = own?.['refuse'] !== undefined ? answer(model, own['refuse'], joinPointer(at, 'refuse'), defaultRefuse) : defaultRefuse;
    if (!declares(op, refuse.status)) {
      fail(model, own ? at : rootAt, `operation ${op.id} refuses credentials with ${refuse.status}, a status it does not declare`);
    }
    operations.set(op.id, { allow, ...refuse });
  }
  return { api: { scheme, kinds }, operations };
}

/** Parses `x-specforge-required-when` on a parameter of `op`. */
export function requiredWhenSpec(model: ContractModel, op: OperationModel, p: ParameterModel, policy: PolicyTables | undefined): RequiredWhenSpec | undefined {
  const raw = p.extensions['x-specforge-required-when'];
  if (raw === undefined) return undefined;
  const at = joinPointer(p.pointer, 'x-specforge-required-when');
  if (!isRecord(raw)) fail(model, at, 'x-specforge-required-when must be a mapping with credentialKinds and/or present');
  if (p.required) fail(model, at, `parameter ${p.name} is already required; x-specforge-required-when is for optional parameters`);
  const spec: RequiredWhenSpec = answer(model, raw, at, { status: 400, code: 'bad_request', message: `${p.name} is required in this request` });
  if (raw['credentialKinds'] !== undefined) {
    if (!policy) fail(model, joinPointer(at, 'credentialKinds'), 'credentialKinds needs x-specforge-policy at the document root, which declares the kinds');
    spec.credentialKinds = kindList(model, raw['credentialKinds'], joinPointer(at, 'credentialKinds'), new Set(policy.api.kinds.map((k) => k.name)));
  }
  if (raw['present'] !== undefined) {
    const list = raw['present'];
    if (!Array.isArray(list)) fail(model, joinPointer(at, 'present'), 'present must be a list of { in, name }');
    spec.present = list.map((item, i) => {
      const location = isRecord(item) ? item['in'] : undefined;
      const name = isRecord(item) ? item['name'] : undefined;
      if (typeof location !== 'string' || !(LOCATIONS as readonly string[]).includes(location) || typeof name !== 'string' || name === '') {
        fail(model, joinPointer(at, 'present', i), 'expected { in: query | header | cookie | path, name }');
      }
      return { in: location as ParameterIn, name };
    });
  }
  if (!spec.credentialKinds?.length && !spec.present?.length) fail(model, at, 'x-specforge-required-when needs a condition: credentialKinds or present');
  if (!declares(op, spec.status)) fail(model, at, `operation ${op.id} answers a missing ${p.name} with ${spec.status}, a status it does not declare`);
  return spec;
}
