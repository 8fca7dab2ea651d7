/**
 * The normalized contract model: the one thing every generator reads. Built once per contract and
 * cached by the content hash of its files. Schemas are normalized to JSON Schema 2020-12 (3.0's
 * `nullable` and boolean `exclusiveMinimum` rewritten); component schema $refs stay as
 * "#/components/schemas/<name>".
 */
import { basename, dirname } from 'node:path';
import type { CliSpec } from '../runtime/cli/spec.js';
import { readCli } from './cli.js';
import { ContractError, type Diagnostic } from './errors.js';
import { isRecord, joinPointer, resolveLocalRef, setOwn } from './pointer.js';
import { displayPath, loadContractAsync, type LoadedContract } from './resolve.js';
import { detectVersion, validateStructure, type OpenApiVersion } from './validate.js';

export type JsonSchema = Record<string, unknown> | boolean;
export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
export const HTTP_METHODS: readonly HttpMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

export interface ExampleModel {
  /** Name in an `examples` map, or "example" for a single `example`. */
  name: string;
  pointer: string;
  value: unknown;
  summary?: string;
}

export interface ParameterModel {
  name: string;
  in: ParameterLocation;
  required: boolean;
  style: string;
  explode: boolean;
  allowReserved: boolean;
  deprecated: boolean;
  schema: JsonSchema;
  /** Set when the parameter is described by `content` (a serialized media type) instead of a schema. */
  contentType?: string;
  /** `x-specforge-multi-segment: true` on a path parameter: its value may contain "/". */
  multiSegment?: boolean;
  description?: string;
  examples: ExampleModel[];
  pointer: string;
  /** The parameter's `x-` extensions, as written. */
  extensions: Record<string, unknown>;
}

export interface MediaTypeModel {
  type: string;
  schema?: JsonSchema;
  /** `x-specforge-stream`: the body is a stream of such values, e.g. "ndjson". */
  stream?: string;
  examples: ExampleModel[];
  pointer: string;
  /** The media type's `encoding`: how each property of a form or multipart body is serialized. */
  encoding?: Record<string, MediaEncodingModel>;
}

export interface MediaEncodingModel {
  contentType?: string;
  style?: string;
  explode?: boolean;
}

export interface RequestBodyModel {
  required: boolean;
  content: MediaTypeModel[];
  pointer: string;
}

export interface HeaderModel {
  name: string;
  required: boolean;
  schema: JsonSchema;
  examples: ExampleModel[];
  pointer: string;
}

export interface ResponseModel {
  /** "200", "4XX" or "default". */
  status: string;
  description: string;
  headers: HeaderModel[];
  content: MediaTypeModel[];
  pointer: string;
}

/** One alternative of an operation's security: every scheme named must be satisfied. */
export type SecurityRequirementModel = Record<string, string[]>;

export interface OperationModel {
  id: string;
  method: HttpMethod;
  path: string;
  pointer: string;
  summary?: string;
  description?: string;
  tags: string[];
  deprecated: boolean;
  parameters: ParameterModel[];
  requestBody?: RequestBodyModel;
  responses: ResponseModel[];
  /** Alternatives; empty means no credential is needed. */
  security: SecurityRequirementModel[];
  extensions: Record<string, unknown>;
}

export interface SecuritySchemeModel {
  name: string;
  type: 'apiKey' | 'http' | 'oauth2' | 'openIdConnect' | 'mutualTLS';
  /** apiKey: where the key travels and under which name. */
  in?: 'query' | 'header' | 'cookie';
  paramName?: string;
  /** http: "bearer", "basic", … */
  scheme?: string;
  description?: string;
  extensions: Record<string, unknown>;
  raw: Record<string, unknown>;
}

