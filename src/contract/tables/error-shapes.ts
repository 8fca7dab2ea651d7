/**
 * The error-shape engine: the one place that reads from a contract what its error bodies look like.
 * Everything that answers an error (the generated server, `specforge mock`, MSW handlers) fills what
 * this module decides, once per contract, when the tables are made:
 *
 * - for each operation and each error status it declares with a JSON schema (4xx, 5xx, 4XX, 5XX,
 *   default), a template (ErrorTemplate) that builds the body from that schema (`errorShapes`);
 * - for the answers the contract does not declare (an unknown path, a method it lacks, a status an
 *   operation has no response for), the interface's error shape: the template of the schema most of
 *   its 400, 4XX and default responses share (`interfaceErrorTemplate`);
 * - with x-specforge-error (or the config's `errors:`, which stands for it), the explicit placement of
 *   each field (`errorBodySpec`): an explicit choice wins, and no template is made then.
 *
 * A template fills what maps from the error (its message, the status, a code, the details with their
 * pointer, name and location, the first detail's parameter where the body has one place for it, a
 * request id) and samples every other required property from its own schema. Property names are
 * matched in one list per role, compared without case, `_` or `-` (errorMessage, error_message and
 * ErrorMessage are one name). A schema no body can be built for is a warning naming the operation and
 * the status, and that status keeps the interface's error shape.
 */
import { ContractError, type Diagnostic } from '../errors.js';
import type { ContractModel, JsonSchema } from '../model-types.js';
import { isRecord, joinPointer, parsePointer } from '../pointer.js';
import { sampleSchema } from '../../runtime/shared/sample.js';
import type { ErrorBodySpec, ErrorTemplate } from '../../runtime/shared/spec.js';

type Resolve = (ref: string) => JsonSchema | undefined;

/** A property name as the lists hold it: lower case, without `_` and `-`. */
function normal(name: string): string {
  return name.toLowerCase().replace(/[-_]/g, '');
}

/**
 * The one list of names per role, in order of preference (normalized, see `normal`). `error` is a
 * code when the body has another place for the message (OAuth's `error` + `error_description`),
 * else the message; an object `error` is an envelope (`{ error: { message, code } }`).
 */
const NAMES = {
  message: ['message', 'detail', 'errordescription', 'description', 'msg', 'errormessage', 'errormsg', 'errortext', 'err', 'reason', 'details'],
  title: ['title', 'summary'],
  status: ['status', 'statuscode', 'httpstatus', 'httpstatuscode'],
  code: ['code', 'errorcode', 'typecode', 'error'],
  requestId: ['requestid', 'traceid', 'correlationid'],
  details: ['errors', 'details', 'issues', 'problems', 'violations', 'invalidparams', 'fielderrors', 'validationerrors'],
  envelope: ['error'],
  /** A property that names what the error is about, at the top of a body with no details array (Stripe's `param`). */
  subject: ['param', 'parameter', 'field', 'pointer'],
  detailPointer: ['pointer', 'jsonpointer', 'path', 'field', 'instancepath'],
  detailName: ['name', 'parameter', 'param', 'property'],
  detailIn: ['in', 'location', 'locationtype'],
  detailMessage: ['message', 'detail', 'description', 'msg', 'errormessage', 'errormsg', 'errortext', 'reason', 'title'],
  detailCode: ['code', 'errorcode'],
} as const;
/** A name that ends so is a message when no listed name is there (UserMessage, developer_message). */
const MESSAGE_SUFFIXES = ['message', 'msg'];

/** Why a template cannot be made: said in the warning ('' when any body satisfies the schema). */
class Unsatisfiable extends Error {}

/** The schema behind $refs (bounded). */
function deref(schema: JsonSchema | undefined, resolve: Resolve): JsonSchema | undefined {
  let s = schema;
  for (let i = 0; i < 16 && isRecord(s) && typeof s['$ref'] === 'string'; i++) s = resolve(s['$ref']);
  return s;
}

type Parts = { properties: Record<string, JsonSchema>; required: string[]; closed: boolean };

