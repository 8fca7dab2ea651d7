/**
 * Error answers that satisfy the contract: for each operation and each error status it declares
 * with a JSON schema (4xx, 5xx, 4XX, 5XX, default), a template (ErrorTemplate) that builds the
 * body from that schema. What maps is filled from the error (a message, the status, a code, the
 * details with their pointer and location, a request id); every other required property gets a
 * value sampled from its own schema. Decided once per operation and status, when the tables are
 * made, never per request. A schema no body can be built for is a warning naming the operation
 * and the status, and that status keeps the interface's error shape.
 *
 * x-specforge-error (or the config's `errors:`, which stands for it) is an explicit choice of shape
 * and wins: no templates are made then.
 */
import type { ContractModel, JsonSchema } from '../model-types.js';
import { isRecord } from '../pointer.js';
import { sampleSchema } from '../../runtime/shared/sample.js';
import type { ErrorTemplate } from '../../runtime/shared/spec.js';
import type { Diagnostic } from '../errors.js';

type Resolve = (ref: string) => JsonSchema | undefined;

const MESSAGE_NAMES = ['message', 'detail', 'error_description', 'description', 'msg', 'errorMessage', 'error_message', 'reason'];
const TITLE_NAMES = ['title', 'summary'];
const STATUS_NAMES = ['status', 'statusCode', 'status_code', 'httpStatus', 'http_status'];
const CODE_NAMES = ['code', 'errorCode', 'error_code', 'type_code', 'error'];
const REQUEST_ID_NAMES = ['requestId', 'request_id', 'traceId', 'trace_id', 'correlationId', 'correlation_id'];
const DETAILS_NAMES = [
  'errors',
  'details',
  'issues',
  'problems',
  'violations',
  'invalid_params',
  'invalidParams',
  'fieldErrors',
  'field_errors',
  'validationErrors',
];
const ENVELOPE_NAMES = ['error'];
const DETAIL_POINTER_NAMES = ['pointer', 'jsonPointer', 'json_pointer', 'path', 'field', 'instancePath'];
const DETAIL_NAME_NAMES = ['name', 'parameter', 'param', 'property'];
const DETAIL_IN_NAMES = ['in', 'location', 'locationType', 'location_type'];
const DETAIL_MESSAGE_NAMES = ['message', 'detail', 'description', 'msg', 'reason', 'title'];

/** Why a template cannot be made: said in the warning. */
class Unsatisfiable extends Error {}

/** The schema behind $refs (bounded). */
function deref(schema: JsonSchema | undefined, resolve: Resolve): JsonSchema | undefined {
  let s = schema;
  for (let i = 0; i < 16 && isRecord(s) && typeof s['$ref'] === 'string'; i++) s = resolve(s['$ref']);
  return s;
}

/** An object schema's properties and required names through $ref and allOf; undefined when it is no object. */
function objectParts(
  schema: JsonSchema | undefined,
  resolve: Resolve,
  depth = 0,
): { properties: Record<string, JsonSchema>; required: string[]; closed: boolean } | undefined {
  const s = deref(schema, resolve);
  if (!isRecord(s) || depth > 16) return undefined;
  const type = s['type'];
  const isObject = type === 'object' || (Array.isArray(type) && type.includes('object')) || isRecord(s['properties']) || Array.isArray(s['allOf']);
  if (!isObject) return undefined;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = Array.isArray(s['required']) ? s['required'].map(String) : [];
  if (isRecord(s['properties'])) Object.assign(properties, s['properties']);
  if (Array.isArray(s['allOf'])) {
    for (const part of s['allOf']) {
      const inner = objectParts(part as JsonSchema, resolve, depth + 1);
      if (!inner) return undefined;
      Object.assign(properties, inner.properties);
      required.push(...inner.required);
    }
  }
  if (Array.isArray(s['oneOf']) || Array.isArray(s['anyOf']) || s['not'] !== undefined || s['if'] !== undefined) return undefined;
  return { properties, required: [...new Set(required)], closed: s['additionalProperties'] === false || s['unevaluatedProperties'] === false };
}

