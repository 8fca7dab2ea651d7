/**
 * The builder of a validator plan: each schema copied for Ajv (annotations and extensions dropped,
 * $refs pointed into $defs, a variant per direction where readOnly/writeOnly free a required
 * property, patterns made Unicode-safe or refused, rules compiled), operation schemas keyed by
 * content, and the document pointer of every node for strict-mode and compile-error locations.
 */
import type { ContractModel, JsonSchema, OperationModel, ParameterLocation } from '../model.js';
import { normalizeSchema } from '../schema-normalize.js';
import { ContractError, type Diagnostic } from '../errors.js';
import { decodeUriText, escapeSegment, getAtPointer, isRecord, joinPointer, setOwn, unescapeSegment } from '../pointer.js';
import { documentPointer, findStrictIssues, type StrictIssue } from '../strictness.js';
import { narrowAlternatives } from './alternatives.js';
import { shortHash } from '../../codegen/ajv-standalone.js';
import { patternVerdict, unicodePattern, UNSAFE_PATTERN_HINT } from '../pattern.js';
import { formats } from '../../runtime/validation/ajv.js';
import { compileRules } from './validator-rules.js';
import { DATA_KEYWORDS, defRef, DIRECTION_MARKER, type Direction, directionKey, DROPPED } from './validator-defs.js';

export class PlanBuilder {
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
        [
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
        ].includes(k) &&
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
export function parameterSchemaPointer(p: OperationModel['parameters'][number]): string {
  return p.contentType === undefined ? joinPointer(p.pointer, 'schema') : joinPointer(p.pointer, 'content', p.contentType, 'schema');
}
