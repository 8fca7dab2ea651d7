/**
 * validators: Ajv standalone code for every named schema (`schemaValidators`) and for each
 * operation's parameters (per location), request bodies and responses (`operationValidators`).
 * The same plan compiles in memory for `specforge mock` and the conformance suite.
 */
import { standaloneModule } from '../src/codegen/ajv-standalone.js';
import type { ContractModel, JsonSchema, OperationModel, ParameterLocation } from '../src/contract/model.js';
import { normalizeSchema } from '../src/contract/model.js';
import { ContractError, type Diagnostic, type ErrorCode, type SourceLocation } from '../src/contract/errors.js';
import { decodeUriText, escapeSegment, getAtPointer, isRecord, joinPointer, parsePointer, setOwn, unescapeSegment } from '../src/contract/pointer.js';
import { documentPointer, findStrictIssues, strictDiagnostics, type StrictIssue, type StrictReport } from '../src/contract/strictness.js';
import { narrowAlternatives } from './alternatives.js';
import { patternVerdict, unicodePattern, UNSAFE_PATTERN_HINT } from '../src/contract/pattern.js';
import { ANNOTATION_KEYWORDS, createAjv, DEFAULT_STRICT, formats, RULE_KEYWORD, type StrictLevel, type ValidateFunction } from '../src/runtime/ajv.js';
import { jsonData, jsonLiteral, propertyKey } from '../src/codegen/escape.js';
import { runtimeEntry, type GeneratedFile, type GeneratorContext } from './context.js';


const ROOT_ID = 'specforge:contract';
const LOCATIONS: ParameterLocation[] = ['path', 'query', 'header', 'cookie'];

export interface OperationValidatorKeys {
  path?: string;
  query?: string;
  header?: string;
  cookie?: string;
  body?: Record<string, string>;
  responses: Record<string, Record<string, string>>;
  responseHeaders?: Record<string, string>;
}

export interface ValidatorPlan {
  root: { $id: string; $defs: Record<string, JsonSchema> };
  /** Export name to the $defs key it validates. */
  exports: Map<string, string>;
  schemaExports: Array<[name: string, exportName: string]>;
  operationExports: Array<[operationId: string, keys: OperationValidatorKeys]>;
  warnings: Diagnostic[];
  /** What Ajv's strict mode would refuse, at the contract's own pointers (reported per strict level). */
  strictness: StrictIssue[];
  /** The document pointer of each $defs key that is not one itself (operation schemas). */
  defPointers: Map<string, string>;
}

const COMPARE_KEYWORDS: Record<string, string> = { '>': 'exclusiveMinimum', '>=': 'minimum', '<': 'exclusiveMaximum', '<=': 'maximum' };

const RULE_SHAPES = 'an x-specforge-rules entry needs compare: [field, >|>=|<|<=, field], difference: [field, field] with min and/or max, or refersTo: field with in: and key:';

function isStringList(v: unknown, length?: number): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string') && (length === undefined || v.length === length);
}

function isValueLists(v: unknown): v is Record<string, unknown[]> {
  return isRecord(v) && Object.values(v).every(Array.isArray);
}

/**
 * `x-specforge-rules` as JSON Schema. A compare rule becomes Ajv's $data references:
 * `{ compare: [L, '>', R], unless: { L: [-1] } }` holds when both are present and L is not one of
 * the `unless` values. Difference and refersTo rules become the `specforgeRule` keyword, checked at
 * run time by `checkRule` (src/runtime/rules.ts).
 */
function compileRules(raw: unknown, at: string, model: ContractModel): JsonSchema[] {
  if (!Array.isArray(raw)) throw ContractError.single('SPECFORGE_EXTENSION', 'x-specforge-rules must be a list', model.loaded.locate(at));
  return raw.map((rule, i) => {
    const where = `${at}/x-specforge-rules/${i}`;
    const fail = (message: string): ContractError => ContractError.single('SPECFORGE_EXTENSION', message, model.loaded.locate(where));
    if (!isRecord(rule)) throw fail(RULE_SHAPES);
    if (rule['compare'] !== undefined) return compareRule(rule, fail);
    const common: Record<string, unknown> = { message: typeof rule['message'] === 'string' ? rule['message'] : 'breaks a rule of the contract' };
    for (const key of ['when', 'where', 'whereNot'] as const) {
      if (rule[key] === undefined) continue;
      if (!isValueLists(rule[key])) throw fail(`x-specforge-rules ${key} must map field names to lists of values`);
      common[key] = rule[key];
    }
    if (rule['defaults'] !== undefined) {
      if (!isRecord(rule['defaults'])) throw fail('x-specforge-rules defaults must map field names to values');
      common['defaults'] = rule['defaults'];
    }
    if (rule['difference'] !== undefined) {
      const bounds = ['min', 'max'].filter((k) => rule[k] !== undefined);
      if (!isStringList(rule['difference'], 2) || bounds.length === 0 || bounds.some((k) => !Number.isInteger(rule[k]))) throw fail(RULE_SHAPES);
      const out: Record<string, unknown> = { difference: rule['difference'], ...common };
      for (const k of bounds) out[k] = rule[k];
      return { [RULE_KEYWORD]: out };
    }
    if (typeof rule['refersTo'] === 'string' && typeof rule['in'] === 'string' && typeof rule['key'] === 'string') {
      const out: Record<string, unknown> = { refersTo: rule['refersTo'], in: rule['in'], key: rule['key'], ...common };
      if (rule['ignoreCase'] === true) out['ignoreCase'] = true;
      return { [RULE_KEYWORD]: out };
    }
    throw fail(RULE_SHAPES);
  });
}

