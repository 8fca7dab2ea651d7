/**
 * serializers: JSON serializers compiled from the contract's response schemas, so a generated
 * server writes its answers with code made for their shape instead of JSON.stringify (which V8 runs
 * slowly over small objects). The runtime receives them by operationId, response key and media type.
 *
 * A node gets code of its own when its schema says exactly what JSON it makes: a closed object
 * (`additionalProperties: false`, or `unevaluatedProperties: false` without composition) with
 * `properties`, an array of such items, a string, number, integer or boolean (nullable or not), a
 * `$ref` to one. Any other node (an open object, oneOf/anyOf/allOf, patternProperties, if/then...)
 * goes through JSON.stringify, and so does a value of another type than the schema's at run time.
 *
 * Functions are named by the document pointer of their schema: `s_<name>` for a component schema
 * whose name is a plain word, else a readable tail and a hash of the pointer. Property names reach
 * the code only as string literals (stringLiteral), so a hostile name cannot break out of them.
 */
import { createHash } from 'node:crypto';
import type { ContractModel, JsonSchema } from '../src/contract/model.js';
import { docComment, jsonLiteral, propertyKey, stringLiteral } from '../src/codegen/escape.js';
import { isRecord, joinPointer, parsePointer, resolveLocalRef } from '../src/contract/pointer.js';
import { normalizeSchema } from '../src/contract/schema-normalize.js';
import { isJsonMediaType } from '../src/runtime/server/media.js';
import { runtimeEntry, type GeneratedFile, type GeneratorContext } from './context.js';

/** Keywords that make a node's JSON depend on more than its own type, properties and items. */
const COMPOSITE = ['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'patternProperties', 'dependentSchemas', 'prefixItems', 'additionalItems', 'unevaluatedItems', '$dynamicRef', '$recursiveRef'];

/** Keywords beside a `$ref` that do not change what it serializes. */
const ANNOTATIONS = new Set(['$ref', 'description', 'title', 'example', 'examples', 'deprecated', 'readOnly', 'writeOnly', 'default', '$comment', 'externalDocs', 'xml']);

/** What a node serializes as: code of its own, or JSON.stringify (`fallback`). */
type Shape =
  | { kind: 'fallback' }
  | { kind: 'ref'; pointer: string; schema: JsonSchema }
  | { kind: 'object'; properties: Array<[string, JsonSchema]>; nullable: boolean }
  | { kind: 'array'; items: JsonSchema; nullable: boolean }
  | { kind: 'string' | 'number' | 'boolean'; nullable: boolean };

const FALLBACK: Shape = { kind: 'fallback' };

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 10);
}

/** The name of the function serializing the schema at `pointer`; it depends on the pointer only. */
export function serializerName(pointer: string): string {
  const segments = parsePointer(pointer);
  const last = segments[segments.length - 1] ?? '';
  if (segments.length === 3 && segments[0] === 'components' && segments[1] === 'schemas' && /^[A-Za-z0-9_]+$/.test(last)) return `s_${last}`;
  const tail = segments
    .filter((s) => !['properties', 'items', 'schema', 'content', 'responses', 'paths', 'components', 'schemas'].includes(s))
    .slice(-4)
    .join('_')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .slice(0, 40);
  return `p_${tail}${tail === '' ? '' : '_'}${hash(pointer)}`;
}

class SerializerBuilder {
  /** Function code by name. */
  readonly functions = new Map<string, string>();
  /** Function names by pointer, for the nodes that have one (set before the body is written: recursion). */
  private readonly names = new Map<string, string>();

  constructor(private readonly model: ContractModel) {}