function typeOf(schema: JsonSchema | undefined, resolve: Resolve): string | undefined {
  const s = deref(schema, resolve);
  if (!isRecord(s)) return undefined;
  const t = s['type'];
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return t.find((x): x is string => typeof x === 'string' && x !== 'null');
  if (isRecord(s['properties']) || Array.isArray(s['allOf'])) return 'object';
  return undefined;
}

/** A string any text satisfies: no enum, const, pattern, format or length bound. */
function freeText(schema: JsonSchema | undefined, resolve: Resolve): boolean {
  const s = deref(schema, resolve);
  if (s === true) return true;
  if (!isRecord(s) || typeOf(s, resolve) !== 'string') return false;
  return ['enum', 'const', 'pattern', 'format', 'maxLength', 'minLength', 'contentMediaType', 'oneOf', 'anyOf', 'allOf', 'not'].every(
    (k) => s[k] === undefined,
  );
}

/** An integer (or number) the HTTP status fits: no enum, const or bound that excludes it. */
function statusNumber(schema: JsonSchema | undefined, resolve: Resolve): boolean {
  const s = deref(schema, resolve);
  if (!isRecord(s)) return false;
  const t = typeOf(s, resolve);
  return (
    (t === 'integer' || t === 'number') &&
    ['enum', 'const', 'maximum', 'exclusiveMaximum', 'multipleOf'].every((k) => s[k] === undefined) &&
    (typeof s['minimum'] !== 'number' || s['minimum'] <= 100)
  );
}

function sampled(schema: JsonSchema, resolve: Resolve): ErrorTemplate {
  try {
    return { t: 'value', value: sampleSchema(schema, { resolve, seed: 1 }) };
  } catch (err) {
    throw new Unsatisfiable(err instanceof Error ? err.message : String(err));
  }
}

interface Roles {
  message: boolean;
  status: boolean;
  code: boolean;
  requestId: boolean;
  details: boolean;
}

/**
 * The template of an object at the top of an error body (or inside an `error` envelope): each
 * property the error fills, then every other required property sampled. Optional properties the
 * error cannot fill are left out.
 */
function topObject(parts: NonNullable<ReturnType<typeof objectParts>>, resolve: Resolve, depth: number): ErrorTemplate {
  const roles: Roles = { message: false, status: false, code: false, requestId: false, details: false };
  const props: Array<[string, ErrorTemplate]> = [];
  const names = Object.keys(parts.properties);
  const pick = (list: readonly string[], ok: (schema: JsonSchema) => boolean): string | undefined =>
    list.find((n) => names.includes(n) && !props.some(([k]) => k === n) && ok(parts.properties[n] as JsonSchema));
  const details = pick(DETAILS_NAMES, (s) => typeOf(s, resolve) === 'array');
  if (details) {
    const t = detailsArray(parts.properties[details] as JsonSchema, resolve, depth);
    if (t) {
      props.push([details, t]);
      roles.details = true;
    }
  }
  const message = pick(MESSAGE_NAMES, (s) => freeText(s, resolve));
  if (message) {
    props.push([message, { t: 'message' }]);
    roles.message = true;
  }
  // With no message property, the error's own message travels as a detail: at least one item.
  if (details && roles.details && !roles.message) {
    const entry = props.find(([k]) => k === details);
    if (entry && entry[1].t === 'details') entry[1] = { ...entry[1], min: 1 };
  }
  const title = pick(TITLE_NAMES, (s) => freeText(s, resolve));
  if (title) props.push([title, roles.message ? { t: 'title' } : { t: 'message' }]);
  const status = pick(STATUS_NAMES, (s) => statusNumber(s, resolve) || freeText(s, resolve));
  if (status) {
    props.push([status, statusNumber(parts.properties[status], resolve) ? { t: 'status' } : { t: 'status', string: true }]);
    roles.status = true;
  }
  const code = pick(CODE_NAMES, (s) => freeText(s, resolve) || (!roles.status && statusNumber(s, resolve)));
  if (code) props.push([code, freeText(parts.properties[code], resolve) ? { t: 'code' } : { t: 'status' }]);
  const requestId = pick(REQUEST_ID_NAMES, (s) => freeText(s, resolve));
  if (requestId) props.push([requestId, { t: 'requestId' }]);
  const envelope = pick(ENVELOPE_NAMES, (s) => objectParts(s, resolve) !== undefined);
  if (envelope && depth < 2)
    props.push([envelope, topObject(objectParts(parts.properties[envelope], resolve) as NonNullable<ReturnType<typeof objectParts>>, resolve, depth + 1)]);
  for (const name of parts.required) {
    if (props.some(([k]) => k === name)) continue;
    const schema = Object.hasOwn(parts.properties, name) ? (parts.properties[name] as JsonSchema) : {};
    props.push([name, sampled(schema, resolve)]);
  }
  // The error's own text must go somewhere: with no message property at all, the template still satisfies the schema.
  return { t: 'object', props: order(props, names) };
}

