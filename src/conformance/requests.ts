/**
 * Example requests for conformance runs: for every operation, a request built from the contract's
 * own examples (or values sampled from the schema when there are none), with credentials of the
 * right shape for its security, and a deliberately broken variant when it has something to break.
 */
import type { ContractModel, JsonSchema, MediaTypeModel, OperationModel, ParameterModel } from '../contract/model.js';
import { wireMethod } from '../contract/model-types.js';
import { isRecord } from '../contract/pointer.js';
import { serializeQuerystring } from '../runtime/client/querystring.js';
import { sampleSchema, sampleValid } from '../runtime/shared/sample.js';
import type { CompiledValidators, RuntimeOperationValidators } from '../contract/tables/validators.js';
import { schemaResolver } from '../contract/tables/api.js';
import { policyTables } from '../contract/tables/security.js';
import { sampleFromPattern } from '../runtime/shared/regex-sample.js';
import { freshHeaderValue } from './unique-headers.js';
import { cookieStylePairs, serializeParameter, type QueryPair } from './parameter-values.js';

export { serializeParameter, type QueryPair } from './parameter-values.js';

export interface ExampleRequest {
  operationId: string;
  method: string;
  /** Path with query string. */
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Which example the body came from, for messages. */
  bodyExample?: string;
}

