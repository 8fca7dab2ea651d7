/**
 * Schemas that Ajv's strict mode refuses although they are valid JSON Schema: a keyword with no
 * applicable `type` (`properties` without `type: object`), a type the context excludes, an unknown
 * or ignored keyword (`then` without `if`), an unconstrained tuple, a property that a pattern of
 * `patternProperties` also matches (https://ajv.js.org/strict-mode.html).
 *
 * The walker finds these itself, in one pass over the schemas the validators compile, so that each
 * one is reported at the contract's own JSON pointer (file, line and column), and it follows Ajv's
 * rules: which keywords exist and which data types each applies to are read from the same Ajv
 * configuration the validators use, and a subschema sees the types its parent narrowed the data to
 * (`allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`), as in Ajv. What is reported depends on the
 * contract's strict level: at `true` everything is an error; at `"schema"` the unknown and ignored
 * keywords are errors and the type and tuple findings warnings; at `false` (the default) everything
 * is a warning and the schema is validated the way JSON Schema defines it.
 */
import { createAjv, type StrictLevel } from '../runtime/validation/ajv.js';
import type { Diagnostic, SourceLocation } from './errors.js';
import { locateJsonPointers } from './json-locate.js';
import { getAtPointer, isRecord, joinPointer, parsePointer } from './pointer.js';
import type { SourceFile } from './source.js';

/** Which of Ajv's strict options refuses it: strictSchema, strictTypes or strictTuples. */
export type StrictKind = 'schema' | 'types' | 'tuples';

export interface StrictIssue {
  /** JSON pointer of the schema (or of its keyword) in the bundled document. */
  pointer: string;
  /** What Ajv's strict mode says, without its location. */
  message: string;
  kind: StrictKind;
}

/** A schema the validators compile, with where it comes from. */
export interface StrictRoot {
  schema: unknown;
  pointer: string;
}

interface KeywordTable {
  /** Every keyword Ajv knows. */
  known: Set<string>;
  /** Keywords that validate something (Ajv's RULES.all). */
  rules: Set<string>;
  /** The data types a keyword applies to (only keywords that apply to some types). */
  types: Map<string, readonly string[]>;
}

let table: KeywordTable | undefined;

/** Ajv's keyword table, from the validators' own Ajv configuration (built once). */
function keywordTable(): KeywordTable {
  if (table) return table;
  const ajv = createAjv({ strict: false });
  const known = new Set(Object.keys(ajv.RULES.keywords));
  const rules = new Set<string>();
  const types = new Map<string, readonly string[]>();
  for (const [keyword, rule] of Object.entries(ajv.RULES.all)) {
    if (!rule) continue;
    rules.add(keyword);
    if (typeof rule === 'object' && rule.definition.type.length > 0) types.set(keyword, [...rule.definition.type]);
  }
  table = { known, rules, types };
  return table;
}

/** Subschemas that see the same data (their context keeps the types the parent narrowed it to). */
const SAME_DATA_ONE = ['not', 'if', 'then', 'else'];
const SAME_DATA_LIST = ['allOf', 'anyOf', 'oneOf'];
const SAME_DATA_MAP = ['dependentSchemas'];
/** Subschemas of another value (a property, an item, a key): their context starts empty. */
const NEW_DATA_ONE = ['additionalProperties', 'items', 'contains', 'unevaluatedProperties', 'unevaluatedItems', 'additionalItems'];
const NEW_DATA_LIST = ['prefixItems', 'items'];
const NEW_DATA_MAP = ['properties', 'patternProperties', '$defs', 'definitions'];

const EMPTY: readonly string[] = [];
const STRING: readonly string[] = ['string'];

function includesType(types: readonly string[], t: string): boolean {
  return types.includes(t) || (t === 'integer' && types.includes('number'));
}

function applies(types: readonly string[], keywordType: string): boolean {
  return types.includes(keywordType) || (keywordType === 'number' && types.includes('integer'));
}

function quoteList(names: readonly string[]): string {
  return names.map((n) => `"${n}"`).join(', ');
}

/**
 * Every strict-mode finding in `roots`, once each (a schema reached twice is reported once).
 * `pointerOf` gives the document pointer of a schema node where the walked tree does not mirror
 * the document (a parameter's schema inside the synthetic schema of all query parameters).
 */
