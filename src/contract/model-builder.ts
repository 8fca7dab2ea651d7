/**
 * Builds the contract model from a loaded document: operations, parameters, bodies, responses,
 * security schemes, component schemas and the command line, with $refs followed and schemas
 * normalized (schema-normalize.ts).
 */
import { METHODS } from 'node:http';
import { readCli } from './cli.js';
import { ContractError, type Diagnostic } from './errors.js';
import type {
  ContractModel,
  ErrorBodyModel,
  ExampleModel,
  HeaderModel,
  HttpMethod,
  JsonSchema,
  MediaEncodingModel,
  MediaTypeModel,
  NamedSchemaModel,
  OperationModel,
  ParameterLocation,
  ParameterModel,
  SecurityRequirementModel,
  SecuritySchemeModel,
} from './model-types.js';
import { asCustomMethod, HTTP_METHODS, wireMethod } from './model-types.js';
import { isRecord, joinPointer, resolveLocalRef, setOwn } from './pointer.js';
import type { LoadedContract } from './resolve.js';
import { normalizeSchema } from './schema-normalize.js';
import { readSerializedMedia, readSerializedParameter } from './serialized.js';
import type { OpenApiVersion } from './validate.js';

function extensionsOf(node: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) if (k.startsWith('x-')) out[k] = v;
  return out;
}

export class ModelBuilder {
  readonly warnings: Diagnostic[] = [];
  /** Problems that do not stop modelling: reported together at the end of `build`. */
  readonly errors: Diagnostic[] = [];
  constructor(
    readonly loaded: LoadedContract,
    readonly version: OpenApiVersion,
  ) {}

  /** A warning that an OpenAPI 3.2 feature at `pointer` is read but not yet given its meaning (said, never silently dropped). */
  unsupported32(message: string, pointer: string): void {
    const warning: Diagnostic = { code: 'SPECFORGE_UNSUPPORTED_FEATURE', severity: 'warning', message, location: this.loaded.locate(pointer) };
    this.warnings.push(warning);
    this.unsupportedFeatures.push(warning);
  }

  /** The warnings of unsupported32. */
  readonly unsupportedFeatures: Diagnostic[] = [];

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