  /** What the node at `schema` serializes as. */
  shape(schema: JsonSchema): Shape {
    if (!isRecord(schema)) return FALLBACK;
    if (COMPOSITE.some((k) => k in schema)) return FALLBACK;
    if (typeof schema['$ref'] === 'string') {
      if (Object.keys(schema).some((k) => !ANNOTATIONS.has(k) && !k.startsWith('x-'))) return FALLBACK;
      const target = resolveLocalRef(this.model.document, schema['$ref']);
      return target === undefined ? FALLBACK : { kind: 'ref', pointer: target.pointer, schema: normalizeSchema(target.value, this.model.version) };
    }
    if ('$ref' in schema) return FALLBACK;
    const declared = schema['type'];
    const types = (Array.isArray(declared) ? declared : declared === undefined ? [] : [declared]).filter((t) => t !== 'null');
    const nullable = Array.isArray(declared) && declared.includes('null');
    if (types.length > 1 || types.some((t) => typeof t !== 'string')) return FALLBACK;
    const type = types[0] ?? (isRecord(schema['properties']) ? 'object' : undefined);
    if (type === 'string' || type === 'boolean') return { kind: type, nullable };
    if (type === 'number' || type === 'integer') return { kind: 'number', nullable };
    if (type === 'object') {
      const properties = schema['properties'] ?? {};
      const additional = schema['additionalProperties'];
      const closed = additional === false || (additional === undefined && schema['unevaluatedProperties'] === false);
      if (!closed || !isRecord(properties)) return FALLBACK;
      return { kind: 'object', properties: Object.entries(properties) as Array<[string, JsonSchema]>, nullable };
    }
    if (type === 'array') {
      const items = schema['items'];
      if (!isRecord(items) || this.resolved(items).kind === 'fallback') return FALLBACK;
      return { kind: 'array', items, nullable };
    }
    return FALLBACK;
  }

  /** The shape a node serializes as after following `$ref`s (a cycle of bare references is a fallback). */
  private resolved(schema: JsonSchema): Shape {
    let shape = this.shape(schema);
    for (let hops = 0; shape.kind === 'ref'; hops++) {
      if (hops > 32) return FALLBACK;
      shape = this.shape(shape.schema);
    }
    return shape;
  }

  /**
   * An expression writing the JSON text of variable `x`, serialized as `schema` (at `pointer`): inline
   * for a primitive, a call for an object or an array, JSON.stringify for anything else.
   */
  expression(schema: JsonSchema, pointer: string, x: string, hops = 0): string {
    const shape = this.shape(schema);
    if (shape.kind === 'ref') return hops > 32 ? `__j(${x})` : this.expression(shape.schema, shape.pointer, x, hops + 1);
    if (shape.kind === 'fallback') return `__j(${x})`;
    if (shape.kind === 'object' || shape.kind === 'array') return `${this.function(shape, pointer)}(${x})`;
    let inner: string;
    if (shape.kind === 'string') inner = `typeof ${x} === "string" ? __s(${x}) : __j(${x})`;
    else if (shape.kind === 'number') inner = `typeof ${x} === "number" ? (Number.isFinite(${x}) ? "" + ${x} : "null") : __j(${x})`;
    else inner = `${x} === true ? "true" : ${x} === false ? "false" : __j(${x})`;
    return shape.nullable ? `(${x} === null ? "null" : ${inner})` : `(${inner})`;
  }

  /** The name of the function for an object or array node, written on first use. */
  private function(shape: Extract<Shape, { kind: 'object' | 'array' }>, pointer: string): string {
    const known = this.names.get(pointer);
    if (known !== undefined) return known;
    const name = serializerName(pointer);
    this.names.set(pointer, name);
    const lines: string[] = [];
    lines.push(docComment(`Serializes the schema at ${pointer === '' ? '(root)' : pointer}.`).trimEnd());
    lines.push(`function ${name}(v: unknown): string {`);
    if (shape.nullable) lines.push('  if (v === null) return "null";');
    if (shape.kind === 'array') {
      lines.push('  if (!Array.isArray(v)) return __j(v);');
      lines.push('  const n = v.length;');
      lines.push('  if (n === 0) return "[]";');
      lines.push('  let x: unknown = v[0];');
      const item = this.expression(shape.items, joinPointer(pointer, 'items'), 'x');
      lines.push(`  let j = "[" + (${item} ?? "null");`);
      lines.push('  for (let i = 1; i < n; i++) {');
      lines.push('    x = v[i];');
      lines.push(`    j += "," + (${item} ?? "null");`);
      lines.push('  }');
      lines.push('  return j + "]";');
    } else {
      lines.push('  if (typeof v !== "object" || v === null || Array.isArray(v) || typeof (v as { toJSON?: unknown }).toJSON === "function") return __j(v);');
      if (shape.properties.length === 0) {
        lines.push('  return "{}";');
      } else {
        lines.push('  const o = v as Record<string, unknown>;');
        lines.push('  let j = "{";');
        lines.push('  let x: unknown;');
        lines.push('  let t: string | undefined;');
        for (const [prop, sub] of shape.properties) {
          const key = stringLiteral(prop);
          // A name Object.prototype also has ("__proto__", "constructor") is read only as an own property.
          lines.push(prop in Object.prototype ? `  x = Object.hasOwn(o, ${key}) ? o[${key}] : undefined;` : `  x = o[${key}];`);
          const expr = this.expression(sub, joinPointer(pointer, 'properties', prop), 'x');
          const name = JSON.stringify(prop);
          // The first property written has no comma before it (j is still "{").
          lines.push(`  if (x !== undefined && (t = ${expr}) !== undefined) j += (j.length === 1 ? ${stringLiteral(`${name}:`)} : ${stringLiteral(`,${name}:`)}) + t;`);
        }
        lines.push('  return j + "}";');
      }
    }
    lines.push('}');
    this.functions.set(name, lines.filter((l) => l !== '').join('\n'));
    return name;
  }