/** A JWT-shaped bearer token with the given claims (unsigned: for mocks, which accept any well-formed credential). */
export function unsignedJwt(claims: Record<string, unknown>): string {
  const part = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.conformance`;
}

export const CONFORMANCE_CLAIMS = {
  sub: '1234567890',
  id: '1234567890',
  email: 'conformance@example.org',
  iss: 'https://issuer.example.org',
  aud: 'conformance',
};

/** The validator of one parameter's value alone (the location's validator, its errors about that parameter). */
function parameterCheck(p: ParameterModel, validators: RuntimeOperationValidators | undefined): ((value: unknown) => boolean) | undefined {
  // OpenAPI 3.2: a querystring parameter's value is the whole query string, the query validator's input.
  if (p.in === 'querystring') {
    const whole = validators?.query;
    return whole ? (value) => whole(value) : undefined;
  }
  const fn = p.in === 'path' || p.in === 'query' || p.in === 'cookie' ? validators?.[p.in] : undefined;
  if (!fn) return undefined;
  const own = `/${p.name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  return (value) => fn({ [p.name]: value }) || !(fn.errors ?? []).some((e) => e.instancePath === own || e.instancePath.startsWith(`${own}/`));
}

/**
 * A parameter's documented example, else a value sampled from its schema; with the operation's
 * validators, a sample they accept (sampleValid: other seeds and branches until one is).
 */
function exampleValue(p: ParameterModel, resolve: (ref: string) => JsonSchema | undefined, validators?: RuntimeOperationValidators): unknown {
  if (p.examples.length > 0) return p.examples[0]?.value;
  return sampledParameterValue(p, resolve, validators);
}

/** A value sampled from a parameter's schema, one its validators accept where they are given. */
export function sampledParameterValue(p: ParameterModel, resolve: (ref: string) => JsonSchema | undefined, validators?: RuntimeOperationValidators): unknown {
  const check = parameterCheck(p, validators);
  return check ? sampleValid(p.schema, check, { resolve, seed: 1 }).value : sampleSchema(p.schema, { resolve, seed: 1 });
}

/** A body value sampled from the schema of a media type, one the body validator accepts where validators are given. */
export function sampledBodyValue(
  op: OperationModel,
  media: MediaTypeModel,
  resolve: (ref: string) => JsonSchema | undefined,
  validators?: CompiledValidators,
): unknown {
  const fn = validators?.operationValidators[op.id]?.body?.[media.type];
  const schema = media.schema ?? {};
  return fn ? sampleValid(schema, (v) => fn(v), { resolve, seed: 1 }).value : sampleSchema(schema, { resolve, seed: 1 });
}

/** The example parameter values (documented, else sampled) of an operation: required ones and documented optional ones. */
export function exampleParameterValues(
  op: OperationModel,
  resolve: (ref: string) => JsonSchema | undefined,
  validators?: CompiledValidators,
): Map<ParameterModel, unknown> {
  const values = new Map<ParameterModel, unknown>();
  const own = validators?.operationValidators[op.id];
  for (const p of op.parameters) {
    if (!p.required && p.examples.length === 0) continue;
    values.set(p, exampleValue(p, resolve, own));
  }
  return values;
}

/**
 * The example body of an operation: its documented example (by index), else a value sampled from
 * the schema, one the body validator accepts when validators are given.
 */
export function exampleBodyOf(
  op: OperationModel,
  resolve: (ref: string) => JsonSchema | undefined,
  validators?: CompiledValidators,
  index = 0,
): { media: MediaTypeModel; value: unknown; name: string } | undefined {
  const media = requestMedia(op);
  if (!op.requestBody || !media) return undefined;
  const example = media.examples[index] ?? media.examples[0];
  if (example) return { media, value: example.value, name: example.name };
  return { media, value: sampledBodyValue(op, media, resolve, validators), name: 'sampled from the schema' };
}

/**
 * A credential of a kind the operation's x-specforge-policy allows, sampled from the kind's pattern
 * (the first allowed kind that has one), for the policy's scheme.
 */
function policyCredential(model: ContractModel, op: OperationModel, scheme: string): string | undefined {
  const policy = policyTables(model);
  if (!policy || policy.api.scheme !== scheme) return undefined;
  const allow = policy.operations.get(op.id)?.allow;
  const kind = policy.api.kinds.find((k) => k.pattern !== undefined && (allow === undefined || allow.includes(k.name)));
  return kind?.pattern === undefined ? undefined : sampleFromPattern(kind.pattern);
}

function credentials(model: ContractModel, op: OperationModel, query: QueryPair[], headers: Record<string, string>): void {
  const alternative = op.security[0];
  if (!alternative) return;
  const cookies: string[] = [];
  for (const name of Object.keys(alternative)) {
    const scheme = model.securitySchemes.find((s) => s.name === name);
    if (!scheme) continue;
    if (scheme.type === 'apiKey' && scheme.paramName) {
      if (scheme.in === 'query') query.push([scheme.paramName, 'conformance-key']);
      else if (scheme.in === 'header') headers[scheme.paramName.toLowerCase()] = 'conformance-key';
      else cookies.push(`${scheme.paramName}=conformance-key`);
    } else if (scheme.type === 'http' && scheme.scheme === 'basic') {
      headers['authorization'] = `Basic ${Buffer.from('conformance:secret').toString('base64')}`;
    } else if (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
      headers['authorization'] = `Bearer ${policyCredential(model, op, name) ?? unsignedJwt(CONFORMANCE_CLAIMS)}`;
    }
  }
  if (cookies.length > 0) headers['cookie'] = cookies.join('; ');
}

function encodeQuery(pairs: readonly QueryPair[]): string {
  return pairs.map(([k, v, encoded]) => `${encodeURIComponent(k)}=${encoded ?? encodeURIComponent(v)}`).join('&');
}

/**
 * The example request of an operation (first body example, first parameter examples; values
 * sampled where there are none, ones the validators accept when they are given).
 */
export function exampleRequest(model: ContractModel, op: OperationModel, bodyExampleIndex = 0, validators?: CompiledValidators): ExampleRequest {
  const resolve = schemaResolver(model);
  return buildRequest(model, op, exampleParameterValues(op, resolve, validators), exampleBodyOf(op, resolve, validators, bodyExampleIndex));
}

/** The media type requests of an operation are sent as: JSON when it takes JSON, else its first. */
export function requestMedia(op: OperationModel): MediaTypeModel | undefined {
  return op.requestBody?.content.find((c) => /json/i.test(c.type)) ?? op.requestBody?.content[0];
}

/**
 * A request of an operation with the given parameter values (serialized per style and explode) and
 * body, with credentials of the right shape for its first security alternative unless `anonymous`.
 */
export function buildRequest(
  model: ContractModel,
  op: OperationModel,
  values: ReadonlyMap<ParameterModel, unknown>,
  body?: { media: MediaTypeModel; value: unknown; name: string; raw?: string },
  options: { anonymous?: boolean } = {},
): ExampleRequest {
  let path = op.path;
  const query: QueryPair[] = [];
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  let whole = '';
  for (const [p, value] of values) {
    if (value === undefined) continue;
    // OpenAPI 3.2: a documented example's serializedValue is sent as written (the literal wire form).
    const literal = p.examples.find((e) => e.value === value && e.serialized !== undefined && e.serialized.pointer.startsWith(`${p.pointer}/examples/`))
      ?.serialized?.text;
    if (p.in === 'querystring') {
      whole = literal ?? serializeQuerystring(value, p.contentType, p.encoding);
      continue;
    }
    if (literal !== undefined && p.in === 'query') {
      whole = whole === '' ? literal : `${whole}&${literal}`;
      continue;
    }
    if (literal !== undefined && p.in === 'header') {
      headers[p.name.toLowerCase()] = literal.replace(/[\r\n]/g, ' ');
      continue;
    }
    const serialized = serializeParameter(p, value);
    if (p.in === 'path')
      path = path.replace(`{${p.name}}`, encodeURIComponent(String(serialized)).replace(/%2C/g, ',').replace(/%3B/g, ';').replace(/%3D/g, '='));
    else if (p.in === 'query') query.push(...(serialized as QueryPair[]));
    // An idempotency key or request id is fresh for each request (unique-headers.ts).
    else if (p.in === 'header')
      headers[p.name.toLowerCase()] = (freshHeaderValue(p, String(serialized), schemaResolver(model)) ?? String(serialized)).replace(/[\r\n]/g, ' ');
    else if (p.style === 'cookie' && p.contentType === undefined) cookies.push(...cookieStylePairs(p, value));
    else cookies.push(`${p.name}=${encodeURIComponent(String(serialized))}`);
  }
  if (!options.anonymous) credentials(model, op, query, headers);
  if (cookies.length > 0) headers['cookie'] = [headers['cookie'], ...cookies].filter(Boolean).join('; ');
  // A template's fragment (`/#Action=Run`) never reaches a server: the pairs it names travel in the
  // query (or the header the contract declares for them), which is how servers tell such operations apart.
  const hash = path.indexOf('#');
  if (hash >= 0) {
    for (const pair of path
      .slice(hash + 1)
      .split('&')
      .filter(Boolean)) {
      const eq = pair.indexOf('=');
      const [name, value] = eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
      if (!query.some(([k]) => k === name) && headers[name.toLowerCase()] === undefined) query.push([name, value]);
    }
    path = path.slice(0, hash) || '/';
  }
  const request: ExampleRequest = {
    operationId: op.id,
    method: wireMethod(op.method),
    url: query.length > 0 || whole !== '' ? `${path}?${[whole, encodeQuery(query)].filter((part) => part !== '').join('&')}` : path,
    headers,
  };
  // A GET or HEAD request carries no body (fetch refuses one), even where a contract declares it.
  if (body && request.method !== 'GET' && request.method !== 'HEAD') {
    const { media, value } = body;
    headers['content-type'] = media.type === 'multipart/form-data' ? `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` : media.type;
    request.body =
      body.raw ??
      (/json/i.test(media.type) || media.type === '*/*'
        ? JSON.stringify(value)
        : media.type === 'application/x-www-form-urlencoded'
          ? formEncode(value)
          : media.type === 'multipart/form-data'
            ? multipartEncode(value, fileFields(media, schemaResolver(model)))
            : typeof value === 'string'
              ? value
              : JSON.stringify(value));
    request.bodyExample = body.name;
  }
  return request;
}

const MULTIPART_BOUNDARY = 'specforge-conformance-boundary';

/**
 * A value as a multipart/form-data body: a part per field (arrays repeat it; objects are JSON
 * parts); a field in `files` (binary content) is sent as a file, with a filename and its type.
 */
export function multipartEncode(value: unknown, files: ReadonlyMap<string, string> = new Map()): string {
  const parts: string[] = [];
  const part = (name: string, v: unknown): void => {
    if (v === undefined) return;
    if (Array.isArray(v) && v.every((x) => !isRecord(x) && !Array.isArray(x))) {
      for (const item of v) part(name, item);
      return;
    }
    const json = isRecord(v) || Array.isArray(v);
    const safe = name.replace(/["\r\n]/g, '_');
    const file = files.get(name);
    const head =
      file !== undefined && !json
        ? `Content-Disposition: form-data; name="${safe}"; filename="${safe}.bin"\r\nContent-Type: ${file.replace(/[\r\n]/g, '')}`
        : `Content-Disposition: form-data; name="${safe}"${json ? '\r\nContent-Type: application/json' : ''}`;
    parts.push(`--${MULTIPART_BOUNDARY}\r\n${head}\r\n\r\n${json ? JSON.stringify(v) : v === null ? '' : String(v)}\r\n`);
  };
  if (isRecord(value)) for (const [k, v] of Object.entries(value)) part(k, v);
  return `${parts.join('')}--${MULTIPART_BOUNDARY}--\r\n`;
}

/**
 * A value as an application/x-www-form-urlencoded body, the way form clients write nested data:
 * `a[b]=1` for objects, `a[0]=x` for arrays (the bracket forms specforge's server reads back).
 */
export function formEncode(value: unknown): string {
  const pairs: Array<[string, string]> = [];
  const add = (key: string, v: unknown): void => {
    if (v === undefined) return;
    if (Array.isArray(v)) v.forEach((item, i) => add(`${key}[${i}]`, item));
    else if (isRecord(v)) for (const [k, sub] of Object.entries(v)) add(`${key}[${k}]`, sub);
    else pairs.push([key, v === null ? '' : String(v)]);
  };
  if (isRecord(value)) for (const [k, v] of Object.entries(value)) add(k, v);
  return encodeQuery(pairs);
}

/** Every example request of the contract: one per request-body example, at least one per operation. */
export function exampleRequests(model: ContractModel, validators?: CompiledValidators): ExampleRequest[] {
  const out: ExampleRequest[] = [];
  for (const op of model.operations) {
    const media = op.requestBody?.content.find((c) => /json/i.test(c.type)) ?? op.requestBody?.content[0];
    const count = Math.max(1, media?.examples.length ?? 0);
    for (let i = 0; i < count; i++) out.push(exampleRequest(model, op, i, validators));
  }
  return out;
}

/** A JSON body that breaks the operation's request schema (wrong type at the root), when it has one. */
export function brokenBodyRequest(model: ContractModel, op: OperationModel): ExampleRequest | undefined {
  const media = op.requestBody?.content.find((c) => /json/i.test(c.type));
  if (!media || !isRecord(media.schema)) return undefined;
  const base = exampleRequest(model, op);
  const resolve = schemaResolver(model);
  const type = rootType(media.schema, resolve);
  if (type === undefined) return undefined;
  const wrong = type === 'array' ? { not: 'an array' } : type === 'string' ? 42 : type === 'object' ? ['not', 'an', 'object'] : 'not-a-number';
  return { ...base, body: JSON.stringify(wrong), bodyExample: 'broken: wrong type at the root' };
}

/** The JSON type a schema requires at its root, following $ref, allOf, and oneOf/anyOf whose branches agree. */
export function rootType(schema: JsonSchema | undefined, resolve: (ref: string) => JsonSchema | undefined, depth = 0): string | undefined {
  if (!isRecord(schema) || depth > 16) return undefined;
  if (typeof schema['$ref'] === 'string') return rootType(resolve(schema['$ref']), resolve, depth + 1);
  const t = schema['type'];
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) {
    const real = t.filter((x) => x !== 'null');
    return real.length === 1 ? String(real[0]) : undefined;
  }
  if (isRecord(schema['properties']) || Array.isArray(schema['required'])) return 'object';
  if (Array.isArray(schema['allOf'])) {
    for (const sub of schema['allOf']) {
      const found = rootType(sub as JsonSchema, resolve, depth + 1);
      if (found) return found;
    }
  }
  for (const k of ['oneOf', 'anyOf']) {
    const list = schema[k];
    if (Array.isArray(list) && list.length > 0) {
      const types = new Set(list.map((sub) => rootType(sub as JsonSchema, resolve, depth + 1)));
      if (types.size === 1) return [...types][0];
    }
  }
  return undefined;
}

/**
 * A request with the credentials a user gave (security scheme name -> value) in place of the
 * sampled ones, wherever the request carries that scheme's credential: an apiKey's header, query
 * parameter or cookie, or the Authorization header (basic: the value is "user:password" and is
 * sent in base64; bearer, oauth2, openIdConnect: the token). A request sent without a credential
 * on purpose (the security phase) stays without one.
 */
export function applyCredentials(model: ContractModel, request: ExampleRequest, auth: Readonly<Record<string, string>>): ExampleRequest {
  const op = model.operations.find((o) => o.id === request.operationId);
  const alternative = op?.security[0];
  if (!alternative) return request;
  const headers = { ...request.headers };
  let url = request.url;
  for (const name of Object.keys(alternative)) {
    const value = auth[name];
    const scheme = model.securitySchemes.find((s) => s.name === name);
    if (value === undefined || !scheme) continue;
    if (scheme.type === 'apiKey' && scheme.paramName) {
      const param = scheme.paramName;
      const current = scheme.in === 'header' ? headers[param.toLowerCase()] : undefined;
      // An empty credential sent on purpose (the security phase's `Authorization: Bearer`) stays empty.
      if (current !== undefined && !(param.toLowerCase() === 'authorization' && /^\s*bearer\s*$/i.test(current))) headers[param.toLowerCase()] = value;
      else if (scheme.in === 'query') {
        const q = url.indexOf('?');
        if (q >= 0) {
          const pairs = url
            .slice(q + 1)
            .split('&')
            .map((pair) => (decodeURIComponent(pair.split('=')[0] ?? '') === param ? `${encodeURIComponent(param)}=${encodeURIComponent(value)}` : pair));
          url = `${url.slice(0, q)}?${pairs.join('&')}`;
        }
      } else if (scheme.in === 'cookie' && headers['cookie'] !== undefined) {
        headers['cookie'] = headers['cookie']
          .split('; ')
          .map((c) => (c.startsWith(`${param}=`) ? `${param}=${value}` : c))
          .join('; ');
      }
    } else if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic') {
      if (/^Basic \S/.test(headers['authorization'] ?? '')) headers['authorization'] = `Basic ${Buffer.from(value).toString('base64')}`;
    } else if (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
      if (/^Bearer \S/.test(headers['authorization'] ?? '')) headers['authorization'] = `Bearer ${value}`;
    }
  }
  return { ...request, url, headers };
}

/**
 * A request value without the properties its schema marks `readOnly` (the server's to set: a
 * request never sends them, required or not), at any depth (properties, allOf parts, array items).
 */
export function withoutReadOnly(value: unknown, schema: JsonSchema | undefined, resolve: (ref: string) => JsonSchema | undefined, depth = 0): unknown {
  if (depth > 32 || !isRecord(schema)) return value;
  if (typeof schema['$ref'] === 'string') return withoutReadOnly(value, resolve(schema['$ref']), resolve, depth + 1);
  if (Array.isArray(value)) {
    const items = schema['items'];
    return isRecord(items) ? value.map((v) => withoutReadOnly(v, items, resolve, depth + 1)) : value;
  }
  if (!isRecord(value)) return value;
  const properties = readOnlyProperties(schema, resolve, depth);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const sub = properties.get(k);
    if (sub === 'readOnly') continue;
    out[k] = sub === undefined ? v : withoutReadOnly(v, sub, resolve, depth + 1);
  }
  return out;
}