function compareRule(rule: Record<string, unknown>, fail: (message: string) => ContractError): JsonSchema {
  const compare = rule['compare'];
  if (!Array.isArray(compare) || compare.length !== 3 || typeof compare[0] !== 'string' || typeof compare[2] !== 'string' || !(String(compare[1]) in COMPARE_KEYWORDS)) {
    throw fail(RULE_SHAPES);
  }
  const [left, op, right] = compare as [string, string, string];
  const unless = isRecord(rule['unless']) && Array.isArray(rule['unless'][left]) ? (rule['unless'][left] as unknown[]) : [];
  const condition: Record<string, unknown> = { type: 'object', required: [left, right] };
  if (unless.length > 0) condition['properties'] = { [left]: { not: { enum: unless } } };
  const keyword = COMPARE_KEYWORDS[op] as string;
  return {
    if: condition,
    then: { type: 'object', properties: { [left]: { type: 'number', [keyword]: { $data: `1/${escapeSegment(right)}` } } } },
  };
}

/** Keywords with no validation meaning: dropped so generated code stays small. */
const DROPPED = new Set<string>([...ANNOTATION_KEYWORDS, 'description', 'title', 'examples', 'default', 'deprecated', '$comment', 'readOnly', 'writeOnly']);

const FRAGMENT_UNSAFE = /[^A-Za-z0-9._~!$&'()*+,;=:@/-]/g;

function defRef(key: string): string {
  return `#/$defs/${escapeSegment(key).replace(FRAGMENT_UNSAFE, (c) => encodeURIComponent(c))}`;
}

class PlanBuilder {
  readonly defs: Record<string, JsonSchema> = {};
  readonly warnings: Diagnostic[] = [];
  /** Patterns refused (SPECFORGE_UNSAFE_PATTERN), thrown together once the plan is complete. */
  readonly refused: Diagnostic[] = [];
  /** Document pointers of $defs keys that are not pointers, and of nodes the plan moves (parameter schemas). */
  readonly defPointers = new Map<string, string>();
  readonly nodePointers = new WeakMap<object, string>();
  /** Document pointers of source schemas that `add` receives inside another (parameter schemas in a location's schema). */
  readonly sourcePointers = new WeakMap<object, string>();
  private readonly unknownFormats = new Set<string>();
  constructor(readonly model: ContractModel) {}

  /** The strict-mode findings of every schema planned so far. */
  strictness(): StrictIssue[] {
    return findStrictIssues(
      Object.entries(this.defs).map(([key, schema]) => ({ schema, pointer: this.defPointers.get(key) ?? key })),
      (node) => this.nodePointers.get(node),
    );
  }

  /** Copies a normalized schema for Ajv: OpenAPI annotations and extensions dropped, $refs pointed into $defs. */
  prepare(schema: JsonSchema, at: string): JsonSchema {
    if (typeof schema === 'boolean') return schema;
    if (!isRecord(schema)) return {};
    at = this.sourcePointers.get(schema) ?? at;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(schema)) {
      if (k === 'x-specforge-rules') {
        const rules = compileRules(v, at, this.model);
        if (rules.length > 0) out['allOf'] = [...(Array.isArray(out['allOf']) ? (out['allOf'] as unknown[]) : []), ...rules];
        continue;
      }
      if (k.startsWith('x-') || DROPPED.has(k)) continue;
      if (k === '$ref' && typeof v === 'string') {
        out[k] = this.refTo(v, at);
      } else if (k === 'format' && typeof v === 'string' && !(v in formats)) {
        if (!this.unknownFormats.has(v)) {
          this.unknownFormats.add(v);
          this.warnings.push({
            code: 'SPECFORGE_UNSUPPORTED_FEATURE',
            severity: 'warning',
            message: `format "${v}" is not known to the validators; values are not checked against it`,
            location: this.model.loaded.locate(at),
          });
        }
      } else if (k === 'pattern' && typeof v === 'string') {
        const pattern = this.pattern(v, `${at}/pattern`);
        if (pattern !== undefined) out[k] = pattern;
      } else if (k === 'pattern') {
        // Ajv's $data reference: a regular expression taken from the value being validated.
        this.refuse('pattern is not a string: a regular expression taken from the data ($data) could be made to backtrack for ever', `${at}/pattern`);
      } else if (['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'].includes(k) && isRecord(v)) {
        const m: Record<string, unknown> = {};
        for (const [name, sub] of Object.entries(v)) {
          const key = k === 'patternProperties' ? this.pattern(name, `${at}/${k}/${escapeSegment(name)}`) : name;
          if (key !== undefined) setOwn(m, key, this.prepare(sub as JsonSchema, `${at}/${k}/${escapeSegment(name)}`));
        }
        out[k] = m;
      } else if (['allOf', 'anyOf', 'oneOf', 'prefixItems'].includes(k) && Array.isArray(v)) {
        out[k] = v.map((sub, i) => this.prepare(sub as JsonSchema, `${at}/${k}/${i}`));
      } else if (
        ['items', 'additionalProperties', 'additionalItems', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties'].includes(k) &&
        (isRecord(v) || typeof v === 'boolean')
      ) {
        out[k] = this.prepare(v as JsonSchema, `${at}/${k}`);
      } else {
        setOwn(out, k, v);
      }
    }
    return narrowAlternatives(out, schema, this.sourceSchema);
  }

  private readonly sourceSchemas = new Map<string, JsonSchema | undefined>();
  /** The normalized schema a source `$ref` points at (for reading variants; cached). */
  private readonly sourceSchema = (ref: string): JsonSchema | undefined => {
    if (!this.sourceSchemas.has(ref)) {
      const pointer = ref.startsWith('#') ? decodeUriText(ref.slice(1)) : undefined;
      const found = pointer === undefined ? undefined : getAtPointer(this.model.document, pointer);
      this.sourceSchemas.set(ref, found?.found ? normalizeSchema(found.value, this.model.version) : undefined);
    }
    return this.sourceSchemas.get(ref);
  };

  /**
   * A regular expression as the validators compile it (Unicode mode): needless escapes dropped with a
   * warning; one that still does not compile is left unchecked with a warning (undefined).
   */
  pattern(source: string, at: string): string | undefined {
    const result = unicodePattern(source);
    if (result !== undefined) {
      const refused = patternVerdict(result.pattern).refused;
      if (refused !== undefined) this.refuse(`pattern ${JSON.stringify(source)} is refused: ${refused}`, at);
    }
    if (result?.changed === false) return result.pattern;
    this.warnings.push({
      code: 'SPECFORGE_UNSUPPORTED_FEATURE',
      severity: 'warning',
      message: result
        ? `pattern ${JSON.stringify(source)} escapes characters that need no escape, which Unicode regular expressions refuse; checked as ${JSON.stringify(result.pattern)}`
        : `pattern ${JSON.stringify(source)} is not a valid regular expression; values are not checked against it`,
      location: this.model.loaded.locate(at),
    });
    return result?.pattern;
  }

  /** Records a refused pattern, located at `at` (a pointer into the contract). */
  refuse(message: string, at: string): void {
    const d: Diagnostic = { code: 'SPECFORGE_UNSAFE_PATTERN', severity: 'error', message, hint: UNSAFE_PATTERN_HINT };
    const location = this.model.loaded.locate(documentPointer(this.model.document, at));
    if (location) d.location = location;
    this.refused.push(d);
  }

  /** Throws the refused patterns, if any. */
  throwRefused(): void {
    if (this.refused.length > 0) throw new ContractError(this.refused);
  }

  /** Registers the target of an internal $ref in $defs and returns the rewritten reference. */
  refTo(ref: string, at: string): string {
    if (!ref.startsWith('#')) {
      throw ContractError.single('SPECFORGE_REF_INVALID', `schema $ref "${ref}" is not internal after bundling`, this.model.loaded.locate(at));
    }
    const pointer = decodeURIComponent(ref.slice(1));
    if (!(pointer in this.defs)) {
      const found = getAtPointer(this.model.document, pointer);
      if (!found.found) {
        throw ContractError.single('SPECFORGE_REF_NOT_FOUND', `$ref "${ref}" points at nothing`, this.model.loaded.locate(at + '/$ref'));
      }
      this.defs[pointer] = true; // placeholder while walking (recursive schemas)
      this.defs[pointer] = this.prepare(normalizeSchema(found.value, this.model.version), pointer);
    }
    return defRef(pointer);
  }

  private readonly byContent = new Map<string, string>();

  /**
   * Adds an operation-level schema and returns the $defs key that validates it. A bare $ref reuses
   * its target, and identical schemas share one entry, so each distinct schema is compiled once.
   */
  add(key: string, schema: JsonSchema, at: string): string {
    const prepared = this.prepare(schema, at);
    if (isRecord(prepared) && typeof prepared['$ref'] === 'string' && Object.keys(prepared).length === 1) {
      const target = decodeURIComponent(prepared['$ref'].replace(/^#\/\$defs\//, ''));
      return unescapeSegment(target);
    }
    const content = JSON.stringify(prepared);
    const existing = this.byContent.get(content);
    if (existing !== undefined) return existing;
    this.byContent.set(content, key);
    this.defs[key] = prepared;
    this.defPointers.set(key, at);
    return key;
  }

  /** Points the parameter schemas inside a location's schema (`add`ed as `key`) at the parameters. */
  pointParameters(key: string, op: OperationModel, where: ParameterLocation): void {
    const properties = isRecord(this.defs[key]) ? this.defs[key]['properties'] : undefined;
    if (!isRecord(properties)) return;
    for (const p of op.parameters) {
      if (p.in !== where) continue;
      const node = properties[where === 'header' ? p.name.toLowerCase() : p.name];
      if (isRecord(node) && !this.nodePointers.has(node)) this.nodePointers.set(node, parameterSchemaPointer(p));
    }
  }
}

/** Where a parameter's schema is in the document. */
function parameterSchemaPointer(p: OperationModel['parameters'][number]): string {
  return p.contentType === undefined ? joinPointer(p.pointer, 'schema') : joinPointer(p.pointer, 'content', p.contentType, 'schema');
}

function locationSchema(op: OperationModel, where: ParameterLocation): JsonSchema | undefined {
  const params = op.parameters.filter((p) => p.in === where);
  if (params.length === 0) return undefined;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const p of params) {
    const name = where === 'header' ? p.name.toLowerCase() : p.name;
    const decoded = isRecord(p.schema) ? p.schema['x-specforge-base64-json'] : undefined;
    setOwn(properties, name, typeof decoded === 'string' ? { $ref: decoded } : p.schema);
    if (p.required) required.push(name);
  }
  const schema: Record<string, unknown> = { type: 'object', properties };
  if (required.length > 0) schema['required'] = required;
  return schema;
}

/** Plans every validator of a contract: one Ajv root schema with $defs, and export names. */
export function planValidators(model: ContractModel): ValidatorPlan {
  const b = new PlanBuilder(model);
  const exports = new Map<string, string>();
  const schemaExports: Array<[string, string]> = [];
  model.schemas.forEach((s, i) => {
    b.refTo(`#${s.pointer.replace(FRAGMENT_UNSAFE, (c) => encodeURIComponent(c))}`, s.pointer);
    const exportName = `s${i}`;
    exports.set(exportName, s.pointer);
    schemaExports.push([s.name, exportName]);
  });
  const operationExports: Array<[string, OperationValidatorKeys]> = [];
  model.operations.forEach((op, i) => {
    const keys: OperationValidatorKeys = { responses: {} };
    for (const where of LOCATIONS) {
      const schema = locationSchema(op, where);
      if (!schema) continue;
      const exportName = `o${i}_${where}`;
      for (const p of op.parameters) {
        if (p.in === where && isRecord(p.schema)) b.sourcePointers.set(p.schema, parameterSchemaPointer(p));
      }
      const key = b.add(`op:${op.id}:${where}`, schema, op.pointer);
      b.pointParameters(key, op, where);
      exports.set(exportName, key);
      keys[where] = exportName;
    }
    op.requestBody?.content.forEach((mt, j) => {
      if (mt.schema === undefined) return;
      const exportName = `o${i}_body${j}`;
      exports.set(exportName, b.add(`op:${op.id}:body:${mt.type}`, mt.schema, `${mt.pointer}/schema`));
      (keys.body ??= {})[mt.type] = exportName;
    });
    op.responses.forEach((r, j) => {
      r.content.forEach((mt, k) => {
        if (mt.schema === undefined) return;
        const exportName = `o${i}_r${j}_${k}`;
        exports.set(exportName, b.add(`op:${op.id}:response:${r.status}:${mt.type}`, mt.schema, `${mt.pointer}/schema`));
        (keys.responses[r.status] ??= {})[mt.type] = exportName;
      });
    });
    operationExports.push([op.id, keys]);
  });
  if (model.errorBody) {
    exports.set('errorBody', b.add('specforge:error-body', model.errorBody.schema, '/x-specforge-error/schema'));
  }
  b.throwRefused();
  return { root: { $id: ROOT_ID, $defs: b.defs }, exports, schemaExports, operationExports, warnings: b.warnings, strictness: b.strictness(), defPointers: b.defPointers };
}

/** The plan's strict-mode findings at the contract's locations: errors at the given level, and warnings. */
export function strictReport(model: ContractModel, plan: Pick<ValidatorPlan, 'strictness'>, strict: StrictLevel): StrictReport {
  return strictDiagnostics(plan.strictness, model.loaded, strict);
}

/** Throws the findings the strict level refuses; returns the warnings. */
function enforceStrictness(model: ContractModel, plan: Pick<ValidatorPlan, 'strictness'>, strict: StrictLevel): Diagnostic[] {
  const { errors, warnings } = strictReport(model, plan, strict);
  if (errors.length > 0) throw new ContractError(errors);
  return warnings;
}

/**
 * Where an Ajv compile error points, in the contract: Ajv names the schema by its path under the
 * validators' root ("specforge:contract#/$defs/<key>/…", or "#/…" relative to a $defs entry, or
 * "data/$defs/<key>/…" for a schema its meta-schema refuses).
 */
function ajvLocation(model: ContractModel, plan: Pick<ValidatorPlan, 'root' | 'defPointers'>, message: string): SourceLocation | undefined {
  const match = /at "specforge:contract#([^"]*)"/.exec(message) ?? /\bdata(\/\$defs\/[^\s,]*)/.exec(message);
  if (!match) return undefined;
  let segments: string[];
  try {
    segments = parsePointer(decodeURIComponent(match[1] ?? ''));
  } catch {
    return undefined;
  }
  let pointer: string | undefined;
  if (segments[0] === '$defs' && segments[1] !== undefined) {
    pointer = joinPointer(plan.defPointers.get(segments[1]) ?? segments[1], ...segments.slice(2));
  } else {
    // Relative to the $defs entry Ajv compiled: the one entry that has this path, if only one does.
    const rel = joinPointer('', ...segments);
    const owners = Object.keys(plan.root.$defs).filter((key) => getAtPointer(plan.root.$defs[key], rel).found);
    if (owners.length === 1) pointer = joinPointer(plan.defPointers.get(owners[0] as string) ?? (owners[0] as string), ...segments);
  }
  if (pointer === undefined || !pointer.startsWith('/')) return undefined;
  return model.loaded.locate(documentPointer(model.document, pointer));
}

