/**
 * The validator plan of a contract: every named schema and each operation's parameters (per
 * location), request bodies and responses as one Ajv root schema with $defs and export names,
 * `x-specforge-rules` compiled into it, and what Ajv's strict mode would refuse. Compiled in memory
 * here (`specforge mock`, `specforge test`, lint's example checks); the validators generator prints
 * the same plan as standalone code.
 */
import type { ContractModel, JsonSchema, OperationModel, ParameterLocation } from '../model.js';
import { normalizeSchema } from '../model.js';
import { ContractError, type Diagnostic, type ErrorCode, type SourceLocation } from '../errors.js';
import { decodeUriText, escapeSegment, getAtPointer, isRecord, joinPointer, parsePointer, setOwn, unescapeSegment } from '../pointer.js';
import { documentPointer, findStrictIssues, strictDiagnostics, type StrictIssue, type StrictReport } from '../strictness.js';
import { narrowAlternatives } from './alternatives.js';
import { identifierPart, shortHash } from '../../codegen/ajv-standalone.js';
import { standard } from '../../runtime/validation/standard.js';
import { patternVerdict, unicodePattern, UNSAFE_PATTERN_HINT } from '../pattern.js';
import { ANNOTATION_KEYWORDS, createAjv, DEFAULT_STRICT, formats, RULE_KEYWORD, type StrictLevel, type ValidateFunction } from '../../runtime/validation/ajv.js';


/** The $id of the plan's root schema. */
export const ROOT_ID = 'specforge:contract';
/** The parameter locations a plan validates, in order. */
export const LOCATIONS: ParameterLocation[] = ['path', 'query', 'header', 'cookie'];

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
 * run time by `checkRule` (src/runtime/validation/rules.ts).
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

/**
 * Which way a value travels. A request leaves out what the server sets (`readOnly`), a response what
 * only the client sends (`writeOnly`): in that direction such a property is not required, even where
 * its object lists it in `required` (OpenAPI 3.x, "readOnly"/"writeOnly"). It is still accepted when
 * present (OpenAPI says it SHOULD NOT be sent, not that it must be refused).
 */
export type Direction = 'request' | 'response';

/** The marker that frees a property from `required` in each direction. */
export const DIRECTION_MARKER: Readonly<Record<Direction, 'readOnly' | 'writeOnly'>> = { request: 'readOnly', response: 'writeOnly' };

/** The $defs key of a schema's variant for one direction (never a pointer: those start with "/"). */
export function directionKey(direction: Direction, pointer: string): string {
  return `${direction}:${pointer}`;
}