/** Properties in the schema's order (the order people read the contract in). */
function order(props: Array<[string, ErrorTemplate]>, names: readonly string[]): Array<[string, ErrorTemplate]> {
  const at = (k: string): number => {
    const i = names.indexOf(k);
    return i < 0 ? names.length : i;
  };
  return [...props].sort((a, b) => at(a[0]) - at(b[0]));
}

/** An array of details: items that are objects with what a detail can fill, or plain texts. */
function detailsArray(schema: JsonSchema, resolve: Resolve, depth: number): ErrorTemplate | undefined {
  const s = deref(schema, resolve);
  if (!isRecord(s)) return undefined;
  if (typeof s['maxItems'] === 'number' || s['uniqueItems'] === true || s['prefixItems'] !== undefined || s['contains'] !== undefined) return undefined;
  const min = typeof s['minItems'] === 'number' ? Math.min(s['minItems'], 1) : 0;
  if (typeof s['minItems'] === 'number' && s['minItems'] > 1) return undefined;
  const items = s['items'] as JsonSchema | undefined;
  if (items === undefined || items === true) return { t: 'details', item: { t: 'detail', field: 'message' }, min };
  if (freeText(items, resolve)) return { t: 'details', item: { t: 'detail', field: 'message' }, min };
  const parts = objectParts(items, resolve);
  if (!parts) return undefined;
  return { t: 'details', item: detailObject(parts, resolve, depth), min };
}

/** One detail as an object: its message, pointer or name, location; other required properties sampled. */
function detailObject(parts: NonNullable<ReturnType<typeof objectParts>>, resolve: Resolve, depth: number): ErrorTemplate {
  const props: Array<[string, ErrorTemplate]> = [];
  const names = Object.keys(parts.properties);
  const pick = (list: readonly string[], ok: (schema: JsonSchema) => boolean): string | undefined =>
    list.find((n) => names.includes(n) && !props.some(([k]) => k === n) && ok(parts.properties[n] as JsonSchema));
  const text = (s: JsonSchema): boolean => freeText(s, resolve);
  const message = pick(DETAIL_MESSAGE_NAMES, text);
  if (message) props.push([message, { t: 'detail', field: 'message' }]);
  const pointer = pick(DETAIL_POINTER_NAMES, text);
  if (pointer) props.push([pointer, { t: 'detail', field: 'pointer' }]);
  const name = pick(DETAIL_NAME_NAMES, text);
  if (name) props.push([name, { t: 'detail', field: 'name' }]);
  const where = pick(DETAIL_IN_NAMES, text);
  if (where) props.push([where, { t: 'detail', field: 'in' }]);
  const code = pick(['code'], text);
  if (code) props.push([code, { t: 'code' }]);
  // JSON:API's `source: { pointer, parameter }`.
  const source = pick(['source'], (s) => objectParts(s, resolve) !== undefined);
  if (source && depth < 4)
    props.push([source, detailObject(objectParts(parts.properties[source], resolve) as NonNullable<ReturnType<typeof objectParts>>, resolve, depth + 1)]);
  for (const required of parts.required) {
    if (props.some(([k]) => k === required)) continue;
    props.push([required, sampled(Object.hasOwn(parts.properties, required) ? (parts.properties[required] as JsonSchema) : {}, resolve)]);
  }
  return { t: 'object', props: order(props, names) };
}