function compileError(model: ContractModel, err: unknown, plan?: Pick<ValidatorPlan, 'root' | 'defPointers'>): ContractError {
  const message = err instanceof Error ? err.message : String(err);
  const code: ErrorCode = message.startsWith('strict mode:') ? 'SPECFORGE_STRICT_SCHEMA' : 'SPECFORGE_UNSUPPORTED_FEATURE';
  const location = (plan && ajvLocation(model, plan, message)) ?? { file: model.specPath };
  return ContractError.single(code, `a schema cannot be compiled into a validator: ${message}`, location);
}

/**
 * What compileStandalone rewrites in Ajv's output, in one pass over megabytes of code. Standalone
 * code is CommonJS-flavoured even in ESM mode: its requires are routed to specforge/runtime's
 * imports. Ajv escapes U+2028/U+2029 in the strings it prints but not `</script`: that is escaped as
 * escape.ts does (the same value in a string or a regular expression).
 */
const STANDALONE_REWRITE = /require\("(specforge\/runtime\/formats|specforge\/runtime\/rules|specforge\/runtime\/pattern|ajv\/dist\/runtime\/[a-z_0-9]+)"\)(?:\.compilePattern)?|<\/(?=[Ss][Cc][Rr][Ii][Pp][Tt])/g;

function rewriteStandalone(_match: string, module: string | undefined): string {
  if (module === undefined) return '<\\/';
  if (module === 'specforge/runtime/pattern') return '__compilePattern';
  if (module === 'specforge/runtime/formats') return '__formats';
  if (module === 'specforge/runtime/rules') return '__rules';
  return `__ajvRuntime[${jsonLiteral(module.slice('ajv/dist/runtime/'.length))}]`;
}