export function findStrictIssues(roots: Iterable<StrictRoot>, pointerOf?: (node: object) => string | undefined): StrictIssue[] {
  const { known, rules, types: keywordTypes } = keywordTable();
  const seen = new Set<object>();
  const issues = new Map<string, StrictIssue>();
  const report = (pointer: string, message: string, kind: StrictKind): void => {
    const key = `${pointer}\0${message}`;
    if (!issues.has(key)) issues.set(key, { pointer, message, kind });
  };

  const walk = (node: unknown, at: string, context: readonly string[]): void => {
    if (!isRecord(node) || seen.has(node)) return;
    seen.add(node);
    const pointer = pointerOf?.(node) ?? at;
    const keys = Object.keys(node);

    // strictSchema: unknown and ignored keywords.
    for (const k of keys) if (!known.has(k)) report(joinPointer(pointer, k), `unknown keyword: "${k}"`, 'schema');
    if (node['if'] !== undefined && node['then'] === undefined && node['else'] === undefined)
      report(joinPointer(pointer, 'if'), '"if" without "then" and "else" is ignored', 'schema');
    for (const k of ['then', 'else'])
      if (node[k] !== undefined && node['if'] === undefined) report(joinPointer(pointer, k), `"${k}" without "if" is ignored`, 'schema');
    if (known.has('additionalItems') && node['additionalItems'] !== undefined && !Array.isArray(node['items'])) {
      report(joinPointer(pointer, 'additionalItems'), '"additionalItems" is ignored when "items" is not an array of schemas', 'schema');
    }
    for (const k of ['minContains', 'maxContains'])
      if (node[k] !== undefined && node['contains'] === undefined) report(joinPointer(pointer, k), `"${k}" without "contains" is ignored`, 'schema');
    if (node['contains'] !== undefined) {
      const min = node['minContains'];
      const max = node['maxContains'];
      if (min === 0 && max === undefined)
        report(joinPointer(pointer, 'minContains'), '"minContains" == 0 without "maxContains": "contains" keyword ignored', 'schema');
      if (typeof min === 'number' && typeof max === 'number' && min > max)
        report(joinPointer(pointer, 'minContains'), '"minContains" > "maxContains" is always invalid', 'schema');
    }
    const props = node['properties'];
    const patterns = node['patternProperties'];
    if (isRecord(props) && isRecord(patterns)) {
      for (const pattern of Object.keys(patterns)) {
        let re: RegExp;
        try {
          re = new RegExp(pattern, 'u');
        } catch {
          continue; // Ajv reports a bad pattern itself, strict or not.
        }
        for (const name of Object.keys(props)) {
          if (re.test(name))
            report(joinPointer(pointer, 'properties', name), `property ${name} matches pattern ${pattern} (use allowMatchingProperties)`, 'schema');
        }
      }
    }

    // strictTuples: prefixItems must fix the length.
    const prefix = node['prefixItems'];
    if (Array.isArray(prefix)) {
      const n = prefix.length;
      if (!(node['minItems'] === n && (node['maxItems'] === n || node['items'] === false))) {
        report(joinPointer(pointer, 'prefixItems'), `"prefixItems" is ${n}-tuple, but minItems or maxItems/items are not specified or different`, 'tuples');
      }
    }

    // strictTypes: the data types this schema allows, and keywords none of them can have.
    let types = context;
    const onlyRef = node['$ref'] !== undefined && !keys.some((k) => k !== '$ref' && rules.has(k));
    if (!onlyRef && keys.some((k) => rules.has(k))) {
      const own =
        typeof node['type'] === 'string' ? [node['type']] : Array.isArray(node['type']) ? node['type'].filter((t): t is string => typeof t === 'string') : [];
      if (own.length > 0) {
        if (context.length === 0) types = own;
        else {
          for (const t of own)
            if (!includesType(context, t)) report(joinPointer(pointer, 'type'), `type "${t}" not allowed by context "${context.join(',')}"`, 'types');
          types = context.flatMap((t) => (includesType(own, t) ? [t] : t === 'number' && own.includes('integer') ? ['integer'] : []));
        }
      }
      const missing = new Map<string, string[]>();
      for (const k of keys) {
        const needs = keywordTypes.get(k);
        if (!needs || needs.some((t) => applies(types, t))) continue;
        const group = needs.join(',');
        const list = missing.get(group);
        if (list) list.push(k);
        else missing.set(group, [k]);
      }
      for (const [group, list] of missing) report(pointer, `missing type "${group}" for keyword${list.length > 1 ? 's' : ''} ${quoteList(list)}`, 'types');
    }

    // Subschemas, in the context Ajv compiles them in.
    for (const k of keys) {
      const v = node[k];
      if (SAME_DATA_ONE.includes(k)) walk(v, joinPointer(pointer, k), types);
      else if (SAME_DATA_LIST.includes(k) && Array.isArray(v)) v.forEach((s, i) => walk(s, joinPointer(pointer, k, i), types));
      else if (SAME_DATA_MAP.includes(k) && isRecord(v)) for (const [name, s] of Object.entries(v)) walk(s, joinPointer(pointer, k, name), types);
      else if (k === 'propertyNames') walk(v, joinPointer(pointer, k), STRING);
      else if (NEW_DATA_LIST.includes(k) && Array.isArray(v)) v.forEach((s, i) => walk(s, joinPointer(pointer, k, i), EMPTY));
      else if (NEW_DATA_ONE.includes(k)) walk(v, joinPointer(pointer, k), EMPTY);
      else if (NEW_DATA_MAP.includes(k) && isRecord(v)) for (const [name, s] of Object.entries(v)) walk(s, joinPointer(pointer, k, name), EMPTY);
    }
  };

  for (const root of roots) walk(root.schema, root.pointer, EMPTY);
  return [...issues.values()];
}