/** Whether a template carries anything of the error (not only sampled values). */
function fills(t: ErrorTemplate): boolean {
  if (t.t === 'object') return t.props.some(([, child]) => fills(child));
  return t.t !== 'value';
}

/** The template for one response schema, or why there is none. */
export function errorTemplate(schema: JsonSchema, resolve: Resolve): ErrorTemplate {
  const s = deref(schema, resolve);
  if (s === undefined) throw new Unsatisfiable('its schema cannot be resolved');
  if (s === false) throw new Unsatisfiable('its schema is false: no body satisfies it');
  if (s === true || (isRecord(s) && Object.keys(s).length === 0)) throw new Unsatisfiable('');
  if (freeText(s, resolve)) return { t: 'message' };
  const parts = objectParts(s, resolve);
  if (parts) {
    const template = topObject(parts, resolve, 0);
    // An open object that requires nothing and has no place for the error's text: the interface's
    // own shape satisfies it and says more.
    if (parts.required.length === 0 && !parts.closed && !fills(template)) throw new Unsatisfiable('');
    return template;
  }
  if (isRecord(s) && (Array.isArray(s['oneOf']) || Array.isArray(s['anyOf']))) {
    // The first alternative an error body can be built for.
    for (const branch of (s['oneOf'] ?? s['anyOf']) as JsonSchema[]) {
      const p = objectParts(branch, resolve);
      if (p && Array.isArray(s['oneOf'])) continue; // a oneOf branch may match another one too: not chosen blindly
      if (p) return topObject(p, resolve, 0);
    }
  }
  throw new Unsatisfiable('it is not an object schema specforge can fill (a oneOf, a not, a conditional or a non-object type)');
}

export interface ErrorShapes {
  /** Operation id to response key to template. */
  templates: Map<string, Record<string, ErrorTemplate>>;
  warnings: Diagnostic[];
}

const cache = new WeakMap<ContractModel, ErrorShapes>();

function isErrorKey(key: string): boolean {
  return key === 'default' || /^[45]/.test(key);
}

/** The templates of every operation's error responses (computed once per model). */
export function errorShapes(model: ContractModel, resolve: Resolve): ErrorShapes {
  const cached = cache.get(model);
  if (cached) return cached;
  const out: ErrorShapes = { templates: new Map(), warnings: [] };
  cache.set(model, out);
  if (model.errorBody) return out;
  for (const op of model.operations) {
    const templates: Record<string, ErrorTemplate> = {};
    for (const r of op.responses) {
      if (!isErrorKey(r.status)) continue;
      const index = r.content.findIndex((c) => /^application\/([\w.-]+\+)?json$/i.test(c.type));
      const media = r.content[index];
      if (!media || media.schema === undefined) continue;
      try {
        Object.defineProperty(templates, r.status, { value: errorTemplate(media.schema, resolve), enumerable: true, writable: true, configurable: true });
      } catch (err) {
        if (!(err instanceof Unsatisfiable)) throw err;
        if (err.message === '') continue; // Any body satisfies it: the interface's shape does.
        out.warnings.push({
          code: 'SPECFORGE_ERROR_SHAPE',
          severity: 'warning',
          message: `${op.id} ${r.status}: no error body can be built from the declared schema (${err.message}); specforge's error answers for this status do not satisfy the contract`,
          location: model.loaded.locate(`${r.pointer}/content/${media.type.replace(/~/g, '~0').replace(/\//g, '~1')}/schema`),
          hint: "name the shape in x-specforge-error, or in the config's errors: for this contract, or simplify the schema with an overlay",
        });
      }
    }
    if (Object.keys(templates).length > 0) out.templates.set(op.id, templates);
  }
  return out;
}