/** Compiles the named exports ($defs keys) of `root` into standalone ESM code without imports. */
export function compileStandalone(root: ValidatorPlan['root'], exportKeys: ReadonlyArray<readonly [string, string]>, strict: StrictLevel): string {
  const ajv = createAjv({ strict, source: true, sourceOnlyRoot: ROOT_ID });
  const refs: Record<string, string> = {};
  for (const [name, key] of exportKeys) refs[name] = `${ROOT_ID}${defRef(key)}`;
  ajv.addSchema(root);
  const code = standaloneModule(ajv, refs).replace(STANDALONE_REWRITE, rewriteStandalone);
  // A require left in code (not in a string: every quote inside Ajv's JSON string literals is
  // escaped, so `require("` cannot occur in one) names a module the rewrite does not know.
  if (/(?<![\w$.])require\("/.test(code)) throw new Error('unexpected require() in standalone code');
  return code;
}

/** The runtime import of a validators file; `rules` only where a cross-field rule uses it, `compilePattern` only where a pattern does. */
const RUNTIME_IMPORT = (from: string, code = ''): string =>
  `import { formats as __formats, ajvRuntime as __ajvRuntime${/= __rules\.(?:checkRule|closestAlternatives);/.test(code) ? ', rules as __rules' : ''}${/= __compilePattern;/.test(code) ? ', compilePattern as __compilePattern' : ''} } from ${jsonLiteral(from)};`;

/** The three exported tables; typed with the interfaces of validatorDeclarations in a TypeScript module. */
function tablesSource(plan: ValidatorPlan, typed: boolean): string {
  const lines: string[] = [];
  lines.push('');
  lines.push('/** Validators for each named schema of the contract, keyed by component schema name. */');
  lines.push(`export const schemaValidators${typed ? ': SchemaValidators' : ''} = {`);
  for (const [name, exportName] of plan.schemaExports) lines.push(`  ${propertyKey(name)}: ${exportName},`);
  lines.push('};');
  lines.push('');
  lines.push('/** Validators for each operation: parameters by location, request bodies and responses by status and media type. */');
  lines.push(`export const operationValidators${typed ? ': OperationValidators' : ''} = {`);
  for (const [id, keys] of plan.operationExports) {
    lines.push(`  ${propertyKey(id)}: {`);
    for (const where of LOCATIONS) if (keys[where]) lines.push(`    ${where}: ${keys[where]},`);
    if (keys.body) {
      lines.push('    body: {');
      for (const [type, exportName] of Object.entries(keys.body)) lines.push(`      ${propertyKey(type)}: ${exportName},`);
      lines.push('    },');
    }
    lines.push('    responses: {');
    for (const [status, byType] of Object.entries(keys.responses)) {
      lines.push(`      ${propertyKey(status)}: {`);
      for (const [type, exportName] of Object.entries(byType)) lines.push(`        ${propertyKey(type)}: ${exportName},`);
      lines.push('      },');
    }
    lines.push('    },');
    lines.push('  },');
  }
  lines.push('};');
  lines.push('');
  lines.push(`/** Validator of the interface's error body. */`);
  lines.push(`export const errorBodyValidator${typed ? ': ErrorBodyValidator' : ''} = ${plan.exports.has('errorBody') ? 'errorBody' : 'undefined'};`);
  return lines.join('\n') + '\n';
}

/** Compiles a group of exports to standalone code; the pipeline passes one that runs in a worker for large contracts. */
export type ValidatorCompiler = (job: CompileJob, strict: StrictLevel) => Promise<string>;

/** The exports to compile and the part of the plan's root they reach. */
export interface CompileJob {
  root: ValidatorPlan['root'];
  group: Array<[string, string]>;
}

export const compileInline: ValidatorCompiler = async (job, strict) => compileStandalone(job.root, job.group, strict);

/**
 * The part of the root a group of exports reaches: Ajv resolves and checks every schema of the root
 * it is given against the meta-schema, so the compiler is handed only what it compiles, not the
 * schemas that are deferred.
 */
export function compileJob(root: ValidatorPlan['root'], group: Array<[string, string]>): CompileJob {
  const keys = reachableKeys(root, group.map(([, key]) => key));
  const $defs: Record<string, JsonSchema> = {};
  for (const key of Object.keys(root.$defs)) if (keys.has(key)) $defs[key] = root.$defs[key] as JsonSchema;
  return { root: { $id: root.$id, $defs }, group };
}

/** Contracts with at least this many distinct schemas compile their validators on first use (ctx.deferUnused 'auto'). */
export const DEFER_THRESHOLD = 400;

function refKeysIn(node: unknown, out: Set<string>): void {
  if (Array.isArray(node)) {
    for (const n of node) refKeysIn(n, out);
  } else if (isRecord(node)) {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) {
        out.add(unescapeSegment(decodeURIComponent(v.slice('#/$defs/'.length))));
      } else refKeysIn(v, out);
    }
  }
}

