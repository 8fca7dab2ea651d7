/**
 * Generated JSON serializers (serializers.ts of the server target): for any value, a serializer
 * writes what JSON.stringify writes (the values are built with their properties in declared order,
 * so the texts are equal, not only their parses), a closed object sends only its declared
 * properties, a value of another type than the schema's falls back to JSON.stringify, and the
 * server answers with them (and still with JSON.stringify when given none).
 */
import { once } from 'node:events';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { planSerializers, serializersSource } from '../../generators/serializers.js';
import { buildModel, type ContractModel, type JsonSchema } from '../../src/contract/model.js';
import { isRecord, resolveLocalRef } from '../../src/contract/pointer.js';
import { normalizeSchema } from '../../src/contract/schema-normalize.js';
import { apiSpec } from '../../src/contract/tables/api.js';
import { compileValidators } from '../../src/contract/tables/validators.js';
import {
  jsonBytes,
  jsonFallback,
  jsonNumberBytes,
  jsonString,
  jsonStringBytes,
  jsonView,
  jsonWide,
  type ByteWriter,
  type SerializersModule,
} from '../../src/runtime/server/serialize.js';
import { createRequestListener, type AnyHandler, type HandlerResponse } from '../../src/runtime/server/server.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, 'test', '.tmp', `serializers-${process.pid}`);

/** serializers.ts of a model, transpiled and evaluated with the runtime's helpers: the value of `name` in it (a function, or the table). */
function evaluate(model: ContractModel, name: string, wb: typeof jsonBytes = jsonBytes): unknown {
  const source = serializersSource(model);
  const js = ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
  const body = js.replace(/^export const serializers =/m, 'const serializers =');
  return new Function('__s', '__j', '__wb', '__ws', '__wn', '__wu', '__wv', `${body}\nreturn ${name};`)(
    jsonString,
    jsonFallback,
    wb,
    jsonStringBytes,
    jsonNumberBytes,
    jsonWide,
    jsonView,
  ) as unknown;
}

/** The serializers table of a model's serializers.ts. */
function compile(model: ContractModel, wb: typeof jsonBytes = jsonBytes): SerializersModule {
  return evaluate(model, 'serializers', wb) as SerializersModule;
}

async function modelOf(name: string, yaml: string): Promise<ContractModel> {
  const dir = join(TMP, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'openapi.yaml'), yaml);
  return buildModel(join(dir, 'openapi.yaml'));
}

/** Strings that need escaping, and that do not. */
const HOSTILE_STRINGS = [
  '',
  'plain',
  '"',
  '\\',
  'a"b\\c',
  '\n\r\t\b\f',
  '\u0000\u001f',
  '\u007f',
  '\u2028\u2029',
  '\ud800',
  'a\udc00b',
  '\ud83d\ude00',
  '</script>',
  'x'.repeat(41),
  'x'.repeat(42),
  `${'y'.repeat(60)}"`,
  '${x}`',
];

const stringArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme-ascii', maxLength: 20 }),
);
const numberArb: fc.Arbitrary<number> = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -0, 1e21, 5e-324, Number.NaN, Infinity, -Infinity));

/** Values of no schema's type here: each falls back to JSON.stringify wherever it stands. */
const wrongArb: fc.Arbitrary<unknown> = fc.oneof(
  stringArb,
  numberArb,
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.constant(new Date(0)),
  fc.constant(() => 1),
  fc.constant(Symbol('s')),
  fc.constant({ toJSON: () => ({ z: 1 }) }),
);