  /**
   * The examples of a parameter, media type or header; `read` reads a `serializedValue` (OpenAPI 3.2)
   * back into data (an example with only a serializedValue has that data as its value).
   */
  examples(node: Record<string, unknown>, pointer: string, read?: (text: string) => unknown): ExampleModel[] {
    const out: ExampleModel[] = [];
    if ('example' in node) out.push({ name: 'example', pointer: joinPointer(pointer, 'example'), value: node['example'] });
    const examples = node['examples'];
    if (isRecord(examples)) {
      for (const [name, raw] of Object.entries(examples)) {
        const { node: ex, pointer: exPtr } = this.deref(raw, joinPointer(pointer, 'examples', name));
        // OpenAPI 3.2: `dataValue` is the value as the schema sees it (`value` before 3.2).
        const key = 'dataValue' in ex ? 'dataValue' : 'value' in ex ? 'value' : undefined;
        const text = ex['serializedValue'];
        const serialized =
          typeof text === 'string' && read !== undefined ? { text, pointer: joinPointer(exPtr, 'serializedValue'), data: read(text) } : undefined;
        if (key !== undefined || serialized !== undefined) {
          const e: ExampleModel =
            key !== undefined
              ? { name, pointer: joinPointer(exPtr, key), value: ex[key] }
              : { name, pointer: serialized?.pointer ?? exPtr, value: serialized?.data };
          if (serialized !== undefined) e.serialized = serialized;
          if (typeof ex['summary'] === 'string') e.summary = ex['summary'];
          out.push(e);
        } else if (typeof ex['serializedValue'] === 'string') {
          this.unsupported32(
            `example "${name}" gives only a serializedValue, which is read for parameters and media types only; it is not checked (give its dataValue too)`,
            joinPointer(exPtr, 'serializedValue'),
          );
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

  /** Schemas by local reference, normalized (for reading serialized examples). */
  readonly resolveSchema = (ref: string): JsonSchema | undefined => {
    const found = ref.startsWith('#') ? resolveLocalRef(this.doc, ref) : undefined;
    return found === undefined ? undefined : normalizeSchema(found.value, this.version);
  };

  mediaTypes(content: unknown, pointer: string): MediaTypeModel[] {
    if (!isRecord(content)) return [];
    return Object.entries(content).map(([type, raw]) => {
      // OpenAPI 3.2: a media type may be a $ref to components.mediaTypes.
      const { node: mt, pointer: mtPtr } = this.deref(raw, joinPointer(pointer, type));
      const encoding = this.encodingOf(mt);
      const schema = mt['schema'] !== undefined ? normalizeSchema(mt['schema'], this.version) : undefined;
      // A serializedValue (OpenAPI 3.2) is the media type's text: read back as JSON, a form or text.
      const read = (text: string): unknown => readSerializedMedia(text, type, schema, encoding, this.resolveSchema);
      const model: MediaTypeModel = { type, examples: this.examples(mt, mtPtr, read), pointer: mtPtr };
      if (typeof mt['x-specforge-stream'] === 'string') model.stream = mt['x-specforge-stream'];
      if (schema !== undefined) model.schema = schema;
      if (mt['itemSchema'] !== undefined) model.itemSchema = normalizeSchema(mt['itemSchema'], this.version);
      if (isRecord(mt['itemEncoding'])) model.itemEncoding = this.partEncoding(mt['itemEncoding'], 0);
      if (Array.isArray(mt['prefixEncoding'])) model.prefixEncoding = mt['prefixEncoding'].map((e) => this.partEncoding(e, 0));
      if (encoding !== undefined) model.encoding = encoding;
      return model;
    });
  }

  /** An Encoding Object of a multipart part (`itemEncoding`, `prefixEncoding`): its type, headers and (one level) nested encodings. */
  partEncoding(raw: unknown, depth: number): MediaEncodingModel {
    const e = isRecord(raw) ? raw : {};
    const entry: MediaEncodingModel = {};
    if (typeof e['contentType'] === 'string') entry.contentType = e['contentType'];
    if (isRecord(e['headers'])) {
      const headers: Record<string, { required: boolean }> = {};
      for (const [name, h] of Object.entries(e['headers'])) setOwn(headers, name, { required: this.deref(h, '').node['required'] === true });
      entry.headers = headers;
    }
    if (depth < 1 && isRecord(e['itemEncoding'])) entry.itemEncoding = this.partEncoding(e['itemEncoding'], depth + 1);
    if (depth < 1 && Array.isArray(e['prefixEncoding'])) entry.prefixEncoding = e['prefixEncoding'].map((n) => this.partEncoding(n, depth + 1));
    return entry;
  }

  /** A media type's `encoding`: how each property of a form or multipart body (or a querystring) is serialized. */
  encodingOf(mt: Record<string, unknown>): Record<string, MediaEncodingModel> | undefined {
    if (!isRecord(mt['encoding'])) return undefined;
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
    return encoding;
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
      // OpenAPI 3.2: `style: cookie` explodes by default, as `form` does.
      explode: typeof p['explode'] === 'boolean' ? p['explode'] : style === 'form' || style === 'cookie',
      allowReserved: p['allowReserved'] === true,
      deprecated: p['deprecated'] === true,
      schema: normalizeSchema(p['schema'] ?? {}, this.version),
      examples: [],
      pointer: at,
      extensions: extensionsOf(p),
    };
    if (typeof p['description'] === 'string') model.description = p['description'];
    if (location === 'path' && p['x-specforge-multi-segment'] === true) model.multiSegment = true;
    if (location === 'query' && p['allowEmptyValue'] === true) model.allowEmptyValue = true;
    let mediaExamples: ExampleModel[] = [];
    if (isRecord(p['content'])) {
      const [type, mt] = Object.entries(p['content'])[0] ?? [];
      if (type !== undefined) {
        model.contentType = type;
        if (isRecord(mt)) {
          model.schema = normalizeSchema(mt['schema'] ?? {}, this.version);
          const encoding = location === 'querystring' ? this.encodingOf(mt) : undefined;
          if (encoding !== undefined) model.encoding = encoding;
          // A media type's serializedValue is its text (JSON, a form), before any escaping for the URL.
          const read = (text: string): unknown => readSerializedMedia(text, type, model.schema, encoding, this.resolveSchema);
          mediaExamples = this.examples(mt, joinPointer(at, 'content', type), read);
        }
      }
    }
    // A parameter's serializedValue is what travels: with its name and delimiters, or the whole query string.
    model.examples = [...this.examples(p, at, (text) => readSerializedParameter(text, model, this.resolveSchema)), ...mediaExamples];
    return model;
  }

  /** The operation `op` at `pointer` (a fixed field of the path item, or one of its additionalOperations). */
  operation(
    path: string,
    method: HttpMethod,
    op: Record<string, unknown>,
    pointer: string,
    pathItem: Record<string, unknown>,
    pathPtr: string,
  ): OperationModel {
    const params = new Map<string, ParameterModel>();
    const addParams = (list: unknown, listPtr: string): void => {
      if (!Array.isArray(list)) return;
      list.forEach((raw, i) => {
        const p = this.parameter(raw, joinPointer(listPtr, i));
        // OpenAPI 3: a header parameter named Accept, Content-Type or Authorization "SHALL be ignored"
        // (the media types and security schemes say what those headers carry).
        if (p.in === 'header' && IGNORED_HEADER_PARAMETERS.has(p.name.toLowerCase())) return;
        params.set(`${p.in}:${p.in === 'header' ? p.name.toLowerCase() : p.name}`, p);
      });
    };
    addParams(pathItem['parameters'], joinPointer(pathPtr, 'parameters'));
    addParams(op['parameters'], joinPointer(pointer, 'parameters'));
    this.checkQuerystring(wireMethod(method), path, [...params.values()]);
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
        ...(typeof r['summary'] === 'string' ? { summary: r['summary'] } : {}),
        headers,
        content: this.mediaTypes(r['content'], joinPointer(rPtr, 'content')),
        pointer: rPtr,
      });
    }
    this.checkPathParameters(model);
    return model;
  }