/** The $defs keys reachable from `start` through $refs. */
export function reachableKeys(root: ValidatorPlan['root'], start: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const stack = [...start];
  while (stack.length > 0) {
    const key = stack.pop() as string;
    if (seen.has(key)) continue;
    seen.add(key);
    const refs = new Set<string>();
    refKeysIn(root.$defs[key], refs);
    for (const r of refs) if (!seen.has(r)) stack.push(r);
  }
  return seen;
}

/**
 * Splits exports into those compiled ahead of time and those deferred: ahead, what validates a
 * request (parameters, bodies) and the error body, which every request may need; deferred, the
 * rest (responses, response headers, schemas no request reaches), which a server needs only to
 * check its own answers (validateResponses, mocks). In a contract of GitHub's size responses are
 * most of the code, and standalone code is parsed by every build of the generated files.
 */
export function splitDeferred(plan: ValidatorPlan, defer: boolean): { ahead: Array<[string, string]>; deferred: Array<[string, string]> } {
  const all = [...plan.exports];
  if (!defer) return { ahead: all, deferred: [] };
  const requestSide: string[] = [];
  for (const [, keys] of plan.operationExports) {
    for (const where of LOCATIONS) if (keys[where]) requestSide.push(keys[where]);
    if (keys.body) requestSide.push(...Object.values(keys.body));
  }
  if (plan.exports.has('errorBody')) requestSide.push('errorBody');
  const used = reachableKeys(
    plan.root,
    requestSide.map((name) => plan.exports.get(name)).filter((key): key is string => key !== undefined),
  );
  return { ahead: all.filter(([, key]) => used.has(key)), deferred: all.filter(([, key]) => !used.has(key)) };
}

