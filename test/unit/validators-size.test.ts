/**
 * Figma's generated validators stay small (issue 41) and judge every value exactly as Ajv's
 * in-memory compile of the same plan does: each component schema's and each operation's validator
 * (parameters, bodies, responses), on sampled valid values, on mutations of them (a property
 * removed, replaced by null, a number, a string, an array), and on random values. The errors are
 * compared too (keys, order, values).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSpec } from '../../src/pipeline/generate.js';
import type { ValidateFunction } from '../../src/runtime/validation/standalone.js';
import { sampleSchema, type SampleOptions } from '../../src/runtime/shared/sample.js';
import { shortCalls } from '../../generators/validators.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `validators-size-${process.pid}`);
const FIGMA = join(dirname(createRequire(import.meta.url).resolve('@figma/rest-api-spec/package.json')), 'openapi', 'openapi.yaml');

interface Validators {
  schemaValidators: Record<string, ValidateFunction>;
  operationValidators: Record<string, Record<string, unknown>>;
}

let ahead: Validators;
let memory: Validators;
let code = '';
let doc: Record<string, unknown> = {};

async function generate(out: string, deferUnused: false | 'all'): Promise<Validators> {
  await generateSpec(
    { path: FIGMA, api: 'figma', out: join(TMP, out), targets: ['types', 'validators'], strict: false, deferUnused },
    { cacheDir: join(TMP, 'cache'), force: true },
  );
  return (await import(pathToFileURL(join(TMP, out, 'validators.ts')).href)) as Validators;
}

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  ahead = await generate('ahead', false);
  memory = await generate('memory', 'all');
  code = readFileSync(join(TMP, 'ahead', 'validators.ts'), 'utf8');
  doc = parse(readFileSync(FIGMA, 'utf8')) as Record<string, unknown>;
}, 120_000);

afterAll(() => rmSync(TMP, { recursive: true, force: true }));

function same(a: ValidateFunction, b: ValidateFunction, value: unknown): void {
  const verdict = a(value);
  expect(b(value)).toBe(verdict);
  expect(JSON.stringify(a.errors)).toBe(JSON.stringify(b.errors));
}

/** Every validator of a table, by its path (operations nest by location, media type and status). */
function leaves(table: unknown, path: string, out: Map<string, ValidateFunction>): Map<string, ValidateFunction> {
  if (typeof table === 'function') out.set(path, table as ValidateFunction);
  else if (table !== null && typeof table === 'object') for (const [k, v] of Object.entries(table)) leaves(v, `${path}/${k}`, out);
  return out;
}

function resolveRef(ref: string): Record<string, unknown> | undefined {
  let node: unknown = doc;
  for (const part of ref.replace(/^#\//, '').split('/')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node !== null && typeof node === 'object' ? (node as Record<string, unknown>) : undefined;
}

/** A value and the values one change away from it, at the top and one level down. */
function mutations(value: unknown): unknown[] {
  const out: unknown[] = [value, null, 'x', 1.5, [], {}];
  const swap = (v: unknown): unknown[] => [undefined, null, 'x', 7, -1.5, true, [v], {}];
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record).slice(0, 20)) {
      for (const next of swap(record[key])) {
        const copy: Record<string, unknown> = { ...record };
        if (next === undefined) delete copy[key];
        else copy[key] = next;
        out.push(copy);
      }
      const inner = record[key];
      if (inner !== null && typeof inner === 'object' && !Array.isArray(inner))
        for (const k of Object.keys(inner).slice(0, 6)) out.push({ ...record, [key]: { ...(inner as Record<string, unknown>), [k]: null } });
      if (Array.isArray(inner) && inner.length > 0) out.push({ ...record, [key]: [...inner, 'x'] }, { ...record, [key]: [null] });
    }
    out.push({ ...record, unknownProperty: 1 });
  }
  if (Array.isArray(value)) out.push([...value, null], value.slice(1));
  return out;
}