/** Keywords whose values are data, not schemas: not walked for markers or references. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'default', 'enum', 'const']);

/** The reference to a $defs key of the plan's root. */
export function defRef(key: string): string {
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
  /** The direction the schema being prepared travels in (undefined: both, as a named schema's validator). */
  private direction: Direction | undefined;
  /** Inline allOf members and the marked property names of the object they belong to. */
  private readonly inheritedMarks: Record<Direction, WeakMap<object, ReadonlySet<string>>> = { request: new WeakMap(), response: new WeakMap() };
  constructor(readonly model: ContractModel) {}

  private readonly sourceByPointer = new Map<string, JsonSchema | undefined>();
  /** The normalized schema at a document pointer (cached). */
  private sourceAt(pointer: string): JsonSchema | undefined {
    if (!this.sourceByPointer.has(pointer)) {
      const found = getAtPointer(this.model.document, pointer);
      this.sourceByPointer.set(pointer, found.found ? normalizeSchema(found.value, this.model.version) : undefined);
    }
    return this.sourceByPointer.get(pointer);
  }

  /** The pointer an internal `$ref` names, if it is one. */
  private static refPointer(ref: unknown): string | undefined {
    if (typeof ref !== 'string' || !ref.startsWith('#')) return undefined;
    const pointer = decodeUriText(ref.slice(1));
    return pointer !== undefined && pointer.startsWith('/') ? pointer : undefined;
  }

  /** Whether a property's schema carries the marker, on itself or along its `$ref` chain (bounded). */
  private carries(schema: unknown, marker: string): boolean {
    let node = schema;
    for (let i = 0; i < 16 && isRecord(node); i++) {
      if (node[marker] === true) return true;
      const pointer = PlanBuilder.refPointer(node['$ref']);
      if (pointer === undefined) return false;
      node = this.sourceAt(pointer);
    }
    return false;
  }

  /** Names of an object schema's properties (its own, and its allOf members') that carry the marker. */
  private markedProperties(node: Record<string, unknown>, marker: string): Set<string> {
    const names = new Set<string>();
    const collect = (schema: unknown, depth: number): void => {
      let s = schema;
      for (let i = 0; i < 16 && isRecord(s) && typeof s['$ref'] === 'string'; i++) {
        const pointer = PlanBuilder.refPointer(s['$ref']);
        s = pointer === undefined ? undefined : this.sourceAt(pointer);
      }
      if (!isRecord(s)) return;
      const properties = s['properties'];
      if (isRecord(properties)) for (const [name, sub] of Object.entries(properties)) if (this.carries(sub, marker)) names.add(name);
      if (depth < 8 && Array.isArray(s['allOf'])) for (const member of s['allOf']) collect(member, depth + 1);
    };
    collect(node, 0);
    return names;
  }

  /** The names `required` lists that a value travelling in `direction` may leave out. */
  private freed(node: Record<string, unknown>, direction: Direction): Set<string> {
    const required = node['required'];
    const freed = new Set<string>();
    if (!Array.isArray(required) || required.length === 0) return freed;
    const marked = this.markedProperties(node, DIRECTION_MARKER[direction]);
    const inherited = this.inheritedMarks[direction].get(node);
    for (const name of required) if (typeof name === 'string' && (marked.has(name) || inherited?.has(name) === true)) freed.add(name);
    return freed;
  }

  /** Passes an object's marked property names on to its inline allOf members (which may list them in `required`). */
  private inherit(node: Record<string, unknown>, direction: Direction): void {
    if (!Array.isArray(node['allOf'])) return;
    const marked = this.markedProperties(node, DIRECTION_MARKER[direction]);
    const inherited = this.inheritedMarks[direction].get(node);
    if (inherited) for (const name of inherited) marked.add(name);
    if (marked.size === 0) return;
    for (const member of node['allOf']) if (isRecord(member) && typeof member['$ref'] !== 'string') this.inheritedMarks[direction].set(member, marked);
  }

  /**
   * Whether a schema differs in `direction`: some object in it, or in a schema it reaches through
   * `$ref`s, requires a property that direction frees. Each schema's own part is looked at once
   * per direction, and the answers follow the references backwards (cycles included).
   */
  private readonly differs = new Map<string, boolean>();
  needsVariant(pointer: string, direction: Direction): boolean {
    const known = this.differs.get(directionKey(direction, pointer));
    if (known !== undefined) return known;
    const own = new Map<string, boolean>();
    const edges = new Map<string, string[]>();
    const stack = [pointer];
    while (stack.length > 0) {
      const p = stack.pop() as string;
      if (own.has(p) || this.differs.has(directionKey(direction, p))) continue;
      const refs: string[] = [];
      own.set(p, this.freesAnywhere(this.sourceAt(p), direction, refs));
      edges.set(p, refs);
      for (const r of refs) stack.push(r);
    }
    const result = new Map<string, boolean>();
    const preds = new Map<string, string[]>();
    const queue: string[] = [];
    for (const [p, refs] of edges) {
      let yes = own.get(p) === true;
      for (const r of refs) {
        if (own.has(r)) {
          const list = preds.get(r);
          if (list) list.push(p);
          else preds.set(r, [p]);
        } else if (this.differs.get(directionKey(direction, r)) === true) yes = true;
      }
      result.set(p, yes);
      if (yes) queue.push(p);
    }
    while (queue.length > 0) {
      const p = queue.pop() as string;
      for (const q of preds.get(p) ?? []) {
        if (result.get(q) !== true) {
          result.set(q, true);
          queue.push(q);
        }
      }
    }
    for (const [p, yes] of result) this.differs.set(directionKey(direction, p), yes);
    return result.get(pointer) === true;
  }

  /** Whether any object within `schema` (not following `$ref`s, which are collected) requires a freed property. */
  private freesAnywhere(schema: unknown, direction: Direction, refs: string[]): boolean {
    let found = false;
    const walk = (node: unknown, depth: number): void => {
      if (depth > 256) return;
      if (Array.isArray(node)) {
        for (const item of node) walk(item, depth + 1);
        return;
      }
      if (!isRecord(node)) return;
      const pointer = PlanBuilder.refPointer(node['$ref']);
      if (pointer !== undefined) refs.push(pointer);
      if (!found) {
        this.inherit(node, direction);
        if (this.freed(node, direction).size > 0) found = true;
      }
      for (const [k, v] of Object.entries(node)) if (!DATA_KEYWORDS.has(k) && !k.startsWith('x-') && typeof v === 'object' && v !== null) walk(v, depth + 1);
    };
    walk(schema, 0);
    return found;
  }

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
    const direction = this.direction;
    if (direction !== undefined) this.inherit(schema, direction);
    const freed = direction === undefined ? undefined : this.freed(schema, direction);
    for (const [k, v] of Object.entries(schema)) {
      if (k === 'required' && freed !== undefined && freed.size > 0 && Array.isArray(v)) {
        const kept = v.filter((name) => !(typeof name === 'string' && freed.has(name)));
        if (kept.length > 0) out[k] = kept;
        continue;
      }
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
    const found = getAtPointer(this.model.document, pointer);
    if (!found.found) {
      throw ContractError.single('SPECFORGE_REF_NOT_FOUND', `$ref "${ref}" points at nothing`, this.model.loaded.locate(at + '/$ref'));
    }
    // A schema that differs in the direction being prepared gets its own variant ("request:<pointer>");
    // the others are one schema for both directions.
    const direction = this.direction !== undefined && this.needsVariant(pointer, this.direction) ? this.direction : undefined;
    const key = direction === undefined ? pointer : directionKey(direction, pointer);
    if (!(key in this.defs)) {
      const outer = this.direction;
      this.direction = direction;
      try {
        this.defs[key] = true; // placeholder while walking (recursive schemas)
        if (direction !== undefined) this.defPointers.set(key, pointer);
        this.defs[key] = this.prepare(normalizeSchema(found.value, this.model.version), pointer);
      } finally {
        this.direction = outer;
      }
    }
    return defRef(key);
  }

  private readonly byContent = new Map<string, string>();

  /**
   * Adds an operation-level schema and returns the $defs key that validates it. A bare $ref reuses
   * its target, and identical schemas share one entry, so each distinct schema is compiled once.
   */
  add(kind: string, schema: JsonSchema, at: string, direction?: Direction): string {
    let key: string;
    const outer = this.direction;
    this.direction = direction;
    let prepared: JsonSchema;
    try {
      prepared = this.prepare(schema, at);
    } finally {
      this.direction = outer;
    }
    if (isRecord(prepared) && typeof prepared['$ref'] === 'string' && Object.keys(prepared).length === 1) {
      const target = decodeURIComponent(prepared['$ref'].replace(/^#\/\$defs\//, ''));
      return unescapeSegment(target);
    }
    // Keyed by content, not by the first operation that has it: what an operation's validators are
    // called does not depend on the other operations.
    const content = JSON.stringify(prepared);
    const existing = this.byContent.get(content);
    if (existing !== undefined) return existing;
    key = `${kind}:${shortHash(content, 16)}`;
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
  // Export names come from the schema's name or the operation's id, status and media type, never
  // from positions: one operation more or less leaves the others' code as it was. (Ajv's own names
  // have no "$" in them.)
  const exportName = (name: string): string => {
    let unique = name;
    for (let i = 2; exports.has(unique); i++) unique = `${name}_${i}`;
    return unique;
  };
  const schemaExports: Array<[string, string]> = [];
  for (const s of model.schemas) {
    b.refTo(`#${s.pointer.replace(FRAGMENT_UNSAFE, (c) => encodeURIComponent(c))}`, s.pointer);
    const name = exportName(`schema$${identifierPart(s.name, 60, false)}`);
    exports.set(name, s.pointer);
    schemaExports.push([s.name, name]);
  }
  const operationExports: Array<[string, OperationValidatorKeys]> = [];
  for (const op of model.operations) {
    const keys: OperationValidatorKeys = { responses: {} };
    const opName = `op$${identifierPart(op.id, 60, false)}`;
    for (const where of LOCATIONS) {
      const schema = locationSchema(op, where);
      if (!schema) continue;
      const name = exportName(`${opName}_${where}`);
      for (const p of op.parameters) {
        if (p.in === where && isRecord(p.schema)) b.sourcePointers.set(p.schema, parameterSchemaPointer(p));
      }
      const key = b.add(`op-${where}`, schema, op.pointer);
      b.pointParameters(key, op, where);
      exports.set(name, key);
      keys[where] = name;
    }
    for (const mt of op.requestBody?.content ?? []) {
      if (mt.schema === undefined) continue;
      const name = exportName(`${opName}_body_${identifierPart(mt.type, 60, false)}`);
      exports.set(name, b.add('op-body', mt.schema, `${mt.pointer}/schema`, 'request'));
      (keys.body ??= {})[mt.type] = name;
    }
    for (const r of op.responses) {
      for (const mt of r.content) {
        if (mt.schema === undefined) continue;
        const name = exportName(`${opName}_${identifierPart(r.status, 60, false)}_${identifierPart(mt.type, 60, false)}`);
        exports.set(name, b.add('op-response', mt.schema, `${mt.pointer}/schema`, 'response'));
        (keys.responses[r.status] ??= {})[mt.type] = name;
      }
    }
    operationExports.push([op.id, keys]);
  }
  if (model.errorBody) {
    exports.set('errorBody', b.add('error-body', model.errorBody.schema, '/x-specforge-error/schema', 'response'));
  }
  b.throwRefused();
  return { root: { $id: ROOT_ID, $defs: b.defs }, exports, schemaExports, operationExports, warnings: b.warnings, strictness: b.strictness(), defPointers: b.defPointers };
}

/** The plan's strict-mode findings at the contract's locations: errors at the given level, and warnings. */
export function strictReport(model: ContractModel, plan: Pick<ValidatorPlan, 'strictness'>, strict: StrictLevel): StrictReport {
  return strictDiagnostics(plan.strictness, model.loaded, strict);
}

/** Throws the findings the strict level refuses; returns the warnings. */
export function enforceStrictness(model: ContractModel, plan: Pick<ValidatorPlan, 'strictness'>, strict: StrictLevel): Diagnostic[] {
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

/** A compile error of Ajv as a ContractError, located in the contract where Ajv's message says. */
export function compileError(model: ContractModel, err: unknown, plan?: Pick<ValidatorPlan, 'root' | 'defPointers'>): ContractError {
  const message = err instanceof Error ? err.message : String(err);
  const code: ErrorCode = message.startsWith('strict mode:') ? 'SPECFORGE_STRICT_SCHEMA' : 'SPECFORGE_UNSUPPORTED_FEATURE';
  const location = (plan && ajvLocation(model, plan, message)) ?? { file: model.specPath };
  return ContractError.single(code, `a schema cannot be compiled into a validator: ${message}`, location);
}

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
    return standard(fn as ValidateFunction);
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
