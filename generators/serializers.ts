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
 * An answer whose schema has code of its own at every node (no fallback under it) also gets a byte
 * writer: it writes the JSON as UTF-8 into the runtime's scratch buffer, and one string is made of
 * the bytes (jsonBytes). That is about half the work of joining the text piece by piece, which V8
 * then has to flatten before the write. Property names, an enum's members and an integer's digits
 * are written in place; strings and other numbers by the runtime's helpers. Where the value is not
 * what its schema describes (another type, a lone surrogate), the writer gives up and the string
 * serializer writes the answer.
 *
 * Functions are named by the document pointer of their schema: `s_<name>` for a component schema
 * whose name is a plain word, else a readable tail and a hash of the pointer; a byte writer adds
 * `w` in front, and an answer's entry (bytes, else strings) `t`. Property names reach the code
 * only as string literals (stringLiteral) and as numbers (their UTF-8 bytes), so a hostile name
 * cannot break out of them.
 */
import { createHash } from 'node:crypto';
import type { ContractModel, JsonSchema } from '../src/contract/model.js';
import { docComment, jsonLiteral, propertyKey, stringLiteral } from '../src/codegen/escape.js';
import { isRecord, joinPointer, parsePointer, resolveLocalRef } from '../src/contract/pointer.js';
import { normalizeSchema } from '../src/contract/schema-normalize.js';
import { isJsonMediaType } from '../src/runtime/server/media.js';
import { runtimeEntry, type GeneratedFile, type GeneratorContext } from './context.js';

/** Keywords that make a node's JSON depend on more than its own type, properties and items. */
const COMPOSITE = [
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'patternProperties',
  'dependentSchemas',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  '$dynamicRef',
  '$recursiveRef',
];

/** Keywords beside a `$ref` that do not change what it serializes. */
const ANNOTATIONS = new Set([
  '$ref',
  'description',
  'title',
  'example',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'default',
  '$comment',
  'externalDocs',
  'xml',
]);

/** What a node serializes as: code of its own, or JSON.stringify (`fallback`). */
type Shape =
  | { kind: 'fallback' }
  | { kind: 'ref'; pointer: string; schema: JsonSchema }
  | { kind: 'object'; properties: Array<[string, JsonSchema]>; nullable: boolean }
  | { kind: 'array'; items: JsonSchema; nullable: boolean }
  | { kind: 'string'; nullable: boolean; members: string[] | undefined }
  | { kind: 'number'; nullable: boolean; integer: boolean }
  | { kind: 'boolean'; nullable: boolean };

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

/** The UTF-8 bytes of a text. */
function utf8Bytes(text: string): number[] {
  return [...Buffer.from(text, 'utf8')];
}

/** Statements writing a constant text's UTF-8 bytes into `b` at `p` (room checked by the caller). */
function bytes(text: string): string {
  const all = utf8Bytes(text);
  // Bytes above ASCII: the answer is decoded as UTF-8, not as Latin-1.
  if (all.some((c) => c > 127)) return `__wu(); ${bytesOf(all)}`;
  return bytesOf(all);
}

/** Members of a string enum (or a const) at most this many are written as constants by the byte writers. */
const MAX_MEMBERS = 8;

/**
 * The string members of an enum or const that a byte writer writes as constant bytes (their JSON
 * text at most 64 bytes), or undefined: a value equal to none of them is written as any string is.
 */
function stringMembers(schema: Record<string, unknown>): string[] | undefined {
  const listed = 'const' in schema ? [schema['const']] : Array.isArray(schema['enum']) ? (schema['enum'] as unknown[]) : undefined;
  if (listed === undefined) return undefined;
  const members = [...new Set(listed.filter((m): m is string => typeof m === 'string'))].filter((m) => utf8Bytes(JSON.stringify(m)).length <= 64);
  return members.length === 0 || members.length > MAX_MEMBERS ? undefined : members;
}

/**
 * Statements writing the number `x` (already known to be one): an int32 digit by digit, any other
 * number by the runtime's helper (which checks its own room). Leaves `p` negative only from the helper.
 */