/** Sets an own property, "__proto__" included. */
function setOwn(o: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Values for `schema` (valid in shape, strings hostile, numbers not always finite), with objects'
 * properties in declared order; with `wrong`, any node may hold a value of another type.
 */
function valueArb(model: ContractModel, schema: JsonSchema, wrong: boolean, depth = 0): fc.Arbitrary<unknown> {
  const arb = shapeArb(model, schema, wrong, depth);
  return wrong ? fc.oneof({ weight: 5, arbitrary: arb }, { weight: 1, arbitrary: wrongArb }) : arb;
}

function shapeArb(model: ContractModel, schema: JsonSchema, wrong: boolean, depth: number): fc.Arbitrary<unknown> {
  if (!isRecord(schema) || depth > 6) return fc.jsonValue({ maxDepth: 1 });
  if (typeof schema['$ref'] === 'string') {
    const target = resolveLocalRef(model.document, schema['$ref']);
    if (target === undefined) return fc.jsonValue({ maxDepth: 1 });
    return fc.constant(null).chain(() => valueArb(model, normalizeSchema(target.value, model.version), wrong, depth + 1));
  }
  if (['allOf', 'anyOf', 'oneOf'].some((k) => k in schema)) return fc.jsonValue({ maxDepth: 2 });
  const declared = schema['type'];
  const types = Array.isArray(declared) ? declared : declared === undefined ? (isRecord(schema['properties']) ? ['object'] : []) : [declared];
  const options = types.map((t): fc.Arbitrary<unknown> => {
    if (t === 'null') return fc.constant(null);
    if (t === 'string') {
      // An enum's members or a const, and (a value of the wrong kind) any other string.
      const members = 'const' in schema ? [schema['const']] : Array.isArray(schema['enum']) ? (schema['enum'] as unknown[]) : undefined;
      if (members === undefined) return stringArb;
      return wrong ? fc.oneof(fc.constantFrom(...members), stringArb) : fc.constantFrom(...members);
    }
    if (t === 'integer') {
      // The int32 edges (digits written in place) and past them (the number helper), and fractions for the wrong kind.
      const integers = fc.oneof(
        fc.integer(),
        fc.constantFrom(0, -0, 9, 10, 999_999_999, 1e9, 2 ** 31 - 1, 2 ** 31, -(2 ** 31), -(2 ** 31) - 1, 2 ** 53, -(2 ** 53)),
      );
      return wrong ? fc.oneof(integers, numberArb) : integers;
    }
    if (t === 'number') return numberArb;
    if (t === 'boolean') return fc.boolean();
    if (t === 'array') {
      const items = schema['items'];
      return depth > 4
        ? fc.constant([])
        : fc.array(isRecord(items) ? valueArb(model, items, wrong, depth + 1) : fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 });
    }
    if (t === 'object') {
      const properties = isRecord(schema['properties']) ? Object.entries(schema['properties']) : [];
      const required = new Set(Array.isArray(schema['required']) ? (schema['required'] as string[]) : []);
      const parts = properties.map(([name, sub]) =>
        required.has(name) && depth <= 4
          ? valueArb(model, sub as JsonSchema, wrong, depth + 1)
          : fc.option(valueArb(model, sub as JsonSchema, wrong, depth + 1), { nil: undefined, freq: depth > 3 ? 1 : 3 }),
      );
      return fc.tuple(...parts).map((values) => {
        const o: Record<string, unknown> = {};
        properties.forEach(([name], i) => {
          if (values[i] !== undefined || wrong) setOwn(o, name, values[i]);
        });
        return o;
      });
    }
    return fc.jsonValue({ maxDepth: 1 });
  });
  return options.length === 0 ? fc.jsonValue({ maxDepth: 2 }) : fc.oneof(...options);
}

/** Every (operation, status, media type) that has a serializer, with its schema. */
function entries(model: ContractModel, serializers: SerializersModule): Array<{ at: string; schema: JsonSchema; serialize: (v: unknown) => string }> {
  const out: Array<{ at: string; schema: JsonSchema; serialize: (v: unknown) => string }> = [];
  for (const op of model.operations) {
    for (const r of op.responses) {
      for (const mt of r.content) {
        const serialize = serializers[op.id]?.[r.status]?.[mt.type];
        if (serialize !== undefined && mt.schema !== undefined) out.push({ at: `${op.id} ${r.status} ${mt.type}`, schema: mt.schema, serialize });
      }
    }
  }
  return out;
}

beforeAll(() => mkdirSync(TMP, { recursive: true }));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('jsonString', () => {
  it('writes what JSON.stringify writes, for any string', () => {
    for (const s of HOSTILE_STRINGS) expect(jsonString(s)).toBe(JSON.stringify(s));
    fc.assert(
      fc.property(stringArb, (s) => jsonString(s) === JSON.stringify(s)),
      { numRuns: 2000 },
    );
  });
});