describe("Figma's generated validators", () => {
  it('are under 600 kB', () => {
    const bytes = Buffer.byteLength(code);
    console.log(`validators.ts: ${(bytes / 1000).toFixed(1)} kB, gzip ${(gzipSync(code).length / 1000).toFixed(1)} kB`);
    expect(bytes).toBeLessThan(600_000);
  });

  it('judge sampled values and their mutations as Ajv in memory, for every schema', () => {
    const schemas = (doc['components'] as { schemas: Record<string, unknown> }).schemas;
    let checked = 0;
    for (const [name, schema] of Object.entries(schemas)) {
      const a = ahead.schemaValidators[name];
      const b = memory.schemaValidators[name];
      expect(a, name).toBeTypeOf('function');
      if (!a || !b) continue;
      for (const seed of [1, 2, 3]) {
        const options: SampleOptions = { resolve: resolveRef, seed, vary: seed > 1, branch: seed - 1, maxDepth: 4 };
        let sample: unknown;
        try {
          sample = sampleSchema(schema as Record<string, unknown>, options);
        } catch {
          continue;
        }
        for (const value of mutations(sample)) {
          same(a, b, value);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(5000);
  }, 120_000);

  it('judge every operation validator as Ajv in memory', () => {
    const left = leaves(ahead.operationValidators, '', new Map());
    const right = leaves(memory.operationValidators, '', new Map());
    expect([...left.keys()]).toEqual([...right.keys()]);
    expect(left.size).toBeGreaterThan(80);
    const schemas = Object.values((doc['components'] as { schemas: Record<string, unknown> }).schemas);
    const samples = schemas.slice(0, 400).map((s, i) => {
      try {
        return sampleSchema(s as Record<string, unknown>, { resolve: resolveRef, seed: i, maxDepth: 3 });
      } catch {
        return null;
      }
    });
    for (const [path, a] of left) {
      const b = right.get(path) as ValidateFunction;
      for (const value of [undefined, null, {}, [], 'x', 3, { id: 'a' }, { file_key: 'k', ids: '1:2' }, ...samples]) same(a, b, value);
    }
  }, 120_000);

  it('judge random values as Ajv in memory', () => {
    const spec = readFileSync(FIGMA, 'utf8');
    const keys = [...new Set([...spec.matchAll(/^ {10,}([A-Za-z_]\w*):$/gm)].map((m) => m[1] as string))].slice(0, 300);
    const words = [...new Set([...spec.matchAll(/^ {10,}- ([A-Z][A-Z_]+)$/gm)].map((m) => m[1] as string))].slice(0, 200);
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constantFrom(...words, 'a', '#fff'),
        fc.oneof(fc.integer({ min: -3, max: 120 }), fc.double({ noNaN: true, min: -1, max: 200 })),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(fc.constantFrom(...keys), tie('value'), { maxKeys: 6 }),
      ),
    }));
    const names = [
      'Node',
      'SubcanvasNode',
      'FrameNode',
      'TextNode',
      'Paint',
      'Effect',
      'Comment',
      'Trigger',
      'Action',
      'ActivityLog',
      'TypeStyle',
      'LocalVariable',
    ];
    for (const name of names) {
      const a = ahead.schemaValidators[name] as ValidateFunction;
      const b = memory.schemaValidators[name] as ValidateFunction;
      const node = fc
        .record({ type: fc.constantFrom(...words), id: fc.string({ maxLength: 3 }) })
        .chain((head) => fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 10 }).map((rest) => ({ ...rest, ...head })));
      fc.assert(
        fc.property(fc.oneof(node, value), (v) => same(a, b, v)),
        { numRuns: 200, seed: 41 },
      );
    }
  }, 120_000);

  it('call validators through callRef only outside string literals', () => {
    const call = 'v_A_12ab(data0, {instancePath:instancePath+"/x\\"y",parentData:data,parentDataProperty:"x\\"y",rootData,dynamicAnchors})';
    expect(shortCalls(`if(!(${call})){}`)).toBe('if(!(__ref(v_A_12ab, data0, instancePath+"/x\\"y", data, "x\\"y", rootData, dynamicAnchors))){}');
    const quoted = `const s = ${JSON.stringify(call)};`;
    expect(shortCalls(quoted)).toBe(quoted);
    const passed = 'v_B_34cd(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors})';
    expect(shortCalls(passed)).toBe('__ref(v_B_34cd, data, instancePath, parentData, parentDataProperty, rootData, dynamicAnchors)');
    expect(shortCalls(`x$${passed}`)).toBe(`x$${passed}`);
  });

  it('track what a function evaluated where a schema uses unevaluatedProperties', async () => {
    const spec = {
      openapi: '3.1.0',
      info: { title: 'unevaluated', version: '1' },
      paths: {},
      components: {
        schemas: {
          Base: { type: 'object', properties: { id: { type: 'string' } } },
          Closed: { allOf: [{ $ref: '#/components/schemas/Base' }], properties: { name: { type: 'string' } }, unevaluatedProperties: false },
        },
      },
    };
    mkdirSync(join(TMP, 'unevaluated'), { recursive: true });
    writeFileSync(join(TMP, 'unevaluated', 'openapi.json'), JSON.stringify(spec));
    const load = async (out: string, deferUnused: false | 'all'): Promise<Validators> => {
      await generateSpec(
        {
          path: join(TMP, 'unevaluated', 'openapi.json'),
          api: 'unevaluated',
          out: join(TMP, out),
          targets: ['types', 'validators'],
          strict: false,
          deferUnused,
        },
        { cacheDir: join(TMP, 'cache'), force: true },
      );
      return (await import(pathToFileURL(join(TMP, out, 'validators.ts')).href)) as Validators;
    };
    const a = (await load('uneval-ahead', false)).schemaValidators['Closed'] as ValidateFunction;
    const b = (await load('uneval-memory', 'all')).schemaValidators['Closed'] as ValidateFunction;
    expect(a({ id: 'a', name: 'b' })).toBe(true);
    expect(a({ id: 'a', other: 1 })).toBe(false);
    for (const value of [{ id: 'a', name: 'b' }, { id: 'a', other: 1 }, { id: 3 }, {}, null]) same(a, b, value);
  }, 60_000);
});
