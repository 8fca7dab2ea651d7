/**
 * Code samples of an operation, built from the contract: curl, the generated TypeScript client
 * (`createClient` from generated/<api>/client.ts), fetch and Python requests. Parameter and body
 * values come from the contract's examples, else from its schemas (document.ts).
 *
 * A sample is pasted into a terminal or a program: an example value is data there, never a file to
 * read, a URL glob or code. curl gets `--globoff` (no `[1-9]` or `{a,b}` expansion of the URL),
 * `--data-raw` (no `@file`), `--form-string` for a text part (no `@file`, `<file` or `;type=`),
 * `--data-urlencode name=value` with the name percent-encoded (no `name@file`), and every argument
 * in single quotes. A file the contract declares (a binary body or multipart part) is the
 * placeholder FILE_PLACEHOLDER, never a path from an example. A header whose name is not an HTTP
 * token is left out (curl reads `-H @file`).
 */
import { isRecord, setOwn } from '../../contract/pointer.js';
import type { MediaEncodingModel, MediaTypeModel, OperationModel, ParameterModel, SecuritySchemeModel } from '../../contract/model-types.js';
import { isCustomMethod, wireMethod } from '../../contract/model-types.js';
import { serializeQuerystring } from '../../runtime/client/querystring.js';
import { deref, sampleOf, typesOf, type Node } from './document.js';

/** The file a sample uploads where the contract declares one: the reader puts their own path there. */
export const FILE_PLACEHOLDER = 'PATH_TO_FILE';

export interface SampleRequest {
  method: string;
  /** The server the URL starts with, without a trailing "/". */
  server: string;
  /** The full URL: server, path with its parameters filled in, required query parameters. */
  url: string;
  headers: [string, string][];
  /** Path and query parameter values by name, for the typed client. */
  pathParams: Record<string, unknown>;
  queryParams: Record<string, unknown>;
  /** Header parameter values by name (credentials aside), for the typed client. */
  headerParams: Record<string, string>;
  /** The first 2xx answer's media type, if any: how the typed client reads it. */
  answerType?: string;
  contentType?: string;
  body?: unknown;
  /** The body is a file the contract declares as binary: the samples send FILE_PLACEHOLDER. */
  bodyIsFile?: boolean;
  /** Parts of a multipart body the contract declares as binary: each sends FILE_PLACEHOLDER. */
  fileParts?: string[];
  /** A form body's fields in the contract's encoding (formPairs), in their order. */
  form?: [string, string][];
  /** Security scheme names of the first alternative, with the placeholder each credential gets. */
  auth: { scheme: string; placeholder: string }[];
}

export interface CodeSamples {
  curl: string;
  typescript: string;
  fetch: string;
  python: string;
}

export function parameterValue(document: Node, p: ParameterModel): unknown {
  const example = p.examples[0];
  return example !== undefined ? example.value : sampleOf(document, p.schema);
}

/**
 * OpenAPI 3.2: a querystring parameter's whole query string (without "?"), as its example writes it
 * (serializedValue), else its example's or sampled value written by its media type and `encoding`.
 */
export function querystringText(document: Node, p: ParameterModel): string {
  const literal = p.examples[0]?.serialized;
  if (literal !== undefined && literal.pointer.startsWith(`${p.pointer}/examples/`)) return literal.text;
  return serializeQuerystring(parameterValue(document, p), p.contentType, p.encoding);
}