describe('byte writers', () => {
  const writeString: ByteWriter = (b, p, v) => jsonStringBytes(b, p, v as string);
  const hasLoneSurrogate = (s: string): boolean => /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);

  it('write a string as JSON.stringify does, UTF-8 encoded; a lone surrogate goes back to the string serializer', () => {
    for (const s of HOSTILE_STRINGS) expect(jsonBytes(writeString, s)).toBe(hasLoneSurrogate(s) ? undefined : JSON.stringify(s));
    const any = fc.oneof(stringArb, fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ unit: 'grapheme', maxLength: 50 }));
    fc.assert(
      fc.property(any, (s) => jsonBytes(writeString, s) === (hasLoneSurrogate(s) ? undefined : JSON.stringify(s))),
      { numRuns: 3000 },
    );
  });

  it('write a short string as JSON.stringify does, whatever character stands at whatever place', () => {
    for (let n = 0; n <= 9; n++) {
      for (let at = 0; at < Math.max(n, 1); at++) {
        for (const odd of ['"', '\\', '\n', '\u001f', '\u007f', 'é', '€', '😀', '~', ' ']) {
          const s =
            n === 0
              ? ''
              : 'abcdefghi'
                  .slice(0, n - 1)
                  .split('')
                  .toSpliced(at, 0, odd)
                  .join('');
          expect(jsonBytes(writeString, s), JSON.stringify(s)).toBe(JSON.stringify(s));
        }
      }
    }
  });

  it('write a number as JSON.stringify does, a non-finite one as null', () => {
    fc.assert(
      fc.property(numberArb, (n) => jsonBytes((b, p, v) => jsonNumberBytes(b, p, v as number), n) === JSON.stringify(n)),
      { numRuns: 2000 },
    );
  });

  it('grow their buffer for a large answer, and leave one over a megabyte to the string serializer', () => {
    const large = 'é'.repeat(100_000) + '"\n';
    expect(jsonBytes(writeString, large)).toBe(JSON.stringify(large));
    expect(jsonBytes(writeString, 'x'.repeat(400_000))).toBeUndefined();
    expect(jsonBytes(writeString, 'small')).toBe('"small"');
  });

  it('take an end past the buffer (bytes the array dropped) as no room: a larger buffer, else the string serializer', async () => {
    // A fresh copy of the module: its scratch buffer at its first size, whatever the tests above grew it to.
    vi.resetModules();
    const fresh = await import('../../src/runtime/server/serialize.js');
    const sizes: number[] = [];
    const overshoot: ByteWriter = (b, p) => {
      sizes.push(b.length);
      if (sizes.length === 1) return b.length + 1;
      b[p] = 49;
      return p + 1;
    };
    expect(fresh.jsonBytes(overshoot, null)).toBe('1');
    expect(sizes).toHaveLength(2);
    expect(sizes[1]).toBeGreaterThan(sizes[0] ?? Infinity);
    expect(fresh.jsonBytes((b) => b.length + 1, null)).toBeUndefined();
  });

  it('leave an answer to the string serializer when a constant written through the DataView would pass the end', () => {
    // Room checked short by one: the typed array would drop the byte, the DataView throws.
    const short: ByteWriter = (b, p) => {
      jsonView(b).setUint32(b.length - 3, 0x6c6c756e, true);
      return p + 4;
    };
    expect(jsonBytes(short, null)).toBeUndefined();
    // Any other error of a writer (a getter's) is the handler's, and is thrown.
    const throwing: ByteWriter = () => {
      throw new TypeError('from a getter');
    };
    expect(() => jsonBytes(throwing, null)).toThrow('from a getter');
    // A writer that fits writes little-endian, so a constant's bytes land in order.
    expect(jsonBytes((b, p) => (jsonView(b).setUint32(p, 0x6c6c756e, true), p + 4), null)).toBe('null');
  });

  it('view each buffer through one DataView of its own bytes, a subarray included', () => {
    const whole = new Uint8Array(16);
    const part = whole.subarray(4, 12);
    expect(jsonView(whole)).toBe(jsonView(whole));
    const view = jsonView(part);
    expect(view.byteOffset).toBe(4);
    expect(view.byteLength).toBe(8);
    view.setUint16(0, 0x4241, true);
    expect([whole[4], whole[5]]).toEqual([0x41, 0x42]);
  });

  it('make their text with TextDecoder where there is no Buffer (a worker runtime), ASCII or not', async () => {
    vi.resetModules();
    const saved = globalThis.Buffer;
    let fresh: typeof import('../../src/runtime/server/serialize.js');
    try {
      // The module picks how bytes become text when it loads (and when its buffer grows).
      Reflect.deleteProperty(globalThis, 'Buffer');
      expect(typeof (globalThis as { Buffer?: unknown }).Buffer).toBe('undefined');
      fresh = await import('../../src/runtime/server/serialize.js');
      const write: ByteWriter = (b, p, v) => fresh.jsonStringBytes(b, p, v as string);
      for (const s of ['plain', 'é ✓ \ud83d\ude00', 'a"b\\c\n', 'x'.repeat(20_000) + 'é']) expect(fresh.jsonBytes(write, s)).toBe(JSON.stringify(s));
    } finally {
      globalThis.Buffer = saved;
    }
  });

  it('give a getter that serializes while an answer is written the string serializer, and keep the answer whole', () => {
    let inner: string | undefined = 'not called';
    const value = {
      get name(): string {
        inner = jsonBytes(writeString, 'inner');
        return 'outer';
      },
    };
    const writeName: ByteWriter = (b, p, v) => jsonStringBytes(b, p, (v as { name: string }).name);
    expect(jsonBytes(writeName, value)).toBe('"outer"');
    expect(inner).toBeUndefined();
    expect(jsonBytes(writeString, 'after')).toBe('"after"');
  });

  it("write a closed answer's JSON as bytes, and fall back to strings for a value of another type", async () => {
    const model = await modelOf('bytes', CRAFTED);
    const results: Array<string | undefined> = [];
    const spy: typeof jsonBytes = (write, value) => {
      const out = jsonBytes(write, value);
      results.push(out);
      return out;
    };
    const tree = compile(model, spy)['getTree']?.['200']?.['application/json'];
    if (tree === undefined) throw new Error('getTree has no serializer');
    const value = { name: 'root ✓', children: [{ name: 'a "leaf"', children: [] }, { name: 'b\tleaf' }] };
    expect(tree(value)).toBe(JSON.stringify(value));
    expect(results).toEqual([JSON.stringify(value)]);
    const odd = { name: 'root', children: [{ name: 7 }, { name: new Date(0), extra: 1 }] };
    expect(tree(odd)).toBe(JSON.stringify({ name: 'root', children: [{ name: 7 }, { name: new Date(0) }] }));
    expect(results[1]).toBeUndefined();
  });
});