function integerBytes(x: string): string {
  const digits = [10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000].map((limit, i) => `q < ${limit} ? ${i + 1} : `).join('');
  return (
    `if ((${x} | 0) === ${x}) { let q: number = ${x}; if (q < 0) { b[p++] = 45; q = -q; } let e = p + (${digits}10); p = e; ` +
    `do { const r = q % 10; q = (q / 10) | 0; b[--e] = 48 + r; } while (q !== 0); } else p = __wn(b, p, ${x});`
  );
}

/** The last statement of a value of variable length (a helper's or a nested writer's end, or its failure). */
const VARIABLE_END = 'if (p < 0) return p;';

/**
 * Statements writing constant bytes at `p`: four at a time through the writer's DataView `d`
 * (little-endian, so the bytes land in order), then two, then one; a run over 64 bytes in a loop.
 */
function bytesOf(all: number[]): string {
  if (all.length > 64) return `for (const c of [${all.join(', ')}]) b[p++] = c;`;
  const at = (i: number): string => `p${i === 0 ? '' : ` + ${i}`}`;
  const out: string[] = [];
  let i = 0;
  if (all.length >= 4) {
    for (; i + 4 <= all.length; i += 4)
      out.push(`d.setUint32(${at(i)}, ${((all[i] ?? 0) | ((all[i + 1] ?? 0) << 8) | ((all[i + 2] ?? 0) << 16) | ((all[i + 3] ?? 0) << 24)) >>> 0}, true);`);
    if (i + 2 <= all.length) {
      out.push(`d.setUint16(${at(i)}, ${(all[i] ?? 0) | ((all[i + 1] ?? 0) << 8)}, true);`);
      i += 2;
    }
  }
  for (; i < all.length; i++) out.push(`b[${at(i)}] = ${all[i] ?? 0};`);
  return `${out.join(' ')} p += ${all.length};`;
}

/** The statement a byte writer starts with when it writes constants through a DataView (bytesOf). */
const VIEW = '  const d = __wv(b);';