/** The property schemas of an object schema (with its allOf parts), `readOnly` for those the server sets. */
function readOnlyProperties(
  schema: Record<string, unknown>,
  resolve: (ref: string) => JsonSchema | undefined,
  depth: number,
): Map<string, JsonSchema | 'readOnly'> {
  const out = new Map<string, JsonSchema | 'readOnly'>();
  const visit = (s: JsonSchema | undefined, d: number): void => {
    if (d > 32 || !isRecord(s)) return;
    if (typeof s['$ref'] === 'string') return visit(resolve(s['$ref']), d + 1);
    if (isRecord(s['properties'])) {
      for (const [name, sub] of Object.entries(s['properties'])) {
        const resolved = isRecord(sub) && typeof sub['$ref'] === 'string' ? resolve(sub['$ref']) : sub;
        if (isRecord(sub) && sub['readOnly'] === true) out.set(name, 'readOnly');
        else if (isRecord(resolved) && resolved['readOnly'] === true) out.set(name, 'readOnly');
        else if (out.get(name) !== 'readOnly') out.set(name, sub as JsonSchema);
      }
    }
    if (Array.isArray(s['allOf'])) for (const part of s['allOf']) visit(part as JsonSchema, d + 1);
  };
  visit(schema, depth);
  return out;
}