describe("the shipped contracts' response serializers", () => {
  const specs = readdirSync(join(ROOT, 'specs')).map((api) => join(ROOT, 'specs', api, 'openapi.yaml'));
  let total = 0;

  for (const spec of specs) {
    it(`write what JSON.stringify writes for values of their schemas, and of wrong types (${spec.slice(ROOT.length + 1)})`, async () => {
      const model = await buildModel(spec);
      const serializers = compile(model);
      for (const { at, schema, serialize } of entries(model, serializers)) {
        total++;
        for (const wrong of [false, true]) {
          fc.assert(
            fc.property(valueArb(model, schema, wrong), (value) => {
              const text = serialize(value);
              expect(text, at).toBe(JSON.stringify(value));
              if (text !== undefined) JSON.parse(text);
            }),
            { numRuns: 15 },
          );
        }
      }
    });
  }

  it('include serializers at all (the properties above are not vacuous)', () => {
    expect(total).toBeGreaterThan(20);
  });
});

const CRAFTED = `openapi: 3.1.0
info: {title: crafted, version: '1'}
paths:
  /items:
    get:
      operationId: listItems
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {type: array, items: {$ref: '#/components/schemas/Item'}}
        default:
          description: error
          content:
            application/problem+json:
              schema: {type: object, properties: {message: {type: string}}}
    post:
      operationId: createItem
      requestBody:
        content:
          application/json:
            schema: {type: object}
      responses:
        '201':
          description: created
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Item'}
            text/plain:
              schema: {type: string}
  /tree:
    get:
      operationId: getTree
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Node'}
  /rows:
    get:
      operationId: listRows
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {type: array, items: {$ref: '#/components/schemas/Row'}}
  /name:
    get:
      operationId: getName
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {type: [string, 'null']}
components:
  schemas:
    Item:
      type: object
      additionalProperties: false
      required: [id]
      properties:
        id: {type: string}
        count: {type: integer}
        price: {type: [number, 'null']}
        done: {type: boolean}
        kind: {type: string, enum: [a, b]}
        tags: {type: array, items: {type: string}}
        meta: {type: object}
        size: {type: object, unevaluatedProperties: false, properties: {w: {type: number}, h: {type: number}}}
        choice: {oneOf: [{type: string}, {type: integer}]}
    Row:
      type: object
      additionalProperties: false
      required: [n, kind]
      properties:
        n: {type: integer}
        maybe: {type: [integer, 'null']}
        kind: {type: string, enum: [a, "say \\"hi\\"", "\\u00e9", "\\u2028", "\\ud800", "</script>", "\\u0000"]}
        state: {type: [string, 'null'], enum: [open, closed, null]}
        version: {type: string, const: v1}
        many: {type: string, enum: [m1, m2, m3, m4, m5, m6, m7, m8, m9]}
        ratio: {type: number}
    Node:
      type: object
      additionalProperties: false
      properties:
        name: {type: string}
        children: {type: array, items: {$ref: '#/components/schemas/Node'}}
`;