export interface ErrorBodyModel {
  schema: JsonSchema;
  /**
   * Where the message, the HTTP status, a machine code, details and a fresh request id go: a
   * property name, or a JSON pointer ("/errors/0/detail", a number making an array).
   */
  fields: { message?: string; status?: string; code?: string; details?: string; requestId?: string };
  /** specforge's machine codes ("bad_request", …) to the interface's own ("INVALID_ARGUMENT", …). */
  codes?: Record<string, string>;
  /** Text before each generated request id ("req_"). */
  requestIdPrefix?: string;
}

export interface NamedSchemaModel {
  name: string;
  pointer: string;
  schema: JsonSchema;
}

export interface ContractModel {
  /** The interface's name: the folder that holds its contract. */
  api: string;
  /** Entry file path as shown to users and written into headers ("specs/echo/openapi.yaml"). */
  specPath: string;
  hash: string;
  version: OpenApiVersion;
  info: { title: string; version: string; description?: string };
  /** The bundled document, as written (not normalized). */
  document: Record<string, unknown>;
  schemas: NamedSchemaModel[];
  operations: OperationModel[];
  securitySchemes: SecuritySchemeModel[];
  errorBody?: ErrorBodyModel;
  /** The command line the contract describes (`x-specforge-cli`), as the run-time table. */
  cli?: CliSpec;
  extensions: Record<string, unknown>;
  warnings: Diagnostic[];
  loaded: LoadedContract;
}

/**
 * True for a document that describes no HTTP interface: no `paths` and no `webhooks` (a command
 * line, or shared schemas). Targets for HTTP (server, mocks, client) produce nothing for it.
 */
export function isHttpLess(document: Record<string, unknown>): boolean {
  return document['paths'] === undefined && document['webhooks'] === undefined;
}

function extensionsOf(node: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) if (k.startsWith('x-')) out[k] = v;
  return out;
}

/** Normalizes an OpenAPI schema object to JSON Schema 2020-12 (copying; the input is not changed). */
export function normalizeSchema(schema: unknown, version: OpenApiVersion): JsonSchema {
  if (typeof schema === 'boolean') return schema;
  if (!isRecord(schema)) return {};
  if (version === '3.1') return schema;
  return normalize30(schema);
}

const SCHEMA_MAP_KEYS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const SCHEMA_KEYS = new Set([
  'items',
  'additionalProperties',
  'additionalItems',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
]);
const SCHEMA_LIST_KEYS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);