function deferredSource(plan: ValidatorPlan, deferred: Array<[string, string]>, strict: StrictLevel, runtimeImport: string): string {
  if (deferred.length === 0) return '';
  const keys = reachableKeys(plan.root, deferred.map(([, key]) => key));
  const $defs: Record<string, JsonSchema> = {};
  for (const key of [...keys].sort()) $defs[key] = plan.root.$defs[key] as JsonSchema;
  const lines = [
    `import { deferredValidators as __deferredValidators } from ${jsonLiteral(`${runtimeImport}/compile`)};`,
    '/** Responses and schemas no request reaches, compiled on first use with the same settings (the schemas are data). */',
    `const __defer = __deferredValidators(${jsonData({ $id: ROOT_ID, $defs }, 0)}, ${jsonLiteral(strict)});`,
    ...deferred.map(([name, key]) => `const ${name} = __defer(${jsonLiteral(`${ROOT_ID}${defRef(key)}`)});`),
  ];
  return lines.join('\n') + '\n';
}

/**
 * The generated validator files: validators.ts (and validators.js for a command line). One module on every machine
 * (the output must not depend on how many cores generated it): a large contract's validators
 * compile in one worker, beside the types' worker and the main thread.
 */
export async function validatorFiles(model: ContractModel, plan: ValidatorPlan, ctx: GeneratorContext, compile: ValidatorCompiler = compileInline): Promise<GeneratedFile[]> {
  ctx.warnings.push(...enforceStrictness(model, plan, ctx.strict));
  const size = Object.keys(plan.root.$defs).length;
  const mode = ctx.deferUnused === 'auto' ? (size >= DEFER_THRESHOLD ? 'all' : false) : ctx.deferUnused;
  const { ahead, deferred } = mode === 'all' ? { ahead: [], deferred: [...plan.exports] } : splitDeferred(plan, mode);
  let code: string;
  try {
    code = ahead.length === 0 ? '' : await compile(compileJob(plan.root, ahead), ctx.strict);
  } catch (err) {
    throw compileError(model, err, plan);
  }
  const header = ctx.header('//');
  const lazy = deferredSource(plan, deferred, ctx.strict, ctx.runtimeImport);
  const runtime = runtimeEntry(ctx, 'validators');
  const files: GeneratedFile[] = [
    {
      path: 'validators.ts',
      content:
        `${header}${TS_NOCHECK}\n${code === '' ? '' : `${RUNTIME_IMPORT(runtime, code)}\n`}import type { ValidateFunction } from ${jsonLiteral(runtime)};\n\n` +
        `${validatorDeclarations(plan)}\n${lazy}${code}${tablesSource(plan, true)}`,
    },
  ];
  // A command line also runs as plain JavaScript (its launcher runs cli.js with node).
  if (model.cli !== undefined) files.push({ path: 'validators.js', content: `${header}${code === '' ? '' : `${RUNTIME_IMPORT(runtime, code)}\n`}${lazy}${code}${tablesSource(plan, false)}` });
  return files;
}