/** Whether the strict level refuses this kind of finding (else it is a warning). */
export function refuses(level: StrictLevel, kind: StrictKind): boolean {
  return level === true || (level === 'schema' && kind === 'schema');
}

/**
 * The pointer of `pointer` in the document as written: a 3.0 `nullable` without `type` becomes
 * `anyOf: [schema, {type: null}]` when normalized, and a cross-field rule adds subschemas, so a
 * walked pointer may name a node the document lacks; then it names the schema it came from.
 */
export function documentPointer(document: unknown, pointer: string): string {
  if (getAtPointer(document, pointer).found) return pointer;
  const withoutWrapper = pointer.replace(/\/anyOf\/0(?=\/|$)/g, '');
  if (withoutWrapper !== pointer && getAtPointer(document, withoutWrapper).found) return withoutWrapper;
  let segments: string[];
  try {
    segments = parsePointer(pointer);
  } catch {
    return '';
  }
  for (let n = segments.length - 1; n > 0; n--) {
    const candidate = joinPointer('', ...segments.slice(0, n));
    if (getAtPointer(document, candidate).found) return candidate;
  }
  return '';
}

export interface StrictReport {
  errors: Diagnostic[];
  warnings: Diagnostic[];
}

/** Where the contract's findings are located: the bundled document, and the file each pointer comes from. */
export interface StrictSource {
  document: unknown;
  origin(pointer: string): { file: SourceFile; pointer: string };
}

/** Line and column of each offset of `text`, in one pass. */
function lineCols(text: string, offsets: readonly number[]): Map<number, { line: number; col: number }> {
  const out = new Map<number, { line: number; col: number }>();
  const sorted = [...new Set(offsets)].sort((a, b) => a - b);
  let line = 1;
  let last = -1;
  let i = 0;
  for (const offset of sorted) {
    for (; i < offset && i < text.length; i++) {
      if (text.charCodeAt(i) === 10) {
        line++;
        last = i;
      }
    }
    out.set(offset, { line, col: offset - last });
  }
  return out;
}

/**
 * The locations of many pointers of the bundled document. A JSON file is scanned once for all of
 * them (a contract of tens of megabytes may have hundreds of findings); a YAML file's own locator
 * parses it once.
 */
export function locateAll(source: StrictSource, pointers: readonly string[]): SourceLocation[] {
  const origins = pointers.map((p) => source.origin(p));
  const byJsonFile = new Map<SourceFile, string[]>();
  for (const o of origins) {
    if (!o.file.path.endsWith('.json')) continue;
    const list = byJsonFile.get(o.file);
    if (list) list.push(o.pointer);
    else byJsonFile.set(o.file, [o.pointer]);
  }
  const located = new Map<SourceFile, { offsets: Map<string, number>; lines: Map<number, { line: number; col: number }> }>();
  for (const [file, list] of byJsonFile) {
    const offsets = locateJsonPointers(file.text, list);
    located.set(file, { offsets, lines: lineCols(file.text, [...offsets.values()]) });
  }
  return origins.map((o) => {
    const json = located.get(o.file);
    const pos = json?.lines.get(json.offsets.get(o.pointer) ?? 0);
    return pos ? { file: o.file.display, line: pos.line, col: pos.col, pointer: o.pointer } : o.file.locate(o.pointer);
  });
}

/**
 * The findings as diagnostics at the contract's own locations: errors where the strict level
 * refuses them, warnings otherwise.
 */
export function strictDiagnostics(issues: readonly StrictIssue[], source: StrictSource, level: StrictLevel): StrictReport {
  const report: StrictReport = { errors: [], warnings: [] };
  const locations = locateAll(
    source,
    issues.map((issue) => documentPointer(source.document, issue.pointer)),
  );
  issues.forEach((issue, i) => {
    const refused = refuses(level, issue.kind);
    const d: Diagnostic = {
      code: 'SPECFORGE_STRICT_SCHEMA',
      severity: refused ? 'error' : 'warning',
      message: refused ? `strict mode: ${issue.message}` : `strict mode: ${issue.message}; validated as JSON Schema defines it`,
      location: locations[i] as SourceLocation,
    };
    if (refused) {
      d.hint =
        issue.kind === 'types'
          ? `add the missing "type", or set strict: false (or "schema") for this contract in specforge.config.yaml`
          : `fix the schema, or set strict: false for this contract in specforge.config.yaml`;
      report.errors.push(d);
    } else report.warnings.push(d);
  });
  return report;
}