function normalize30(schema: Record<string, unknown>): JsonSchema {
  if (typeof schema['$ref'] === 'string') {
    // In 3.0, siblings of $ref are ignored.
    const ref: Record<string, unknown> = { $ref: schema['$ref'] };
    return schema['nullable'] === true ? { anyOf: [ref, { type: 'null' }] } : ref;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    if (SCHEMA_MAP_KEYS.has(k) && isRecord(v)) {
      const m: Record<string, unknown> = {};
      for (const [name, sub] of Object.entries(v)) setOwn(m, name, normalizeSchema(sub, '3.0'));
      out[k] = m;
    } else if (SCHEMA_KEYS.has(k) && (isRecord(v) || typeof v === 'boolean')) {
      out[k] = normalizeSchema(v, '3.0');
    } else if (SCHEMA_LIST_KEYS.has(k) && Array.isArray(v)) {
      out[k] = v.map((s) => normalizeSchema(s, '3.0'));
    } else if (k !== 'nullable' && k !== 'exclusiveMinimum' && k !== 'exclusiveMaximum') {
      setOwn(out, k, v);
    }
  }
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    const v = schema[flag];
    if (v === true && typeof schema[bound] === 'number') {
      out[flag] = schema[bound];
      delete out[bound];
    } else if (typeof v === 'number') out[flag] = v;
  }
  if (schema['nullable'] === true) {
    const t = out['type'];
    if (typeof t === 'string') out['type'] = [t, 'null'];
    else if (Array.isArray(t) && !t.includes('null')) out['type'] = [...t, 'null'];
    if (Array.isArray(out['enum']) && !out['enum'].includes(null)) out['enum'] = [...out['enum'], null];
    if (t === undefined) return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

class ModelBuilder {
  readonly warnings: Diagnostic[] = [];
  /** Problems that do not stop modelling: reported together at the end of `build`. */
  readonly errors: Diagnostic[] = [];
  constructor(
    readonly loaded: LoadedContract,
    readonly version: OpenApiVersion,
  ) {}

  get doc(): Record<string, unknown> {
    return this.loaded.document;
  }

  /** Follows internal $refs; returns the node and the pointer where it lives. */
  deref(node: unknown, pointer: string): { node: Record<string, unknown>; pointer: string } {
    let current = node;
    let at = pointer;
    for (let depth = 0; isRecord(current) && typeof current['$ref'] === 'string'; depth++) {
      const ref = current['$ref'];
      if (depth > 32 || !ref.startsWith('#')) {
        throw ContractError.single('SPECFORGE_REF_INVALID', `cannot follow $ref "${ref}"`, this.loaded.locate(at));
      }
      const target = resolveLocalRef(this.doc, ref);
      if (target === undefined) {
        throw ContractError.single('SPECFORGE_REF_NOT_FOUND', `$ref "${ref}" points at nothing`, this.loaded.locate(at + '/$ref'));
      }
      current = target.value;
      at = target.pointer;
    }
    return { node: isRecord(current) ? current : {}, pointer: at };
  }

  examples(node: Record<string, unknown>, pointer: string): ExampleModel[] {
    const out: ExampleModel[] = [];
    if ('example' in node) out.push({ name: 'example', pointer: joinPointer(pointer, 'example'), value: node['example'] });
    const examples = node['examples'];
    if (isRecord(examples)) {
      for (const [name, raw] of Object.entries(examples)) {
        const { node: ex, pointer: exPtr } = this.deref(raw, joinPointer(pointer, 'examples', name));
        if ('value' in ex) {
          const e: ExampleModel = { name, pointer: joinPointer(exPtr, 'value'), value: ex['value'] };
          if (typeof ex['summary'] === 'string') e.summary = ex['summary'];
          out.push(e);
        } else if (typeof ex['externalValue'] === 'string') {
          this.warnings.push({
            code: 'SPECFORGE_UNSUPPORTED_FEATURE',
            severity: 'warning',
            message: `example "${name}" uses externalValue, which is not fetched; it is not checked`,
            location: this.loaded.locate(exPtr),
          });
        }
      }
    }
    return out;
  }

  mediaTypes(content: unknown, pointer: string): MediaTypeModel[] {
    if (!isRecord(content)) return [];
    return Object.entries(content).map(([type, raw]) => {
      const mtPtr = joinPointer(pointer, type);
      const mt = isRecord(raw) ? raw : {};
      const model: MediaTypeModel = { type, examples: this.examples(mt, mtPtr), pointer: mtPtr };
      if (typeof mt['x-specforge-stream'] === 'string') model.stream = mt['x-specforge-stream'];
      if (mt['schema'] !== undefined) model.schema = normalizeSchema(mt['schema'], this.version);
      if (isRecord(mt['encoding'])) {
        const encoding: Record<string, MediaEncodingModel> = {};
        for (const [name, e] of Object.entries(mt['encoding'])) {
          if (!isRecord(e)) continue;
          const entry: MediaEncodingModel = {};
          if (typeof e['contentType'] === 'string') entry.contentType = e['contentType'];
          if (typeof e['style'] === 'string') entry.style = e['style'];
          if (typeof e['explode'] === 'boolean') entry.explode = e['explode'];
          else if (entry.style !== undefined) entry.explode = entry.style === 'form';
          setOwn(encoding, name, entry);
        }
        model.encoding = encoding;
      }
      return model;
    });
  }

  parameter(raw: unknown, pointer: string): ParameterModel {
    const { node: p, pointer: at } = this.deref(raw, pointer);
    const location = p['in'] as ParameterLocation;
    const style = typeof p['style'] === 'string' ? p['style'] : location === 'query' || location === 'cookie' ? 'form' : 'simple';
    const model: ParameterModel = {
      name: String(p['name']),
      in: location,
      required: location === 'path' ? true : p['required'] === true,
      style,
      explode: typeof p['explode'] === 'boolean' ? p['explode'] : style === 'form',
      allowReserved: p['allowReserved'] === true,
      deprecated: p['deprecated'] === true,
      schema: normalizeSchema(p['schema'] ?? {}, this.version),
      examples: this.examples(p, at),
      pointer: at,
      extensions: extensionsOf(p),
    };
    if (typeof p['description'] === 'string') model.description = p['description'];
    if (location === 'path' && p['x-specforge-multi-segment'] === true) model.multiSegment = true;
    if (isRecord(p['content'])) {
      const [type, mt] = Object.entries(p['content'])[0] ?? [];
      if (type !== undefined) {
        model.contentType = type;
        if (isRecord(mt)) {
          model.schema = normalizeSchema(mt['schema'] ?? {}, this.version);
          model.examples.push(...this.examples(mt, joinPointer(at, 'content', type)));
        }
      }
    }
    return model;
  }

  operation(path: string, method: HttpMethod, pathItem: Record<string, unknown>, pathPtr: string): OperationModel {
    const pointer = joinPointer(pathPtr, method);
    const op = pathItem[method] as Record<string, unknown>;
    const params = new Map<string, ParameterModel>();
    const addParams = (list: unknown, listPtr: string): void => {
      if (!Array.isArray(list)) return;
      list.forEach((raw, i) => {
        const p = this.parameter(raw, joinPointer(listPtr, i));
        params.set(`${p.in}:${p.in === 'header' ? p.name.toLowerCase() : p.name}`, p);
      });
    };
    addParams(pathItem['parameters'], joinPointer(pathPtr, 'parameters'));
    addParams(op['parameters'], joinPointer(pointer, 'parameters'));
    const id = typeof op['operationId'] === 'string' ? op['operationId'] : syntheticOperationId(method, path);
    const model: OperationModel = {
      id,
      method,
      path,
      pointer,
      tags: Array.isArray(op['tags']) ? op['tags'].map(String) : [],
      deprecated: op['deprecated'] === true,
      parameters: [...params.values()],
      responses: [],
      security: securityOf(op['security'] ?? this.doc['security']),
      extensions: extensionsOf(op),
    };
    if (typeof op['summary'] === 'string') model.summary = op['summary'];
    if (typeof op['description'] === 'string') model.description = op['description'];
    if (op['requestBody'] !== undefined) {
      const { node: rb, pointer: rbPtr } = this.deref(op['requestBody'], joinPointer(pointer, 'requestBody'));
      model.requestBody = {
        required: rb['required'] === true,
        content: this.mediaTypes(rb['content'], joinPointer(rbPtr, 'content')),
        pointer: rbPtr,
      };
    }
    const responses = isRecord(op['responses']) ? op['responses'] : {};
    for (const [status, raw] of Object.entries(responses)) {
      if (status.startsWith('x-')) continue;
      const { node: r, pointer: rPtr } = this.deref(raw, joinPointer(pointer, 'responses', status));
      const headers: HeaderModel[] = [];
      if (isRecord(r['headers'])) {
        for (const [name, rawHeader] of Object.entries(r['headers'])) {
          const { node: h, pointer: hPtr } = this.deref(rawHeader, joinPointer(rPtr, 'headers', name));
          let schema = normalizeSchema(h['schema'] ?? {}, this.version);
          if (isRecord(h['content'])) {
            const first = Object.values(h['content'])[0];
            if (isRecord(first)) schema = normalizeSchema(first['schema'] ?? {}, this.version);
          }
          headers.push({ name, required: h['required'] === true, schema, examples: this.examples(h, hPtr), pointer: hPtr });
        }
      }
      model.responses.push({
        status: /^[1-5]xx$/i.test(status) ? status.toUpperCase() : status,
        description: typeof r['description'] === 'string' ? r['description'] : '',
        headers,
        content: this.mediaTypes(r['content'], joinPointer(rPtr, 'content')),
        pointer: rPtr,
      });
    }
    this.checkPathParameters(model);
    return model;
  }

  checkPathParameters(op: OperationModel): void {
    const inTemplate = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
    const declared = op.parameters.filter((p) => p.in === 'path').map((p) => p.name);
    for (const name of inTemplate) {
      if (!declared.includes(name)) {
        this.errors.push({
          code: 'SPECFORGE_PATH_PARAMETER',
          severity: 'error',
          message: `path template "${op.path}" names {${name}}, but operation "${op.id}" declares no path parameter "${name}"`,
          location: this.loaded.locate(op.pointer),
        });
      }
    }
    for (const p of op.parameters) {
      if (p.in === 'path' && !inTemplate.includes(p.name)) {
        this.errors.push({
          code: 'SPECFORGE_PATH_PARAMETER',
          severity: 'error',
          message: `operation "${op.id}" declares path parameter "${p.name}", which its path "${op.path}" does not contain`,
          location: this.loaded.locate(p.pointer),
        });
      }
    }
  }

  build(api: string, specPath: string): ContractModel {
    const doc = this.doc;
    const info = isRecord(doc['info']) ? doc['info'] : {};
    const components = isRecord(doc['components']) ? doc['components'] : {};
    const schemas: NamedSchemaModel[] = [];
    if (isRecord(components['schemas'])) {
      for (const [name, schema] of Object.entries(components['schemas'])) {
        schemas.push({ name, pointer: joinPointer('/components/schemas', name), schema: normalizeSchema(schema, this.version) });
      }
    }
    const operations: OperationModel[] = [];
    const seen = new Map<string, string>();
    const paths = isRecord(doc['paths']) ? doc['paths'] : {};
    for (const [path, rawItem] of Object.entries(paths)) {
      if (path.startsWith('x-')) continue;
      const itemPtr = joinPointer('/paths', path);
      const { node: item } = this.deref(rawItem, itemPtr);
      for (const method of HTTP_METHODS) {
        if (!isRecord(item[method])) continue;
        const op = this.operation(path, method, item, itemPtr);
        const prior = seen.get(op.id);
        if (prior) {
          this.errors.push({
            code: 'SPECFORGE_DUPLICATE_OPERATION_ID',
            severity: 'error',
            message: `operationId "${op.id}" is used by ${prior} and by ${method.toUpperCase()} ${path}`,
            location: this.loaded.locate(joinPointer(op.pointer, 'operationId')),
          });
          continue;
        }
        seen.set(op.id, `${method.toUpperCase()} ${path}`);
        operations.push(op);
      }
    }
    const infoModel: ContractModel['info'] = { title: String(info['title'] ?? api), version: String(info['version'] ?? '') };
    if (typeof info['description'] === 'string') infoModel.description = info['description'];
    const cli = readCli(this.loaded, infoModel, (schema) => normalizeSchema(schema, this.version));
    this.errors.push(...cli.diagnostics);
    if (this.errors.length > 0) throw new ContractError(this.errors);
    const securitySchemes: SecuritySchemeModel[] = [];
    if (isRecord(components['securitySchemes'])) {
      for (const [name, raw] of Object.entries(components['securitySchemes'])) {
        const { node: s } = this.deref(raw, joinPointer('/components/securitySchemes', name));
        const model: SecuritySchemeModel = {
          name,
          type: s['type'] as SecuritySchemeModel['type'],
          extensions: extensionsOf(s),
          raw: s,
        };
        if (s['in'] === 'query' || s['in'] === 'header' || s['in'] === 'cookie') model.in = s['in'];
        if (typeof s['name'] === 'string') model.paramName = s['name'];
        if (typeof s['scheme'] === 'string') model.scheme = s['scheme'].toLowerCase();
        if (typeof s['description'] === 'string') model.description = s['description'];
        securitySchemes.push(model);
      }
    }
    const model: ContractModel = {
      api,
      specPath,
      hash: this.loaded.hash,
      version: this.version,
      info: infoModel,
      document: doc,
      schemas,
      operations,
      securitySchemes,
      extensions: extensionsOf(doc),
      warnings: this.warnings,
      loaded: this.loaded,
    };
    if (cli.spec) model.cli = cli.spec;
    const errorExt = doc['x-specforge-error'];
    if (isRecord(errorExt)) {
      const fields = isRecord(errorExt['fields']) ? errorExt['fields'] : {};
      const pick = (k: string): string | undefined => (typeof fields[k] === 'string' ? (fields[k] as string) : undefined);
      const f: ErrorBodyModel['fields'] = {};
      for (const k of ['message', 'status', 'code', 'details', 'requestId'] as const) {
        const v = pick(k);
        if (v !== undefined) f[k] = v;
      }
      model.errorBody = { schema: normalizeSchema(errorExt['schema'] ?? {}, this.version), fields: f };
      if (isRecord(errorExt['codes'])) {
        const codes: Record<string, string> = {};
        for (const [k, v] of Object.entries(errorExt['codes'])) if (typeof v === 'string') setOwn(codes, k, v);
        model.errorBody.codes = codes;
      }
      if (typeof errorExt['requestIdPrefix'] === 'string') model.errorBody.requestIdPrefix = errorExt['requestIdPrefix'];
    }
    return model;
  }
}

function securityOf(raw: unknown): SecurityRequirementModel[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(isRecord).map((req) => {
    const out: SecurityRequirementModel = {};
    for (const [name, scopes] of Object.entries(req)) setOwn(out, name, Array.isArray(scopes) ? scopes.map(String) : []);
    return out;
  });
}

export function syntheticOperationId(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : '')))
    .map((s) => (s ? (s[0] as string).toUpperCase() + s.slice(1) : s));
  return method + words.join('');
}