/**
 * Standalone code is JavaScript that Ajv wrote: the TypeScript module declares its exports' types
 * and asks the compiler not to check the code, so it builds in any setup (tsc to ES modules or
 * CommonJS, tsx, bundlers) without a .js file to copy.
 */
const TS_NOCHECK = '// @ts-nocheck: standalone validator code compiled by Ajv; the exports are typed by the types below.';

/** The types of the exported tables (`ValidateFunction` imported by the caller). */
export function validatorDeclarations(plan: ValidatorPlan): string {
  const lines: string[] = [];
  lines.push('/** The validators of each named schema. */');
  lines.push('export type SchemaValidators = {');
  for (const [name] of plan.schemaExports) lines.push(`  readonly ${propertyKey(name)}: ValidateFunction;`);
  lines.push('};');
  lines.push('');
  lines.push('/** The validators of each operation. */');
  lines.push('export type OperationValidators = {');
  for (const [id, keys] of plan.operationExports) {
    lines.push(`  readonly ${propertyKey(id)}: {`);
    for (const where of LOCATIONS) if (keys[where]) lines.push(`    readonly ${where}: ValidateFunction;`);
    if (keys.body) {
      lines.push('    readonly body: {');
      for (const type of Object.keys(keys.body)) lines.push(`      readonly ${propertyKey(type)}: ValidateFunction;`);
      lines.push('    };');
    }
    lines.push('    readonly responses: {');
    for (const [status, byType] of Object.entries(keys.responses)) {
      lines.push(`      readonly ${propertyKey(status)}: {`);
      for (const type of Object.keys(byType)) lines.push(`        readonly ${propertyKey(type)}: ValidateFunction;`);
      lines.push('      };');
    }
    lines.push('    };');
    lines.push('  };');
  }
  lines.push('};');
  lines.push('');
  lines.push(`export type ErrorBodyValidator = ${plan.exports.has('errorBody') ? 'ValidateFunction' : 'undefined'};`);
  return lines.join('\n') + '\n';
}