/** An object schema's properties and required names through $ref and allOf; undefined when it is no object. */
function objectParts(schema: JsonSchema | undefined, resolve: Resolve, depth = 0): Parts | undefined {
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

/**
 * A string schema any text satisfies (no enum, const, pattern, format or lower bound past 1): `{}`,
 * or `{ max }` when it bounds the length to `max`, at least `need` characters (a message is cut to
 * the bound; a code, a request id or a status must fit whole, so they need more).
 */
function text(schema: JsonSchema | undefined, resolve: Resolve, need = 1): { max?: number } | undefined {
  const s = deref(schema, resolve);
  if (s === true) return {};
  if (!isRecord(s) || typeOf(s, resolve) !== 'string') return undefined;
  if (!['enum', 'const', 'pattern', 'format', 'contentMediaType', 'oneOf', 'anyOf', 'allOf', 'not'].every((k) => s[k] === undefined)) return undefined;
  if (typeof s['minLength'] === 'number' && s['minLength'] > 1) return undefined;
  const max = s['maxLength'];
  if (max === undefined) return {};
  return typeof max === 'number' && max >= Math.max(need, 1) ? { max } : undefined;
}

/** A string any text satisfies, however long. */
function freeText(schema: JsonSchema | undefined, resolve: Resolve): boolean {
  const t = text(schema, resolve);
  return t !== undefined && t.max === undefined;
}

/** An integer (or number) every HTTP status fits: no enum, const, multipleOf or bound that excludes one of 100 to 599. */
function statusNumber(schema: JsonSchema | undefined, resolve: Resolve): boolean {
  const s = deref(schema, resolve);
  if (!isRecord(s)) return false;
  const t = typeOf(s, resolve);
  const bound = (k: string, ok: (n: number) => boolean): boolean => s[k] === undefined || (typeof s[k] === 'number' && ok(s[k]));
  return (
    (t === 'integer' || t === 'number') &&
    ['enum', 'const', 'multipleOf'].every((k) => s[k] === undefined) &&
    bound('minimum', (n) => n <= 100) &&
    bound('exclusiveMinimum', (n) => n < 100) &&
    bound('maximum', (n) => n >= 599) &&
    bound('exclusiveMaximum', (n) => n > 599)
  );
}

/**
 * The status node of a number property: the status where every one fits (`statusNumber`), or one
 * of the statuses an enum (or const) of HTTP statuses lists (GitBook's `code: { enum: [404] }`);
 * undefined for any other schema.
 */
function statusNode(schema: JsonSchema | undefined, resolve: Resolve): ErrorTemplate | undefined {
  if (statusNumber(schema, resolve)) return { t: 'status' };
  const s = deref(schema, resolve);
  if (!isRecord(s) || !['integer', 'number', undefined].includes(typeOf(s, resolve))) return undefined;
  const only = s['const'] !== undefined ? [s['const']] : s['enum'];
  if (!Array.isArray(only) || only.length === 0) return undefined;
  if (!only.every((n): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 100 && n <= 599)) return undefined;
  return { t: 'status', only: [...only] };
}

function sampled(schema: JsonSchema, resolve: Resolve): ErrorTemplate {
  try {
    return { t: 'value', value: sampleSchema(schema, { resolve, seed: 1 }) };
  } catch (err) {
    throw new Unsatisfiable(err instanceof Error ? err.message : String(err));
  }
}

/** The text roles: the message (or title) node, cut to the schema's bound where it has one. */
function textNode(t: 'message' | 'title', bound: { max?: number } | undefined): ErrorTemplate {
  return bound?.max === undefined ? { t } : { t, max: bound.max };
}

/** Picks properties of one object by role: the first listed name present whose schema fits, each property once. */
class Picker {
  readonly props: Array<[string, ErrorTemplate]> = [];
  readonly names: string[];
  constructor(readonly parts: Parts) {
    this.names = Object.keys(parts.properties);
  }
  schema(name: string): JsonSchema {
    return this.parts.properties[name] as JsonSchema;
  }
  taken(name: string): boolean {
    return this.props.some(([k]) => k === name);
  }
  pick(list: readonly string[], ok: (schema: JsonSchema) => boolean): string | undefined {
    for (const wanted of list) {
      const found = this.names.find((n) => normal(n) === wanted && !this.taken(n) && ok(this.schema(n)));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  bySuffix(suffixes: readonly string[], ok: (schema: JsonSchema) => boolean): string | undefined {
    return this.names.find((n) => suffixes.some((s) => normal(n).endsWith(s)) && !this.taken(n) && ok(this.schema(n)));
  }
  /** Every required property not filled yet, sampled from its schema; then the properties in the schema's order. */
  finish(resolve: Resolve): ErrorTemplate {
    for (const name of this.parts.required) {
      if (this.taken(name)) continue;
      this.props.push([name, sampled(Object.hasOwn(this.parts.properties, name) ? this.schema(name) : {}, resolve)]);
    }
    const at = (k: string): number => {
      const i = this.names.indexOf(k);
      return i < 0 ? this.names.length : i;
    };
    return { t: 'object', props: [...this.props].sort((a, b) => at(a[0]) - at(b[0])) };
  }
}

/**
 * The template of an object at the top of an error body (or inside an `error` envelope): each
 * property the error fills, then every other required property sampled. Optional properties the
 * error cannot fill are left out.
 */
function topObject(parts: Parts, resolve: Resolve, depth: number): ErrorTemplate {
  const p = new Picker(parts);
  const details = p.pick(NAMES.details, (s) => typeOf(s, resolve) === 'array');
  const detailsTemplate = details === undefined ? undefined : detailsArray(p.schema(details), resolve, depth);
  if (details !== undefined && detailsTemplate) p.props.push([details, detailsTemplate]);
  const messageText = (s: JsonSchema): boolean => text(s, resolve, 1) !== undefined;
  let message = p.pick(NAMES.message, messageText) ?? p.bySuffix(MESSAGE_SUFFIXES, messageText);
  // OAuth's `error` is a code beside `error_description`; alone, it is the only place for the message.
  const title = p.pick(NAMES.title, messageText);
  if (message === undefined && title === undefined) message = p.pick(['error'], messageText);
  if (message !== undefined) p.props.push([message, textNode('message', text(p.schema(message), resolve, 1))]);
  if (title !== undefined) p.props.push([title, textNode(message !== undefined ? 'title' : 'message', text(p.schema(title), resolve, 1))]);
  // With no message property, the error's own message travels as a detail: at least one item.
  if (detailsTemplate?.t === 'details' && message === undefined && title === undefined) {
    const entry = p.props.find(([k]) => k === details);
    if (entry) entry[1] = { ...detailsTemplate, min: 1 };
  }
  const status = p.pick(NAMES.status, (s) => statusNode(s, resolve) !== undefined || text(s, resolve, 3) !== undefined);
  if (status !== undefined) p.props.push([status, statusNode(p.schema(status), resolve) ?? { t: 'status', string: true }]);
  const code = p.pick(NAMES.code, (s) => text(s, resolve, 32) !== undefined || (status === undefined && statusNode(s, resolve) !== undefined));
  if (code !== undefined)
    p.props.push([code, text(p.schema(code), resolve, 32) !== undefined ? { t: 'code' } : (statusNode(p.schema(code), resolve) as ErrorTemplate)]);
  const requestId = p.pick(NAMES.requestId, (s) => text(s, resolve, 16) !== undefined);
  if (requestId !== undefined) p.props.push([requestId, { t: 'requestId' }]);
  // The parameter or field the error is about, where the body has one optional place for it.
  if (!detailsTemplate) {
    const subject = p.pick(NAMES.subject, (s) => text(s, resolve, 64) !== undefined);
    if (subject !== undefined && !parts.required.includes(subject))
      p.props.push([subject, { t: 'detail', field: normal(subject) === 'pointer' ? 'pointer' : 'name' }]);
  }
  const envelope = p.pick(NAMES.envelope, (s) => objectParts(s, resolve) !== undefined);
  if (envelope !== undefined && depth < 2) p.props.push([envelope, topObject(objectParts(p.schema(envelope), resolve) as Parts, resolve, depth + 1)]);
  return p.finish(resolve);
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
function detailObject(parts: Parts, resolve: Resolve, depth: number): ErrorTemplate {
  const p = new Picker(parts);
  const ok = (s: JsonSchema): boolean => freeText(s, resolve);
  const fields: Array<[readonly string[], ErrorTemplate]> = [
    [NAMES.detailMessage, { t: 'detail', field: 'message' }],
    [NAMES.detailPointer, { t: 'detail', field: 'pointer' }],
    [NAMES.detailName, { t: 'detail', field: 'name' }],
    [NAMES.detailIn, { t: 'detail', field: 'in' }],
    [NAMES.detailCode, { t: 'code' }],
  ];
  for (const [list, template] of fields) {
    const name = p.pick(list, ok);
    if (name !== undefined) p.props.push([name, template]);
  }
  // JSON:API's `source: { pointer, parameter }`.
  const source = p.pick(['source'], (s) => objectParts(s, resolve) !== undefined);
  if (source !== undefined && depth < 4) p.props.push([source, detailObject(objectParts(p.schema(source), resolve) as Parts, resolve, depth + 1)]);
  return p.finish(resolve);
}

/** Whether a template carries anything of the error (not only sampled values). */
function fills(t: ErrorTemplate): boolean {
  if (t.t === 'object') return t.props.some(([, child]) => fills(child));
  return t.t !== 'value';
}

/** The statuses a template's status nodes allow, when one of them lists them (`only`). */
function allowedStatuses(t: ErrorTemplate): number[] | undefined {
  if (t.t === 'status') return t.only;
  if (t.t !== 'object') return undefined;
  for (const [, child] of t.props) {
    const only = allowedStatuses(child);
    if (only) return only;
  }
  return undefined;
}

/**
 * The template for one response schema, or why there is none (Unsatisfiable). `status`, for a
 * response of one status ("404"), picks among an anyOf's alternatives the one whose status
 * property allows it (a union of every error type, each with its own status).
 */
export function errorTemplate(schema: JsonSchema, resolve: Resolve, status?: number): ErrorTemplate {
  const s = deref(schema, resolve);
  if (s === undefined) throw new Unsatisfiable('its schema cannot be resolved');
  if (s === false) throw new Unsatisfiable('its schema is false: no body satisfies it');
  if (s === true || (isRecord(s) && Object.keys(s).length === 0)) throw new Unsatisfiable('');
  const bare = text(s, resolve, 1);
  if (bare) return textNode('message', bare);
  const parts = objectParts(s, resolve);
  if (parts) {
    const template = topObject(parts, resolve, 0);
    // An open object that requires nothing and has no place for the error's text: the interface's
    // own shape satisfies it and says more.
    if (parts.required.length === 0 && !parts.closed && !fills(template)) throw new Unsatisfiable('');
    return template;
  }
  if (isRecord(s) && (Array.isArray(s['oneOf']) || Array.isArray(s['anyOf']))) {
    // The alternative whose status property allows the status, else the first an error body can be built for.
    let first: ErrorTemplate | undefined;
    for (const branch of (s['oneOf'] ?? s['anyOf']) as JsonSchema[]) {
      const p = objectParts(branch, resolve);
      if (!p || Array.isArray(s['oneOf'])) continue; // a oneOf branch may match another one too: not chosen blindly
      const template = topObject(p, resolve, 0);
      if (status === undefined) return template;
      if (allowedStatuses(template)?.includes(status)) return template;
      first ??= template;
    }
    if (first) return first;
  }
  throw new Unsatisfiable('it is not an object schema specforge can fill (a oneOf, a not, a conditional or a non-object type)');
}

export interface ErrorShapes {
  /** Operation id to response key to template. */
  templates: Map<string, Record<string, ErrorTemplate>>;
  warnings: Diagnostic[];
}

const cache = new WeakMap<ContractModel, ErrorShapes>();
const JSON_MEDIA = /^application\/([\w.-]+\+)?json$/i;

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
  // Operations share their error schemas (one $ref for every 404): each schema is read once.
  const seen = new Map<unknown, ErrorTemplate | Unsatisfiable>();
  const templateOf = (schema: JsonSchema, key: string): ErrorTemplate => {
    const status = /^\d{3}$/.test(key) ? Number(key) : undefined;
    const id = isRecord(schema) && typeof schema['$ref'] === 'string' && Object.keys(schema).length === 1 ? `${status ?? ''} ${schema['$ref']}` : schema;
    let found = seen.get(id);
    if (found === undefined) {
      try {
        found = errorTemplate(schema, resolve, status);
      } catch (err) {
        if (!(err instanceof Unsatisfiable)) throw err;
        found = err;
      }
      seen.set(id, found);
    }
    if (found instanceof Unsatisfiable) throw found;
    return found;
  };
  for (const op of model.operations) {
    const templates: Record<string, ErrorTemplate> = {};
    for (const r of op.responses) {
      if (!isErrorKey(r.status)) continue;
      const media = r.content.find((c) => JSON_MEDIA.test(c.type));
      if (!media || media.schema === undefined) continue;
      try {
        Object.defineProperty(templates, r.status, { value: templateOf(media.schema, r.status), enumerable: true, writable: true, configurable: true });
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

/**
 * Without x-specforge-error, the interface's error shape for the answers no operation declares: the
 * template of the schema most of the operations' 400 (else 4XX, else default) responses share.
 * Undefined (specforge's own `{ message, code, errors }`) when there is none or no body can be built.
 */
export function interfaceErrorTemplate(model: ContractModel, resolve: Resolve): ErrorTemplate | undefined {
  if (model.errorBody) return undefined;
  const counts = new Map<string, { schema: JsonSchema; n: number }>();
  for (const op of model.operations) {
    const response =
      op.responses.find((r) => r.status === '400') ??
      op.responses.find((r) => r.status.toUpperCase() === '4XX') ??
      op.responses.find((r) => r.status === 'default');
    const media = response?.content.find((c) => JSON_MEDIA.test(c.type));
    if (media?.schema === undefined) continue;
    const key = isRecord(media.schema) && typeof media.schema['$ref'] === 'string' ? media.schema['$ref'] : JSON.stringify(media.schema);
    const entry = counts.get(key) ?? { schema: media.schema, n: 0 };
    entry.n++;
    counts.set(key, entry);
  }
  const best = [...counts.entries()].sort((a, b) => b[1].n - a[1].n || a[0].localeCompare(b[0]))[0]?.[1].schema;
  if (best === undefined) return undefined;
  try {
    return errorTemplate(best, resolve);
  } catch (err) {
    if (err instanceof Unsatisfiable) return undefined;
    throw err;
  }
}

/** The schema that describes the value at `pointer` of an instance of `schema`, following $ref, allOf and items. */
function schemaAt(schema: JsonSchema | undefined, segments: string[], resolve: Resolve, depth = 0): JsonSchema | undefined {
  if (!isRecord(schema) || depth > 32) return undefined;
  if (typeof schema['$ref'] === 'string') return schemaAt(resolve(schema['$ref']), segments, resolve, depth + 1);
  if (segments.length === 0) return schema;
  if (Array.isArray(schema['allOf'])) {
    for (const sub of schema['allOf']) {
      const found = schemaAt(sub as JsonSchema, segments, resolve, depth + 1);
      if (found !== undefined) return found;
    }
  }
  const [head, ...rest] = segments as [string, ...string[]];
  if (/^\d+$/.test(head) && schema['items'] !== undefined) return schemaAt(schema['items'] as JsonSchema, rest, resolve, depth + 1);
  const props = schema['properties'];
  if (isRecord(props) && Object.hasOwn(props, head)) return schemaAt(props[head] as JsonSchema, rest, resolve, depth + 1);
  return undefined;
}

/**
 * The explicit error shape of x-specforge-error (or the config's `errors:`): where each field goes,
 * the status as a string when the schema says so, the codes. Undefined without one. A field that is
 * not a JSON pointer is a SPECFORGE_EXTENSION error with its location.
 */
export function errorBodySpec(model: ContractModel, resolve: Resolve): ErrorBodySpec | undefined {
  const e = model.errorBody;
  if (!e) return undefined;
  const spec: ErrorBodySpec = { fields: { ...e.fields } };
  for (const [name, field] of Object.entries(e.fields)) {
    if (!field.startsWith('/')) continue;
    try {
      parsePointer(field);
    } catch {
      const at = joinPointer('/x-specforge-error/fields', name);
      throw ContractError.single('SPECFORGE_EXTENSION', `"${field}" is not a JSON pointer`, model.loaded.locate(at));
    }
  }
  if (e.fields.status) {
    const segments = e.fields.status.startsWith('/') ? parsePointer(e.fields.status) : [e.fields.status];
    const target = schemaAt(e.schema, segments, resolve);
    const type = isRecord(target) ? target['type'] : undefined;
    if (type === 'string' || (Array.isArray(type) && type.includes('string') && !type.includes('integer') && !type.includes('number')))
      spec.statusAsString = true;
  }
  if (e.codes) spec.codes = { ...e.codes };
  if (e.requestIdPrefix !== undefined) spec.requestIdPrefix = e.requestIdPrefix;
  return spec;
}