export interface BuildOptions {
  /** Interface name; defaults to the name of the folder that holds the entry file. */
  api?: string;
  /** Skip Redocly's structural validation (already done by the caller). */
  skipValidation?: boolean;
}

const cache = new Map<string, ContractModel>();

/** Loads, validates and models the contract at `specPath`; cached by content hash. */
export async function buildModel(specPath: string, options: BuildOptions = {}): Promise<ContractModel> {
  const loaded = await loadContractAsync(specPath);
  const api = options.api ?? basename(dirname(loaded.entry.path));
  const key = `${api}\0${loaded.hash}\0${options.skipValidation ? 'unvalidated' : 'validated'}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const warnings = options.skipValidation ? [] : await validateStructure(loaded);
  const model = modelOf(loaded, api);
  model.warnings.unshift(...(loaded.conversionWarnings ?? []), ...warnings);
  cache.set(key, model);
  return model;
}

/**
 * The model of a loaded contract, without Redocly's structural validation: synchronous, for
 * callers that cannot wait (lint rules run inside Redocly's synchronous visitors).
 */
export function modelOf(loaded: LoadedContract, api = basename(dirname(loaded.entry.path))): ContractModel {
  return new ModelBuilder(loaded, detectVersion(loaded)).build(api, displayPath(loaded.entry.path));
}

/** Every example of the contract, with the schema it must satisfy. */
export interface ExampleCheck {
  example: ExampleModel;
  schema: JsonSchema;
  /** What the example belongs to, for messages: "schema echoMessage", "echo request body", … */
  subject: string;
  /** Key into the generated validators when one covers exactly this schema. */
  validator?: { kind: 'schema'; name: string } | { kind: 'request-body' | 'response'; operationId: string; status?: string; mediaType: string };
}

/**
 * Collects every example in the model: of media types, parameters and headers, and of schemas,
 * component schemas and the schemas written inline in operations alike.
 */
export function collectExamples(model: ContractModel): ExampleCheck[] {
  const out: ExampleCheck[] = [];
  const seen = new Set<string>();
  const add = (c: ExampleCheck): void => {
    if (seen.has(c.example.pointer)) return;
    seen.add(c.example.pointer);
    out.push(c);
  };
  for (const s of model.schemas) {
    walkSchemaExamples(s.schema, s.pointer, `schema ${s.name}`, add, s.name);
  }
  const inline = (schema: JsonSchema | undefined, owner: string, subject: string): void => {
    if (schema !== undefined) walkSchemaExamples(schema, joinPointer(owner, 'schema'), `${subject} schema`, add);
  };
  for (const op of model.operations) {
    for (const p of op.parameters) {
      for (const e of p.examples) add({ example: e, schema: p.schema, subject: `${op.id} ${p.in} parameter ${p.name}` });
      inline(p.schema, p.contentType === undefined ? p.pointer : joinPointer(p.pointer, 'content', p.contentType), `${op.id} ${p.in} parameter ${p.name}`);
    }
    for (const mt of op.requestBody?.content ?? []) {
      inline(mt.schema, mt.pointer, `${op.id} request body (${mt.type})`);
      for (const e of mt.examples) {
        add({
          example: e,
          schema: mt.schema ?? {},
          subject: `${op.id} request body (${mt.type})`,
          validator: { kind: 'request-body', operationId: op.id, mediaType: mt.type },
        });
      }
    }
    for (const r of op.responses) {
      for (const h of r.headers) {
        for (const e of h.examples) add({ example: e, schema: h.schema, subject: `${op.id} ${r.status} header ${h.name}` });
        inline(h.schema, h.pointer, `${op.id} ${r.status} header ${h.name}`);
      }
      for (const mt of r.content) {
        inline(mt.schema, mt.pointer, `${op.id} ${r.status} response (${mt.type})`);
        for (const e of mt.examples) {
          add({
            example: e,
            schema: mt.schema ?? {},
            subject: `${op.id} ${r.status} response (${mt.type})`,
            validator: { kind: 'response', operationId: op.id, status: r.status, mediaType: mt.type },
          });
        }
      }
    }
  }
  return out;
}

function walkSchemaExamples(
  schema: JsonSchema,
  pointer: string,
  subject: string,
  add: (c: ExampleCheck) => void,
  componentName?: string,
): void {
  if (!isRecord(schema)) return;
  const validator = componentName ? { kind: 'schema' as const, name: componentName } : undefined;
  const withValidator = (c: ExampleCheck): ExampleCheck => (validator ? { ...c, validator } : c);
  if ('example' in schema) add(withValidator({ example: { name: 'example', pointer: joinPointer(pointer, 'example'), value: schema['example'] }, schema, subject }));
  if (Array.isArray(schema['examples'])) {
    schema['examples'].forEach((value, i) =>
      add(withValidator({ example: { name: `examples[${i}]`, pointer: joinPointer(pointer, 'examples', i), value }, schema, subject })),
    );
  }
  for (const [k, v] of Object.entries(schema)) {
    if (SCHEMA_MAP_KEYS.has(k) && isRecord(v)) {
      for (const [name, sub] of Object.entries(v)) walkSchemaExamples(sub as JsonSchema, joinPointer(pointer, k, name), `${subject}.${name}`, add);
    } else if (SCHEMA_KEYS.has(k) && isRecord(v)) {
      walkSchemaExamples(v, joinPointer(pointer, k), `${subject} ${k}`, add);
    } else if (SCHEMA_LIST_KEYS.has(k) && Array.isArray(v)) {
      v.forEach((sub, i) => walkSchemaExamples(sub as JsonSchema, joinPointer(pointer, k, i), `${subject} ${k}[${i}]`, add));
    }
  }
}