describe('crafted schemas', () => {
  let model: ContractModel;
  let serializers: SerializersModule;
  beforeAll(async () => {
    model = await modelOf('crafted', CRAFTED);
    serializers = compile(model);
  });

  it('serialize closed objects, arrays, nullable primitives and recursive references; not open objects or text', () => {
    expect(Object.keys(serializers).sort()).toEqual(['createItem', 'getName', 'getTree', 'listItems', 'listRows']);
    expect(Object.keys(serializers['listItems'] ?? {})).toEqual(['200']);
    expect(Object.keys(serializers['createItem']?.['201'] ?? {})).toEqual(['application/json']);
    // One function per component, named after it: the list's items and the create answer share it.
    expect(serializers['createItem']?.['201']?.['application/json']?.name).toBe('s_Item');
    expect(serializersSource(model).match(/^function s_Item\(/gm)).toHaveLength(1);
  });

  it('write what JSON.stringify writes, for valid values and values of wrong types at any node', () => {
    for (const { at, schema, serialize } of entries(model, serializers)) {
      for (const wrong of [false, true]) {
        fc.assert(
          fc.property(valueArb(model, schema, wrong), (value) => {
            expect(serialize(value), at).toBe(JSON.stringify(value));
          }),
          { numRuns: 300 },
        );
      }
    }
  });

  it('send only the declared properties of a closed object, in declared order', () => {
    const item = serializers['createItem']?.['201']?.['application/json'];
    const value = { secret: 'x', count: 2, id: 'a', meta: { open: true }, size: { h: 1, w: 2, d: 3 } };
    expect(item?.(value)).toBe('{"id":"a","count":2,"meta":{"open":true},"size":{"w":2,"h":1}}');
    expect(JSON.parse(item?.(value) ?? '')).toEqual({ id: 'a', count: 2, meta: { open: true }, size: { w: 2, h: 1 } });
  });

  it('follow JSON.stringify for numbers that are not finite, undefined properties, toJSON and bigint', () => {
    const item = serializers['createItem']?.['201']?.['application/json'];
    const name = serializers['getName']?.['200']?.['application/json'];
    expect(item?.({ id: 'a', count: Number.NaN, price: -Infinity, done: undefined, tags: [undefined, 'x', () => 1] })).toBe(
      '{"id":"a","count":null,"price":null,"tags":[null,"x",null]}',
    );
    expect(item?.({ id: new Date(0) })).toBe(JSON.stringify({ id: new Date(0) }));
    expect(item?.({ toJSON: () => 'replaced', id: 'a' })).toBe('"replaced"');
    expect(name?.(null)).toBe('null');
    expect(name?.(undefined)).toBe(undefined);
    expect(() => item?.({ id: 'a', count: 1n })).toThrow(TypeError);
    expect(() => JSON.stringify({ id: 'a', count: 1n })).toThrow(TypeError);
  });

  it("write an enum's members and a const as constant bytes, and an int32's digits in place, as JSON.stringify does", () => {
    const source = serializersSource(model);
    // Members are compared as string literals; a ninth member is past the limit, and all nine go to the string helper.
    expect(source).toContain('if (x === "say \\"hi\\"") {');
    expect(source).toContain('if (x === "v1") {');
    expect(source).not.toContain('if (x === "m1")');
    expect(source).toMatch(/if \(\(x \| 0\) === x\)/);
    const results: Array<string | undefined> = [];
    const rows = compile(model, (write, value) => {
      const out = jsonBytes(write, value);
      results.push(out);
      return out;
    })['listRows']?.['200']?.['application/json'];
    if (rows === undefined) throw new Error('listRows has no serializer');
    const value = [
      { n: -2147483648, maybe: null, kind: 'say "hi"', state: null, version: 'v1', many: 'm9', ratio: 0.5 },
      { n: 2147483647, maybe: 10, kind: 'é', state: 'open', version: 'v1' },
      { n: -0, maybe: 1e9, kind: '\u2028', state: 'closed' },
      { n: 7, kind: '\u0000' },
      { n: 2 ** 31, maybe: -(2 ** 31) - 1, kind: 'not a member', state: 'other' },
      { n: 1.5, maybe: Number.NaN, kind: '</script>', version: 'v2' },
    ];
    expect(rows(value)).toBe(JSON.stringify(value));
    // Written by the byte writer (a lone surrogate member is written as its escape, not refused).
    expect(results).toEqual([JSON.stringify(value)]);
    expect(rows([{ n: 1, kind: '\ud800' }])).toBe('[{"n":1,"kind":"\\ud800"}]');
    expect(results[1]).toBe('[{"n":1,"kind":"\\ud800"}]');
  });

  it('check room for every inline byte: a buffer short by any amount is refused, never written past', () => {
    const writeRow = evaluate(model, 'ws_Row') as ByteWriter;
    const rows = [
      { n: -2147483648, maybe: -2147483647, kind: 'say "hi"', state: 'closed', version: 'v1', many: 'm1', ratio: -1.5e-7 },
      { n: 1000000000, maybe: null, kind: '\u2028', state: null },
    ];
    for (const row of rows) {
      const text = JSON.stringify(row);
      const length = Buffer.byteLength(text);
      for (let room = 0; room <= length + 1; room++) {
        const b = new Uint8Array(room);
        const end = writeRow(b, 0, row);
        if (end >= 0) expect(Buffer.from(b.subarray(0, end)).toString(), `room ${room}`).toBe(text);
        else expect(end, `room ${room}`).toBe(-2);
      }
      expect(writeRow(new Uint8Array(length + 200), 0, row)).toBe(length);
    }
  });

  it('serialize a recursive schema', () => {
    const tree = serializers['getTree']?.['200']?.['application/json'];
    const value = {
      name: 'root',
      children: [
        { name: 'a', children: [] },
        { name: 'b', children: [{ name: 'c' }] },
      ],
    };
    expect(tree?.({ ...value, extra: 1 })).toBe(JSON.stringify(value));
  });
});

describe('a server with serializers', () => {
  let running: Server;
  let legacy: Server;
  let base: string;
  let legacyBase: string;
  const answers: Record<string, unknown> = {};

  async function listen(server: Server): Promise<string> {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  beforeAll(async () => {
    const model = await modelOf('server', CRAFTED);
    const api = apiSpec(model);
    const validators = compileValidators(model);
    const reply =
      (id: string, status: number, contentType?: string): AnyHandler =>
      () => {
        const r: HandlerResponse = { status, body: answers[id] };
        if (contentType !== undefined) r.contentType = contentType;
        return r;
      };
    const handlers = {
      listItems: reply('listItems', 200),
      createItem: reply('createItem', 201, 'application/json; charset=utf-8'),
      getTree: reply('getTree', 200),
      getName: reply('getName', 200),
    };
    running = createServer(createRequestListener(api, validators, handlers, {}, compile(model)));
    // A server generated before serializers existed calls createRequestListener with four arguments.
    legacy = createServer(createRequestListener(api, validators, handlers, {}));
    base = await listen(running);
    legacyBase = await listen(legacy);
  });

  afterAll(async () => {
    for (const s of [running, legacy]) {
      s.closeAllConnections();
      await new Promise<void>((done) => s.close(() => done()));
    }
  });

  it('answers with the serializer (undeclared properties of closed objects left out); without one, with JSON.stringify', async () => {
    answers['listItems'] = [
      { id: 'a"1', count: 3, internal: 'secret' },
      { id: 'b', tags: ['\u2028'] },
    ];
    const r = await fetch(`${base}/items`);
    expect(r.status).toBe(200);
    expect(await r.text()).toBe('[{"id":"a\\"1","count":3},{"id":"b","tags":["\u2028"]}]');
    const old = await fetch(`${legacyBase}/items`);
    expect(await old.text()).toBe(JSON.stringify(answers['listItems']));
  });

  it("uses the serializer of the declared media type the handler's content type matches", async () => {
    answers['createItem'] = { id: 'c', internal: 1 };
    const r = await fetch(`${base}/items`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(r.status).toBe(201);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await r.text()).toBe('{"id":"c"}');
  });

  it('answers with what the byte writer wrote, its Content-Length the bytes of the UTF-8 text', async () => {
    for (const tree of [
      { name: 'root', children: [{ name: 'leaf' }] },
      { name: 'wurzel ✓ 🌳', children: [{ name: 'blatt "ä"\n' }] },
    ]) {
      answers['getTree'] = tree;
      const r = await fetch(`${base}/tree`);
      const text = JSON.stringify(tree);
      expect(r.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
      expect(await r.text()).toBe(text);
    }
  });

  it('answers a value the serializer cannot write (a bigint) with a 500, as with JSON.stringify', async () => {
    answers['getTree'] = { name: 'x', children: [{ name: 1n }] };
    const r = await fetch(`${base}/tree`);
    expect(r.status).toBe(500);
    const old = await fetch(`${legacyBase}/tree`);
    expect(old.status).toBe(500);
  });

  it('keeps a string answer a JSON string', async () => {
    answers['getName'] = 'a "name"';
    const r = await fetch(`${base}/name`);
    expect(await r.text()).toBe('"a \\"name\\""');
  });
});

describe('planSerializers', () => {
  it('is deterministic and names functions by pointer, never by a counter: more operations leave the others unchanged', async () => {
    const a = planSerializers(await modelOf('plan', CRAFTED));
    expect(planSerializers(await modelOf('plan-again', CRAFTED))).toEqual(a);
    // A string serializer (s_/p_), the byte writer of the same node (w), and an answer's entry that tries bytes first (t).
    for (const f of a.functions)
      expect(f).toMatch(
        /^\/\*\*.*\*\/\nfunction (?:[tw]?(?:s_[A-Za-z0-9_]+|p_[A-Za-z0-9_]*[0-9a-f]{10})\(v: unknown\): string|w(?:s_[A-Za-z0-9_]+|p_[A-Za-z0-9_]*[0-9a-f]{10})\(b: Uint8Array, p: number, v: unknown\): number) \{/,
      );
    expect(a.functions.some((f) => f.startsWith('/**') && /\nfunction w/.test(f))).toBe(true);
    const more = CRAFTED.replace(
      'components:\n',
      `  /first:\n    get:\n      operationId: aFirst\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: {type: array, items: {type: object, additionalProperties: false, properties: {q: {type: string}}}}\ncomponents:\n`,
    );
    const b = planSerializers(await modelOf('plan-more', more));
    // The array and its items: a string serializer and a byte writer each, and the answer's entry.
    expect(b.functions.length).toBe(a.functions.length + 5);
    for (const f of a.functions) expect(b.functions).toContain(f);
  });
});