function scalar(value: unknown): string {
  return typeof value === 'string' ? value : value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** An HTTP header name (RFC 9110 token): anything else is left out of the samples. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Whether a schema (or the items of an array schema) is a file: `format: binary`, or a `contentMediaType` / `contentEncoding`. */
function isBinarySchema(document: Node, schema: unknown, depth = 0): boolean {
  const node = deref(document, schema).node;
  if (!isRecord(node) || depth > 2) return false;
  if (typesOf(node).includes('array')) return isBinarySchema(document, node['items'], depth + 1);
  return node['format'] === 'binary' || typeof node['contentMediaType'] === 'string' || typeof node['contentEncoding'] === 'string';
}

/** Media types whose body is bytes, not text, when the schema does not say. */
const BINARY_MEDIA = /^(?:application\/(?:octet-stream|pdf|zip|gzip)|image\/|audio\/|video\/)/i;

/** The multipart parts the contract declares as files (in the example's order, then the required ones it lacks). */
function filePartsOf(document: Node, media: MediaTypeModel, body: unknown): string[] {
  const schema = deref(document, media.schema).node;
  if (!isRecord(schema) || !isRecord(schema['properties'])) return [];
  const properties = schema['properties'];
  const required = Array.isArray(schema['required']) ? schema['required'].filter((r): r is string => typeof r === 'string') : [];
  const binary = (name: string): boolean => Object.prototype.hasOwnProperty.call(properties, name) && isBinarySchema(document, properties[name]);
  const names = [...(isRecord(body) ? Object.keys(body) : []), ...required];
  return [...new Set(names.filter(binary))];
}

/** A request that exercises the operation: required parameters, the first body example, the first credential alternative. */
export function sampleRequest(document: Node, op: OperationModel, server: string, schemes: SecuritySchemeModel[]): SampleRequest {
  const pathParams: Record<string, unknown> = {};
  const queryParams: Record<string, unknown> = {};
  const headers: [string, string][] = [];
  const headerParams: Record<string, string> = {};
  let path = op.path;
  const query = new URLSearchParams();
  let whole = '';
  for (const p of op.parameters) {
    if (p.in === 'querystring' && (p.required || p.examples.length > 0)) {
      const v = parameterValue(document, p);
      if (isRecord(v)) for (const [k, x] of Object.entries(v)) setOwn(queryParams, k, x);
      whole = querystringText(document, p);
    } else if (p.in === 'path') {
      const v = parameterValue(document, p);
      pathParams[p.name] = v;
      path = path.split(`{${p.name}}`).join(encodeURIComponent(wellFormed(scalar(v))));
    } else if (p.required && p.in === 'query') {
      const v = parameterValue(document, p);
      queryParams[p.name] = v;
      query.append(p.name, scalar(v));
    } else if (p.required && p.in === 'header' && TOKEN.test(p.name)) {
      const v = scalar(parameterValue(document, p));
      headers.push([p.name, v]);
      headerParams[p.name] = v;
    }
  }
  const auth: SampleRequest['auth'] = [];
  for (const name of Object.keys(op.security[0] ?? {})) {
    const scheme = schemes.find((s) => s.name === name);
    if (scheme === undefined) continue;
    const placeholder = policyCredential(document, op, name) ?? credentialPlaceholder(scheme);
    if (placeholder === undefined) continue;
    auth.push({ scheme: name, placeholder });
    if (scheme.type === 'apiKey') {
      if (scheme.in === 'query' && scheme.paramName !== undefined) query.append(scheme.paramName, placeholder);
      else if (scheme.in === 'header' && scheme.paramName !== undefined && TOKEN.test(scheme.paramName)) headers.push([scheme.paramName, placeholder]);
      else if (scheme.in === 'cookie' && scheme.paramName !== undefined) headers.push(['Cookie', `${scheme.paramName}=${placeholder}`]);
    } else if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic') {
      headers.push(['Authorization', `Basic ${Buffer.from(placeholder).toString('base64')}`]);
    } else headers.push(['Authorization', `Bearer ${placeholder}`]);
  }
  const qs = [whole, query.toString()].filter((part) => part !== '').join('&');
  const base = server.replace(/\/+$/, '');
  const request: SampleRequest = {
    method: wireMethod(op.method),
    server: base,
    url: `${base}${path}${qs !== '' ? `?${qs}` : ''}`,
    headers,
    pathParams,
    queryParams,
    headerParams,
    auth,
  };
  const answer = op.responses.find((r) => r.status.startsWith('2'))?.content[0]?.type;
  if (answer !== undefined) request.answerType = answer;
  // A GET or HEAD request has no body (fetch refuses one): its samples send none.
  const media = request.method === 'GET' || request.method === 'HEAD' ? undefined : op.requestBody?.content[0];
  if (media !== undefined) {
    request.contentType = media.type;
    const example = media.examples[0];
    request.body = example !== undefined ? example.value : media.schema !== undefined ? sampleOf(document, media.schema) : {};
    if (isForm(media.type)) request.form = formPairs(request.body, media.encoding);
    else if (/^multipart\//i.test(media.type)) {
      const files = filePartsOf(document, media, request.body);
      if (files.length > 0) request.fileParts = files;
    } else if (
      !isJson(media.type) &&
      !/^application\/x-www-form-urlencoded\b/i.test(media.type) &&
      (isBinarySchema(document, media.schema) || (BINARY_MEDIA.test(media.type) && !isRecord(deref(document, media.schema).node)))
    ) {
      request.bodyIsFile = true;
    }
  }
  return request;
}