  /**
   * A path item's operations: its fixed fields (QUERY among them, OpenAPI 3.2), then its
   * `additionalOperations` (3.2: custom methods, each named as written). A key a fixed field covers
   * (GET, Query: any case of one) or one that is not an HTTP token is an error at its place.
   */
  operationsOf(path: string, item: Record<string, unknown>, itemPtr: string): { method: HttpMethod; node: Record<string, unknown>; pointer: string }[] {
    const out: { method: HttpMethod; node: Record<string, unknown>; pointer: string }[] = [];
    for (const method of HTTP_METHODS) {
      if (isRecord(item[method])) out.push({ method, node: item[method], pointer: joinPointer(itemPtr, method) });
    }
    const extra = item['additionalOperations'];
    if (!isRecord(extra)) return out;
    for (const [name, raw] of Object.entries(extra)) {
      const at = joinPointer(itemPtr, 'additionalOperations', name);
      const problem = customMethodProblem(name);
      if (problem !== undefined) {
        this.errors.push({
          code: 'SPECFORGE_INVALID_STRUCTURE',
          severity: 'error',
          message: `additionalOperations of ${path}: ${problem}`,
          location: this.loaded.locate(at),
        });
        continue;
      }
      if (!isRecord(raw)) continue;
      if (!NODE_METHODS.has(name)) {
        this.warnings.push({
          code: 'SPECFORGE_UNSUPPORTED_FEATURE',
          severity: 'warning',
          message: `${name} ${path}: Node's HTTP parser does not read the method ${name} (it reads ${NODE_CUSTOM_EXAMPLES} and the others of http.METHODS): the generated node:http server, every adapter on Node and \`specforge mock\` never receive it; the fetch handler routes it on a runtime with another parser (Bun, Deno, workers)`,
          location: this.loaded.locate(at),
        });
      }
      out.push({ method: asCustomMethod(name), node: raw, pointer: at });
    }
    return out;
  }