/**
 * The fields of a multipart body that carry a file, with the content type to send them as: binary
 * strings (`format: binary`, `contentMediaType`, Swagger 2.0's `type: file`, items of such
 * arrays) and fields whose `encoding` names a content type other than text or JSON.
 */
export function fileFields(media: MediaTypeModel, resolve: (ref: string) => JsonSchema | undefined): Map<string, string> {
  const out = new Map<string, string>();
  let schema = media.schema;
  if (isRecord(schema) && typeof schema['$ref'] === 'string') schema = resolve(schema['$ref']);
  const properties = new Map<string, unknown>();
  const collect = (s: unknown, depth: number): void => {
    if (depth > 16 || !isRecord(s)) return;
    if (typeof s['$ref'] === 'string') return collect(resolve(s['$ref']), depth + 1);
    if (isRecord(s['properties'])) for (const [k, v] of Object.entries(s['properties'])) properties.set(k, v);
    if (Array.isArray(s['allOf'])) for (const part of s['allOf']) collect(part, depth + 1);
  };
  collect(schema, 0);
  const binary = (s: unknown): string | undefined => {
    let x = s;
    if (isRecord(x) && typeof x['$ref'] === 'string') x = resolve(x['$ref']);
    if (!isRecord(x)) return undefined;
    if (x['type'] === 'array') return binary(x['items']);
    if (x['type'] === 'file' || x['format'] === 'binary') return 'application/octet-stream';
    if (typeof x['contentMediaType'] === 'string' && !/^text\/|json/i.test(x['contentMediaType'])) return x['contentMediaType'];
    return undefined;
  };
  for (const [name, sub] of properties) {
    const declared = media.encoding?.[name]?.contentType?.split(',')[0]?.trim();
    const type = binary(sub);
    if (declared !== undefined && !/^text\/|json/i.test(declared) && !declared.includes('*')) out.set(name, declared);
    else if (type !== undefined) out.set(name, declared !== undefined && !declared.includes('*') ? declared : type);
  }
  return out;
}

/** Whether a request's body is empty: no bytes, or a multipart body without a part. */
export function emptyBody(request: ExampleRequest): boolean {
  return request.body === undefined || request.body === '' || request.body === `--${MULTIPART_BOUNDARY}--\r\n`;
}