  /** The serializer of a response body: a function name, or undefined when JSON.stringify does it all. */
  top(schema: JsonSchema, pointer: string): string | undefined {
    let shape = this.shape(schema);
    let at = pointer;
    for (let hops = 0; shape.kind === 'ref' && hops <= 32; hops++) {
      at = shape.pointer;
      shape = this.shape(shape.schema);
    }
    if (shape.kind === 'fallback' || shape.kind === 'ref') return undefined;
    if (shape.kind === 'object' || shape.kind === 'array') return this.function(shape, at);
    // A primitive answer: a function that only holds its expression.
    const known = this.names.get(at);
    if (known !== undefined) return known;
    const name = serializerName(at);
    this.names.set(at, name);
    this.functions.set(name, `${docComment(`Serializes the schema at ${at}.`)}function ${name}(v: unknown): string {\n  return ${this.expression(schema, pointer, 'v')};\n}`);
    return name;
  }
}

/** The serializers of a contract's responses: function code (sorted by name) and the table by operation, status and media type. */
export function planSerializers(model: ContractModel): { functions: string[]; table: Array<[string, Array<[string, Array<[string, string]>]>]> } {
  const b = new SerializerBuilder(model);
  const table: Array<[string, Array<[string, Array<[string, string]>]>]> = [];
  for (const op of model.operations) {
    const statuses: Array<[string, Array<[string, string]>]> = [];
    for (const r of op.responses) {
      const types: Array<[string, string]> = [];
      for (const mt of r.content) {
        // Only where the reply stage would JSON.stringify: a JSON type, not a stream of messages.
        if (mt.schema === undefined || mt.stream !== undefined || !isJsonMediaType(mt.type) || mt.type === '*/*') continue;
        const name = b.top(mt.schema, joinPointer(mt.pointer, 'schema'));
        if (name !== undefined) types.push([mt.type, name]);
      }
      if (types.length > 0) statuses.push([r.status, types]);
    }
    if (statuses.length > 0) table.push([op.id, statuses]);
  }
  const functions = [...b.functions.entries()].sort(([a], [c]) => (a < c ? -1 : a > c ? 1 : 0)).map(([, text]) => text);
  return { functions, table };
}

/** The body of serializers.ts after its imports: the functions and the exported table. */
export function serializersSource(model: ContractModel): string {
  const { functions, table } = planSerializers(model);
  const lines: string[] = [];
  for (const f of functions) lines.push(f, '');
  lines.push('/** JSON serializers of the responses, by operationId, response key and media type (absent: JSON.stringify). */');
  lines.push('export const serializers: SerializersModule = {');
  for (const [id, statuses] of table) {
    lines.push(`  ${propertyKey(id)}: {`);
    for (const [status, types] of statuses) {
      lines.push(`    ${propertyKey(status)}: {`);
      for (const [type, name] of types) lines.push(`      ${propertyKey(type)}: ${name},`);
      lines.push('    },');
    }
    lines.push('  },');
  }
  lines.push('};');
  return lines.join('\n') + '\n';
}

/** serializers.ts of the server target. */
export function generateSerializers(model: ContractModel, ctx: GeneratorContext): GeneratedFile {
  const runtime = runtimeEntry(ctx, 'fetch');
  const body = serializersSource(model);
  const uses = (name: string): boolean => new RegExp(`\\b${name}\\(`).test(body);
  const helpers = [uses('__s') ? 'jsonString as __s' : '', uses('__j') ? 'jsonFallback as __j' : ''].filter((s) => s !== '');
  const imports = helpers.length === 0 ? 'import type { SerializersModule }' : `import { ${helpers.join(', ')}, type SerializersModule }`;
  return { path: 'serializers.ts', content: `${ctx.header('//')}${imports} from ${jsonLiteral(runtime)};\n\n${body}` };
}