  /**
   * OpenAPI 3.2: a querystring parameter is the whole query string, described by `content`; so an
   * operation has at most one, and no query parameter beside it (an error at the parameter's `in`).
   */
  checkQuerystring(method: string, path: string, params: ParameterModel[]): void {
    const wholes = params.filter((p) => p.in === 'querystring');
    if (wholes.length === 0) return;
    const refuse = (p: ParameterModel, message: string, at = joinPointer(p.pointer, 'in')): void => {
      this.errors.push({
        code: 'SPECFORGE_QUERYSTRING_PARAMETER',
        severity: 'error',
        message: `${method} ${path}: ${message}`,
        location: this.loaded.locate(at),
      });
    };
    for (const p of wholes) {
      if (p.contentType === undefined)
        refuse(p, `the querystring parameter "${p.name}" has no content: the query string's media type and schema go in its content`, p.pointer);
    }
    for (const p of wholes.slice(1)) {
      refuse(p, `the querystring parameter "${p.name}" is a second one beside "${wholes[0]?.name ?? ''}": an operation's query string is one parameter`);
    }
    const query = params.find((p) => p.in === 'query');
    if (query !== undefined) {
      refuse(
        wholes[0] as ParameterModel,
        `the querystring parameter "${wholes[0]?.name ?? ''}" is beside the query parameter "${query.name}": the querystring is the whole query string (put "${query.name}" in its schema)`,
      );
    }
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
      for (const { method, node, pointer } of this.operationsOf(path, item, itemPtr)) {
        const op = this.operation(path, method, node, pointer, item, itemPtr);
        const prior = seen.get(op.id);
        if (prior) {
          this.errors.push({
            code: 'SPECFORGE_DUPLICATE_OPERATION_ID',
            severity: 'error',
            message: `operationId "${op.id}" is used by ${prior} and by ${wireMethod(method)} ${path}`,
            location: this.loaded.locate(joinPointer(op.pointer, 'operationId')),
          });
          continue;
        }
        seen.set(op.id, `${wireMethod(method)} ${path}`);
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
    if (this.unsupportedFeatures.length > 0) model.unsupportedFeatures = this.unsupportedFeatures;
    if (cli.spec) model.cli = cli.spec;
    const errorExt = doc['x-specforge-error'];
    if (isRecord(errorExt)) {
      const fields = isRecord(errorExt['fields']) ? errorExt['fields'] : {};
      const pick = (k: string): string | undefined => (typeof fields[k] === 'string' ? (fields[k] as string) : undefined);
      const f: ErrorBodyModel['fields'] = {};
      const known = ['message', 'status', 'code', 'details', 'requestId', 'field'] as const;
      for (const k of known) {
        const v = pick(k);
        if (v !== undefined) f[k] = v;
      }
      for (const k of Object.keys(fields).filter((name) => !(known as readonly string[]).includes(name))) {
        this.warnings.push({
          code: 'SPECFORGE_EXTENSION',
          severity: 'warning',
          message: `x-specforge-error fields: "${k}" is not a field specforge fills (${known.join(', ')}); it is ignored`,
          location: this.loaded.locate(joinPointer('/x-specforge-error/fields', k)),
        });
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

/** Header parameters OpenAPI 3 says to ignore (Parameter Object, `name`). */
const IGNORED_HEADER_PARAMETERS: ReadonlySet<string> = new Set(['accept', 'content-type', 'authorization']);

/** The methods Node's HTTP parser reads (llhttp's list): a request with another never reaches a node:http listener. */
const NODE_METHODS: ReadonlySet<string> = new Set(METHODS);
const NODE_CUSTOM_EXAMPLES = ['QUERY', 'PURGE', 'COPY', 'LINK', 'UNLINK'].filter((m) => NODE_METHODS.has(m)).join(', ');

/** RFC 9110's token: the characters a method's name may have. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Why `name` cannot be a key of additionalOperations, or undefined when it can. */
export function customMethodProblem(name: string): string | undefined {
  if (!TOKEN.test(name)) return `"${name}" is not an HTTP method (a method is a token: letters, digits and !#$%&'*+-.^_\`|~)`;
  const fixed = (HTTP_METHODS as readonly string[]).find((m) => m === name.toLowerCase());
  if (fixed !== undefined) return `"${name}" is the fixed field "${fixed}"'s method: write the operation there, not in additionalOperations`;
  return undefined;
}

export function syntheticOperationId(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : '')))
    .map((s) => (s ? (s[0] as string).toUpperCase() + s.slice(1) : s));
  return method + words.join('');
}