/** A name as a placeholder's words: "bearerAuth" and "api-key" to BEARER_AUTH and API_KEY. */
function constantCase(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
  return words === '' ? 'CREDENTIAL' : words;
}

/**
 * The placeholder a sample sends for a scheme's credential, named so a reader sees what goes there,
 * in the scheme's format: an API key by its scheme's name (YOUR_API_KEY), a token (YOUR_BEARER_AUTH_TOKEN),
 * a Basic pair (YOUR_USERNAME:YOUR_PASSWORD, sent as base64). Mutual TLS has none.
 */
export function credentialPlaceholder(scheme: SecuritySchemeModel): string | undefined {
  const name = constantCase(scheme.name);
  if (scheme.type === 'apiKey') return `YOUR_${name}`;
  if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic') return 'YOUR_USERNAME:YOUR_PASSWORD';
  if (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return /TOKEN$/.test(name) ? `YOUR_${name}` : `YOUR_${name}_TOKEN`;
  return undefined;
}

/**
 * Where the contract tells its credentials apart by format (x-specforge-policy: kinds with a
 * schema), a credential of the first kind the operation allows, from that schema (its example,
 * else a sampled one), so a sample is one the interface and its mock recognize.
 */
function policyCredential(document: Node, op: OperationModel, scheme: string): string | undefined {
  const policy = document['x-specforge-policy'];
  if (!isRecord(policy) || policy['scheme'] !== scheme || !Array.isArray(policy['kinds'])) return undefined;
  const own = op.extensions['x-specforge-policy'];
  const allow = isRecord(own) && Array.isArray(own['allow']) ? own['allow'] : undefined;
  for (const kind of policy['kinds']) {
    if (!isRecord(kind) || kind['schema'] === undefined || (allow !== undefined && !allow.includes(kind['name']))) continue;
    const value = sampleOf(document, kind['schema']);
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

function isForm(contentType: string | undefined): boolean {
  return contentType !== undefined && /^application\/x-www-form-urlencoded\b/i.test(contentType);
}

/**
 * A form body's fields in the contract's encoding: an object in brackets (`a[b]=c`, deepObject, the
 * form servers read); a list by its property's style: deepObject with indexes (`a[0]=x`), form
 * with explode (the default) as repeated names (`a=x&a=y`), form without explode, spaceDelimited
 * and pipeDelimited as one value (`a=x,y`); a property encoded as JSON as JSON text.
 */
export function formPairs(body: unknown, encoding: Record<string, MediaEncodingModel> | undefined): [string, string][] {
  const out: [string, string][] = [];
  if (!isRecord(body)) return out;
  for (const [name, value] of Object.entries(body)) {
    const e = encoding !== undefined && Object.prototype.hasOwnProperty.call(encoding, name) ? encoding[name] : undefined;
    const style = e?.style ?? 'form';
    if (e?.contentType !== undefined && isJson(e.contentType) && value !== null && typeof value === 'object') out.push([name, JSON.stringify(value)]);
    else if (Array.isArray(value) && style !== 'deepObject' && value.every((v) => v === null || typeof v !== 'object')) {
      const delimiter = style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : e?.explode === false || style !== 'form' ? ',' : undefined;
      if (delimiter === undefined) for (const v of value) out.push([name, scalar(v)]);
      else out.push([name, value.map(scalar).join(delimiter)]);
    } else formFields(value, name, out);
  }
  return out;
}

/** A string in single quotes for a POSIX shell. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function isJson(contentType: string | undefined): boolean {
  return contentType !== undefined && /[/+]json\b/i.test(contentType);
}

/** A form body's fields, nested objects and lists in bracket notation (`metadata[key]=v`, `items[0][price]=p`). */
export function formFields(value: unknown, prefix = '', out: [string, string][] = [], depth = 0): [string, string][] {
  if (depth > 8) return out;
  if (Array.isArray(value)) value.forEach((v, i) => formFields(v, `${prefix}[${i}]`, out, depth + 1));
  else if (isRecord(value)) for (const [k, v] of Object.entries(value)) formFields(v, prefix === '' ? k : `${prefix}[${k}]`, out, depth + 1);
  else if (prefix !== '') out.push([prefix, scalar(value)]);
  return out;
}

function bodyText(request: SampleRequest): string {
  if (isJson(request.contentType)) return JSON.stringify(request.body, null, 2) ?? 'null';
  return typeof request.body === 'string' ? request.body : (JSON.stringify(request.body) ?? '');
}

/** The text parts of a multipart body and its file parts, in the body's order. */
function multipartParts(request: SampleRequest): ({ name: string; value: string } | { name: string; file: true })[] {
  const files = new Set(request.fileParts ?? []);
  const parts: ({ name: string; value: string } | { name: string; file: true })[] = [];
  const body = isRecord(request.body) ? request.body : {};
  for (const [k, v] of Object.entries(body)) {
    if (files.has(k)) parts.push({ name: k, file: true });
    else for (const [name, value] of formFields({ [k]: v })) parts.push({ name, value });
  }
  for (const k of files) if (!Object.prototype.hasOwnProperty.call(body, k)) parts.push({ name: k, file: true });
  return parts;
}

/** The text with each lone surrogate (no UTF-8 has it, encodeURIComponent throws on it) as U+FFFD. */
function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/** A form field's name as `--data-urlencode` takes it: curl encodes only the value, and splits at the first `=`. */
function formName(name: string): string {
  // A lone surrogate has no UTF-8: it is sent as U+FFFD, as a browser's form would.
  return wellFormed(name).replace(/[^A-Za-z0-9*\-._[\]]/gu, (c) =>
    encodeURIComponent(c).replace(/[!'()*]/g, (x) => `%${x.charCodeAt(0).toString(16).toUpperCase()}`),
  );
}

function curl(request: SampleRequest): string {
  // A custom method is any token: quoted where the shell would read one of its characters.
  const method = /^[A-Za-z0-9_.-]+$/.test(request.method) ? request.method : shellQuote(request.method);
  const lines = [`curl --globoff -X ${method} ${shellQuote(request.url)}`];
  for (const [name, value] of request.headers) lines.push(`  -H ${shellQuote(`${name}: ${value}`)}`);
  if (request.contentType !== undefined) {
    if (isForm(request.contentType)) {
      for (const [k, v] of request.form ?? []) lines.push(`  --data-urlencode ${shellQuote(`${formName(k)}=${v}`)}`);
    } else if (/^multipart\//i.test(request.contentType)) {
      for (const part of multipartParts(request)) {
        lines.push('file' in part ? `  -F ${shellQuote(`${part.name}=@${FILE_PLACEHOLDER}`)}` : `  --form-string ${shellQuote(`${part.name}=${part.value}`)}`);
      }
    } else {
      lines.push(`  -H ${shellQuote(`Content-Type: ${request.contentType}`)}`);
      lines.push(request.bodyIsFile === true ? `  --data-binary ${shellQuote(`@${FILE_PLACEHOLDER}`)}` : `  --data-raw ${shellQuote(bodyText(request))}`);
    }
  }
  return lines.join(' \\\n');
}

/** A list of name-value pairs, one pair a line (`["amount", "2000"],` or Python's `("amount", "2000"),`). */
function pairsLiteral(pairs: [string, string][], indent: string, inner: string, open: string, close: string): string {
  if (pairs.length === 0) return '[]';
  return `[\n${pairs.map(([k, v]) => `${inner}${open}${JSON.stringify(k)}, ${JSON.stringify(v)}${close},`).join('\n')}\n${indent}]`;
}

/** A JavaScript literal (JSON, which JavaScript reads as is), indented after the first line. */
function jsLiteral(value: unknown, indent: string): string {
  return (JSON.stringify(value, null, 2) ?? 'undefined').replace(/\n/g, `\n${indent}`);
}

/** How a fetch-style sample sends the body: lines before the call, the `body` expression, the Content-Type header it sets (none where FormData sets its own). */
function bodyExpression(request: SampleRequest): { before: string[]; body?: string; contentType?: string } {
  const before: string[] = [];
  if (request.contentType === undefined) return { before };
  if (isForm(request.contentType))
    return { before, body: `new URLSearchParams(${pairsLiteral(request.form ?? [], '  ', '    ', '[', ']')})`, contentType: request.contentType };
  if (/^multipart\//i.test(request.contentType)) {
    const parts = multipartParts(request);
    if (parts.some((part) => 'file' in part)) before.push(FILE_LINE);
    before.push('const form = new FormData();');
    for (const part of parts)
      before.push(
        'file' in part ? `form.append(${JSON.stringify(part.name)}, file);` : `form.append(${JSON.stringify(part.name)}, ${JSON.stringify(part.value)});`,
      );
    return { before, body: 'form' };
  }
  if (request.bodyIsFile === true) return { before: [FILE_LINE], body: 'file', contentType: request.contentType };
  const body = isJson(request.contentType) ? `JSON.stringify(${jsLiteral(request.body, '  ')})` : JSON.stringify(bodyText(request));
  return { before, body, contentType: request.contentType };
}

/** The file a fetch-style sample uploads: the reader puts their own there. */
const FILE_LINE = 'const file = new Blob(["file contents"]); // a File or Blob you choose';

function typescript(request: SampleRequest, op: OperationModel, api: string): string {
  // The path-style client (openapi-fetch) has a member per fixed method and QUERY; a custom method is called with fetch.
  if (isCustomMethod(op.method)) return fetchSample(request);
  const options: string[] = [];
  const params: string[] = [];
  if (Object.keys(request.pathParams).length > 0) params.push(`path: ${jsLiteral(request.pathParams, '    ')}`);
  if (Object.keys(request.queryParams).length > 0) params.push(`query: ${jsLiteral(request.queryParams, '    ')}`);
  if (Object.keys(request.headerParams).length > 0) params.push(`header: ${jsLiteral(request.headerParams, '    ')}`);
  if (params.length > 0) options.push(`params: {\n    ${params.join(',\n    ')},\n  }`);
  let before: string[] = [];
  if (request.body !== undefined) {
    options.push(`body: ${jsLiteral(request.body, '  ')}`);
    // The client writes JSON; any other body is sent in its own encoding, with its media type.
    if (!isJson(request.contentType)) {
      const sent = bodyExpression(request);
      before = sent.before;
      if (sent.body !== undefined) options.push(`bodySerializer: () => ${sent.body}`);
      if (sent.contentType !== undefined) options.push(`headers: { "Content-Type": ${JSON.stringify(sent.contentType)} }`);
    }
  }
  // The client reads JSON; another answer as text, or as a Blob when it is bytes.
  if (request.answerType !== undefined && !isJson(request.answerType))
    options.push(`parseAs: ${BINARY_MEDIA.test(request.answerType) || /tar|zip/i.test(request.answerType) ? '"blob"' : '"text"'}`);
  const auth = request.auth.map((a) => `${JSON.stringify(a.scheme)}: ${JSON.stringify(a.placeholder)}`).join(', ');
  const base = request.server;
  const args = options.length > 0 ? `, {\n  ${options.join(',\n  ')},\n}` : '';
  return [
    `import { createClient } from './generated/${api}/client.js';`,
    '',
    ...before,
    `const client = createClient({ baseUrl: ${JSON.stringify(base)}${auth !== '' ? `, auth: { ${auth} }` : ''} });`,
    `const { data, error, response } = await client.${request.method}(${JSON.stringify(op.path)}${args});`,
    'console.log(response.status, error ?? data);',
  ].join('\n');
}

function fetchSample(request: SampleRequest): string {
  const headers: [string, string][] = [...request.headers];
  const { before, body, contentType } = bodyExpression(request);
  if (contentType !== undefined && !isForm(contentType)) headers.push(['Content-Type', contentType]);
  const lines = [...before, `const response = await fetch(${JSON.stringify(request.url)}, {`, `  method: ${JSON.stringify(request.method)},`];
  if (headers.length > 0) lines.push(`  headers: ${jsLiteral(Object.fromEntries(headers), '  ')},`);
  if (body !== undefined) lines.push(`  body: ${body},`);
  lines.push('});', 'console.log(response.status, await response.text());');
  return lines.join('\n');
}

/** A Python literal of a JSON value. */
export function pyLiteral(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'None';
  if (typeof value === 'string') return JSON.stringify(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[\n${value.map((v) => `${inner}${pyLiteral(v, inner)}`).join(',\n')},\n${indent}]`;
  if (isRecord(value)) {
    const entries = Object.entries(value);
    return entries.length === 0 ? '{}' : `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${pyLiteral(v, inner)}`).join(',\n')},\n${indent}}`;
  }
  return 'None';
}

function python(request: SampleRequest): string {
  const args = [JSON.stringify(request.url)];
  const headers = [...request.headers];
  // requests writes the Content-Type of JSON, form and multipart bodies; any other body says its own.
  if (request.contentType !== undefined && !isJson(request.contentType) && !isForm(request.contentType) && !/^multipart\//i.test(request.contentType))
    headers.push(['Content-Type', request.contentType]);
  if (headers.length > 0) args.push(`headers=${pyLiteral(Object.fromEntries(headers), '')}`);
  if (request.contentType !== undefined) {
    const file = `open(${JSON.stringify(FILE_PLACEHOLDER)}, "rb")`;
    if (isJson(request.contentType)) args.push(`json=${pyLiteral(request.body, '')}`);
    // A list of pairs: a name may repeat (a list sent as repeated fields).
    else if (isForm(request.contentType)) args.push(`data=${pairsLiteral(request.form ?? [], '', '    ', '(', ')')}`);
    else if (/^multipart\//i.test(request.contentType)) {
      // `files` makes requests send multipart: a text part is (None, value), a file part an open file.
      const parts = multipartParts(request).map(
        (part) => `    ${JSON.stringify(part.name)}: ${'file' in part ? file : `(None, ${JSON.stringify(part.value)})`}`,
      );
      args.push(parts.length === 0 ? 'files={}' : `files={\n${parts.join(',\n')},\n}`);
    } else if (request.bodyIsFile === true) args.push(`data=${file}`);
    else args.push(`data=${JSON.stringify(bodyText(request))}`);
  }
  return [
    'import requests',
    '',
    `response = requests.request(${JSON.stringify(request.method)}, ${args.join(', ')})`,
    'print(response.status_code, response.text)',
  ].join('\n');
}

/**
 * The body as the request console starts from it (assets/docs.js): `ct` its media type; a form's
 * `fields` in the contract's encoding (`automatic_payment_methods[enabled]`, `true`); a multipart
 * body's text `fields` and its `files`; JSON pretty-printed (or any other text) as `body`; `file`
 * for a body that is a file the reader picks.
 */
export function consoleBody(request: SampleRequest): Record<string, unknown> {
  const ct = request.contentType;
  if (ct === undefined) return {};
  if (isForm(ct)) return { ct, kind: 'form', fields: request.form ?? [] };
  if (/^multipart\//i.test(ct)) {
    const parts = multipartParts(request);
    return {
      ct,
      kind: 'multipart',
      fields: parts.flatMap((p) => ('file' in p ? [] : [[p.name, p.value]])),
      files: parts.flatMap((p) => ('file' in p ? [p.name] : [])),
    };
  }
  if (request.bodyIsFile === true) return { ct, kind: 'file' };
  return { ct, kind: isJson(ct) ? 'json' : 'text', body: bodyText(request) };
}

export function codeSamples(request: SampleRequest, op: OperationModel, api: string): CodeSamples {
  return { curl: curl(request), typescript: typescript(request, op, api), fetch: fetchSample(request), python: python(request) };
}