class SerializerBuilder {
  /** Function code by name. */
  readonly functions = new Map<string, string>();
  /** Function names by pointer, for the nodes that have one (set before the body is written: recursion). */
  private readonly names = new Map<string, string>();
  /** Byte writer code by name (see jsonBytes in the runtime). */
  readonly writers = new Map<string, string>();
  /** Byte writer names by pointer. */
  private readonly writerNames = new Map<string, string>();
  /** Whether the node at a pointer has a byte writer: every node under it has code of its own (true while being decided: a cycle). */
  private readonly writableAt = new Map<string, boolean>();

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
    if (type === 'string') return { kind: 'string', nullable, members: stringMembers(schema) };
    if (type === 'boolean') return { kind: 'boolean', nullable };
    if (type === 'number' || type === 'integer') return { kind: 'number', nullable, integer: type === 'integer' };
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
          lines.push(
            `  if (x !== undefined && (t = ${expr}) !== undefined) j += (j.length === 1 ? ${stringLiteral(`${name}:`)} : ${stringLiteral(`,${name}:`)}) + t;`,
          );
        }
        lines.push('  return j + "}";');
      }
    }
    lines.push('}');
    this.functions.set(name, lines.filter((l) => l !== '').join('\n'));
    return name;
  }

  /**
   * Whether the JSON of the node at `schema` can be written as bytes: every node under it has code
   * of its own, none goes through JSON.stringify. A node on a cycle is taken as writable while its
   * cycle is decided; where that guess turns out wrong, the writer that calls it answers NO_FIT for
   * that value (writeValue asks again), so the guess costs speed, never the text.
   */
  writable(schema: JsonSchema, pointer: string, hops = 0): boolean {
    const shape = this.shape(schema);
    if (shape.kind === 'ref') return hops <= 32 && this.writable(shape.schema, shape.pointer, hops + 1);
    if (shape.kind === 'fallback') return false;
    if (shape.kind !== 'object' && shape.kind !== 'array') return true;
    const known = this.writableAt.get(pointer);
    if (known !== undefined) return known;
    this.writableAt.set(pointer, true);
    const ok =
      shape.kind === 'array'
        ? this.writable(shape.items, joinPointer(pointer, 'items'))
        : shape.properties.every(([prop, sub]) => this.writable(sub, joinPointer(pointer, 'properties', prop)));
    this.writableAt.set(pointer, ok);
    return ok;
  }

  /**
   * Statements writing variable `x` (not undefined) as `schema` into `b` at `p`, returning from the
   * writer with NO_FIT or NO_ROOM where they cannot. Inline bytes (true, false, null, an enum
   * member, an int32's digits) fit in the room the caller checked.
   */
  private writeValue(schema: JsonSchema, pointer: string, x: string, hops = 0): string[] {
    const shape = this.shape(schema);
    if (shape.kind === 'ref') return hops > 32 ? ['return -1;'] : this.writeValue(shape.schema, shape.pointer, x, hops + 1);
    if (shape.kind === 'fallback') return ['return -1;'];
    if (shape.kind === 'object' || shape.kind === 'array') {
      if (!this.writable(schema, pointer)) return ['return -1;'];
      return [`p = ${this.writer(shape, pointer)}(b, p, ${x});`, VARIABLE_END];
    }
    const orNull = shape.nullable ? `if (${x} === null) { ${bytes('null')} } else ` : '';
    if (shape.kind === 'boolean') return [`${orNull}if (${x} === true) { ${bytes('true')} } else if (${x} === false) { ${bytes('false')} } else return -1;`];
    if (shape.kind === 'number') {
      // An integer's digits are written in place (a call per number costs more than the digits).
      const write = shape.integer ? `{ ${integerBytes(x)} }` : `p = __wn(b, p, ${x});`;
      return [`${orNull}if (typeof ${x} === "number") ${write} else return -1;`, VARIABLE_END];
    }
    // An enum's members (and a const) are constant bytes; any other string is written as strings are.
    const members = (shape.members ?? []).map((m) => `if (${x} === ${stringLiteral(m)}) { ${bytes(JSON.stringify(m))} } else `).join('');
    return [`${orNull}${members}if (typeof ${x} === "string") p = __ws(b, p, ${x}); else return -1;`, VARIABLE_END];
  }

  /**
   * The most inline bytes (true, false, null, an enum member, an int32's sign and digits) a value
   * of `schema` may write without a room check of its own.
   */
  private inlineRoom(schema: JsonSchema, hops = 0): number {
    const shape = this.shape(schema);
    if (shape.kind === 'ref') return hops > 32 ? 0 : this.inlineRoom(shape.schema, hops + 1);
    if (shape.kind === 'boolean') return 5;
    // An int32: a sign and ten digits.
    if (shape.kind === 'number') return Math.max(shape.nullable ? 4 : 0, shape.integer ? 11 : 0);
    if (shape.kind === 'string') return Math.max(shape.nullable ? 4 : 0, ...(shape.members ?? []).map((m) => utf8Bytes(JSON.stringify(m)).length));
    return 0;
  }

  /** The name of the byte writer of an object or array node, written on first use. */
  private writer(shape: Extract<Shape, { kind: 'object' | 'array' }>, pointer: string): string {
    const known = this.writerNames.get(pointer);
    if (known !== undefined) return known;
    const name = `w${serializerName(pointer)}`;
    this.writerNames.set(pointer, name);
    const lines: string[] = [];
    lines.push(docComment(`Writes the JSON of the schema at ${pointer === '' ? '(root)' : pointer} as bytes.`).trimEnd());
    lines.push(`function ${name}(b: Uint8Array, p: number, v: unknown): number {`);
    if (shape.nullable) lines.push(`  if (v === null) { if (p + 4 > b.length) return -2; ${bytes('null')} return p; }`);
    if (shape.kind === 'array') {
      const room = 1 + this.inlineRoom(shape.items);
      lines.push('  if (!Array.isArray(v)) return -1;');
      lines.push('  const n = v.length;');
      lines.push('  if (p + 2 > b.length) return -2;');
      lines.push('  b[p++] = 91;');
      lines.push('  for (let i = 0; i < n; i++) {');
      lines.push(`    if (p + ${room + 1} > b.length) return -2;`);
      lines.push('    if (i > 0) b[p++] = 44;');
      lines.push('    const x: unknown = v[i];');
      lines.push('    if (x === undefined) return -1;');
      for (const l of this.writeValue(shape.items, joinPointer(pointer, 'items'), 'x')) lines.push(`    ${l}`);
      lines.push('  }');
      lines.push('  if (p + 1 > b.length) return -2;');
      lines.push('  b[p++] = 93;');
      lines.push('  return p;');
    } else {
      lines.push('  if (typeof v !== "object" || v === null || Array.isArray(v) || typeof (v as { toJSON?: unknown }).toJSON === "function") return -1;');
      // Room for every inline byte of this object: braces, commas, names, true, false, null, enum
      // members and int32 digits. A value of variable length (a string, a number, an object, an
      // array) checks room for its own bytes; after it, room is checked again for the inline bytes
      // still to come (rest[i]: those after property i, and the closing brace).
      const sizes = shape.properties.map(([prop, sub]) => 1 + utf8Bytes(`${JSON.stringify(prop)}:`).length + this.inlineRoom(sub));
      const rest: number[] = [];
      let after = 1;
      for (let i = sizes.length - 1; i >= 0; i--) {
        rest[i] = after;
        after += sizes[i] ?? 0;
      }
      lines.push(`  if (p + ${1 + after} > b.length) return -2;`);
      lines.push('  b[p++] = 123;');
      if (shape.properties.length > 0) {
        lines.push('  const o = v as Record<string, unknown>;');
        lines.push('  const s = p;');
        lines.push('  let x: unknown;');
        shape.properties.forEach(([prop, sub], i) => {
          const key = stringLiteral(prop);
          lines.push(prop in Object.prototype ? `  x = Object.hasOwn(o, ${key}) ? o[${key}] : undefined;` : `  x = o[${key}];`);
          lines.push('  if (x !== undefined) {');
          // The first property written has no comma before it.
          lines.push(`    if (p !== s) b[p++] = 44;`);
          lines.push(`    ${bytes(`${JSON.stringify(prop)}:`)}`);
          const value = this.writeValue(sub, joinPointer(pointer, 'properties', prop), 'x');
          for (const l of value) lines.push(`    ${l}`);
          if (value[value.length - 1] === VARIABLE_END) lines.push(`    if (p + ${rest[i] ?? 1} > b.length) return -2;`);
          lines.push('  }');
        });
      }
      lines.push('  b[p++] = 125;');
      lines.push('  return p;');
    }
    lines.push('}');
    // The view is taken right after the function's first line, before any constant is written.
    if (lines.some((l) => l.includes('d.setUint'))) lines.splice(lines.findIndex((l) => l.startsWith('function ')) + 1, 0, VIEW);
    this.writers.set(name, lines.join('\n'));
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
    if (shape.kind === 'object' || shape.kind === 'array') {
      const name = this.function(shape, at);
      if (!this.writable(schema, pointer)) return name;
      // An answer whose JSON is known whole: written as bytes, and by the string serializer where the value is not what its schema says.
      const writer = this.writer(shape, at);
      const top = `t${name}`;
      if (!this.functions.has(top))
        this.functions.set(
          top,
          `${docComment(`Serializes the schema at ${at === '' ? '(root)' : at}: as bytes, else as strings.`)}function ${top}(v: unknown): string {\n  return __wb(${writer}, v) ?? ${name}(v);\n}`,
        );
      return top;
    }
    // A primitive answer: a function that only holds its expression.
    const known = this.names.get(at);
    if (known !== undefined) return known;
    const name = serializerName(at);
    this.names.set(at, name);
    this.functions.set(
      name,
      `${docComment(`Serializes the schema at ${at}.`)}function ${name}(v: unknown): string {\n  return ${this.expression(schema, pointer, 'v')};\n}`,
    );
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
  const functions = [...b.functions.entries(), ...b.writers.entries()].sort(([a], [c]) => (a < c ? -1 : a > c ? 1 : 0)).map(([, text]) => text);
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
  const helpers = [
    uses('__s') ? 'jsonString as __s' : '',
    uses('__j') ? 'jsonFallback as __j' : '',
    uses('__wb') ? 'jsonBytes as __wb' : '',
    uses('__ws') ? 'jsonStringBytes as __ws' : '',
    uses('__wn') ? 'jsonNumberBytes as __wn' : '',
    uses('__wu') ? 'jsonWide as __wu' : '',
    uses('__wv') ? 'jsonView as __wv' : '',
  ].filter((s) => s !== '');
  const imports = helpers.length === 0 ? 'import type { SerializersModule }' : `import { ${helpers.join(', ')}, type SerializersModule }`;
  return { path: 'serializers.ts', content: `${ctx.header('//')}${imports} from ${jsonLiteral(runtime)};\n\n${body}` };
}