/** The validators compiled in memory, in the shape of the generated module. */
export interface CompiledValidators {
  schemaValidators: Record<string, ValidateFunction>;
  operationValidators: Record<string, RuntimeOperationValidators>;
  errorBodyValidator?: ValidateFunction;
}

export interface RuntimeOperationValidators {
  path?: ValidateFunction;
  query?: ValidateFunction;
  header?: ValidateFunction;
  cookie?: ValidateFunction;
  body?: Record<string, ValidateFunction>;
  responses: Record<string, Record<string, ValidateFunction>>;
}

/** The validators of a contract compiled in memory; throws the strict-mode findings `strict` refuses. */
export function compileValidators(model: ContractModel, plan: ValidatorPlan = planValidators(model), strict: StrictLevel = DEFAULT_STRICT): CompiledValidators {
  enforceStrictness(model, plan, strict);
  const ajv = createAjv({ strict });
  const get = (exportName: string): ValidateFunction => {
    const key = plan.exports.get(exportName);
    const fn = key === undefined ? undefined : ajv.getSchema(`${ROOT_ID}${defRef(key)}`);
    if (!fn) throw new Error(`no validator ${exportName}`);
    return fn as ValidateFunction;
  };
  try {
    ajv.addSchema(plan.root);
    const out: CompiledValidators = { schemaValidators: {}, operationValidators: {} };
    for (const [name, exportName] of plan.schemaExports) setOwn(out.schemaValidators, name, get(exportName));
    for (const [id, keys] of plan.operationExports) {
      const ov: RuntimeOperationValidators = { responses: {} };
      for (const where of LOCATIONS) {
        const k = keys[where];
        if (k) ov[where] = get(k);
      }
      if (keys.body) {
        ov.body = {};
        for (const [type, k] of Object.entries(keys.body)) ov.body[type] = get(k);
      }
      for (const [status, byType] of Object.entries(keys.responses)) {
        const m: Record<string, ValidateFunction> = {};
        for (const [type, k] of Object.entries(byType)) m[type] = get(k);
        ov.responses[status] = m;
      }
      setOwn(out.operationValidators, id, ov);
    }
    if (plan.exports.has('errorBody')) out.errorBodyValidator = get('errorBody');
    return out;
  } catch (err) {
    if (err instanceof ContractError) throw err;
    throw compileError(model, err, plan);
  }
}

export async function generateValidators(model: ContractModel, ctx: GeneratorContext): Promise<GeneratedFile[]> {
  const plan = planValidators(model);
  ctx.warnings.push(...plan.warnings);
  return validatorFiles(model, plan, ctx);
}

/**
 * Validators for arbitrary schemas of the contract (parameter, header and nested schema examples,
 * which have no generated validator of their own), compiled with the same plan and settings.
 */
export function compileSchemaChecks(model: ContractModel, schemas: ReadonlyArray<{ schema: JsonSchema; pointer: string }>, strict: StrictLevel = DEFAULT_STRICT): ValidateFunction[] {
  const b = new PlanBuilder(model);
  model.schemas.forEach((s) => b.refTo(`#${s.pointer.replace(FRAGMENT_UNSAFE, (c) => encodeURIComponent(c))}`, s.pointer));
  const keys = schemas.map((s, i) => b.add(`check:${i}`, s.schema, s.pointer));
  b.throwRefused();
  const plan = { root: { $id: ROOT_ID, $defs: b.defs }, defPointers: b.defPointers, strictness: strict === false ? [] : b.strictness() };
  enforceStrictness(model, plan, strict);
  const ajv = createAjv({ strict });
  try {
    ajv.addSchema(plan.root);
    return keys.map((key) => {
      const fn = ajv.getSchema(`${ROOT_ID}${defRef(key)}`);
      if (!fn) throw new Error(`no validator for ${key}`);
      return fn as ValidateFunction;
    });
  } catch (err) {
    if (err instanceof ContractError) throw err;
    throw compileError(model, err, plan);
  }
}
